"""np.var/np.std (ddof, axis, keepdims, methods), np.cov, np.clip, np.count_nonzero,
np.argmax/np.argmin and ufunc.reduce against NumPy: result dtypes, shapes, values, errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import arr, check, in_layout
except ImportError:
    from numpy_support import arr, check, in_layout


# ------------------------------------------------------------------ var / std
@kiln.jit
def moments_2d(a):
    return (
        np.var(a),
        np.std(a),
        np.var(a, axis=0),
        np.std(a, axis=1, ddof=1),
        np.var(a, axis=(0, 1), keepdims=True),
        a.std(axis=-1, keepdims=True),
        a.var(ddof=2),
    )


@pytest.mark.parametrize(
    ("dtype", "layout"),
    [("float64", "C"), ("float64", "F"), ("float64", "strided"), ("float32", "C"), ("int32", "T"),
     ("bool", "C"), ("complex128", "C")],
)  # fmt: skip
def test_var_std_dtypes_and_layouts(dtype: str, layout: str) -> None:
    check(moments_2d, arr((4, 5), dtype, layout), rtol=1e-5 if dtype == "float32" else None)


@pytest.mark.parametrize("shape", [(1, 3), (3, 1)])
def test_var_std_small_extents(shape: tuple[int, int]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ddof >= n: NumPy warns and divides by 0
        check(moments_2d, arr(shape))


@kiln.jit
def std_ddof(a, ddof):
    return np.std(a, ddof=ddof), np.var(a, axis=0, ddof=ddof)


@pytest.mark.parametrize("ddof", [0, 1, 3, 1.5])
def test_var_runtime_ddof(ddof: float) -> None:
    check(std_ddof, arr((3, 4)), ddof)


@kiln.jit
def var_3d(a):
    return np.var(a, axis=(0, 2)), np.std(a, axis=(1,), keepdims=True), np.mean(a, axis=(0, 2), keepdims=True)


def test_var_3d_tuple_axes() -> None:
    check(var_3d, arr((3, 4, 2), "float64", "T"))


def test_var_empty_is_nan() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(std_ddof, np.zeros((0, 3)), 0)


@kiln.jit
def scalar_moments(x):
    return np.var(x * 2.0), np.std(x), np.var(x, ddof=1), np.std(x + 1)


@pytest.mark.parametrize("x", [3.0, 2, True, 1.5 + 2j])
def test_var_std_of_a_scalar(x: object) -> None:
    # a scalar operand used to raise AttributeError while compiling
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ddof=1 of one value: NumPy warns and returns nan
        check(scalar_moments, x)


# ------------------------------------------------------------------------ cov
@kiln.jit
def covariances(m):
    return np.cov(m), np.cov(m, rowvar=False), np.cov(m, bias=True), np.cov(m.T, ddof=0)


@pytest.mark.parametrize(
    ("dtype", "layout"),
    [("float64", "C"), ("float64", "F"), ("float32", "C"), ("int64", "C"), ("complex128", "C")],
)
def test_cov_2d(dtype: str, layout: str) -> None:
    check(covariances, arr((3, 6), dtype, layout))


@kiln.jit
def cov_1d(v):
    return np.cov(v), np.cov(v, bias=True)


def test_cov_1d_gives_0d_arrays() -> None:
    got = check(cov_1d, arr((7,)))
    assert got[0].shape == ()


@kiln.jit
def cov_plain(m):
    return np.cov(m)


def test_cov_few_observations() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n - ddof <= 0: NumPy warns, scales by 1/0
        check(cov_plain, arr((3, 1)))
    check(cov_plain, np.zeros((0, 4)))


def test_cov_single_row_refused_at_run_time() -> None:
    with pytest.raises(NotImplementedError):
        cov_plain(arr((1, 4)))


def test_cov_of_3d_is_an_error() -> None:
    with pytest.raises(ValueError):
        cov_plain(arr((2, 2, 2)))


# ----------------------------------------------------------------------- clip
@kiln.jit
def clips(a, lo, hi):
    return (
        np.clip(a, 2, 10),
        np.clip(a, lo, hi),
        a.clip(lo, None),
        np.clip(a, None, hi),
        a.clip(min=lo, max=hi),
    )


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8"])
def test_clip_scalar_bounds(dtype: str) -> None:
    a = (arr((4, 5), "float64") * 8).astype(dtype)
    check(clips, a, 1, 5)
    check(clips, a, -1.5, 3.5)


@kiln.jit
def clip_arrays(a, lo, hi):
    return np.clip(a, lo, hi)


def test_clip_array_bounds_and_nan() -> None:
    a = arr((3, 4))
    a[0, 0] = np.nan
    lo = np.full(4, -0.5)
    lo[2] = np.nan
    check(clip_arrays, a, lo, arr((3, 1), seed=3))


@kiln.jit
def clip_out(a, out):
    np.clip(a, -1, 1, out=out)
    return out


def test_clip_out() -> None:
    check(clip_out, arr((3, 4)), np.zeros((3, 4)))


# -------------------------------------------------------------- count_nonzero
@kiln.jit
def nonzeros(a):
    return (
        np.count_nonzero(a),
        np.count_nonzero(a, axis=0),
        np.count_nonzero(a > 0, axis=(0, 1), keepdims=True),
    )


@pytest.mark.parametrize("dtype", ["float64", "bool", "complex128"])
def test_count_nonzero(dtype: str) -> None:
    a = arr((3, 4), dtype)
    a[1] = 0
    check(nonzeros, a)


# ------------------------------------------------------------- argmax / argmin
@kiln.jit
def arg_extremes(a):
    return (
        np.argmax(a),
        np.argmin(a),
        np.argmax(a, axis=0),
        a.argmin(axis=1),
        a.argmax(axis=-1, keepdims=True),
        np.argmin(a, keepdims=True),
    )


@pytest.mark.parametrize(
    ("dtype", "layout"),
    [("float64", "C"), ("float64", "F"), ("float64", "reversed"), ("float32", "C"), ("int32", "C"),
     ("uint8", "C"), ("bool", "C")],
)  # fmt: skip
def test_argmax_argmin(dtype: str, layout: str) -> None:
    a = (arr((4, 5), "float64") * 2).astype(dtype)  # repeated values: the first one wins
    check(arg_extremes, in_layout(a, layout))


def test_argmax_first_nan_wins() -> None:
    a = arr((4, 5))
    a[1, 3] = a[2, 1] = a[3, 3] = np.nan
    check(arg_extremes, a)


def test_argmax_empty_raises() -> None:
    check(arg_extremes, np.zeros((0, 3)), raises=ValueError)


# --------------------------------------------------------------- ufunc.reduce
@kiln.jit
def ufunc_reductions(a):
    return (
        np.add.reduce(a),
        np.add.reduce(a, axis=1),
        np.multiply.reduce(a, axis=None),
        np.maximum.reduce(a, axis=(0, 1)),
        np.minimum.reduce(a, 1, keepdims=True),
        np.add.reduce(a, axis=0, dtype=np.float64),
    )


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool"])
def test_ufunc_reduce(dtype: str) -> None:
    check(ufunc_reductions, arr((3, 4), dtype, "F"))


@kiln.jit
def logical_reductions(a):
    return np.logical_and.reduce(a), np.logical_or.reduce(a, axis=1)


def test_logical_reduce() -> None:
    check(logical_reductions, arr((3, 4), "bool"))


@kiln.jit
def any_all(a):
    return (
        np.any(a, axis=0),
        a.all(axis=(0, 1), keepdims=True),
        a.any(),
        np.all(a > -1, axis=1, keepdims=True),
    )


@pytest.mark.parametrize("dtype", ["float64", "bool"])
def test_any_all_axes(dtype: str) -> None:
    check(any_all, arr((3, 4), dtype))
