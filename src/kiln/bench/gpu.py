"""``kiln bench gpu``: the CUDA-style kernels on kiln's CPU path beside their hand-ported
``@kiln.jit`` loops (and Numba's CUDA simulator when installed), each validated first."""

from __future__ import annotations

import copy
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, TypedDict

import numpy as np

from kiln.bench.core_probe import CORES_PRESENT
from kiln.bench.gpu_cases import CASES, GpuCase, ResidentGpu, cpu_launch, gpu_launch, resident_run
from kiln.kernel_launch import gpu_present
from kiln.runtime import cudart


def _time(fn: Any, env: dict[str, Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        fresh = copy.deepcopy(env)
        t0 = time.perf_counter()
        fn(fresh)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _interleaved(fns: tuple[Any, ...], env: dict[str, Any], repeat: int) -> tuple[float, ...]:
    """Medians of ``repeat`` runs of each of ``fns``, taken in turns (a round of each, then the
    next round) so a change in the machine during the measurement hits every column alike."""
    samples: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, times in zip(fns, samples, strict=True):
            times.append(_time(fn, env, 1))
    return tuple(statistics.median(times) for times in samples)


def _valid(outputs: tuple[np.ndarray, ...], expected: tuple[np.ndarray, ...], rtol: float) -> bool:
    return all(np.allclose(o, e, rtol=rtol, atol=1e-6) for o, e in zip(outputs, expected, strict=True))


def run_case(case: GpuCase, repeat: int, size: int | None = None) -> dict[str, Any]:
    env = case.make(size or case.large, np.random.default_rng(0))
    expected = case.reference(copy.deepcopy(env)) if (size or case.large) <= 4 * case.small else None
    kernel_out = case.run(cpu_launch, copy.deepcopy(env))  # compiles, and validates below
    port_out = case.port(copy.deepcopy(env))
    ok = _valid(kernel_out, expected or port_out, case.rtol) and (
        expected is None or _valid(port_out, expected, case.rtol)
    )
    kernel_s, port_s = _interleaved((lambda e: case.run(cpu_launch, e), case.port), env, repeat)
    row = {"name": case.name, "size": size or case.large, "valid": ok, "kiln_kernel_s": kernel_s,
           "hand_port_s": port_s, "ratio_port_over_kernel": port_s / kernel_s}  # fmt: skip
    if gpu_present():
        row |= gpu_row(case, env, expected or port_out, repeat)
    return row


def gpu_row(
    case: GpuCase, env: dict[str, Any], expected: tuple[np.ndarray, ...], repeat: int
) -> dict[str, Any]:
    """The kernel on the GPU, validated and timed three ways:
    ``gpu_s``, NumPy arguments copied to the device and back at each launch (numba.cuda's way
    with host arrays); ``gpu_resident_s``, each array copied in once and the outputs back once
    (numba.cuda's ``to_device``/``copy_to_host``); ``gpu_launches_s``, the launches alone on data
    already on the device (arrays a run allocates itself still travel), synchronized."""
    gpu_out = case.run(gpu_launch, copy.deepcopy(env))  # compiles (nvcc) and validates
    resident_out = resident_run(case, copy.deepcopy(env))
    warm, data = ResidentGpu(), copy.deepcopy(env)
    case.run(warm, data)  # uploads; the timed runs then find every input on the device
    launches = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        case.run(warm, data)
        cudart.synchronize()
        launches.append(time.perf_counter() - t0)
    return {
        "gpu_valid": _valid(gpu_out, expected, case.rtol) and _valid(resident_out, expected, case.rtol),
        "gpu_s": _time(lambda e: case.run(gpu_launch, e), env, repeat),
        "gpu_resident_s": _time(lambda e: resident_run(case, e), env, repeat),
        "gpu_launches_s": statistics.median(launches),
    }


def _gpu_columns(r: dict[str, Any]) -> str:
    ms = {k: r[k] * 1e3 for k in ("gpu_s", "gpu_resident_s", "gpu_launches_s")}
    return (f"  gpu valid={r['gpu_valid']}: copies per launch {ms['gpu_s']:.3f}ms, resident "
            f"{ms['gpu_resident_s']:.3f}ms, launches {ms['gpu_launches_s']:.3f}ms")  # fmt: skip


def kernel_reports() -> list[dict[str, Any]]:
    """Barrier and spill statistics of every compiled kernel (bytes per thread)."""
    from kiln.bench import gpu_kernels as K

    out = []
    for name in dir(K):
        k = getattr(K, name)
        for key, compiled in getattr(k, "_compiled", {}).items():
            r = compiled.report
            out.append({"kernel": name, "block": key[0], "barriers": r.barriers, "removed": r.barriers_removed,  # noqa: E501
                        "regions": r.regions, "bytes_all_live": r.bytes_all, "bytes_min_cut": r.bytes_stored})  # fmt: skip  # noqa: E501
    return out


class _Scaling(TypedDict):
    """One kernel's thread scaling, as ``_scaling_here`` measures it."""

    scaling: float
    probe: float
    memory_probe: float
    omp_spin: str | None


def _threads_scaling(repeat: int) -> dict[str, _Scaling]:
    """Each kernel's speedup from 1 to 2 threads, in a fresh process (see _scaling_here)."""
    code = f"import json; from kiln.bench.gpu import _scaling_here as s; print(json.dumps(s({repeat})))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _scaling_here(repeat: int) -> dict[str, _Scaling]:
    """Medians at 1 and at 2 threads, interleaved run by run (``kiln.set_num_threads``), so a
    drift in the machine (another process, the clock) hits both counts alike; the count that
    runs first alternates each round. Each run gets freshly copied arguments. After each round
    the core probe (kiln.bench.core_probe) records whether both cores were there; a kernel's
    ``probe`` is the lowest of its rounds, and ``memory_probe`` how far a memory-bound triad
    scaled right after them."""
    from kiln.bench.core_probe import probe_memory, probe_scaling
    from kiln.runtime.threads import get_num_threads, set_num_threads

    default = get_num_threads()
    out: dict[str, _Scaling] = {}
    for case in CASES:
        env = case.make(case.large, np.random.default_rng(0))
        case.run(cpu_launch, copy.deepcopy(env))  # compiles
        samples: dict[int, list[float]] = {1: [], 2: []}
        probes = []
        for r in range(repeat):
            for threads in (1, 2) if r % 2 == 0 else (2, 1):
                set_num_threads(threads)
                samples[threads].append(_time(lambda e, c=case: c.run(cpu_launch, e), env, 1))
            probes.append(probe_scaling(2))
        set_num_threads(default)
        out[case.name] = {"scaling": statistics.median(samples[1]) / statistics.median(samples[2]),
                          "probe": min(probes), "memory_probe": probe_memory(2),
                          "omp_spin": os.environ.get("GOMP_SPINCOUNT")}  # fmt: skip
    return out


def _geomean(values: list[float]) -> float | None:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def main(
    repeat: int = 3, json_path: Path | None = None, names: list[str] | None = None, scaling: bool = True
) -> int:
    rows = [run_case(c, repeat) for c in CASES if not names or any(n in c.name for n in names)]
    print(
        f"{'kernel':<20} {'size':>9} {'valid':>5} {'kiln kernel':>12} {'hand port':>12} {'port/kernel':>11}"
    )
    for r in rows:
        gpu = _gpu_columns(r) if "gpu_s" in r else ""
        print(f"{r['name']:<20} {r['size']:>9} {r['valid']!s:>5} {r['kiln_kernel_s'] * 1e3:>10.3f}ms "
              f"{r['hand_port_s'] * 1e3:>10.3f}ms {r['ratio_port_over_kernel']:>10.2f}x{gpu}")  # fmt: skip
    geo = math.exp(sum(math.log(r["ratio_port_over_kernel"]) for r in rows) / len(rows))
    print(f"geometric mean, hand port time / kernel time: {geo:.2f}x")
    # kiln sets libgomp's spin when it loads its first module (kiln.runtime.loader): a launch
    # after the workers went to sleep pays their wake-up, which a short spin makes more likely
    spin = os.environ.get("GOMP_SPINCOUNT")
    print(f"libgomp spin count (GOMP_SPINCOUNT) in this process: {spin}")
    reports = kernel_reports()
    live = sum(r["bytes_all_live"] for r in reports)
    cut = sum(r["bytes_min_cut"] for r in reports)
    print(f"bytes per thread stored across barriers: {cut} with the min-cut, {live} storing every live value")
    per_kernel = _threads_scaling(max(5, repeat)) if scaling else {}
    scale = _geomean([k["scaling"] for k in per_kernel.values()])
    present = {n: k["scaling"] for n, k in per_kernel.items() if k["probe"] >= CORES_PRESENT}
    scale_present = _geomean(list(present.values()))
    if scale is not None:
        print("1 -> 2 threads (lowest core probe): " + ", ".join(
            f"{n} {k['scaling']:.2f}x ({k['probe']:.2f}x)" for n, k in per_kernel.items()))  # fmt: skip
        print(f"geometric mean speedup from 1 to 2 threads: {scale:.2f}x")
        counted = f"{len(present)} of {len(per_kernel)} kernels"
        mean = f", whose geometric mean is {scale_present:.2f}x" if scale_present is not None else ""
        print(f"the core probe stayed at {CORES_PRESENT}x or more through {counted}{mean}")
        memory = _geomean([k["memory_probe"] for k in per_kernel.values() if "memory_probe" in k])
        if memory is not None:
            print(f"the memory probe (a triad on 96 MiB) gave {memory:.2f}x from 1 to 2 threads (geomean)")
    sim = _numba_simulator() if scaling else None
    payload = {"suite": "gpu", "rows": rows, "geomean_port_over_kernel": geo, "kernels": reports,
               "thread_scaling_1_to_2": scale, "thread_scaling_per_kernel": per_kernel,
               "thread_scaling_cores_present": scale_present, "omp_spin": spin,
               "numba_simulator": sim or "numba not installed"}  # fmt: skip
    path = json_path or Path("bench-results") / "gpu.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2, default=str))
    print(f"wrote {path}")
    return 0 if all(r["valid"] and r.get("gpu_valid", True) for r in rows) else 1


def _numba_simulator() -> list[dict[str, Any]] | None:
    """Numba's CUDA simulator against kiln on small grids, where Numba is installed."""
    from kiln.bench.gpu_numba import simulator_rows

    rows = simulator_rows()
    if rows:
        for r in rows:
            sim, ours, ratio = r["numba_sim_s"], r["kiln_kernel_s"] * 1e6, r["ratio_sim_over_kiln"]
            print(f"numba simulator {r['name']:<18} n={r['size']:<6} valid={r['valid']!s:<5} "
                  f"{sim:.3f}s, kiln {ours:.1f}us: {ratio:.3g}x")  # fmt: skip
        geo = math.exp(sum(math.log(r["ratio_sim_over_kiln"]) for r in rows) / len(rows))
        print(f"geometric mean, Numba CUDA simulator time / kiln kernel time (1 thread): {geo:.3g}x")
    return rows
