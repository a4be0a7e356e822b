"""The ``kiln`` command line: ``kiln demo``, ``kiln bench [SUITE]``, ``kiln fuzz`` and
``kiln sanitize-env``."""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

DEFAULT_RESULTS_DIR = Path("bench-results")


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


def _add_common(p: argparse.ArgumentParser, repeat: int) -> None:
    p.add_argument(
        "--repeat", type=_positive_int, default=repeat, help=f"timed runs per version (default {repeat})"
    )
    p.add_argument("--quick", action="store_true", help="tiny problem sizes: checks every path in seconds")
    p.add_argument("--parallel", action="store_true", help="compile with kiln.jit(parallel=True)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kiln", description="kiln: compile NumPy-style Python to native code."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="compile example kernels, check them against NumPy, time them")
    _add_common(demo, repeat=3)
    demo.set_defaults(handler=cmd_demo)

    bench = sub.add_parser("bench", help="run a benchmark suite side by side with NumPy (and Numba)")
    bench.add_argument("suite_arg", nargs="?", metavar="SUITE", help="suite to run (default core)")
    bench.add_argument("--suite", help="suite to run (same as SUITE)")
    _add_common(bench, repeat=5)
    bench.add_argument("--json", type=Path, help="where to write results (default bench-results/SUITE.json)")
    bench.add_argument(
        "--filter",
        action="append",
        default=[],
        metavar="NAME",
        help="only benchmarks whose name contains NAME",
    )
    bench.add_argument("--no-numba", action="store_true", help="leave Numba out even when it is installed")
    bench.add_argument("--no-plot", action="store_true", help="do not draw the PNG plot")
    bench.add_argument("--list", action="store_true", help="list the suites and the suite's benchmarks")
    npbench = bench.add_argument_group("npbench and compile suites (an NPBench checkout)")
    npbench.add_argument("--npbench-dir", type=Path, help="an NPBench checkout (github.com/spcl/npbench)")
    npbench.add_argument("--preset", default="S", help="NPBench data size: S, M, L or paper (default S)")
    npbench.add_argument("--bench", help="comma-separated NPBench benchmark names (default all)")
    npbench.add_argument("--threads", type=_positive_int, help="OpenMP threads for kiln (OMP_NUM_THREADS)")
    npbench.add_argument(
        "--scaling",
        action="store_true",
        help="time kiln with parallel=True at 1 and at --threads (default 2) threads, interleaved",
    )
    npbench.add_argument(
        "--timeout", type=float, default=600.0, help="seconds per NPBench benchmark (default 600)"
    )
    npbench.add_argument(
        "--target",
        choices=("cpu", "cuda"),
        default="cpu",
        help="npbench suite: cuda runs kiln.jit(target='cuda') on the GPU against NumPy and "
        "NPBench's CuPy versions (kiln.bench.npbench_gpu)",
    )
    npbench.add_argument(
        "--warm-compiler",
        action="store_true",
        help="compile suite: each kernel's cache starts with the compiler probe and the prelude's "
        "precompiled header (as after kiln's first use on a machine), not empty",
    )
    bench.set_defaults(handler=cmd_bench)

    fuzz = sub.add_parser("fuzz", help="differential fuzzing: random programs, kiln against NumPy")
    fuzz.add_argument("--n", type=_positive_int, default=200, help="how many programs (default 200)")
    fuzz.add_argument("--seed", type=int, default=0, help="the first program's seed (default 0)")
    fuzz.add_argument("--keep", type=Path, help="keep each program's source file in this folder")
    fuzz.add_argument(
        "--derivatives",
        action="store_true",
        help="differentiable programs: kiln.grad and kiln.jvp against finite differences",
    )
    fuzz.set_defaults(handler=cmd_fuzz)

    sanitize = sub.add_parser(
        "sanitize-env", help='print the exports that start Python under the sanitizers (eval "$(...)")'
    )
    sanitize.set_defaults(handler=cmd_sanitize_env)
    return parser


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Exit status 1 when any program gave a wrong result, crashed or hung."""
    from kiln.fuzz.run import report, run_campaign

    mode = "derivatives" if args.derivatives else "numpy"
    outcomes = run_campaign(args.n, args.seed, args.keep, _progress, mode)
    print(report(outcomes, mode))
    return int(any(o.status in ("wrong", "crash", "hang") for o in outcomes))


def cmd_sanitize_env(args: argparse.Namespace) -> int:
    """Print the shell lines that start Python ready for ``KILN_SANITIZE=address,undefined``.

    AddressSanitizer's runtime must be in the process before Python's own libraries, which only
    LD_PRELOAD at start achieves; it must be the runtime of the compiler kiln builds with; and
    CPython's allocations still alive at exit would read as leaks."""
    from kiln.errors import ToolchainError
    from kiln.options import Options
    from kiln.runtime.toolchain import resolve_cc

    try:
        cc = resolve_cc(Options().cc)
    except ToolchainError as exc:
        print(f"kiln: {exc}", file=sys.stderr)
        return 1
    runtime = _asan_runtime(cc)
    if runtime is None:
        hint = "on Debian: apt-get install libasan8, or set KILN_CC to a gcc that has it"
        print(f"kiln: {cc} has no AddressSanitizer runtime (libasan.so); {hint}", file=sys.stderr)
        return 1
    print(f"export LD_PRELOAD={shlex.quote(runtime)}")
    print("export ASAN_OPTIONS=detect_leaks=0")
    print("export KILN_SANITIZE=address,undefined")
    return 0


