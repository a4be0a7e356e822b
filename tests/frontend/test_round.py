"""``np.round`` / ``np.around`` / ``a.round`` with decimals and out, integer ``np.fmod`` and
complex ``np.rint``, against NumPy: values bit for bit, dtypes, layouts, extents 0 and 1."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same, check_against_numpy

import kiln
from kiln.errors import KilnError, TypingError, UnsupportedError


def round0(a):
    return np.round(a)


def round_pos_m2(a):
    return np.round(a, -2)


def round_pos_m1(a):
    return np.round(a, -1)


def round_pos_1(a):
    return np.round(a, 1)


def round_kw_2(a):
    return np.round(a, decimals=2)


def around_3(a):
    return np.around(a, 3)


def method_2(a):
    return a.round(2)


def method_kw_m1(a):
    return a.round(decimals=-1)


ROUNDERS = [round0, round_pos_m2, round_pos_m1, round_pos_1, round_kw_2, around_3, method_2, method_kw_m1]
_RNG = np.random.default_rng(3)
_TIES_AND_EDGES = [0.5, 1.5, 2.5, -0.5, -2.5, 2.675, 0.125, 1e300, -0.0, np.inf, np.nan, 1234.5]
_FLOATS = np.concatenate([_RNG.uniform(-1000, 1000, 40), _TIES_AND_EDGES])


@pytest.mark.parametrize("fn", ROUNDERS, ids=[f.__name__ for f in ROUNDERS])
@pytest.mark.parametrize(
    "dtype", ["float64", "float32", "complex128", "complex64", "int8", "int32", "int64", "uint8"]
)
def test_round_matches_numpy(fn: Callable[..., Any], dtype: str) -> None:
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        a = np.array([15, 25, 35, -15, 14, 5, 0, info.max, info.min, 120, 99], dtype=np.int64)
        a = a[(a >= info.min) & (a <= info.max)].astype(dtype)
    elif dtype.startswith("complex"):
        a = (_FLOATS[:26] + 1j * _FLOATS[26:]).astype(dtype)
    else:
        a = _FLOATS.astype(dtype)
    check_against_numpy(fn, a)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "empty", "one"])
def test_round_layouts(layout: str) -> None:
    a = _RNG.uniform(-50, 50, (6, 8))
    a = {
        "C": a, "F": np.asfortranarray(a), "strided": a[::2, 1::3], "empty": a[:0], "one": a[:1, :1],
    }[layout]  # fmt: skip
    for fn in (round0, round_kw_2, method_kw_m1):
        check_against_numpy(fn, a)


def round_scalar(x):
    return np.round(x, 2), np.round(x), np.around(x, -1)


@pytest.mark.parametrize("x", [2.675, np.float32(2.675), 7, np.int32(-15), np.float64(-0.5)])
def test_round_scalars(x: Any) -> None:
    got, ref = kiln.jit(round_scalar)(x), round_scalar(x)
    for g, r in zip(got, ref):
        assert type(g) is type(r) and g == r, (g, r)


def round_into(a, out):
    np.round(a, 1, out)
    return out


def round_into_kw(a, out):
    return np.round(a, decimals=-1, out=out)


def test_round_into_out() -> None:
    a = _RNG.uniform(-100, 100, 17)
    for fn in (round_into, round_into_kw):
        out_k, out_n = np.empty(17), np.empty(17)
        assert_same(kiln.jit(fn)(a, out_k), fn(a, out_n))
        assert_same(out_k, out_n)


def round_bool(a):
    return np.round(a)


def round_bool_decimals(a):
    return np.round(a, 1)


def round_runtime_decimals(a, d):
    return np.round(a, d)


def test_round_refusals_are_located() -> None:
    b = np.array([True, False])
    with pytest.raises(UnsupportedError, match="float16") as info:
        kiln.jit(round_bool)(b)
    assert "test_round.py" in str(info.value)
    with pytest.raises(TypingError, match="to dtype\\('bool'\\)"):
        kiln.jit(round_bool_decimals)(b)
    with pytest.raises(UnsupportedError, match="'decimals' must be an integer known at compile time"):
        kiln.jit(round_runtime_decimals)(np.ones(3), 2)


def fmod(a, b):
    return np.fmod(a, b)


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint64"])
def test_integer_fmod(dtype: str) -> None:
    """The dividend's sign; 0 for a zero divisor (NumPy warns), and MIN % -1 is 0, not a trap."""
    info = np.iinfo(dtype)
    pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (5, 0), (info.min, -1), (3, 0), (info.max, 7), (0, 5)]
    pairs = [(x, y) for x, y in pairs if info.min <= min(x, y) and max(x, y) <= info.max]
    a = np.array([x for x, _ in pairs], dtype=dtype)
    b = np.array([y for _, y in pairs], dtype=dtype)
    check_against_numpy(fmod, a, b)
    check_against_numpy(fmod, a[::-2], b[::-2])
    check_against_numpy(fmod, a[:0], b[:0])


def test_integer_fmod_scalars_and_mixed() -> None:
    check_against_numpy(fmod, 7, 3)
    check_against_numpy(fmod, np.int32(-7), np.int32(0))
    check_against_numpy(fmod, np.arange(-6, 6), 4)
    check_against_numpy(fmod, np.array([True, False]), np.array([True, True]))


def rint(a):
    return np.rint(a)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_rint_rounds_each_part(dtype: str) -> None:
    a = np.array([1.5 + 2.5j, 0.5 - 3.5j, -2.5 + 0.49j, complex(np.inf, np.nan)], dtype=dtype)
    check_against_numpy(rint, a)


def test_no_internal_error_escapes() -> None:
    """Both used to end in an internal error without a location."""
    for fn, args in ((fmod, (np.arange(3), np.arange(1, 4))), (rint, (np.ones(2, dtype=complex),))):
        try:
            kiln.jit(fn)(*args)
        except KilnError as exc:  # pragma: no cover - the failure being guarded against
            pytest.fail(f"{fn.__name__}: {exc}")
