"""``np.sort`` / ``np.argsort`` and ``a.sort()`` / ``a.argsort()`` against NumPy: values, the order
of ties and signed zeros, NaNs, every kind, axes, layouts, extents 0 and 1, inside loops."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import TypingError, UnsupportedError


def sort_last(a):
    return np.sort(a)


def sort_first(a):
    return np.sort(a, axis=0)


def sort_flat(a):
    return np.sort(a, axis=None)


def sort_stable(a):
    return np.sort(a, kind="stable")


def sort_heap(a):
    return np.sort(a, axis=0, kind="heapsort")


def argsort_last(a):
    return np.argsort(a)


def argsort_first_stable(a):
    return np.argsort(a, axis=0, kind="stable")


def argsort_flat(a):
    return np.argsort(a, axis=None)


def argsort_method(a):
    return a.argsort(stable=True)


def sort_method(a):
    a.sort()
    return a


def sort_method_axis0(a):
    b = a * 2
    b.sort(axis=0, kind="mergesort")
    return b


FUNCS = [
    sort_last, sort_first, sort_flat, sort_stable, sort_heap, argsort_last, argsort_first_stable,
    argsort_flat, argsort_method, sort_method, sort_method_axis0,
]  # fmt: skip
_RNG = np.random.default_rng(5)


def _sample(dtype: str, shape: tuple[int, ...] = (5, 40)) -> np.ndarray:
    """Many ties (a few distinct values), and for floats NaNs and both signed zeros."""
    a = _RNG.integers(-3, 4, shape)
    if dtype == "bool":
        return a > 0
    if dtype.startswith(("int", "uint")):
        return (a if dtype.startswith("int") else abs(a)).astype(dtype)
    x = a.astype(dtype) / 2
    flat = x.reshape(-1)  # a view: x is contiguous
    flat[::7] = -0.0
    flat[:3] = (np.nan, -0.0, 0.0)
    if dtype.startswith("complex"):
        x = x + 1j * _RNG.integers(-1, 2, shape)
    return x


@pytest.mark.parametrize("fn", FUNCS, ids=[f.__name__ for f in FUNCS])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int16", "uint8", "bool", "complex128"])
def test_matches_numpy(fn: Callable[..., Any], dtype: str) -> None:
    a = _sample(dtype)
    assert_same(kiln.jit(fn)(a.copy()), fn(a.copy()))


@pytest.mark.parametrize("layout", ["F", "strided", "reversed", "empty", "one", "three_d"])
def test_layouts_and_extents(layout: str) -> None:
    a = _sample("float64", (6, 9))
    a = {
        "F": np.asfortranarray(a), "strided": a[::2, 1::3], "reversed": a[::-1, ::-1], "empty": a[:0],
        "one": a[:1, :1], "three_d": _sample("float64", (3, 4, 5)),
    }[layout]  # fmt: skip
    for fn in FUNCS:
        assert_same(kiln.jit(fn)(a.copy()), fn(a.copy()))


def sorted_medians(x, rounds):
    """Sorting in a loop, its result feeding arithmetic: the passes see a library call."""
    out = np.empty(rounds)
    for r in range(rounds):
        s = np.sort(x * (r + 1) - r)
        out[r] = (s[x.shape[0] // 2] + s[(x.shape[0] - 1) // 2]) / 2
    return out


def test_in_a_loop_and_with_threads() -> None:
    x = _RNG.standard_normal(101)
    for parallel in (False, True):
        assert_same(kiln.jit(sorted_medians, parallel=parallel)(x, 7), sorted_medians(x, 7))


def sort_view_in_place(a):
    a[1:, ::2].sort(axis=0)
    return a


def test_sorting_a_view_in_place_writes_through() -> None:
    a = _sample("float64", (6, 8))
    assert_same(kiln.jit(sort_view_in_place)(a.copy()), sort_view_in_place(a.copy()))


def sort_scalar(x):
    return np.sort(x)


def sort_order(a):
    return np.sort(a, order="f")


def sort_bad_kind(a):
    return np.sort(a, kind="bogus")


def sort_bad_axis(a):
    return np.argsort(a, axis=3)


def test_refusals_are_located() -> None:
    with pytest.raises(TypingError, match="out of bounds for array of dimension 0"):
        kiln.jit(sort_scalar)(3.0)
    with pytest.raises(UnsupportedError, match="'order'") as info:
        kiln.jit(sort_order)(np.ones(3))
    assert "test_sort.py" in str(info.value)
    with pytest.raises(TypingError, match="sort kind must be one of"):
        kiln.jit(sort_bad_kind)(np.ones(3))
    with pytest.raises(TypingError, match="axis 3 is out of bounds for array of dimension 2"):
        kiln.jit(sort_bad_axis)(np.ones((2, 2)))


def lexsorted(a, b, c):
    return np.lexsort((a, b)), np.lexsort((b, a, c)), np.lexsort(np.stack((a, c))), np.lexsort((a,))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int8, np.bool_])
def test_lexsort_is_numpys(dtype):
    """Ties broken by the earlier keys, NaNs and signed zeros in NumPy's order (its own routine)."""
    rng = np.random.default_rng(7)
    a = rng.integers(0, 3, 11).astype(dtype)
    b = rng.integers(0, 2, 11).astype(dtype)
    c = rng.integers(-1, 2, 11).astype(dtype)
    if dtype in (np.float64, np.float32):
        a[[1, 4]] = np.nan
        b[2], c[3] = -0.0, np.nan
    got, want = kiln.jit(lexsorted)(a, b, c), lexsorted(a, b, c)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and np.array_equal(g, w)
    got, want = kiln.jit(lexsorted)(a[::-2], b[::-2], c[::-2]), lexsorted(a[::-2], b[::-2], c[::-2])
    for g, w in zip(got, want):
        assert np.array_equal(g, w)
    assert np.array_equal(kiln.jit(lexsorted)(a[:0], b[:0], c[:0])[0], lexsorted(a[:0], b[:0], c[:0])[0])


