"""Python ints at the edges of kiln's 64-bit ints: constant expressions fold exactly or are
refused where they are written (``x + 2**70`` once compiled as ``x + 0``), shifts raise as
Python does, complex numbers do not order, and division by zero raises for Python ints while
NumPy integers give NumPy's 0."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import kiln


def _big_add(x):
    return x + 2**70


def _shift_constant(x):
    return x + (1 << 64)


def _product_constant(x):
    return x * (2**40 * 2**40)


@pytest.mark.parametrize("fn", [_big_add, _shift_constant, _product_constant])
def test_constant_beyond_int64_is_refused_with_location(fn):
    with pytest.raises(kiln.UnsupportedError, match="does not fit in int64") as info:
        kiln.jit(fn)(1.0)
    assert "test_python_int_limits.py" in str(info.value)


def test_constants_inside_int64_fold_exactly():
    @kiln.jit
    def f(x):
        y = x + 2**62 + (1 << 62) - 3**39 + (2**63 - 1) // 7
        return y + (-(2**62)) % 5 + (7 ^ 12) + (-(2**63) // 2**62)

    assert f(1) == f.py_func(1)


@kiln.jit
def _shift_left(a, b):
    return a << b


@kiln.jit
def _shift_right(a, b):
    return a >> b


@pytest.mark.parametrize("a, b", [(1, 0), (1, 62), (-1, 63), (3, 61), (-5, 2), (0, 500), (0, 63)])
def test_python_int_left_shift_that_fits(a, b):
    assert _shift_left(a, b) == a << b


@pytest.mark.parametrize("a, b", [(1, 63), (1, 64), (3, 62), (2**62, 1), (-(2**62) - 1, 1), (1, 1000)])
def test_python_int_left_shift_past_int64_raises(a, b):
    with pytest.raises(OverflowError):
        _shift_left(a, b)


@pytest.mark.parametrize("fn", [_shift_left, _shift_right])
def test_negative_shift_count_raises_as_python(fn):
    with pytest.raises(ValueError, match="negative shift count"):
        fn(5, -1)


@pytest.mark.parametrize("a, b", [(5, 1), (-5, 70), (2**62, 63), (-1, 0)])
def test_python_int_right_shift(a, b):
    assert _shift_right(a, b) == a >> b


def test_numpy_integer_shift_keeps_numpy_rules():
    @kiln.jit
    def f(a, b):
        return a << b

    a = np.array([1, 2, 3], np.int64)
    np.testing.assert_array_equal(f(a, 64), a << 64)


def _lt(a, b):
    return a < b


def _le(a, b):
    return a <= b


def _gt(a, b):
    return a > b


def _ge(a, b):
    return a >= b


@pytest.mark.parametrize("fn", [_lt, _le, _gt, _ge])
def test_complex_ordering_raises_type_error(fn):
    with pytest.raises(TypeError, match="not supported between instances of 'complex'") as python:
        fn(1j, 2j)
    with pytest.raises(TypeError) as compiled:
        kiln.jit(fn)(1j, 2j)
    assert str(compiled.value) == str(python.value)


def test_complex_ordering_only_raises_when_reached():
    @kiln.jit
    def f(a, b, flag):
        if flag:
            return a < b
        return False

    assert not f(1j, 2j, False)
    with pytest.raises(TypeError):
        f(1j, 2j, True)


@kiln.jit
def _floordiv(a, b):
    return a // b


@kiln.jit
def _mod(a, b):
    return a % b


@pytest.mark.parametrize("fn", [_floordiv, _mod])
def test_division_by_zero_python_ints_raise_numpy_ints_give_zero(fn):
    with pytest.raises(ZeroDivisionError):
        fn(5, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = fn.py_func(np.int64(5), np.int64(0))
        assert fn(np.int64(5), np.int64(0)) == expected == 0
