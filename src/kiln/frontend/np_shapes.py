"""Shape functions: ``np.flip``/``fliplr``/``flipud`` (views), ``np.repeat`` (stored
as NumPy stores it) and ``np.ndarray(shape, dtype)``."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_axis, is_none
from kiln.frontend.context import Context
from kiln.frontend.reductions import normalize_axes
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value, Walk
from kiln.ir import nodes as ir
from kiln.ir.types import INT64

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def array_operand(ctx: Context, v: Value, what: str) -> ArrayView | Lazy:
    if isinstance(v, Scalar):
        e = v.expr
        return Lazy(v.type.dtype, (), lambda idx: e, ())
    if isinstance(v, ArrayView | Lazy):
        return v
    raise TypingError(f"{what}() expects an array", ctx.loc)


# ---------------------------------------------------------------------- flip
def flip_axes(value: ArrayView | Lazy, axes: tuple[int, ...]) -> ArrayView | Lazy:
    """``value`` reversed along ``axes``: a view for arrays (negative steps), else an expression."""
    if isinstance(value, ArrayView):
        maps = []
        for m in value.maps:
            if isinstance(m, Walk) and m.axis in axes:
                last = E.sub(value.shape[m.axis], E.ONE)
                m = Walk(m.axis, E.add(m.start, E.mul(m.step, last)), E.mul(E.i64(-1), m.step))
            maps.append(m)
        return ArrayView(value.base, value.base_type, tuple(maps), value.shape)
    lazy = value

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        flipped = tuple(E.sub(E.sub(lazy.shape[k], E.ONE), i) if k in axes else i for k, i in enumerate(idx))
        return lazy.element(flipped)

    return Lazy(lazy.dtype, lazy.shape, element, lazy.reads)


def np_flip(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "flip", args, kwargs, [("m", REQUIRED), ("axis", None)])
    m = array_operand(ctx, b["m"], "flip")
    axes = normalize_axes(ctx, const_axis(ctx, b["axis"]), m.ndim)
    if m.ndim == 0:
        return b["m"] if isinstance(b["m"], Scalar) else m
    return flip_axes(m, axes)


def flip_fixed(axis: int, name: str) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, name, args, kwargs, [("m", REQUIRED)])
        m = array_operand(ctx, b["m"], name)
        if m.ndim < axis + 1:
            raise ShapeError(f"Input must be >= {axis + 1}-d.", ctx.loc)
        return flip_axes(m, (axis,))

    return handler


# -------------------------------------------------------------------- repeat
def np_repeat(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "repeat", args, kwargs, [("a", REQUIRED), ("repeats", REQUIRED), ("axis", None)])
    a = as_lazy(array_operand(ctx, b["a"], "repeat"))
    reps = b["repeats"]
    if not isinstance(reps, Scalar):
        raise UnsupportedError("repeat() with an array of repeats", ctx.loc)
    if not (reps.type.is_integer or reps.type.is_bool):
        raise TypingError("repeat(): 'repeats' must be an integer", ctx.loc)
    r = ctx.temp(E.as_index(reps.expr), "reps")
    ctx.emit(ir.Check(E.compare("ge", r, E.ZERO), "ValueError", "repeats may not contain negative values"))
    axis = const_axis(ctx, b["axis"])
    if isinstance(axis, tuple):
        raise TypingError("'tuple' object cannot be interpreted as an integer", ctx.loc)
    if axis is None:
        size: ir.Expr = E.ONE
        for d in a.shape:
            size = E.mul(size, d)
        return _repeated(ctx, a, r, None, (ctx.temp(E.mul(size, r), "len"),))
    (k,) = normalize_axes(ctx, axis, a.ndim)
    shape = tuple(ctx.temp(E.mul(d, r), "len") if j == k else d for j, d in enumerate(a.shape))
    return _repeated(ctx, a, r, k, shape)


def _repeated(ctx: Context, a: Lazy, r: ir.Expr, axis: int | None, shape: tuple[ir.Expr, ...]) -> ArrayView:
    """The repeated array stored as NumPy makes it, in C order: loops over ``a`` with a loop of
    ``r`` repeats inside the repeated axis (the last one when ``axis`` is None: the flattened
    array repeats), rather than an expression dividing every index by ``r``."""
    out = new_array(ctx, "repeat", a.dtype, shape)
    names = [ctx.fresh("i") for _ in a.shape]
    rep = ctx.fresh("rep")
    for n in (*names, rep):
        ctx.declare(n, INT64)
    idx = tuple(ir.Var(n, INT64) for n in names)
    rv = ir.Var(rep, INT64)
    inside = a.ndim - 1 if axis is None else axis  # the repeat loop runs inside this axis' loop
    if axis is None:
        flat: ir.Expr = E.ZERO
        for i, d in zip(idx, a.shape):
            flat = E.add(E.mul(flat, d), i)
        target: tuple[ir.Expr, ...] = (E.add(E.mul(flat, r), rv),)
    else:
        target = tuple(E.add(E.mul(i, r), rv) if j == axis else i for j, i in enumerate(idx))

    def build(k: int, repeating: bool) -> None:
        if k == inside + 1 and not repeating:
            with ctx.block() as each:
                build(k, True)
            ctx.emit(ir.For(rep, E.ZERO, r, E.ONE, tuple(each)))
            return
        if k == a.ndim:
            ctx.emit(ir.Store(out.base, target, a.element(idx)))
            return
        with ctx.block() as body:
            build(k + 1, repeating)
        ctx.emit(ir.For(names[k], E.ZERO, a.shape[k], E.ONE, tuple(body)))

    build(0, False)
    return out


# ------------------------------------------------------------------- ndarray
def np_ndarray(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.ndarray(shape, dtype)``: uninitialized memory, like ``np.empty``."""
    from kiln.frontend.numpy_ops import fill_handler

    params = [("shape", REQUIRED), ("dtype", None), ("buffer", None), ("offset", None)]
    params += [("strides", None), ("order", None)]
    b = bind_args(ctx, "ndarray", args, kwargs, params)
    for unsupported in ("buffer", "offset", "strides"):
        if not is_none(b[unsupported]):
            raise UnsupportedError(f"np.ndarray() with {unsupported}=", ctx.loc)
    forwarded = {k: b[k] for k in ("dtype", "order") if not is_none(b[k])}
    return fill_handler(None)(ctx, [b["shape"]], forwarded)


# ------------------------------------------------------------------- unpack
def table() -> dict[object, Handler]:
    return {
        np.flip: np_flip,
        np.fliplr: flip_fixed(1, "fliplr"),
        np.flipud: flip_fixed(0, "flipud"),
        np.repeat: np_repeat,
        np.ndarray: np_ndarray,
    }
