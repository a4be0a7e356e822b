"""One NPBench benchmark in its own process: build the data, run NumPy and kiln, validate, time.

``python -m kiln.bench.npbench_child NPBENCH_DIR NAME PRESET REPEAT [parallel | scaling N]`` prints one JSON
line starting with ``RESULT_MARK``. The parent (``kiln.bench.npbench``) runs each benchmark this way
so that a crash or a hang costs one row, not the run.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import sys
import time
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from kiln.bench.timing import timed_call

RESULT_MARK = "KILN-NPBENCH-RESULT "


def load_info(npbench_dir: Path, name: str) -> dict[str, Any]:
    with open(npbench_dir / "bench_info" / f"{name}.json") as f:
        return json.load(f)["benchmark"]


def _import_file(path: Path, module_name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def benchmark_folder(npbench_dir: Path, info: dict[str, Any]) -> Path:
    return npbench_dir / "npbench" / "benchmarks" / info["relative_path"]


def build_data(npbench_dir: Path, info: dict[str, Any], preset: str) -> dict[str, Any]:
    """The benchmark's inputs, made the way NPBench makes them: parameters, then its initializer."""
    if preset not in info["parameters"]:
        raise ValueError(f"{info['short_name']} has no preset {preset}")
    data: dict[str, Any] = dict(info["parameters"][preset])
    init = info.get("init")
    if init:
        folder = benchmark_folder(npbench_dir, info)
        module = _import_file(folder / f"{info['module_name']}.py", f"npbench_init_{info['module_name']}")
        outputs = getattr(module, init["func_name"])(*(data[a] for a in init["input_args"]))
        names = init["output_args"]
        if len(names) == 1:
            outputs = (outputs,)
        data.update(zip(names, outputs))
    return data


def load_kernel(npbench_dir: Path, info: dict[str, Any]) -> Any:
    folder = benchmark_folder(npbench_dir, info)
    module = _import_file(folder / f"{info['module_name']}_numpy.py", f"npbench_numpy_{info['module_name']}")
    return getattr(module, info["func_name"])


def _copy(args: list[Any]) -> list[Any]:
    return [a.copy(order="K") if isinstance(a, np.ndarray) else a for a in args]


def _outputs(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (tuple, list)) else [value]


def _mismatch(ref: Any, got: Any, rtol: float, atol: float, norm_error: float) -> str | None:
    """NPBench's criterion (allclose, else relative 2-norm error), plus equal dtype and shape."""
    r, g = np.asarray(ref), np.asarray(got)
    if r.dtype != g.dtype:
        return f"dtype {g.dtype}, expected {r.dtype}"
    if r.shape != g.shape:
        return f"shape {g.shape}, expected {r.shape}"
    if r.dtype.kind in "biu" or r.dtype == object:
        return None if np.array_equal(r, g) else "values differ"
    if np.allclose(r, g, rtol=rtol, atol=atol, equal_nan=True):
        return None
    denom = np.linalg.norm(r)
    err = np.linalg.norm(r - g) / denom if denom else np.inf
    return None if err < norm_error else f"relative error {err:.3g}"


def validate(info: dict[str, Any], ref_out: Any, ref_args: list[Any], out: Any, args: list[Any]) -> list[str]:
    """Problems with kiln's outputs: every returned value and every array argument after the call."""
    rtol, atol = info.get("rtol", 1e-5), info.get("atol", 1e-8)
    norm_error = info.get("norm_error", 1e-5)
    problems = []
    expected, got = _outputs(ref_out), _outputs(out)
    if len(expected) != len(got):
        return [f"returned {len(got)} values, expected {len(expected)}"]
    for i, (e, g) in enumerate(zip(expected, got)):
        if (m := _mismatch(e, g, rtol, atol, norm_error)) is not None:
            problems.append(f"output {i}: {m}")
    for name, e, g in zip(info["input_args"], ref_args, args):
        if isinstance(e, np.ndarray) and (m := _mismatch(e, g, rtol, atol, norm_error)) is not None:
            problems.append(f"argument {name}: {m}")
    return problems


