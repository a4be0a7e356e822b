"""Derivatives through complex numbers, with JAX's conventions.

A complex value's adjoint holds the adjoints of its real and imaginary parts; reverse mode
multiplies by the conjugates of partials, ``conj`` conjugates the adjoint, ``real``/``imag``/
``abs``/``complex()`` have their own partials. For a complex argument ``grad`` returns what JAX
does: the conjugate of ``df/dx + i df/dy`` (``grad(|z|^2)(3+4j) == 6-8j``); ``vjp`` of a
holomorphic function gives ``cotangent * f'(z)``. Checked against finite differences taken
along the real and imaginary directions, in both modes."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


def phasor_sum(x, w):
    z = np.exp(1j * x * w)
    return np.abs(np.sum(z)) ** 2


def modulus_squared(x, k):
    z = x + 1j * k * x[::-1]
    return np.sum((z * np.conj(z)).real) + np.abs(z[0])


def rational(x, k):
    z = (x + 2j) / (1.0 + 1j * x * k)
    return np.sum(np.real(z) * np.imag(z)) + np.angle(z[0])


def loop_of_rotations(x, k):
    z = 1.0 + 0.0j
    for i in range(x.shape[0]):
        z = z * np.exp(1j * x[i]) + k * x[i]
    return z.real * z.imag


def built_from_parts(x, k):
    z = x[0] + 0j
    w = complex(x[1], k) * z
    return np.sqrt(w * w + 1.0).real


@pytest.mark.parametrize("f", [phasor_sum, modulus_squared, rational, loop_of_rotations, built_from_parts])
def test_complex_intermediates_of_real_objectives(f) -> None:
    args = (np.array([0.3, 0.5, -0.2, 0.8]), 0.7)
    value, g = kiln.value_and_grad(f, argnums=(0, 1))(*args)
    assert value == pytest.approx(f(*args), rel=1e-12)
    assert_close(g[0], fd_grad(f, args, 0))
    assert_close(g[1], fd_grad(f, args, 1))
    v = np.random.default_rng(2).standard_normal(4)
    _, tangent, _ = kiln.jvp(f)(*args, tangents=(v, 0.5))
    assert tangent == pytest.approx(float(g[0] @ v + 0.5 * g[1]), rel=1e-9, abs=1e-12)


def _complex_fd(f, z, *rest, eps=1e-6):
    """conj(df/dx + i df/dy) by central differences along each real and imaginary direction."""
    out = np.zeros(np.shape(z), complex)
    for idx in np.ndindex(np.shape(z)):
        e = np.zeros(np.shape(z), complex)
        e[idx] = eps
        dx = (f(z + e, *rest) - f(z - e, *rest)) / (2 * eps)
        dy = (f(z + 1j * e, *rest) - f(z - 1j * e, *rest)) / (2 * eps)
        out[idx] = dx - 1j * dy
    return out


def abs_squared(z):
    return np.abs(z) ** 2


def test_jax_convention_for_a_complex_number() -> None:
    assert kiln.grad(abs_squared)(3 + 4j) == pytest.approx(6 - 8j)


def polynomial_energy(z, k):
    return np.sum(np.abs(z * z + k) ** 2) + np.sum(np.conj(z) * z).real


@pytest.mark.parametrize("dtype, tol", [(np.complex128, 1e-6), (np.complex64, 2e-3)])
def test_complex_array_argument(dtype, tol) -> None:
    z = np.array([0.3 + 0.2j, -0.5 + 0.1j, 0.25 - 0.7j], dtype=dtype)
    g = kiln.grad(polynomial_energy)(z, 0.7)
    assert g.dtype == dtype
    assert_close(g.real, _complex_fd(polynomial_energy, z.astype(complex), 0.7).real, rtol=tol, atol=tol)
    assert_close(g.imag, _complex_fd(polynomial_energy, z.astype(complex), 0.7).imag, rtol=tol, atol=tol)
    dz = np.array([1.0 + 0.5j, -0.3j, 0.2], dtype=dtype)
    _, tangent, _ = kiln.jvp(polynomial_energy)(z, 0.7, tangents=(dz, None))
    eps = 1e-6
    zz = z.astype(complex)
    want = (polynomial_energy(zz + eps * dz, 0.7) - polynomial_energy(zz - eps * dz, 0.7)) / (2 * eps)
    assert tangent == pytest.approx(want, rel=tol)


def squared(z):
    return z * z


def test_vjp_of_a_holomorphic_function_is_cotangent_times_derivative() -> None:
    z = np.array([0.3 + 0.2j, -0.5 + 0.1j])
    ct = np.array([1.0 - 0.5j, 0.2 + 0.3j])
    value, (g,) = kiln.vjp(squared)(z, cotangent=ct)
    np.testing.assert_allclose(value, z * z)
    np.testing.assert_allclose(g, ct * 2 * z, rtol=1e-14)
    _, tangent, _ = kiln.jvp(squared)(z, tangents=(ct,))
    np.testing.assert_allclose(tangent, 2 * z * ct, rtol=1e-14)


def complex_product(A, x):
    return np.sum(np.abs(A @ x) ** 2)


def test_library_calls_on_complex_values_are_refused() -> None:
    with pytest.raises(kiln.UnsupportedError, match="'matmul' through complex numbers") as info:
        kiln.grad(complex_product)(np.eye(2) * (1 + 1j), np.ones(2, complex))
    assert "test_complex.py:" in str(info.value)
