"""NPBench on a CUDA GPU: each benchmark's NumPy version compiled by ``@kiln.jit(target="cuda")``,
validated against NumPy on the host, then timed with its arrays already on the device, beside
NumPy on the host and NPBench's own CuPy version (``*_cupy.py``) when CuPy is installed.

``python -m kiln.bench.npbench_gpu NPBENCH_DIR PRESET [--repeat N] [--build-only] [NAME ...]``
runs each benchmark in its own process (a crash costs one row) and prints a table; with
``--build-only`` it only compiles (no GPU needed: nvcc fills the disk cache a GPU run reads).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from kiln.bench.npbench import benchmark_names
from kiln.bench.npbench_child import (
    _copy,
    _import_file,
    benchmark_folder,
    build_data,
    conditioning_note,
    load_info,
    load_kernel,
    validate,
)

MARK = "KILN-GPU-RESULT "


def _median(xs: list[float]) -> float:
    return float(np.median(xs)) if xs else float("nan")


def _timed(call: Any, sync: Any, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        sync()
        start = time.perf_counter()
        call()
        sync()
        out.append(time.perf_counter() - start)
    return out


def _cupy_version(npbench_dir: Path, info: dict[str, Any]) -> Any:
    path = benchmark_folder(npbench_dir, info) / f"{info['module_name']}_cupy.py"
    if not path.exists():
        return None
    try:
        module = _import_file(path, f"npbench_cupy_{info['module_name']}")
    except ImportError:
        return None
    return getattr(module, info["func_name"], None)


def run_one(
    npbench_dir: Path, name: str, preset: str, repeat: int, build_only: bool, emulate: bool = False
) -> dict[str, Any]:
    import kiln
    from kiln import cuda, gpu_emulation
    from kiln.runtime import cudart

    info = load_info(npbench_dir, name)
    row: dict[str, Any] = {"name": name, "status": "FAIL"}
    kernel = load_kernel(npbench_dir, info)
    compiled = kiln.jit(kernel, target="cuda")
    data = build_data(npbench_dir, info, "S" if build_only else preset)
    args = [data[a] for a in info["input_args"]]
    if build_only:
        compiled._specialize(compiled._bind(tuple(args), {}), build=True)
        row["status"] = "built"
        return row
    ref_args = _copy(args)
    ref_out = kernel(*ref_args)
    kiln_args = _copy(args)
    start = time.perf_counter()
    if emulate:
        with gpu_emulation.host_memory_as_device():
            folder = Path(tempfile.mkdtemp(prefix="kiln-emulated-"))
            bound = compiled._bind(tuple(kiln_args), {})
            out = gpu_emulation.emulated(compiled, bound, folder)(*bound)
    else:
        out = compiled(*kiln_args)
    row["first_call_s"] = time.perf_counter() - start
    problems = validate(info, ref_out, ref_args, out, kiln_args)
    if problems:
        note = conditioning_note(info, kernel, args, ref_out, ref_args)
        row.update(status="INVALID", error="; ".join(problems[:3]) + note)
        return row
    if emulate:  # validated only: an emulated run's time says nothing
        row["status"] = "validated"
        return row
    host = lambda: None  # noqa: E731
    numpy_s = _timed(lambda: kernel(*_copy(args)), host, repeat)
    on_device = [cuda.to_device(a) if isinstance(a, np.ndarray) else a for a in args]
    kiln_s = _timed(lambda: compiled(*on_device), cudart.synchronize, repeat)
    row.update(status="ok", numpy_s=_median(numpy_s), kiln_s=_median(kiln_s))
    cupy_kernel = _cupy_version(npbench_dir, info)
    if cupy_kernel is not None:
        import cupy

        on_cupy = [cupy.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
        sync = cupy.cuda.runtime.deviceSynchronize
        try:
            cupy_kernel(*on_cupy)
            row["cupy_s"] = _median(_timed(lambda: cupy_kernel(*on_cupy), sync, repeat))
        except Exception as exc:  # noqa: BLE001 - a peer's failure is a note in the row
            row["cupy_error"] = f"{type(exc).__name__}: {exc}"[:200]
    return row


def _child(argv: list[str]) -> None:
    npbench_dir, name, preset, repeat = Path(argv[0]), argv[1], argv[2], int(argv[3])
    try:
        row = run_one(npbench_dir, name, preset, repeat, argv[4] == "1", argv[4] == "emulate")
    except Exception as exc:  # noqa: BLE001 - the row says what went wrong
        kind = "UNSUPPORTED" if type(exc).__name__ == "UnsupportedError" else "FAIL"
        row = {"name": name, "status": kind, "error": f"{type(exc).__name__}: {exc}"[:300]}
    print(MARK + json.dumps(row), flush=True)


def _row_of(
    npbench_dir: Path, name: str, preset: str, repeat: int, mode: str, timeout: float
) -> dict[str, Any]:
    """``mode``: "1" builds only, "emulate" validates an emulated run, "0" runs on the GPU."""
    child = ["-m", "kiln.bench.npbench_gpu", "--child", str(npbench_dir), name, preset, str(repeat), mode]
    cmd = [sys.executable, *child]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"name": name, "status": "TIMEOUT"}
    for line in done.stdout.splitlines():
        if line.startswith(MARK):
            row: dict[str, Any] = json.loads(line[len(MARK) :])
            return row
    return {"name": name, "status": "CRASH", "error": (done.stderr or done.stdout)[-300:]}


def _line(r: dict[str, Any]) -> str:
    cells = [f"{r['name']:<22}", f"{r['status']:<11}"]
    if r["status"] == "ok":
        n, k = r["numpy_s"], r["kiln_s"]
        cells += [f"numpy {n * 1e3:9.3f} ms", f"kiln {k * 1e3:9.3f} ms", f"{n / k:8.2f}x"]
        if "cupy_s" in r:
            cells += [f"cupy {r['cupy_s'] * 1e3:9.3f} ms", f"{r['cupy_s'] / k:6.2f}x over cupy"]
    elif "error" in r:
        cells.append(r["error"][:150])
    return " ".join(cells)


def summary(rows: list[dict[str, Any]]) -> str:
    ok = [r for r in rows if r["status"] == "ok"]
    valid = sum(r["status"] in ("ok", "validated") for r in rows)
    lines = [f"validated {valid} of {len(rows)}"]
    if ok:
        g = float(np.exp(np.mean([np.log(r["numpy_s"] / r["kiln_s"]) for r in ok])))
        faster = sum(r["numpy_s"] > r["kiln_s"] for r in ok)
        lines.append(f"geomean over NumPy (host) {g:.2f}x; faster than NumPy on {faster} of {len(ok)}")
    cu = [r for r in ok if "cupy_s" in r]
    if cu:
        g = float(np.exp(np.mean([np.log(r["cupy_s"] / r["kiln_s"]) for r in cu])))
        lines.append(f"geomean over CuPy {g:.2f}x on the {len(cu)} kernels with a CuPy version")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--child":
        _child(argv[1:])
        return 0
    p = argparse.ArgumentParser(prog="python -m kiln.bench.npbench_gpu")
    p.add_argument("npbench_dir", type=Path)
    p.add_argument("preset")
    p.add_argument("names", nargs="*")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--build-only", action="store_true")
    p.add_argument("--emulate", action="store_true", help="validate on the CPU, each GPU thread in turn")
    p.add_argument("--timeout", type=float, default=240.0)
    p.add_argument("--json", type=Path)
    p.add_argument("--jobs", type=int, default=1, help="builds at once (--build-only)")
    p.add_argument("--deadline", type=float, default=0.0, help="seconds after which no benchmark starts")
    args = p.parse_args(argv)
    names = args.names or benchmark_names(args.npbench_dir)
    started = time.monotonic()

    def one(name: str) -> dict[str, Any]:
        if args.deadline and time.monotonic() - started > args.deadline:
            return {"name": name, "status": "NOT RUN", "error": "past the deadline"}
        mode = "1" if args.build_only else "emulate" if args.emulate else "0"
        return _row_of(args.npbench_dir, name, args.preset, args.repeat, mode, args.timeout)

    jobs = args.jobs if args.build_only or args.emulate else 1  # timings run one at a time
    rows = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for row in pool.map(one, names):
            rows.append(row)
            print(_line(row), flush=True)
            if args.json:
                args.json.write_text(json.dumps(rows, indent=1))
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
