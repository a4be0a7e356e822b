"""``np.tensordot`` (an int or two lists of axes) and ``np.inner``: NumPy's result shapes and
dtypes exactly, values to NumPy's rounding (both multiply through BLAS for floating types),
layouts C/F/strided, NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def _close(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    np.testing.assert_allclose(got, want, rtol=1e-5 if want.dtype in (np.float32, np.complex64) else 1e-12)


def products(a, b, c):
    return (
        np.tensordot(a, b, axes=1),
        np.tensordot(a, b.T, axes=2),
        np.tensordot(c, a, axes=([0, 1], [1, 0])),
        np.tensordot(c, a, axes=([1], [0])),
        np.tensordot(a, b, axes=0),
        np.inner(a, a),
        np.inner(a[0], b[:, 0]),
        np.inner(c, b),
        np.inner(a, 2.0),
    )


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_against_numpy(dtype, layout):
    rng = np.random.default_rng(6)
    big = (rng.standard_normal((8, 8)) * 4).astype(dtype)
    pick = {
        "C": lambda m, r, k: m[:r, :k].copy(),
        "F": lambda m, r, k: np.asfortranarray(m[:r, :k]),
        "strided": lambda m, r, k: m[::2, ::2][:r, :k],
    }[layout]
    a, b, c = pick(big, 3, 4), pick(big[::-1], 4, 3), pick(big.T, 4, 3)
    for got, want in zip(kiln.jit(products)(a, b, c), products(a, b, c)):
        _close(got, want)


def test_errors():
    with pytest.raises(ValueError, match="shape-mismatch for sum"):
        kiln.jit(lambda x, y: np.tensordot(x, y, axes=1))(np.ones((2, 3)), np.ones((4, 2)))
    with pytest.raises(ValueError, match="shape-mismatch for sum"):
        kiln.jit(lambda x, y: np.inner(x, y))(np.ones((2, 3)), np.ones((2, 4)))
