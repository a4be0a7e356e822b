"""Statistics: ``np.var``/``np.std`` (and methods), ``np.clip``, ``np.count_nonzero`` and
``ufunc.reduce`` for the ufuncs whose reductions kiln has, all following NumPy's own recipes
(``numpy/_core/_methods.py``) so that result dtypes and rounding agree."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, elementwise
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.reductions import normalize_axes, reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value, describe
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
F64 = ScalarType("float64")


def operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    raise TypingError(f"{what}(): unsupported operand {describe(v)}", ctx.loc)


def elem_type(v: Operand) -> ScalarType:
    return v.type if isinstance(v, Scalar) else ScalarType(v.dtype)


# ----------------------------------------------------------------- var / std
def moment_handler(kind: str) -> Handler:
    params = [("a", REQUIRED), ("axis", None), ("dtype", None), ("out", None), ("ddof", 0)]
    params += [("keepdims", False)]

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, kind, args, kwargs, params)
        if not is_none(b["out"]):
            raise UnsupportedError(f"{kind}() with out=", ctx.loc)
        dtype = dtype_arg(ctx, b["dtype"])
        if dtype is not None and ScalarType(dtype).kind not in "fc":
            raise UnsupportedError(f"{kind}() with a non-floating dtype=", ctx.loc)
        ddof = b["ddof"]
        ddof = Scalar(E.i64(0)) if isinstance(ddof, int) else ddof
        if not isinstance(ddof, Scalar) or ddof.type.is_complex:
            raise TypingError(f"{kind}(): 'ddof' must be a real number", ctx.loc)
        keep = const_bool(ctx, b["keepdims"], "keepdims")
        a = operand(ctx, b["a"], kind)
        result = variance(ctx, a, const_axis(ctx, b["axis"]), dtype, ddof.expr, keep)
        return apply_ufunc(ctx, "sqrt", [result]) if kind == "std" else result

    return handler


def variance(
    ctx: Context, a: Operand, axis: object, dtype: str | None, ddof: ir.Expr, keepdims: bool
) -> Scalar | ArrayView | Lazy:
    """NumPy's ``_var``: the mean (kept dims), squared deviations, their sum over ``max(n - ddof, 0)``."""
    src = elem_type(a)
    if src.is_complex and dtype is not None and not ScalarType(dtype).is_complex:
        raise UnsupportedError("var() of complex values with a real dtype=", ctx.loc)
    # Integers and booleans are averaged in float64 (NumPy's default for them).
    mean_dtype = dtype or ("float64" if src.kind in "biu" else src.dtype)
    if isinstance(a, Scalar):
        scalar = a  # the lambda must not read ``a``, which names the Lazy below
        a = Lazy(src.dtype, (), lambda idx: scalar.expr, ())
    lazy = as_lazy(a)
    axes = normalize_axes(ctx, axis, lazy.ndim)
    count = ctx.temp(E.product(lazy.shape[k] for k in axes), "n")
    mean = reduce(ctx, "mean", lazy, axis, keepdims=True, dtype=mean_dtype)
    mean_t = ScalarType(mean_dtype)

    def squared(xs: list[ir.Expr]) -> ir.Expr:
        x = ir.Binary("sub", E.cast(xs[0], mean_t), E.cast(xs[1], mean_t), mean_t)
        if not mean_t.is_complex:
            return ir.Binary("mul", x, x, mean_t)
        part = ScalarType("float32" if mean_t.dtype == "complex64" else "float64")
        re, im = ir.Call("real", (x,), part), ir.Call("imag", (x,), part)
        return ir.Binary("add", ir.Binary("mul", re, re, part), ir.Binary("mul", im, im, part), part)

    sq_dtype = {"complex64": "float32", "complex128": "float64"}.get(mean_dtype, mean_dtype)
    deviations = elementwise(ctx, [lazy, mean], squared, sq_dtype)
    assert isinstance(deviations, Lazy | Scalar)
    total = reduce(ctx, "sum", deviations, axis, keepdims, sq_dtype)
    # rcount = max(n - ddof, 0) as a NumPy integer (or float for a float ddof): the division
    # runs in float64 and is cast back, as ``true_divide(ret, rcount, casting='unsafe')`` does.
    fdd = E.cast(ddof, F64)
    rcount = ctx.temp(
        ir.Binary("max", ir.Binary("sub", E.cast(count, F64), fdd, F64), ir.Const(0.0, F64), F64)
    )
    out_t = ScalarType(sq_dtype)

    def divide(xs: list[ir.Expr]) -> ir.Expr:
        return E.cast(ir.Binary("truediv", E.cast(xs[0], F64), rcount, F64), out_t)

    result = elementwise(ctx, [total], divide, sq_dtype)
    if isinstance(result, Scalar):
        return Scalar(ctx.temp(result.expr, "var"))
    return result


