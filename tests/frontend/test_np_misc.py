"""``polyval``, ``average``, ``logspace``, ``vdot``, ``kron``, ``cross``, ``select``, ``take`` and
``extract``: differential against NumPy over dtypes, empty and one-element inputs and layouts
(bit for bit where kiln follows NumPy's arithmetic), and NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln

V = np.array([0.5, -1.25, 2.0, 3.5])
A = np.arange(12.0).reshape(3, 4) - 4
IDX = np.array([3, 0, -1, 2])


def _same(got, want, exact=True):
    if exact:
        assert_same(got, want)
        return
    if isinstance(want, tuple):
        for g, w in zip(got, want, strict=True):
            _same(g, w, exact)
        return
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape
    np.testing.assert_allclose(g, w, rtol=1e-12)


def _check(f, *args, exact=True):
    _same(kiln.jit(f)(*args), f(*args), exact)


def polyval(p, x):
    return np.polyval(p, x)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128])
@pytest.mark.filterwarnings("ignore:invalid value encountered")  # NumPy's own 0 * inf
def test_polyval_is_horners_rule(dtype):
    p = V.astype(dtype) if np.dtype(dtype).kind != "i" else IDX
    for x in (A, np.asfortranarray(A), A[:, ::2], A[:0], 1.5, np.array([np.inf, -np.inf, np.nan])):
        _check(polyval, p, x)
    _check(polyval, p[:1], A)
    _check(polyval, p, np.arange(3))


def averages(a, w):
    return np.average(a), np.average(a, weights=w), np.average(a, axis=0, weights=w, returned=True)


def average_rows(a, w):
    return np.average(a, axis=1, weights=w), np.average(a, axis=1, keepdims=True)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
def test_average(dtype):
    a = A.astype(dtype)
    _check(averages, a, (a + 5).astype(dtype), exact=False)
    _check(average_rows, a, V[::-1], exact=False)
    _check(averages, a[:1], np.ones((1, 4), dtype=dtype), exact=False)


def test_average_of_zero_weights_raises():
    def f(a, w):
        return np.average(a, weights=w)

    with pytest.raises(ZeroDivisionError, match="Weights sum to zero"):
        kiln.jit(f)(V, V * 0)


def logspaces(n):
    return (
        np.logspace(0, 2, 5),
        np.logspace(-1, 1, n, base=2, endpoint=False),
        np.logspace(0, 3, 4, dtype=np.int64),
    )


def test_logspace():
    for n in (0, 1, 7):
        _check(logspaces, n, exact=False)


def products(a, b, u, w):
    return np.vdot(a, b), np.kron(a, b), np.cross(u, w), np.kron(u, a)


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex128])
def test_products(dtype):
    a = A.astype(dtype)
    u, w = V[:3].astype(dtype), V[1:].astype(dtype)
    if np.dtype(dtype).kind == "c":
        a, u = a + 1j, u - 2j
    _check(products, a, a[::-1], u, w)
    _check(products, a[:, ::2], np.asfortranarray(a[:, 1::2]), u, w)


def choose(a):
    return np.select([a < 0, a > 2], [a * 2, -a], 7), np.select([a < 0], [a])


def taking(a, i):
    return np.take(a, i), np.take(a, i, axis=1), np.take(a, 5), np.take(a, -1, axis=0), np.extract(a > 0, a)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.bool_])
def test_select_take_extract(dtype):
    a = A.astype(dtype)
    if dtype is not np.bool_:  # NumPy has no negative of booleans
        _check(choose, a)
    _check(taking, a, IDX)
    _check(taking, np.asfortranarray(a), IDX[:0])


def test_errors_follow_numpy():
    def out_of_bounds(a, i):
        return np.take(a, i)

    def not_boolean(a):
        return np.select([a], [a])

    with pytest.raises(IndexError):
        kiln.jit(out_of_bounds)(V, IDX + 3)
    with pytest.raises(IndexError, match="out of bounds"):
        kiln.jit(out_of_bounds)(V, 9)
    with pytest.raises(kiln.TypingError, match="invalid entry 0 in condlist"):
        kiln.jit(not_boolean)(V)


def geometric(n):
    return (
        np.geomspace(1, 1000, 4), np.geomspace(-1, -1000, 5), np.geomspace(2, 50, n, endpoint=False),
        np.geomspace(5, 7, 1), np.geomspace(1, 256, 9, dtype=np.int64),
    )  # fmt: skip


def test_geomspace():
    for n in (0, 1, 7):
        _check(geometric, n, exact=False)

    def through_zero():
        return np.geomspace(0, 10, 3)

    with pytest.raises(ValueError, match="cannot include zero"):
        kiln.jit(through_zero)()


def membership(a, b):
    return np.isin(a, b), np.isin(a, b, invert=True), np.isin(3.0, b)


@pytest.mark.parametrize("dtype", [np.float64, np.int32])
def test_isin(dtype):
    a = np.array([[1.0, np.nan, 3.0], [2.0, 7.0, -0.0]])
    tests = np.array([3.0, np.nan, 0.0, 2.0])
    if dtype is np.int32:
        a, tests = np.nan_to_num(a).astype(dtype), np.nan_to_num(tests).astype(dtype)
    _check(membership, a, tests)
    _check(membership, a[:, ::2], tests[:0])


def listed(a):
    return np.isin(a, [1, 2]), np.isin(a, (0.5, 3.0), invert=True), np.isin(2, [1, 2])


def test_isin_of_lists_and_tuples():  # array-like test elements, as np.asarray makes them
    _check(listed, np.arange(5.0))
    _check(listed, np.arange(5, dtype=np.int16))


def choosing(i, x, y):
    return np.choose(i, (x, 2.5)), np.choose(i, (x, y)), np.choose(i[:, None] % 2, (x, -x))


def compressing(c, a):
    return np.compress(c, a, axis=0), np.compress(c[:2], a), np.compress(c[:2], a, axis=1)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
def test_choose_and_compress(dtype):
    x = np.arange(3, dtype=dtype)
    _check(choosing, np.array([0, 1, 0]), x, np.arange(3, dtype=np.int64) * 7)
    a = np.arange(6, dtype=dtype).reshape(3, 2)
    _check(compressing, np.array([True, False, True]), a)
    _check(compressing, np.array([0, 1, 0, 0]), np.asfortranarray(a))

    def bad_choice(i, v):
        return np.choose(i, (v, v))

    def long_condition(c, v):
        return np.compress(c, v)

    with pytest.raises(ValueError, match="invalid entry in choice array"):
        kiln.jit(bad_choice)(np.array([0, 2]), x[:2])
    with pytest.raises(IndexError, match="out of bounds"):
        kiln.jit(long_condition)(np.array([True, False, True, True]), x)
