"""``complex(re, im)`` of real numbers: exactly those parts, as Python builds them (signed zeros,
inf and NaN kept: no arithmetic), in scalar code and in loops; a complex part is refused."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import UnsupportedError


def make(x, y):
    return complex(x, y)


def _bits(z: complex) -> tuple[float, float, float, float]:
    return (math.copysign(1, z.real), math.copysign(1, z.imag), z.real, z.imag)


@pytest.mark.parametrize(
    ("x", "y"),
    [(1.5, -0.0), (-0.0, math.inf), (3, 4), (True, 2.5), (np.float32(1.1), 2), (-math.inf, -0.0), (7, -2)],
)
def test_parts_are_kept_exactly(x: Any, y: Any) -> None:
    got, ref = kiln.jit(make)(x, y), make(x, y)
    assert type(got) is complex and _bits(got) == _bits(ref)


def test_nan_parts() -> None:
    got = kiln.jit(make)(math.nan, 1.0)
    assert math.isnan(got.real) and got.imag == 1.0


def rotate_sum(a):
    s = 0j
    for i in range(a.shape[0]):
        s += complex(a[i], -a[i])
    return s


def test_in_a_loop() -> None:
    a = np.linspace(-2.0, 3.0, 11)
    assert kiln.jit(rotate_sum)(a) == rotate_sum(a)


def test_a_complex_part_is_refused_with_a_location() -> None:
    with pytest.raises(UnsupportedError, match="complex part") as info:
        kiln.jit(make)(1j, 2.0)
    assert "test_complex_parts.py" in str(info.value)


def conjugates(x):
    return np.conj(x), x.conj(), np.conjugate(x) + 1, x.conjugate()


def parts(x):
    return np.real(x), np.imag(x), np.real(x * 2), np.imag(x[::-1])


@pytest.mark.parametrize(
    "dtype", [np.float64, np.float32, np.int64, np.uint8, np.bool_, np.complex128, np.complex64]
)
def test_conjugate_and_parts_of_every_dtype(dtype):
    """np.conj of a real float array was an internal error; ``a.conj()`` of booleans gave int8
    (NumPy's method hands back a real array itself, the ufunc widens booleans to int8)."""
    x = (np.arange(-3, 5) * (1.5 if dtype in (np.float64, np.float32) else 1)).astype(dtype)
    if np.issubdtype(dtype, np.complexfloating):
        x = x + 1j * np.arange(8).astype(dtype)
    got, want = kiln.jit(conjugates)(x), conjugates(x)
    for g, w in zip(got, want):
        assert_same(g, w)
    if dtype is not np.bool_:  # NumPy's imag of booleans is a read-only zero array of bools too
        for g, w in zip(kiln.jit(parts)(x), parts(x)):
            assert_same(g, w)


def test_parts_of_python_numbers():
    def numbers(a, b):
        return np.real(a), np.imag(a), np.real(b), np.imag(b)

    assert kiln.jit(numbers)(2.5, 3 + 4j) == numbers(2.5, 3 + 4j)
