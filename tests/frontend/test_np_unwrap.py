"""``np.unwrap`` against NumPy, bit for bit: float64, float32 and integer phases, ``discont``,
``period``, every axis of a 2-d array, strided input, jumps of exactly half a period, empty
and one-element inputs."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)


def unwrapped(p):
    return np.unwrap(p), np.unwrap(p, discont=4.0), np.unwrap(p, period=4.0)


def along(m):
    return np.unwrap(m, axis=0), np.unwrap(m, axis=-1), np.unwrap(m, axis=1, period=3.0)


def _wrapped(n):
    phase = np.cumsum(np.random.default_rng(n).uniform(-3, 3, n))
    return (phase + np.pi) % (2 * np.pi) - np.pi


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("n", [0, 1, 40])
def test_against_numpy(dtype, n):
    p = (_wrapped(n) * (10 if dtype == np.int64 else 1)).astype(dtype)
    for x in (p, p[::2]):
        for got, want in zip(_jit(unwrapped)(x), unwrapped(x), strict=True):
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)


def test_half_period_jumps_and_axes():
    half = np.array([0.0, np.pi, 0.0, -np.pi, np.pi])
    for got, want in zip(_jit(unwrapped)(half), unwrapped(half), strict=True):
        np.testing.assert_array_equal(got, want)
    m = _wrapped(40).reshape(5, 8)
    for got, want in zip(_jit(along)(m), along(m), strict=True):
        np.testing.assert_array_equal(got, want)
