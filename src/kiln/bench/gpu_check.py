"""``python -m kiln.bench.gpu_check``: every ``kiln bench gpu`` kernel on a CUDA GPU, validated
against NumPy at its test size and at a mid size, with NumPy arguments copied at each launch and
with the arrays kept on the device between launches, and its GPU time; a one-line summary.
Exit status 0 only when every kernel validates (2 when there is no GPU)."""

from __future__ import annotations

import copy
import sys
import time
import traceback

import numpy as np

from kiln.bench.gpu_cases import CASES, GpuCase, gpu_launch, resident_run
from kiln.kernel_launch import gpu_present


def _close(got: tuple[np.ndarray, ...], want: tuple[np.ndarray, ...], rtol: float) -> bool:
    return all(
        g.shape == w.shape and np.allclose(g, w, rtol=rtol, atol=1e-6) for g, w in zip(got, want, strict=True)
    )


def check_case(case: GpuCase) -> tuple[bool, str]:
    sizes = (case.small, min(case.large, 4 * case.small))
    details = []
    ok = True
    for size in dict.fromkeys(sizes):
        env = case.make(size, np.random.default_rng(size))
        want = case.reference(copy.deepcopy(env))
        t0 = time.perf_counter()
        got = case.run(gpu_launch, copy.deepcopy(env))  # first run compiles
        t1 = time.perf_counter()
        got = case.run(gpu_launch, copy.deepcopy(env))
        t2 = time.perf_counter()
        kept = resident_run(case, copy.deepcopy(env))  # arrays kept on the device between launches
        valid = _close(got, want, case.rtol) and _close(kept, want, case.rtol)
        ok &= valid
        verdict = "ok" if valid else "WRONG"
        details.append(f"n={size}: {verdict} {1e3 * (t2 - t1):.2f}ms (first {t1 - t0:.1f}s)")
    return ok, "; ".join(details)


def main() -> int:
    if not gpu_present():
        print("gpu_check: no CUDA device (or no nvcc) here")
        return 2
    passed = 0
    for case in CASES:
        try:
            ok, text = check_case(case)
        except Exception:  # report every kernel, whatever one of them does
            ok, text = False, "ERROR\n" + traceback.format_exc(limit=6)
        passed += ok
        print(f"{case.name:<20} {'PASS' if ok else 'FAIL'}  {text}", flush=True)
    print(f"gpu_check: {passed}/{len(CASES)} kernels validate on the GPU against NumPy")
    return 0 if passed == len(CASES) else 1


if __name__ == "__main__":
    sys.exit(main())
