"""``np.cumsum`` / ``np.cumprod`` (and the methods), ``np.nancumsum`` / ``np.nancumprod``:
running sums and products in NumPy's order.

NumPy accumulates one element after another in the result's dtype (``np.add.accumulate``): the
result is the input's dtype, except that booleans and integers narrower than int64 accumulate in
int64 (uint64 when unsigned), and ``dtype=`` chooses it. So does kiln: along the axis a scalar
carries the running value, from the operation's identity (``-0.0`` for float sums, so that a
leading ``-0.0`` stays negative, as NumPy's first element is the input's own). The other axes
are independent (parallel); ``axis=None`` walks the whole array in C order into a 1-d result.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, emit_loop_nest
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_stats import operand
from kiln.frontend.numpy_ops import into_out
from kiln.frontend.reductions import result_dtype
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
_OPS = {"cumsum": ("sum", "add"), "cumprod": ("prod", "mul")}


def cumulative_handler(name: str) -> Handler:
    kind, op = _OPS[name]

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("a", REQUIRED), ("axis", None), ("dtype", None), ("out", None)]
        b = bind_args(ctx, name, args, kwargs, params)
        a = operand(ctx, b["a"], f"np.{name}")
        source = as_lazy(a) if not isinstance(a, Scalar) else None
        dtype = None if is_none(b["dtype"]) else dtype_arg(ctx, b["dtype"])
        if source is None:  # a scalar is a 1-element array to NumPy
            assert isinstance(a, Scalar)
            source = Lazy(a.type.dtype, (E.ONE,), lambda idx: a.expr, ())
        out_dtype = dtype or result_dtype(kind, source.dtype)
        axis = const_axis(ctx, b["axis"])
        if isinstance(axis, tuple):
            raise TypingError(f"np.{name}(): 'axis' must be an integer or None", ctx.loc)
        result = _accumulate(ctx, source, axis, op, ScalarType(out_dtype))
        return into_out(ctx, name, result, b["out"])

    return handler


def _running_type(op: str, t: ScalarType) -> ScalarType:
    """The accumulator's type: the result's, except that complex products are typed as Python
    numbers are, which codegen multiplies by the plain formula; NumPy's accumulating loop does
    (its array loop's fused steps would round differently)."""
    return ScalarType(t.dtype, weak=True) if op == "mul" and t.is_complex else t


def _identity(op: str, t: ScalarType) -> ir.Expr:
    if op == "mul":
        return ir.Const(True if t.is_bool else (1 if t.is_integer else 1.0), t)
    if t.is_complex:
        return ir.Const(complex(-0.0, -0.0), t)  # -0.0 + x is x, -0.0 included
    if t.is_float:
        return ir.Const(-0.0, t)
    return ir.Const(False if t.is_bool else 0, t)


def _accumulate(ctx: Context, source: Lazy, axis: int | None, op: str, t: ScalarType) -> ArrayView:
    if axis is None:
        return _accumulate_flat(ctx, source, op, t)
    ndim = source.ndim
    if not -ndim <= axis < ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {ndim}", ctx.loc)
    axis %= ndim
    out = new_array(ctx, "cum", t.dtype, tuple(source.shape))
    acc = ctx.fresh("acc")
    ctx.declare(acc, _running_type(op, t))
    others = tuple(s for k, s in enumerate(source.shape) if k != axis)
    i = ctx.fresh("i")
    ctx.declare(i, INT64)

    def along(outer: tuple[ir.Expr, ...]) -> None:
        ctx.emit(ir.Assign(acc, _identity(op, _running_type(op, t))))
        idx = (*outer[:axis], ir.Var(i, INT64), *outer[axis:])
        with ctx.block() as step:
            _step(ctx, source, out, op, t, acc, idx, idx)
        ctx.emit(ir.For(i, E.ZERO, source.shape[axis], E.ONE, tuple(step)))

    emit_loop_nest(ctx, others, along, parallel=True)
    return out


def _accumulate_flat(ctx: Context, source: Lazy, op: str, t: ScalarType) -> ArrayView:
    out = new_array(ctx, "cum", t.dtype, (E.product(source.shape),))
    acc, pos = ctx.fresh("acc"), ctx.fresh("pos")
    ctx.declare(acc, _running_type(op, t))
    ctx.declare(pos, INT64)
    ctx.emit(ir.Assign(acc, _identity(op, _running_type(op, t))))
    ctx.emit(ir.Assign(pos, E.ZERO))

    def each(idx: tuple[ir.Expr, ...]) -> None:
        _step(ctx, source, out, op, t, acc, idx, (ir.Var(pos, INT64),))
        ctx.emit(ir.Assign(pos, E.add(ir.Var(pos, INT64), E.ONE)))

    emit_loop_nest(ctx, tuple(source.shape), each, parallel=False)
    return out


def _step(
    ctx: Context,
    source: Lazy,
    out: ArrayView,
    op: str,
    t: ScalarType,
    acc: str,
    read: tuple[ir.Expr, ...],
    write: tuple[ir.Expr, ...],
) -> None:
    """``acc = acc op source[read]; out[write] = acc`` in the result's dtype."""
    t = _running_type(op, t)
    running = ir.Var(acc, t)
    element = E.cast(source.element(read), t)
    if t.is_bool:  # bool accumulates as or / and (dtype=bool is the only way here)
        value: ir.Expr = ir.Binary("bitor" if op == "add" else "bitand", running, element, t)
    else:
        value = ir.Binary(op, running, element, t)
    ctx.emit(ir.Assign(acc, value))
    ctx.emit(ir.Store(out.base, out.base_indices(write), running))


def nan_cumulative_handler(name: str) -> Handler:
    """``np.nancumsum`` / ``np.nancumprod``: NaNs (of floating or complex arrays) count as 0 or 1,
    then ``cumsum`` / ``cumprod``, as NumPy replaces them first."""
    plain = name.removeprefix("nan")
    cumulative = cumulative_handler(plain)

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("a", REQUIRED), ("axis", None), ("dtype", None), ("out", None)]
        b = bind_args(ctx, name, args, kwargs, params)
        a = operand(ctx, b["a"], f"np.{name}")
        t = a.type if isinstance(a, Scalar) else ScalarType(a.dtype)
        if t.is_float or t.is_complex:
            neutral = ir.Const(0 if plain == "cumsum" else 1, INT64)
            lazy = as_lazy(a) if not isinstance(a, Scalar) else None
            if lazy is None:
                assert isinstance(a, Scalar)
                x = a.expr
                a = Scalar(ir.Select(ir.Call("isnan", (x,), BOOL), E.cast(neutral, t), x, t))
            else:
                source = lazy

                def replaced(idx: tuple[ir.Expr, ...]) -> ir.Expr:
                    x = source.element(idx)
                    return ir.Select(ir.Call("isnan", (x,), BOOL), E.cast(neutral, t), x, t)

                a = Lazy(lazy.dtype, lazy.shape, replaced, lazy.reads)
        rest = {k: b[k] for k in ("axis", "dtype", "out") if not is_none(b[k])}
        return cumulative(ctx, [a], rest)

    return handler


def table() -> dict[object, Handler]:
    return {
        np.cumsum: cumulative_handler("cumsum"),
        np.cumprod: cumulative_handler("cumprod"),
        np.nancumsum: nan_cumulative_handler("nancumsum"),
        np.nancumprod: nan_cumulative_handler("nancumprod"),
    }