def test_lexsort_keys_of_several_dtypes_are_refused():
    with pytest.raises(UnsupportedError, match="one dtype"):
        kiln.jit(lambda x, y: np.lexsort((x, y)))(np.arange(3), np.arange(3.0))


def partitioned(a, k, ks):
    return (
        np.partition(a, k),
        np.argpartition(a, k),
        np.partition(a, ks, axis=0),
        np.argpartition(a, (0, 2), axis=None),
        np.partition(a, np.array([1, -1]), axis=-1),
    )


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.uint8])
def test_partition_is_numpys(dtype):
    """NumPy's selection leaves the other elements in an order only its routine defines: kiln
    calls that routine, so every position matches, not just the k-th."""
    rng = np.random.default_rng(8)
    a = (rng.standard_normal((5, 7)) * 9).astype(dtype)
    if dtype in (np.float64, np.float32):
        a[1, 3], a[4, 0] = np.nan, -0.0
    for view in (a, np.asfortranarray(a), a[::-1, ::2]):
        got, want = kiln.jit(partitioned)(view, 2, (1, 3)), partitioned(view, 2, (1, 3))
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and np.array_equal(g, w, equal_nan=True)


def test_partition_kth_out_of_range_raises_numpys_error():
    with pytest.raises(ValueError, match="out of bounds"):
        kiln.jit(lambda x, k: np.partition(x, k))(np.arange(4.0), 9)


def test_interpreter_runs_numpy_routines_as_numpy():
    from tests.transforms.support import lower

    from kiln.ir.interpreter import run_function

    a = np.random.default_rng(9).standard_normal((4, 6))
    fn = lower(partitioned, a, 2, (1, 3))
    for g, w in zip(run_function(fn, [a, 2, 1, 3]), partitioned(a, 2, (1, 3))):
        assert np.array_equal(g, w)
    keys = lower(lexsorted, a[0], a[1], a[2])
    for g, w in zip(run_function(keys, [a[0], a[1], a[2]]), lexsorted(a[0], a[1], a[2])):
        assert np.array_equal(g, w)
