"""Integer-array indexing against NumPy: gathers on any axis, several broadcast index arrays,
NumPy's placement of the advanced dimensions, scatters (last value wins on repeats), augmented
assignment, aliasing between index arrays, values and the destination, and errors."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both

INDEX_DTYPES = ("int64", "int32", "int8", "uint8", "uint32", "uint64")


def idx(values: list[int], dtype: str = "int64", layout: str = "C") -> np.ndarray:
    return in_layout(np.array(values, dtype=dtype), layout)


# ------------------------------------------------------------------ gathers
@kiln.jit
def take(a, i):
    return a[i]


@pytest.mark.parametrize("index_dtype", INDEX_DTYPES)
def test_gather_1d_index_dtypes(index_dtype: str) -> None:
    for values in ([0, 3, 3, 1], [], [4], [4, 0, 2, 1, 3, 0]):
        run_both(take, lambda v=values: (arr((5,), "float64"), idx(v, index_dtype)))


@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_gather_1d_layouts(layout: str) -> None:
    for values in ([0, 3, 3, 1], [], [4, 0, 2, 1, 3, 0]):
        run_both(take, lambda v=values: (arr((5,), "int32", layout), idx(v, "int32", layout)))


@pytest.mark.parametrize("dtype", ("float64", "float32", "int64", "int32", "bool", "complex128"))
def test_gather_negative_and_repeated(dtype: str) -> None:
    run_both(take, lambda: (arr((6,), dtype), idx([-1, -6, 0, 5, -1, 2])))
    run_both(take, lambda: (arr((1,), dtype), idx([0, -1, 0])))
    run_both(take, lambda: (arr((0,), dtype), idx([])))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_gather_rows_and_2d_indices(layout: str) -> None:
    run_both(take, lambda: (arr((4, 3), "int32", layout), idx([3, -4, 1])))
    run_both(take, lambda: (arr((4, 3), "int32", layout), idx([[0, 1], [3, 2], [-1, 0]], "int32")))
    run_both(take, lambda: (arr((0, 3), "int32", layout), idx([])))
    run_both(take, lambda: (arr((5,), "float64"), in_layout(np.array([[0, 4], [2, 2]]), layout)))


@kiln.jit
def on_axes(a, i, j):
    return a[:, j], a[1:, i], a[i, ::2], a[..., j], a[i][:, j]


@kiln.jit
def pairs(a, i, j):
    return a[i, j], a[i[:, None], j], a[i[:, None], j[None, :]]


@pytest.mark.parametrize(
    "layout, index_dtype", [("C", "int64"), ("F", "uint32"), ("strided", "int64"), ("T", "int64")]
)
def test_gather_on_any_axis(layout: str, index_dtype: str) -> None:
    run_both(on_axes, lambda: (arr((4, 5), "float64", layout), idx([3, 0, 1], index_dtype), idx([4, 4, 0])))
    run_both(pairs, lambda: (arr((4, 5), "float64", layout), idx([3, 0, 1], index_dtype), idx([4, 4, 0])))


@kiln.jit
def placement(a, i, j):
    # adjacent advanced items (integers count) keep their place; separated ones go first
    return (
        a[0, :, i],
        a[:, 0, i],
        a[i, :, 0],
        a[:, i, 0],
        a[i, :, j],
        a[:, i, ...],
        a[i, None],
        a[:, i, None, j],
    )


@kiln.jit
def empty_ellipsis_separates(a, i, j):
    return a[:, i, ..., j], a[i, 1:, j]


def test_placement_of_advanced_dimensions() -> None:
    run_both(placement, lambda: (arr((5, 3, 4)), idx([1, 0]), idx([2, 3])))
    run_both(empty_ellipsis_separates, lambda: (arr((5, 3, 4)), idx([1, 0]), idx([2, 3])))


@kiln.jit
def computed_indices(a, i):
    return a[i + 1], a[(i * 2) % a.shape[0]], a[np.arange(a.shape[0])[::-1]]


def test_computed_index_arrays() -> None:
    run_both(computed_indices, lambda: (arr((7,)), idx([0, 2, 5, -3])))


# ------------------------------------------------------------------ scatters
@kiln.jit
def put(a, i, v):
    a[i] = v


@kiln.jit
def put_pairs(a, i, j, v):
    a[i, j] = v


@kiln.jit
def put_columns(a, j, v):
    a[:, j] = v


@kiln.jit
def add_at(a, i, v):
    a[i] += v


@pytest.mark.parametrize(
    "dtype, layout",
    [(d, "C") for d in ("float64", "int32", "complex128", "bool")]
    + [("float64", "strided"), ("int32", "reversed")],
)
def test_scatter_1d(dtype: str, layout: str) -> None:
    i = [4, -1, 0, 2, 2]
    run_both(put, lambda: (arr((5,), dtype, layout), idx(i), 1))
    run_both(put, lambda: (arr((5,), dtype, layout), idx([4, 4, 0, 2, 2], "uint8"), arr((5,), dtype, seed=2)))
    run_both(put, lambda: (arr((5,), dtype, layout), idx(i), arr((1,), dtype, seed=2)))
    run_both(put, lambda: (arr((5,), dtype, layout), idx([]), arr((0,), dtype)))


@pytest.mark.parametrize("dtype", ("float64", "int64", "complex64"))
def test_repeated_indices(dtype: str) -> None:
    """Setitem and augmented assignment store once per position: the last value wins."""
    run_both(put, lambda: (arr((4,), dtype), idx([1, 1, 1, 3]), arr((4,), dtype, seed=5)))
    run_both(add_at, lambda: (arr((4,), dtype), idx([1, 1, -3, 3]), arr((4,), dtype, seed=5)))
    run_both(add_at, lambda: (arr((4,), dtype), idx([0, 0]), 1))


@pytest.mark.parametrize("layout", ("C", "F", "strided"))
def test_scatter_2d(layout: str) -> None:
    run_both(put_pairs, lambda: (arr((4, 5), "float64", layout), idx([0, 3, -1]), idx([1, 1, 4]), 9.0))
    run_both(
        put_pairs,
        lambda: (arr((4, 5), "float64", layout), idx([[0], [3]]), idx([1, 2, 4]), arr((2, 3), seed=3)),
    )
    run_both(put_columns, lambda: (arr((4, 5), "float64", layout), idx([4, 0]), arr((4, 2), seed=3)))
    run_both(put_columns, lambda: (arr((4, 5), "float64", layout), idx([4, 0]), arr((2,), seed=3)))
    run_both(put, lambda: (arr((4, 5), "float64", layout), idx([3, 0]), arr((5,), seed=3)))


# ------------------------------------------------------------------ aliasing
@kiln.jit
def from_reversed_self(a, i):
    a[i] = a[::-1][i]


@kiln.jit
def permute_self(a, i):
    a[i] = a


@kiln.jit
def index_is_destination(a):
    a[a] = 0


@kiln.jit
def index_views_destination(a):
    a[a[1:]] = a[:-1] + 1


@kiln.jit
def gather_into_self(a, i):
    a[:] = a[i]


def test_aliasing() -> None:
    run_both(from_reversed_self, lambda: (arr((6,)), idx([0, 5, 2, 3])))
    run_both(permute_self, lambda: (arr((5,)), idx([4, 3, 2, 1, 0])))
    run_both(index_is_destination, lambda: (idx([3, 0, 1, 1]),))
    run_both(index_views_destination, lambda: (idx([2, 3, 0, 1]),))
    run_both(gather_into_self, lambda: (arr((5,)), idx([4, 3, 2, 1, 0])))


# -------------------------------------------------------- in loops, like CSR SpMV
@kiln.jit
def csr_matvec(row, col, val, x):
    y = np.empty(row.size - 1, val.dtype)
    for i in range(row.size - 1):
        cols = col[row[i] : row[i + 1]]
        y[i] = val[row[i] : row[i + 1]] @ x[cols]
    return y


@pytest.mark.parametrize("index_dtype", ("int64", "uint32", "int32"))
def test_csr_rows(index_dtype: str) -> None:
    rng = np.random.default_rng(0)
    dense = rng.uniform(size=(6, 5)) * (rng.uniform(size=(6, 5)) < 0.4)
    dense[2] = 0  # an empty row
    row = np.concatenate([[0], np.cumsum((dense != 0).sum(axis=1))]).astype(index_dtype)
    col = np.nonzero(dense)[1].astype(index_dtype)
    val = dense[dense != 0]
    run_both(csr_matvec, lambda: (row.copy(), col.copy(), val.copy(), arr((5,))))


# ------------------------------------------------------------------ errors
def test_out_of_range_indices_raise() -> None:
    for values in ([5], [-6], [0, 1, 7], [2**40]):
        run_both(take, lambda v=values: (arr((5,)), idx(v)))
        run_both(put, lambda v=values: (arr((5,)), idx(v), 1.0))
    run_both(take, lambda: (arr((5,)), idx([2**64 - 1], "uint64")))
    run_both(take, lambda: (arr((0,)), idx([0])))
    run_both(on_axes, lambda: (arr((0, 5)), idx([0]), idx([5])))  # checked even for empty results


def test_shape_mismatches_raise() -> None:
    run_both(pairs, lambda: (arr((4, 5)), idx([0, 1]), idx([0, 1, 2])))  # IndexError
    run_both(put, lambda: (arr((5,)), idx([0, 1, 2]), arr((2,))))  # ValueError
    run_both(put, lambda: (arr((5,)), idx([0, 1, 2]), arr((1, 3))))
    run_both(put, lambda: (arr((5,)), idx([0, 1, 2]), arr((2, 3))))


def test_non_integer_index_arrays_raise() -> None:
    run_both(take, lambda: (arr((5,)), arr((2,))))
    run_both(take, lambda: (arr((5,)), arr((2,), "complex128")))


def test_zero_d_index_array_is_unsupported() -> None:
    @kiln.jit
    def zero_d(a, i):
        return a[i]

    with pytest.raises(kiln.UnsupportedError) as info:
        zero_d(arr((3,)), np.array(1))
    assert "test_fancy_index.py:" in str(info.value)


# ------------------------------------------------------------------ list indices
@kiln.jit
def list_indices(a, k):
    a[[0, k]] += 1
    return a[[True, False, True]], a[[]], a[[-1, 1]], a[[k, k]]


@kiln.jit
def list_rows(a, k):
    a[[k], 1:] = 0
    return a[[1, 0], [k, 1]], a[:, [k]]


def test_python_lists_as_indices() -> None:
    run_both(list_indices, lambda: (arr((3,)), 2))
    run_both(list_indices, lambda: (arr((3,), "int32"), -3))
    run_both(list_indices, lambda: (arr((3,)), 3))  # IndexError
    run_both(list_rows, lambda: (arr((3, 4), layout="F"), 2))


# -------------------------------------------------- the reference interpreter agrees
def masks_and_gathers(a, i, m):
    a[i] += 1.0
    a[a > 3.0] = 0.0
    b = a[m][i % 2]
    return b, a[(i[:, None] * 7 + i) % 300].sum()


def test_reference_interpreter_and_verifier_agree() -> None:
    from kiln.api import arg_type
    from kiln.driver import compile_function
    from kiln.ir.interpreter import run_function
    from kiln.ir.verifier import verify_function

    def make() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return arr((300,), seed=1), idx([0, 299, -1, 5, 5]), np.arange(300) % 3 == 0

    jitted = kiln.jit(masks_and_gathers)
    args_i, args_py = make(), make()
    types = tuple(arg_type(x, k) for k, x in enumerate(args_i))
    lowered = compile_function(masks_and_gathers, types, jitted.options, build=False).lowered
    verify_function(lowered)
    got_i = run_function(lowered, list(args_i))
    want = masks_and_gathers(*args_py)
    for g, w in zip(got_i, want):
        np.testing.assert_allclose(g, w, rtol=1e-12)
    np.testing.assert_array_equal(args_i[0], args_py[0])
    run_both(kiln.jit(masks_and_gathers), make)


# ------------------------------------------------- tuples as indices, nonzero and friends
@kiln.jit
def tuple_indices(a, k):
    t = (1, k)
    u = (k, 0)
    return a[t], a[(0, k), 1], a[u], a[np.nonzero(a > 2.0)]


@kiln.jit
def where_true(a):
    i, j = np.nonzero(a)
    return i, j, np.flatnonzero(a > 2.0), np.argwhere(a < 1.5), np.nonzero(a.sum(axis=0))[0]


@pytest.mark.parametrize("shape", ((3, 4), (1, 1), (0, 3), (2, 0)))
def test_nonzero_flatnonzero_argwhere(shape: tuple[int, int]) -> None:
    for dtype in ("float64", "int32", "bool"):
        run_both(where_true, lambda d=dtype: (arr(shape, d, "F"),))


def test_tuples_as_indices() -> None:
    run_both(tuple_indices, lambda: (arr((3, 4)), 2))
    run_both(tuple_indices, lambda: (arr((3, 4)), -1))
