"""np.outer and ufunc.outer (np.add.outer, np.minimum.outer ...): NumPy's dtypes and shapes
(``a.shape + b.shape``; np.outer flattens), layouts, empty extents, numbers as operands,
fusion with the consumer, and aliasing when the result is stored into an operand."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.frontend.ufuncs import UFUNCS

try:
    from .numpy_support import arr, check
except ImportError:
    from numpy_support import arr, check


@kiln.jit
def outer(a, b):
    return np.outer(a, b)


@kiln.jit
def several(a, b):
    return np.add.outer(a, b), np.subtract.outer(a, b), np.multiply.outer(a, b), np.minimum.outer(a, b)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "bool", "complex128"])
def test_outer_dtypes(dtype: str) -> None:
    for sa, sb in [((3,), (4,)), ((2, 3), (4,)), ((0,), (3,)), ((1,), (1,))]:
        check(outer, arr(sa, dtype, seed=1), arr(sb, dtype, seed=2))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
def test_ufunc_outer_dtypes(dtype: str) -> None:
    check(several, arr((3,), dtype), arr((2, 4), dtype))
    check(several, arr((2, 2), dtype), arr((0,), dtype))


def test_mixed_dtypes_and_numbers() -> None:
    check(several, arr((3,), "int32"), arr((4,), "float32"))
    check(several, arr((3,), "int64"), 2.5)
    check(several, 3, arr((2, 2), "uint8"))
    check(outer, 2.0, arr((3,)))


@pytest.mark.parametrize("layout", ["F", "T", "strided", "reversed"])
def test_layouts(layout: str) -> None:
    check(several, arr((3, 2), layout=layout), arr((2, 4), layout=layout))
    check(outer, arr((3, 2), layout=layout), arr((5,), layout=layout))


@pytest.mark.slow  # one compile per ufunc
@pytest.mark.parametrize("name", sorted(n for n in UFUNCS if getattr(np, n).nin == 2))
def test_every_binary_ufunc_has_outer(name: str) -> None:
    ufunc = getattr(np, name)

    def f(a, b):
        return ufunc.outer(a, b)

    a, b = np.array([1, 2, 3], dtype=np.int64), np.array([[2], [3]], dtype=np.int32)
    if name == "fmod":  # kiln's integer fmod is a separate gap
        a, b = a.astype(np.float64), b.astype(np.float32)
    check(kiln.jit(f), a, b)


def test_shortest_paths_update_fuses_and_reads_before_writing() -> None:
    @kiln.jit
    def shortest_paths(path):
        for k in range(path.shape[0]):
            path[:] = np.minimum(path[:], np.add.outer(path[:, k], path[k, :]))

    check(shortest_paths, np.abs(arr((6, 6))) * 3)
    check(shortest_paths, np.asfortranarray(np.abs(arr((5, 5)))))


def test_rank_one_updates() -> None:
    @kiln.jit
    def update(a, u1, v1, u2, v2):
        a += np.outer(u1, v1) + np.outer(u2, v2)

    check(update, arr((4, 5)), arr((4,)), arr((5,)), arr((4,)), arr((5,)))


def test_outer_is_lazy() -> None:
    def f(a, b):
        return np.sqrt(np.multiply.outer(a, b) + 1.0)

    text = str(kiln.inspect(kiln.jit(f), arr((3,)), arr((4,))))
    lowered = text.split("==== opt")[0]
    assert lowered.count("alloc") == 1  # only the result is stored


def test_unsupported_keywords() -> None:
    def f(a, b):
        return np.add.outer(a, b, dtype=np.float32)

    with pytest.raises(kiln.UnsupportedError, match="keyword 'dtype'"):
        kiln.jit(f)(arr((2,)), arr((3,)))
