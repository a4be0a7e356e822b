"""The ``scale_after_product`` pass: ``alpha * A @ B``, lowered as Python groups it (a scaled copy
of A, then the product), computes ``alpha * (A @ B)``: no scaled copy of A, the scale moves to
the product's readers (or scales the product in place where it is returned), same dtype, same
values. Golden IR before and after, what it refuses, values against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import golden, lower, optimize, text

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


def scaled_right(alpha, A, B):
    return B @ (alpha * A)


def scale_from_array(s, A, x):
    return s[1] * A @ x


def copy_kept(alpha, A, x):
    t = alpha * A
    return t @ x + t[0, 0]


def scale_changes(alpha, A, x):
    y = alpha * A @ x
    alpha = alpha + 1.0
    return y * alpha


def scaled_in_loop(alpha, A, x):
    out = np.zeros(A.shape[0])
    for k in range(3):
        out += (alpha + k) * A @ x
    return out


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


def moved(fn: ir.Function) -> ir.Function:
    return optimize(fn, "scale_after_product").fn


def test_golden_before_and_after() -> None:
    C, A, B = np.ones((3, 2)), np.ones((3, 4)), np.ones((4, 2))
    before = lower(gemm, 1.5, 0.5, C, A, B)
    golden("scale_after_product_gemm_before.ir", text(before))
    golden("scale_after_product_gemm_after.ir", text(moved(before)))
    golden("scale_after_product_returned_after.ir", text(moved(lower(vector, 2.0, A, np.ones(4)))))


def test_no_scaled_copy_is_allocated() -> None:
    A, B = np.ones((3, 4)), np.ones((4, 2))
    assert copies_of_a(lower(vector, 2.0, A, np.ones(4))) == 1
    assert copies_of_a(moved(lower(vector, 2.0, A, np.ones(4)))) == 0
    assert copies_of_a(moved(lower(chain, 2.0, A, B, np.ones((2, 2))))) == 0
    assert copies_of_a(moved(lower(reversed_scale, 2.0, A, np.ones(4)))) == 0
    assert copies_of_a(moved(lower(scaled_right, 2.0, A.T.copy(), np.ones((2, 3))))) == 0
    assert copies_of_a(moved(lower(scale_from_array, np.ones(2), A, np.ones(4)))) == 0  # a scalar by then


def test_refused_where_the_orders_differ_by_more_than_rounding() -> None:
    """Integers (kept in NumPy's order), a scale that changes the dtype, a scaled copy read
    again, a scale re-assigned before the product's reader: the copy stays."""
    A = np.ones((3, 4))
    ints = lower(vector, 2, A.astype(np.int64), np.ones(4, dtype=np.int64))
    assert copies_of_a(moved(ints)) == 1
    assert copies_of_a(moved(lower(vector, 2.0j, A, np.ones(4)))) == 1
    assert copies_of_a(moved(lower(copy_kept, 2.0, A, np.ones(4)))) == 1
    assert copies_of_a(moved(lower(scale_changes, 2.0, A, np.ones(4)))) == 1


@pytest.mark.parametrize("kernel", [scale_from_array, copy_kept, scale_changes, scaled_in_loop])
def test_refused_and_looped_forms_match_numpy(kernel) -> None:
    A, x = _rand((6, 4), "float64"), _rand((4,), "float64", 1)
    first = np.array([1.5, 2.0]) if kernel is scale_from_array else 1.5
    expected = kernel(first, A, x)
    np.testing.assert_allclose(kiln.jit(kernel)(first, A, x), expected, rtol=1e-12)


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
