"""np.histogram against NumPy: integer bins with and without range=, array bins, weights of
several dtypes; values on bin edges (the last edge closed), NaN, out-of-range values, equal
minimum and maximum, empty input, and NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check


@kiln.jit
def by_count(a, n):
    h, e = np.histogram(a, n)
    hd, ed = np.histogram(a)
    return h, e, hd, ed


@kiln.jit
def by_count_range(a, n, lo, hi):
    return np.histogram(a, n, range=(lo, hi))


@kiln.jit
def weighted(a, n, w):
    return np.histogram(a, n, weights=w)


@kiln.jit
def by_edges(a, edges):
    return np.histogram(a, edges)


@kiln.jit
def by_edges_weighted(a, edges, w):
    return np.histogram(a, bins=edges, weights=w)


def on_edges(n: int = 200, dtype: str = "float64", seed: int = 0) -> np.ndarray:
    """Values with many exact hits on the edges of 10 equal bins over [0, 1]."""
    rng = np.random.default_rng(seed)
    a = rng.uniform(0, 1, n)
    a[::7] = rng.integers(0, 11, a[::7].shape) / 10
    a[0], a[1] = 0.0, 1.0
    return a.astype(dtype)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint8", "bool"])
def test_integer_bins(dtype: str) -> None:
    a = (on_edges() * 30).astype(dtype)
    check(by_count, a, 7)
    check(by_count, a, 1)


@pytest.mark.parametrize("layout", ["F", "strided"])
def test_integer_bins_2d_layouts(layout: str) -> None:
    check(by_count, arr((5, 7), "float64", layout), 4)


@pytest.mark.parametrize(("lo", "hi"), [(0.0, 1.0), (0.25, 0.75), (0, 1), (0.5, 0.5), (-1.0, 3.0)])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_range(dtype: str, lo: float, hi: float) -> None:
    check(by_count_range, on_edges(dtype=dtype), 10, lo, hi)


def test_range_with_numpy_scalars() -> None:
    check(by_count_range, on_edges(dtype="float32"), 9, np.float32(0.1), np.float32(0.9))
    check(by_count_range, on_edges(), 9, np.float64(0.1), 0.9)


def test_nan_outside_explicit_range_is_dropped() -> None:
    a = on_edges()
    a[5] = np.nan
    check(by_count_range, a, 10, 0.0, 1.0)


def test_nan_without_range_raises() -> None:
    a = on_edges()
    a[5] = np.nan
    check(by_count, a, 10, raises=ValueError)


def test_constant_and_empty_inputs() -> None:
    check(by_count, np.full(6, 3.0), 4)
    check(by_count, np.full(6, 3, dtype=np.int64), 4)
    check(by_count, np.zeros(0), 3)


def test_bad_bins_and_range() -> None:
    check(by_count, on_edges(), 0, raises=ValueError)
    check(by_count_range, on_edges(), 4, 1.0, 0.0, raises=ValueError)
    check(by_count_range, on_edges(), 4, 0.0, np.inf, raises=ValueError)


@pytest.mark.parametrize("wdtype", ["float64", "float32", "int64", "int32", "complex128"])
def test_weights(wdtype: str) -> None:
    a = on_edges()
    w = arr(a.shape, wdtype, seed=2)
    check(weighted, a, 10, w, rtol=1e-5 if wdtype == "float32" else None)


def test_weights_shape_mismatch() -> None:
    check(weighted, on_edges(10), 3, np.ones(9), raises=ValueError)


@pytest.mark.parametrize(
    "edges",
    [
        np.array([0.0, 0.1, 0.5, 0.5, 0.9, 1.0]),
        np.array([0.2, 0.3]),
        np.array([-1.0, 2.0]),
        np.array([0.5]),
        np.array([0, 3, 7, 10]),
    ],
)
def test_array_bins(edges: np.ndarray) -> None:
    a = on_edges()
    a[3] = np.nan
    check(by_edges, a, edges)
    check(by_edges, (a[4:] * 10).astype(np.int64), edges)


def test_array_bins_weighted() -> None:
    a = on_edges()
    edges = np.array([0.0, 0.1, 0.5, 0.5, 0.9, 1.0])
    check(by_edges_weighted, a, edges, arr(a.shape, seed=3))
    check(by_edges_weighted, a, edges, arr(a.shape, "int32", seed=3))


def test_array_bins_must_increase() -> None:
    check(by_edges, on_edges(), np.array([0.0, 0.5, 0.4]), raises=ValueError)


@kiln.jit
def ratio_of_histograms(data, radius, npt):
    counts = np.histogram(radius, npt)[0]
    sums = np.histogram(radius, npt, weights=data)[0]
    return sums / counts


def test_weighted_over_counted() -> None:
    rng = np.random.default_rng(5)
    radius = np.sqrt(rng.uniform(0, 1, 3000))
    with np.errstate(all="ignore"):
        check(ratio_of_histograms, rng.uniform(0, 1, 3000), radius, 37)


def _hist_parallel(a, n, w):
    ranged, edges = np.histogram(a, bins=n, range=(0.1, 0.9))
    return np.histogram(a, n)[0], np.histogram(a, n, weights=w)[0], ranged, edges


def _edges_parallel(a, edges, w):
    return np.histogram(a, edges, weights=w)


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("bins", [1, 37, 70_000])  # the last over PRIVATE_BINS: one sum array
def test_parallel_per_worker_sums(threads: int, bins: int) -> None:
    rng = np.random.default_rng(bins)
    a = rng.uniform(0, 1, (300, 1000))  # enough values that the loop runs on the team
    a[::5, ::3] = rng.integers(0, 11, a[::5, ::3].shape) / 10  # many values on edges
    w = rng.random((300, 1000))
    f = kiln.jit(_hist_parallel, parallel=True)
    default = kiln.get_num_threads()
    kiln.set_num_threads(threads)
    try:
        counts, sums, rc, re = f(a, bins, w)
        g_sums = kiln.jit(_edges_parallel, parallel=True)(a, np.linspace(0, 1, 11), w)[0]
        i_sums = f(a, bins, (w * 100).astype(np.int32))[1]
    finally:
        kiln.set_num_threads(default)
    want_counts, want_sums, want_rc, want_re = _hist_parallel(a, bins, w)
    np.testing.assert_array_equal(counts, want_counts)
    np.testing.assert_allclose(sums, want_sums, rtol=1e-12)  # summed in another order
    np.testing.assert_array_equal(rc, want_rc)
    np.testing.assert_array_equal(re, want_re)
    np.testing.assert_allclose(g_sums, _edges_parallel(a, np.linspace(0, 1, 11), w)[0], rtol=1e-12)
    np.testing.assert_array_equal(i_sums, _hist_parallel(a, bins, (w * 100).astype(np.int32))[1])
    assert i_sums.dtype == np.int32


def test_parallel_histogram_of_a_strided_view_and_no_values() -> None:
    f = kiln.jit(_hist_parallel, parallel=True)
    a = np.random.default_rng(1).uniform(0, 1, (600, 800))[::2, ::-3]
    for x in (a, a[:0]):
        got, want = f(x, 20, x + 1.0), _hist_parallel(x, 20, x + 1.0)
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_allclose(got[1], want[1], rtol=1e-12)


def densities(a, w):
    return (
        np.histogram(a, 7, density=True),
        np.histogram(a, np.array([0.0, 0.1, 0.5, 1.0]), density=True),
        np.histogram(a, 4, range=(0.2, 0.9), weights=w, density=True),
    )


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_density(dtype: str) -> None:
    a = on_edges(300, dtype) if dtype != "int64" else (on_edges(300) * 10).astype(dtype)
    w = np.linspace(0.5, 2.0, a.size)
    got, want = kiln.jit(densities)(a, w), densities(a, w)
    for (gh, ge), (wh, we) in zip(got, want, strict=True):
        assert gh.dtype == wh.dtype and ge.dtype == we.dtype
        np.testing.assert_allclose(gh, wh, rtol=1e-14)  # the total is kiln's sum
        np.testing.assert_array_equal(ge, we)
