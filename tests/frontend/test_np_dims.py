"""``expand_dims``, ``squeeze``, ``atleast_1d/2d/3d``, ``column_stack``, ``dstack``,
``hsplit``/``vsplit``/``dsplit`` and ``broadcast_arrays``: differential against NumPy, bit
for bit, in layouts C, F and strided, with views that write through as NumPy's do."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import UnsupportedError


def _check(f, *args):
    assert_same(kiln.jit(f)(*args), f(*args))


def new_axes(a):
    return np.expand_dims(a, 0), np.expand_dims(a, -1), np.expand_dims(a, (0, 2)), np.expand_dims(a * 2, 1)


def squeezed(a):
    return np.squeeze(a[None, :, None], axis=(0, 2)), a[:, None].squeeze(axis=1), np.squeeze(a[None], 0)


def at_least(a, s):
    return np.atleast_1d(s), np.atleast_2d(a), np.atleast_3d(a), np.atleast_2d(s, a), np.atleast_3d(a[0])


def stacked(a, b):
    return np.column_stack((a[0], b[0])), np.column_stack((a, b)), np.dstack((a, b)), np.dstack((a[0], b[0]))


def splits(a):
    h, v, h1, d = np.hsplit(a, 2), np.vsplit(a, 2), np.hsplit(a[0], 2), np.dsplit(a[:, :, None], 1)
    return tuple(h), tuple(v), tuple(h1), tuple(d)


def broadcasts(a, v):
    return np.broadcast_arrays(a, v, 2.5)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex64])
def test_against_numpy(layout, dtype):
    base = np.arange(96).reshape(8, 12).astype(dtype)
    a = {"C": base[:4, :6].copy(), "F": np.asfortranarray(base[:4, :6]), "strided": base[::2, ::-2][:, :6]}
    a = a[layout][:, :6]
    b = a[::-1] + 1
    _check(new_axes, a)
    _check(squeezed, a[0])
    _check(at_least, a, dtype(3))
    _check(stacked, a, b)
    _check(splits, a)
    _check(broadcasts, a, a[0])


def test_views_write_through():
    def write(a):
        e = np.expand_dims(a, 0)
        e[0, 1] = 7.0
        s = np.squeeze(a[None], axis=0)
        s[2] = 9.0
        t = np.atleast_2d(a)
        t[0, 0] = -1.0
        return a

    a = np.zeros(4)
    assert_same(kiln.jit(write)(a.copy()), write(a.copy()))


def test_errors():
    with pytest.raises(ValueError, match="cannot select an axis to squeeze out"):
        kiln.jit(lambda a: np.squeeze(a, axis=0))(np.ones((2, 3)))
    with pytest.raises(UnsupportedError, match="axis="):
        kiln.jit(lambda a: np.squeeze(a))(np.ones((2, 1)))
    with pytest.raises(kiln.TypingError, match="vsplit only works on arrays of 2 or more dimensions"):
        kiln.jit(lambda a: np.vsplit(a, 2))(np.ones(4))
    with pytest.raises(np.exceptions.AxisError, match="out of bounds"):
        kiln.jit(lambda a: np.expand_dims(a, 3))(np.ones(4))
    with pytest.raises(np.exceptions.AxisError, match="out of bounds"):
        kiln.jit(lambda a: np.squeeze(a[None], axis=2))(np.ones(4))
    with pytest.raises(ValueError, match="axis"):
        kiln.jit(lambda a: np.expand_dims(a, (0, 0)))(np.ones(4))
    with pytest.raises(TypeError, match="NoneType"):
        kiln.jit(lambda a: np.expand_dims(a, None))(np.ones(4))
