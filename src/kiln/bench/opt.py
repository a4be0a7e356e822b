"""The ``opt`` suite: what the optimizer is for, measured side by side.

- ``stream_triad``: ``a[:] = b + s * c`` against NumPy, and its bandwidth against the bandwidth
  NumPy's plain copy reaches in the same run (the STREAM yardstick);
- ``gemm``: ``C[:] = alpha * A @ B + beta * C`` against NumPy's BLAS;
- ``prange_norm_N``: ``out[i] = x[i] / norm(x)`` in a ``prange`` loop at growing ``n``: with the norm
  hoisted the time grows linearly; Numba's ``parallel=True`` recomputes it (quadratic);
- ``column_sweep``: ``p[1:N - 1, j] = f(p[1:N - 1, j - 1])`` in a ``j`` loop (NPBench adi's
  sweeps): with ``--parallel`` the rows run outermost, on the threads, each a unit-stride
  recurrence.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any

import numpy as np

import kiln
from kiln.bench.cases import KernelCase
from kiln.bench.impls import numba_module
from kiln.bench.registry import Suite, register_suite
from kiln.bench.results import BASELINE, KILN, NUMBA, Benchmark, Measurement, Result, RunConfig
from kiln.bench.timing import time_repeated


def stream_triad(a: np.ndarray, b: np.ndarray, c: np.ndarray, s: float) -> None:
    a[:] = b + s * c


def gemm(alpha: float, beta: float, C: np.ndarray, A: np.ndarray, B: np.ndarray) -> None:
    C[:] = alpha * A @ B + beta * C


def prange_norm(x: np.ndarray, out: np.ndarray) -> None:
    for i in kiln.prange(x.shape[0]):
        out[i] = x[i] / np.sqrt(np.sum(x * x))


def column_sweep(N: int, a: float, b: float, c: float, p: np.ndarray) -> None:
    for j in range(1, N - 1):
        p[1 : N - 1, j] = -c / (a * p[1 : N - 1, j - 1] + b)


def _sweep_args(rng: np.random.Generator, n: int) -> tuple[Any, ...]:
    return n, 0.3, 1.7, -0.4, rng.random((n, n)) + 1.0


def _triad_args(rng: np.random.Generator, n: int) -> tuple[Any, ...]:
    return np.zeros(n), rng.random(n), rng.random(n), 3.0


def _gemm_args(rng: np.random.Generator, n: int) -> tuple[Any, ...]:
    return 1.5, 1.2, rng.random((n, n)), rng.random((n, n)), rng.random((n, n))


@dataclass(frozen=True)
class TriadBandwidth:
    """Bytes per second of kiln's triad (3 arrays) over those of ``np.copyto`` (2 arrays)."""

    name: str = "stream_bandwidth"
    section: str = "kernels"
    size: int = 2 * 10**7
    quick_size: int = 1000

    def run(self, cfg: RunConfig) -> list[Result]:
        n = self.quick_size if cfg.quick else self.size
        a, b, c, s = _triad_args(np.random.default_rng(cfg.seed), n)
        triad = kiln.jit(parallel=cfg.parallel)(stream_triad)
        triad(a, b, c, s)
        result = Result(self.name, self.section, f"n={n:,} float64, bytes/s vs copy", "NumPy copy")
        copy_s = time_repeated(lambda: np.copyto(a, b), (), (), cfg.repeat)
        triad_s = time_repeated(lambda: triad(a, b, c, s), (), (), cfg.repeat)
        # Seconds per byte moved, so the "speedup" column is the ratio of bandwidths.
        result.measurements[BASELINE] = Measurement([t / (16.0 * n) for t in copy_s], "s/B")
        result.measurements[KILN] = Measurement([t / (24.0 * n) for t in triad_s], "s/B")
        result.notes["copy_GBps"] = 16.0 * n / min(copy_s) / 1e9
        result.notes["triad_GBps"] = 24.0 * n / min(triad_s) / 1e9
        return [result]


@dataclass(frozen=True)
class PrangeNorm:
    """The norm example at size ``n``: plain Python (reference), kiln and Numba, all ``parallel``."""

    n: int
    quick_n: int

    @property
    def name(self) -> str:
        return f"prange_norm_{self.n}"

    section: str = "kernels"

    def run(self, cfg: RunConfig) -> list[Result]:
        n = self.quick_n if cfg.quick else self.n
        x = np.random.default_rng(cfg.seed).random(n)
        result = Result(self.name, self.section, f"n={n:,}", "NumPy")
        expected = x / np.sqrt(np.sum(x * x))
        versions = {KILN: kiln.jit(parallel=True)(prange_norm)}
        numba = numba_module() if cfg.numba else None
        if numba is not None:  # the same code, with kiln.prange meaning numba.prange
            as_numba = types.ModuleType("kiln_names_for_numba")
            as_numba.prange = numba.prange  # type: ignore[attr-defined]
            same_code = types.FunctionType(prange_norm.__code__, {"np": np, "kiln": as_numba})
            versions[NUMBA] = numba.njit(parallel=True)(same_code)
        out = np.empty(n)
        for impl, fn in versions.items():
            fn(x, out)  # compile
            if not np.allclose(out, expected, rtol=1e-12):
                if impl == KILN:
                    result.fail("kiln disagrees with NumPy")
                continue
            repeat = cfg.repeat if impl == KILN else max(1, min(cfg.repeat, 3))
            result.measurements[impl] = Measurement(time_repeated(fn, (x, out), (), repeat), "s")
        result.measurements[BASELINE] = Measurement(
            time_repeated(lambda: np.divide(x, np.sqrt(np.sum(x * x)), out=out), (), (), cfg.repeat), "s"
        )
        return [result]


def opt_benchmarks() -> list[Benchmark]:
    return [
        KernelCase("stream_triad", stream_triad, _triad_args, 2 * 10**7, 1000, "n={n:,}"),
        TriadBandwidth(),
        KernelCase("gemm", gemm, _gemm_args, 1000, 8, "{n}x{n} float64"),
        *(PrangeNorm(n, q) for n, q in ((5000, 50), (10000, 100), (20000, 200))),
        KernelCase("column_sweep", column_sweep, _sweep_args, 2000, 8, "{n}x{n} float64"),
    ]


OPT = register_suite(Suite("opt", "STREAM triad, GEMM against BLAS, the hoisted prange norm", opt_benchmarks))
