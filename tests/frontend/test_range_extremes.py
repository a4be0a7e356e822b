"""Ranges whose counter would step past the ends of int64 after its last iteration: the loop
runs exactly Python's iterations (it once wrapped and never ended), sequential and parallel."""

from __future__ import annotations

import pytest

import kiln

I64_MAX = 2**63 - 1
I64_MIN = -(2**63)


def _trips_and_last(lo, hi, st):
    count, last = 0, 0
    for i in range(lo, hi, st):
        count += 1
        last = i
    return count, last


_sequential = kiln.jit(_trips_and_last)


def _first_three(lo, hi, st):
    total = 0
    for k in kiln.prange(3):
        for i in range(lo, hi, st):
            total += (i % 7) * (k + 1)
    return total


_parallel = kiln.jit(parallel=True)(_first_three)

EDGES = [
    (0, I64_MAX, 2**62),
    (0, I64_MAX, I64_MAX - 2),
    (I64_MAX - 5, I64_MAX, 2),
    (I64_MAX - 5, I64_MAX, 3),
    (I64_MIN + 5, I64_MAX, 2**62),
    (I64_MIN, I64_MAX, 2**62 + 1),
    (0, I64_MIN, -(2**62)),
    (I64_MIN + 5, I64_MIN, -2),
    (I64_MAX, I64_MIN, -(2**62)),
    (I64_MAX, I64_MIN, I64_MIN),
    (5, I64_MAX, I64_MAX),
    (-1, I64_MIN, I64_MIN),
]


@pytest.mark.parametrize("lo, hi, st", EDGES)
def test_stepped_range_near_int64_limits(lo, hi, st):
    assert _sequential(lo, hi, st) == _trips_and_last(lo, hi, st)


@pytest.mark.parametrize("lo, hi, st", EDGES[:4] + EDGES[6:8])
def test_stepped_range_near_int64_limits_in_parallel_code(lo, hi, st):
    assert _parallel(lo, hi, st) == _first_three(lo, hi, st)


def test_constant_long_step_near_int64_max():
    @kiln.jit
    def count(hi):
        n = 0
        for _ in range(0, hi, 4611686018427387904):  # 2**62
            n += 1
        return n

    assert count(I64_MAX) == 2
    assert count(2**62) == 1