# ---------------------------------------------------------------------- clip
def np_clip(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from kiln.frontend.numpy_ops import into_out

    params = [("a", REQUIRED), ("a_min", None), ("a_max", None), ("out", None), ("min", None)]
    params += [("max", None)]
    b = bind_args(ctx, "clip", args, kwargs, params)
    lo = b["a_min"] if is_none(b["min"]) else b["min"]
    hi = b["a_max"] if is_none(b["max"]) else b["max"]
    result: Operand = operand(ctx, b["a"], "clip")
    if is_none(lo) and is_none(hi):
        result = apply_ufunc(ctx, "positive", [result]) if not elem_type(result).is_bool else result
    # NumPy's clip loop is min(max(x, lo), hi) with NaN from any operand propagating, which is
    # what kiln's NaN-propagating maximum/minimum give, with the same dtype resolution.
    if not is_none(lo):
        result = apply_ufunc(ctx, "maximum", [result, operand(ctx, lo, "clip")])
    if not is_none(hi):
        result = apply_ufunc(ctx, "minimum", [result, operand(ctx, hi, "clip")])
    return into_out(ctx, "clip", result, b["out"])


# ------------------------------------------------------------- count_nonzero
def np_count_nonzero(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("axis", None), ("keepdims", False)]
    b = bind_args(ctx, "count_nonzero", args, kwargs, params)
    a = operand(ctx, b["a"], "count_nonzero")
    keep = const_bool(ctx, b["keepdims"], "keepdims")
    ones = apply_ufunc(ctx, "not_equal", [a, Scalar(ir.Const(0, ScalarType("int64", weak=True)))])
    counted = elementwise(ctx, [ones], lambda xs: E.cast(xs[0], INT64), "int64")
    result = reduce(ctx, "sum", counted, const_axis(ctx, b["axis"]), keep)
    if isinstance(result, Scalar) and result.type.weak:
        return Scalar(E.cast(result.expr, INT64))
    return result


# ------------------------------------------------------------ ufunc.reduce
_REDUCE_KIND: dict[np.ufunc, str] = {
    np.add: "sum",
    np.multiply: "prod",
    np.maximum: "max",
    np.minimum: "min",
    np.logical_and: "all",
    np.logical_or: "any",
}


def ufunc_reduce_handler(ufunc: np.ufunc) -> Handler:
    kind = _REDUCE_KIND[ufunc]
    params = [("array", REQUIRED), ("axis", 0), ("dtype", None), ("out", None), ("keepdims", False)]

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, f"{ufunc.__name__}.reduce", args, kwargs, params)
        if not is_none(b["out"]):
            raise UnsupportedError(f"{ufunc.__name__}.reduce() with out=", ctx.loc)
        a = operand(ctx, b["array"], f"{ufunc.__name__}.reduce")
        if isinstance(a, Scalar) or a.ndim == 0:
            raise TypingError(f"{ufunc.__name__}.reduce() of a 0-d value", ctx.loc)
        axis = 0 if isinstance(b["axis"], int) else const_axis(ctx, b["axis"])
        dtype = dtype_arg(ctx, b["dtype"])
        if dtype is not None and kind not in ("sum", "prod"):
            raise UnsupportedError(f"{ufunc.__name__}.reduce() with dtype=", ctx.loc)
        keep = const_bool(ctx, b["keepdims"], "keepdims")
        return reduce(ctx, kind, a, axis, keep, dtype)

    return handler


def table() -> dict[object, Handler]:
    entries: dict[object, Handler] = {
        np.var: moment_handler("var"),
        np.std: moment_handler("std"),
        np.clip: np_clip,
        np.count_nonzero: np_count_nonzero,
    }
    for ufunc in _REDUCE_KIND:
        entries[ufunc.reduce] = ufunc_reduce_handler(ufunc)
    return entries
