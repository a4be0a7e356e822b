"""np.linalg.norm against NumPy: every vector order, the matrix orders that need no singular
value decomposition and those that do (2, -2, 'nuc': NumPy's own SVD), axis and keepdims,
dtypes (integers become float64, complex gives real), layouts, empty extents, and NumPy's
errors."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check

norm = np.linalg.norm
inf = np.inf


@kiln.jit
def matrix_norms(x):
    return (
        norm(x), norm(x, "fro"), norm(x, 1), norm(x, -1), norm(x, inf), norm(x, -inf),
        norm(x, None, 0), norm(x, 2, 1), norm(x, 1, 0), norm(x, inf, -1), norm(x, -inf, 0),
        norm(x, 0, 1), norm(x, 3.5, 0), norm(x, -2.0, 1), norm(x, 0.5, -1),
        norm(x, 1, (1, 0)), norm(x, inf, (1, 0)), norm(x, "fro", (1, 0)), norm(x, -1, (1, 0)),
    )  # fmt: skip


@kiln.jit
def matrix_norms_keepdims(x):
    return (
        norm(x, keepdims=True), norm(x, None, 1, True), norm(x, 1, None, True),
        norm(x, inf, (1, 0), True), norm(x, -inf, 0, True), norm(x, 3.0, 1, True),
    )  # fmt: skip


@kiln.jit
def vector_norms(x):
    return (
        norm(x),
        norm(x, 2),
        norm(x, 1),
        norm(x, inf),
        norm(x, -inf),
        norm(x, 0),
        norm(x, -1.5),
        norm(x, 4, 0),
    )


@kiln.jit
def stacked_norms(x):
    return norm(x), norm(x, axis=(0, 2)), norm(x, 1, (2, 1)), norm(x, inf, -1, True)


@kiln.jit
def empty_norms(x):  # orders that are defined on empty operands
    return norm(x), norm(x, 1), norm(x, inf), norm(x, inf, 0), norm(x, 2, 1), norm(x, "fro", (0, 1))


def _rtol(x: np.ndarray) -> float:
    return 1e-5 if x.dtype in (np.float32, np.complex64) else 1e-12


@pytest.mark.parametrize(
    "x",
    [
        arr((3, 4)),
        arr((3, 4), "float32"),
        arr((2, 3), "complex128"),
        arr((4, 3), "int64"),
        arr((3, 4), layout="F"),
    ],
    ids=["f64", "f32", "c128", "i64", "F"],
)
def test_matrix_norms(x: np.ndarray) -> None:
    check(matrix_norms, x, rtol=_rtol(x))
    check(matrix_norms_keepdims, x, rtol=_rtol(x))


@pytest.mark.parametrize("x", [arr((5,)), arr((4,), "complex64"), arr((3,), "bool"), arr((1,))], ids=str)
def test_vector_norms(x: np.ndarray) -> None:
    check(vector_norms, x, rtol=_rtol(x))


def test_stacked_and_empty() -> None:
    check(stacked_norms, arr((2, 3, 4), "complex64"), rtol=1e-5)
    check(empty_norms, np.zeros((0, 3)))


def test_norm_inside_a_loop() -> None:
    @kiln.jit
    def normalize_rows(a):
        for i in range(a.shape[0]):
            a[i] = a[i] / norm(a[i])

    check(normalize_rows, arr((4, 5)))


def _jit_norm(ord_: object, axis: object) -> object:
    def f(x):
        return np.linalg.norm(x, ord_, axis)

    return kiln.jit(f)


@pytest.mark.parametrize(
    ("shape", "ord_", "axis"),
    [((2, 3, 4), 1, None), ((3,), "fro", 0), ((3, 3), 1, (0, 0)), ((3, 3), 7, (0, 1)), ((3, 3), 1, 2)],
)
def test_norm_errors(shape: tuple[int, ...], ord_: object, axis: object) -> None:
    check(_jit_norm(ord_, axis), arr(shape), raises=ValueError)


def test_empty_max_free_orders_raise_at_run_time() -> None:
    check(_jit_norm(-inf, 0), np.zeros((0, 3)), raises=ValueError)


def _jit_norm_keep(ord_: object, axis: object) -> object:
    def f(x):
        return np.linalg.norm(x, ord_, axis, True)

    return kiln.jit(f)


@pytest.mark.parametrize("ord_", [2, -2, "nuc"])
@pytest.mark.parametrize(
    ("shape", "axis"),
    [((3, 3), None), ((4, 3), (1, 0)), ((2, 4, 3), (-1, -2)), ((2, 4, 3), (0, 2)), ((0, 3), None)],
)
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
def test_singular_value_orders(ord_: object, shape: tuple[int, ...], axis: object, dtype: str) -> None:
    """NumPy's own SVD: the values are NumPy's (float32 sums accumulate in float64: close)."""
    if ord_ == -2 and 0 in shape:
        check(_jit_norm(ord_, axis), arr(shape, dtype), raises=ValueError)  # min of nothing
        return
    rtol = 1e-6 if dtype == "float32" and ord_ == "nuc" else None
    for layout in ("C", "F"):
        check(_jit_norm(ord_, axis), arr(shape, dtype, layout), rtol=rtol)
        check(_jit_norm_keep(ord_, axis), arr(shape, dtype, layout), rtol=rtol)
