"""np.block: nested lists of blocks joined innermost-last-axis first, blocks given leading axes up
to the result's dimensions; NumPy's errors for bad nesting; against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def two_by_two(a, b, c, d):
    return np.block([[a, b], [c, d]])


def row_of_scalars_and_array(a):
    return np.block([1, 2, a])


def scalar_blocks(x):
    return np.block([[x, 2.0], [3.0, 4.0]])


def not_a_list(a):
    return np.block(a)


def rows_of_vectors(a):
    return np.block([[a], [a]])


def three_deep(a):
    return np.block([[[a, a]], [[a, a]]])


def _same(fn, *args):
    expected, got = fn(*args), kiln.jit(fn)(*args)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("layout", ["C", "F"])
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.float32])
def test_two_by_two(layout, dtype):
    r = np.random.default_rng(2)
    a = np.asarray((r.random((2, 2)) * 9).astype(dtype), order=layout)
    b = np.asarray((r.random((2, 3)) * 9).astype(dtype), order=layout)
    c = np.asarray((r.random((1, 2)) * 9).astype(dtype), order=layout)
    d = np.asarray((r.random((1, 3)) * 9).astype(np.float64), order=layout)  # promotes
    _same(two_by_two, a, b, c, d)


def test_scalars_vectors_and_depths():
    _same(row_of_scalars_and_array, np.array([3, 4]))
    _same(scalar_blocks, 1.5)
    _same(not_a_list, np.arange(3))
    _same(rows_of_vectors, np.arange(2.0))
    _same(three_deep, np.arange(4.0).reshape(2, 2))
    _same(three_deep, np.zeros((0, 2)))


def test_errors_as_numpy():
    def mismatched_depths(a):
        return np.block([[a, a], a])

    def empty(a):
        return np.block([])

    with pytest.raises(ValueError, match="List depths are mismatched"):
        kiln.jit(mismatched_depths)(np.ones(2))
    with pytest.raises(ValueError, match="cannot be empty"):
        kiln.jit(empty)(np.ones(2))
    a, b = np.ones((2, 2)), np.ones((3, 3))
    with pytest.raises(ValueError):
        two_by_two(a, b, a, b)
    with pytest.raises(ValueError, match="must match exactly"):
        kiln.jit(two_by_two)(a, b, a, b)
