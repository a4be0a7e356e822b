"""``kiln.prange`` with ``parallel=True``: results equal the sequential Python loop, scalar
reductions run in parallel, and loops whose iterations depend on each other (scalar
recurrences, values carried by conditional assignments, overlapping array accesses)
stay sequential. Sizes exceed the OpenMP threshold so that threads really run."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scalar_support import check, parallel_loops

import kiln

N = 300_000  # above KILN_PAR_MIN (operations): the parallel loops really use threads


def square(x):
    return x * x


def first_above(row, t):
    for j in range(row.shape[0]):
        if row[j] > t:
            return j
    return -1


@kiln.jit(parallel=True)
def map_1d(a, b):
    for i in kiln.prange(a.shape[0]):
        b[i] = math.sqrt(a[i]) + i


@kiln.jit(parallel=True)
def map_2d_with_helper(a, out):
    n, m = a.shape
    for i in kiln.prange(n):
        for j in range(m):
            out[i, j] = square(a[i, j]) + i


@kiln.jit(parallel=True)
def rows_with_early_return_helper(a, out):
    for i in kiln.prange(a.shape[0]):
        out[i] = first_above(a[i], 0.9)


@kiln.jit(parallel=True)
def stencil_into_other_array(a, b):
    for i in kiln.prange(1, a.shape[0] - 1):
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3


@kiln.jit(parallel=True)
def interleave(a, b):
    for i in kiln.prange(a.shape[0]):
        b[2 * i] = a[i]
        b[2 * i + 1] = -a[i]


@kiln.jit(parallel=True)
def conditional_local(a, b):
    for i in kiln.prange(a.shape[0]):
        if a[i] > 0.5:
            v = math.sqrt(a[i])
            b[i] = v
        else:
            b[i] = 0.0


@kiln.jit(parallel=True)
def row_sums_with_continue(a, out):
    for i in kiln.prange(a.shape[0]):
        s = 0.0
        for j in range(a.shape[1]):
            if a[i, j] < 0.1:
                continue
            s += a[i, j]
        out[i] = s


@kiln.jit(parallel=True)
def backwards(a, b):
    for i in kiln.prange(a.shape[0] - 1, -1, -1):
        b[i] = a[i] * 2 + i


@kiln.jit(parallel=True)
def run_time_step(a, b, step):
    for i in kiln.prange(0, a.shape[0], step):
        b[i] = a[i] + 1


def _vec(rng):
    return rng.random(N)


def _mat(rng):
    return rng.random((400, 300))


PARALLEL_CASES = [
    (map_1d, lambda r: (_vec(r), np.zeros(N))),
    (map_2d_with_helper, lambda r: (_mat(r), np.zeros((400, 300)))),
    (rows_with_early_return_helper, lambda r: (_mat(r), np.zeros(400, dtype=np.int64))),
    (stencil_into_other_array, lambda r: (_vec(r), np.zeros(N))),
    (interleave, lambda r: (_vec(r), np.zeros(2 * N))),
    (conditional_local, lambda r: (_vec(r), np.zeros(N))),
    (row_sums_with_continue, lambda r: (_mat(r), np.zeros(400))),
    (backwards, lambda r: (_vec(r), np.zeros(N))),
    (run_time_step, lambda r: (_vec(r), np.zeros(N), 3)),
    (run_time_step, lambda r: (_vec(r), np.zeros(N), -2)),  # an empty range
]


@pytest.mark.parametrize("f, make", PARALLEL_CASES, ids=[f.__name__ for f, _ in PARALLEL_CASES])
def test_parallel_loops_match_python(rng, f, make):
    args = make(rng)
    check(f, *args)
    assert parallel_loops(f, *args) == 1


@kiln.jit(parallel=True)
def reductions(a):
    s = 0.0
    d = 0.0
    p = 1.0
    c = 0
    for i in kiln.prange(a.shape[0]):
        s += a[i] * 2
        d -= a[i]
        p *= 1.0 + a[i] * 1e-6
        if a[i] > 0.5:
            c += 1
    return s, d, p, c


@kiln.jit(parallel=True)
def int_reduction(a):
    s = 0
    for i in kiln.prange(a.shape[0]):
        s += a[i] * i
    return s


def test_reductions(rng):
    a = rng.random(N)
    check(reductions, a, rtol=1e-10)
    assert parallel_loops(reductions, a) == 1
    b = rng.integers(-100, 100, N)
    check(int_reduction, b)  # integer sums are exact in any order
    check(int_reduction, b.astype(np.int32))
    assert parallel_loops(int_reduction, b) == 1


@kiln.jit(parallel=True)
def last_values(a):
    t = -1.0
    for i in kiln.prange(a.shape[0]):
        t = a[i] * 2
    return t, i


def test_private_variables_keep_the_last_iterations_value(rng):
    check(last_values, rng.random(N))
    check(last_values, rng.random(3))
    assert parallel_loops(last_values, rng.random(3)) == 1


@kiln.jit(parallel=True)
def recurrence(a):
    x = 0.0
    for i in kiln.prange(a.shape[0]):
        x = x * 0.5 + a[i]
    return x


@kiln.jit(parallel=True)
def carried_by_condition(a, b):
    x = 0.0
    for i in kiln.prange(a.shape[0]):
        if a[i] > 0.5:
            x = a[i]
        b[i] = x


@kiln.jit(parallel=True)
def local_used_after_loop(a, b):
    v = -1.0
    for i in kiln.prange(a.shape[0]):
        if a[i] > 0.5:
            v = math.sqrt(a[i])
            b[i] = v
    return v


@kiln.jit(parallel=True)
def continue_before_assignment(a, b):
    t = 0.0
    for i in kiln.prange(a.shape[0]):
        if a[i] < 0.5:
            continue
        t = a[i] * 2
        b[i] = t
    return t


@kiln.jit(parallel=True)
def running_sum_in_place(a):
    for i in kiln.prange(1, a.shape[0]):
        a[i] += a[i - 1]


@kiln.jit(parallel=True)
def histogram(a, h):
    for i in kiln.prange(a.shape[0]):
        h[int(a[i] * h.shape[0])] += 1


@kiln.jit(parallel=True)
def min_max(a):
    lo = a[0]
    hi = a[0]
    for i in kiln.prange(a.shape[0]):
        lo = min(lo, a[i])
        hi = max(a[i], hi)
    return lo, hi


@kiln.jit(parallel=True)
def with_break(a):
    k = -1
    for i in kiln.prange(a.shape[0]):
        if a[i] > 0.999:
            k = i
            break
    return k


SEQUENTIAL_CASES = [
    (recurrence, lambda r: (r.random(200),)),  # a long one would underflow nothing: 0.5**200 is tiny
    (carried_by_condition, lambda r: (r.random(N), np.zeros(N))),
    (local_used_after_loop, lambda r: (r.random(N), np.zeros(N))),
    (continue_before_assignment, lambda r: (r.random(N), np.zeros(N))),
    (running_sum_in_place, lambda r: (np.ones(N),)),
    (histogram, lambda r: (r.random(N), np.zeros(10, dtype=np.int64))),
    (min_max, lambda r: (r.random(N),)),
    (with_break, lambda r: (r.random(N),)),
]


@pytest.mark.parametrize("f, make", SEQUENTIAL_CASES, ids=[f.__name__ for f, _ in SEQUENTIAL_CASES])
def test_dependent_iterations_stay_sequential_and_correct(rng, f, make):
    args = make(rng)
    check(f, *args)
    assert parallel_loops(f, *args) == 0


@kiln.jit(parallel=True, boundscheck=True)
def gather(a, idx, out):
    for i in kiln.prange(idx.shape[0]):
        out[i] = a[idx[i]]


@kiln.jit(parallel=True)
def checked_sum(a):
    s = 0.0
    for i in kiln.prange(a.shape[0]):
        assert a[i] >= 0, "negative element"
        s += a[i]
    return s


def test_checks_inside_parallel_loops(rng):
    a = rng.random(N)
    idx = rng.integers(0, N, N)
    check(gather, a, idx, np.zeros(N))
    assert parallel_loops(gather, a, idx, np.zeros(N)) == 1
    bad = idx.copy()
    bad[N // 2] = N + 5
    with pytest.raises(IndexError, match=f"index {N + 5} is out of bounds"):
        gather(a, bad, np.zeros(N))
    check(checked_sum, a, rtol=1e-10)
    assert parallel_loops(checked_sum, a) == 1
    a[N - 3] = -1.0
    with pytest.raises(AssertionError, match="negative element"):
        checked_sum(a)


@kiln.jit
def prange_without_parallel(a):
    s = 0.0
    for i in kiln.prange(a.shape[0]):
        s += a[i]
    return s


def test_prange_without_parallel_is_range(rng):
    a = rng.random(1000)
    check(prange_without_parallel, a, rtol=1e-12)  # may be vectorized (omp simd reduction)
    assert parallel_loops(prange_without_parallel, a) == 0


@kiln.jit(parallel=True)
def prange_forms(n, a, b, c):
    s = 0
    for i in kiln.prange(n):
        s += i
    t = 0
    for i in kiln.prange(a, b):
        t += i * i
    u = 0
    for i in kiln.prange(a, b, c):
        u += i
    return s, t, u


@pytest.mark.parametrize("n, a, b, c", [(0, 5, 2, 1), (100_000, -50_000, 60_000, 3), (7, 9, 2, -2)])
def test_prange_with_one_two_three_arguments(n, a, b, c):
    check(prange_forms, n, a, b, c)


@kiln.jit(parallel=True)
def complex_maximum(a):
    m = a[0]
    for i in kiln.prange(a.shape[0]):
        m = np.maximum(m, a[i])
    return m


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
def test_complex_min_max_reduction_stays_sequential(rng, dtype):
    """OpenMP has no min/max reduction for complex numbers: the loop runs sequentially and keeps
    NumPy's ordering and NaN propagation."""
    a = (rng.random(N) + 1j * rng.random(N)).astype(dtype)
    check(complex_maximum, a)
    assert parallel_loops(complex_maximum, a) == 0
    a[N // 2] = complex(0.25, np.nan)
    check(complex_maximum, a)
