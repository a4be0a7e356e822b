"""``np.repeat`` with an array of counts (per element, or one broadcast), along an axis or
flattened: differential against NumPy, with NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln


def repeated(a, counts, one):
    return (
        np.repeat(a, counts, axis=0),
        np.repeat(a, one),
        np.repeat(a, one, axis=-1),
        np.repeat(a[0], counts[:1]),
    )


def flattened(a, counts):
    return np.repeat(a, counts)


@pytest.mark.parametrize("dtype", [np.float64, np.int8, np.bool_, np.complex64])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_counts_along_an_axis(dtype, layout):
    base = (np.arange(40).reshape(5, 8) % 3).astype(dtype)
    a = {"C": base[:4, :3].copy(), "F": np.asfortranarray(base[:4, :3]), "strided": base[::-1, ::3][:4]}[
        layout
    ]
    for counts in (
        np.array([2, 0, 1, 3]),
        np.array([1, 1, 1, 1], dtype=np.uint8),
        np.zeros(4, dtype=np.int32),
    ):
        assert_same(kiln.jit(repeated)(a, counts, np.array([2])), repeated(a, counts, np.array([2])))
    assert_same(kiln.jit(flattened)(a, np.arange(a.size) % 3), flattened(a, np.arange(a.size) % 3))
    assert_same(kiln.jit(flattened)(a[:0], np.zeros(0, np.int64)), flattened(a[:0], np.zeros(0, np.int64)))


def test_errors_like_numpy():
    a = np.arange(4.0)
    with pytest.raises(ValueError, match=r"could not be broadcast together with shape \(4,\) \(3,\)"):
        kiln.jit(flattened)(a, np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="repeats may not contain negative values"):
        kiln.jit(flattened)(a, np.array([1, -2, 3, 0]))
    with pytest.raises(kiln.TypingError, match="Cannot cast array data"):
        kiln.jit(flattened)(a, np.array([1.0, 2.0, 3.0, 0.0]))
