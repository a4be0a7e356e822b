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
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value, Walk
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def array_operand(ctx: Context, v: Value, what: str) -> ArrayView | Lazy:
    if isinstance(v, Scalar):
        e = v.expr
        return Lazy(v.type.dtype, (), lambda idx: e, ())
    if isinstance(v, ArrayView | Lazy):
        return v
    raise TypingError(f"{what}() expects an array", ctx.loc)


def sequence_operand(ctx: Context, v: Value, what: str) -> ArrayView | Lazy:
    """``array_operand`` that also takes a list or tuple of numbers, as ``np.asarray`` makes it."""
    if isinstance(v, TupleValue):
        from kiln.frontend.numpy_ops import lookup_numpy  # numpy_ops builds on this module

        convert = lookup_numpy(np.asarray)
        assert convert is not None
        v = convert(ctx, [v], {})
    return array_operand(ctx, v, what)


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
    axis = const_axis(ctx, b["axis"])
    if isinstance(axis, tuple):
        raise TypingError("'tuple' object cannot be interpreted as an integer", ctx.loc)
    k = None if axis is None else normalize_axes(ctx, axis, a.ndim)[0]
    n = E.product(a.shape) if k is None else a.shape[k]
    counts = _Counts.of(ctx, b["repeats"], ctx.temp(n, "n"))
    if k is None:
        return _repeated(ctx, a, counts, None, (counts.total,))
    shape = tuple(counts.total if j == k else d for j, d in enumerate(a.shape))
    return _repeated(ctx, a, counts, k, shape)


class _Counts:
    """How often each of ``n`` elements repeats: one number for all, or one per element (an
    array of ``n`` counts, or of one, broadcast as NumPy broadcasts it), with where each
    element's copies start and how many there are in all."""

    def __init__(
        self, count: Callable[[ir.Expr], ir.Expr], start: Callable[[ir.Expr], ir.Expr], total: ir.Expr
    ):
        self.count, self.start, self.total = count, start, total

    @staticmethod
    def of(ctx: Context, reps: Value, n: ir.Expr) -> _Counts:
        negative = "repeats may not contain negative values"
        if isinstance(reps, Scalar):
            if not (reps.type.is_integer or reps.type.is_bool):
                raise TypingError("repeat(): 'repeats' must be an integer", ctx.loc)
            r = ctx.temp(E.as_index(reps.expr), "reps")
            ctx.emit(ir.Check(E.compare("ge", r, E.ZERO), "ValueError", negative))
            return _Counts(lambda i: r, lambda i: E.mul(i, r), ctx.temp(E.mul(n, r), "len"))
        if not isinstance(reps, ArrayView | Lazy) or reps.ndim > 1:
            raise TypingError("repeat(): 'repeats' must be an integer or a 1-d array of integers", ctx.loc)
        kind = ScalarType(reps.dtype)
        if not (kind.is_integer or kind.is_bool):
            rule = "according to the rule 'safe'"
            raise TypingError(
                f"Cannot cast array data from dtype('{reps.dtype}') to dtype('int64') {rule}", ctx.loc
            )
        given = as_lazy(reps)
        m = ctx.temp(given.shape[0], "m") if given.ndim else E.ONE
        fits = ir.Binary("or", E.compare("eq", m, n), E.compare("eq", m, E.ONE), ScalarType("bool"))
        msg = "operands could not be broadcast together with shape (%lld,) (%lld,)"
        ctx.emit(ir.Check(fits, "ValueError", msg, (n, m)))

        def count(i: ir.Expr) -> ir.Expr:
            at = ir.Select(E.compare("eq", m, E.ONE), E.ZERO, i, INT64)
            return E.as_index(given.element((at,) if given.ndim else ()))

        starts = new_array(ctx, "starts", "int64", (E.add(n, E.ONE),))
        i = ir.Var(ctx.fresh("i"), INT64)
        ctx.declare(i.name, INT64)
        ctx.emit(ir.Store(starts.base, (E.ZERO,), E.ZERO))
        with ctx.block() as body:
            c = ctx.temp(count(i), "count")
            ctx.emit(ir.Check(E.compare("ge", c, E.ZERO), "ValueError", negative))
            ctx.emit(ir.Store(starts.base, (E.add(i, E.ONE),), E.add(starts.load((i,)), c)))
        ctx.emit(ir.For(i.name, E.ZERO, n, E.ONE, tuple(body)))
        total = ctx.temp(starts.load((n,)), "len")
        return _Counts(
            lambda j: E.sub(starts.load((E.add(j, E.ONE),)), starts.load((j,))),
            lambda j: starts.load((j,)),
            total,
        )


def _repeated(
    ctx: Context, a: Lazy, counts: _Counts, axis: int | None, shape: tuple[ir.Expr, ...]
) -> ArrayView:
    """The repeated array stored as NumPy makes it, in C order: loops over ``a`` with a loop of
    the element's repeats inside the repeated axis (the last one when ``axis`` is None: the
    flattened array repeats), rather than an expression searching every index's element."""
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
        repeated = flat
        target: tuple[ir.Expr, ...] = (E.add(counts.start(flat), rv),)
    else:
        repeated = idx[axis]
        target = tuple(E.add(counts.start(i), rv) if j == axis else i for j, i in enumerate(idx))

    def build(k: int, repeating: bool) -> None:
        if k == inside + 1 and not repeating:
            with ctx.block() as each:
                build(k, True)
            ctx.emit(ir.For(rep, E.ZERO, counts.count(repeated), E.ONE, tuple(each)))
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
