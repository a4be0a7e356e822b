"""``np.put`` (modes raise, wrap, clip; values repeating; repeated indices, last wins) and
``np.put_along_axis`` (broadcast values, negative indices): differential against NumPy, on C,
F and strided targets, with NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln


def puts(a, ind, v):
    np.put(a, ind, v)
    np.put(a, ind * 3, v[:2], mode="wrap")
    np.put(a, ind - 5, 7, mode="clip")
    return a


def along(a, idx, v, rows):
    np.put_along_axis(a, idx, v, axis=1)
    np.put_along_axis(a, rows, 9, axis=0)
    np.put_along_axis(a, -1 - idx, v[:, :1], axis=-1)
    return a


@pytest.mark.parametrize("dtype", [np.float64, np.int16, np.complex64, np.bool_])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_against_numpy(dtype, layout):
    base = np.arange(80).reshape(8, 10).astype(dtype)
    make = {
        "C": lambda: base[:4, :5].copy(),
        "F": lambda: np.asfortranarray(base[:4, :5]),
        "strided": lambda: base.copy()[::-2, 1::2][:, :5],
    }[layout]
    ind = np.array([0, 3, -2, 3, 19, 7])
    v = np.arange(1, 4).astype(dtype)
    assert_same(kiln.jit(puts)(make(), ind, v), puts(make(), ind, v))
    idx = np.array([[0, 4], [1, 1], [-1, 2], [3, 0]])
    vals = (np.arange(8).reshape(4, 2) * 10).astype(dtype)
    rows = np.array([[0, 1, 2, 3, -1]])
    assert_same(kiln.jit(along)(make(), idx, vals, rows), along(make(), idx, vals, rows))


def test_errors_like_numpy():
    with pytest.raises(IndexError, match="out of bounds"):
        kiln.jit(puts)(np.zeros(4), np.array([1, 9]), np.ones(3))
    with pytest.raises(IndexError, match="out of bounds"):
        bad = np.array([[0, 7], [0, 0], [0, 0], [0, 0]])
        kiln.jit(along)(np.zeros((4, 5)), bad, np.ones((4, 2)), np.zeros((1, 5), np.int64))
    with pytest.raises(kiln.TypingError, match="writes into an array"):
        kiln.jit(lambda x: np.put(x * 2, [0], 1.0))(np.zeros(3))


def test_nothing_happens_without_values_or_indices():
    def empty_puts(a, ind, v):
        np.put(a, ind, v)
        return a

    assert_same(kiln.jit(empty_puts)(np.zeros(3), np.array([1]), np.zeros(0)), np.zeros(3))
    assert_same(kiln.jit(empty_puts)(np.zeros(3), np.zeros(0, np.int64), np.ones(2)), np.zeros(3))


def test_lists_of_indices_and_values():
    def listed(a):
        np.put(a, [0, 2, -1], [5.0, 6.0])
        np.put(a, (1,), 7)
        return a

    assert_same(kiln.jit(listed)(np.zeros(5)), listed(np.zeros(5)))
