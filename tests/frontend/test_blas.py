"""Direct BLAS calls: ``@`` through ``?gemm``/``?gemv`` on C, Fortran, transposed and strided
operands without copies (reversed ones fall back to NumPy's matmul), and ``alpha * A @ B +
beta * C`` fused into one call with alpha and beta (the ``fuse_gemm`` pass): values against
NumPy for several dtypes, extents of 0 and 1, layouts, aliasing, zero scales next to infinities,
and the structure of the emitted IR and C."""

from __future__ import annotations

import re

import numpy as np
import pytest

import kiln
from kiln.runtime.blas import find_blas

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check


@kiln.jit
def at(a, b):
    return a @ b


@kiln.jit
def gemm(alpha, beta, a, b, c):
    return alpha * a @ b + beta * c


@kiln.jit
def gemm_reordered(alpha, beta, a, b, c):
    return c * beta + alpha * a @ b


@kiln.jit
def plain_sum(a, b, c):
    return a @ b + c


@kiln.jit
def gemm_into(alpha, beta, a, b, c):
    c[:] = alpha * a @ b + beta * c


@kiln.jit
def gemm_aliased(alpha, beta, c, b):
    c[:] = alpha * c @ b + beta * c


@kiln.jit
def column_times_block(data, i):
    return data[:, i] @ data[:, i:]


LAYOUTS = ["C", "F", "T", "strided", "reversed"]
FLOATS = ["float64", "float32", "complex128", "complex64"]


