"""Compaction under scattered masks (branch-free visiting of mixed blocks followed by a true
element, the branchy one for the last such block) against NumPy: gathers, whole-row gathers,
nonzero, flatnonzero and argwhere, at several densities and with the last true element early,
mid-block and last."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import arr, run_both
except ImportError:
    from arrays_support import arr, run_both


@kiln.jit
def gather(a, m):
    return a[m]


@kiln.jit
def where_true(m):
    return np.flatnonzero(m), np.argwhere(m)


@kiln.jit
def coords(m):
    return np.nonzero(m)


def scattered(shape: tuple[int, ...], density: float, last: int | None = None, seed: int = 0) -> np.ndarray:
    """Random mask; ``last``: the flat index after which every element is false."""
    m = np.random.default_rng(seed).random(shape) < density
    if last is not None:
        m.reshape(-1)[last + 1 :] = False
        m.reshape(-1)[last] = True
    return m


@pytest.mark.parametrize("density", (0.05, 0.5, 0.95))
@pytest.mark.parametrize("last", (None, 3, 130, 600, 999))
def test_scattered_1d(density: float, last: int | None) -> None:
    m = scattered((1000,), density, last)
    run_both(gather, lambda: (arr((1000,), "complex128"), m.copy()))
    run_both(gather, lambda: (arr((1000,), "int32")[::-1], m.copy()))
    run_both(where_true, lambda: (m.copy(),))
    run_both(coords, lambda: (m.copy(),))


@pytest.mark.parametrize("density", (0.3, 0.9))
def test_scattered_2d_and_rows(density: float) -> None:
    m = scattered((3, 300), density, seed=1)
    run_both(gather, lambda: (arr((3, 300), "float64", "F"), m.copy()))
    run_both(where_true, lambda: (m.copy(),))
    run_both(coords, lambda: (m.copy(),))
    rows = scattered((300,), density, last=250, seed=2)
    run_both(gather, lambda: (arr((300, 3), "float32"), rows.copy()))
