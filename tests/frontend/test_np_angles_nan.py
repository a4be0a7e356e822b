"""``deg2rad``/``radians``/``rad2deg``/``degrees``, ``signbit``, ``angle`` and the NaN-ignoring
reductions (``nansum``, ``nanprod``, ``nanmin``, ``nanmax``, ``nanmean``, ``nanargmin``,
``nanargmax``): differential against NumPy, bit for bit where NumPy's arithmetic is followed."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln

SPECIAL = np.array([0.0, -0.0, 1.5, -2.25, np.nan, -np.nan, np.inf, -np.inf, 90.0, 1e300, 5e-324])


def to_radians(x):
    return np.deg2rad(x), np.radians(x)


def to_degrees(x):
    return np.rad2deg(x), np.degrees(x)


def sign_bits(x):
    return np.signbit(x)


def angles(z):
    return np.angle(z), np.angle(z, deg=True)


def _same(got, want, exact=True):
    if exact:
        assert_same(got, want)
        return
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape
        # arctan2 runs as libm's or its SIMD variant: a few ulp
        np.testing.assert_allclose(g, w, rtol=1e-6, equal_nan=True)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64, np.uint16, np.complex128])
@pytest.mark.parametrize("f", [to_radians, to_degrees, sign_bits, angles], ids=lambda f: f.__name__)
def test_elementwise_bit_for_bit(dtype, f):
    if np.dtype(dtype).kind == "c" and f is not angles:
        pytest.skip("NumPy has no complex loop for these")
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        x = SPECIAL.astype(dtype)
        if np.dtype(dtype).kind == "c":
            x = x + 1j * SPECIAL[::-1]
        for a in (x, x[::2], x[:0], x[:1]):
            _same(kiln.jit(f)(a), f(a), f is not angles)
        _same(kiln.jit(f)(x[2]), f(x[2]), f is not angles)  # a NumPy scalar


A = np.array([[1.0, np.nan, 3.0, -0.5], [np.nan, np.nan, np.nan, np.nan], [-1.0, 2.0, 0.5, np.inf]])


def nan_reductions(a):
    return (
        np.nansum(a), np.nansum(a, axis=1), np.nanprod(a, axis=0, keepdims=True),
        np.nanmin(a), np.nanmax(a, axis=1), np.nanmean(a), np.nanmean(a, axis=0),
    )  # fmt: skip


def nan_arg_extremes(a):
    return np.nanargmin(a), np.nanargmax(a, axis=1), np.nanargmin(a, axis=0)


def _close(got, want):
    for g, w in zip(got, want):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=1e-6, equal_nan=True)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_nan_reductions(dtype, layout):
    a = A if np.dtype(dtype).kind == "f" else np.nan_to_num(A, posinf=9)
    a = a.astype(dtype)
    a = {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=1)[:, ::2]}[layout]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _close(kiln.jit(nan_reductions)(a), nan_reductions(a))
        rows = a[[0, 2]]
        _close(kiln.jit(nan_arg_extremes)(rows), nan_arg_extremes(rows))


def test_all_nan_slices():
    def arg(a):
        return np.nanargmax(a, axis=1)

    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        kiln.jit(arg)(A)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _close(kiln.jit(nan_reductions)(A[1:2]), nan_reductions(A[1:2]))
