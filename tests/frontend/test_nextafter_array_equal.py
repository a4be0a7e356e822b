"""``np.nextafter`` (a ufunc: dtypes, broadcasting, signed zeros, infinities, NaN, its
derivative) and ``np.array_equal`` (shapes first, ``equal_nan``, mixed dtypes): differential
against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln

SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 5e-324, 1.7976931348623157e308])


def steps(x, y):
    return np.nextafter(x, y), np.nextafter(x, 2.0), np.nextafter(x[0], y[-1]), np.nextafter(1, 2)


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")  # NumPy's, past the largest
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int16])
def test_nextafter(dtype):
    x = SPECIAL.astype(dtype) if dtype in (np.float64, np.float32) else np.arange(-4, 5).astype(dtype)
    for y in (x[::-1].copy(), np.full_like(x, np.inf) if x.dtype.kind == "f" else x * 2):
        assert_same(kiln.jit(steps)(x, y), steps(x, y))
    grid = x.reshape(1, -1)
    assert_same(kiln.jit(lambda a, b: np.nextafter(a, b))(grid, grid.T), np.nextafter(grid, grid.T))


def test_nextafter_derivative_is_x_s():
    g = kiln.grad(lambda x: np.sum(np.nextafter(x, x + 1.0) * x))
    x = np.array([0.5, 2.0, -3.0])
    np.testing.assert_allclose(g(x), 2 * x, rtol=1e-12)


def equal(a, b):
    return np.array_equal(a, b), np.array_equal(a, b, equal_nan=True)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (np.arange(6.0), np.arange(6.0)),
        (np.arange(6.0), np.arange(6)),
        (np.arange(6.0), np.arange(5.0)),
        (np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2)),
        (np.arange(6.0).reshape(2, 3), np.arange(6.0)),
        (np.array([1.0, np.nan]), np.array([1.0, np.nan])),
        (np.array([1.0, np.nan]), np.array([np.nan, 1.0])),
        (np.array([1 + 1j, complex(np.nan, 0)]), np.array([1 + 1j, complex(0, np.nan)])),
        (np.zeros(0), np.zeros(0)),
        (np.zeros((0, 2)), np.zeros((2, 0))),
        (np.array([-0.0]), np.array([0.0])),
        (np.arange(4, dtype=np.int8), np.arange(4, dtype=np.uint64)),
    ],
)
def test_array_equal(a, b):
    assert_same(kiln.jit(equal)(a, b), equal(a, b))
    assert_same(kiln.jit(equal)(a, 3.0), equal(a, 3.0))