def _next_up(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "c":  # each part of a complex number moves (np.nextafter takes reals only)
        up = np.empty_like(a)
        up.real, up.imag = np.nextafter(a.real, np.inf), np.nextafter(a.imag, np.inf)
        return up
    return np.nextafter(a, np.inf)


def one_ulp_up(args: list[Any]) -> list[Any]:
    """The arguments with every floating-point array element (both parts of a complex one) moved
    to its next value up."""
    return [_next_up(a) if isinstance(a, np.ndarray) and a.dtype.kind in "fc" else a for a in _copy(args)]


def conditioning_note(
    info: dict[str, Any], kernel: Any, args: list[Any], ref_out: Any, ref_args: list[Any]
) -> str:
    """Why a kiln result that failed validation may not be wrong: where NumPy's own result fails
    the same check once its float inputs move by one ulp, the problem amplifies rounding beyond
    the tolerance (a chaotic simulation run long enough), and no change of summation order can
    pass. Empty where NumPy passes its own check, and where NumPy fails on the moved inputs (the
    row is still INVALID, with kiln's own error)."""
    moved = one_ulp_up(args)
    try:
        own = validate(info, ref_out, ref_args, kernel(*moved), moved)
    except Exception:  # noqa: BLE001 - a diagnostic: it must not turn the row into a crash
        return ""
    if not own:
        return ""
    return f" (ill-conditioned: NumPy itself, with its float inputs one ulp up, gives {own[0]})"


def _median(xs: list[float]) -> float:
    return float(np.median(xs))


def run(
    npbench_dir: Path, name: str, preset: str, repeat: int, parallel: bool, scaling: int = 0
) -> dict[str, Any]:
    """With ``scaling`` (a thread count; implies ``parallel``) kiln is timed at 1 thread and at
    ``scaling`` threads, interleaved, instead of once at the default count."""
    import kiln

    parallel = parallel or bool(scaling)

    info = load_info(npbench_dir, name)
    row: dict[str, Any] = {"name": name, "preset": preset, "status": "FAIL"}
    data = build_data(npbench_dir, info, preset)
    kernel = load_kernel(npbench_dir, info)
    args = [data[a] for a in info["input_args"]]
    ref_args = _copy(args)
    ref_out, _ = timed_call(kernel, ref_args)
    compiled = kiln.jit(kernel, parallel=parallel)
    kiln_args = _copy(args)
    start = time.perf_counter()
    try:
        out = compiled(*kiln_args)
    except kiln.UnsupportedError as exc:
        row.update(status="UNSUPPORTED", error=str(exc))
        return row
    row["first_call_s"] = time.perf_counter() - start
    kiln.wait_for_optimized()  # a quick tier's first call is timed above; the rest time the final one
    problems = validate(info, ref_out, ref_args, out, kiln_args)
    if problems:
        row.update(
            status="INVALID",
            error="; ".join(problems[:4]) + conditioning_note(info, kernel, args, ref_out, ref_args),
        )
        return row
    # the busy-waiting kiln chose when its first module loaded (kiln.runtime.loader)
    row["omp_spin"] = os.environ.get("GOMP_SPINCOUNT")
    if scaling:
        row.update(status="ok", **_scaling(kernel, compiled, args, repeat, scaling))
        return row
    numpy_times, kiln_times = [], []
    for _ in range(repeat):  # interleaved, so drift in the machine hits both columns alike
        numpy_times.append(timed_call(kernel, _copy(args))[1])
        kiln_times.append(timed_call(compiled, _copy(args))[1])
    row.update(
        status="ok",
        numpy_s=_median(numpy_times),
        kiln_s=_median(kiln_times),
        numpy_samples=numpy_times,
        kiln_samples=kiln_times,
    )
    return row


# Rounds a kernel may take in all, as a multiple of ``repeat``, to find ``repeat`` rounds with the
# cores there; and the time the extra rounds may take, as a multiple of the first ``repeat``'s.
RETAKE_LIMIT = 3
RETAKE_TIME = 1.0
# Seconds of kiln's calls at a thread count before the one a round times at that count. After
# NumPy's call (tens of ms, mostly on one thread) the second core of this virtual machine runs
# the next 1-2 ms of two-thread work slowly: syrk at M (0.4 ms a two-thread call) gave 1.12x
# from its first calls after NumPy's and 1.96x after 3 ms of calls, its one-thread time the same.
# NPBench itself times back-to-back calls of one framework.
WARM_S = 0.005


def _scaling(kernel: Any, compiled: Any, args: list[Any], repeat: int, threads: int) -> dict[str, Any]:
    """NumPy, kiln at 1 thread and kiln at ``threads`` threads, one call each per round. The
    thread count covers the BLAS kiln calls as well (``kiln.set_num_threads``): a "one-thread"
    run whose matrix products use every core would not be one. NumPy runs at the full count.
    The medians come from the rounds that count (:func:`_rounds`; from all of them when none
    does), and the row keeps every round besides."""
    from kiln.bench.core_probe import probe_memory
    from kiln.runtime.threads import set_num_threads

    rounds = _rounds(kernel, compiled, args, repeat, threads)
    memory = probe_memory(threads)  # once per kernel: the triad takes longer than the probes
    set_num_threads(threads)
    samples, counts = rounds.samples, rounds.counts
    kept = [k for k, c in enumerate(counts) if c] or list(range(len(counts)))
    one, many = _median([samples[1][k] for k in kept]), _median([samples[threads][k] for k in kept])
    one_all, many_all = _median(samples[1]), _median(samples[threads])
    first = rounds.first
    one_first, many_first = _median([first[1][k] for k in kept]), _median([first[threads][k] for k in kept])
    return {
        "numpy_s": _median(rounds.numpy),
        "kiln_s": many,
        "kiln_1t_s": one,
        "threads": threads,
        "scaling": one / many if many > 0 else None,
        "scaling_all_rounds": one_all / many_all if many_all > 0 else None,
        "scaling_first_calls": one_first / many_first if many_first > 0 else None,
        "rounds": len(counts),
        "rounds_counted": sum(counts),
        "parallel_loops": parallel_loop_count(compiled, args),
        "numpy_samples": rounds.numpy,
        "kiln_samples": samples[threads],
        "kiln_1t_samples": samples[1],
        "kiln_first_samples": first[threads],
        "kiln_1t_first_samples": first[1],
        "round_counts": counts,
        "probe_samples": rounds.latency,
        "throughput_probe_samples": rounds.throughput,
        "memory_probe": memory,
    }


@dataclasses.dataclass
class _Rounds:
    numpy: list[float]
    samples: dict[int, list[float]]  # kiln's times by thread count
    first: dict[int, list[float]]  # each round's first call at each count, which the medians leave out
    latency: list[float] = dataclasses.field(default_factory=list)  # latency-bound probe after each round
    throughput: list[float] = dataclasses.field(default_factory=list)  # throughput-bound probe
    counts: list[bool] = dataclasses.field(default_factory=list)  # whether each round counts


def _rounds(kernel: Any, compiled: Any, args: list[Any], repeat: int, threads: int) -> _Rounds:
    """One untimed call at each count, then rounds of NumPy and kiln at both counts (at each,
    WARM_S of calls, the first of which is kept apart, then the timed one).

    The untimed calls: at preset M, lenet's first three two-thread calls took 20, 18 and 17 ms,
    the next four 13 ms. Both compute probes (kiln.bench.core_probe) run before the first round
    and after each one. A round *counts* when the probes on both sides of it found the cores
    there: a two-thread time taken while the second thread shares a core says nothing about the
    code. Rounds go on until ``repeat`` of them count, within RETAKE_LIMIT and RETAKE_TIME."""
    from kiln.bench.core_probe import all_present, cores_there
    from kiln.runtime.threads import set_num_threads

    for n in (1, threads):
        set_num_threads(n)
        timed_call(compiled, _copy(args))
    taken = _Rounds(numpy=[], samples={1: [], threads: []}, first={1: [], threads: []})
    before = all_present(cores_there(threads))
    first_rounds_s = 0.0
    start = time.perf_counter()
    while True:
        r = len(taken.counts)
        set_num_threads(threads)
        taken.numpy.append(timed_call(kernel, _copy(args))[1])
        # the calls right after NumPy's find colder caches: each count goes first every other round
        for n in (1, threads) if r % 2 == 0 else (threads, 1):
            set_num_threads(n)
            first, timed = _warmed_call(compiled, args)
            taken.first[n].append(first)
            taken.samples[n].append(timed)
        latency, throughput = cores_there(threads)
        taken.latency.append(latency)
        taken.throughput.append(throughput)
        after = all_present((latency, throughput))
        taken.counts.append(before and after)
        before = after
        elapsed = time.perf_counter() - start
        if r + 1 == repeat:
            first_rounds_s = elapsed
        out_of_rounds = r + 1 >= RETAKE_LIMIT * repeat or elapsed >= (1 + RETAKE_TIME) * first_rounds_s
        if r + 1 >= repeat and (sum(taken.counts) >= repeat or out_of_rounds):
            return taken


def _warmed_call(compiled: Any, args: list[Any]) -> tuple[float, float]:
    """The seconds of the first of back-to-back calls and of the one after WARM_S of them."""
    first = warmed = timed_call(compiled, _copy(args))[1]
    while warmed < WARM_S:
        warmed += timed_call(compiled, _copy(args))[1]
    return first, timed_call(compiled, _copy(args))[1]


def parallel_loop_count(compiled: Any, args: list[Any]) -> int:
    """Loops of the optimized IR that run in parallel (what ``kiln.report`` lists as parallel)."""
    from kiln.api import arg_type, nonneg_positions
    from kiln.driver import compile_function
    from kiln.ir import nodes as ir
    from kiln.ir.visit import iter_stmts

    bound = compiled._bind(tuple(args), {})  # parameters with defaults that NPBench leaves out
    types_ = tuple(arg_type(a, i) for i, a in enumerate(bound))
    fn = compile_function(
        compiled.py_func, types_, compiled.options, build=False, nonneg=nonneg_positions(bound)
    ).optimized
    return sum(isinstance(s, ir.For) and s.parallel for s in iter_stmts(fn.body))


def main(argv: list[str]) -> int:
    npbench_dir, name, preset, repeat = Path(argv[0]), argv[1], argv[2], int(argv[3])
    mode = argv[4] if len(argv) > 4 else ""
    parallel = mode in ("parallel", "scaling")
    scaling = int(argv[5]) if mode == "scaling" else 0
    try:
        row = run(npbench_dir, name, preset, repeat, parallel, scaling)
    except Exception as exc:  # any failure is this row's result, reported with its cause
        row = {"name": name, "preset": preset, "status": "ERROR", "error": f"{type(exc).__name__}: {exc}"}
        traceback.print_exc(file=sys.stderr)
    print(RESULT_MARK + json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