def _asan_runtime(cc: str) -> str | None:
    from kiln.runtime.toolchain import compiler_env

    try:
        asked = [cc, "-print-file-name=libasan.so"]
        found = subprocess.run(asked, capture_output=True, text=True, timeout=60, env=compiler_env()).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    # A compiler without the library answers with the bare name it was asked for.
    found = found.strip()
    return found if os.path.isabs(found) and os.path.exists(found) else None


def cmd_demo(args: argparse.Namespace) -> int:
    from kiln.bench.demo import demo_report, run_demo
    from kiln.bench.results import FAIL, RunConfig

    cfg = RunConfig(repeat=args.repeat, quick=args.quick, numba=False, parallel=args.parallel)
    results = run_demo(cfg, _progress)
    print(demo_report(results, cfg))
    return 1 if any(r.status == FAIL for r in results) else 0


def _suite_name(args: argparse.Namespace) -> str:
    if args.suite and args.suite_arg and args.suite != args.suite_arg:
        raise ValueError(f"two different suites given: {args.suite_arg} and --suite {args.suite}")
    return args.suite or args.suite_arg or "core"


def cmd_bench(args: argparse.Namespace) -> int:
    from kiln.bench.impls import numba_module
    from kiln.bench.registry import get_suite, suite_names
    from kiln.bench.report import bench_report, write_json, write_plot
    from kiln.bench.results import FAIL, RunConfig
    from kiln.bench.runner import payload, run_benchmarks, select

    try:
        name = _suite_name(args)
    except ValueError as exc:
        print(f"kiln bench: {exc}", file=sys.stderr)
        return 2
    if name == "npbench":
        return cmd_bench_npbench(args)
    if name == "compile":
        return cmd_bench_compile(args)
    if name == "gpu":
        from kiln.bench.gpu import main as bench_gpu

        return bench_gpu(repeat=args.repeat, json_path=args.json, names=args.filter)
    try:
        suite = get_suite(_suite_name(args))
    except ValueError as exc:
        print(f"kiln bench: {exc}", file=sys.stderr)
        return 2
    benchmarks = select(suite.build(), args.filter)
    if args.list:
        print(f"suites: {', '.join(suite_names())}\n{suite.name}: {suite.description}")
        print("\n".join(f"  {b.name}  ({b.section})" for b in benchmarks))
        return 0
    if not benchmarks:
        print(f"kiln bench: no benchmark in {suite.name} matches {args.filter}", file=sys.stderr)
        return 2
    cfg = RunConfig(repeat=args.repeat, quick=args.quick, numba=not args.no_numba, parallel=args.parallel)
    results = run_benchmarks(benchmarks, cfg, _progress)
    print(bench_report(results, numba=cfg.numba and numba_module() is not None))
    json_path = args.json or DEFAULT_RESULTS_DIR / f"{suite.name}.json"
    print(f"\nwrote {write_json(json_path, payload(suite, cfg, args.filter, results))}")
    plot = (
        None
        if args.no_plot
        else write_plot(json_path.with_suffix(".png"), results, f"kiln bench {suite.name}")
    )
    if plot is not None:
        print(f"wrote {plot}")
    return 1 if any(r.status == FAIL for r in results) else 0


