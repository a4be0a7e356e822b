"""Masks whose true elements come in long runs (whole blocks true, whole blocks false, ragged
edges): reading, assigning, augmented assignment and nonzero against NumPy, with row masks that
select whole rows and masks that share memory with the array written."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, LAYOUTS_2D, arr, in_layout, run_both


def runs(shape: tuple[int, ...], seed: int = 3) -> np.ndarray:
    """True in long runs: blocks of 128 and more all true or all false, a few ragged edges."""
    n = int(np.prod(shape))
    rng = np.random.default_rng(seed)
    flat = np.zeros(n, dtype=bool)
    pos, value = 0, bool(seed % 2)
    while pos < n:
        step = int(rng.integers(1, 400))
        flat[pos : pos + step] = value
        pos, value = pos + step, not value
    return flat.reshape(shape)


@kiln.jit
def read(a, m):
    return a[m]


@kiln.jit
def set_array(a, m, v):
    a[m] = v


@kiln.jit
def set_scalar(a, m):
    a[m] = 7


@kiln.jit
def grow_where(a, m):
    a[m] += a[m] * 2


@kiln.jit
def keep_small(z):
    z[z > 1.0] = 0.0
    return z


@kiln.jit
def coords(m):
    return np.nonzero(m)


SHAPES = ((0,), (1,), (128,), (129,), (1000,), (3, 700), (700, 1), (0, 300))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", ("float64", "float32", "int64", "int32", "bool", "complex128"))
def test_read_and_write_runs(shape: tuple[int, ...], dtype: str) -> None:
    m = runs(shape)
    run_both(read, lambda: (arr(shape, dtype), m.copy()))
    run_both(set_scalar, lambda: (arr(shape, dtype), m.copy()))
    run_both(set_array, lambda: (arr(shape, dtype), m.copy(), arr((int(m.sum()),), dtype, seed=2)))
    run_both(set_array, lambda: (arr(shape, dtype), m.copy(), arr((1,), dtype, seed=2)))
    run_both(coords, lambda: (m.copy(),))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_runs_in_2d_layouts(layout: str) -> None:
    m = runs((4, 600), seed=4)
    run_both(read, lambda: (arr((4, 600), "float64", layout), in_layout(m.copy(), layout)))
    run_both(grow_where, lambda: (arr((4, 600), "int64", layout), m.copy()))
    run_both(read, lambda: (arr((600, 3), "float64", layout), runs((600,), seed=5)))  # whole rows


@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_runs_in_1d_layouts(layout: str) -> None:
    m = runs((900,), seed=6)
    run_both(read, lambda: (arr((900,), "complex128", layout), in_layout(m.copy(), layout)))
    run_both(grow_where, lambda: (arr((900,), "float32", layout), m.copy()))


def test_mask_read_from_the_array_written() -> None:
    z = np.where(runs((2, 500), seed=7), 2.0, 0.5)
    run_both(keep_small, lambda: (z.copy(),))
    run_both(keep_small, lambda: (z.copy().T,))
