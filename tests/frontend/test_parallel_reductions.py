"""Parallel reductions under ``parallel=True``: floating-point sum/product/min/max of loops,
arg-extreme scans (``argmax``/``argmin``, and the same pattern written as a loop) and
whole-array reductions, against NumPy / the plain Python function. Inputs are large enough to
take the OpenMP copy of the loop; ties, NaNs, empty and 1-element inputs keep NumPy's rules."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.driver import compile_function
from kiln.ir.visit import iter_stmts
from kiln.options import Options

try:
    from .numpy_support import check, in_layout
except ImportError:
    from numpy_support import check, in_layout

N = 100_003  # above the work threshold of the parallel copy, and not a multiple of 2 or 4
DTYPES = ["float64", "float32", "int64", "int32"]


def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * 0.5
    return s


def product(a):
    p = 1.0
    for i in range(a.shape[0]):
        p *= a[i]
    return p


def lowest(a):
    m = a[0]
    for i in range(a.shape[0]):
        m = np.minimum(m, a[i])
    return m


def first_max(a):
    best = a[0]
    at = 0
    for i in range(a.shape[0]):
        if a[i] > best:
            best = a[i]
            at = i
    return at, best


def first_min_from(a, start):
    best = a[start]
    at = start
    for i in range(a.shape[0]):
        if best > a[i]:
            best = a[i]
            at = i
    return at, best


def whole(a):
    return np.sum(a), np.max(a), a.min(), np.argmax(a), a.argmin()


def expression(a, b):
    return (a * b).sum(), np.argmax(a - b), np.argmin(np.abs(a - b)), np.max(a + b)


def data(dtype: str, n: int = N, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if dtype.startswith("int"):
        return rng.integers(-50, 50, size=n).astype(dtype)  # many ties
    return rng.uniform(-2.0, 2.0, size=n).astype(dtype)


def parallel_loops(fn, *args) -> list:
    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    body = compile_function(fn, types_, Options(parallel=True), build=False).optimized.body
    return [s for s in iter_stmts(body) if getattr(s, "parallel", False)]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_float_sum_and_product_loops(dtype: str) -> None:
    a = data(dtype)
    check(kiln.jit(total, parallel=True), a, rtol=1e-5 if dtype == "float32" else 1e-9)
    near_one = (1.0 + data(dtype) * 1e-5).astype(dtype)
    check(kiln.jit(product, parallel=True), near_one, rtol=1e-4 if dtype == "float32" else 1e-9)


@pytest.mark.parametrize("dtype", DTYPES)
def test_min_loop(dtype: str) -> None:
    check(kiln.jit(lowest, parallel=True), data(dtype))


def test_min_loop_propagates_nan() -> None:
    a = data("float64")
    a[N // 3] = np.nan
    assert np.isnan(kiln.jit(lowest, parallel=True)(a))


@pytest.mark.parametrize("dtype", DTYPES)
def test_argmax_loop_takes_the_first_tie(dtype: str) -> None:
    a = data(dtype)
    a[[7, N // 2, N - 1]] = 99  # the maximum three times, one in each half
    assert kiln.jit(first_max, parallel=True)(a) == first_max(a)
    check(kiln.jit(first_min_from, parallel=True), a, N - 5)
    check(kiln.jit(first_min_from, parallel=True), a, 3)


def test_argmax_loop_skips_nan_like_python() -> None:
    a = data("float64")
    a[[0, 10]] = np.nan  # a NaN start is never beaten; a later NaN is never taken
    check(kiln.jit(first_max, parallel=True), a)
    check(kiln.jit(first_max, parallel=True), a[1:])


def test_loops_are_parallel_with_their_reductions() -> None:
    a = data("float64", 10)
    (loop,) = parallel_loops(total, a)
    assert loop.reductions == (("u_s", "add"),)
    (loop,) = parallel_loops(first_max, a)
    assert sorted(op for _, op in loop.reductions) == ["select", "select"]


@pytest.mark.parametrize("dtype", [*DTYPES, "bool"])
def test_whole_array_reductions(dtype: str) -> None:
    a = data(dtype) if dtype != "bool" else data("int64") > 40
    fn = kiln.jit(whole, parallel=True)
    check(fn, a, rtol=1e-5 if dtype == "float32" else 1e-9)
    a[[3, N // 2, N - 2]] = a.max()
    a[[5, N // 2 + 1]] = a.min()
    check(fn, a, rtol=1e-5 if dtype == "float32" else 1e-9)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("where", [[0], [N - 1], [N // 2, 17], [N - 3, N - 2]])
def test_whole_array_nan_rules(dtype: str, where: list[int]) -> None:
    a = data(dtype)
    a[where] = np.nan
    got = kiln.jit(whole, parallel=True)(a)
    want = whole(a)
    assert all(np.isnan(g) for g in got[:3])
    assert got[3:] == want[3:] == (min(where), min(where))


@pytest.mark.parametrize("n", [0, 1, 2])
def test_whole_array_tiny_inputs(n: int) -> None:
    fn = kiln.jit(whole, parallel=True)
    check(fn, data("float64", n), raises=ValueError if n == 0 else None)
    if n:  # with no iteration Python's result stays the float 0.0, kiln's is a float64
        check(kiln.jit(total, parallel=True), data("float64", n))


@pytest.mark.parametrize("layout", ["C", "F", "strided", "T"])
def test_two_dimensional_arrays(layout: str) -> None:
    a = in_layout(data("float64", 240 * 500).reshape(240, 500), layout)
    a[tuple(np.unravel_index(1234, a.shape))] = 9.0
    a[-1, -1] = 9.0
    check(kiln.jit(whole, parallel=True), a, rtol=1e-9)


def test_array_expressions() -> None:
    a, b = data("float64"), data("float64", seed=1)
    check(kiln.jit(expression, parallel=True), a, b, rtol=1e-9)
    loops = parallel_loops(expression, a, b)
    assert sum(any(op == "select" for _, op in s.reductions) for s in loops) == 2
