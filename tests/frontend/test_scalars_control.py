"""Scalar arithmetic on Python and NumPy numbers passed as arguments, differentially
against the plain Python function: values, signs of floor division and modulo, integer
wrap-around, NEP 50 promotion, and the exact Python type of every result."""

from __future__ import annotations

import numpy as np
import pytest
from scalar_support import check

import kiln


@kiln.jit
def arith(a, b):
    return a + b, a - b, a * b, a / b, a // b, a % b


@kiln.jit
def arith_no_floor(a, b):
    return a + b, a - b, a * b, a / b


@kiln.jit
def power(a, b):
    return a**b


@kiln.jit
def compare(a, b):
    return a < b, a <= b, a == b, a != b, a > b, a >= b


@kiln.jit
def unary(a):
    return -a, +a, not a, abs(a)


@kiln.jit
def invert(a):
    return ~a


@kiln.jit
def bitwise(a, b):
    return a & b, a | b, a ^ b, a << 2, a >> 1


INT_PAIRS = [(7, 2), (7, -2), (-7, 2), (-7, -2), (6, 3), (-6, 3), (0, 5), (2**40, 3)]
FLOAT_PAIRS = [(7.5, 2.0), (7.5, -2.0), (-7.5, 2.0), (-7.5, -2.0), (-0.0, 3.0), (0.0, -3.0), (1e300, 1e-10)]
MIXED_PAIRS = [(7, -2.5), (-7.5, 2), (True, 3), (False, 2.5), (3, True)]
NUMPY_PAIRS = [
    (np.int32(7), np.int32(-2)),
    (np.int32(-7), np.int32(2)),
    (np.int64(-7), 2),
    (7, np.int64(-2)),
    (np.int8(100), np.int8(100)),  # wraps around
    (np.int8(-128), np.int8(-1)),  # -128 // -1 wraps to -128
    (np.int16(-300), np.int8(7)),
    (np.uint8(250), np.uint8(10)),  # 260 wraps to 4
    (np.uint8(3), 4),
    (np.uint32(7), np.int32(-2)),  # promotes to int64
    (np.uint64(7), 3),
    (np.int64(-(2**63)), np.int64(-1)),
    (np.float32(1.5), np.float32(-0.25)),
    (np.float32(-7.5), 2),  # a Python int adopts float32
    (np.float32(7.5), 2.5),  # so does a Python float
    (np.float32(7.5), np.float64(2.0)),  # float64 wins
    (np.int32(7), 2.5),  # float64
    (np.int8(-7), np.float32(2.0)),
    (np.float64(-0.0), 1.0),
    (np.bool_(True), np.int8(3)),
    (np.bool_(True), 2.5),
]


@pytest.mark.parametrize("a, b", INT_PAIRS + FLOAT_PAIRS + MIXED_PAIRS + NUMPY_PAIRS)
def test_arithmetic(a, b):
    check(arith, a, b)


@pytest.mark.parametrize(
    "a, b",
    [
        (1 + 2j, 3 - 1j),
        (2, 1j),
        (-1.5, 2 - 2j),
        (np.complex64(1 - 1j), np.float32(2)),
        (np.complex128(3j), 2),
    ],
)
def test_complex_arithmetic(a, b):
    check(arith_no_floor, a, b, rtol=1e-15)


@pytest.mark.parametrize(
    "a, b",
    [
        (7, 0),  # ZeroDivisionError for Python numbers
        (7.0, 0.0),
        (-7, 0.0),
        (0.0, -0.0),
        (True, False),
    ],
)
def test_division_by_zero_of_python_numbers_raises(a, b):
    with pytest.raises(ZeroDivisionError):
        arith(a, b)
    check(arith, a, b)


@pytest.mark.parametrize(
    "a, b",
    [
        (np.int32(7), np.int32(0)),  # NumPy: 0 with a warning
        (np.int64(-7), 0),
        (np.float64(7.5), 0.0),  # inf, inf, nan
        (np.float64(-7.5), -0.0),
        (np.float32(0.0), np.float32(0.0)),  # nan
        (np.uint8(7), np.uint8(0)),
    ],
)
def test_division_by_zero_of_numpy_numbers(a, b):
    check(arith, a, b)


def test_complex_division_by_zero_raises():
    with pytest.raises(ZeroDivisionError):
        arith_no_floor(1 + 1j, 0j)


@pytest.mark.parametrize(
    "a, b",
    [
        (2, 10),
        (-3, 3),
        (2, 0),
        (0, 0),
        (2.0, -2),  # float
        (2, 0.5),
        (-8.0, 3.0),
        (4.0, -0.5),
        (np.int32(3), np.int32(4)),
        (np.int64(-2), np.int64(63)),  # wraps
        (np.int8(3), 5),  # 243 wraps to -13
        (np.uint8(3), np.uint8(6)),
        (np.float32(2.0), -1),
        (np.float32(2.0), 0.5),
        (np.float64(-8.0), 1 / 3),  # NumPy: nan
        (True, True),
        (1 + 1j, 2),  # exact: repeated multiplication
        (1 - 2j, -3),
        (2j, 0.5),
        (np.complex64(1 + 1j), 3),
    ],
)
def test_power(a, b):
    check(power, a, b, rtol=1e-13)


def test_power_exact_for_integer_complex_exponents():
    assert power(1 + 1j, 2) == 2j
    assert power(np.complex128(1 + 1j), np.int64(4)) == -4


