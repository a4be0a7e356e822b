"""``np.histogram2d`` against NumPy: every form of ``bins`` (a number, a pair of numbers or
edges, one array of edges), ``range``, ``weights`` and ``density``; sample dtypes and their
promotion, empty and one-point samples, strided coordinates, values on the edges, outside them
and NaN; NumPy's errors. The histogram and edges are NumPy's bit for bit, except with
``density``, whose total is a sum (kiln sums in another order than NumPy's pairwise one)."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)  # one compiled function per test function, shared by the cases


def default(x, y):
    return np.histogram2d(x, y)


def numbers(x, y):
    return np.histogram2d(x, y, bins=(3, 5), range=((0.0, 1.0), (-1, 2)))


def edges(x, y, e):
    return np.histogram2d(x, y, bins=(e, 4), range=(None, (-1, 2)))


def one_array(x, y, e):
    return np.histogram2d(x, y, e)


def listed(x, y):
    return np.histogram2d(x, y, bins=[[0.0, 0.5, 1.0], 2], range=[None, [0.25, 0.75]])


def weighted(x, y, w):
    return np.histogram2d(x, y, bins=4, weights=w)


def density(x, y, w):
    bins = (3, np.array([0.0, 0.2, 0.5, 1.0]))
    return np.histogram2d(x, y, bins=bins, range=((-0.1, 1.1), None), weights=w, density=True)


def _same(got, want, exact=True):
    assert isinstance(got, tuple) and len(got) == len(want) == 3
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        if exact:
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_allclose(g, w, rtol=1e-14)


def _points(n, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = (rng.random(2 * n) * 1.2 - 0.1).astype(dtype)[::2]  # strided, some outside [0, 1]
    y = (rng.random(n) * 3 - 1).astype(dtype)
    return x, y


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
@pytest.mark.parametrize("n", [0, 1, 7, 200])
def test_against_numpy(dtype, n):
    x, y = _points(n, dtype)
    e = np.array([0.0, 0.1, 0.1, 0.6, 1.0])
    w = np.linspace(0.5, 2.0, n).astype(np.float32)
    if dtype != np.float32:
        _same(_jit(default)(x, y), default(x, y))
    _same(_jit(numbers)(x, y), numbers(x, y))
    _same(_jit(edges)(x, y, e), edges(x, y, e))
    _same(_jit(one_array)(x, y, e), one_array(x, y, e))
    _same(_jit(listed)(x, y), listed(x, y))
    if dtype != np.float32:
        _same(_jit(weighted)(x, y, w), weighted(x, y, w))
    if n:
        _same(_jit(density)(x, y, w), density(x, y, w), exact=False)


def test_mixed_dtypes_edges_and_nan():
    x = np.array([0.0, 1.0, 0.5, np.nan, 1.0, 0.999999, -0.0])
    y = np.array([0, 1, 1, 0, 3, 2, 1], dtype=np.int32)  # promoted with x to float64
    _same(_jit(edges)(x, y, np.array([0.0, 0.5, 1.0])), edges(x, y, np.array([0.0, 0.5, 1.0])))
    same = np.full(4, 2.5, np.int16)  # one value: the range is widened by 0.5 each way
    _same(_jit(default)(same, same), default(same, same))
    with pytest.raises(ValueError, match="autodetected range"):
        np.histogram2d(x, y)
    with pytest.raises(ValueError, match="autodetected range"):
        _jit(default)(x, y)


def _both_raise(f, *args, error=ValueError):
    with pytest.raises(error) as want:
        f(*args)
    with pytest.raises(error) as got:
        kiln.jit(f)(*args)
    return str(got.value), str(want.value)


def test_errors_as_numpy():
    x, y = _points(5, np.float64)
    got, want = _both_raise(edges, x, y, np.array([0.0, 1.0, 0.5]))
    assert got == want  # `bins[0]` must be monotonically increasing, when an array
    got, want = _both_raise(lambda x, y: np.histogram2d(x, y, bins=(0, 2)), x, y)
    assert got == want
    got, want = _both_raise(lambda x, y: np.histogram2d(x, y, range=((1.0, 0.0), None)), x, y)
    assert got == want
    _both_raise(default, x, y[:4])
    got, want = _both_raise(weighted, x, y, np.ones(4))
    assert got == want


def test_refused_with_a_location():
    x, y = _points(5, np.float64)
    with pytest.raises(kiln.UnsupportedError, match="complex128"):
        kiln.jit(default)(x.astype(complex), y)
    with pytest.raises(kiln.UnsupportedError, match="2-d"):
        kiln.jit(default)(x.reshape(5, 1), y)
    with pytest.raises(kiln.UnsupportedError, match="float32 values without a range"):
        kiln.jit(default)(x.astype(np.float32), y.astype(np.float32))
    with pytest.raises(ValueError, match="more than 2"):
        kiln.jit(one_array)(x, y, np.array([3, 4]))  # NumPy reads it as numbers of bins
