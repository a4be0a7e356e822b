"""``np.unique`` (values, ``return_index``, ``return_counts``, ``equal_nan``): differential
against NumPy, bit for bit: repeated values, signed zeros, NaNs, integers and booleans, n-d and
strided input, empty and one-element arrays."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import UnsupportedError

_jit = functools.cache(kiln.jit)  # one compiled function per test function, for every case


def values(a):
    return np.unique(a)


def with_counts(a):
    return np.unique(a, return_counts=True)


def with_index(a):
    return np.unique(a, return_index=True)


def everything(a):
    return np.unique(a, return_index=True, return_counts=True)


def nans_apart(a):
    return np.unique(a, equal_nan=False)


def _samples(dtype):
    rng = np.random.default_rng(3)
    if dtype == np.bool_:
        return [rng.integers(0, 2, 9).astype(bool), np.ones(3, bool)]
    ints = rng.integers(-4, 5, 23).astype(dtype)
    return [ints, ints[:20].reshape(4, 5), ints[::3], ints[:1], ints[:0]]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int8, np.uint16, np.bool_])
def test_against_numpy(dtype):
    for a in _samples(dtype):
        for f in (values, with_counts, with_index, everything):
            assert_same(_jit(f)(a), f(a))


def test_nans_and_signed_zeros():
    a = np.array([np.nan, 1.0, -0.0, np.nan, 0.0, 1.0, -np.inf, np.nan, 0.0, -0.0])
    for f in (values, with_counts, with_index, everything, nans_apart):
        assert_same(_jit(f)(a), f(a))
        assert_same(_jit(f)(a.astype(np.float32)), f(a.astype(np.float32)))
    only_nans = np.full(4, np.nan)
    for f in (values, with_counts, nans_apart):
        assert_same(_jit(f)(only_nans), f(only_nans))


def test_in_a_loop_and_of_an_expression():
    def counts_of_rounded(x, steps):
        total = 0
        for k in range(steps):
            total += np.unique(np.round(x * k)).shape[0]
        return total

    x = np.linspace(0, 3, 50)
    assert kiln.jit(counts_of_rounded)(x, 4) == counts_of_rounded(x, 4)


@pytest.mark.parametrize(
    "call",
    [
        lambda x: np.unique(x, return_inverse=True),
        lambda x: np.unique(x, axis=0),
        lambda x: np.unique(x.astype(np.complex128)),
        lambda x: np.unique(x, sorted=False),
    ],
)
def test_refused_with_a_location(call):
    with pytest.raises(UnsupportedError):
        kiln.jit(call)(np.ones((2, 3)))
