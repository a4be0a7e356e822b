"""``np.tril_indices``, ``np.triu_indices``, ``np.diag_indices`` and ``np.unravel_index``
against NumPy: values, order, dtypes, ``k`` of both signs, rectangular ``m``, empty results,
scalar and array indices, NumPy's out-of-bounds error."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def triangles(n, k, m):
    return np.tril_indices(n, k, m), np.triu_indices(n, k, m), np.tril_indices(n), np.triu_indices(n, k=k)


def diagonals(n):
    return np.diag_indices(n), np.diag_indices(n, 3)


def unravel(flat, i):
    return np.unravel_index(flat, (3, 4)), np.unravel_index(i, (2, 3, 4)), np.unravel_index(flat, 12)


def unravel_f(flat, i):
    return (
        np.unravel_index(flat, (3, 4), order="F"),
        np.unravel_index(i, (2, 3, 4), "F"),
        np.unravel_index(flat, (12,), order="F"),
        np.unravel_index(flat, (1, 12, 1), order="F"),
    )


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    assert np.asarray(got).dtype == np.asarray(w := want).dtype
    np.testing.assert_array_equal(got, w)


@pytest.mark.parametrize("n", [0, 1, 4])
@pytest.mark.parametrize("k", [-5, -1, 0, 2, 9])
@pytest.mark.parametrize("m", [0, 2, 6])
def test_triangles(n, k, m):
    _same(kiln.jit(triangles)(n, k, m), triangles(n, k, m))


@pytest.mark.parametrize("n", [0, 1, 5])
def test_diag_indices(n):
    _same(kiln.jit(diagonals)(n), diagonals(n))


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8])
def test_unravel_index(dtype):
    flat = np.array([0, 5, 11, 7], dtype=dtype)
    for f in (flat, flat[::-1], flat.reshape(2, 2)):
        _same(kiln.jit(unravel)(f, 23), unravel(f, 23))


@pytest.mark.parametrize("dtype", [np.int64, np.int16])
def test_unravel_index_in_fortran_order(dtype):
    flat = np.array([0, 5, 11, 7, 1], dtype=dtype)
    for f in (flat, flat[::-2], flat[:4].reshape(2, 2, order="F"), flat[:0]):
        for i in (0, 9, 23):
            _same(kiln.jit(unravel_f)(f, i), unravel_f(f, i))


def test_unravel_index_order_is_checked():
    def bad(i):
        return np.unravel_index(i, (2, 3), order="K")

    with pytest.raises(kiln.UnsupportedError, match="order must be 'C' or 'F'"):
        kiln.jit(bad)(1)


def test_unravel_index_out_of_bounds():
    with pytest.raises(ValueError) as want:
        unravel(np.array([3, 12]), 0)
    with pytest.raises(ValueError) as got:
        kiln.jit(unravel)(np.array([3, 12]), 0)
    assert str(got.value) == str(want.value)
