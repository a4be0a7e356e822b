"""Derivatives through ``np.linalg.solve``, ``inv``, ``cholesky``, ``det`` and ``slogdet`` (one
matrix at a time): reverse mode against central finite differences, forward mode against the
same directional derivative; a Gaussian-process likelihood as users write it; stacked matrices
refused with a located error."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


def solve_vector(a, v):
    m = a + 3.0 * np.eye(a.shape[0])
    return np.sum(np.linalg.solve(m, v) * v)


def solve_matrix(a, v):
    m = a + 3.0 * np.eye(a.shape[0])
    return np.sum(np.linalg.solve(m, np.outer(v, v) + a) ** 2)


def inverse(a, v):
    return np.sum(np.linalg.inv(a + 3.0 * np.eye(a.shape[0])) * a)


def cholesky_factor(a, v):
    m = a @ a.T + np.eye(a.shape[0])
    chol = np.linalg.cholesky(m)
    return np.sum(chol * chol) + 2.0 * np.sum(np.log(np.diag(chol))) + np.sum(chol @ v)


def cholesky_of_lower_triangle(a, v):  # NumPy reads only the lower triangle: upper gets 0
    return np.sum(np.linalg.cholesky(a + 4.0 * np.eye(a.shape[0])) ** 3)


def determinants(a, v):
    m = a + 3.0 * np.eye(a.shape[0])
    sign, logdet = np.linalg.slogdet(m)
    return np.linalg.det(m) + 2.0 * logdet + sign


def gp_likelihood(x, y):
    k = np.exp(-((x[:, None] - x[None, :]) ** 2)) + 0.1 * np.eye(x.shape[0])
    chol = np.linalg.cholesky(k)
    alpha = np.linalg.solve(k, y)
    return 0.5 * np.dot(y, alpha) + np.sum(np.log(np.diag(chol)))


MATRIX_FUNCTIONS = [
    solve_vector,
    solve_matrix,
    inverse,
    cholesky_factor,
    cholesky_of_lower_triangle,
    determinants,
]


@pytest.mark.parametrize("f", MATRIX_FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("n", [1, 2, 5])
def test_reverse_and_forward_against_finite_differences(f, n):
    rng = np.random.default_rng(n)
    a, v = rng.random((n, n)), rng.random(n)
    want = fd_grad(f, (a, v), 0)
    got_a, got_v = kiln.grad(f, argnums=(0, 1))(a.copy(), v.copy())
    assert_close(got_a, want, rtol=1e-5, atol=1e-7)
    assert_close(got_v, fd_grad(f, (a, v), 1), rtol=1e-5, atol=1e-7)
    direction = rng.random((n, n))
    _, tangent, _ = kiln.jvp(f)(a.copy(), v.copy(), tangents=(direction, None))
    assert_close(tangent, np.sum(want * direction), rtol=1e-5, atol=1e-7)


def test_lower_triangle_only():
    a = np.random.default_rng(0).random((3, 3))
    g = kiln.grad(cholesky_of_lower_triangle)(a.copy(), np.zeros(3))
    assert np.all(np.triu(g, 1) == 0.0)


def test_gaussian_process_likelihood():
    rng = np.random.default_rng(4)
    x, y = np.sort(rng.random(6)) * 3, rng.standard_normal(6)
    for k in (0, 1):
        got = kiln.grad(gp_likelihood, argnums=k)(x.copy(), y.copy())
        assert_close(got, fd_grad(gp_likelihood, (x, y), k), rtol=1e-5, atol=1e-7)


def test_stacked_matrices_refused():
    def stacked(a):
        return np.sum(np.linalg.inv(a + 3.0 * np.eye(2)))

    with pytest.raises(kiln.UnsupportedError, match="stacked matrices") as info:
        kiln.grad(stacked)(np.random.default_rng(1).random((2, 2, 2)))
    assert "test_linalg_derivatives.py" in str(info.value)
