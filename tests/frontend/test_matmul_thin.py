"""Products over a short contracted extent (``(m, k) @ (k, n)`` with ``k <= 4``) take generated
loops whatever their size; against NumPy for real and complex dtypes, layouts and shapes that
pass the size limit of small products."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .arrays_support import LAYOUTS_2D, arr, run_both
except ImportError:
    from arrays_support import LAYOUTS_2D, arr, run_both


@kiln.jit
def product(a, b):
    return a @ b


@kiln.jit
def product_vec(a, v):
    return a @ v, v @ a.T


SHAPES = (
    ((2, 2), (2, 20000)),
    ((3, 1), (1, 12000)),
    ((300, 4), (4, 300)),
    ((4, 3), (3, 0)),
    ((1, 4), (4, 1)),
)


@pytest.mark.parametrize("shapes", SHAPES)
@pytest.mark.parametrize("dtype", ("complex128", "complex64", "float64", "float32", "int64"))
def test_thin_products(shapes: tuple[tuple[int, int], tuple[int, int]], dtype: str) -> None:
    sa, sb = shapes
    run_both(product, lambda: (arr(sa, dtype), arr(sb, dtype, seed=1)))


@pytest.mark.parametrize("layout", LAYOUTS_2D)
def test_thin_product_layouts(layout: str) -> None:
    run_both(product, lambda: (arr((2, 2), "complex128", layout), arr((2, 9000), "complex128", layout, 1)))
    run_both(product, lambda: (arr((900, 3), "float64", layout), arr((3, 50), "float64", layout, 1)))


def test_thin_matrix_vector_products() -> None:
    run_both(product_vec, lambda: (arr((3, 4), "complex128"), arr((4,), "complex128", seed=1)))
    run_both(product_vec, lambda: (arr((40000, 2), "complex64"), arr((2,), "complex64", seed=1)))


def test_thin_product_stays_in_loops() -> None:
    a, b = np.ones((2, 2), complex), np.ones((2, 20000), complex)
    c_source = kiln.inspect(product, a, b).split("==== c ====", 1)[1]
    assert "KILN_THIN_GEMM" in c_source
