"""``@``/np.matmul/np.dot with operands of more than two dimensions: matmul's broadcast batch
axes, dot's every-row-with-every-matrix rule, vectors on either side, dtypes, layouts, empty
extents, the BLAS-sized stack-times-matrix path, and shape errors."""

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


SHAPES = [
    ((2, 3, 4), (4, 5)),
    ((2, 3, 4), (4,)),
    ((4,), (2, 4, 5)),
    ((2, 1, 3, 4), (5, 4, 2)),
    ((3, 4), (2, 4, 5)),
    ((2, 0, 4), (4, 3)),
    ((2, 3, 0), (0, 3)),
    ((1, 3, 4), (2, 4, 1)),
]


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "complex128", "bool"])
def test_matmul_and_dot_shapes(dtype: str) -> None:
    for sa, sb in SHAPES:
        a, b = arr(sa, dtype, seed=1), arr(sb, dtype, seed=2)
        check(at, a, b, rtol=1e-5 if dtype == "float32" else None)
        raises = None
        try:
            np.dot(a, b)
        except ValueError:
            raises = ValueError
        check(dot, a, b, raises=raises, rtol=1e-5 if dtype == "float32" else None)


def test_mixed_dtypes() -> None:
    check(at, arr((2, 3, 4), "int32"), arr((4, 2), "float32"), rtol=1e-5)
    check(dot, arr((2, 3, 4), "bool"), arr((3, 4, 2), "int64"))


@pytest.mark.parametrize("layout", ["F", "T", "strided", "reversed"])
def test_layouts(layout: str) -> None:
    check(at, arr((2, 3, 4), layout=layout), arr((2, 4, 5), layout=layout))
    check(at, arr((3, 5, 4), layout=layout), arr((4, 2), layout=layout))
    check(dot, arr((2, 3, 4), layout=layout), arr((2, 4, 5), layout=layout))


def test_large_stack_times_matrix() -> None:
    @kiln.jit
    def project(a, c):
        n, q, p = a.shape
        a[:] = np.reshape(np.reshape(a, (n, q, 1, p)) @ c, (n, q, p))

    check(project, arr((6, 7, 40)), arr((40, 40)))
    check(at, arr((3, 80, 90), "float32"), arr((90, 70), "float32"), rtol=1e-4)
    check(at, arr((3, 80, 90), "complex128"), arr((90,), "complex128"))


def test_lazy_operands_and_stores() -> None:
    @kiln.jit
    def f(a, b, out):
        out[...] = (a * 2.0) @ (b + 1.0)
        return np.dot(a - 1.0, b)

    check(f, arr((2, 3, 4)), arr((2, 4, 5)), np.zeros((2, 3, 5)))


@pytest.mark.parametrize(
    ("sa", "sb"), [((2, 3, 4), (5, 6)), ((2, 2, 3), (3, 3, 2)), ((2, 3, 4), (2, 5, 6)), ((4,), (2, 3, 5))]
)
def test_shape_errors(sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    check(at, arr(sa), arr(sb), raises=ValueError)
    dot_fails = sa[-1] != sb[-2 if len(sb) > 1 else 0]  # dot has no batch axes to mismatch
    check(dot, arr(sa), arr(sb), raises=ValueError if dot_fails else None)
