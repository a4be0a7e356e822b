"""``np.union1d``, ``np.intersect1d`` and ``np.setdiff1d`` against NumPy: values, order and
dtypes, duplicates, NaN, empty operands, mixed dtypes, 2-d operands (flattened)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


def sets(a, b):
    return np.union1d(a, b), np.intersect1d(a, b), np.setdiff1d(a, b), np.setdiff1d(b, a)


CASES = [
    (np.array([3, 1, 2, 3, 5, 1]), np.array([5, 7, 1, 1])),
    (np.array([3, 1, 2], dtype=np.int32), np.array([2.0, 2.5, 9.0])),
    (np.array([np.nan, 1.0, 2.0, np.nan]), np.array([np.nan, 2.0])),
    (np.zeros(0), np.array([1.0, 0.0])),
    (np.array([[4, 2], [2, 9]]), np.array([9, 4, 4])[::-1]),
    (np.array([True, False]), np.array([True])),
]


@pytest.mark.parametrize("a, b", CASES)
def test_as_numpy(a, b):
    got, want = kiln.jit(sets)(a, b), sets(a, b)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)


def test_refused_flags():
    def assumed(a, b):
        return np.setdiff1d(a, b, assume_unique=True)

    with pytest.raises(UnsupportedError, match="assume_unique=True"):
        kiln.jit(assumed)(np.ones(2), np.ones(2))
