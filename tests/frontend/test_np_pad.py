"""``np.pad`` (constant, edge, wrap, reflect, symmetric; every ``pad_width`` form, pads wider
than the array) and ``np.resize``: differential against NumPy, bit for bit, with NumPy's
errors."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import UnsupportedError

_jit = functools.cache(kiln.jit)  # one compiled function per test function, for every case

MODES = ["constant", "edge", "wrap", "reflect", "symmetric"]


def _check(f, *args):
    assert_same(_jit(f)(*args), f(*args))


def pads(a, w):
    return (
        np.pad(a, w, mode="constant"),
        np.pad(a, w, mode="edge"),
        np.pad(a, w, mode="wrap"),
        np.pad(a, w, mode="reflect"),
        np.pad(a, w, mode="symmetric"),
        np.pad(a, w, constant_values=7),
    )


def pair_forms(a):
    return np.pad(a, (1, 2), "reflect"), np.pad(a, ((2, 0),), "wrap"), np.pad(a, 3, "symmetric")


def per_axis(a):
    return np.pad(a, ((1, 2), (3, 0)), "reflect"), np.pad(a, ((0, 5), (4, 4)), constant_values=2.5)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int8, np.uint8, np.complex128])
def test_modes_and_widths(dtype):
    rng = np.random.default_rng(4)
    for shape in ((5,), (1,), (3, 4), (1, 6)):
        a = (rng.standard_normal(shape) * 20).astype(dtype)
        for w in (0, 1, 2, 7, 13):  # wider than the array: NumPy fills in chunks
            _check(pads, a, w)
        _check(pair_forms, a)
        if a.ndim == 2:
            _check(per_axis, a)
            _check(pair_forms, np.asfortranarray(a))
            _check(per_axis, a[:, ::-2])


def test_constant_is_stored_like_an_assignment():
    _check(lambda a: np.pad(a, 2, constant_values=300), np.arange(4, dtype=np.int16))
    _check(lambda a: np.pad(a, 1, constant_values=2.9), np.arange(4, dtype=np.int32))
    _check(lambda a: np.pad(a, 1, constant_values=-7), np.arange(4, dtype=np.int8))
    _check(lambda a: np.pad(a, 1, constant_values=np.nan), np.ones(3))
    with pytest.raises(OverflowError):
        kiln.jit(lambda a: np.pad(a, 2, constant_values=300))(np.arange(4, dtype=np.int8))


def test_empty_axes():
    _check(lambda a: np.pad(a, 2), np.zeros((0, 3)))
    _check(lambda a: np.pad(a, ((0, 0), (1, 1)), "edge"), np.zeros((0, 3)))
    with pytest.raises(ValueError, match="can't extend empty axis 0"):
        kiln.jit(lambda a: np.pad(a, 1, "edge"))(np.zeros((0, 3)))


def test_negative_width_raises():
    with pytest.raises(ValueError, match="index can't contain negative values"):
        kiln.jit(pads)(np.ones(3), -1)


def resized(a, n, m):
    return np.resize(a, (n, m)), np.resize(a, n), np.resize(a, (m,))


@pytest.mark.parametrize("dtype", [np.float64, np.int16, np.bool_])
def test_resize(dtype):
    a = np.arange(7).astype(dtype)
    for n, m in ((3, 5), (0, 2), (2, 0), (1, 1), (4, 9)):
        _check(resized, a, n, m)
        _check(resized, a.reshape(1, 7)[:, ::2], n, m)
    _check(resized, a[:0], 3, 2)
    with pytest.raises(ValueError, match="must be non-negative"):
        kiln.jit(resized)(a, -1, 2)


@pytest.mark.parametrize(
    "call",
    [
        lambda a: np.pad(a, 1, "mean"),
        lambda a: np.pad(a, 1, "linear_ramp"),
        lambda a: np.pad(a, 1, "reflect", reflect_type="odd"),
        lambda a: np.pad(a, 1, constant_values=(1, 2)),
    ],
)
def test_refused_with_a_location(call):
    with pytest.raises(UnsupportedError):
        kiln.jit(call)(np.ones(4))
