"""The ``math`` module and the builtins abs/min/max/int/float/bool/len/range/round on
scalars, differentially against the plain Python function (result types included)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scalar_support import check

import kiln


@kiln.jit
def math_unary(x):
    return (
        math.sqrt(x),
        math.exp(x),
        math.log(x),
        math.log(x, 2),
        math.log(x, 10.0),
        math.sin(x),
        math.cos(x),
        math.tan(x),
        math.fabs(x),
        math.isnan(x),
        math.isinf(x),
    )


@kiln.jit
def math_binary(x, y):
    return math.atan2(x, y), math.hypot(x, y), math.atan2(y, x), math.hypot(x, 3)


@kiln.jit
def rounding(x):
    return math.floor(x), math.ceil(x), math.trunc(x), round(x), int(x)


@kiln.jit
def constants(x):
    return math.pi * x, math.e + x, math.inf, -math.inf, math.isnan(math.nan), math.tau / 2


@pytest.mark.parametrize(
    "x", [2.5, 0.5, 1.0, 1e-3, 7, 1, True, np.float32(2.5), np.float64(50.0), np.int32(4)]
)
def test_math_functions(x):
    check(math_unary, x, rtol=1e-15)


@pytest.mark.parametrize("x", [float("inf"), float("nan")])
def test_math_functions_of_non_finite_values(x):
    """These raise in Python only in ``tan``/``sin``/``cos`` of inf (math domain error);
    ``isnan``/``isinf``/``fabs``/``exp``/``sqrt`` are exact."""
    assert math_unary(x)[9] == math.isnan(x)
    assert math_unary(x)[10] == math.isinf(x)
    assert math.isnan(math_unary(x)[5])


@pytest.mark.parametrize(
    "x, y", [(1.0, 2.0), (-1.0, 2.0), (0.0, -0.0), (-0.0, -1.0), (3, 4), (np.float32(1), 2.0)]
)
def test_math_binary(x, y):
    check(math_binary, x, y, rtol=1e-15)


@pytest.mark.parametrize(
    "x",
    [2.5, 3.5, -2.5, -0.5, 0.5, 1.5, -1.7, 1.7, 7, -7, True, 0.0, -0.0, 1e15 + 0.5, 2.0**62]
    + [np.float32(2.5), np.float64(-3.5), np.int32(-4), np.uint8(3)],
)
def test_rounding(x):
    """floor/ceil/trunc/round/int give Python ints; round is half-to-even."""
    if isinstance(x, np.integer | np.floating):
        check(rounding_numpy, x)
    else:
        check(rounding, x)


@kiln.jit
def rounding_numpy(x):  # math.trunc(np.float32) raises in Python: no __trunc__
    return math.floor(x), math.ceil(x), round(x), int(x)


@pytest.mark.parametrize(
    "x, error", [(float("nan"), ValueError), (float("inf"), OverflowError), (-float("inf"), OverflowError)]
)
def test_rounding_non_finite_raises(x, error):
    with pytest.raises(error):
        rounding(x)
    for f in (rounding_floor, rounding_int, rounding_round):
        check(f, x)


@kiln.jit
def rounding_floor(x):
    return math.floor(x)


@kiln.jit
def rounding_int(x):
    return int(x)


@kiln.jit
def rounding_round(x):
    return round(x)


def test_rounding_beyond_int64_raises():
    """A Python int holds 1e300; kiln's Python ints are 64-bit, so it raises instead of wrapping."""
    with pytest.raises(OverflowError):
        rounding_floor(1e300)
    with pytest.raises(OverflowError):
        rounding_int(2.0**63)
    assert rounding_int(-(2.0**63)) == -(2**63)


@pytest.mark.parametrize("x", [0.0, 1.5, -2.0, 3, 10**6, np.float32(0.25), np.int64(9)])
def test_math_constants(x):
    check(constants, x)


@kiln.jit
def builtins_pair(x, y):
    return abs(x), abs(y), min(x, y), max(x, y), min(y, x), max(y, x)


@pytest.mark.parametrize(
    "x, y",
    [(3, -4), (-3.5, 2.5), (2.0, 2.0), (-0.0, 0.0), (0.0, -0.0), (np.int32(-7), np.int32(3))]
    + [(np.float32(-1.5), np.float32(2)), (np.int8(-128), np.int8(1)), (np.uint8(200), np.uint8(3))]
    + [(float("nan"), 1.0), (1.0, float("nan")), (True, False), (np.float64(np.nan), np.float64(-1.0))],
)
def test_abs_min_max(x, y):
    """min/max keep the first extreme operand, NaN included, as Python's do."""
    check(builtins_pair, x, y)


