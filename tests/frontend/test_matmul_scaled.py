"""``alpha * A @ B`` computes ``alpha * (A @ B)``: no scaled copy of A, same dtype, same values."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import lower

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts


def gemm(alpha, beta, C, A, B):
    C[:] = alpha * A @ B + beta * C


def chain(alpha, A, B, D):
    return alpha * A @ B @ D


def vector(alpha, A, x):
    return alpha * A @ x


def reversed_scale(alpha, A, x):
    return A * alpha @ x


def copies_of_a(fn: ir.Function) -> int:
    """Allocations shaped like the parameter A: what ``alpha * A`` would need."""
    a_shape = (ir.Dim("p_A", 0), ir.Dim("p_A", 1))
    return sum(isinstance(s, ir.Alloc) and s.shape == a_shape for s in iter_stmts(fn.body))


def _rand(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a = rng.random(shape) + (1j * rng.random(shape) if dtype.startswith("complex") else 0)
    return a.astype(dtype)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("n", [0, 1, 7, 200])
def test_gemm_matches_numpy(dtype: str, n: int) -> None:
    C, A, B = _rand((n, n + 1), dtype, 1), _rand((n, n + 2), dtype, 2), _rand((n + 2, n + 1), dtype, 3)
    expected, got = C.copy(), C.copy()
    gemm(1.5, 1.2, expected, A, B)
    kiln.jit(gemm)(1.5, 1.2, got, A, B)
    np.testing.assert_allclose(got, expected, rtol=1e-5 if dtype == "float32" else 1e-12)


@pytest.mark.parametrize("kernel", [chain, vector, reversed_scale])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_scaled_products_match_numpy(kernel, layout: str) -> None:
    A = _rand((9, 8), "float64")
    A = {"C": A, "F": np.asfortranarray(A), "strided": _rand((18, 8), "float64")[::2]}[layout]
    second = _rand((8, 5), "float64", 4) if kernel is chain else _rand((8,), "float64", 4)
    args = (2.5, A, second, _rand((5, 3), "float64", 5)) if kernel is chain else (2.5, A, second)
    expected = kernel(*args)
    got = kiln.jit(kernel)(*args)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_no_scaled_copy_is_allocated() -> None:
    A, B = np.ones((3, 4)), np.ones((4, 2))
    assert copies_of_a(lower(vector, 2.0, A, np.ones(4))) == 0
    assert copies_of_a(lower(chain, 2.0, A, B, np.ones((2, 2)))) == 0
    assert copies_of_a(lower(vector, 2.0, A.astype(np.int64), np.ones(4, dtype=np.int64))) == 1


@pytest.mark.parametrize(
    ("alpha", "dtype"), [(3, "int64"), (2.5, "int32"), (np.float64(2.0), "float32"), (2.0j, "float64")]
)
def test_dtype_changing_scales_keep_numpys_order(alpha: object, dtype: str) -> None:
    A = np.arange(12).reshape(3, 4).astype(dtype)
    x = np.arange(4).astype(dtype)
    expected = vector(alpha, A, x)
    got = kiln.jit(vector)(alpha, A, x)
    assert got.dtype == expected.dtype
    np.testing.assert_allclose(got, expected, rtol=1e-6)
