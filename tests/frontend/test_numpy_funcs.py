"""NumPy ufuncs called as functions (np.sqrt, np.minimum, np.where, ...): values, NaN and
infinity handling, NumPy's result dtypes, the float16 loops kiln refuses, and ``out=``."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, check, in_layout
except ImportError:
    from numpy_support import arr, check, in_layout


def unary(ufunc):
    def f(a):
        return ufunc(a)

    return kiln.jit(f)


def binary(ufunc):
    def f(a, b):
        return ufunc(a, b)

    return kiln.jit(f)


UNARY_FLOAT = [
    "sqrt",
    "exp",
    "log",
    "sin",
    "cos",
    "tan",
    "tanh",
    "absolute",
    "floor",
    "ceil",
    "sign",
    "square",
    "reciprocal",
    "negative",
]
PREDICATES = ["isnan", "isinf", "isfinite", "logical_not"]
UNARY = {name: unary(getattr(np, name)) for name in UNARY_FLOAT + PREDICATES}
UNARY["abs"] = unary(np.abs)

SPECIAL = [-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, np.nan, np.inf, -np.inf]
LAYOUT = {"float64": "C", "float32": "reversed", "int64": "strided", "int32": "C", "bool": "C"}


def special(dtype: str) -> np.ndarray:
    if dtype.startswith("float"):
        values = np.array(SPECIAL, dtype=dtype)
    elif dtype == "bool":
        values = np.array([True, False, False, True, True, False])
    else:
        values = np.array([-7, -3, -1, 0, 1, 2, 5, 9], dtype=dtype)
    return in_layout(values, LAYOUT[dtype])


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32"])
@pytest.mark.parametrize("name", UNARY_FLOAT + PREDICATES + ["abs"])
def test_unary_real(name, dtype):
    a = special(dtype)
    if name == "reciprocal" and dtype.startswith("int"):
        a = a[a != 0]  # 1 // 0 is undefined in NumPy's integer reciprocal
    check(UNARY[name], a)


@pytest.mark.parametrize("name", ["absolute", "square", "logical_not", "isnan", "isfinite"])
def test_unary_bool(name):
    check(UNARY[name], special("bool"))


@pytest.mark.parametrize("name", ["negative", "sign"])
def test_unary_bool_refused_like_numpy(name):
    check(UNARY[name], special("bool"), raises=TypeError)


def test_unary_2d_layouts():
    for layout in ("C", "F", "T", "strided"):
        check(UNARY["sqrt"], np.abs(arr((3, 4), "float64", layout)))
        check(UNARY["sign"], arr((3, 4), "int32", layout))


COMPLEX = np.array([1 + 2j, -0.5 + 0.25j, -3 - 1j, 2.5j, 0.75 + 0j, -1 - 1e-3j])


@pytest.mark.parametrize(
    "name",
    ["sqrt", "exp", "log", "sin", "cos", "tan", "tanh", "absolute", "square", "reciprocal", "negative"],
)
def test_unary_complex(name):
    check(UNARY[name], COMPLEX)


@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite", "absolute"])
def test_complex_predicates_with_specials(name):
    check(UNARY[name], np.array([1 + 1j, complex(np.nan, 1), complex(1, np.inf), complex(-np.inf, 0), 0j]))


@pytest.mark.parametrize("name", ["floor", "ceil", "isfinite"])
def test_complex_without_numpy_loop_raises_type_error(name):
    if name == "isfinite":  # control: this one has a complex loop
        check(UNARY[name], COMPLEX)
    else:
        check(UNARY[name], COMPLEX, raises=TypeError)
    check(BINARY["arctan2"], COMPLEX, COMPLEX, raises=TypeError)


COMPLEX_SPECIALS = np.array(
    [complex(*parts) for parts in [
        (0, 0), (-0.0, 0), (3, -4), (np.nan, 0), (0, np.nan), (np.inf, 0), (np.inf, 1), (-np.inf, 2),
        (1, -np.inf), (np.inf, np.inf), (-np.inf, np.inf), (np.inf, np.nan), (np.nan, np.inf),
        (np.nan, -np.inf), (1e300, 1e300), (1e-320, 0),
    ]]
)  # fmt: skip


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
def test_sign_complex(dtype):
    """NumPy 2: z / |z|; 0 for 0; an infinite part gives its direction; NaN gives nan+nanj."""
    check(UNARY["sign"], COMPLEX.astype(dtype))
    with np.errstate(over="ignore"):  # 1e300 overflows complex64
        check(UNARY["sign"], COMPLEX_SPECIALS.astype(dtype))


def test_result_dtypes_follow_numpy():
    assert UNARY["sqrt"](np.arange(4, dtype=np.int32)).dtype == np.float64
    assert UNARY["sqrt"](np.arange(4, dtype=np.int16)).dtype == np.float32
    assert UNARY["abs"](COMPLEX).dtype == np.float64
    assert UNARY["abs"](COMPLEX.astype(np.complex64)).dtype == np.float32
    assert UNARY["isnan"](np.arange(3)).dtype == np.bool_
    assert UNARY["floor"](np.arange(3, dtype=np.int32)).dtype == np.int32  # NumPy 2 keeps ints
    assert UNARY["negative"](np.arange(3, dtype=np.uint8)).dtype == np.uint8


@pytest.mark.parametrize("dtype", ["int8", "uint8", "bool"])
@pytest.mark.parametrize("name", ["sqrt", "exp", "sin", "tanh"])
def test_float16_loops_are_refused(name, dtype):
    # NumPy computes these in float16 for 1-byte inputs; kiln has no float16 and must say so.
    with pytest.raises(kiln.KilnError, match="float16"):
        UNARY[name](np.ones(3, dtype=dtype))


def test_float16_via_arctan2_refused():
    with pytest.raises(kiln.KilnError, match="float16"):
        BINARY["arctan2"](np.ones(3, np.int8), np.ones(3, np.int8))


# ------------------------------------------------------------------ binary ufuncs
BINARY_NAMES = ["arctan2", "minimum", "maximum", "fmin", "fmax", "power", "logical_and", "logical_or"]
BINARY = {name: binary(getattr(np, name)) for name in BINARY_NAMES}

NAN_PAIRS_A = np.array([1.0, np.nan, np.nan, 2.0, -0.0, np.inf, -np.inf, 3.0])
NAN_PAIRS_B = np.array([np.nan, 1.0, np.nan, -2.0, 0.0, 1.0, np.nan, 3.0])


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", ["minimum", "maximum", "fmin", "fmax", "arctan2"])
def test_binary_nan_handling(name, dtype):
    # minimum/maximum propagate NaN; fmin/fmax ignore it unless both are NaN
    check(BINARY[name], NAN_PAIRS_A.astype(dtype), NAN_PAIRS_B.astype(dtype))


@pytest.mark.parametrize(
    "name, dtype",
    [(n, d) for n in ("minimum", "maximum", "arctan2") for d in ("int64", "int32", "bool")][:-1],
)  # arctan2(bool, bool) is a float16 loop: test_float16_via_arctan2_refused
def test_binary_exact_kinds(name, dtype):
    check(BINARY[name], arr((7,), dtype, seed=1), arr((7,), dtype, seed=2))


@pytest.mark.parametrize("name", ["fmin", "fmax"])
@pytest.mark.parametrize("dtype", ["int64", "int32"])
def test_fmin_fmax_ints(name, dtype):
    check(BINARY[name], arr((7,), dtype, seed=1), arr((7,), dtype, seed=2))


@pytest.mark.parametrize("name", ["fmin", "fmax"])
def test_fmin_fmax_bool(name):
    check(BINARY[name], arr((7,), "bool", seed=1), arr((7,), "bool", seed=2))
    check(BINARY[name], np.array([True, True, False, False]), np.array([True, False, True, False]))


@pytest.mark.parametrize("name", ["minimum", "maximum", "fmin", "fmax"])
def test_complex_minmax_without_nan(name):
    check(BINARY[name], COMPLEX, COMPLEX[::-1].copy() * 1.5)


COMPLEX_NAN_GRID = np.array(
    [1 + 1j, complex(np.nan, 0), complex(0, np.nan), complex(1, np.nan), 1 - 1j, 2 + 0j]
)


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
@pytest.mark.parametrize("name", ["minimum", "maximum", "fmin", "fmax"])
def test_complex_minmax_nan(name, dtype):
    # minimum/maximum propagate a NaN in either part; fmin/fmax skip it (the first NaN wins
    # when both are NaN), and a NaN imaginary part makes the real parts incomparable
    a = np.array([1 + 1j, complex(np.nan, 0), 2 + 0j], dtype=dtype)
    b = np.array([complex(np.nan, 0), 1 + 1j, 1 - 1j], dtype=dtype)
    check(BINARY[name], a, b)
    grid = COMPLEX_NAN_GRID.astype(dtype)
    check(BINARY[name], np.repeat(grid, grid.size), np.tile(grid, grid.size))


@pytest.mark.parametrize(
    "a, b",
    [
        (arr((3, 4)), arr((4,), seed=3)),  # broadcasting a row
        (arr((3, 1), "float32"), arr((1, 4), "float32", seed=3)),  # outer
        (arr((3, 4), "int32"), 2.5),  # NEP 50: a Python float makes float64 from int32
        (arr((3, 4), "float32"), 2.5),  # ... but keeps float32
        (arr((3, 4), "float32", "F"), arr((3, 4), "float64", "T")),
    ],
)
@pytest.mark.parametrize("name", ["minimum", "arctan2", "fmax"])
def test_binary_broadcast_and_promotion(name, a, b):
    check(BINARY[name], a, b)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_power_float(dtype):
    base = np.array([-2.0, -0.5, 0.0, 0.5, 2.0, 3.0, np.nan, np.inf], dtype=dtype)
    expo = np.array([2.0, 0.5, -1.0, 3.0, -2.0, 0.0, 1.0, -1.0], dtype=dtype)
    if dtype == "complex128":
        base, expo = base[:6], expo[:6] + 0.5j
    check(BINARY["power"], base, expo)


@pytest.mark.parametrize("dtype", ["int64", "int32"])
def test_power_int(dtype):
    base = np.array([-3, -1, 0, 1, 2, 7, 3], dtype=dtype)
    expo = np.array([3, 5, 0, 9, 10, 2, 40], dtype=dtype)  # 3**40 wraps around
    check(BINARY["power"], base, expo)


@kiln.jit
def power_operator(a, b):
    return a**b


@pytest.mark.parametrize("f", [BINARY["power"], power_operator], ids=["np.power", "operator"])
@pytest.mark.parametrize(
    "a, b, raises",
    [
        (np.array([2, 3]), np.array([1, -1]), ValueError),
        (np.array([2, 3], np.int32), np.array([1, -1], np.int8), ValueError),
        (np.array([[2], [3]]), np.array([[1, 2, -3]]), ValueError),  # broadcast
        (np.int64(2), np.array([1, -2]), ValueError),
        (np.array([2, 3]), np.int32(-2), ValueError),
        (np.array([2, 3]), -1, ValueError),
        (np.array([5, 6])[::-1], np.array([4, 0, -1, 2])[::2], ValueError),  # strided views
        (np.array([5, 6])[::-1], np.array([4, -1, 1, 2])[::2], None),  # the -1 is not in the view
        (np.array([2, 3]), np.array([1, 2]), None),  # no negative exponent
        (np.array([2, 3], np.uint8), np.array([1, 255], np.uint8), None),  # unsigned: never negative
        (np.zeros((0, 3), np.int64), np.array([-1, 2, 3]), None),  # empty result: the loop meets none
        (np.array([], np.int64), -1, None),
        (np.array([2.0, 3.0]), np.array([1, -1]), None),  # a float loop allows it
    ],
)
def test_power_int_negative_exponent_raises(f, a, b, raises):
    """NumPy raises ValueError for a negative integer exponent in an integer power loop."""
    check(f, a, b, raises=raises)


def test_power_bool_and_mixed():
    check(BINARY["power"], np.array([True, False]), np.array([True, True]))
    check(BINARY["power"], arr((5,), "int32"), 2.0)


@pytest.mark.parametrize("name", ["logical_and", "logical_or"])
def test_logical_bool(name):
    check(BINARY[name], arr((6,), "bool", seed=1), arr((6,), "bool", seed=2))


TRUTH_A = np.array([2.0, 0.0, 1.0, -0.0, np.nan, 0.0, -3.5, np.inf])
TRUTH_B = np.array([1.0, 0.0, 0.0, 4.0, 0.0, np.nan, -0.0, 2.0])


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "complex128"])
@pytest.mark.parametrize("name", ["logical_and", "logical_or"])
def test_logical_non_bool(name, dtype):
    """Non-bool operands count by their truth (x != 0; NaN is true), as in NumPy."""
    check(BINARY[name], arr((6,), dtype, seed=1), arr((6,), dtype, seed=2))
    with np.errstate(invalid="ignore"):
        a, b = TRUTH_A.astype(dtype), TRUTH_B.astype(dtype)
        if dtype == "complex128":  # a purely imaginary number is true by its imaginary part
            a, b = a * 1j, b + 0j
    check(BINARY[name], a, b)
    check(BINARY[name], a, 0.0)  # a weak Python scalar operand
    check(BINARY[name], arr((2, 3), dtype, "F", seed=1), arr((3,), dtype, seed=2))


# ------------------------------------------------------------------ np.where
@kiln.jit
def where3(c, x, y):
    return np.where(c, x, y)


@kiln.jit
def where_expr(a):
    return np.where(a > 0, a, 0.0)


@kiln.jit
def where_int_literal(a):
    return np.where(a > 0, a, -1)


@pytest.mark.parametrize(
    "x, y",
    [
        (arr((4,), "float64"), arr((4,), "float64", seed=1)),
        (arr((4,), "int32"), arr((4,), "float32", seed=1)),  # -> float64
        (arr((4,), "int32"), 2),  # Python int stays weak: int32
        (arr((3, 4), "float32", "F"), 0.5),
        (1, 2.5),
    ],
)
def test_where(x, y):
    check(where3, arr((4,), "bool", seed=7), x, y)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32"])
def test_where_with_scalar_branches(dtype):
    check(where_expr, arr((3, 4), dtype, "T"))
    check(where_int_literal, arr((5,), dtype))


def test_where_condition_not_bool():
    check(where3, arr((4,), "int32"), arr((4,)), 0.0)


def test_where_broadcast_mismatch_raises():
    check(where3, arr((4,), "bool"), arr((3,)), 0.0, raises=ValueError)


# ------------------------------------------------------------------ out=
@kiln.jit
def sqrt_out(a, out):
    np.sqrt(a, out=out)
    return out


@kiln.jit
def add_out(a, b, out):
    return np.add(a, b, out=out)


@kiln.jit
def multiply_into_first(a, b):
    np.multiply(a, b, out=a)


@kiln.jit
def negative_shifted(a):
    np.negative(a[:-1], out=a[1:])


@kiln.jit
def exp_out_tuple(a, out):
    np.exp(a, out=(out,))


@kiln.jit
def exp_out_strided(a, out):
    np.exp(a, out=out[::2])


@kiln.jit
def sqrt_out_none(a):
    return np.sqrt(a, out=None)


@kiln.jit
def minimum_positional_out(a, b, out):
    np.minimum(a, b, out)
    return out


@kiln.jit
def sqrt_scalar_out(x, out):
    np.sqrt(x, out=out)


@pytest.mark.parametrize("out_dtype", ["float64", "float32", "complex128"])
def test_out_same_kind(out_dtype):
    check(sqrt_out, arr((6,)) ** 2, np.zeros(6, dtype=out_dtype))


@pytest.mark.parametrize("out_dtype", ["int64", "bool"])
def test_out_unsafe_cast_raises(out_dtype):
    a, out = arr((6,)), np.zeros(6, dtype=out_dtype)
    with pytest.raises(TypeError):
        sqrt_out.py_func(a, out)
    with pytest.raises(TypeError, match="Cannot cast ufunc 'sqrt' output"):
        sqrt_out(a, out)


def test_out_returns_the_out_array():
    out = np.zeros(4)
    assert sqrt_out(arr((4,)) ** 2, out) is out


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_out_variants(layout):
    check(add_out, arr((3, 4), "float64", layout), arr((4,), seed=1), np.zeros((3, 4)))
    check(add_out, arr((4,)), 1.0, np.zeros((2, 4)))  # the result broadcasts into out
    check(add_out, arr((4,), "int32"), 1, np.zeros(4, np.int32))
    check(multiply_into_first, arr((3, 4), "float64", layout), arr((3, 4), seed=1))


def test_out_aliasing_reads_before_writes():
    check(negative_shifted, arr((6,)))
    check(negative_shifted, arr((6,), "int32", "strided"))


def test_out_forms():
    check(exp_out_tuple, arr((5,)), np.zeros(5))
    check(exp_out_strided, arr((3,)), np.zeros(6))
    check(sqrt_out_none, arr((5,)) ** 2)
    check(minimum_positional_out, arr((5,)), arr((5,), seed=1), np.zeros(5))
    check(sqrt_scalar_out, 4.0, np.zeros(3))


def test_out_shape_mismatch_raises():
    check(add_out, arr((4,)), arr((4,)), np.zeros(5), raises=ValueError)
    check(add_out, arr((2, 4)), arr((4,)), np.zeros((1, 4)), raises=ValueError)  # out is not broadcast


def test_out_with_fewer_axes_than_the_result_raises_value_error():
    check(add_out, arr((1, 4)), arr((4,)), np.zeros(4), raises=ValueError)


def test_out_with_fewer_axes_than_the_result_raises():
    """Unlike setitem (``out[:] = r``), a result of shape (1, 4) does not fit an out of shape (4,)."""
    with pytest.raises((ValueError, TypeError), match="non-broadcastable output operand"):
        add_out(arr((1, 4)), arr((4,)), np.zeros(4))


@kiln.jit
def logical_xor(a, b):
    return np.logical_xor(a, b)


def test_logical_xor_bool():
    check(logical_xor, arr((6,), "bool", seed=1), arr((6,), "bool", seed=2))


@pytest.mark.parametrize("dtype", ["float64", "int64", "complex128"])
def test_logical_xor_non_bool(dtype):
    check(logical_xor, np.array([2.0, 0.0, 1.0]).astype(dtype), np.array([1.0, 0.0, 0.0]).astype(dtype))
    check(logical_xor, TRUTH_A, TRUTH_B)
    check(logical_xor, np.array([3, 0, -1], dtype=np.int32), True)