def tol(dtype: str) -> float | None:
    return 1e-5 if dtype in ("float32", "complex64") else None


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("la, lb", [(x, y) for x in LAYOUTS for y in ("C", "F", "strided")])
def test_blas_product_layouts(dtype, la, lb):
    check(at, arr((70, 60), dtype, la), arr((60, 50), dtype, lb, seed=1), rtol=tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_blas_matrix_vector_layouts(dtype, layout):
    big = arr((1200, 900), dtype, layout)  # above the generated-loop size: ?gemv
    check(at, big, arr((900,), dtype, "strided", seed=1), rtol=tol(dtype))
    check(at, arr((1200,), dtype, "strided", seed=2), big, rtol=tol(dtype))
    check(at, big.T, arr((1200,), dtype, seed=3), rtol=tol(dtype))


@pytest.mark.parametrize("i", [0, 7, 299])
def test_strided_column_times_strided_block(i):
    check(column_times_block, arr((4000, 300), "float64"), i)


@pytest.mark.parametrize("dtype", [*FLOATS, "int64", "int32"])
@pytest.mark.parametrize("m, k, n", [(40, 50, 30), (0, 3, 4), (3, 0, 4), (1, 1, 1), (1, 60, 1), (60, 1, 60)])
def test_fused_gemm_values(dtype, m, k, n):
    a, b, c = arr((m, k), dtype), arr((k, n), dtype, seed=1), arr((m, n), dtype, seed=2)
    for f in (gemm, gemm_reordered):
        check(f, 1.5, -0.5, a, b, c, rtol=tol(dtype))
    check(plain_sum, a, b, c, rtol=tol(dtype))
    check(gemm_into, 2.0, 3.0, a, b, c, rtol=tol(dtype))


@pytest.mark.parametrize(
    "layouts", [("F", "C", "F"), ("T", "T", "C"), ("strided", "C", "strided"), ("C", "reversed", "T")]
)
def test_fused_gemm_layouts(layouts):
    la, lb, lc = layouts
    a, b, c = (
        arr((50, 40), "float64", la),
        arr((40, 30), "float64", lb, seed=1),
        arr((50, 30), "float64", lc, seed=2),
    )
    check(gemm, 1.5, 0.5, a, b, c)
    check(gemm_into, 1.5, 0.5, a, b, c)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_fused_gemv_both_sides_and_broadcast_addend(dtype):
    a = arr((300, 200), dtype, "F")
    check(
        gemm, 2.0, 3.0, a, arr((200,), dtype, "strided", seed=1), arr((300,), dtype, seed=2), rtol=tol(dtype)
    )
    check(gemm, 2.0, 3.0, arr((300,), dtype, seed=1), a, arr((200,), dtype, seed=2), rtol=tol(dtype))
    check(gemm, 2.0, 3.0, a, arr((200, 5), dtype, seed=1), arr((5,), dtype, seed=2), rtol=tol(dtype))
    check(gemm, 2.0, 3.0, a, arr((200, 5), dtype, seed=1), arr((300, 1), dtype, seed=2), rtol=tol(dtype))


def test_fused_gemm_aliasing_output_with_operand():
    c, b = arr((40, 40), "float64"), arr((40, 40), "float64", seed=1)
    check(gemm_aliased, 1.5, 0.5, c, b)
    check(gemm_into, 1.5, 0.5, c, c, c)
    check(gemm, 1.5, 0.5, c, c, c)


def test_zero_scales_keep_numpy_nans():
    a, b, c = arr((30, 20), "float64"), arr((20, 10), "float64", seed=1), arr((30, 10), "float64", seed=2)
    c[0, 0], a[1, 1] = np.inf, np.inf
    check(gemm, 1.0, 0.0, a, b, c)  # 0 * inf in the addend is NaN in NumPy
    check(gemm, 0.0, 1.0, a, b, c)  # as is 0 * (a row holding inf) in the product
    check(gemm_into, 0.0, 0.0, a, b, c)


def test_widening_scales_and_mixed_dtypes_are_not_fused():
    a32, b32, c32 = arr((20, 10), "float32"), arr((10, 5), "float32", seed=1), arr((20, 5), "float32", seed=2)
    check(gemm, np.float64(1.5), 0.5, a32, b32, c32)  # a float64 scalar widens: NumPy's order
    check(gemm, 1.5, 0.5, a32, b32, arr((20, 5), "float64", seed=2), rtol=1e-5)  # a float32 product
    check(gemm, 1.5, 0.5, arr((3, 20, 10), "float64"), arr((10, 5), "float64"), arr((20, 5), "float64"))


def test_shape_errors_are_numpys():
    check(gemm, 1.0, 1.0, arr((4, 3)), arr((5, 2)), arr((4, 2)), raises=ValueError)
    check(gemm, 1.0, 1.0, arr((4, 3)), arr((3, 2)), arr((3, 2)), raises=ValueError)


def _stage(text: str, stage: str) -> str:
    return text.split(f"==== {stage} ====\n", 1)[1].split("\n==== ", 1)[0]


def _libcalls(text: str) -> list[str]:
    """The routines of the library calls in the optimized IR."""
    return re.findall(r"^\s*libcall #\d+ \(\w+\) = (\w+)\(", _stage(text, "opt"), flags=re.M)


def test_fusion_emits_one_gemm_with_beta():
    a, b, c = arr((50, 40)), arr((40, 30), seed=1), arr((50, 30), seed=2)
    text = kiln.inspect(gemm, 1.5, 0.5, a, b, c)
    assert _libcalls(text) == ["gemm", "matmul"]  # NumPy's order where c broadcasts at run time
    if find_blas() is not None:
        c_text = text.split("==== c ====\n", 1)[1]
        assert "kiln_gemm_d(" in c_text and find_blas().symbol("dgemm") in c_text
        assert "alpha_, " in c_text and ", 1, beta_, " in c_text  # beta passed to the library


def test_matrix_vector_fusion_emits_gemv():
    text = kiln.inspect(gemm, 2.0, 3.0, arr((50, 40)), arr((40,), seed=1), arr((50,), seed=2))
    assert _libcalls(text) == ["gemm", "matmul"]
    if find_blas() is not None:
        assert "kiln_gemv_d(" in text.split("==== c ====\n", 1)[1]


def test_integer_sum_stays_on_loops():
    text = kiln.inspect(gemm, 2, 3, arr((5, 4), "int64"), arr((4, 3), "int64"), arr((5, 3), "int64"))
    assert _libcalls(text) == ["matmul"]


def _fused_sum(a, b, c):
    return np.sum(1.5 * a @ b + 0.5 * c)


def test_gradient_through_fused_gemm():
    a, b, c = arr((5, 4)), arr((4, 3), seed=1), arr((5, 3), seed=2)
    da, db, dc = kiln.grad(kiln.jit(_fused_sum), argnums=(0, 1, 2))(a, b, c)
    ones = np.ones((5, 3))
    np.testing.assert_allclose(da, 1.5 * ones @ b.T)
    np.testing.assert_allclose(db, 1.5 * a.T @ ones)
    np.testing.assert_allclose(dc, 0.5 * ones)


@kiln.jit
def times_own_transpose(a):
    return a @ a.T


@kiln.jit
def own_transpose_times(a):
    return a.T @ a


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("shape", [(70, 60), (1, 80), (80, 1), (0, 40)])
def test_operand_times_its_transpose_is_one_syrk(dtype, layout, shape):
    a = arr(shape, dtype, layout)
    got = times_own_transpose(a)
    want = a @ a.T
    scale = float(np.abs(a).max()) ** 2 * shape[1] if a.size else 0.0  # sums cancel: absolute too
    np.testing.assert_allclose(got, want, rtol=tol(dtype) or 1e-12, atol=(tol(dtype) or 1e-14) * scale)
    other = own_transpose_times(a)
    scale = float(np.abs(a).max()) ** 2 * shape[0] if a.size else 0.0
    np.testing.assert_allclose(other, a.T @ a, rtol=tol(dtype) or 1e-12, atol=(tol(dtype) or 1e-14) * scale)
    if layout != "strided" and min(shape) > 4:  # BLAS takes it as it is: one ?syrk, as NumPy
        np.testing.assert_array_equal(got, got.T)
        np.testing.assert_array_equal(other, other.T)


def test_operand_times_its_transpose_calls_syrk():
    if find_blas() is None:
        pytest.skip("no BLAS in this NumPy")
    a = np.random.default_rng(0).random((200, 300))
    c_text = kiln.inspect(times_own_transpose, a).split("==== c ====\n", 1)[1]
    assert find_blas().symbol("dsyrk") in c_text
