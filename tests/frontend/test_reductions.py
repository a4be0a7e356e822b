"""Reductions sum/prod/min/max/mean (and any/all): axis=None/int/negative/tuple, keepdims, 1-3-d
inputs in C/F/strided layouts, NumPy's result dtypes, empty inputs, NaN propagation, function and
method forms, and fusion of reduced expressions (checked on the IR)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln

try:
    from .numpy_support import check, in_layout
except ImportError:
    from numpy_support import check, in_layout

KINDS = ["sum", "prod", "min", "max", "mean"]


def red_values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Values that keep products away from 0 and sums exact for integers."""
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dtype.startswith(("int", "uint")):
        return rng.choice(np.array([-3, -2, -1, 1, 2, 3]), size=shape).astype(dtype)
    if dtype.startswith("complex"):
        return (rng.uniform(0.5, 1.5, size=shape) + 1j * rng.uniform(-1, 1, size=shape)).astype(dtype)
    return rng.uniform(-1.5, 1.5, size=shape).astype(dtype)


def red_arr(shape, dtype="float64", layout="C", seed=0):
    return in_layout(red_values(shape, dtype, seed), layout)


# One compiled function per (kind, ndim) returns the reduction over every axis form at once,
# so each input signature compiles once. Literal negative axes check constant folding.
def all_axes_1d(u):
    def f(a):
        return u(a), u(a, axis=0), u(a, axis=-1), u(a, keepdims=True), u(a, axis=0, keepdims=True)

    return kiln.jit(f)


def all_axes_2d(u):
    def f(a):
        return (
            u(a),
            u(a, axis=0),
            u(a, axis=1),
            u(a, axis=-1),
            u(a, axis=-2),
            u(a, axis=(0, 1)),
            u(a, axis=(1, 0)),
            u(a, keepdims=True),
            u(a, axis=1, keepdims=True),
        )

    return kiln.jit(f)


def all_axes_3d(u):
    def f(a):
        return (
            u(a),
            u(a, axis=0),
            u(a, axis=1),
            u(a, axis=2),
            u(a, axis=-1),
            u(a, axis=(0, 2)),
            u(a, axis=(2, 0, 1)),
            u(a, axis=(-1, 1)),
            u(a, axis=(0, 1), keepdims=True),
            u(a, axis=1, keepdims=True),
        )

    return kiln.jit(f)


NP = {"sum": np.sum, "prod": np.prod, "min": np.min, "max": np.max, "mean": np.mean}
R1 = {k: all_axes_1d(NP[k]) for k in KINDS}
R2 = {k: all_axes_2d(NP[k]) for k in KINDS}
R3 = {k: all_axes_3d(NP[k]) for k in KINDS}


def rtol_for(dtype: str) -> float | None:
    return 1e-5 if dtype in ("float32", "complex64") else None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "dtype, layout",
    [("float64", "C"), ("float64", "strided"), ("float64", "reversed"), ("float32", "C")]
    + [("int64", "C"), ("int32", "strided"), ("bool", "C"), ("complex128", "C"), ("uint8", "C")],
)
def test_reduce_1d(kind, dtype, layout):
    check(R1[kind], red_arr((7,), dtype, layout), rtol=rtol_for(dtype))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "dtype, layout",
    [("float64", "C"), ("float64", "F"), ("float64", "strided"), ("float64", "T")]
    + [("float32", "F"), ("int64", "C"), ("int32", "T"), ("bool", "strided"), ("complex128", "C")],
)
def test_reduce_2d(kind, dtype, layout):
    check(R2[kind], red_arr((4, 5), dtype, layout), rtol=rtol_for(dtype))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "dtype, layout", [("float64", "C"), ("float64", "strided"), ("float64", "T"), ("int32", "F")]
)
def test_reduce_3d(kind, dtype, layout):
    check(R3[kind], red_arr((3, 4, 5), dtype, layout), rtol=rtol_for(dtype))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1)])
def test_reduce_size_one_axes(kind, shape):
    check(R2[kind], red_arr(shape))


@kiln.jit
def plain_sum(a):
    return a.sum()


@kiln.jit
def prod_rows(a):
    return np.prod(a, axis=1)


@kiln.jit
def plain_mean(a):
    return np.mean(a)


@kiln.jit
def plain_max(a):
    return a.max()


def test_result_dtypes_follow_numpy():
    # int32 sums and products widen to int64, unsigned to uint64, bools count as int64;
    # means of integers are float64, of float32 float32; min/max keep the dtype.
    for dtype, want in [("int32", "int64"), ("int8", "int64"), ("uint8", "uint64"), ("bool", "int64")]:
        a = red_arr((2, 3), dtype)
        assert plain_sum(a).dtype == want
        assert prod_rows(a).dtype == want
    assert plain_mean(red_arr((5,), "int32")).dtype == np.float64
    assert plain_mean(red_arr((5,), "float32")).dtype == np.float32
    assert plain_max(red_arr((5,), "int8")).dtype == np.int8


