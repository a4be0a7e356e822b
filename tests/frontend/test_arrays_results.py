"""Arrays as function results: fresh arrays, arguments, views of arguments, tuples of arrays."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, run_both


@kiln.jit
def fresh(a):
    return a * 2


@kiln.jit
def fresh_local(a):
    b = np.empty_like(a)
    b[:] = a + 1
    return b


@kiln.jit
def same(a):
    a[0] += 1
    return a


@kiln.jit
def view_of(a):
    return a[1:, ::2]


@kiln.jit
def view_of_local(a):
    b = a + 1
    return b[::2]


@kiln.jit
def tuple_of_arrays(a, b):
    return a + b, a, b[1:], a.T, (a * b).sum()


@kiln.jit
def mixed_tuple(a):
    return a.shape[0], a, 2.5, a[0] + a[1]


@kiln.jit
def conditional_result(a, flag):
    if flag:
        return a[1:]
    return a[:-1]


@pytest.mark.parametrize("layout", LAYOUTS_2D)
@pytest.mark.parametrize("dtype", ("float64", "int32", "bool", "complex128"))
def test_fresh_array(layout: str, dtype: str) -> None:
    got, (a,) = run_both(fresh, lambda: (arr((3, 4), dtype, layout),))
    assert not np.shares_memory(got, a)
    assert got.flags.owndata or got.base is not a
    got[...] = 0  # a fresh result is writeable and independent of the argument
    np.testing.assert_array_equal(a, arr((3, 4), dtype, layout))


@pytest.mark.parametrize("shape", ((0, 3), (1, 1), (3, 4)))
def test_fresh_local_array(shape: tuple[int, int]) -> None:
    got, (a,) = run_both(fresh_local, lambda: (arr(shape, "float32"),))
    assert got.flags.c_contiguous and got.flags.writeable


@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_returning_the_argument_returns_the_same_object(layout: str) -> None:
    a = arr((4,), "int64", layout)
    got = same(a)
    assert got is a
    assert a[0] == arr((4,), "int64", layout)[0] + 1
    run_both(same, lambda: (arr((4,), "int64", layout),))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_returned_view_shares_memory(layout: str) -> None:
    got, (a,) = run_both(view_of, lambda: (arr((4, 5), "float64", layout),))
    assert np.shares_memory(got, a)
    got[0, 0] = -42.0
    assert a[1, 0] == -42.0
    assert got.base is not None


def test_returned_view_of_a_local() -> None:
    got, _ = run_both(view_of_local, lambda: (arr((7,), "int32"),))
    assert got.base is not None  # keeps the local's storage alive
    del _
    assert got.sum() == (arr((7,), "int32") + 1)[::2].sum()


def test_tuple_of_arrays() -> None:
    got, (a, b) = run_both(tuple_of_arrays, lambda: (arr((3, 3), "float64"), arr((3, 3), "float64", "F", 1)))
    assert got[1] is a
    assert np.shares_memory(got[2], b) and np.shares_memory(got[3], a)
    assert not np.shares_memory(got[0], a)


def test_tuple_with_scalars() -> None:
    for dtype in ("float64", "int32", "bool"):
        got, (a,) = run_both(mixed_tuple, lambda dtype=dtype: (arr((4,), dtype),))
        assert got[1] is a


def test_conditional_view_result() -> None:
    for flag in (True, False):
        got, (a, _) = run_both(conditional_result, lambda flag=flag: (arr((5,), "float64", "strided"), flag))
        assert np.shares_memory(got, a)


def test_view_of_read_only_argument_is_read_only() -> None:
    a = arr((4, 5), "float64")
    a.setflags(write=False)
    got = view_of(a)
    assert not got.flags.writeable
    np.testing.assert_array_equal(got, a[1:, ::2])
    assert fresh(a).flags.writeable


def test_results_survive_the_arguments() -> None:
    """A returned view keeps its storage alive after every Python reference to the base is gone."""
    got = view_of(arr((50, 40), "float64"))
    np.testing.assert_array_equal(got, arr((50, 40), "float64")[1:, ::2])
    got2 = tuple_of_arrays(arr((3, 3)), arr((3, 3), seed=1))[2]
    np.testing.assert_array_equal(got2, arr((3, 3), seed=1)[1:])
