"""``out=`` operands of ufuncs (keyword, positional, one-tuple): the result is written into
``out`` with NumPy's casting rule ('same_kind'), inputs broadcast to ``out``'s shape but never
``out`` to theirs, and an ``out`` that overlaps an input reads every input first.
Differential against the plain Python function."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_support import arr, check

import kiln


@kiln.jit
def add_into(a, b, c):
    np.add(a, b, out=c)
    return c


@kiln.jit
def exp_in_place(a):
    np.exp(a, out=a)
    return a


@kiln.jit
def multiply_positional(a, c):
    np.multiply(a, 2, c)
    return c


@kiln.jit
def out_tuple(a, c):
    r = np.subtract(a, 1, out=(c,))
    r[0] = 5
    return c


@kiln.jit
def shifted_overlap(a):
    np.add(a[1:], a[:-1], out=a[1:])
    return a


@kiln.jit
def reversed_overlap(a):
    np.negative(a[::-1], out=a)
    return a


@kiln.jit
def into_a_view(a, c):
    np.sqrt(a, out=c[::2])
    return c


@kiln.jit
def returned_is_out(a, c):
    r = np.maximum(a, 0, out=c)
    r += 1
    return c


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "complex128"])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_add_into(dtype: str, layout: str) -> None:
    check(add_into, arr((3, 4), dtype, layout), arr((4,), dtype), arr((3, 4), dtype, layout))


@pytest.mark.parametrize("shape", [(0,), (1,), (2, 3)])
def test_inputs_broadcast_to_out(shape: tuple[int, ...]) -> None:
    check(add_into, arr(shape[-1:]), 1.5, arr((2, *shape)))


def test_out_is_not_broadcast() -> None:
    check(add_into, arr((2, 3)), arr((2, 3)), arr((3,)), raises=ValueError)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_in_place(dtype: str) -> None:
    check(exp_in_place, arr((5,), dtype, "reversed"))


def test_positional_and_tuple_out() -> None:
    check(multiply_positional, arr((6,), "int64"), arr((6,), "int32"))
    check(multiply_positional, arr((6,), "int16"), arr((2, 6), "float64"))
    check(out_tuple, arr((4,), "float32"), arr((4,), "float64"))
    check(returned_is_out, arr((4,), "int64"), arr((4,), "int64"))


def test_casting_rule() -> None:
    check(multiply_positional, arr((3,), "float64"), arr((3,), "int64"), raises=TypeError)
    check(add_into, arr((3,), "int64"), 1.5, arr((3,), "int32"), raises=TypeError)


@pytest.mark.parametrize("dtype", ["float64", "int64"])
def test_overlapping_out(dtype: str) -> None:
    check(shifted_overlap, arr((7,), dtype))
    check(reversed_overlap, arr((6,), dtype))
    check(into_a_view, np.abs(arr((3,))), arr((6,)))
