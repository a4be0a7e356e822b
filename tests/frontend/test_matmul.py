"""``@``, np.dot, np.matmul, a.dot: every operand rank pairing, the generated-loop path (small)
and the BLAS path (large floating-point), dtypes and their promotion, non-contiguous operands,
bad shapes, and results stored into slices."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check


@kiln.jit
def at(a, b):
    return a @ b


@kiln.jit
def dot(a, b):
    return np.dot(a, b)


@kiln.jit
def matmul(a, b):
    return np.matmul(a, b)


@kiln.jit
def dot_method(a, b):
    return a.dot(b)


DTYPES = ["float64", "float32", "int64", "int32", "complex128", "bool"]

# (m, k, n): the loop path below KILN_SMALL_GEMM work, BLAS above it for floating point
SIZES = [(0, 3, 2), (3, 0, 2), (1, 1, 1), (5, 7, 3), (200, 200, 200), (300, 0, 300)]
LARGE = [(200, 200, 200), (160, 250, 90)]


def rtol_for(dtype: str, k: int) -> float | None:
    # tolerance on top of the magnitude-scaled slack in assert_same: sums of k products
    return 1e-5 if dtype == "float32" else None


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("m, k, n", SIZES)
def test_matrix_matrix(dtype, m, k, n):
    check(at, arr((m, k), dtype), arr((k, n), dtype, seed=1), rtol=rtol_for(dtype, k))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("m, k", [(0, 3), (3, 0), (1, 1), (6, 4), (300, 200)])
def test_matrix_vector_and_vector_matrix(dtype, m, k):
    check(at, arr((m, k), dtype), arr((k,), dtype, seed=1), rtol=rtol_for(dtype, k))
    check(at, arr((m,), dtype), arr((m, k), dtype, seed=1), rtol=rtol_for(dtype, m))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [0, 1, 9, 1000])
def test_vector_vector_is_a_scalar(dtype, k):
    got = check(at, arr((k,), dtype), arr((k,), dtype, seed=1), rtol=rtol_for(dtype, k))
    assert isinstance(got, np.generic) and got.dtype == np.dtype(dtype)


@pytest.mark.parametrize("jf", [dot, matmul, dot_method])
@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_function_and_method_forms(jf, dtype):
    for m, k, n in [(4, 3, 5), (150, 120, 110)]:
        check(jf, arr((m, k), dtype), arr((k, n), dtype, seed=1))
        check(jf, arr((m, k), dtype), arr((k,), dtype, seed=1))
        check(jf, arr((k,), dtype), arr((k, n), dtype, seed=1))
        check(jf, arr((k,), dtype), arr((k,), dtype, seed=1))


@pytest.mark.parametrize(
    "da, db",
    [
        ("int32", "float32"),
        ("float32", "int64"),
        ("int32", "bool"),
        ("float32", "float64"),
        ("int64", "complex128"),
    ],
)
def test_promotion(da, db):
    for m, k, n in [(3, 4, 2), (120, 130, 140)]:
        check(at, arr((m, k), da), arr((k, n), db, seed=1), rtol=1e-5 if "float32" in (da, db) else None)
    check(at, arr((4,), da), arr((4,), db, seed=1))


# ------------------------------------------------------------------ non-contiguous operands
@kiln.jit
def transposed_left(a, b):
    return a.T @ b


@kiln.jit
def stepped_left(a, b):
    return a[::2] @ b


@kiln.jit
def column_of_right(a, b):
    return a @ b[:, 1]


@kiln.jit
def expression_operands(a, b):
    return (a + 1) @ (b * 2)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
@pytest.mark.parametrize("m, k, n", [(3, 4, 5), (180, 190, 170)])
def test_non_contiguous(dtype, m, k, n):
    rtol = rtol_for(dtype, k)
    check(transposed_left, arr((k, m), dtype), arr((k, n), dtype, seed=1), rtol=rtol)
    check(stepped_left, arr((2 * m, k), dtype), arr((k, n), dtype, seed=1), rtol=rtol)
    check(column_of_right, arr((m, k), dtype), arr((k, n), dtype, seed=1), rtol=rtol)
    check(expression_operands, arr((m, k), dtype), arr((k, n), dtype, seed=1), rtol=rtol)
    check(at, arr((m, k), dtype, "F"), arr((k, n), dtype, "reversed", seed=1), rtol=rtol)
    check(at, arr((m, k), dtype, "strided"), arr((k, n), dtype, "T", seed=1), rtol=rtol)


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize(
    "shape_a, shape_b",
    [((3, 4), (5, 2)), ((300, 400), (500, 200)), ((3, 4), (5,)), ((3,), (5,)), ((4,), (5, 3))],
)
def test_mismatched_inner_dimension_raises(shape_a, shape_b):
    for jf in (at, dot):
        check(jf, arr(shape_a), arr(shape_b, seed=1), raises=ValueError)


@kiln.jit
def batched(a, b):
    return a @ b


def test_batched_matmul():  # more in test_matmul_nd.py
    check(batched, arr((2, 3, 4)), arr((2, 4, 5)))


@kiln.jit
def matmul_scalar(a):
    return np.matmul(a, 2.0)


@kiln.jit
def at_scalar(a):
    return a @ 2.0


@kiln.jit
def dot_scalar(a):
    return np.dot(2.0, a), np.dot(a, 3)


def test_scalars():
    # np.dot multiplies by a scalar; matmul and @ refuse scalars with a ValueError
    check(dot_scalar, arr((3, 2)))
    check(matmul_scalar, arr((3, 2)), raises=ValueError)
    check(at_scalar, arr((3, 2)), raises=ValueError)


@kiln.jit
def at_operator(a, b):
    return a @ b


@pytest.mark.parametrize(
    "a, b", [(2, 3), (2.5, 1j), (np.int64(2), np.int64(3)), (np.float32(2), 3), (True, 2)]
)
def test_number_at_number_is_a_type_error(a, b):
    """Python numbers and NumPy scalars have no ``@``: TypeError, as ``2 @ 3`` in Python."""
    check(at_operator, a, b, raises=TypeError)
    with pytest.raises(TypeError, match="unsupported operand type"):
        at_operator(a, b)


def test_number_at_array_is_a_value_error():
    check(at_operator, 2, arr((3,)), raises=ValueError)
    check(at_operator, arr((2, 3)), np.float64(2), raises=ValueError)
    check(matmul, 2, 3, raises=ValueError)  # np.matmul of numbers: NumPy's ValueError


# ------------------------------------------------------------------ results into slices, aliasing
@kiln.jit
def rows_into_slices(a, b):
    c = np.zeros((a.shape[0], b.shape[1]), dtype=a.dtype)
    for i in range(a.shape[0]):
        c[i, :] = a[i, :] @ b
    return c


@kiln.jit
def columns_into_slices(a, b, c):
    for j in range(b.shape[1]):
        c[:, j] = a @ b[:, j]


@kiln.jit
def block_into_slice(a, b, c):
    c[1:3] = a[1:3] @ b


@kiln.jit
def square_in_place(a):
    a[:] = a @ a


@kiln.jit
def rebind_and_accumulate(a, b):
    c = a @ b
    c = c @ b.T + a @ (b @ b.T)
    return c, (a @ b).sum()


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "complex128"])
@pytest.mark.parametrize("m, k, n", [(4, 3, 5), (150, 160, 170)])
def test_results_into_slices(dtype, m, k, n):
    rtol = rtol_for(dtype, k)
    check(rows_into_slices, arr((m, k), dtype), arr((k, n), dtype, seed=1), rtol=rtol)
    check(
        columns_into_slices,
        arr((m, k), dtype),
        arr((k, n), dtype, seed=1),
        np.zeros((m, n), dtype),
        rtol=rtol,
    )
    check(block_into_slice, arr((m, k), dtype), arr((k, n), dtype, seed=1), np.ones((m, n), dtype), rtol=rtol)


@pytest.mark.parametrize("dtype", ["float64", "int64"])
@pytest.mark.parametrize("n", [3, 120])
def test_aliasing_and_chains(dtype, n):
    check(square_in_place, arr((n, n), dtype))  # reads all of a before writing
    check(rebind_and_accumulate, arr((n, n + 2), dtype), arr((n + 2, n + 2), dtype, seed=1))


@pytest.mark.parametrize("dtype", ["int32", "int8"])
def test_integer_products_wrap_like_numpy(dtype):
    big = 2**20 if dtype == "int32" else 100
    a = np.full((3, 3), big, dtype)
    check(at, a, a)
    check(at, a[0], a)
    check(at, a, a[:, 0])
    check(at, a[0], a[1])
