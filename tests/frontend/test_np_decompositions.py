"""``np.linalg.svd``, ``svdvals``, ``eigh``, ``eigvalsh``, ``qr``, ``pinv`` and ``matrix_rank``
against NumPy: the same routine on the same float64/complex128 copy, so the results are equal
bit for bit, with NumPy's shapes (square, tall, wide, stacked, empty), dtypes (float32 in,
float32 out; integers give float64; singular values and eigenvalues real) and named tuples;
every layout; NumPy's errors; ``eig`` refused with a located error."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.errors import UnsupportedError
from kiln.frontend.python import lower_function
from kiln.ir.interpreter import run_function
from kiln.options import Options


def svd(a):
    return np.linalg.svd(a)


def svd_reduced(a):
    return np.linalg.svd(a, full_matrices=False)


def singular_values(a):
    return np.linalg.svd(a, compute_uv=False), np.linalg.svdvals(a)


def qr(a):
    return np.linalg.qr(a)


def qr_modes(a):
    return np.linalg.qr(a, mode="complete"), np.linalg.qr(a, mode="r")


def pinv_and_rank(a):
    return np.linalg.pinv(a), np.linalg.matrix_rank(a)


def eigh(a):
    return np.linalg.eigh(a)


def eigh_upper(a):
    w, v = np.linalg.eigh(a, UPLO="U")
    return w, v, np.linalg.eigvalsh(a), np.linalg.eigvalsh(a, "U")


def reconstructed(a):
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    q, r = np.linalg.qr(a)
    return (u * s[..., None, :]) @ vh, q @ r, np.linalg.svd(a).S.sum()


def _same(got: Any, want: Any) -> None:
    assert type(got) is type(want), (type(got), type(want))
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    np.testing.assert_array_equal(got, want, strict=True)


def _same_as_numpy(f: Any, a: np.ndarray) -> None:
    _same(kiln.jit(f)(a), f(a))


def _matrices(dtype: Any) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    tall = rng.standard_normal((6, 4))
    if np.dtype(dtype).kind == "c":
        tall = tall + 1j * rng.standard_normal((6, 4))
    tall = (tall * 4).astype(dtype) if np.dtype(dtype).kind in "iu" else tall.astype(dtype)
    return [tall, tall.T, np.asfortranarray(tall), tall[::2, ::-1], np.stack([tall, 2 * tall]), tall[:1, :1]]


def _hermitian(dtype: Any) -> list[np.ndarray]:
    out = []
    for a in _matrices(dtype):
        if a.ndim == 2:
            s = a.T.conj() @ a
            out += [s, np.asfortranarray(s)]
    return out


DTYPES = [np.float64, np.float32, np.int64, np.complex128]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("f", [svd, svd_reduced, singular_values, qr, qr_modes, pinv_and_rank])
def test_general_matrices(f, dtype):
    for a in _matrices(dtype):
        _same_as_numpy(f, a)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_factors_in_products(dtype):  # kiln's products round as its own loops do: close
    for a in _matrices(dtype):
        for got, want in zip(kiln.jit(reconstructed)(a), reconstructed(a)):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("f", [eigh, eigh_upper])
def test_hermitian_matrices(f, dtype):
    for a in _hermitian(dtype):
        _same_as_numpy(f, a)


@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0), (2, 0, 4)])
def test_empty(shape):
    a = np.zeros(shape)
    for f in (svd, svd_reduced, singular_values, qr, qr_modes, pinv_and_rank):
        _same_as_numpy(f, a)


def test_named_results_read_by_field():
    def fields(a):
        r = np.linalg.svd(a)
        e = np.linalg.eigh(a @ a.T)
        return r.U.shape[0] + r.Vh.shape[0], r.S, e.eigenvalues, np.linalg.qr(a).R

    a = np.arange(12.0).reshape(3, 4)
    _same(kiln.jit(fields)(a), fields(a))


def test_errors_are_numpys():
    with pytest.raises(np.linalg.LinAlgError, match="Last 2 dimensions of the array must be square"):
        kiln.jit(eigh)(np.zeros((2, 3)))
    with pytest.raises(np.linalg.LinAlgError, match="Array must be at least two-dimensional"):
        kiln.jit(svd)(np.zeros(3))


def test_refused():
    def hermitian_svd(a):
        return np.linalg.svd(a, hermitian=True)

    def qr_raw(a):
        return np.linalg.qr(a, mode="raw")

    for f, words in (
        (hermitian_svd, "hermitian=True"),
        (qr_raw, "'raw'"),
    ):
        with pytest.raises(UnsupportedError, match="test_np_decompositions.py") as info:
            kiln.jit(f)(np.eye(2))
        assert words in str(info.value)


def test_interpreter_agrees():
    a = np.arange(12.0).reshape(4, 3) ** 0.5
    lowered = lower_function(svd, (arg_type(a, 0),), Options())
    _same(tuple(run_function(lowered, [a])), tuple(svd(a)))


def least_squares(a, b):
    return np.linalg.lstsq(a, b), np.linalg.lstsq(a, b, rcond=0.1)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int64])
@pytest.mark.parametrize("shape, rhs", [((6, 3), (6,)), ((3, 6), (3,)), ((6, 3), (6, 2)), ((4, 1), (4, 3))])
def test_lstsq(dtype, shape, rhs):
    """NumPy's own call: x, the residuals (none unless the rank is full and a tall), the rank
    (NumPy's int32) and the singular values, equal bit for bit."""
    rng = np.random.default_rng(2)
    a, b = (rng.standard_normal(shape) * 3).astype(dtype), (rng.standard_normal(rhs) * 3).astype(dtype)
    for a_, b_ in ((a, b), (np.asfortranarray(a), b), (a, b[::-1])):
        _same(kiln.jit(least_squares)(a_, b_), least_squares(a_, b_))


def test_lstsq_rank_deficient_has_no_residuals():
    a = np.ones((5, 2))
    got = kiln.jit(least_squares)(a, np.arange(5.0))
    assert got[0][1].shape == (0,) and got[0][2] == 1


def fits(x, y, w):
    return np.polyfit(x, y, 2), np.polyfit(x, y, 3, full=True), np.polyfit(x, y, 1, w=w)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_polyfit(dtype):  # the column norms are kiln's sums: NumPy's coefficients to rounding
    x = np.linspace(0, 3, 25)
    y = 3 * x**2 - x + 0.5 + 0.1 * np.sin(7 * x)
    x, y = (x * 4).astype(dtype), (y * 4).astype(dtype)
    for yy in (y, np.stack([y, 2 * y], 1)):
        got, want = kiln.jit(fits)(x, yy, x + 1), fits(x, yy, x + 1)
        for g, w in zip(got[:1] + got[1] + got[2:], want[:1] + want[1] + want[2:]):
            assert np.asarray(g).dtype == np.asarray(w).dtype
            np.testing.assert_allclose(g, w, rtol=1e-9 if np.asarray(w).dtype != np.float32 else 2e-4)


def test_polyfit_warns_as_numpy_when_the_fit_loses_rank():
    def fit(x, y):
        return np.polyfit(x, y, 3), np.polyfit(x, y, 3, full=True)[2]

    x, y = np.array([1.0, 1.0, 1.0, 2.0]), np.arange(4.0)  # two distinct points for four unknowns
    with pytest.warns(np.exceptions.RankWarning, match="poorly conditioned") as want:
        fit(x, y)
    with pytest.warns(np.exceptions.RankWarning, match="poorly conditioned") as got:
        kiln.jit(fit)(x, y)
    assert len(got) == len(want) == 1  # not for full=True
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kiln.jit(fit)(np.arange(5.0), np.arange(5.0) ** 2)  # full rank: no warning
        with pytest.raises(np.exceptions.RankWarning):
            kiln.jit(fit)(x, y)
