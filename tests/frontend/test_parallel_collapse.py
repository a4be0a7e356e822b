"""``collapse(2)`` copies of perfect parallel nests with few outer iterations: the generated C,
results against Python (also when the collapsed copy runs: outer trip counts below four per
thread), a triangular nest that must not collapse, and a scan over a collapsed nest."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import check
except ImportError:
    from numpy_support import check


def scale_rows(a, out):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i, j] = a[i, j] * 2.0 + i


def triangle(a, out):
    for i in range(a.shape[0]):
        for j in range(i, a.shape[1]):
            out[i, j] = a[i, j] + 1.0


def last_index_seen(a, out):
    k = -1
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i, j] = a[i, j]
            k = j
    return k


def last_row_seen(a, out):
    k = -1
    for i in range(a.shape[0]):
        k = i
        for j in range(a.shape[1]):
            out[i, j] = a[i, j]
    return k


def c_source(fn, *args) -> str:
    return kiln.inspect(kiln.jit(fn, parallel=True), *args).split("==== c ====", 1)[1]


@pytest.mark.parametrize("rows", [1, 2, 3, 5, 9, 64])
def test_collapsed_nest_matches_python(rows: int) -> None:
    a = np.random.default_rng(rows).random((rows, 70_001 // rows + 1))
    check(kiln.jit(scale_rows, parallel=True), a, np.zeros_like(a))


def test_perfect_nest_gets_a_collapse_copy() -> None:
    a = np.ones((3, 4))
    assert "collapse(2)" in c_source(scale_rows, a, a.copy())
    assert "collapse(2)" in c_source(last_row_seen, a, a.copy())
    assert "collapse(2)" in c_source(lambda_free_argmax, a)
    assert "collapse(2)" not in c_source(triangle, a, a.copy())


@pytest.mark.parametrize("shape", [(3, 40_000), (1, 50_000), (3, 0), (0, 5)])
def test_scalars_after_a_collapsed_nest(shape: tuple[int, int]) -> None:
    a = np.random.default_rng(0).random(shape)
    check(kiln.jit(last_index_seen, parallel=True), a, np.zeros_like(a))
    check(kiln.jit(last_row_seen, parallel=True), a, np.zeros_like(a))


@pytest.mark.parametrize("rows", [1, 3, 300])
def test_argmax_over_a_collapsible_nest(rows: int) -> None:
    a = np.random.default_rng(1).random((rows, 120_000 // rows))
    a[rows // 2, 7] = a[-1, -1] = 5.0
    check(kiln.jit(lambda_free_argmax, parallel=True), a)


def lambda_free_argmax(a):
    best = a[0, 0]
    at = 0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            if a[i, j] > best:
                best = a[i, j]
                at = i * a.shape[1] + j
    return at, best
