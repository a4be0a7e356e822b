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


# -------------------------------------------------- on the OpenMP team (parallel=True)
pgather = kiln.jit(gather.py_func, parallel=True)
pcoords = kiln.jit(coords.py_func, parallel=True)
pwhere = kiln.jit(where_true.py_func, parallel=True)
BIG = 300_003  # blocks enough for the team; ragged last block


@pytest.fixture(params=[1, 2], ids=["1-thread", "2-threads"])
def threads(request):
    before = kiln.get_num_threads()
    kiln.set_num_threads(request.param)
    yield request.param
    kiln.set_num_threads(before)


@pytest.mark.parametrize("density", (0.0, 0.01, 0.5, 0.99, 1.0))
@pytest.mark.parametrize("last", (None, 127, 128, 150_000, BIG - 1))
def test_parallel_blocks_1d(threads: int, density: float, last: int | None) -> None:
    """Each block of 128 starts at its own offset: sparse, dense and mixed blocks, blocks whose
    last element is false next to ones being filled by the other thread."""
    m = scattered((BIG,), density, last, seed=3)
    run_both(pgather, lambda: (arr((BIG,), "float64"), m.copy()))
    run_both(pcoords, lambda: (m.copy(),))
    run_both(pwhere, lambda: (m.copy(),))


@pytest.mark.parametrize("dtype", ("complex128", "int32", "bool"))
def test_parallel_blocks_layouts_and_rows(threads: int, dtype: str) -> None:
    m = scattered((BIG,), 0.4, seed=4)
    run_both(pgather, lambda: (arr((BIG,), dtype)[::-1], m.copy()))
    run_both(pgather, lambda: (arr((2 * BIG,), dtype)[::2], m.copy()))
    rows = scattered((100_001,), 0.6, last=99_000, seed=5)
    run_both(pgather, lambda: (arr((100_001, 3), dtype), rows.copy()))
    run_both(pgather, lambda: (arr((100_001, 3), dtype, "F"), rows.copy()))


@pytest.mark.parametrize("n", (0, 1, 129))
def test_parallel_blocks_small_masks(n: int) -> None:
    m = scattered((n,), 0.5, seed=6)
    run_both(pgather, lambda: (arr((n,), "float64"), m.copy()))
    run_both(pcoords, lambda: (m.copy(),))


def test_parallel_gather_walks_blocks_on_the_team() -> None:
    m = scattered((BIG,), 0.5, seed=7)
    text = pgather.inspect(arr((BIG,)), m).split("==== opt ====")[1].split("==== c ====")[0]
    block_loops = [line for line in text.splitlines() if "_b in range(" in line and "parallel" in line]
    assert len(block_loops) == 2, block_loops  # the count, then the walk


def _positive(a):
    return a[a > 2.0]


def _gather_strided_mask(a, m):
    return a[m[::2]]


def test_parallel_lazy_and_strided_masks(threads: int) -> None:
    """The mask is an expression (evaluated in the count and again in the copy) or a strided
    view; the result is the same on one thread and two."""
    run_both(kiln.jit(_positive, parallel=True), lambda: (arr((BIG,), "float64", seed=8),))
    m = scattered((2 * BIG,), 0.3, seed=9)
    run_both(kiln.jit(_gather_strided_mask, parallel=True), lambda: (arr((BIG,), "int32"), m.copy()))
