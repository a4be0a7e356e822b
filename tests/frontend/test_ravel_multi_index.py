"""np.ravel_multi_index: coordinates broadcast together, C and F order, raise/wrap/clip, scalars,
dtypes; NumPy's errors; against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def _fn(mode: str, order: str):
    return lambda i, j: np.ravel_multi_index((i, j), (3, 4), mode=mode, order=order)


def _same(fn, *args):
    expected, got = fn(*args), kiln.jit(fn)(*args)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    assert np.shape(got) == np.shape(expected)
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_modes_and_orders(mode, order):
    fn = _fn(mode, order)
    i, j = np.array([0, 1, 2, 2]), np.array([3, 0, 1, 3])
    _same(fn, i, j)
    _same(fn, i.astype(np.int32), j.astype(np.uint8))
    _same(fn, np.array([[1], [2]]), np.array([0, 3]))  # broadcast to 2 x 2
    _same(fn, 2, 3)  # scalars give a scalar
    _same(fn, i[:0], j[:0])
    if mode != "raise":
        _same(fn, np.array([-1, 5, 3]), np.array([7, -2, 4]))


def test_errors_as_numpy():
    fn = _fn("raise", "C")
    with pytest.raises(ValueError, match="invalid entry in coordinates array"):
        kiln.jit(fn)(np.array([1, 3]), np.array([0, 0]))
    with pytest.raises(ValueError, match="invalid entry"):
        kiln.jit(fn)(np.array([1, -1]), np.array([0, 0]))

    def too_few(i):
        return np.ravel_multi_index((i,), (3, 4))

    with pytest.raises(ValueError, match="must be a sequence of length 2"):
        kiln.jit(too_few)(np.array([1]))

    def floats(x):
        return np.ravel_multi_index((x, x), (3, 4))

    with pytest.raises(TypeError, match="only int indices"):
        kiln.jit(floats)(np.array([1.0]))
