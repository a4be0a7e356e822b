"""The benchmark kernels on Numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``), where Numba is
installed: the same Python source, its ``cuda`` rebound to ``numba.cuda``, on a small grid,
against kiln's CPU path. Runs in a child process, since the simulator is chosen at import."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
import types
from typing import Any

import numpy as np

SIM_CASES = (
    "vector_add",
    "matmul_shared",
    "reduction_shared",
    "histogram_atomic",
    "laplace",
    "black_scholes",
)


def numba_available() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def simulator_rows(names: tuple[str, ...] = SIM_CASES, timeout: float = 600) -> list[dict[str, Any]] | None:
    """Per case: simulator and kiln time on the small size, and whether both agree; None
    without Numba."""
    if not numba_available():
        return None
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", OMP_NUM_THREADS="1")  # one core each
    code = f"from kiln.bench.gpu_numba import _child; _child({list(names)!r})"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=timeout, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def numba_kernel(kernel: Any, cache: dict[Any, Any]) -> Any:
    """``kernel``'s Python function compiled by numba.cuda (the simulator under CUDASIM)."""
    from numba import cuda as ncuda

    if kernel not in cache:
        f = kernel.py_func
        scope = dict(f.__globals__, cuda=ncuda)
        g = types.FunctionType(f.__code__, scope, f.__name__, f.__defaults__, f.__closure__)
        cache[kernel] = ncuda.jit(g)
    return cache[kernel]


def _child(names: list[str]) -> None:
    from kiln.bench.gpu_cases import CASES_BY_NAME, cpu_launch

    compiled: dict[Any, Any] = {}

    def sim_launch(kernel: Any, grid: Any, block: Any, *args: Any) -> None:
        numba_kernel(kernel, compiled)[grid, block](*args)

    rows = []
    for name in names:
        case = CASES_BY_NAME[name]
        env = case.make(case.small, np.random.default_rng(0))
        expected = case.run(cpu_launch, copy.deepcopy(env))
        got = case.run(sim_launch, copy.deepcopy(env))  # compiles, and validates below
        sim_s = _best(lambda e, c=case: c.run(sim_launch, e), env, 1)
        kiln_s = _best(lambda e, c=case: c.run(cpu_launch, e), env, 20)
        ok = all(np.allclose(a, b, rtol=case.rtol, atol=1e-6) for a, b in zip(got, expected, strict=True))
        rows.append({"name": name, "size": case.small, "valid": ok, "numba_sim_s": sim_s,
                     "kiln_kernel_s": kiln_s, "ratio_sim_over_kiln": sim_s / kiln_s})  # fmt: skip
    print(json.dumps(rows))


def _best(fn: Any, env: dict[str, Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        fresh = copy.deepcopy(env)
        t0 = time.perf_counter()
        fn(fresh)
        best = min(best, time.perf_counter() - t0)
    return best
