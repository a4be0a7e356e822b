"""Arrays as values: indexing, slicing, views, shape attributes, reshape (differential vs NumPy)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, run_both

DTYPES = ("float64", "float32", "int64", "int32", "bool", "complex128")


# ------------------------------------------------------------------ integer indexing
@kiln.jit
def elements_1d(a, i):
    return a[i], a[-1], a[-i - 1], a[0]


@kiln.jit
def elements_2d(a, i, j):
    return a[i, j], a[i][j], a[-1, -2], a[-i - 1, j], a[i, -1]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_integer_index_1d(dtype: str, layout: str) -> None:
    for i in (0, 3, 6):
        run_both(elements_1d, lambda i=i: (arr((7,), dtype, layout), i))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_integer_index_2d(dtype: str, layout: str) -> None:
    for i, j in ((0, 0), (2, 3), (3, 1)):
        run_both(elements_2d, lambda i=i, j=j: (arr((4, 5), dtype, layout), i, j))


@kiln.jit
def row_of(a, i):
    return a[i]


@kiln.jit
def row_sum_via_index(a, i):
    r = a[-i]
    return r[0] + r[-1]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_partial_index_gives_view(layout: str) -> None:
    got, (a, _) = run_both(row_of, lambda: (arr((4, 5), "float64", layout), 2))
    assert np.shares_memory(got, a)
    run_both(row_sum_via_index, lambda: (arr((4, 5), "int32", layout), 1))


@kiln.jit
def element_of_3d(a):
    return a[1, -1, 2], a[-2][0][-1], a[1, 2]


def test_integer_index_3d() -> None:
    for layout in ("C", "F", "strided"):
        run_both(element_of_3d, lambda layout=layout: (arr((3, 4, 5), "int64", layout),))


# ------------------------------------------------------------------ slices
@kiln.jit
def slices_1d(a):
    return a[::2], a[-100:100], a[3:1], a[1:-1], a[-3:], a[:-3:3], a[100:], a[2:100:4], a[-1:]


@kiln.jit
def slices_1d_negative_step(a):
    return a[::-1], a[5:1:-2], a[::-3], a[-2::-1], a[100:-100:-2], a[1:3:-1], a[:-100:-1]


@kiln.jit
def slices_2d(a):
    return a[::2, 1:], a[1:3], a[3:1, :], a[:, 2:2], a[-2:, ::3], a[:, -100:1]


@kiln.jit
def slices_2d_negative_step(a):
    return a[::-1, ::-2], a[:, -1:-100:-1], a[-1::-3, 1:]


def _check_slices(jf: kiln.JitFunction, shape: tuple[int, ...], dtype: str, layout: str) -> None:
    got, (a,) = run_both(jf, lambda: (arr(shape, dtype, layout),))
    for k, view in enumerate(got):
        if view.size:
            assert np.shares_memory(view, a), f"slice {k} is a copy"


@pytest.mark.parametrize("dtype", ("float64", "int32", "bool"))
@pytest.mark.parametrize("layout", LAYOUTS_1D)
@pytest.mark.parametrize("n", (0, 1, 2, 7, 10))
def test_slices_1d(dtype: str, layout: str, n: int) -> None:
    _check_slices(slices_1d, (n,), dtype, layout)


@pytest.mark.parametrize("n", (0, 1, 2, 7, 10))
def test_slices_1d_negative_step(n: int) -> None:
    for layout in LAYOUTS_1D:
        _check_slices(slices_1d_negative_step, (n,), "int64", layout)


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("shape", ((0, 3), (1, 1), (4, 5), (6, 2)))
def test_slices_2d(layout: str, shape: tuple[int, int]) -> None:
    _check_slices(slices_2d, shape, "float64", layout)


@pytest.mark.parametrize("shape", ((0, 3), (1, 1), (4, 5), (6, 2)))
def test_slices_2d_negative_step(shape: tuple[int, int]) -> None:
    for layout in LAYOUTS_2D:
        _check_slices(slices_2d_negative_step, shape, "float64", layout)


@kiln.jit
def dynamic_slice(a, lo, hi):
    return a[lo:hi], a[lo:hi:2], a[lo:], a[:hi], a[lo:hi:3]


@kiln.jit
def dynamic_slice_backwards(a, lo, hi):
    return a[hi:lo:-1], a[hi::-2], a[:lo:-1]


BOUNDS = [(0, 5), (2, 4), (-3, -1), (-100, 100), (4, 2), (7, -7), (0, 0), (-1, 6)]


@pytest.mark.parametrize("lo, hi", BOUNDS)
def test_slice_bounds_at_run_time(lo: int, hi: int) -> None:
    run_both(dynamic_slice, lambda: (arr((6,), "int64"), lo, hi))


def test_slice_bounds_at_run_time_backwards() -> None:
    for lo, hi in BOUNDS:
        run_both(dynamic_slice_backwards, lambda lo=lo, hi=hi: (arr((6,), "int64"), lo, hi))


@kiln.jit
def slice_of_slice(a):
    b = a[1:, 2:]
    c = b[::2, 1:-1]
    return c, c[0], c[-1, -1], c[1:][::2]


@kiln.jit
def slice_of_reversed_slice(a):
    b = a[1:, ::-1]
    c = b[::2, 1:-1]
    return c, c[0], c[-1, -1]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_slice_of_slice(layout: str) -> None:
    got, (a,) = run_both(slice_of_slice, lambda: (arr((7, 6), "int32", layout),))
    assert np.shares_memory(got[0], a) and np.shares_memory(got[1], a)


def test_slice_of_reversed_slice() -> None:
    for layout in LAYOUTS_2D:
        got, (a,) = run_both(slice_of_reversed_slice, lambda layout=layout: (arr((7, 6), "int32", layout),))
        assert np.shares_memory(got[0], a) and np.shares_memory(got[1], a)


# ------------------------------------------------------------------ views are views
@kiln.jit
def write_through_slice(a):
    b = a[1::2]
    b[:] = 0
    c = a[2:]
    c[-1] = 7
    c[1:3] = c[0]


@kiln.jit
def write_through_reversed(a):
    c = a[::-1]
    c[0] = 7
    c[2:4] = 1


@kiln.jit
def write_through_2d_views(a):
    a[1:, ::2] = -1
    r = a[0]
    r[:] = 5
    a.T[0] = 3


@pytest.mark.parametrize("dtype", ("float64", "int32", "complex128"))
@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_writes_through_views_reach_argument(dtype: str, layout: str) -> None:
    run_both(write_through_slice, lambda: (arr((9,), dtype, layout),))


def test_writes_through_reversed_view() -> None:
    run_both(write_through_reversed, lambda: (arr((9,), "float64"),))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_writes_through_2d_views(layout: str) -> None:
    run_both(write_through_2d_views, lambda: (arr((4, 5), "float32", layout),))


@kiln.jit
def return_views(a):
    return a[1:], a.T, a[:, 1::2], a[0], a[..., 1], a[None]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_returned_views_share_memory(layout: str) -> None:
    got, (a,) = run_both(return_views, lambda: (arr((3, 4), "float64", layout),))
    for k, view in enumerate(got):
        assert np.shares_memory(view, a), f"view {k} does not share memory with the argument"
    got[1][0, 0] = 99.0  # writing into the returned transpose writes into the argument
    assert a[0, 0] == 99.0


# ------------------------------------------------------------------ None / Ellipsis
@kiln.jit
def newaxis_and_ellipsis(a):
    return a[None], a[:, None], a[np.newaxis, :, np.newaxis], a[..., None], a[...], a[None, ..., 0]


@kiln.jit
def ellipsis_3d(a):
    return a[..., 1], a[1, ...], a[0, ..., -1], a[:, None, ..., None], a[..., ::2], a[1, ..., 2, 3]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_newaxis_and_ellipsis_2d(layout: str) -> None:
    got, (a,) = run_both(newaxis_and_ellipsis, lambda: (arr((3, 4), "int64", layout),))
    assert all(np.shares_memory(v, a) for v in got)


def test_ellipsis_3d() -> None:
    for layout in ("C", "F", "strided"):
        run_both(ellipsis_3d, lambda layout=layout: (arr((2, 3, 4), "float64", layout),))


@kiln.jit
def newaxis_arith(a, b):
    return a[:, None] * b[None, :] + a[..., np.newaxis]


def test_newaxis_outer_product() -> None:
    for la in LAYOUTS_1D:
        run_both(newaxis_arith, lambda la=la: (arr((5,), "float64", la), arr((3,), "float64", "strided", 1)))


# ------------------------------------------------------------------ shape attributes
@kiln.jit
def attributes(a):
    return a.shape + (a.ndim, a.size, len(a)) + a.T.shape + (a.shape[0], a.shape[1])


@kiln.jit
def last_extent(a):
    return a.shape[-1], a.shape[-2], a.T.shape[-1]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("shape", ((0, 3), (3, 0), (1, 1), (4, 5)))
def test_attributes_2d(layout: str, shape: tuple[int, int]) -> None:
    run_both(attributes, lambda: (arr(shape, "int32", layout),))


def test_negative_index_into_shape() -> None:
    run_both(last_extent, lambda: (arr((2, 3), "int32"),))


@kiln.jit
def attributes_of_views(a):
    b = a[1:, ::2]
    return b.shape + (b.size, len(b), b.ndim) + a[None].shape + (a[:, 0].ndim, a[..., None].size)


def test_attributes_of_views() -> None:
    for shape in ((0, 3), (1, 1), (4, 5)):
        run_both(attributes_of_views, lambda shape=shape: (arr(shape, "float64"),))


@kiln.jit
def attributes_of_expressions(a, b):
    c = a + b
    return c.shape + ((a * 2).ndim,) + (a - b).T.shape + (len(a[:, None] + b), c.size)


def test_attributes_of_expressions() -> None:
    run_both(attributes_of_expressions, lambda: (arr((4, 1), "float64"), arr((3,), "float64")))


@kiln.jit
def len_1d(a):
    return len(a)


def test_len_of_0d_raises() -> None:
    with pytest.raises(TypeError):
        len_1d(np.array(3.0))


# ------------------------------------------------------------------ transposes
@kiln.jit
def transposes(a):
    return a.T, a.transpose(), a.transpose(1, 0, 2), a.transpose((2, 0, 1)), np.transpose(a, (0, 2, 1))


@pytest.mark.parametrize("layout", ("C", "F", "strided", "T"))
def test_transposes_3d(layout: str) -> None:
    got, (a,) = run_both(transposes, lambda: (arr((2, 3, 4), "float64", layout),))
    assert all(np.shares_memory(v, a) for v in got)


@kiln.jit
def transpose_arith(a):
    return a.T + a.T.T * 2


def test_transpose_in_arithmetic() -> None:
    for layout in LAYOUTS_2D:
        run_both(transpose_arith, lambda layout=layout: (arr((3, 3), "int64", layout),))


# ------------------------------------------------------------------ reshape
@kiln.jit
def reshapes(a):
    return a.reshape(3, 4), a.reshape((2, 6)), np.reshape(a, (4, 3)), a.reshape(2, 3, 2), a.reshape(12)


@kiln.jit
def reshapes_minus_one(a):
    return a.reshape((2, -1)), a.reshape(-1), a.reshape(-1, 3), np.reshape(a, (3, -1))


@kiln.jit
def reshape_2d(a):
    return a.reshape(a.size), a.reshape(a.shape[1], a.shape[0]), a.ravel(), a.reshape(1, a.size)


@pytest.mark.parametrize("dtype", ("float64", "int32", "bool"))
def test_reshape_contiguous_is_view(dtype: str) -> None:
    got, (a,) = run_both(reshapes, lambda: (arr((12,), dtype),))
    for v in got:
        assert np.shares_memory(v, a)


def test_reshape_minus_one() -> None:
    got, (a,) = run_both(reshapes_minus_one, lambda: (arr((12,), "float64"),))
    assert all(np.shares_memory(v, a) for v in got)


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("shape", ((3, 4), (0, 5), (1, 1)))
def test_reshape_2d_layouts(layout: str, shape: tuple[int, int]) -> None:
    got, (a,) = run_both(reshape_2d, lambda: (arr(shape, "float64", layout),))
    if layout == "C" and a.size:
        assert all(np.shares_memory(v, a) for v in got)
    if layout != "C" and a.size > 1:  # NumPy copies these; so must kiln (results compared above)
        assert not np.shares_memory(got[0], a)


@kiln.jit
def bad_reshape(a):
    return a.reshape(5, 2)


@kiln.jit
def bad_reshape_minus_one(a):
    return a.reshape(5, -1)


def test_reshape_size_mismatch_raises() -> None:
    run_both(bad_reshape, lambda: (arr((10,), "float64"),))
    run_both(bad_reshape, lambda: (arr((12,), "float64"),))


def test_reshape_minus_one_mismatch_raises() -> None:
    run_both(bad_reshape_minus_one, lambda: (arr((12,), "float64"),))
    run_both(bad_reshape_minus_one, lambda: (arr((10,), "float64"),))


# ------------------------------------------------------------------ 0-d arrays
@kiln.jit
def zero_d(a):
    return a[()], a[...], a[None], a.ndim, a.size, len(a.shape)


@pytest.mark.parametrize("dtype", DTYPES)
def test_zero_d_indexing(dtype: str) -> None:
    run_both(zero_d, lambda: (np.array(arr((1,), dtype)[0]),))


# ------------------------------------------------------------------ bad indices
@kiln.jit
def too_many_indices(a):
    return a[0, 1, 2]


@kiln.jit
def two_ellipses(a):
    return a[..., 0, ...]


@kiln.jit
def float_index(a):
    return a[1.5]


@kiln.jit
def zero_step(a):
    return a[::0]


@kiln.jit
def runtime_step(a, s):
    return a[::s]


def test_bad_indices_raise_like_numpy() -> None:
    run_both(too_many_indices, lambda: (arr((2, 3)),))
    run_both(two_ellipses, lambda: (arr((2, 3)),))
    run_both(zero_step, lambda: (arr((3,)),))


@pytest.mark.parametrize("jf, args", [(float_index, (arr((3,)),)), (runtime_step, (arr((3,)), 2))])
def test_unsupported_indices_are_located_errors(jf: kiln.JitFunction, args: tuple[object, ...]) -> None:
    with pytest.raises(kiln.UnsupportedError) as info:
        jf(*args)
    assert "test_arrays_views.py:" in str(info.value)
    assert "return a[" in str(info.value)