@pytest.mark.parametrize(
    "a, b, error",
    [
        (0.0, -1.0, ZeroDivisionError),
        (0, -1.5, ZeroDivisionError),
        (np.int32(2), np.int32(-1), ValueError),  # NumPy: integers to negative integer powers
        (np.int64(2), -1, ValueError),
    ],
)
def test_power_errors(a, b, error):
    with pytest.raises(error):
        power(a, b)
    check(power, a, b)


@pytest.mark.parametrize("a, b", [(2, -2), (-8.0, 1 / 3)])
def test_power_whose_python_type_depends_on_values_raises(a, b):
    """2 ** -2 is a float and (-8.0) ** (1/3) a complex in Python: kiln's result type is fixed
    at compile time, so it raises rather than return a value of the wrong type."""
    assert isinstance(power.py_func(a, b), float | complex)
    with pytest.raises(NotImplementedError, match="kiln"):
        power(a, b)


@kiln.jit
def power_literals(x):
    return x**-1, 2**-2, x**2, (-2) ** 3, 10**-1


@pytest.mark.parametrize("x", [2, -3, 2.5])
def test_power_with_literal_exponents(x):
    check(power_literals, x)


@pytest.mark.parametrize(
    "a, b",
    [(1, 2), (2, 2), (3.5, 2), (-0.0, 0.0), (np.int32(5), 5.5), (np.float32(0.1), 0.1), (True, 1)]
    + [(np.uint8(3), -7), (np.int8(3), 1000), (np.int8(3), -1000), (np.uint64(5), -1), (np.int32(5), 2**40)]
    + [(-7, np.uint8(3)), (2**40, np.int32(5)), (np.uint16(7), 7)],
)
def test_comparisons(a, b):
    """Comparing with a Python int that does not fit the other side's dtype compares the
    values exactly (NumPy 2)."""
    check(compare, a, b)


@pytest.mark.parametrize("value", [-1000, -129, -128, 0, 127, 128, 255, 256])
def test_python_int_meeting_int8_and_uint8(value):
    """NEP 50: a Python int must fit the NumPy integer it meets (OverflowError otherwise)."""
    check(arith, np.int8(3), value)
    check(arith, np.uint8(3), value)
    check(compare, np.int8(3), value)


@kiln.jit
def add_to_int8_array(a, n):
    return a + n, a < n


@pytest.mark.parametrize("n", [5, 127, 128, -129, 300])
def test_python_int_meeting_int8_array(n):
    check(add_to_int8_array, np.array([-128, 0, 5, 127], dtype=np.int8), n)


@kiln.jit
def literal_overflow(a):
    return a + 1000


def test_out_of_range_literal_raises_at_run_time():
    with pytest.raises(OverflowError, match="1000 out of bounds for int8"):
        literal_overflow(np.int8(1))
    check(literal_overflow, np.int16(1))


@pytest.mark.parametrize(
    "a",
    [0, 5, -5, 0.0, -0.0, 2.5, True, False, 1 - 1j, np.int32(-4), np.int8(-128), np.float32(-1.5)]
    + [np.uint8(0), np.uint8(200), np.float64(np.nan), np.complex64(3 + 4j)],
)
def test_unary(a):
    check(unary, a)


@pytest.mark.parametrize("a", [0, 5, -5, True, np.int32(7), np.uint8(5), np.bool_(True), np.int64(-1)])
def test_invert(a):
    check(invert, a)


@pytest.mark.parametrize(
    "a, b",
    [(12, 10), (-12, 3), (True, False), (np.int32(-12), np.int32(7)), (np.uint8(200), 7), (np.int8(-1), 1)],
)
def test_bitwise(a, b):
    check(bitwise, a, b)


@kiln.jit
def chained(x, y, z):
    return x < y < z, x < y > z, x == y == z, 0 <= x < 10, x < y <= z < 100


@pytest.mark.parametrize(
    "x, y, z", [(1, 2, 3), (3, 2, 1), (1, 1, 1), (-1, 5, 0), (2, 3, 3), (0.5, 1.5, 2.5), (12, 13, 14)]
)
def test_chained_comparisons(x, y, z):
    check(chained, x, y, z)


@kiln.jit
def bool_ops(a, b):
    return a and b, a or b, not a, a and b and a, a or b or a


@pytest.mark.parametrize(
    "a, b",
    [(0, 5), (3, 5), (3, 0), (0, 0), (True, False), (False, True), (2.5, 0.0), (0.0, -1.5)]
    + [(np.int32(0), np.int32(4)), (np.int32(2), np.int32(0)), (np.float64(0.0), np.float64(2.0))],
)
def test_and_or_return_operand_values(a, b):
    """``and``/``or`` give the operand that decides, not a bool (operands of one type)."""
    check(bool_ops, a, b)


@kiln.jit
def conditional_expression(x, y):
    return x if x > y else y, (x - y if x > 0 else y - x), (1 if x else 0)


@pytest.mark.parametrize(
    "x, y",
    [
        (3, 2),
        (2, 3),
        (-1, 4),
        (0, 0),
        (2.5, 7.5),
        (np.int32(-5), np.int32(6)),
        (np.float32(1), np.float32(2)),
    ],
)
def test_conditional_expression(x, y):
    check(conditional_expression, x, y)


@kiln.jit
def widen_in_conditional(flag, x):
    return x if flag else 0.5


def test_conditional_expression_promotes_both_branches():
    # one type per expression: int and float branches give a float
    assert widen_in_conditional(True, 3) == 3.0
    assert type(widen_in_conditional(True, 3)) is float
    check(widen_in_conditional, False, 3)
