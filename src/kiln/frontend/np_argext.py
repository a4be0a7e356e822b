"""``np.argmax`` / ``np.argmin`` (and methods): the first extreme element's index, NaN
counting as the extreme (NumPy returns the first NaN), over the flattened array or one axis."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, emit_loop_nest
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.reductions import normalize_axes
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ArrayType, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def argext_handler(kind: str) -> Handler:
    params = [("a", REQUIRED), ("axis", None), ("out", None), ("keepdims", False)]

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, kind, args, kwargs, params)
        if not is_none(b["out"]):
            raise UnsupportedError(f"{kind}() with out=", ctx.loc)
        a = b["a"]
        if isinstance(a, Scalar):
            e = a.expr
            a = Lazy(a.type.dtype, (), lambda idx: e, ())
        if not isinstance(a, ArrayView | Lazy):
            raise TypingError(f"{kind}() expects an array", ctx.loc)
        if ScalarType(a.dtype).is_complex:
            raise UnsupportedError(f"{kind}() of complex values", ctx.loc)
        keep = const_bool(ctx, b["keepdims"], "keepdims")
        axis = const_axis(ctx, b["axis"])
        if isinstance(axis, tuple):
            raise TypingError("'tuple' object cannot be interpreted as an integer", ctx.loc)
        return argext(ctx, kind, as_lazy(a), axis, keep)

    return handler


def _better(kind: str, x: ir.Expr, best: ir.Expr) -> ir.Expr:
    """Whether ``x`` replaces ``best``: strictly more extreme, or the first NaN."""
    strictly = E.compare("gt" if kind == "argmax" else "lt", x, best)
    if not x.type.is_float:
        return strictly
    x_nan = ir.Call("isnan", (x,), BOOL)
    best_nan = ir.Call("isnan", (best,), BOOL)
    first_nan = ir.Binary("and", x_nan, ir.Unary("not", best_nan, BOOL), BOOL)
    return ir.Binary("or", strictly, first_nan, BOOL)


def _scan(
    ctx: Context,
    kind: str,
    shape: tuple[ir.Expr, ...],
    element: Callable[[tuple[ir.Expr, ...]], ir.Expr],
    parallel: bool = False,
) -> ir.Expr:
    """Emit the scan over ``shape`` (C order); returns the winning flat index.

    The index is computed from the loop counters (not counted along), so the scan is a
    ``select`` reduction (:mod:`kiln.ir.selects`) that a parallel loop can split in blocks."""
    t = element(tuple(E.ZERO for _ in shape)).type
    best, at = ctx.fresh("best"), ctx.fresh("at")
    ctx.declare(best, t)
    ctx.declare(at, INT64)
    ctx.emit(ir.Assign(best, element(tuple(E.ZERO for _ in shape))))
    ctx.emit(ir.Assign(at, E.ZERO))

    def body(idx: tuple[ir.Expr, ...]) -> None:
        x = ctx.temp(element(idx), "x")
        with ctx.block() as then:
            ctx.emit(ir.Assign(best, x))
            ctx.emit(ir.Assign(at, _flat(idx, shape)))
        ctx.emit(ir.If(_better(kind, x, ir.Var(best, t)), tuple(then)))

    with ctx.block() as loops:
        emit_loop_nest(ctx, shape, body, parallel=False)
    for s in loops:
        if isinstance(s, ir.For) and parallel:
            s = dataclasses.replace(s, parallel=True, reductions=((best, "select"), (at, "select")))
        ctx._blocks[-1].append(s)
    return ir.Var(at, INT64)


def _flat(idx: tuple[ir.Expr, ...], shape: tuple[ir.Expr, ...]) -> ir.Expr:
    flat: ir.Expr = E.ZERO
    for i, n in zip(idx, shape):
        flat = E.add(E.mul(flat, n), i)
    return flat


def _empty_check(ctx: Context, kind: str, size: ir.Expr) -> None:
    msg = f"attempt to get {kind} of an empty sequence"
    ctx.emit(ir.Check(E.compare("gt", size, E.ZERO), "ValueError", msg))


def argext(ctx: Context, kind: str, lazy: Lazy, axis: int | None, keepdims: bool) -> Value:
    if axis is None:
        _empty_check(ctx, kind, ctx.temp(E.product(lazy.shape), "size"))
        result = Scalar(ctx.temp(_scan(ctx, kind, lazy.shape, lazy.element, parallel=True), kind))
        if not keepdims:
            return result
        shape = tuple(E.ONE for _ in lazy.shape)
        return _store_all(ctx, shape, lambda idx: result.expr)
    (k,) = normalize_axes(ctx, axis, lazy.ndim)
    _empty_check(ctx, kind, lazy.shape[k])
    kept = [j for j in range(lazy.ndim) if j != k]
    out_shape = (
        tuple(E.ONE if j == k else lazy.shape[j] for j in range(lazy.ndim))
        if keepdims
        else tuple(lazy.shape[j] for j in kept)
    )
    name = ctx.fresh(kind)
    t = ctx.declare(name, ArrayType("int64", len(out_shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, out_shape))

    def outer(idx: tuple[ir.Expr, ...]) -> None:
        def element(ridx: tuple[ir.Expr, ...]) -> ir.Expr:
            full = list(idx)
            full.insert(k, ridx[0])
            return lazy.element(tuple(full))

        found = _scan(ctx, kind, (lazy.shape[k],), element)
        store = list(idx)
        if keepdims:
            store.insert(k, E.ZERO)
        ctx.emit(ir.Store(name, tuple(store), found))

    emit_loop_nest(ctx, tuple(lazy.shape[j] for j in kept), outer, parallel=True)
    return whole_view(name, t, out_shape)


def _store_all(
    ctx: Context, shape: tuple[ir.Expr, ...], value: Callable[[tuple[ir.Expr, ...]], ir.Expr]
) -> ArrayView:
    name = ctx.fresh("arg")
    t = ctx.declare(name, ArrayType("int64", len(shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    emit_loop_nest(ctx, shape, lambda idx: ctx.emit(ir.Store(name, idx, value(idx))))
    return whole_view(name, t, shape)


def table() -> dict[object, Handler]:
    import numpy as np

    return {np.argmax: argext_handler("argmax"), np.argmin: argext_handler("argmin")}
