"""``np.quantile`` and ``np.percentile`` (method "linear"): differential against NumPy, bit for
bit, in result type and value: seven dtypes, Python, NumPy and array ``q``, every axis and
``keepdims``, NaN and infinite data, extents 1, C/F/strided layouts, and NumPy's errors."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import UnsupportedError

DTYPES = [np.float64, np.float32, np.int64, np.int32, np.int16, np.int8, np.uint8]


def _data(dtype, shape, seed=0):
    values = np.random.default_rng(seed).standard_normal(shape) * 40
    return values.astype(dtype)


@functools.cache
def _jit(f):
    return kiln.jit(f)  # one per function: its specializations serve every case of the same types


def _check(f, *args):
    assert_same(_jit(f)(*args), f(*args))


def literal_qs(a):
    return (
        np.percentile(a, 50),
        np.percentile(a, 12.5),
        np.percentile(a, 100),
        np.quantile(a, 0.0),
        np.quantile(a, 0.37),
        np.quantile(a, 1),
        np.quantile(a, 0),
    )


def runtime_q(a, q):
    return np.percentile(a, q), np.quantile(a, q / 100)


def along_axes(a):
    return (
        np.percentile(a, 25.0, axis=0),
        np.quantile(a, 0.8, axis=1),
        np.quantile(a, 0.6, axis=-1, keepdims=True),
        np.percentile(a, 90, keepdims=True),
    )


def array_qs(a, qs):
    return np.quantile(a, qs), np.quantile(a, qs, axis=0), np.quantile(a, qs, axis=1, keepdims=True)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1,), (7,), (6, 5), (4, 1), (1, 3)])
def test_literal_and_runtime_q(dtype, shape):
    a = _data(dtype, shape)
    _check(literal_qs, a)
    for q in (0.0, 33.3, 50.0, 99.9, 100.0, np.float64(66.6), np.float32(41.7), 7):
        _check(runtime_q, a, q)


# every dtype C-ordered; the other layouts (each compiles anew) for a float and an int dtype
LAYOUT_CASES = [(d, "C") for d in DTYPES] + [
    (d, lay) for d in (np.float64, np.int32) for lay in ("F", "strided")
]


@pytest.mark.parametrize(("dtype", "layout"), LAYOUT_CASES)
def test_axes_and_array_q(dtype, layout):
    base = _data(dtype, (11, 7), seed=1)
    a = {"C": base[:6, :5].copy(), "F": np.asfortranarray(base[:6, :5]), "strided": base[::2, 1::2]}[layout]
    _check(along_axes, a)
    for qs in (np.array([0.1, 0.5, 0.99]), np.array([0.25, 0.75], dtype=np.float32), np.array([0, 1])):
        _check(array_qs, a, qs)


@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")  # NumPy's own, for inf - inf
def test_nan_slices_and_infinities():
    a = np.array([[1.0, np.nan, 3.0, 2.0], [4.0, 5.0, -np.inf, np.inf], [np.inf, np.inf, 1.0, 2.0]])
    _check(along_axes, a)
    _check(lambda x: np.quantile(x, 0.5, axis=1), a)
    _check(lambda x: np.quantile(x, 1.0, axis=1), a)
    _check(lambda x: np.percentile(x, 50.0), np.array([np.nan, 1.0], dtype=np.float32))
    _check(lambda x: np.quantile(x, np.array([0.0, 0.5, 1.0]), axis=1), a)


def test_weights_of_one_half_and_above_take_the_upper_form():
    """NumPy computes ``b - (b - a) * (1 - t)`` where ``t >= 0.5``: the rounding differs from
    ``a + (b - a) * t``, and the results must be NumPy's bit for bit."""
    a = np.array([0.1, 0.7, 1.3, 1e16, 3.0]).astype(np.float64)
    for q in np.linspace(0, 1, 41):
        _check(runtime_q, a, float(q) * 100)
    _check(runtime_q, a.astype(np.float32), 62.5)


def test_errors_like_numpy():
    a = np.arange(5.0)
    for q in (-1.0, 100.5, float("nan")):
        with pytest.raises(ValueError, match=r"Percentiles must be in the range \[0, 100\]"):
            kiln.jit(runtime_q)(a, q)
    with pytest.raises(ValueError, match=r"Quantiles must be in the range \[0, 1\]"):
        kiln.jit(array_qs)(np.ones((2, 2)), np.array([0.5, 1.5]))
    with pytest.raises(IndexError, match="out of bounds"):
        kiln.jit(runtime_q)(np.zeros(0), 50.0)

    def complex_data(x):
        return np.quantile(x, 0.5)

    with pytest.raises(kiln.TypingError, match="real numbers"):
        kiln.jit(complex_data)(np.ones(3, dtype=np.complex128))


@pytest.mark.parametrize(
    "call",
    [
        lambda x: np.quantile(x, 0.5, method="nearest"),
        lambda x: np.percentile(x, 50, out=x[:1]),
        lambda x: np.quantile(x, 0.5, axis=(0, 1)),
        lambda x: np.quantile(x, 0.5, weights=x),
        lambda x: np.quantile(x > 0, 0.5),
    ],
)
def test_refused_with_a_location(call):
    with pytest.raises((UnsupportedError, kiln.TypingError)):
        kiln.jit(call)(np.ones((2, 3)))
