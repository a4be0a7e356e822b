"""``swapaxes``, ``moveaxis``, ``roll``, ``tile``, ``broadcast_to``, ``rot90``, ``diag``,
``diagflat``, ``tri``, ``indices``, ``meshgrid``: differential against NumPy over dtypes, empty
and one-element extents, C/Fortran/strided layouts and the keyword arguments."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln

DTYPES = [np.float64, np.float32, np.int64, np.int32, np.bool_, np.complex128]


def _inputs(shape, dtype):
    """C order for every dtype; Fortran order and a strided view too for float64 (the index
    arithmetic does not depend on the dtype, and each layout is a compile of its own)."""
    base = (np.arange(int(np.prod(shape))) % 7 - 2).reshape(shape).astype(dtype)
    yield base
    if dtype is not np.float64:
        return
    yield np.asfortranarray(base)
    if base.ndim and base.shape[-1] > 1:
        wide = np.repeat(base, 2, axis=-1)
        yield wide[..., ::2]


def _check(f, *args):
    assert_same(kiln.jit(f)(*args), f(*args))


def swap(a):
    return np.swapaxes(a, 0, -1)


def move(a):
    return np.moveaxis(a, 0, -1)


def move_many(a):
    return np.moveaxis(a, (0, 1), (-1, 0))


def roll_flat(a, s):
    return np.roll(a, s)


def roll_axis(a, s):
    return np.roll(a, s, axis=-1)


def roll_axes(a):
    return np.roll(a, (1, -2), axis=(0, 1))


def tile_int(a):
    return np.tile(a, 3)


def tile_tuple(a):
    return np.tile(a, (2, 1, 2))


def broadcast(a):
    return np.broadcast_to(a, (2,) + a.shape)


def rot(
    a,
):
    return np.rot90(a), np.rot90(a, 2), np.rot90(a, -1), np.rot90(a, k=3, axes=(1, 0))


@pytest.mark.parametrize(
    "dtype", [np.float64, np.int32, np.bool_, np.complex128], ids=lambda d: np.dtype(d).name
)
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (3, 4), (2, 3, 4)])
def test_axes_and_rolls(dtype, shape):
    for a in _inputs(shape, dtype):
        _check(swap, a)
        _check(move, a)
        _check(roll_flat, a, 2)
        _check(roll_flat, a, -7)
        _check(roll_axis, a, 5)
        _check(roll_axes, a)
        _check(tile_int, a)
        _check(tile_tuple, a)
        _check(broadcast, a)
        _check(rot, a)
        if a.ndim == 3:
            _check(move_many, a)


def diag_of(v, k):
    return np.diag(v, k)


def diagflat_of(v):
    return np.diagflat(v, -1)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("k", [0, 2, -1, 5])
def test_diag_both_directions(dtype, k):
    for n in (0, 1, 4):
        for v in _inputs((n,), dtype):
            _check(diag_of, v, k)
    for shape in ((3, 4), (1, 1), (0, 2)):
        for m in _inputs(shape, dtype):
            _check(diag_of, m, k)
            _check(diagflat_of, m)


def tri_of(n, m, k):
    return np.tri(n, m, k), np.tri(n, k=k, dtype=np.int32)


def indices_of():
    return np.indices((2, 3)), np.indices((3,), dtype=np.float32), np.indices((2, 0, 1))


def sparse_indices():
    return np.indices((2, 3), sparse=True)


@pytest.mark.parametrize(("n", "m", "k"), [(3, 4, 0), (4, 2, -1), (0, 3, 1), (1, 1, 5)])
def test_tri(n, m, k):
    _check(tri_of, n, m, k)


def test_indices():
    _check(indices_of)
    _check(sparse_indices)


def grids(x, y):
    return np.meshgrid(x, y)


def grids_ij(x, y, z):
    return np.meshgrid(x, y, z, indexing="ij")


def grids_sparse(x, y):
    return np.meshgrid(x, y, sparse=True)


@pytest.mark.parametrize("dtype", [np.float64, np.int32])
def test_meshgrid(dtype):
    x, y, z = np.arange(3, dtype=dtype), np.arange(4, dtype=dtype) * 2, np.arange(2, dtype=dtype)
    _check(grids, x, y)
    _check(grids, x[:0], y)
    _check(grids_ij, x, y, z)
    _check(grids_sparse, x, y)
    _check(grids, x.reshape(3, 1), y[::2])  # inputs are flattened


def test_refusals_follow_numpy():
    def bad_axis(a):
        return np.swapaxes(a, 0, 2)

    def bad_broadcast(a):
        return np.broadcast_to(a, (2, 3))

    def same_axes(a):
        return np.rot90(a, axes=(0, 0))

    with pytest.raises(kiln.TypingError, match="out of bounds"):
        kiln.jit(bad_axis)(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="could not be broadcast"):
        kiln.jit(bad_broadcast)(np.zeros(4))
    with pytest.raises(kiln.TypingError, match="repeated axis|Axes must be different"):
        kiln.jit(same_axes)(np.zeros((2, 2)))