@kiln.jit
def min_max_many(a, b, c):
    return min(a, b, c), max(a, b, c), min((a, b)), max((c, b, a))


@pytest.mark.parametrize("a, b, c", [(1, 2, 3), (3, 1, 2), (2, 3, 1), (2, 2, 2), (1.5, -1.5, 0.0)])
def test_min_max_of_several(a, b, c):
    check(min_max_many, a, b, c)


@kiln.jit
def conversions(x):
    return int(x), float(x), bool(x), complex(x)


@pytest.mark.parametrize(
    "x", [0, 7, -7, 2.9, -2.9, -0.0, 0.0, True, False, np.int32(-3), np.float32(2.75), np.uint8(255)]
)
def test_conversions(x):
    check(conversions, x)


@kiln.jit
def conversions_from_complex(z):
    return bool(z), complex(z)


@pytest.mark.parametrize("z", [0j, 1j, 2 + 0j, np.complex64(0), np.complex128(-1 + 1j)])
def test_conversions_from_complex(z):
    check(conversions_from_complex, z)


@kiln.jit
def int_of_complex(z):
    return int(z)


def test_int_of_complex_is_a_type_error():
    with pytest.raises(TypeError):
        int_of_complex(1 + 1j)


@kiln.jit
def math_of_complex(z):
    return math.sqrt(z)


def test_math_of_complex_is_a_type_error():
    with pytest.raises(TypeError):
        math_of_complex(-1 + 0j)


@kiln.jit
def lengths(a, t):
    return len(a), len(a) * 2.5, len(a) // 2, len((1, 2, 3)), len(a) - t


@pytest.mark.parametrize("shape", [(0,), (1,), (5,), (3, 4), (0, 2)])
def test_len(shape):
    check(lengths, np.zeros(shape), 1)


@kiln.jit
def range_lengths(a, b, c):
    return len(range(a, b, c)), len(range(a, b)), len(range(b)), len(range(a, b, 3)), len(range(b, a, -2))


@pytest.mark.parametrize(
    "a, b, c",
    [(0, 10, 3), (0, 9, 3), (10, 0, -3), (10, 0, 3), (0, 10, -1), (-5, 5, 4), (5, 5, 1), (7, -8, -5)],
)
def test_len_of_range(a, b, c):
    check(range_lengths, a, b, c)


@kiln.jit
def round_digits(x):
    return round(x, 2)


def test_round_with_digits_rounds_the_exact_value():
    assert round_digits(2.675) == round(2.675, 2) == 2.67  # 2.675 is 2.67499999... in binary


@kiln.jit
def bool_of_values(x, y):
    return bool(x) and bool(y), bool(x - y)


@pytest.mark.parametrize("x, y", [(0, 0), (1, 1), (2.5, 0.0), (-0.0, 0.0), (np.int32(3), np.int32(3))])
def test_bool(x, y):
    check(bool_of_values, x, y)


@kiln.jit
def divmod_and_pow(a, b):
    q, r = divmod(a, b)
    return q, r, pow(a, 2), pow(2.0, b)


@pytest.mark.parametrize(
    "a, b", [(7, 2), (-7, 2), (7, -2), (7.5, -2.0), (np.int32(-9), np.int32(4)), (np.float32(5), 3)]
)
def test_divmod_and_pow_builtins(a, b):
    check(divmod_and_pow, a, b)


@kiln.jit
def divmod_array(a, b):
    return divmod(a, b)


def test_divmod_of_arrays():
    check(divmod_array, np.array([-7, 7, 0, 5]), 3)
    check(divmod_array, np.array([-7.5, 7.5, 0.0]), -2.0)


@kiln.jit
def starred_target(x):
    a, *b = (x, 2, 3)
    return a, b[0]


def test_starred_assignment_is_unsupported():
    with pytest.raises(kiln.UnsupportedError, match="starred"):
        starred_target(1)


@kiln.jit
def real_imag(x):
    return x.real, x.imag, x.conjugate()


@kiln.jit
def literal_real_imag():
    return (3).imag, (3).real, (2.5).imag, (1 + 2j).real, (1 + 2j).imag, True.real, False.imag


@pytest.mark.parametrize(
    "x",
    [3, -7, 2.5, -0.0, 1 + 2j, True, False,
     np.int32(3), np.float32(2.5), np.complex64(1 + 2j), np.bool_(True), np.uint8(200)],
)  # fmt: skip
def test_real_and_imag_keep_python_numbers_python(x):
    """``(3).imag`` is the Python int 0 (not np.int64(0)); NumPy scalars give NumPy scalars."""
    check(real_imag, x)


def test_real_and_imag_of_literals():
    check(literal_real_imag)
