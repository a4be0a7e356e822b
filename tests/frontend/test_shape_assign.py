"""``a.shape = ...`` on a local array that no other name can share (else an UnsupportedError
that points at the statement), ``reshape`` with -1 and ``np.reshape``. Differential against
the plain Python function."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_support import arr, check

import kiln


@kiln.jit
def set_shape(a, n):
    b = a * 2
    b.shape = (n, -1)
    b += 1
    c = np.zeros(a.shape[0])
    d = np.ones(a.shape[0], dtype=np.int32)
    c.shape = d.shape = a.shape[0]
    return b, c + d


@kiln.jit
def set_shape_of_a_view(a):
    v = a[1:] + 0
    w = v[2:]
    w.shape = (2, -1)
    return w.sum(axis=1), v


@kiln.jit
def set_shape_after_unpacking(a, n):
    x, y = np.zeros((2, n)), a + 1
    p, q = x * 2
    x.shape = y.shape = p.shape = (-1,)
    return x, y, p, q


@kiln.jit
def shape_after_swapping(a):
    b = a + 1
    c = a * 2
    b, c = c, b
    b.shape = (-1,)
    return b


@kiln.jit
def reshape_variants(a, n):
    x = a.reshape(n, -1)
    y = np.reshape(a, (-1, n))
    z = a.reshape(-1)
    return x, y.T.copy(), z


@kiln.jit
def shape_of_a_parameter(a):
    a.shape = (-1,)
    return a


@kiln.jit
def shape_of_an_alias(a):
    b = a + 1
    c = b
    b.shape = (-1,)
    return c


@kiln.jit
def shape_of_asarray(a):
    b = np.asarray(a)
    b.shape = (-1,)
    return b


@kiln.jit
def shape_through_a_tuple(a):
    b = a + 1
    t = (b, 1)
    b.shape = (-1,)
    return t[0]


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "complex128"])
@pytest.mark.parametrize("shape", [(4, 3), (2, 0), (1, 6)])
def test_set_shape(dtype: str, shape: tuple[int, ...]) -> None:
    check(set_shape, arr(shape, dtype), shape[0])


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_set_shape_of_a_new_view(layout: str) -> None:
    check(set_shape_of_a_view, arr((9,), "float32", layout)[:7])


def test_wrong_size() -> None:
    check(set_shape, arr((4, 3), "float64"), 5, raises=ValueError)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_reshape_with_minus_one(layout: str) -> None:
    check(reshape_variants, arr((4, 6), "int64", layout), 3)
    check(reshape_variants, arr((0, 6), "float64", layout), 3)


def test_unpacked_new_arrays() -> None:
    check(set_shape_after_unpacking, arr((3, 2), "float32"), 4)


@pytest.mark.parametrize(
    "fn",
    [shape_after_swapping, shape_of_a_parameter, shape_of_an_alias, shape_of_asarray, shape_through_a_tuple],
)
def test_shared_arrays_are_refused(fn: object) -> None:
    with pytest.raises(kiln.UnsupportedError, match=r"\.shape") as info:
        fn(np.ones((2, 2)))  # type: ignore[operator]
    assert ".shape = (-1,)" in str(info.value)


def mgrid_rows_flattened(n, m):
    rows, cols = np.mgrid[0:n, 0:m]
    rows.shape = cols.shape = n * m  # rows of a fresh array: contiguous, checked when it runs
    total = np.zeros(n * m)
    np.add(total, rows, total)  # a ufunc input does not share the array
    return rows, cols, total


def test_shape_of_unpacked_rows_is_checked_at_run_time() -> None:
    for n, m in ((3, 4), (1, 5), (0, 2)):
        expected = mgrid_rows_flattened(n, m)
        got = kiln.jit(mgrid_rows_flattened)(n, m)
        for e, g in zip(expected, got):
            assert e.dtype == g.dtype and e.shape == g.shape
            np.testing.assert_array_equal(g, e)


def column_reshaped(a):
    col = a.copy()[:, ::2]  # a fresh array's strided view: no reshape without a copy
    col.shape = col.size
    return col


def test_non_contiguous_shape_change_raises_like_numpy() -> None:
    a = np.arange(12.0).reshape(4, 3)
    with pytest.raises(AttributeError):
        column_reshaped(a)
    with pytest.raises(AttributeError, match="Incompatible shape"):
        kiln.jit(column_reshaped)(a)


def test_checked_shape_change_is_a_view() -> None:
    """Once the run-time check has passed, the new shape is a view of the same memory (as in
    NumPy), not a copy: the grid and ``total`` are the only arrays allocated."""
    text = kiln.inspect(kiln.jit(mgrid_rows_flattened), 3, 4)
    lowered = text.split("==== ir ====", 1)[1].split("\n==== ", 1)[0]
    assert lowered.count("alloc #") == 2, lowered
