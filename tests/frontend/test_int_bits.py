"""Bit operations (``& | ^ << >> ~``) on NumPy integers, unsigned ones above all, mixed with
Python ints under NumPy 2's rules (NEP 50: a Python int takes the NumPy operand's type, and
must fit it). Differential against the plain Python function."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_support import arr, check

import kiln


@kiln.jit
def bit_and(x, y):
    return x & y


@kiln.jit
def bit_or(x, y):
    return x | y


@kiln.jit
def bit_xor(x, y):
    return x ^ y


@kiln.jit
def shift_left(x, y):
    return x << y


@kiln.jit
def shift_right(x, y):
    return x >> y


@kiln.jit
def invert(x):
    return ~x


@kiln.jit
def crc_step(crc, poly):
    crc = (crc << 1) & 0xFFFF
    crc = crc ^ poly
    return crc >> 3


@kiln.jit
def crc_table(data):
    crc = np.uint16(0xFFFF)
    for b in data:
        crc ^= np.uint16(b) << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = (crc << 1) ^ 0x1021
            else:
                crc = crc << 1
    return crc


@kiln.jit
def crc_python_ints(data, poly):
    crc = 0xFFFF
    for b in data:
        cur = 0xFF & b
        for _ in range(8):
            if (crc & 1) ^ (cur & 1):
                crc = (crc >> 1) ^ poly
            else:
                crc >>= 1
            cur >>= 1
    crc = ~crc & 0xFFFF
    return (crc << 8) | ((crc >> 8) & 0xFF)


@kiln.jit
def inplace_bits(a, k):
    a ^= 0x5A
    a >>= k
    a |= np.uint8(1)
    a <<= 1
    return a


def _scalar(dtype: str, value: int) -> np.generic:
    return np.dtype(dtype).type(value)


OPS = [bit_and, bit_or, bit_xor, shift_left, shift_right]


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", ["uint8", "uint16", "uint64", "int8", "int64"])
def test_with_python_ints(op: object, dtype: str) -> None:
    for y in (3, 0x21):  # one compilation serves every int value
        check(op, arr((5,), dtype), y)
        check(op, _scalar(dtype, 77), y)
    check(op, y, _scalar(dtype, 2))
    check(op, _scalar(dtype, 9), True)


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize(
    ("dx", "dy"), [("uint8", "uint16"), ("uint32", "int8"), ("bool", "uint8"), ("int16", "uint64")]
)
def test_mixed_numpy_types(op: object, dx: str, dy: str) -> None:
    x = np.abs(arr((4,), dx)) if dx != "bool" else arr((4,), dx)
    # uint64 with a signed type has no common integer type: NumPy raises TypeError
    fails = TypeError if "uint64" in (dx, dy) and "int" in (dx + dy).replace("uint", "") else None
    check(op, x, np.abs(arr((4,), dy)) % 7, raises=fails)
    check(op, _scalar(dx, 5), _scalar(dy, 3), raises=fails)


@pytest.mark.parametrize("dtype", ["uint8", "uint32", "uint64", "int16", "bool"])
def test_invert(dtype: str) -> None:
    check(invert, arr((6,), dtype, "reversed"))
    check(invert, _scalar(dtype, 1))


def test_python_int_must_fit_the_unsigned_type() -> None:
    check(bit_and, _scalar("uint8", 3), -1, raises=OverflowError)
    check(bit_xor, arr((3,), "uint16"), 0x10000, raises=OverflowError)


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "int32"])
def test_crc_arithmetic_keeps_the_type(dtype: str) -> None:
    check(crc_step, _scalar(dtype, 0xBEEF), 0x1021)
    check(crc_step, arr((5,), dtype, "strided") % 1000, 0x1021)


@pytest.mark.parametrize("n", [0, 1, 33])
def test_whole_crcs(n: int) -> None:
    data = (np.arange(n) * 37 % 256).astype(np.uint8)
    check(crc_table, data)
    check(crc_python_ints, data, 0x8408)


@pytest.mark.parametrize("k", [0, 1, 3])
def test_inplace_on_unsigned_arrays(k: int) -> None:
    check(inplace_bits, np.arange(10, dtype=np.uint8) * 25, k)
