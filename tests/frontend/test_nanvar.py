"""``np.nanvar`` / ``np.nanstd``: NumPy's result dtypes and shapes exactly, values to NumPy's
rounding (kiln sums in its own order), NaN for slices with too few numbers."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import kiln


def spreads(a, ddof):
    return (
        np.nanvar(a),
        np.nanstd(a, ddof=ddof),
        np.nanvar(a, axis=0),
        np.nanstd(a, axis=1, keepdims=True),
        np.nanvar(a, axis=-1, ddof=ddof),
        np.nanvar(a, keepdims=True),
    )


def _data(dtype):
    rng = np.random.default_rng(5)
    a = rng.standard_normal((5, 4)) * 3
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal((5, 4))
    if np.issubdtype(dtype, np.inexact):
        a[1, 2] = np.nan
        a[3, :] = np.nan  # a row of NaNs only
        a[:, 0] = np.nan
        a[0, 0] = 1.0
        return a.astype(dtype)
    return (a * 10).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int64, np.int16])
@pytest.mark.parametrize("ddof", [0, 1, 3])
def test_against_numpy(dtype, ddof):
    a = _data(dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = spreads(a, ddof)
        got = kiln.jit(spreads)(a, ddof)
    for g, w in zip(got, want):
        g, w = np.asarray(g), np.asarray(w)
        assert (g.dtype, g.shape) == (w.dtype, w.shape)
        rtol = 1e-5 if w.dtype == np.float32 else 1e-12
        np.testing.assert_allclose(g, w, rtol=rtol, equal_nan=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert np.isnan(kiln.jit(spreads)(a[:1], ddof + 1)[0]) == np.isnan(spreads(a[:1], ddof + 1)[0])
