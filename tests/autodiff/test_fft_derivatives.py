"""Derivatives through ``np.fft.fft``, ``ifft``, ``rfft`` and ``irfft`` (last axis, every
``norm``, ``n`` shorter and longer than the input), in both modes, against central finite
differences. Spectra are weighed unevenly so that a wrong bin or a wrong scale shows."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln

NORMS = ["backward", "ortho", "forward"]


def _weights(m):
    return np.cos(np.arange(m) * 0.7) + 1.5


def fft_energy(x, norm, n):
    y = np.fft.fft(x, n=n, norm=norm)
    return np.sum(np.abs(y) ** 2 * _weights(y.shape[-1])) + np.sum(y.real * 0.3 - y.imag * 0.2)


def ifft_energy(x, norm, n):
    y = np.fft.ifft(x * (1 + 0.5j), n=n, norm=norm)
    return np.sum(np.abs(y) ** 2 * _weights(y.shape[-1])) + np.sum(y.imag)


def rfft_energy(x, norm, n):
    y = np.fft.rfft(x, n=n, norm=norm)
    return np.sum(np.abs(y) ** 2 * _weights(y.shape[-1])) + np.sum(y.real - 0.4 * y.imag)


def irfft_signal(x, norm, n):
    m = x.shape[-1] // 2
    spectrum = x[..., :m] + 1j * x[..., m : 2 * m]
    y = np.fft.irfft(spectrum, n=n, norm=norm)
    return np.sum(y * _weights(y.shape[-1])) + np.sum(np.sin(y))


def _grid() -> list:
    """Every transform, norm and length; the fast suite takes each transform with every norm at
    its own length and with n shorter and longer at one norm (``-m slow`` runs the rest)."""
    out = []
    for f in (fft_energy, ifft_energy, rfft_energy, irfft_signal):
        for norm in NORMS:
            for n in (None, 5, 9):
                sampled = n is None or norm == "backward"
                marks = () if sampled else (pytest.mark.slow,)
                out.append(pytest.param(f, norm, n, marks=marks, id=f"{f.__name__}-{norm}-{n}"))
    return out


@pytest.mark.parametrize("f, norm, n", _grid())
def test_one_dimensional_transforms(f, norm, n) -> None:
    x = np.random.default_rng(3).standard_normal(8)
    value, g = kiln.value_and_grad(f)(x, norm, n)
    assert value == pytest.approx(f(x, norm, n), rel=1e-12)
    assert_close(g, fd_grad(lambda v: f(v, norm, n), (x,), 0), rtol=1e-6, atol=1e-7)
    v = np.random.default_rng(4).standard_normal(8)
    _, tangent, _ = kiln.jvp(f)(x, norm, n, tangents=(v, None, None))
    assert tangent == pytest.approx(float(g @ v), rel=1e-8, abs=1e-9)


@pytest.mark.parametrize("f", [fft_energy, rfft_energy, irfft_signal])
def test_rows_of_a_matrix(f) -> None:
    x = np.random.default_rng(5).standard_normal((3, 6))
    g = kiln.grad(f)(x, "ortho", None)
    assert_close(g, fd_grad(lambda v: f(v, "ortho", None), (x,), 0), rtol=1e-6, atol=1e-7)


def spectral_power(z):
    return np.sum(np.abs(np.fft.fft(z)) ** 2 * _weights(z.shape[0]))


def test_complex_input_follows_the_jax_convention() -> None:
    z = np.random.default_rng(6).standard_normal(5) + 1j * np.random.default_rng(7).standard_normal(5)
    g = kiln.grad(spectral_power)(z)
    eps, want = 1e-6, np.zeros(5, complex)
    for k in range(5):
        e = np.zeros(5, complex)
        e[k] = eps
        dx = (spectral_power(z + e) - spectral_power(z - e)) / (2 * eps)
        dy = (spectral_power(z + 1j * e) - spectral_power(z - 1j * e)) / (2 * eps)
        want[k] = dx - 1j * dy
    assert_close(g.real, want.real, rtol=1e-6, atol=1e-7)
    assert_close(g.imag, want.imag, rtol=1e-6, atol=1e-7)