def test_int32_sum_does_not_overflow():
    a = np.full((30, 100), 2**30, dtype=np.int32)
    check(R2["sum"], a)
    assert R2["sum"](a)[0] == 30 * 100 * 2**30


def test_integer_product_wraps_like_numpy():
    check(R1["prod"], np.full(70, 3, dtype=np.int64))
    check(R1["prod"], np.full(40, 3, dtype=np.int32))


@pytest.mark.parametrize("kind", ["sum", "mean"])
def test_float32_large_sums(kind):
    a = np.random.default_rng(5).standard_normal((300, 1000)).astype(np.float32) + 0.25
    check(R2[kind], a, rtol=1e-5)


# ------------------------------------------------------------------ empty inputs
def single(u, axis):
    def f(a):
        return u(a, axis=axis)

    return kiln.jit(f)


EMPTY = {(k, ax): single(NP[k], ax) for k in KINDS for ax in (None, 0, 1)}


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0)])
def test_empty(kind, axis, shape):
    # sum -> 0, prod -> 1, mean -> nan; min/max raise ValueError when a reduced axis is empty
    # and the result is not (np.zeros((0, 3)).max(axis=1) is fine: an empty result).
    reduced = [shape[k] for k in ((0, 1) if axis is None else (axis,))]
    fails = kind in ("min", "max") and 0 in reduced
    check(EMPTY[(kind, axis)], np.zeros(shape), raises=ValueError if fails else None)


def test_empty_1d_values():
    assert R1["sum"](np.zeros(0))[0] == 0.0
    assert R1["prod"](np.zeros(0, np.int32))[0] == 1
    with pytest.raises(ValueError, match="zero-size array"):
        R1["max"](np.zeros(0))


# ------------------------------------------------------------------ NaN
NAN_ROWS = np.array(
    [
        [np.nan, 1.0, 2.0, -1.0],  # NaN first (the initial accumulator)
        [1.0, 2.0, np.nan, -1.0],  # NaN in the middle
        [1.0, 2.0, 3.0, np.nan],  # NaN last
        [1.0, -np.inf, np.inf, 0.5],
    ]
)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("kind", KINDS)
def test_nan_propagates(kind, dtype):
    check(R2[kind], NAN_ROWS.astype(dtype))
    if dtype == "float64":
        check(R2[kind], np.asfortranarray(NAN_ROWS.T))


@pytest.mark.parametrize("kind", ["min", "max"])
def test_complex_min_max_order(kind):
    a = np.array([[1 + 1j, 1 - 2j, 0.5 + 9j], [2 - 1j, 0.5 + 8j, 1 + 1j]])
    check(R2[kind], a)


@pytest.mark.parametrize("kind", ["min", "max"])
def test_complex_min_max_nan(kind):
    check(R2[kind], NAN_ROWS + 0.5j)
    # a NaN imaginary part propagates too, and the first NaN met is the one returned
    rows = np.array([[1 + 1j, complex(2, np.nan), complex(np.nan, 0)], [3 - 1j, 0.5 + 0j, 2 + 2j]])
    check(R2[kind], rows)
    check(R2[kind], rows.astype(np.complex64))


# ------------------------------------------------------------------ method forms and any/all
@kiln.jit
def methods(a):
    return (
        a.sum(),
        a.sum(0),
        a.sum(axis=1),
        a.prod(axis=-1),
        a.min(1),
        a.max(axis=0, keepdims=True),
        a.mean(axis=(0, 1)),
        a.any(),
        a.all(axis=0),
    )


@kiln.jit
def function_forms(a):
    return (
        np.sum(a, 1),
        np.amin(a, 0),
        np.amax(a),
        np.any(a, axis=1),
        np.all(a),
        np.mean(a, 0),
        np.sum(a, None, None, None, True),  # positional: a, axis, dtype, out, keepdims
        np.min(a, 1, None, True),  # min/max take no dtype: a, axis, out, keepdims
    )


@kiln.jit
def max_with_five_positionals(a):
    return np.max(a, None, None, None, True)


def test_min_max_have_no_dtype_parameter():
    a = red_arr((3, 4))
    with pytest.raises(TypeError):
        max_with_five_positionals.py_func(a)  # its fourth, keepdims, is None: not an integer
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        max_with_five_positionals(a)


@pytest.mark.parametrize(
    "dtype, layout", [("float64", "C"), ("float64", "F"), ("int32", "T"), ("bool", "C"), ("complex128", "C")]
)
def test_method_and_function_forms(dtype, layout):
    check(methods, red_arr((3, 4), dtype, layout))
    check(function_forms, red_arr((3, 4), dtype, layout))


@kiln.jit
def any_all(a):
    return a.any(), a.all(), np.any(a, axis=0), np.all(a, axis=-1)


@pytest.mark.parametrize("dtype", ["float64", "int64", "bool"])
def test_any_all(dtype):
    a = red_arr((3, 4), dtype)
    a[1] = 0
    check(any_all, a)
    check(any_all, np.zeros((3, 4), dtype))
    check(any_all, np.zeros((0, 4), dtype))


