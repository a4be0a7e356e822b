"""np.flip/fliplr/flipud, np.repeat, np.triu/np.tril, np.concatenate/stack/hstack/vstack,
np.mgrid[...], np.ndarray(shape, dtype), reshape with -1 and unpacking an array into its rows,
against NumPy: dtypes, shapes, values, views and errors."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check


# ----------------------------------------------------------------------- flip
@kiln.jit
def flips(a):
    return (
        np.flip(a),
        np.flip(a, axis=0),
        np.flip(a, axis=(0, -1)),
        np.fliplr(a),
        np.flipud(a * 2),
        np.flip(a)[1:, ::2],
    )


@pytest.mark.parametrize(
    ("dtype", "layout"), [("float64", "C"), ("int32", "F"), ("bool", "strided"), ("complex128", "T")]
)
def test_flip(dtype: str, layout: str) -> None:
    check(flips, arr((3, 4), dtype, layout))


@pytest.mark.parametrize("shape", [(0, 3), (1, 1)])
def test_flip_small_extents(shape: tuple[int, int]) -> None:
    check(flips, arr(shape))


@kiln.jit
def flip_writes(a):
    v = np.flip(a)
    v[0] = -1.0  # a view: writes reach a
    a[:] = np.flip(a)  # reads complete before writes
    return v


def test_flip_is_a_view_and_aliasing_is_safe() -> None:
    check(flip_writes, arr((5,)))


@kiln.jit
def dot_flipped(r, y, k):
    return np.dot(np.flip(r[:k]), y[:k])


def test_flip_of_a_slice() -> None:
    check(dot_flipped, arr((6,)), arr((6,), seed=1), 4)


@kiln.jit
def fliplr_1d(a):
    return np.fliplr(a)


def test_fliplr_needs_2d() -> None:
    with pytest.raises(ValueError):
        fliplr_1d(arr((3,)))


# --------------------------------------------------------------------- repeat
@kiln.jit
def repeats(a, n):
    return np.repeat(a, n), np.repeat(a, 2, axis=0), np.repeat(a, n, axis=-1), a.repeat(3, axis=1)


@pytest.mark.parametrize(("dtype", "n"), [("float64", 2), ("int64", 0), ("bool", 1), ("float32", 3)])
def test_repeat(dtype: str, n: int) -> None:
    check(repeats, arr((2, 3), dtype, "F"), n)


def test_repeat_negative() -> None:
    check(repeats, arr((2, 3)), -1, raises=ValueError)


@kiln.jit
def repeat_reshaped(t, r, k):
    return np.repeat(np.reshape(t, (r, k, 1)), 3, axis=2)


def test_repeat_of_reshape() -> None:
    check(repeat_reshaped, arr((6,)), 2, 3)


@kiln.jit
def repeats_3d(a, n):
    return np.repeat(a, n, axis=0), np.repeat(a * 2, n, axis=1), np.repeat(a, n, axis=2), np.repeat(a - 1, n)


@pytest.mark.parametrize("shape", [(2, 3, 4), (0, 2, 3), (1, 1, 1), (3, 0, 2)])
@pytest.mark.parametrize(("dtype", "n"), [("complex128", 2), ("int32", 3), ("float64", 0)])
def test_repeat_3d(shape: tuple[int, ...], dtype: str, n: int) -> None:
    check(repeats_3d, arr(shape, dtype), n)
    check(repeats_3d, arr(shape, dtype).transpose(2, 0, 1).copy().transpose(1, 2, 0), n)


# ---------------------------------------------------------------- triu / tril
@kiln.jit
def triangles(a, k):
    return np.triu(a), np.tril(a), np.triu(a, k), np.tril(a, -k), np.triu(a, 1)


@pytest.mark.parametrize(("dtype", "shape"), [("float64", (4, 4)), ("int32", (3, 5)), ("bool", (2, 3, 3))])
def test_triu_tril(dtype: str, shape: tuple[int, ...]) -> None:
    check(triangles, arr(shape, dtype), 1)
    check(triangles, arr(shape, dtype), -2)


# ------------------------------------------------------------- concatenation
@kiln.jit
def joins(a, b):
    return (
        np.concatenate((a, b)),
        np.concatenate([a, b], axis=1),
        np.concatenate((a, b), axis=None),
        np.concatenate((a, b, a), axis=-1),
        np.stack((a, b)),
        np.stack((a, b), axis=2),
        np.hstack((a, b)),
        np.vstack((a, b)),
        np.vstack((a[0], b[0])),
        np.hstack((a[0], b[1], a[1])),
    )


@pytest.mark.parametrize(
    ("da", "db", "layout"),
    [("float64", "float64", "C"), ("int32", "float32", "F"), ("bool", "int64", "strided")],
)
def test_joins(da: str, db: str, layout: str) -> None:
    check(joins, arr((2, 3), da, layout), arr((2, 3), db, seed=1))


def test_joins_with_zero_extents() -> None:
    check(joins, arr((2, 0)), arr((2, 0)))


@kiln.jit
def concat_rows(a, b):
    return np.concatenate((a, b))


def test_concatenate_mismatched_extents() -> None:
    check(concat_rows, arr((2, 3)), arr((4, 3)))
    check(concat_rows, arr((2, 3)), arr((2, 4)), raises=ValueError)


@kiln.jit
def stack_pair(a, b):
    return np.stack((a, b))


def test_stack_needs_equal_shapes() -> None:
    check(stack_pair, arr((2, 3)), arr((3, 3)), raises=ValueError)


@kiln.jit
def concat_0d(a):
    return np.concatenate((a, a))


def test_concatenate_0d_is_an_error() -> None:
    with pytest.raises(ValueError):
        concat_0d(np.float64(1.0))


@kiln.jit
def concat_dtype(a, b):
    return np.concatenate((a, b), dtype=np.float32)


def test_concatenate_dtype() -> None:
    check(concat_dtype, arr((3,), "int64"), arr((2,)))


# ---------------------------------------------------------------------- mgrid
@kiln.jit
def grids(n, m, x0):
    i, j = np.mgrid[0:n, 0:m]
    return (
        i,
        j,
        np.mgrid[1:n, -2:m:2],
        np.mgrid[0:1:0.25, 0:n],
        np.mgrid[x0:2:5j],
        np.mgrid[x0 : x0 + 1 : 1j * n, 0:3],
        np.mgrid[2:n],
        np.mgrid[0:1:1j],
        np.mgrid[0:n:3],
    )


@pytest.mark.parametrize(("n", "m"), [(3, 4), (1, 1), (5, 0)])
def test_mgrid(n: int, m: int) -> None:
    check(grids, n, m, 0.5)


def test_mgrid_negative_count() -> None:
    check(grids, 0, 2, 0.5, raises=ValueError)  # 1:0 counts ceil(-1) points


@kiln.jit
def mgrid_int32(n):
    return np.mgrid[np.int32(0) : n, 0:2]


def test_mgrid_dtype_follows_bounds() -> None:
    check(mgrid_int32, np.int32(3))
    check(mgrid_int32, np.float32(2.5))


@kiln.jit
def mgrid_step(s):
    return np.mgrid[0:4, 0:5:s]


def test_mgrid_zero_step() -> None:
    check(mgrid_step, 0, raises=ZeroDivisionError)
    check(mgrid_step, -1, raises=ValueError)


# -------------------------------------------------------------------- ndarray
@kiln.jit
def uninitialized(n):
    a = np.ndarray((n, 3), dtype=np.float32)
    b = np.ndarray(n, np.int64)
    c = np.ndarray((2, n))
    a[:] = 1.5
    b[:] = 7
    c[:] = 0.0
    return a, b, c


@pytest.mark.parametrize("n", [0, 1, 4])
def test_ndarray_constructor(n: int) -> None:
    check(uninitialized, n)


# ------------------------------------------------------------- reshape with -1
@kiln.jit
def reshapes(a):
    return np.reshape(a, (-1, 2)), a.reshape(2, -1), a.reshape(-1), np.reshape(a.T, (3, -1))


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_reshape_minus_one(layout: str) -> None:
    check(reshapes, arr((4, 3), "float64", layout))


@kiln.jit
def reshape_bad(a):
    return a.reshape(-1, 5)


def test_reshape_minus_one_not_divisible() -> None:
    check(reshape_bad, arr((4, 3)), raises=ValueError)


# --------------------------------------------------------------------- unpack
@kiln.jit
def unpack_rows(a):
    x, y = np.zeros((2, 3)) + a
    return x, y


def test_unpack_constant_first_extent() -> None:
    check(unpack_rows, arr((3,)))


def test_unpack_checks_the_extent_at_run_time() -> None:
    @kiln.jit
    def unpack_param(a):
        x, y = a
        return x

    np.testing.assert_array_equal(unpack_param(arr((2, 3))), arr((2, 3))[0])
    with pytest.raises(ValueError):
        unpack_param(arr((3, 3)))
