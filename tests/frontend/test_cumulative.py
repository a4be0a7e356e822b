"""``np.cumsum`` / ``np.cumprod`` and their methods against NumPy: dtypes (with NumPy's integer
widening and ``dtype=``), axes, layouts, extents 0 and 1, ``out=``, scalars, threads."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln
from kiln.errors import TypingError


def cumsum_flat(a):
    return np.cumsum(a)


def cumsum_axis0(a):
    return np.cumsum(a, axis=0)


def cumsum_last(a):
    return np.cumsum(a, -1)


def cumprod_flat(a):
    return np.cumprod(a)


def cumprod_axis1(a):
    return np.cumprod(a, axis=1)


def method_sum(a):
    return a.cumsum(axis=1)


def method_prod(a):
    return a.cumprod()


def as_float32(a):
    return np.cumsum(a, dtype=np.float32)


def as_int8(a):
    return np.cumprod(a, axis=0, dtype=np.int8)


FUNCS = [cumsum_flat, cumsum_axis0, cumsum_last, cumprod_flat, cumprod_axis1, method_sum, method_prod]
_RNG = np.random.default_rng(11)


def _sample(dtype: str, shape: tuple[int, ...] = (4, 5)) -> np.ndarray:
    if dtype == "bool":
        return _RNG.random(shape) < 0.5
    if np.dtype(dtype).kind in "iu":
        return _RNG.integers(0 if dtype.startswith("u") else -3, 4, shape).astype(dtype)
    a = _RNG.uniform(-2, 2, shape)
    if dtype.startswith("complex"):
        a = a + 1j * _RNG.uniform(-2, 2, shape)
    a = a.astype(dtype)
    a.flat[0] = -0.0
    return a


@pytest.mark.parametrize("fn", FUNCS, ids=[f.__name__ for f in FUNCS])
@pytest.mark.parametrize(
    "dtype", ["float64", "float32", "complex128", "complex64", "int8", "int32", "int64", "uint8", "bool"]
)
def test_matches_numpy(fn: Callable[..., Any], dtype: str) -> None:
    a = _sample(dtype)
    assert_same(kiln.jit(fn)(a), fn(a))


@pytest.mark.parametrize("layout", ["F", "strided", "reversed", "empty_rows", "empty_cols", "one"])
def test_layouts_and_extents(layout: str) -> None:
    a = _sample("float64", (6, 7))
    a = {
        "F": np.asfortranarray(a), "strided": a[::2, 1::3], "reversed": a[::-1, ::-1],
        "empty_rows": a[:0], "empty_cols": a[:, :0], "one": a[:1, :1],
    }[layout]  # fmt: skip
    for fn in FUNCS:
        assert_same(kiln.jit(fn)(a), fn(a))


@pytest.mark.parametrize("fn", [as_float32, as_int8], ids=["float32", "int8"])
def test_dtype_argument(fn: Callable[..., Any]) -> None:
    for a in (_sample("float64"), _sample("int64"), _sample("bool")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            assert_same(kiln.jit(fn)(a), fn(a))


def three_d(a):
    return np.cumsum(a, axis=1), np.cumprod(a, axis=2), np.cumsum(a)


def test_three_dimensions_and_threads() -> None:
    a = _sample("float64", (3, 4, 5))
    for parallel in (False, True):
        for got, ref in zip(kiln.jit(three_d, parallel=parallel)(a), three_d(a)):
            assert_same(got, ref)


def into(a, out):
    np.cumsum(a, axis=0, out=out)
    return out


def scalar_cumsum(x):
    return np.cumsum(x)


def test_out_and_scalars() -> None:
    a = _sample("int32")
    out_k, out_n = np.empty(a.shape), np.empty(a.shape)
    assert_same(kiln.jit(into)(a, out_k), into(a, out_n))
    assert_same(out_k, out_n)
    for x in (5, 2.5, np.float32(-0.0)):
        assert_same(kiln.jit(scalar_cumsum)(x), scalar_cumsum(x))


def bad_axis(a):
    return np.cumsum(a, axis=2)


def test_axis_out_of_bounds_is_located() -> None:
    with pytest.raises(TypingError, match="axis 2 is out of bounds for array of dimension 2") as info:
        kiln.jit(bad_axis)(np.ones((2, 2)))
    assert "test_cumulative.py" in str(info.value)


def nan_running(a):
    return (
        np.nancumsum(a),
        np.nancumprod(a, axis=0),
        np.nancumsum(a, axis=1),
        np.nancumprod(a, axis=-1, dtype=np.float64),
        np.nancumsum(a[0, 0]),
    )


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int32, np.bool_])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_nancumsum_and_nancumprod(dtype, layout):
    base = np.array([[1.5, np.nan, -2.0, 0.5], [np.nan, 3.0, -0.0, np.nan], [2.0, 0.25, np.nan, 1.0]])
    if np.dtype(dtype).kind in "biu":
        base = np.nan_to_num(base) * 2
    a = base.astype(dtype)
    a = {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=1)[:, 1::2]}[layout]
    got, want = kiln.jit(nan_running)(a), nan_running(a)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g, w)
