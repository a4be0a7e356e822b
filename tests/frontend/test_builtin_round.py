"""The built-in ``round(x, ndigits)``, differential against CPython: a Python float rounds its
exact value to ``ndigits`` places half to even (``round(2.675, 2)`` is 2.67), also for negative
``ndigits``, signed zeros, infinities, NaN and CPython's limits on ``ndigits``; a Python int to
a multiple of ``10**-ndigits`` half to even; a NumPy scalar or an array as NumPy rounds it;
``ndigits=None`` as ``round(x)``."""

from __future__ import annotations

import math

import numpy as np
import pytest

import kiln


@kiln.jit
def rounded(x, n):
    return round(x, n)


@kiln.jit
def by_keyword(x, n):
    return round(x, ndigits=n)


def _same_float(got, want):
    assert type(got) is type(want)
    assert repr(got) == repr(want) or (math.isnan(got) and math.isnan(want))


FLOATS = [2.675, 0.125, 0.375, 2.5, -2.5, 1234.5, 1250.4, -1250.4, 999.5, 9999.5, 0.05, 0.15]
FLOATS += [1e308, -1e308, -0.0, 0.0, 1e-320, 5e-324, 123456789.123456789, math.inf, -math.inf, math.nan]
DIGITS = [-400, -309, -308, -20, -5, -2, -1, 0, 1, 2, 3, 10, 17, 300, 323, 324, 400]


@pytest.mark.parametrize("x", FLOATS)
def test_python_floats(x):
    for n in DIGITS:
        _same_float(rounded(x, n), round(x, n))


def test_random_floats_of_every_magnitude():
    rng = np.random.default_rng(1)
    for x in rng.standard_normal(300) * 10.0 ** rng.integers(-12, 14, 300):
        for n in (-6, -2, -1, 0, 1, 2, 5, 9):
            _same_float(by_keyword(float(x), n), round(float(x), n))


@pytest.mark.parametrize("x", [0, 1, -1, 15, 25, -25, 1249, 1250, -1250, 1251, 1350, 2**62, -(2**62)])
def test_python_ints(x):
    for n in (-25, -19, -18, -3, -2, -1, 0, 2):
        got, want = rounded(x, n), round(x, n)
        assert got == want and type(got) is type(want)


def test_numpy_scalars_none_and_arrays():
    @kiln.jit
    def two_places(x):
        return round(x, 2), round(x, None)

    for x in (np.float64(2.675), np.float32(1.2345), np.float64(-0.125)):
        got, want = two_places(x), two_places.py_func(x)
        assert [type(v) for v in got] == [type(v) for v in want] and got == want
    a = np.array([1.005, 2.675, -0.125])

    @kiln.jit
    def of_array(a):
        return round(a, 2)

    for call in (of_array, of_array.py_func):  # an array has no __round__ (np.round has)
        with pytest.raises(TypeError, match="__round__"):
            call(a)
