"""Scalar loops over array elements (Floyd-Warshall, prefix sums, histograms, bubble sort,
Newton's method), and variables whose type widens (``s = 0`` then ``s += a[i]``).
Differential against the plain Python function, over dtypes and layouts."""

from __future__ import annotations

import numpy as np
import pytest
from scalar_support import check

import kiln


@kiln.jit
def floyd_warshall(d):
    n = d.shape[0]
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if d[i, k] + d[k, j] < d[i, j]:
                    d[i, j] = d[i, k] + d[k, j]


def _distances(rng, n, dtype):
    d = rng.integers(1, 50, (n, n)).astype(dtype)
    d[rng.random((n, n)) < 0.3] = 10**6 if dtype != np.float64 else np.inf
    np.fill_diagonal(d, 0)
    return d


@pytest.mark.parametrize("dtype", [np.int64, np.float64, np.int32, np.float32])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("n", [0, 1, 7])
def test_floyd_warshall(rng, dtype, layout, n):
    d = _distances(rng, n, dtype)
    if layout == "F":
        d = np.asfortranarray(d)
    elif layout == "strided":
        big = np.zeros((2 * n, 2 * n), dtype=dtype)
        big[::2, ::2] = d
        d = big[::2, ::2]
    check(floyd_warshall, d)


@kiln.jit
def prefix_sum(a):
    out = np.empty_like(a)
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
        out[i] = s
    return out


@kiln.jit
def prefix_sum_in_place(a):
    for i in range(1, a.shape[0]):
        a[i] += a[i - 1]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32, np.int8, np.uint8, np.bool_])
@pytest.mark.parametrize("n", [0, 1, 9])
def test_prefix_sums(rng, dtype, n):
    a = rng.integers(0, 100, n).astype(dtype)
    check(prefix_sum, a)
    check(prefix_sum_in_place, a)
    check(prefix_sum_in_place, np.repeat(a, 2)[::2])


@kiln.jit
def histogram(a, bins, lo, hi):
    h = np.zeros(bins, dtype=np.int64)
    width = (hi - lo) / bins
    for i in range(a.shape[0]):
        b = int((a[i] - lo) / width)
        if b >= bins:
            b = bins - 1
        if b >= 0:
            h[b] += 1
    return h


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_histogram_by_loop(rng, dtype):
    a = rng.random(500).astype(dtype)
    check(histogram, a, 10, 0.0, 1.0)
    check(histogram, a, 7, 0.1, 0.9)
    check(histogram, a[::3], 3, -1.0, 2.0)


@kiln.jit
def bubble_sort(a):
    n = a.shape[0]
    for i in range(n):
        swapped = False
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swapped = True
        if not swapped:
            break


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int16, np.uint8])
@pytest.mark.parametrize("n", [0, 1, 2, 25])
def test_bubble_sort(rng, dtype, n):
    a = rng.integers(0, 60, n).astype(dtype)
    check(bubble_sort, a)
    check(bubble_sort, np.repeat(a, 2)[::-2])


@kiln.jit
def newton_sqrt(x, tol):
    r = x
    it = 0
    while abs(r * r - x) > tol and it < 100:
        r = r - (r * r - x) / (2 * r)
        it += 1
    return r, it


@pytest.mark.parametrize(
    "x, tol", [(2.0, 1e-12), (10, 1e-10), (1e6, 1e-6), (np.float32(2.0), 1e-6), (1.0, 0.0)]
)
def test_newton_iteration(x, tol):
    check(newton_sqrt, x, tol)


@kiln.jit
def sum_into_int(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@pytest.mark.parametrize(
    "dtype", [np.float64, np.float32, np.int64, np.int32, np.int8, np.bool_, np.complex128]
)
def test_widening_accumulator(dtype):
    """``s = 0`` then ``s += a[i]``: ``s`` takes the type of ``0 + a[i]`` from the start."""
    check(sum_into_int, np.array([1, 0, 3, 1, 2]).astype(dtype))


def test_widened_accumulator_of_an_empty_array_has_the_widened_type():
    """Python returns the int 0 when the loop never runs; kiln's variable has one type."""
    assert sum_into_int(np.zeros(0)) == 0.0
    assert type(sum_into_int(np.zeros(0))) is np.float64


@kiln.jit
def halve(n):
    x = 1
    for _ in range(n):
        x = x / 2
    return x


@kiln.jit
def halve_once():
    x = 1
    x = x / 2
    return x


@pytest.mark.parametrize("n", [1, 3, 60])
def test_int_variable_widened_to_float(n):
    check(halve, n)
    check(halve_once)


@kiln.jit
def mixed_widening(a, flag):
    y = 1
    if flag:
        y = a[0]
    z = True
    z = z + 1
    return y, z


@pytest.mark.parametrize("flag", [True, False])
def test_widening_in_branches(flag):
    a = np.array([2.5, 1.0], dtype=np.float32)
    got = mixed_widening(a, flag)
    assert got[0] == (2.5 if flag else 1)
    assert type(got[0]) is np.float32  # one type for the variable: promote(int, float32)
    assert got[1] == 2 and type(got[1]) is int


def _count_until_guarded(a, limit):
    count = 0
    for i in range(a.shape[0] + 2):
        if i < a.shape[0] and a[i] > limit:
            count += 1
        elif i >= a.shape[0] or a[i] < -limit:
            count -= 1
    return count


# One source, compiled with and without bounds checks.
count_until_guarded = kiln.jit(_count_until_guarded)
count_until_guarded_checked = kiln.jit(boundscheck=True)(_count_until_guarded)


@pytest.mark.parametrize("limit", [0.5, 2.0])
def test_short_circuit_guards_array_reads(limit):
    a = np.array([1.0, -3.0, 3.0, 0.0])
    check(count_until_guarded, a, limit)
    check(count_until_guarded_checked, a, limit)


@kiln.jit(boundscheck=True)
def out_of_bounds_read(a, i):
    return a[i]


def test_boundscheck_still_raises_outside_guards():
    with pytest.raises(IndexError):
        out_of_bounds_read(np.zeros(3), 3)
    check(out_of_bounds_read, np.arange(3.0), -1)


@kiln.jit
def matrix_vector_by_loops(a, x):
    n, m = a.shape
    y = np.zeros(n, dtype=a.dtype)
    for i in range(n):
        acc = a[i, 0] * 0
        for j in range(m):
            acc += a[i, j] * x[j]
        y[i] = acc
    return y


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex128])
@pytest.mark.parametrize("layout", ["C", "F", "T"])
def test_matrix_vector_by_scalar_loops(rng, dtype, layout):
    a = rng.integers(-5, 5, (4, 3)) + (1j if dtype == np.complex128 else 0) * rng.integers(-5, 5, (4, 3))
    a = a.astype(dtype)
    if layout == "F":
        a = np.asfortranarray(a)
    elif layout == "T":
        a = np.ascontiguousarray(a.T).T
    check(matrix_vector_by_loops, a, np.arange(3).astype(dtype))
