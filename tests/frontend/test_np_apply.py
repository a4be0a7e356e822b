"""``np.vectorize`` and ``np.apply_along_axis`` against NumPy: Python functions, lambdas and
closures applied element by element (with NumPy's Python-number arguments, broadcasting,
keyword arguments, ``otypes``, tuple results, the decorator form) and slice by slice (every
axis, results that are numbers, vectors or matrices, extra arguments), over dtypes, empty and
one-element shapes and C/F/strided layouts; NumPy's errors and kiln's refusals."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    assert type(got) is type(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def ramp(x, lo):
    if x < lo:
        return lo
    return x * 2.5


@np.vectorize
def signed_sum(x, y):
    return x + y if x > 0 else x - y


def vectorized(a, b):
    v = np.vectorize(ramp)
    return v(a, 0.5), signed_sum(a, b), v(a, lo=1.0), v(2.0, 0.5), np.vectorize(lambda x: x > 0)(a)


def typed(a):
    both = np.vectorize(lambda x: (x * 3, x > 1), otypes=[np.float32, bool])
    as_int = np.vectorize(lambda x: x // 2 + 1, otypes="l")
    return both(a), as_int(a)


def closure(a, scale):
    def scaled(x):
        return abs(x) * scale

    return np.vectorize(scaled)(a)


def _layouts(a):
    return {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=-1)[..., ::2]}


# every dtype in C order, and the other layouts for two of them (each pair compiles anew)
_CASES = [(d, "C") for d in (np.float64, np.float32, np.int32, np.int64, np.uint8)]
_CASES += [(np.float64, "F"), (np.float64, "strided"), (np.int32, "strided")]


@pytest.mark.parametrize(("dtype", "layout"), _CASES)
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (2, 3)])
def test_vectorize(dtype, shape, layout):
    base = (np.arange(np.prod(shape)).reshape(shape) % 5).astype(dtype)
    a = _layouts(base)[layout]
    b = np.arange(shape[1]).astype(np.int16)  # broadcast along the rows
    if a.size == 0:
        for f, args in ((vectorized, (a, b)), (closure, (a, 2))):
            with pytest.raises(ValueError, match="size 0 inputs"):
                f(*args)
            with pytest.raises(ValueError, match="size 0 inputs"):
                _jit(f)(*args)
    else:
        _same(_jit(vectorized)(a, b), vectorized(a, b))
        _same(_jit(closure)(a, 2), closure(a, 2))
    _same(_jit(typed)(a), typed(a))


def test_vectorize_of_complex_and_bool():
    z = np.array([1 + 2j, -3j, 0.5])
    f = np.vectorize(lambda w: w.conjugate() * 2)
    _same(_jit(lambda z: f(z))(z), f(z))
    m = np.array([[True, False], [False, False]])
    g = np.vectorize(lambda p, q: p or q)
    _same(_jit(lambda m: g(m, m.T))(m), g(m, m.T))


def rows(a):
    return (
        np.apply_along_axis(lambda r: r.max() * 2, 1, a),
        np.apply_along_axis(lambda r: r[::-1] + r[0], 0, a),
        np.apply_along_axis(np.sort, -1, a),
        np.apply_along_axis(np.outer, 0, a, np.ones(2)),
        np.apply_along_axis(lambda r, k: r[:k].sum() > 2, 1, a, 2),
    )


@pytest.mark.parametrize(("dtype", "layout"), [*_CASES[:4], *_CASES[-3:]])
@pytest.mark.parametrize("shape", [(1, 1), (3, 4), (2, 1)])
def test_apply_along_axis(dtype, shape, layout):
    a = _layouts((np.arange(np.prod(shape)).reshape(shape) * 7 % 5).astype(dtype))[layout]
    _same(_jit(rows)(a), rows(a))


def cube(a):
    return np.apply_along_axis(lambda r: r @ r, 1, a), np.apply_along_axis(lambda r: r * 2, 2, a)


def test_apply_along_axis_in_three_dimensions_and_in_order():
    a = np.arange(24.0).reshape(2, 3, 4)
    _same(_jit(cube)(a), cube(a))

    def seen(a):
        order = []

        def note(r):
            order.append(r[0])
            return r[0]

        np.apply_along_axis(note, 0, a)
        return np.array(order)

    np.testing.assert_array_equal(_jit(seen)(a[0]), seen(a[0]))


def test_errors_as_numpy():
    empty = np.zeros((0, 3))
    f = _jit(lambda a: np.apply_along_axis(np.sum, 1, a))
    with pytest.raises(ValueError, match="iteration dimensions are 0"):
        np.apply_along_axis(np.sum, 1, empty)
    with pytest.raises(ValueError, match="iteration dimensions are 0"):
        f(empty)
    with pytest.raises(np.exceptions.AxisError):
        np.apply_along_axis(np.sum, 2, np.ones((2, 2)))
    with pytest.raises(kiln.KilnError, match="out of bounds"):
        _jit(lambda a: np.apply_along_axis(np.sum, 2, a))(np.ones((2, 2)))


def test_refused_with_a_location():
    with pytest.raises(kiln.UnsupportedError, match="signature"):
        _jit(lambda a: np.vectorize(np.sum, signature="(n)->()")(a))(np.ones((2, 2)))
    with pytest.raises(kiln.UnsupportedError, match="returns arrays"):
        _jit(lambda a: np.vectorize(lambda x: np.ones(2) * x)(a))(np.ones(2))
    with pytest.raises(kiln.UnsupportedError, match="axis not written"):
        _jit(lambda a, k: np.apply_along_axis(np.sum, k, a))(np.ones((2, 2)), 1)


def test_python_ints_that_do_not_fit_and_uint64_and_keywords():
    powers = np.vectorize(lambda x: 2**x)  # typed int8 by its first call, which NumPy makes on int8
    with pytest.raises(OverflowError, match="Python integer 1024 out of bounds for int8"):
        powers(np.array([10, 12], np.int8))
    with pytest.raises(OverflowError, match="Python integer 1024 out of bounds for int8"):
        _jit(lambda a: powers(a))(np.array([10, 12], np.int8))
    _same(_jit(lambda a: powers(a))(np.array([2, 6], np.int8)), powers(np.array([2, 6], np.int8)))
    with pytest.raises(kiln.UnsupportedError, match="uint64"):
        _jit(lambda a: np.vectorize(lambda x: x // 2)(a))(np.array([2**64 - 2], np.uint64))
    a = np.arange(6.0).reshape(2, 3)
    keyed = _jit(lambda a: np.apply_along_axis(np.sum, axis=0, arr=a))
    _same(keyed(a), np.apply_along_axis(np.sum, axis=0, arr=a))