@kiln.jit
def scalar_sums(x):
    return np.sum(x), np.max(x), np.mean(x)


@pytest.mark.parametrize("x", [3, 2.5, True, np.float32(1.5), np.int32(7)])
def test_reductions_of_scalars(x):
    check(scalar_sums, x)


# ------------------------------------------------------------------ axis errors
@kiln.jit
def axis_out_of_bounds(a):
    return np.sum(a, axis=2)


@kiln.jit
def axis_repeated(a):
    return np.sum(a, axis=(0, -2))


def test_axis_errors():
    a = red_arr((3, 4))
    with pytest.raises(np.exceptions.AxisError):
        axis_out_of_bounds.py_func(a)
    with pytest.raises(np.exceptions.AxisError, match="axis 2 is out of bounds"):
        axis_out_of_bounds(a)
    with pytest.raises(ValueError, match="duplicate value in 'axis'"):
        axis_repeated(a)


# ------------------------------------------------------------------ reductions of expressions
@kiln.jit
def dot_sum(a, b):
    return (a * b).sum()


@kiln.jit
def row_norms(a, b):
    return np.sum(a * b + 1.0, axis=1, keepdims=True)


@kiln.jit
def mixed_expression(a, b):
    return np.sqrt((a - b) ** 2).max(axis=0) + np.mean(a[:, 1:] * 2, axis=-1).sum()


@kiln.jit
def reduce_in_loop(a):
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = a[i, :].sum() - a[i].max()
    return out


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32"])
def test_reductions_of_expressions(dtype):
    a, b = red_arr((4, 6), dtype, "F"), red_arr((6,), dtype, seed=1)
    check(dot_sum, a, b, rtol=rtol_for(dtype))
    check(row_norms, a, b, rtol=rtol_for(dtype))
    check(mixed_expression, a, red_arr((4, 6), dtype, "T", seed=2), rtol=rtol_for(dtype))
    check(reduce_in_loop, a, rtol=rtol_for(dtype))


def _ir_sections(text: str) -> list[str]:
    return [part for part in text.split("==== ") if part.startswith(("ir ====", "opt ===="))]


def test_reduced_product_is_fused_without_a_temporary():
    a = np.ones(8)
    sections = _ir_sections(kiln.inspect(dot_sum, a, a))
    assert len(sections) == 2
    for section in sections:
        assert "reduce(" in section  # one loop carrying the sum
        assert not [line for line in section.splitlines() if line.strip().startswith("alloc ")]


def test_axis_reduction_of_expression_allocates_only_its_result():
    a, b = np.ones((3, 4)), np.ones(4)
    for section in _ir_sections(kiln.inspect(row_norms, a, b)):
        allocs = [line for line in section.splitlines() if line.strip().startswith("alloc ")]
        assert len(allocs) == 1, allocs


# ------------------------------------------------------------------ parallel=True
@kiln.jit(parallel=True)
def parallel_reductions(a):
    return (
        np.sum(a),
        np.min(a),
        np.max(a, axis=0),
        np.mean(a, axis=1),
        a.any(),
        a.all(axis=0),
        np.prod(a[:2, :3]),
        a.max(),
    )


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "bool", "complex128"])
def test_parallel_reductions_over_large_arrays(dtype):
    # 120000 elements: above the OpenMP threshold, so reductions combine per-thread partials
    a = red_arr((400, 300), dtype, seed=3)
    check(parallel_reductions, a, rtol=1e-4 if dtype == "float32" else 1e-10)
    if dtype.startswith("float"):
        a[123, 45] = np.nan
        check(parallel_reductions, a, rtol=1e-4 if dtype == "float32" else 1e-10)


# ------------------------------------------------------------------ dtype=
@kiln.jit
def with_dtype(a):
    return (
        np.sum(a, dtype=np.int32),
        a.sum(axis=0, dtype=np.float32),
        np.prod(a, axis=1, dtype=float),
        np.mean(a, dtype=np.float32),
        a.mean(axis=-1, dtype="float64", keepdims=True),
        np.sum(a, None, np.int8),  # positional dtype
    )


@pytest.mark.parametrize("dtype", ["int32", "int64", "float64", "bool"])
def test_reduction_dtype_argument(dtype):
    # with dtype=, elements convert first and the result keeps that dtype (int32 stays int32)
    check(with_dtype, red_arr((3, 4), dtype), rtol=1e-5)
    check(with_dtype, np.full((50, 40), 100, dtype), rtol=1e-5)  # int8 sums wrap around


@kiln.jit
def sum_into_out(a, out):
    return np.sum(a, axis=0, out=out)


def test_reduction_into_out():  # more in test_reduction_out.py
    a, out = red_arr((3, 4)), np.zeros(4)
    got = sum_into_out(a, out)
    np.testing.assert_array_equal(out, a.sum(axis=0))
    np.testing.assert_array_equal(got, a.sum(axis=0))
