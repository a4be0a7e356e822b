"""NaN-ignoring reductions, as NumPy defines them: NaNs replaced by the reduction's identity
(``nansum`` 0, ``nanprod`` 1, ``nanmin`` +inf, ``nanmax`` -inf), then the plain reduction;
``nanmean`` divides the sum by the count of non-NaN elements; an all-NaN slice gives NaN for
``nanmin``/``nanmax`` and ``nanmean`` (NumPy also warns) and raises ``ValueError`` for
``nanargmin``/``nanargmax``. Integer and boolean arrays have no NaN: the plain reductions."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_argext import argext
from kiln.frontend.np_shapes import array_operand
from kiln.frontend.numpy_ops import np_where
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, PY_FLOAT, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
_FILL = {"sum": 0.0, "prod": 1.0, "min": float("inf"), "max": float("-inf")}


def _lazy(ctx: Context, v: Value, what: str) -> Lazy:
    return as_lazy(array_operand(ctx, v, what))


def _has_nan(a: Lazy) -> bool:
    return ScalarType(a.dtype).kind in "fc"


def _is_nan(a: Lazy) -> Lazy:
    return Lazy("bool", a.shape, lambda idx: ir.Call("isnan", (a.element(idx),), BOOL), a.reads)


def _replaced(a: Lazy, fill: float) -> Lazy:
    t = ScalarType(a.dtype)
    value = E.cast(ir.Const(fill, PY_FLOAT), t)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        x = a.element(idx)
        return ir.Select(ir.Call("isnan", (x,), BOOL), value, x, t)

    return Lazy(a.dtype, a.shape, element, a.reads)


def _count(ctx: Context, a: Lazy, axis: object, keep: bool) -> Scalar | ArrayView:
    """The non-NaN elements of ``a`` along ``axis``."""
    kept = Lazy("bool", a.shape, lambda idx: ir.Unary("not", _is_nan(a).element(idx), BOOL), a.reads)
    return reduce(ctx, "sum", kept, axis, keep, "int64")


def _bound(
    ctx: Context, name: str, args: list[Value], kwargs: dict[str, Value], params: list[tuple[str, object]]
) -> tuple[dict[str, object], Lazy, object, bool]:
    """The arguments, the array as a value, the axis and keepdims; ``out=`` is refused."""
    b = bind_args(ctx, name, args, kwargs, params)
    if not is_none(b["out"]):
        raise UnsupportedError(f"{name}() with out=", ctx.loc)
    return b, _lazy(ctx, b["a"], name), const_axis(ctx, b["axis"]), const_bool(ctx, b["keepdims"], "keepdims")


def nan_reduction_handler(kind: str) -> Handler:
    params = [("a", REQUIRED), ("axis", None)]
    params += [("dtype", None)] if kind in ("sum", "prod", "mean") else []
    params += [("out", None), ("keepdims", False)]
    name = "nan" + kind

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b, a, axis, keep = _bound(ctx, name, args, kwargs, params)
        dtype = dtype_arg(ctx, b.get("dtype"))
        if not _has_nan(a):
            return reduce(ctx, kind, a, axis, keep, dtype)
        if kind == "mean":
            total = reduce(ctx, "sum", _replaced(a, 0.0), axis, keep, dtype)
            quotient = apply_ufunc(ctx, "true_divide", [total, _count(ctx, a, axis, keep)])
            return _as_dtype(ctx, quotient, total)
        if ScalarType(a.dtype).is_complex and kind in ("min", "max"):
            raise UnsupportedError(f"{name}() of complex values", ctx.loc)
        result = reduce(ctx, kind, _replaced(a, _FILL[kind]), axis, keep, dtype)
        if kind in ("sum", "prod"):
            return result
        empty = apply_ufunc(ctx, "equal", [_count(ctx, a, axis, keep), Scalar(ir.Const(0, PY_INT))])
        nan = Scalar(ir.Const(float("nan"), PY_FLOAT))
        return np_where(ctx, [empty, nan, result], {})

    return handler


def nan_spread_handler(kind: str) -> Handler:
    """``np.nanvar`` / ``np.nanstd`` by NumPy's recipe: the mean of the non-NaN elements (kept
    as an axis of length one), the deviations cast back to the array's dtype with NaNs set to
    zero, their squares (``z * conj(z)``'s real part for complex values) summed, divided by the
    count less ``ddof``; NaN where that is not positive. Without NaNs possible, ``np.var`` /
    ``np.std``."""
    params = [
        ("a", REQUIRED),
        ("axis", None),
        ("dtype", None),
        ("out", None),
        ("ddof", 0),
        ("keepdims", False),
    ]
    name = "nan" + kind

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b, a, axis, keep = _bound(ctx, name, args, kwargs, params)
        if not _has_nan(a):
            from kiln.frontend.numpy_ops import lookup_numpy

            plain = lookup_numpy(np.var if kind == "var" else np.std)
            assert plain is not None
            return plain(ctx, args, kwargs)
        dtype = dtype_arg(ctx, b["dtype"])
        count = _count(ctx, a, axis, True)
        total = reduce(ctx, "sum", _replaced(a, 0.0), axis, True, dtype)
        mean = _operand(_as_dtype(ctx, apply_ufunc(ctx, "true_divide", [total, count]), total))
        deviation = as_lazy(_array(_as_dtype(ctx, apply_ufunc(ctx, "subtract", [a, mean]), a)))
        zeroed = _replaced_where_nan(a, deviation)
        if ScalarType(a.dtype).is_complex:
            from kiln.frontend.attributes import real_imag

            product = _array(apply_ufunc(ctx, "multiply", [zeroed, apply_ufunc(ctx, "conjugate", [zeroed])]))
            squares = _array(real_imag(ctx, product, "real"))
        else:
            squares = _array(apply_ufunc(ctx, "multiply", [zeroed, zeroed]))
        spread = reduce(ctx, "sum", squares, axis, keep, dtype)
        remaining = count if keep else _count(ctx, a, axis, False)
        dof = apply_ufunc(ctx, "subtract", [remaining, _operand(cast(Value, b["ddof"]))])
        var = _operand(_as_dtype(ctx, apply_ufunc(ctx, "true_divide", [spread, dof]), spread))
        bad = apply_ufunc(ctx, "less_equal", [dof, Scalar(ir.Const(0, PY_INT))])
        var = _operand(np_where(ctx, [bad, Scalar(ir.Const(float("nan"), PY_FLOAT)), var], {}))
        return var if kind == "var" else apply_ufunc(ctx, "sqrt", [var])

    return handler


def _operand(value: Value) -> Scalar | ArrayView | Lazy:
    if isinstance(value, int):
        return Scalar(ir.Const(value, PY_INT))  # a default left as a Python int
    assert isinstance(value, Scalar | ArrayView | Lazy), value
    return value


def _array(value: Value) -> ArrayView | Lazy:
    assert isinstance(value, ArrayView | Lazy), value
    return value


def _replaced_where_nan(a: Lazy, value: Lazy) -> Lazy:
    """``value``, zero where ``a`` is NaN."""
    t = ScalarType(value.dtype)
    zero = E.cast(ir.Const(0, PY_INT), t)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return ir.Select(ir.Call("isnan", (a.element(idx),), BOOL), zero, value.element(idx), t)

    return Lazy(value.dtype, value.shape, element, (*a.reads, *value.reads))


def _as_dtype(ctx: Context, value: Value, like: Value) -> Value:
    """``value`` cast to the dtype of ``like`` (NumPy divides into the sum's own array)."""
    t = like.type if isinstance(like, Scalar) else ScalarType(like.dtype)  # type: ignore[union-attr]
    if isinstance(value, Scalar):
        return Scalar(E.cast(value.expr, t))
    lazy = as_lazy(value)  # type: ignore[arg-type]
    return Lazy(t.dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def nan_argext_handler(kind: str) -> Handler:
    params = [("a", REQUIRED), ("axis", None), ("out", None), ("keepdims", False)]
    name = "nan" + kind

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        _, a, axis, keep = _bound(ctx, name, args, kwargs, params)
        if ScalarType(a.dtype).is_complex:
            raise UnsupportedError(f"{name}() of complex values", ctx.loc)
        if not (axis is None or isinstance(axis, int)):
            raise TypingError("'tuple' object cannot be interpreted as an integer", ctx.loc)
        if _has_nan(a):
            all_nan = reduce(ctx, "all", _is_nan(a), axis, False)
            some = reduce(ctx, "any", all_nan, None, False) if isinstance(all_nan, ArrayView) else all_nan
            assert isinstance(some, Scalar)
            ctx.emit(ir.Check(ir.Unary("not", some.expr, BOOL), "ValueError", "All-NaN slice encountered"))
            a = _replaced(a, _FILL["min" if kind == "argmin" else "max"])
        return argext(ctx, kind, a, axis, keep)

    return handler


def table() -> dict[object, Handler]:
    return {
        np.nansum: nan_reduction_handler("sum"),
        np.nanprod: nan_reduction_handler("prod"),
        np.nanmin: nan_reduction_handler("min"),
        np.nanmax: nan_reduction_handler("max"),
        np.nanmean: nan_reduction_handler("mean"),
        np.nanargmin: nan_argext_handler("argmin"),
        np.nanargmax: nan_argext_handler("argmax"),
        np.nanvar: nan_spread_handler("var"),
        np.nanstd: nan_spread_handler("std"),
    }
