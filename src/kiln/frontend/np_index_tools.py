"""``np.tril_indices``, ``np.triu_indices`` (``k``, ``m``), ``np.diag_indices`` (``ndim``),
``np.unravel_index`` (C or F order) and ``np.ravel_multi_index`` as NumPy computes them: the row
and column indices of a triangle in row-major order (counted first, then filled by one
sequential walk), ``arange(n)`` once per axis, the C-order coordinates of flat indices and the
flat indices of coordinates, with NumPy's bounds errors."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, elementwise, emit_loop_nest
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, fold_int, is_none
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
    order = _constant_string(b["order"])
    if order not in ("C", "F"):
        raise UnsupportedError("np.unravel_index(): order must be 'C' or 'F' where it is written", ctx.loc)
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
        stride = E.product(dims[axis + 1 :] if order == "C" else dims[:axis])

        def coordinate(xs: list[ir.Expr], axis: int = axis, stride: ir.Expr = stride) -> ir.Expr:
            return ir.Binary("mod", E.floordiv(xs[0], stride), dims[axis], INT64)

        out.append(elementwise(ctx, [checked], coordinate, "int64"))
    return TupleValue(tuple(out))


_MODES = ("raise", "wrap", "clip")
_INTEGERS = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def np_ravel_multi_index(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Flat indices of coordinate arrays (broadcast together) in an array of shape ``dims``:
    C or F order; out-of-range coordinates raise (``mode='raise'``), wrap or clip."""
    params = [("multi_index", REQUIRED), ("dims", REQUIRED), ("mode", "raise"), ("order", "C")]
    b = bind_args(ctx, "ravel_multi_index", args, kwargs, params)
    mode, order = _constant_string(b["mode"]), _constant_string(b["order"])
    if mode not in _MODES or order not in ("C", "F"):
        raise UnsupportedError(
            "np.ravel_multi_index(): mode must be 'raise', 'wrap' or 'clip', order 'C' or 'F'", ctx.loc
        )
    extents = b["dims"].items if isinstance(b["dims"], TupleValue) else (b["dims"],)
    dims = [ctx.temp(_integer(ctx, d, "dims"), "dim") for d in extents]
    coords = b["multi_index"].items if isinstance(b["multi_index"], TupleValue) else ()
    if len(coords) != len(dims):
        raise ShapeError(f"parameter multi_index must be a sequence of length {len(dims)}", ctx.loc)
    operands: list[Scalar | ArrayView | Lazy] = []
    for c in coords:
        if not isinstance(c, Scalar | ArrayView | Lazy) or _dtype_of(c) not in _INTEGERS:
            raise TypingError("only int indices permitted", ctx.loc)
        operands.append(c)
    if mode == "raise":
        for c, d in zip(operands, dims):
            _check_coordinate(ctx, c, d)

    def flat(xs: list[ir.Expr]) -> ir.Expr:
        fitted = [_fit(E.cast(x, INT64), d, mode) for x, d in zip(xs, dims)]
        ordered = list(zip(fitted, dims)) if order == "C" else list(zip(fitted, dims))[::-1]
        total: ir.Expr = E.ZERO
        for x, d in ordered:
            total = E.add(ir.Binary("mul", total, d, INT64), x)
        return total

    return elementwise(ctx, list(operands), flat, "int64")


def _constant_string(value: Value) -> object:
    return value.value if isinstance(value, Const) else value


def _dtype_of(value: Scalar | ArrayView | Lazy) -> str:
    return value.type.dtype if isinstance(value, Scalar) else value.dtype


def _fit(x: ir.Expr, d: ir.Expr, mode: str) -> ir.Expr:
    if mode == "wrap":
        return ir.Binary("mod", x, d, INT64)
    if mode == "clip":
        upper = E.sub(d, E.ONE)
        return ir.Select(
            E.compare("lt", x, E.ZERO), E.ZERO, ir.Select(E.compare("gt", x, upper), upper, x, INT64), INT64
        )
    return x


def _check_coordinate(ctx: Context, coord: Scalar | ArrayView | Lazy, dim: ir.Expr) -> None:
    message = "invalid entry in coordinates array"

    def check(value: ir.Expr) -> None:
        x = ctx.temp(E.cast(value, INT64), "coord")
        ok = E.logical_and(E.compare("ge", x, E.ZERO), E.compare("lt", x, dim))
        ctx.emit(ir.Check(ok, "ValueError", message))

    if isinstance(coord, Scalar):
        check(coord.expr)
        return
    lazy = as_lazy(coord)
    emit_loop_nest(ctx, lazy.shape, lambda idx: check(lazy.element(idx)), parallel=False)


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
        np.ravel_multi_index: np_ravel_multi_index,
    }
