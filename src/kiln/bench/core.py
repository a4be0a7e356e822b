"""The ``core`` suite: kiln's own kernels, the call and compile costs, and peak memory.

Sizes are chosen so that a whole run takes a minute or two on two cores; each case also has a
tiny ``quick`` size for the tests.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kiln.bench import kernels as k
from kiln.bench.cases import KernelCase
from kiln.bench.probes import CallOverheadCase, PeakMemoryCase
from kiln.bench.registry import Suite, register_suite
from kiln.bench.results import Benchmark
from kiln.bench.startup import ColdCompileProbe, WarmFirstCallProbe

Rng = np.random.Generator
Args = tuple[Any, ...]


def _readme_args(rng: Rng, n: int) -> Args:
    return 1.5, rng.random((n, n)), rng.random((n, n)), np.zeros((n, n))


def _axpy_args(rng: Rng, n: int) -> Args:
    return 1.5, rng.random(n), rng.random(n)


def _graph_args(rng: Rng, n: int) -> Args:
    # Small positive int32 weights: sums of two never overflow, as in NPBench's floyd_warshall.
    return (rng.integers(1, 1000, size=(n, n)).astype(np.int32),)


def _jacobi_args(rng: Rng, n: int) -> Args:
    return 10, rng.random((n, n)), rng.random((n, n))


def _softmax_args(rng: Rng, n: int) -> Args:
    return (rng.standard_normal((n, n)).astype(np.float32),)


def _gemm_args(rng: Rng, n: int) -> Args:
    return 1.5, 1.2, rng.random((n, n + 10)), rng.random((n, n + 20)), rng.random((n + 20, n + 10))


def _vector_args(rng: Rng, n: int) -> Args:
    return (rng.random(n),)


def _histogram_args(rng: Rng, n: int) -> Args:
    return rng.random(n), 64


def _square_args(rng: Rng, n: int) -> Args:
    return (rng.random((n, n)),)


def _arc_args(rng: Rng, n: int) -> Args:
    return tuple(rng.random(n) * np.pi for _ in range(4))


def _smooth_args(rng: Rng, n: int) -> Args:
    return rng.random(n), 20


def _horner_args(rng: Rng, n: int) -> Args:
    return rng.random(n), rng.random(8)


def _points_args(rng: Rng, n: int) -> Args:
    return (rng.random((n, 3)),)


def _scalar_arg(rng: Rng, n: int) -> Args:
    return (float(rng.random()),)


def _small_array_arg(rng: Rng, n: int) -> Args:
    return (rng.random(4),)


DEMO_CASES: tuple[KernelCase, ...] = (
    KernelCase("readme_kernel", k.readme_kernel, _readme_args, 1000, 5, "{n}x{n}"),
    KernelCase("axpy_sqrt", k.axpy_sqrt, _axpy_args, 10**7, 64, "n={n:,}"),
    KernelCase("floyd_warshall", k.floyd_warshall, _graph_args, 100, 6, "{n}x{n} int32", "Python"),
    KernelCase("jacobi_2d", k.jacobi_2d, _jacobi_args, 500, 6, "{n}x{n}, 10 steps"),
    KernelCase("softmax", k.softmax, _softmax_args, 1000, 4, "{n}x{n} float32"),
    KernelCase("gemm", k.gemm, _gemm_args, 400, 3, "n={n}"),
    KernelCase("prefix_sum", k.prefix_sum, _vector_args, 10**6, 10, "n={n:,}", "Python"),
)

MORE_CASES: tuple[KernelCase, ...] = (
    KernelCase("histogram", k.histogram, _histogram_args, 10**6, 50, "n={n:,}, 64 bins", "Python"),
    KernelCase("go_fast", k.go_fast, _square_args, 1000, 5, "{n}x{n}"),
    KernelCase("arc_distance", k.arc_distance, _arc_args, 10**6, 20, "n={n:,}"),
    KernelCase("smooth_1d", k.smooth_1d, _smooth_args, 10**5, 12, "n={n:,}, 20 steps"),
    KernelCase("horner", k.horner, _horner_args, 10**5, 10, "n={n:,}, degree 7", "Python"),
    KernelCase("pairwise_distance", k.pairwise_distance, _points_args, 500, 4, "{n} points in 3-d"),
)


def core_benchmarks() -> list[Benchmark]:
    return [
        *DEMO_CASES,
        *MORE_CASES,
        CallOverheadCase("call_overhead_scalar", k.add_one, _scalar_arg),
        CallOverheadCase("call_overhead_array", k.first_element, _small_array_arg),
        ColdCompileProbe(),
        WarmFirstCallProbe(),
        PeakMemoryCase("memory_axpy_sqrt", k.axpy_sqrt, _axpy_args, 10**6, 64, "n={n:,}"),
        PeakMemoryCase("memory_arc_distance", k.arc_distance, _arc_args, 10**6, 20, "n={n:,}"),
    ]


CORE = register_suite(
    Suite("core", "kiln's own kernels, call overhead, compile and startup time, peak memory", core_benchmarks)
)