def _npbench_selection(args: argparse.Namespace, command: str) -> tuple[Path, list[str]] | int:
    """The NPBench checkout and benchmark names the arguments choose, or an exit code (after
    printing the names for ``--list``, or saying what is wrong)."""
    from kiln.bench import npbench

    if args.npbench_dir is None:
        print(f"kiln bench {command}: --npbench-dir PATH (an NPBench checkout) is required", file=sys.stderr)
        return 2
    if args.preset not in npbench.PRESETS:
        print(
            f"kiln bench {command}: unknown preset {args.preset}; use {', '.join(npbench.PRESETS)}",
            file=sys.stderr,
        )
        return 2
    npbench_dir = args.npbench_dir.resolve()
    try:
        names = npbench.benchmark_names(npbench_dir)
    except ValueError as exc:
        print(f"kiln bench {command}: {exc}", file=sys.stderr)
        return 2
    if args.bench:
        wanted = [b.strip() for b in args.bench.split(",") if b.strip()]
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            print(f"kiln bench {command}: unknown benchmarks {', '.join(unknown)}", file=sys.stderr)
            return 2
        names = wanted
    names = [n for n in names if not args.filter or any(f in n for f in args.filter)]
    if args.list:
        print("\n".join(names))
        return 0
    return npbench_dir, names


def cmd_bench_compile(args: argparse.Namespace) -> int:
    from kiln.bench import compile_profile
    from kiln.bench.report import write_json

    chosen = _npbench_selection(args, "compile")
    if isinstance(chosen, int):
        return chosen
    npbench_dir, names = chosen
    rows = compile_profile.run_compile_profile(
        npbench_dir, names, args.preset, args.parallel, args.timeout, _progress, args.warm_compiler
    )
    md = compile_profile.markdown(rows, args.preset, args.warm_compiler)
    print("\n" + md)
    json_path = args.json or DEFAULT_RESULTS_DIR / f"compile-{args.preset}.json"
    payload = {
        "suite": "compile", "preset": args.preset, "parallel": args.parallel,
        "warm_compiler": args.warm_compiler, "rows": rows,
    }  # fmt: skip
    print(f"wrote {write_json(json_path, payload)}")
    json_path.with_suffix(".md").write_text(md)
    return 0 if all(r.get("status") == "ok" for r in rows) else 1


def cmd_bench_npbench(args: argparse.Namespace) -> int:
    from kiln.bench import npbench

    chosen = _npbench_selection(args, "npbench")
    if isinstance(chosen, int):
        return chosen
    npbench_dir, names = chosen
    if args.target == "cuda":
        from kiln.bench import npbench_gpu

        argv = ["--repeat", str(args.repeat), "--timeout", str(args.timeout), str(npbench_dir), args.preset]
        if args.json:
            argv[:0] = ["--json", str(args.json)]
        return npbench_gpu.main([*argv, *names])
    scaling = (args.threads or 2) if args.scaling else 0
    rows = npbench.run_npbench(
        npbench_dir,
        names,
        args.preset,
        args.repeat,
        args.timeout,
        args.parallel or bool(scaling),
        _progress,
        None if scaling else args.threads,
        scaling,
    )
    print(npbench.scaling_report(rows, args.preset) if scaling else npbench.report(rows, args.preset))
    json_path = args.json or DEFAULT_RESULTS_DIR / f"npbench-{args.preset}.json"
    payload = {
        "suite": "npbench",
        "preset": args.preset,
        "repeat": args.repeat,
        "parallel": args.parallel,
        "threads": args.threads,
        "environment": npbench.environment(),
        "geomean_speedup": npbench.geomean_speedup(rows),
        "rows": rows,
    }
    if scaling:
        counted = npbench.scaling_kernels(rows)
        present = [r for r in counted if npbench.cores_present(r)]
        payload.update(
            parallel=True,
            threads=scaling,
            scaling=True,
            median_scaling=npbench.median_scaling(rows),
            scaling_kernels=[r["name"] for r in counted],
            cores_present_kernels=[r["name"] for r in present],
            median_scaling_cores_present=npbench.median_scaling(present),
            median_scaling_all_rounds=npbench.median_scaling_all_rounds(rows),
            median_scaling_first_calls=npbench.median_scaling_first_calls(rows),
        )
    from kiln.bench.report import write_json

    print(f"\nwrote {write_json(json_path, payload)}")
    md_path = json_path.with_suffix(".md")
    md = npbench.scaling_markdown if scaling else npbench.markdown
    md_path.write_text(md(rows, args.preset))
    print(f"wrote {md_path}")
    if not args.no_plot:
        title = f"kiln vs NumPy on NPBench, preset {args.preset}"
        plot = npbench.write_plot(json_path.with_suffix(".png"), rows, title)
        if plot is not None:
            print(f"wrote {plot}")
    return 0 if all(r["status"] == "ok" for r in rows) else 1


def _tolerate_narrow_stdout() -> None:
    # Tables use "µs"; a terminal or pipe in ASCII must show '?' rather than crash the run.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _tolerate_narrow_stdout()
    return int(args.handler(args))
