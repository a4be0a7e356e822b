"""Derivatives of ``np.linalg.eigh``, ``eigvalsh``, the singular values, ``pinv`` and
``matrix_power`` in both modes.

NumPy reads one triangle of the matrix (``UPLO``), so the matrices here are not symmetric: a
finite difference in the other triangle must give zero, and the derivative too. Losses of the
eigenvectors are invariant to each vector's sign (LAPACK picks the signs)."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln

RNG = np.random.default_rng(11)
A = RNG.standard_normal((4, 4)) + 4.0 * np.eye(4)  # not symmetric: only one triangle is read
C = RNG.standard_normal(4)


def values_cubed(a):
    return np.sum(np.linalg.eigvalsh(a) ** 3)


def values_cubed_upper(a):
    return np.sum(np.linalg.eigvalsh(a, UPLO="U") ** 3)


def values_from_eigh(a):
    w, _ = np.linalg.eigh(a)
    return np.sum(np.sin(w))


def projections(a):
    w, v = np.linalg.eigh(a)
    return np.sum((C @ v) ** 2 * w)


def projections_upper(a):
    w, v = np.linalg.eigh(a, UPLO="U")
    return np.sum((C @ v) ** 2 * np.exp(0.1 * w))


def largest_vector_weights(a):
    _, v = np.linalg.eigh(a)
    return np.sum(v[:, -1] ** 2 * np.arange(1.0, 5.0))


@pytest.mark.parametrize(
    "f",
    [
        values_cubed,
        values_cubed_upper,
        values_from_eigh,
        projections,
        projections_upper,
        largest_vector_weights,
    ],
)
def test_both_modes_against_finite_differences(f) -> None:
    value, g = kiln.value_and_grad(f)(A.copy())
    assert value == pytest.approx(f(A.copy()), rel=1e-12)
    want = fd_grad(f, (A.copy(),), 0)
    assert_close(g, want, rtol=1e-6, atol=1e-8)
    unread = np.triu(np.ones((4, 4)), 1) if "upper" not in f.__name__ else np.tril(np.ones((4, 4)), -1)
    assert np.all(g[unread == 1] == 0.0)
    v = RNG.standard_normal((4, 4))
    _, tangent, _ = kiln.jvp(f)(A.copy(), tangents=(v,))
    assert tangent == pytest.approx(float(np.sum(g * v)), rel=1e-8, abs=1e-10)


def repeated_eigenvalue_sum(a):
    return np.sum(np.linalg.eigvalsh(a) ** 2)


def test_repeated_eigenvalues_keep_eigenvalue_derivatives() -> None:
    # the identity has one eigenvalue four times: sum(w**2) is the squared norm of the
    # symmetric matrix, whose derivative at the identity is 2 on the diagonal and 0 below it
    eye = np.eye(4)
    assert_close(kiln.grad(repeated_eigenvalue_sum)(eye), 2.0 * eye)
    assert np.all(np.isfinite(kiln.grad(values_from_eigh)(eye)))


def singular_values(a):
    return np.sum(np.linalg.svd(a, compute_uv=False) ** 1.5)


def spectral_norm(a):
    return np.linalg.norm(a, 2)


def nuclear_norm(a):
    return np.linalg.norm(a, "nuc")


@pytest.mark.parametrize("f", [singular_values, spectral_norm, nuclear_norm])
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (2, 6)])
def test_singular_values(f, shape) -> None:
    a = np.random.default_rng(sum(shape)).standard_normal(shape)
    value, g = kiln.value_and_grad(f)(a.copy())
    assert value == pytest.approx(f(a.copy()), rel=1e-12)
    assert_close(g, fd_grad(f, (a.copy(),), 0), rtol=1e-6, atol=1e-8)
    v = RNG.standard_normal(shape)
    _, tangent, _ = kiln.jvp(f)(a.copy(), tangents=(v,))
    assert tangent == pytest.approx(float(np.sum(g * v)), rel=1e-8, abs=1e-10)


def pseudo_inverse(a):
    return np.sum(np.linalg.pinv(a) * np.arange(a.size).reshape(a.shape[::-1]))


@pytest.mark.parametrize("shape", [(3, 3), (5, 3), (2, 4)])
def test_pseudo_inverse(shape) -> None:
    a = np.random.default_rng(sum(shape) + 1).standard_normal(shape)
    value, g = kiln.value_and_grad(pseudo_inverse)(a.copy())
    assert value == pytest.approx(pseudo_inverse(a.copy()), rel=1e-10)
    assert_close(g, fd_grad(pseudo_inverse, (a.copy(),), 0), rtol=1e-6, atol=1e-7)
    v = RNG.standard_normal(shape)
    _, tangent, _ = kiln.jvp(pseudo_inverse)(a.copy(), tangents=(v,))
    assert tangent == pytest.approx(float(np.sum(g * v)), rel=1e-8, abs=1e-9)


def power_sum(a, n):
    return np.sum(np.linalg.matrix_power(a, n) * np.arange(9.0).reshape(3, 3))


@pytest.mark.parametrize("n", [0, 1, 2, 5, -1, -3])
def test_matrix_power(n) -> None:
    a = np.random.default_rng(8).standard_normal((3, 3)) * 0.5 + np.eye(3)
    value, g = kiln.value_and_grad(power_sum)(a.copy(), n)
    assert value == pytest.approx(power_sum(a.copy(), n), rel=1e-12)
    assert_close(g, fd_grad(lambda m: power_sum(m, n), (a.copy(),), 0), rtol=1e-6, atol=1e-8)
    v = RNG.standard_normal((3, 3))
    _, tangent, _ = kiln.jvp(power_sum)(a.copy(), n, tangents=(v, None))
    assert tangent == pytest.approx(float(np.sum(g * v)), rel=1e-8, abs=1e-10)
