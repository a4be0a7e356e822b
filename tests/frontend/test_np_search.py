"""``searchsorted``, ``digitize``, ``interp``, ``bincount``, one-argument ``where``, ``split`` and
``array_split``: differential against NumPy (NaNs, ties, both sides, decreasing bins, samples
out of range, empty inputs) and NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln

SORTED = np.array([0.5, 1.0, 1.0, 2.0, 3.5])
QUERIES = np.array([-1.0, 0.5, 1.0, 1.7, 3.5, 9.0, np.nan, -0.0])


def _check(f, *args):
    assert_same(kiln.jit(f)(*args), f(*args))


def searches(a, v):
    return np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(a, 1.0)


def digitized(x, bins):
    return np.digitize(x, bins), np.digitize(x, bins, right=True)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_searchsorted_and_digitize(dtype):
    a = SORTED.astype(dtype) if dtype is not np.int64 else np.array([0, 1, 1, 2, 3])
    for v in (QUERIES, QUERIES[:0], QUERIES.reshape(2, 4), np.arange(-1, 5)):
        _check(searches, a, v)
        _check(digitized, v, a)
        _check(digitized, v, a[::-1])
    _check(searches, np.array([1.0, np.nan]), QUERIES)


def interpolated(x, xp, fp):
    return np.interp(x, xp, fp), np.interp(x, xp, fp, left=-5, right=7.5), np.interp(1.25, xp, fp)


@pytest.mark.parametrize(
    ("xp", "fp"),
    [
        (SORTED, SORTED * 2 - 1),
        (SORTED.astype(np.float32), (SORTED**2).astype(np.float32)),
        (np.array([0.0, 1.0, 2.0]), np.array([0.0, np.inf, 1.0])),
        (SORTED[:1], SORTED[:1]),
        (np.arange(4), np.array([3, 1, 4, 1])),
    ],
)
def test_interp_follows_numpys_routine(xp, fp):
    _check(interpolated, QUERIES, xp, fp)
    _check(interpolated, np.linspace(-1, 4, 11), xp, fp)


def counts(x, w):
    return np.bincount(x), np.bincount(x, weights=w, minlength=10), np.bincount(x[:0], minlength=3)


def test_bincount():
    _check(counts, np.array([0, 3, 1, 3, 7]), SORTED)
    _check(counts, np.array([2], dtype=np.int32), SORTED[:1])


def splits(a):
    p, q = np.split(a, 2)
    return (
        tuple(np.split(a, 3, axis=1)), tuple(np.array_split(a, 4, axis=1)),
        tuple(np.split(a, (1, 3))), tuple(np.split(a, [2, 10], axis=1)), p - q, np.where(a > 10),
    )  # fmt: skip


@pytest.mark.parametrize("order", ["C", "F"])
def test_split_and_where(order):
    _check(splits, np.asarray(np.arange(24.0).reshape(4, 6), order=order))


def test_errors_follow_numpy():
    def unequal(a):
        return tuple(np.split(a, 4))

    def negative(x):
        return np.bincount(x)

    def not_monotonic(x, b):
        return np.digitize(x, b)

    def no_samples(x, xp):
        return np.interp(x, xp, xp)

    with pytest.raises(ValueError, match="equal division"):
        kiln.jit(unequal)(np.arange(6.0))
    with pytest.raises(ValueError, match="no negative elements"):
        kiln.jit(negative)(np.array([1, -1]))
    with pytest.raises(ValueError, match="monotonically"):
        kiln.jit(not_monotonic)(QUERIES, np.array([1.0, 0.0, 2.0]))
    with pytest.raises(ValueError, match="empty"):
        kiln.jit(no_samples)(QUERIES, SORTED[:0])


def medians(a):
    return (
        np.median(a), np.median(a, axis=0), np.median(a, axis=1), np.median(a, axis=1, keepdims=True),
        np.median(a, keepdims=True), np.median(a[:, :3], axis=1), np.median(a[:1, :1]),
    )  # fmt: skip


@pytest.mark.filterwarnings("ignore:Mean of empty slice", "ignore:invalid value encountered")
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("order", ["C", "F"])
def test_median(dtype, order):
    a = np.array([[3.0, 1.0, 2.0, 8.0], [np.nan, 1.0, 5.0, 0.5], [4.0, 4.0, -1.0, 7.0]])
    a = np.asarray(
        a.astype(dtype) if np.dtype(dtype).kind == "f" else np.nan_to_num(a).astype(dtype), order=order
    )
    _check(medians, a)
    _check(medians, a[1:])  # no NaN left

    def empty(x):
        return np.median(x[:0])

    _check(empty, a)


def test_median_of_a_vector_along_its_axis_is_a_number():
    """It gave a 0-d array where NumPy gives a scalar (the only axis reduced, no keepdims)."""

    def middle(v):
        return np.median(v, axis=0), np.median(v, axis=-1, keepdims=True)

    _check(middle, np.array([3.0, 1.0, 2.0]))
    _check(middle, np.array([4, 1, 2, 3], dtype=np.int16))


def along(a, order, few, flat):
    top = np.argmax(a, axis=0, keepdims=True)
    return (
        np.take_along_axis(a, order, axis=1), np.take_along_axis(a, few, axis=1),
        np.take_along_axis(a, flat, axis=None), np.take_along_axis(a, top, axis=0),
    )  # fmt: skip


@pytest.mark.parametrize("order", ["C", "F"])
def test_take_along_axis(order):
    a = np.asarray([[3.0, 1.0, 2.0, 8.0], [9.0, 1.0, 5.0, 0.5], [4.0, 4.0, -1.0, 7.0]], order=order)
    _check(along, a, np.argsort(a, axis=1), np.array([[0, -1]]), np.array([11, 0, -2]))

    def out_of_range(x, i):
        return np.take_along_axis(x, i, axis=1)

    with pytest.raises(IndexError, match="out of bounds for axis 1"):
        kiln.jit(out_of_range)(a, np.array([[0], [4], [1]]))


def test_flags_and_counts_must_be_what_numpy_takes():
    def runtime_side(x, b, flag):
        return np.digitize(x, b, right=flag)

    def float_minlength(x):
        return np.bincount(x, minlength=2.5)

    # a side known only at run time is refused, never taken as False
    with pytest.raises(kiln.UnsupportedError, match="'right' must be a constant"):
        kiln.jit(runtime_side)(QUERIES, SORTED, QUERIES[0] > 0)
    with pytest.raises(kiln.TypingError, match="'minlength' must be an integer"):
        kiln.jit(float_minlength)(np.array([1, 2]))
