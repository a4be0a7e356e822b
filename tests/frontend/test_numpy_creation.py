"""Array creation: empty/zeros/ones/full (+ *_like), arange, linspace, copy, astype, array,
asarray -- differential against the same functions run by NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, assert_same, check
except ImportError:
    from numpy_support import arr, assert_same, check


# ------------------------------------------------------------------ zeros / ones / full / empty
@kiln.jit
def zeros_int(n):
    return np.zeros(n)


@kiln.jit
def zeros_f32(n, m):
    return np.zeros((n, m), dtype=np.float32)


@kiln.jit
def ones_int(n):
    return np.ones((n, 2), dtype=int)


@kiln.jit
def ones_str(n):
    return np.ones((2, n, 2), dtype="int32")


@kiln.jit
def zeros_pyfloat(n):
    return np.zeros(n, float)


@kiln.jit
def zeros_of(a):
    return np.zeros(a.shape, dtype=a.dtype)


@kiln.jit
def ones_bool(n):
    return np.ones((n,), dtype=bool)


@kiln.jit
def full_float(n):
    return np.full((n, 3), 7.5)


@kiln.jit
def full_int_as_f32(n):
    return np.full((2, n), -7, dtype=np.float32)


@kiln.jit
def full_int(n):
    return np.full(n, 3)


@kiln.jit
def full_true(n):
    return np.full(n, True)


@kiln.jit
def full_of_arg(n, x):
    return np.full((n, 2), x)


@kiln.jit
def full_row(a):
    return np.full((3, a.shape[0]), a)


@kiln.jit
def empty_shape(n):
    return np.empty((n, n + 1), dtype=np.int32)


@kiln.jit
def empty_then_fill(n):
    e = np.empty(n)
    e[:] = 2.5
    return e


@pytest.mark.parametrize("n", [0, 1, 4])
@pytest.mark.parametrize(
    "jf",
    [
        zeros_int,
        ones_int,
        ones_str,
        zeros_pyfloat,
        ones_bool,
        full_float,
        full_int_as_f32,
        full_int,
        full_true,
    ],
)
def test_fill_constructors(jf, n):
    check(jf, n)


@pytest.mark.parametrize("n", [0, 3])
def test_zeros_two_dims(n):
    check(zeros_f32, n, 2)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "bool", "complex128"])
def test_zeros_like_dtype_attribute(dtype):
    check(zeros_of, arr((2, 3), dtype))


@pytest.mark.parametrize("x", [2, 2.5, True, np.float32(1.5), np.int32(-4), 1 + 2j])
def test_full_dtype_from_fill_value(x):
    check(full_of_arg, 3, x)


@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_full_with_array_fill_broadcasts(dtype):
    check(full_row, arr((4,), dtype))


def test_empty_shape_and_fill():
    e = empty_shape(3)
    assert (e.shape, e.dtype, e.flags.c_contiguous) == ((3, 4), np.int32, True)
    check(empty_then_fill, 5)


# ------------------------------------------------------------------ *_like
@kiln.jit
def like_all(a):
    return np.zeros_like(a), np.ones_like(a), np.full_like(a, 3)


@kiln.jit
def like_dtype(a):
    return (
        np.zeros_like(a, dtype=np.int32),
        np.ones_like(a, dtype=bool),
        np.full_like(a, 2.75, dtype=float),
    )


@kiln.jit
def empty_likes(a):
    return np.empty_like(a), np.empty_like(a, dtype="float32")


@kiln.jit
def full_like_truncates(a):
    return np.full_like(a, 2.75)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "bool", "complex128"])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_like(dtype, layout):
    check(like_all, arr((3, 2), dtype, layout))


@pytest.mark.parametrize("shape", [(0,), (4,), (2, 3)])
def test_like_dtype_override(shape):
    check(like_dtype, arr(shape, "float64"))


@pytest.mark.parametrize("layout", ["C", "F"])
def test_empty_like(layout):
    a = arr((2, 3), "int32", layout)
    same, f32 = empty_likes(a)
    assert (same.shape, same.dtype, f32.shape, f32.dtype) == ((2, 3), np.int32, (2, 3), np.float32)


@pytest.mark.parametrize("dtype", ["int32", "float32", "bool"])
def test_full_like_casts_fill_value(dtype):
    check(full_like_truncates, arr((5,), dtype))


# ------------------------------------------------------------------ arange
@kiln.jit
def arange1(n):
    return np.arange(n)


@kiln.jit
def arange2(a, b):
    return np.arange(a, b)


@kiln.jit
def arange3(a, b, s):
    return np.arange(a, b, s)


@kiln.jit
def arange_f32(n):
    return np.arange(n, dtype=np.float32)


@kiln.jit
def arange_int32(a, b, s):
    return np.arange(a, b, s, dtype=np.int32)


@kiln.jit
def arange_float(a, b, s):
    return np.arange(a, b, s, dtype=float)


@kiln.jit
def arange_literals():
    return np.arange(-5, -1), np.arange(10, 0, -3), np.arange(0, 1, 0.1), np.arange(1.0, -2.0, -0.3)


@pytest.mark.parametrize("n", [0, 1, 7, -3, 2.5, np.int32(4), np.int8(3), np.float32(3.5), np.uint8(5)])
def test_arange_one_arg(n):
    check(arange1, n)


@pytest.mark.parametrize("a, b", [(2, 9), (9, 2), (-3, 3), (0.5, 4), (-1.25, 1), (np.int32(1), np.int32(5))])
def test_arange_two_args(a, b):
    check(arange2, a, b)


ARANGE3 = [
    (0, 10, 3),
    (10, 0, -3),
    (10, 0, 3),
    (-7, 7, 2),
    (0.0, 1.0, 0.1),
    (1.0, -2.0, -0.3),
    (0.5, 5.5, 0.25),
    (-3.0, 3.0, 1.5),
    (0, 1, 0.2),
    (np.float32(0.1), np.float32(2.0), np.float32(0.3)),
]


@pytest.mark.parametrize("a, b, s", ARANGE3)
def test_arange_three_args(a, b, s):
    check(arange3, a, b, s)


@pytest.mark.parametrize("a, b, s", ARANGE3 + [(-3, 3, 1.5), (0.5, 3.0, 1.0), (-2.5, 2.5, 0.7)])
def test_arange_dtype(a, b, s):
    # NumPy fills first + i * (second - first) in the result dtype: with dtype=int32 and a
    # float step, np.arange(-3, 3, 1.5, dtype=np.int32) is [-3, -1, 1, 3], not int(-3 + 1.5 * i).
    check(arange_int32, a, b, s)
    check(arange_float, a, b, s)


@pytest.mark.parametrize("n", [0, 5])
def test_arange_float32(n):
    check(arange_f32, n)


def test_arange_literals():
    check(arange_literals)


@pytest.mark.parametrize(
    "args",
    [(0, 1, 0), (0.0, 1.0, 0.0), (0.0, 1.0, np.float64(0.0)), (0.0, np.inf, 1.0), (0.0, np.nan, 1.0)],
)
def test_arange_bad_lengths_raise_like_numpy(args):
    check(arange3, *args, raises=(ZeroDivisionError, ValueError))


# ------------------------------------------------------------------ linspace
@kiln.jit
def linspace3(a, b, n):
    return np.linspace(a, b, n)


@kiln.jit
def linspace_open(a, b, n):
    return np.linspace(a, b, n, endpoint=False)


@kiln.jit
def linspace_default(a, b):
    return np.linspace(a, b)


@kiln.jit
def linspace_int(a, b, n):
    return np.linspace(a, b, n, dtype=np.int64)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 50])
@pytest.mark.parametrize("a, b", [(0, 1), (-3.3, 7.1), (2.0, -2.0), (0.1, 0.7)])
def test_linspace(a, b, n):
    check(linspace3, a, b, n)
    check(linspace_open, a, b, n)


def test_linspace_exact_endpoints():
    got = linspace3(0.1, 0.7, 7)
    assert got[0] == 0.1 and got[-1] == 0.7
    assert linspace_open(0.1, 0.7, 7)[-1] != 0.7


@pytest.mark.parametrize(
    "a, b",
    [(0, 1), (np.float32(0.1), 1), (0.1, np.float32(1)), (np.int32(1), 3), (np.float32(-1), np.float32(2))],
)
def test_linspace_dtype_of_endpoints(a, b):
    check(linspace_default, a, b)


@pytest.mark.parametrize("a, b, n", [(-5, 5, 7), (0, 10, 4), (-1.5, 1.5, 6)])
def test_linspace_integer_dtype_floors(a, b, n):
    check(linspace_int, a, b, n)


def test_linspace_tiny_and_complex():
    check(linspace3, 0.0, 1e-320, 4)  # the step underflows to 0: NumPy divides first
    check(linspace3, 0, 1 + 2j, 5)


def test_linspace_bad_num_raises():
    check(linspace3, 0.0, 1.0, -1, raises=ValueError)
    check(linspace3, 0.0, 1.0, 2.5, raises=TypeError)


# ------------------------------------------------------------------ copy / astype / array / asarray
@kiln.jit
def copies(a):
    b = np.copy(a)
    c = a.copy()
    b[0] = 9
    c[-1] = 7
    return b, c


@kiln.jit
def copy_is_independent(a):
    b = a.copy()
    a[0] = 5
    return b


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "complex128"])
@pytest.mark.parametrize("layout", ["C", "strided", "reversed"])
def test_copy(dtype, layout):
    check(copies, arr((5,), dtype, layout))
    check(copy_is_independent, arr((4,), dtype, layout))


def test_copy_of_2d_view_is_c_contiguous():
    got = copies(arr((3, 4), "float64", "F"))[0]
    assert got.flags.c_contiguous


@kiln.jit
def astypes(a):
    return a.astype(np.int32), a.astype(float), a.astype("float32"), a.astype(bool), a.astype(np.complex128)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "bool"])
@pytest.mark.parametrize("layout", ["C", "T"])
def test_astype(dtype, layout):
    check(astypes, arr((3, 4), dtype, layout) * (3 if dtype != "bool" else 1))


@kiln.jit
def array_of_tuple(x, y):
    return np.array((x, y, 3.5))


@kiln.jit
def array_of_ints(x):
    return np.array((x, 2, 3))


@kiln.jit
def array_f32(x):
    return np.array((x, 2), dtype=np.float32)


@kiln.jit
def array_nested(x):
    return np.array(((x, 2, 3), (4, 5, 6)))


@kiln.jit
def array_of_array(a):
    b = np.array(a)
    b[0] = 0
    return b


@kiln.jit
def asarray_same(a):
    b = np.asarray(a)
    b[0] = 0
    return b


@kiln.jit
def asarray_cast(a):
    return np.asarray(a, dtype=np.float32)


@pytest.mark.parametrize("x", [1, 2.5, True, np.float32(1.5), np.int32(3)])
def test_array_of_scalars_uses_default_dtypes(x):
    # np.array((np.float32(1), 2, 3.5)) is float64: Python numbers are not weak here
    check(array_of_tuple, x, np.int8(2))
    check(array_of_ints, x)
    check(array_f32, x)
    check(array_nested, x)


@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_array_copies_and_asarray_aliases(dtype):
    check(array_of_array, arr((4,), dtype))  # argument unchanged afterwards
    check(asarray_same, arr((4,), dtype))  # argument changed afterwards
    check(asarray_cast, arr((4,), dtype))


def test_asarray_returns_the_same_array():
    a = arr((4,))
    assert asarray_same(a) is a


def test_creation_results_are_fresh_writable_arrays():
    first, second = zeros_int(3), zeros_int(3)
    assert first.flags.c_contiguous and first.flags.writeable
    first[0] = 1.0
    assert_same(second, np.zeros(3))


@kiln.jit
def zeros_any_dtype(n):
    return np.zeros(n, dtype=np.float16)


def test_unsupported_dtype_is_named():
    with pytest.raises(kiln.UnsupportedError, match="dtype float16 is not supported"):
        zeros_any_dtype(3)


@kiln.jit
def zeros_dtype_spellings(n):
    return (
        np.zeros(n, dtype=np.double),
        np.zeros(n, dtype=np.intp),
        np.zeros(n, dtype="f8"),
        np.zeros(n, dtype="i4"),
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.uint8),
        np.zeros(n, dtype=complex),
        np.zeros(n, dtype=np.complex64),
    )


def test_dtype_spellings():
    check(zeros_dtype_spellings, 3)


def test_negative_dimensions_raise():
    check(zeros_int, -1, raises=ValueError)
    check(zeros_f32, 2, -3, raises=ValueError)
