"""``np.diff``, ``np.ptp``, ``np.isclose`` and ``np.allclose`` against NumPy: dtypes (bool diff is
``!=``, isclose takes ``y`` as a float), axes, ``n``, layouts, extents 0 and 1, NaN and inf."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.frontend.bit_exact import check_against_numpy

import kiln
from kiln.errors import TypingError


def diff_last(a):
    return np.diff(a)


def diff_first(a):
    return np.diff(a, axis=0)


def diff_twice(a):
    return np.diff(a, n=2)


def diff_three_first(a):
    return np.diff(a, 3, 0)


def diff_none(a):
    return np.diff(a, n=0)


def ptp_all(a):
    return np.ptp(a)


def ptp_rows(a):
    return np.ptp(a, axis=1, keepdims=True)


DIFFS = [diff_last, diff_first, diff_twice, diff_three_first, diff_none]
_RNG = np.random.default_rng(2)


def _sample(dtype: str, shape: tuple[int, ...] = (5, 7)) -> np.ndarray:
    a = _RNG.integers(-6, 6, shape)
    if dtype == "bool":
        return a > 0
    x = a.astype(dtype)
    if x.dtype.kind == "f":
        x.flat[3], x.flat[8] = np.nan, np.inf
    return x


@pytest.mark.parametrize("fn", [*DIFFS, ptp_all, ptp_rows], ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int8", "uint8", "bool"])
def test_diff_and_ptp(fn: Callable[..., Any], dtype: str) -> None:
    a = _sample(dtype)
    if fn in (ptp_all, ptp_rows) and dtype == "bool":
        with pytest.raises(TypingError, match="subtract"):  # NumPy raises a TypeError too
            kiln.jit(fn)(a)
        return
    check_against_numpy(fn, a)


@pytest.mark.parametrize("layout", ["F", "strided", "reversed", "one", "empty_cols", "three_d"])
def test_diff_layouts_and_extents(layout: str) -> None:
    a = _sample("float64", (6, 8))
    a = {
        "F": np.asfortranarray(a), "strided": a[::2, 1::3], "reversed": a[::-1, ::-1], "one": a[:1, :1],
        "empty_cols": a[:, :0], "three_d": _sample("float64", (3, 4, 5)),
    }[layout]  # fmt: skip
    for fn in DIFFS:
        check_against_numpy(fn, a)


def diff_scalar(x):
    return np.diff(x)


def diff_negative(a):
    return np.diff(a, n=-1)


def test_diff_refusals() -> None:
    with pytest.raises(TypingError, match="at least one dimensional"):
        kiln.jit(diff_scalar)(1.0)
    with pytest.raises(TypingError, match="order must be non-negative"):
        kiln.jit(diff_negative)(np.ones(3))


def isclose_default(a, b):
    return np.isclose(a, b)


def isclose_loose(a, b):
    return np.isclose(a, b, rtol=1e-3, atol=0.0, equal_nan=True)


def allclose_default(a, b):
    return np.allclose(a, b)


def allclose_nan(a, b):
    return np.allclose(a, b, equal_nan=True)


CLOSE = [isclose_default, isclose_loose, allclose_default, allclose_nan]


def _pairs() -> list[tuple[Any, Any]]:
    x = _sample("float64")
    y = x + _RNG.uniform(-1e-6, 1e-6, x.shape)
    y.flat[3] = np.nan
    ints = _sample("int64")
    return [
        (x, y), (x, x), (ints, ints), (ints, ints + 1), (x, 3), (x.astype(np.float32), y),
        (2.0, 2.0000001), (x[0], y), (np.float32(1.0), 1.00001), (x[:0], y[:0]),
        (np.array([np.inf, -np.inf, 1.0]), np.array([np.inf, np.inf, np.inf])),
    ]  # fmt: skip


@pytest.mark.parametrize("fn", CLOSE, ids=lambda f: f.__name__)
def test_isclose_and_allclose(fn: Callable[..., Any]) -> None:
    for a, b in _pairs():
        check_against_numpy(fn, a, b)


def extended(a):
    return (
        np.diff(a, prepend=0),
        np.diff(a, axis=0, append=a[:1]),
        np.diff(a, 2, axis=-1, prepend=a[..., :1], append=7.5),
        np.diff(a, prepend=np.float32(1.5), append=a[:, -1:] + 1),
        np.diff(a[0], append=[10, 20]),
    )


@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.float32, np.uint8])
@pytest.mark.parametrize("shape", [(1, 1), (3, 4), (2, 0)])
def test_prepend_and_append(dtype, shape):
    a = (np.arange(np.prod(shape)).reshape(shape) ** 2).astype(dtype)
    got, want = kiln.jit(extended)(a), extended(a)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g, w)


def test_a_condition_known_when_compiling_lowers_only_its_branch():
    def pick(a):
        return np.diff(a) if a.ndim == 1 else a.sum(axis=0)  # arrays of different shapes

    for a in (np.arange(4.0), np.ones((2, 3))):
        np.testing.assert_array_equal(kiln.jit(pick)(a), pick(a))


def test_no_differences_ignore_prepend_and_append():
    def zero(a):
        return np.diff(a, n=0, prepend=0, append=[1, 2])

    a = np.array([1, 4, 9, 16], np.int8)
    got = kiln.jit(zero)(a)
    assert got.dtype == np.int8
    np.testing.assert_array_equal(got, zero(a))
