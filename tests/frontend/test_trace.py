"""``np.trace`` / ``a.trace`` against NumPy: offsets on both sides and past the edge, axes of
n-d arrays, NumPy's sum dtypes (``dtype=`` too), layouts, extents 0 and 1."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.errors import TypingError


def _same(got: Any, ref: Any) -> None:
    got, ref = np.asarray(got), np.asarray(ref)
    assert (got.dtype, got.shape) == (ref.dtype, ref.shape)
    np.testing.assert_allclose(got, ref, rtol=1e-12)  # sums: kiln's order, as for np.sum


def trace0(a):
    return np.trace(a)


def trace_up(a):
    return np.trace(a, 1)


def trace_down(a):
    return np.trace(a, offset=-2)


def trace_past(a):
    return np.trace(a, 9)


def trace_method(a):
    return a.trace(dtype=np.float64)


def trace_runtime(a, k):
    return np.trace(a, k)


TRACES = [trace0, trace_up, trace_down, trace_past, trace_method]
_RNG = np.random.default_rng(9)


@pytest.mark.parametrize("fn", TRACES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", ["float64", "float32", "int8", "int64", "uint8", "bool", "complex128"])
def test_matches_numpy(fn: Callable[..., Any], dtype: str) -> None:
    a = _RNG.integers(-4, 5, (5, 7))
    a = a > 0 if dtype == "bool" else a.astype(dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)  # dtype=float64 of complex
        _same(kiln.jit(fn)(a), fn(a))


@pytest.mark.parametrize("layout", ["F", "strided", "reversed", "empty", "one", "tall"])
def test_layouts(layout: str) -> None:
    a = _RNG.standard_normal((6, 8))
    a = {
        "F": np.asfortranarray(a), "strided": a[::2, 1::2], "reversed": a[::-1], "empty": a[:0],
        "one": a[:1, :1], "tall": _RNG.standard_normal((9, 3)),
    }[layout]  # fmt: skip
    for fn in TRACES:
        _same(kiln.jit(fn)(a), fn(a))
    for k in (-3, 0, 2):
        _same(kiln.jit(trace_runtime)(a, k), trace_runtime(a, k))


def trace_axes(a):
    return np.trace(a, 1, axis1=2, axis2=0)


def trace_3d(a):
    return np.trace(a)


def test_n_d_axes() -> None:
    a = _RNG.standard_normal((3, 4, 5))
    _same(kiln.jit(trace_axes)(a), trace_axes(a))
    _same(kiln.jit(trace_3d)(a), trace_3d(a))


def trace_same_axes(a):
    return np.trace(a, axis1=1, axis2=1)


def test_refusals() -> None:
    with pytest.raises(TypingError, match="at least two dimensions"):
        kiln.jit(trace0)(np.ones(3))
    with pytest.raises(TypingError, match="axis1 and axis2 cannot be the same"):
        kiln.jit(trace_same_axes)(np.ones((2, 2)))
