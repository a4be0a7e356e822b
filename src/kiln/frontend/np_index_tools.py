"""``np.tril_indices``, ``np.triu_indices`` (``k``, ``m``), ``np.diag_indices`` (``ndim``) and
``np.unravel_index`` (C order) as NumPy computes them: the row and column indices of a
triangle in row-major order (counted first, then filled by one sequential walk), ``arange(n)``
once per axis, and the C-order coordinates of flat indices with NumPy's bounds error."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, elementwise, emit_loop_nest
from kiln.frontend.callargs import REQUIRED, bind_args, fold_int, is_none
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import INT64

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _integer(ctx: Context, value: Value | int | None, what: str, default: ir.Expr | None = None) -> ir.Expr:
    if isinstance(value, int) and not isinstance(value, bool):
        return E.i64(value)
    if (value is None or is_none(value)) and default is not None:
        return default
    if isinstance(value, Scalar) and (value.type.is_integer or value.type.is_bool):
        return E.as_index(value.expr)
    raise TypingError(f"{what} must be an integer", ctx.loc)


def _counter(ctx: Context, stem: str) -> ir.Var:
    name = ctx.fresh(stem)
    ctx.declare(name, INT64)
    ctx.emit(ir.Assign(name, E.ZERO))
    return ir.Var(name, INT64)


def triangle_indices(lower: bool) -> Handler:
    """Row ``i`` holds columns ``j <= i + k`` (``tril``) or ``j >= i + k`` (``triu``) of ``j < m``."""
    name = "tril_indices" if lower else "triu_indices"

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, name, args, kwargs, [("n", REQUIRED), ("k", 0), ("m", None)])
        n = ctx.temp(_integer(ctx, b["n"], "n"), "n")
        k = ctx.temp(_integer(ctx, b["k"], "k"), "k")
        m = ctx.temp(_integer(ctx, b["m"], "m", n), "m")
        n_rows, n_cols = E.imax(n, E.ZERO), E.imax(m, E.ZERO)

        def span(i: ir.Expr) -> tuple[ir.Expr, ir.Expr]:
            edge = E.add(i, k)
            if lower:
                return E.ZERO, E.imax(E.imin(E.add(edge, E.ONE), n_cols), E.ZERO)
            return E.imin(E.imax(edge, E.ZERO), n_cols), n_cols

        count = _counter(ctx, "count")

        def add_row(idx: tuple[ir.Expr, ...]) -> None:
            lo, hi = span(idx[0])
            ctx.emit(ir.Assign(count.name, E.add(count, E.imax(E.sub(hi, lo), E.ZERO))))

        emit_loop_nest(ctx, (n_rows,), add_row, parallel=False)
        rows, cols = (new_array(ctx, stem, "int64", (count,)) for stem in ("rows", "cols"))
        at = _counter(ctx, "at")

        def fill_row(idx: tuple[ir.Expr, ...]) -> None:
            i = idx[0]
            lo, hi = span(i)
            j = ctx.fresh("j")
            ctx.declare(j, INT64)
            with ctx.block() as body:
                ctx.emit(ir.Store(rows.base, (at,), i))
                ctx.emit(ir.Store(cols.base, (at,), ir.Var(j, INT64)))
                ctx.emit(ir.Assign(at.name, E.add(at, E.ONE)))
            ctx.emit(ir.For(j, lo, E.imax(hi, lo), E.ONE, tuple(body)))

        emit_loop_nest(ctx, (n_rows,), fill_row, parallel=False)
        return TupleValue((rows, cols))

    return handler


def np_diag_indices(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "diag_indices", args, kwargs, [("n", REQUIRED), ("ndim", 2)])
    n = ctx.temp(E.imax(_integer(ctx, b["n"], "n"), E.ZERO), "n")
    ndim = (
        b["ndim"]
        if isinstance(b["ndim"], int)
        else fold_int(b["ndim"].expr)
        if isinstance(b["ndim"], Scalar)
        else None
    )
    if ndim is None or ndim < 0:
        raise UnsupportedError("np.diag_indices(): ndim must be a non-negative integer constant", ctx.loc)
    index = Lazy("int64", (n,), lambda idx: idx[0], ())
    return TupleValue((index,) * ndim)


def np_unravel_index(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "unravel_index", args, kwargs, [("indices", REQUIRED), ("shape", REQUIRED), ("order", "C")]
    )
    order = b["order"].value if isinstance(b["order"], Const) else b["order"]
    if order != "C":
        raise UnsupportedError("np.unravel_index(order='F')", ctx.loc)
    shape_value = b["shape"]
    extents = shape_value.items if isinstance(shape_value, TupleValue) else (shape_value,)
    dims = [ctx.temp(_integer(ctx, d, "shape"), "dim") for d in extents]
    size = ctx.temp(E.product(dims), "size")
    indices = b["indices"]
    if not isinstance(indices, Scalar | ArrayView | Lazy):
        raise TypingError("np.unravel_index(): indices must be integers", ctx.loc)
    t = indices.type if isinstance(indices, Scalar) else None
    dtype = t.dtype if t is not None else indices.dtype  # type: ignore[union-attr]
    if dtype not in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        raise TypingError("only int indices permitted", ctx.loc)
    checked = _checked(ctx, indices, size)
    out = []
    for axis in range(len(dims)):
        stride = E.product(dims[axis + 1 :])

        def coordinate(xs: list[ir.Expr], axis: int = axis, stride: ir.Expr = stride) -> ir.Expr:
            return ir.Binary("mod", E.floordiv(xs[0], stride), dims[axis], INT64)

        out.append(elementwise(ctx, [checked], coordinate, "int64"))
    return TupleValue(tuple(out))


def _checked(ctx: Context, indices: Scalar | ArrayView | Lazy, size: ir.Expr) -> Scalar | Lazy:
    """The indices as int64, each checked against ``size`` as NumPy checks them."""
    message = "index %lld is out of bounds for array with size %lld"
    if isinstance(indices, Scalar):
        value = ctx.temp(E.cast(indices.expr, INT64), "index")
        ok = E.logical_and(E.compare("ge", value, E.ZERO), E.compare("lt", value, size))
        ctx.emit(ir.Check(ok, "ValueError", message, (value, size)))
        return Scalar(value)
    lazy = as_lazy(indices)

    def check(idx: tuple[ir.Expr, ...]) -> None:
        value = ctx.temp(E.cast(lazy.element(idx), INT64), "index")
        ok = E.logical_and(E.compare("ge", value, E.ZERO), E.compare("lt", value, size))
        ctx.emit(ir.Check(ok, "ValueError", message, (value, size)))

    emit_loop_nest(ctx, lazy.shape, check, parallel=False)
    return Lazy("int64", lazy.shape, lambda idx: E.cast(lazy.element(idx), INT64), lazy.reads)


def table() -> dict[object, Handler]:
    return {
        np.tril_indices: triangle_indices(True),
        np.triu_indices: triangle_indices(False),
        np.diag_indices: np_diag_indices,
        np.unravel_index: np_unravel_index,
    }
