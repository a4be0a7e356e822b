"""Complex products against NumPy, special values included: NumPy multiplies with the plain
formula (no C99 Annex G recovery of infinities), so (inf+0j)*(inf+0j) is inf+nanj."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_1D, in_layout, run_both
except ImportError:
    from arrays_support import LAYOUTS_1D, in_layout, run_both

SPECIAL = (0.0, -0.0, 1.5, -2.0, np.inf, -np.inf, np.nan, 1e300, -1e-300)


def specials(dtype: str) -> np.ndarray:
    parts = np.array(SPECIAL)
    re, im = np.meshgrid(parts, parts)
    out = np.empty(re.size, dtype=dtype)
    out.real, out.imag = re.ravel(), im.ravel()  # 1j * inf would put a NaN in the real part
    return out


@kiln.jit
def mul(a, b):
    return a * b


@kiln.jit
def squares(a):
    return a**2, np.square(a), a * a


@kiln.jit
def mul_real(a, x):
    return a * x, x * a


@kiln.jit
def mul_in_place(a, b):
    a *= b
    return a


@kiln.jit
def mul_scalars(a, b):
    return a * b


@pytest.mark.parametrize("dtype", ("complex128", "complex64"))
def test_products_of_special_values(dtype: str) -> None:
    z = specials(dtype)
    w = np.roll(z, 5)
    with np.errstate(all="ignore"):
        run_both(mul, lambda: (z.copy(), w.copy()))
        run_both(mul, lambda: (z.copy(), z.copy()))
        run_both(squares, lambda: (z.copy(),))
        run_both(mul_real, lambda: (z.copy(), np.float64(np.inf)))
        run_both(mul_real, lambda: (z.copy(), np.float64(-0.0)))
        run_both(mul_in_place, lambda: (z.copy(), w.copy()))


@pytest.mark.parametrize("n", (0, 1, 5))
@pytest.mark.parametrize("layout", LAYOUTS_1D)
def test_layouts_and_aliasing(n: int, layout: str) -> None:
    z = specials("complex128")[: n or 0] if n else np.zeros(0, complex)
    run_both(mul, lambda: (in_layout(z.copy(), layout), z.copy()))
    base = specials("complex128")
    run_both(mul_in_place, lambda: (base.copy()[1:], base.copy()[:-1]))
    a = base.copy()
    run_both(mul_in_place, lambda: (a, a))


def test_python_complex_scalars() -> None:
    for x in (complex(np.inf, 0.0), complex(1.0, np.nan), complex(-0.0, 2.0)):
        for y in (complex(np.inf, 0.0), complex(0.0, -0.0), complex(3.0, 4.0)):
            assert_same_complex(mul_scalars(x, y), mul_scalars.py_func(x, y))


def assert_same_complex(got: complex, want: complex) -> None:
    assert type(got) is type(want)
    np.testing.assert_array_equal(np.array([got]).view(float), np.array([want]).view(float))


@pytest.mark.parametrize("dtype", ("complex128", "complex64"))
def test_rounding_is_numpys_bit_for_bit(dtype: str) -> None:
    """Inexact products round as NumPy's array loop rounds them (fused steps where it fuses)."""
    rng = np.random.default_rng(11)
    z = (rng.random(200) + 1j * rng.random(200)).astype(dtype)
    w = (rng.random(200) - 1j * rng.random(200)).astype(dtype)
    for got, want in zip(squares(z), squares.py_func(z)):
        np.testing.assert_array_equal(got.view(got.real.dtype), want.view(want.real.dtype))
    np.testing.assert_array_equal(mul(z, w).view(z.real.dtype), (z * w).view(z.real.dtype))
