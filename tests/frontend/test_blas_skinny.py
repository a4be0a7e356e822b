"""A few rows times a large row-major float32 matrix (``x @ W`` on a small batch): parallel
builds stream ``W`` once through ``kiln_skinny_s`` instead of the library's ``sgemm``
(``codegen/c_blas_support``). Values against NumPy on one and two threads: row counts around
the kernel's four-row steps, odd and even inner extents, C, Fortran and strided operands,
rows of ``W`` taken with a step, fused ``alpha``/``beta`` (NaN and infinity kept as NumPy keeps
them), an output that is also an operand; and which products take the path."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.runtime.blas import find_blas

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check

try:
    from ..transforms.support import threads
except ImportError:
    from transforms.support import threads


def _at(a, b):
    return a @ b


def _gemm(alpha, beta, a, b, c):
    return alpha * a @ b + beta * c


def _gemm_aliased(alpha, beta, c, b):
    c[:] = alpha * c @ b + beta * c


at = kiln.jit(_at, parallel=True)
gemm = kiln.jit(_gemm, parallel=True)
gemm_aliased = kiln.jit(_gemm_aliased, parallel=True)

# k * n >= 2**22 elements of b and k >= 256: the path's thresholds
K, N = 300, 14000
RTOL = 2e-5


def _c_text(*args: object) -> str:
    return kiln.inspect(at, *args).split("==== c ====\n", 1)[1]


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("m", [2, 3, 4, 5, 8])
def test_few_rows_times_wide_matrix(m, count):
    with threads(count):
        check(at, arr((m, K), "float32"), arr((K, N), "float32", seed=1), rtol=RTOL)
        check(at, arr((m, K + 1), "float32"), arr((K + 1, N + 5), "float32", seed=1), rtol=RTOL)


@pytest.mark.parametrize("la", ["C", "F", "T", "strided"])
def test_operand_layouts(la):
    with threads(2):
        check(at, arr((8, K), "float32", la), arr((K, N), "float32", seed=1), rtol=RTOL)
        rows_with_a_step = arr((2 * K, N), "float32", seed=2)[::2]
        check(at, arr((6, K), "float32", la), rows_with_a_step, rtol=RTOL)
        columns_from_one = arr((K, N + 1), "float32", seed=3)[:, 1:]
        check(at, arr((3, K), "float32", la), columns_from_one, rtol=RTOL)


@pytest.mark.parametrize("count", [1, 2])
def test_fused_scales_and_nans(count):
    a, b, c = arr((5, K), "float32"), arr((K, N), "float32", seed=1), arr((5, N), "float32", seed=2)
    c[0, 3], c[4, N - 1], a[2, 7] = np.inf, np.nan, np.inf
    with threads(count):
        check(gemm, np.float32(1.5), np.float32(-0.5), a, b, c, rtol=RTOL)
        check(gemm, np.float32(1.0), np.float32(0.0), a, b, c, rtol=RTOL)  # 0 * inf is NaN


def test_output_that_is_an_operand():
    n = 2**11 + 3  # c (8 x n) @ b (n x n): b has more than 2**22 elements
    with threads(2):
        check(gemm_aliased, np.float32(1.5), np.float32(0.5), arr((8, n), "float32"),
              arr((n, n), "float32", seed=1), rtol=RTOL)  # fmt: skip


def test_which_products_take_the_path():
    if find_blas() is None:
        pytest.skip("no BLAS: products go through NumPy")
    wide = arr((K, N), "float32", seed=1)
    assert "kiln_skinny_s(m, n, k" in _c_text(arr((8, K), "float32"), wide)
    assert "kiln_skinny" not in _c_text(arr((8, K), "float64"), arr((K, N), "float64"))
    guarded = "#ifdef _OPENMP\n    if (m >= 2 && m <= KILN_SKINNY_ROWS && k >= 256"
    assert guarded in _c_text(arr((8, K), "float32"), wide)  # sequential builds keep the library
