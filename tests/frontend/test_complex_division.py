"""Complex division as NumPy's array loops compute it (Smith's method with a reciprocal), bit for bit
over wide exponent ranges and special values, and scalar divisions."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .test_complex_products import specials
except ImportError:
    from test_complex_products import specials


@kiln.jit
def div(a, b):
    return a / b


@kiln.jit
def div_in_place(a, b):
    a /= b
    return a


@kiln.jit
def py_div(x, y):
    return (x[0] + x[1] * 1j) / (y[0] + y[1] * 1j)


def _bits(z: np.ndarray) -> np.ndarray:
    """Real and imaginary parts, with every NaN made one value (NumPy does not fix NaN signs)."""
    parts = z.view(np.float32 if z.dtype == np.complex64 else np.float64).copy()
    parts[np.isnan(parts)] = np.nan
    return parts


def _wide(n: int, dtype: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    scale = 10.0 ** rng.integers(-6, 6, (2, n))
    out = (rng.standard_normal(n) * scale[0] + 1j * rng.standard_normal(n) * scale[1]).astype(dtype)
    out[: n // 8] = out[: n // 8].real  # pure real and pure imaginary divisors
    out[n // 8 : n // 4] = 1j * out[n // 8 : n // 4].imag
    return out


@pytest.mark.parametrize("dtype", ("complex128", "complex64"))
def test_array_division_is_numpy_exact(dtype: str) -> None:
    a, b = _wide(5000, dtype, 1), _wide(5000, dtype, 2)
    np.testing.assert_array_equal(_bits(div(a, b)), _bits(a / b))
    np.testing.assert_array_equal(_bits(div_in_place(a.copy(), b)), _bits(a / b))
    z = specials(dtype)
    x, y = np.repeat(z, z.size), np.tile(z, z.size)
    with np.errstate(all="ignore"):
        want = x / y
        np.testing.assert_array_equal(_bits(div(x, y)), _bits(want))


def test_scalar_complex_division() -> None:
    # Scalar code may fuse a multiply and an add (gcc contracts them by default): an ulp apart.
    rng = np.random.default_rng(3)
    for _ in range(200):
        x, y = rng.standard_normal((2, 2)) * 10.0 ** rng.integers(-4, 4, (2, 2))
        want = (x[0] + x[1] * 1j) / (y[0] + y[1] * 1j)
        np.testing.assert_allclose(py_div(x, y), want, rtol=1e-15)
