"""``np.mgrid[...]``: dense coordinate grids, following NumPy's ``nd_grid.__getitem__``: a slice
``start:stop:step`` counts ``ceil((stop - start) / step)`` points, a complex step ``n*1j`` means
``n`` points from start to stop inclusive; the dtype is that of the slice bounds (and of
``abs(step)``), at least int64; a single slice gives a 1-d array (``arange``)."""

from __future__ import annotations

import ast
from collections.abc import Callable

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import emit_loop_nest
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote
from kiln.frontend.values import Lazy, Scalar, Value, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, PY_FLOAT, PY_INT, ArrayType, ScalarType

F64 = ScalarType("float64")
Bounds = tuple[Scalar, Scalar, Scalar]


def mgrid(ctx: Context, index: ast.expr, evaluate: Callable[[ast.expr], Value]) -> Value:
    """``np.mgrid[index]``; ``evaluate`` lowers the slice bounds."""
    if isinstance(index, ast.Tuple):
        return _grid(ctx, [_bounds(ctx, s, evaluate) for s in index.elts])
    return _line(ctx, _bounds(ctx, index, evaluate))


def _bounds(ctx: Context, node: ast.expr, evaluate: Callable[[ast.expr], Value]) -> Bounds:
    if not isinstance(node, ast.Slice):
        raise UnsupportedError("np.mgrid[] with something other than slices", ctx.loc)
    if node.upper is None:
        raise UnsupportedError("np.mgrid[] slice without a stop", ctx.loc)

    def scalar(part: ast.expr | None, default: int) -> Scalar:
        if part is None:
            return Scalar(ir.Const(default, PY_INT))
        value = evaluate(part)
        if not isinstance(value, Scalar):
            raise TypingError("np.mgrid[] slice bounds must be numbers", ctx.loc)
        return value

    start, stop, step = scalar(node.lower, 0), scalar(node.upper, 0), scalar(node.step, 1)
    if start.type.is_complex or stop.type.is_complex:
        raise UnsupportedError("np.mgrid[] with complex start or stop", ctx.loc)
    return start, stop, step


def _count(ctx: Context, step: Scalar) -> ir.Expr:
    """The number of points a complex step asks for: ``int(abs(step))``."""
    magnitude = ir.Call("abs", (E.cast(step.expr, ScalarType("complex128")),), F64)
    return ctx.temp(E.cast(magnitude, INT64), "count")


def _complex_step(ctx: Context, start: Scalar, stop: Scalar, count: ir.Expr) -> ir.Expr:
    """``(stop - start) / float(count - 1)``, or 1 for a single point (Python arithmetic)."""
    span = ir.Binary("sub", E.cast(stop.expr, F64), E.cast(start.expr, F64), F64)
    spread = ir.Binary("truediv", span, E.cast(E.sub(count, E.ONE), F64), F64)
    return ctx.temp(ir.Select(E.compare("eq", count, E.ONE), ir.Const(1.0, F64), spread, F64), "step")


def _line(ctx: Context, bounds: Bounds) -> Value:
    start, stop, step = bounds
    if not step.type.is_complex:
        from kiln.frontend.numpy_ops import np_arange

        return np_arange(ctx, [start, stop, step], {})
    count = _count(ctx, step)
    typ = promote(start.type, stop.type, PY_FLOAT if step.type.weak else F64).strong()
    spacing = _complex_step(ctx, start, stop, count)
    origin = ctx.temp(E.cast(start.expr, typ))
    delta = ctx.temp(E.cast(spacing, typ))

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return ir.Binary("add", ir.Binary("mul", E.cast(idx[0], typ), delta, typ), origin, typ)

    return Lazy(typ.dtype, (E.imax(count, E.ZERO),), element, ())


def _extent(ctx: Context, bounds: Bounds) -> ir.Expr:
    start, stop, step = bounds
    if step.type.is_complex:
        return _count(ctx, step)
    if step.type.weak and not step.type.is_float:
        nonzero = E.compare("ne", E.as_index(step.expr), E.ZERO)
        ctx.emit(ir.Check(nonzero, "ZeroDivisionError", "division by zero"))
    span = ir.Binary("sub", E.cast(stop.expr, F64), E.cast(start.expr, F64), F64)
    ratio = ctx.temp(ir.Binary("truediv", span, E.cast(step.expr, F64), F64), "ratio")
    finite = E.compare("eq", ir.Binary("sub", ratio, ratio, F64), ir.Const(0.0, F64))
    ctx.emit(ir.Check(finite, "ValueError", "np.mgrid[]: the number of points is not finite"))
    size = ctx.temp(E.cast(ir.Call("ceil", (ratio,), F64), INT64), "size")
    ctx.emit(ir.Check(E.compare("ge", size, E.ZERO), "ValueError", "negative dimensions are not allowed"))
    return size


def _grid(ctx: Context, parts: list[Bounds]) -> Value:
    types = [PY_INT]
    for start, stop, step in parts:
        magnitude = (PY_FLOAT if step.type.weak else F64) if step.type.is_complex else step.type
        types += [start.type, stop.type, magnitude]
    typ = promote(*types).strong()
    sizes = tuple(_extent(ctx, p) for p in parts)
    shape = (E.i64(len(parts)), *sizes)
    name = ctx.fresh("grid")
    t = ctx.declare(name, ArrayType(typ.dtype, len(shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    for k, (start, stop, step) in enumerate(parts):
        spacing = _complex_step(ctx, start, stop, sizes[k]) if step.type.is_complex else step.expr
        delta = ctx.temp(E.cast(spacing, typ))
        origin = ctx.temp(E.cast(start.expr, typ))

        def body(
            idx: tuple[ir.Expr, ...], k: int = k, delta: ir.Expr = delta, origin: ir.Expr = origin
        ) -> None:
            value = ir.Binary("add", ir.Binary("mul", E.cast(idx[k], typ), delta, typ), origin, typ)
            ctx.emit(ir.Store(name, (E.i64(k), *idx), value))

        emit_loop_nest(ctx, sizes, body)
    return whole_view(name, t, shape)
