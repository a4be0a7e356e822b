"""``np.linalg.eig``, ``eigvals`` and ``np.roots`` against NumPy, bit for bit (NumPy's own
routines run on kiln's arrays): real matrices with real eigenvalues, complex matrices, float32,
stacks, 0x0 and 1x1, C/F/strided layouts; polynomials with leading and trailing zeros, integer
and complex coefficients. Where NumPy would return complex results for a real input, compiled
code raises ValueError saying so, rather than return real parts."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)


def eig(a):
    r = np.linalg.eig(a)
    return r.eigenvalues, r.eigenvectors, np.linalg.eigvals(a), np.linalg.eig(a)[1]


def roots(p):
    return np.roots(p)


def _same(got, want):
    if isinstance(want, tuple):
        for g, w in zip(got, want, strict=True):
            _same(g, w)
        return
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def _real_spectrum(n, seed):
    """A matrix with real, distinct eigenvalues that is not symmetric."""
    rng = np.random.default_rng(seed)
    q = rng.random((n, n)) + n * np.eye(n)
    return q @ np.diag(np.arange(1.0, n + 1)) @ np.linalg.inv(q)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int64])
@pytest.mark.parametrize("n", [0, 1, 4])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_eig(dtype, n, layout):
    a = _real_spectrum(n, n).astype(dtype)
    if dtype == np.complex128:
        a = a + 1j * np.triu(np.ones((n, n)))
    a = {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=1)[:, ::2]}[layout]
    _same(_jit(eig)(a), eig(a))


def test_eig_of_a_stack_and_the_result_names():
    a = np.stack([_real_spectrum(3, 1), _real_spectrum(3, 2)])
    _same(_jit(eig)(a), eig(a))
    result = _jit(lambda a: np.linalg.eig(a))(a)
    assert type(result) is type(np.linalg.eig(a))


def test_complex_eigenvalues_of_a_real_matrix_raise():
    rotation = np.array([[0.0, -1.0], [1.0, 0.0]])
    assert np.linalg.eigvals(rotation).dtype == np.complex128  # NumPy changes kind
    with pytest.raises(ValueError, match="complex results"):
        _jit(eig)(rotation)
    _same(_jit(eig)(rotation.astype(complex)), eig(rotation.astype(complex)))


@pytest.mark.parametrize(
    "p",
    [
        [1.0, -3.0, 2.0],
        [0, 0, 1, -6, 11, -6, 0, 0],
        [0.0, 0.0],
        [5.0],
        [],
        [2, 0, 0],
        [1 + 0j, 2 + 1j, 3],
        [0j, 1, 2j, 0],
        [True, False, False],
    ],
)
def test_roots(p):
    p = np.array(p) if p else np.zeros(0)
    _same(_jit(roots)(p), roots(p))
    _same(_jit(roots)(p[::-1][::-1]), roots(p))  # a strided view


def test_complex_roots_of_real_coefficients_raise_and_float32_is_refused():
    with pytest.raises(ValueError, match="complex results"):
        _jit(roots)(np.array([1.0, 0.0, 1.0]))
    with pytest.raises(kiln.UnsupportedError, match="float32"):
        _jit(roots)(np.ones(3, np.float32))
    with pytest.raises(kiln.TypingError, match="rank-1"):
        _jit(roots)(np.ones((2, 2)))
