"""``heaviside``, ``logaddexp``, ``logaddexp2``, ``sinc``, ``nan_to_num``, ``trapezoid``,
``diagonal``, ``fill_diagonal``, ``vander`` and ``corrcoef`` against NumPy: bit for bit
(NumPy's formulas in its loop precision), NaN, infinities and signed zeros included, several
dtypes, empty and one-element arrays, C/F/strided layouts; sums (``trapezoid``, ``corrcoef``'s
covariance) to rounding."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


def ufuncs(x, y):
    return (
        np.heaviside(x, y), np.heaviside(x, 0.5), np.logaddexp(x, y), np.logaddexp2(x, y),
        np.logaddexp(x, x), np.sinc(x), np.nan_to_num(x), np.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0),
    )  # fmt: skip


def complex_nan_to_num(z):
    return np.nan_to_num(z), np.nan_to_num(z, nan=2.0)


def trapezoids(y, x):
    return np.trapezoid(y), np.trapezoid(y, dx=0.25), np.trapezoid(y, x), np.trapezoid(np.outer(y, y), axis=0)


def diagonals(a):
    return np.diagonal(a), np.diagonal(a, 1), np.diagonal(a, -1, 1, 0)


def filled(a, v):
    b = a.copy()
    np.fill_diagonal(b, 7)
    c = a.copy()
    np.fill_diagonal(c, v)
    return b, c


def vanders(x):
    return np.vander(x), np.vander(x, 3), np.vander(x, 4, True), np.vander(x, 0)


def _special(dtype: Any, n: int, seed: int) -> np.ndarray:
    x = np.random.default_rng(seed).standard_normal(n) * 3
    specials = [0.0, -0.0, np.nan, np.inf, -np.inf, 1e30, -1e-30]
    x[: min(n, len(specials))] = specials[: min(n, len(specials))]
    return x.astype(dtype)


def _same(got: Any, want: Any, exact: bool = True) -> None:
    """Equal; with ``exact`` False, to rounding (float32 to a few of its ulps: its sines and
    exponentials are libm's, NumPy's float32 loops have their own, and float32 sums
    accumulate in float64)."""
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w, exact)
        return
    assert np.asarray(got).dtype == np.asarray(want).dtype and np.shape(got) == np.shape(want)
    if exact:
        np.testing.assert_array_equal(got, want)
    else:
        single = np.asarray(want).dtype in (np.float32, np.complex64)
        np.testing.assert_allclose(got, want, rtol=1e-6 if single else 1e-12, atol=1e-300)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [0, 1, 12])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_ufuncs(dtype, n):  # bool operands give float16 in NumPy, which kiln refuses
    x, y = _special(dtype, n, 1), _special(dtype, n, 2)[::-1]
    y[: n // 2] = x[: n // 2]  # equal arguments take their own branch
    for a, b in ((x, y), (x[::2], y[::2])):
        _same(kiln.jit(ufuncs)(a, b), ufuncs(a, b), exact=dtype != np.float32)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_complex_nan_to_num(dtype):
    z = (_special(np.float64, 7, 3) + 1j * _special(np.float64, 7, 4)[::-1]).astype(dtype)
    _same(kiln.jit(complex_nan_to_num)(z), complex_nan_to_num(z))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("n", [0, 1, 2, 9])
def test_trapezoid(dtype, n):
    y = (np.random.default_rng(5).standard_normal(n) * 4).astype(dtype)
    x = np.cumsum(np.abs(y) + 0.5)
    _same(kiln.jit(trapezoids)(y, x), trapezoids(y, x), exact=False)


@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (5, 2), (0, 3), (1, 1), (2, 3, 4)])
def test_diagonal(shape):
    a = np.arange(float(np.prod(shape))).reshape(shape)
    for v in (a, np.asfortranarray(a), a[..., ::-1]):
        _same(kiln.jit(diagonals)(v), diagonals(v))


@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (5, 2), (1, 1), (3, 3, 3)])
@pytest.mark.parametrize("dtype", [np.float64, np.int16])
def test_fill_diagonal(shape, dtype):
    a = np.arange(np.prod(shape)).reshape(shape).astype(dtype)
    for v in (np.array([1, 2], dtype=dtype), np.array([[5]], dtype=dtype)):
        _same(kiln.jit(filled)(a, v), filled(a, v))
        _same(kiln.jit(filled)(np.asfortranarray(a), v), filled(np.asfortranarray(a), v))


def test_fill_diagonal_errors():
    with pytest.raises(ValueError, match="All dimensions of input must be of equal length"):
        kiln.jit(filled)(np.zeros((2, 3, 3)), np.ones(1))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.bool_, np.complex64])
@pytest.mark.parametrize("n", [0, 1, 4])
def test_vander(dtype, n):
    x = (np.arange(n) * 1.5 - 2).astype(dtype)
    _same(kiln.jit(vanders)(x), vanders(x))
    _same(kiln.jit(vanders)(x[::-1]), vanders(x[::-1]))


def test_refused():
    def in_place(x):
        return np.nan_to_num(x, copy=False)

    with pytest.raises(UnsupportedError, match="copy=False"):
        kiln.jit(in_place)(np.ones(2))


def correlations(x):
    return np.corrcoef(x), np.corrcoef(x, rowvar=False)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128])
@pytest.mark.parametrize("shape", [(3, 6), (5, 2), (6,), (2, 2)])
def test_corrcoef(dtype, shape):  # cov's sums round as kiln's products do: close
    x = np.random.default_rng(9).standard_normal(shape) * 3
    if np.dtype(dtype).kind == "c":
        x = x + 1j * np.random.default_rng(10).standard_normal(shape)
    x = x.astype(dtype)
    for v in (x, np.asfortranarray(x)):
        got, want = kiln.jit(correlations)(v), correlations(v)
        for g, w in zip(got, want):
            assert np.asarray(g).dtype == np.asarray(w).dtype and np.shape(g) == np.shape(w)
            np.testing.assert_allclose(g, w, rtol=1e-12 if np.asarray(w).dtype.itemsize >= 8 else 1e-5)
            assert np.all(np.abs(np.asarray(g).real) <= 1.0)
