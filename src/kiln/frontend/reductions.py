"""Reductions (sum, prod, min, max, mean, any, all) over all or some axes,
consuming element-wise expressions directly (``(a * b).sum()`` is one loop)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, elementwise, emit_loop_nest, materialize, versioned
from kiln.frontend.callargs import AxisError
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Lazy, Scalar, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType

# reduction -> (IR combining op, parallel reduction op)
_COMBINE = {"sum": "add", "prod": "mul", "min": "min", "max": "max", "any": "or", "all": "and", "mean": "add"}
_NUMPY_NAME = {"min": "minimum", "max": "maximum", "sum": "add", "prod": "multiply"}


@cache
def result_dtype(kind: str, dtype: str) -> str:
    if kind in ("any", "all"):
        return "bool"
    sample = np.zeros(1, dtype=dtype)
    return getattr(np, kind)(sample).dtype.name


def _accumulator_dtype(kind: str, result: str) -> str:
    # float32 sums accumulate in float64: closer to NumPy's pairwise sum than a
    # float32 running sum would be.
    if kind in ("sum", "mean") and result == "float32":
        return "float64"
    if kind in ("sum", "mean") and result == "complex64":
        return "complex128"
    return result


def normalize_axes(ctx: Context, axis: object, ndim: int) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(ndim))
    axes = axis if isinstance(axis, tuple) else (axis,)
    out = []
    for a in axes:
        if not isinstance(a, int) or not -ndim <= a < ndim:
            raise AxisError(f"axis {a} is out of bounds for array of dimension {ndim}", ctx.loc)
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise AxisError("duplicate value in 'axis'", ctx.loc)
    return tuple(sorted(out))


def reduce(
    ctx: Context,
    kind: str,
    value: Operand,
    axis: object = None,
    keepdims: bool = False,
    dtype: str | None = None,
    initial: ir.Expr | None = None,
    where: Operand | None = None,
) -> Scalar | ArrayView:
    """``np.<kind>(value, axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where)``;
    with ``dtype`` the elements are converted to it first and it is the result's dtype
    (sum/prod/mean only). ``initial`` starts every result (sum, prod, min, max: an empty min or
    max then has one); ``where`` (a mask broadcast against the elements) leaves out the elements
    where it is False (min and max need ``initial`` for it, as in NumPy)."""
    if isinstance(value, Scalar):
        if initial is not None or where is not None:
            raise UnsupportedError(f"{kind}() of a scalar with initial= or where=", ctx.loc)
        if dtype is not None:
            return Scalar(E.cast(value.expr, ScalarType(dtype)))
        return _reduce_scalar_value(kind, value)
    lazy = as_lazy(value)
    if dtype is not None:
        source, t = lazy, ScalarType(dtype)
        lazy = Lazy(dtype, source.shape, lambda idx: E.cast(source.element(idx), t), source.reads)
    if kind == "mean" and where is not None:
        return _masked_mean(ctx, lazy, where, axis, keepdims, dtype)
    if where is not None:
        lazy = _masked(ctx, kind, lazy, where, initial)
    axes = normalize_axes(ctx, axis, lazy.ndim)
    out_dtype = dtype or result_dtype(kind, lazy.dtype)
    # NumPy gives a scalar, not a 0-d array, also for keepdims=True on a 0-d array
    if len(axes) == lazy.ndim and (not keepdims or lazy.ndim == 0):
        return Scalar(_reduce_all(ctx, kind, lazy, out_dtype, initial))
    return _reduce_axes(ctx, kind, lazy, axes, keepdims, out_dtype, initial)


def _masked_mean(
    ctx: Context, lazy: Lazy, where: Operand, axis: object, keepdims: bool, dtype: str | None
) -> Scalar | ArrayView:
    """The sum of the kept elements over how many were kept (NaN where none was, as NumPy)."""
    total_dtype = dtype or result_dtype("mean", lazy.dtype)
    total = reduce(ctx, "sum", lazy, axis, keepdims, total_dtype, where=where)
    ones = elementwise(ctx, [lazy, where], lambda xs: E.cast(xs[1], ScalarType("int64")), "int64")
    count = reduce(ctx, "sum", ones, axis, keepdims)
    t = ScalarType(total_dtype)

    def divide(xs: list[ir.Expr]) -> ir.Expr:
        return ir.Binary("truediv", xs[0], E.cast(xs[1], t), t)

    mean = elementwise(ctx, [total, count], divide, total_dtype)
    return mean if isinstance(mean, Scalar) else materialize(ctx, mean)


def _masked(ctx: Context, kind: str, lazy: Lazy, where: Operand, initial: ir.Expr | None) -> Lazy:
    """The elements with those the mask leaves out replaced by what does not change the result:
    the identity, or for min and max ``initial`` (the result starts from it anyway)."""
    if kind in ("min", "max") and initial is None:
        message = (
            f"reduction operation '{_NUMPY_NAME[kind]}' does not have an identity, so to use a where "
            "mask one has to specify 'initial'"
        )
        ctx.emit(ir.Check(ir.Const(False, ScalarType("bool")), "ValueError", message))
        initial = ir.Const(0, ScalarType("int64"))
    t = ScalarType(lazy.dtype)
    neutral = E.cast(initial, t) if kind in ("min", "max") and initial is not None else _identity(kind, t)
    kept = elementwise(
        ctx,
        [lazy, where],
        lambda xs: ir.Select(E.cast(xs[1], ScalarType("bool")), xs[0], neutral, t),
        lazy.dtype,
    )
    if isinstance(kept, Scalar):  # a 0-d array and a scalar mask
        return Lazy(lazy.dtype, (), lambda idx: kept.expr, lazy.reads)
    return kept


def _reduce_scalar_value(kind: str, value: Scalar) -> Scalar:
    out = result_dtype(kind, value.type.dtype)
    if kind in ("any", "all"):
        return Scalar(E.cast(value.expr, ScalarType("bool")))
    return Scalar(E.cast(value.expr, ScalarType(out)))


def _element_for(kind: str, e: ir.Expr, acc_t: ScalarType) -> ir.Expr:
    if kind in ("any", "all"):
        return E.cast(e, ScalarType("bool"))
    return E.cast(e, acc_t)


def _identity(kind: str, t: ScalarType) -> ir.Expr:
    value: int | bool = {"sum": 0, "mean": 0, "prod": 1, "any": False, "all": True}[kind]
    return E.cast(ir.Const(value, ScalarType("int64")), t) if not t.is_bool else ir.Const(bool(value), t)


def _reduce_into(
    ctx: Context,
    kind: str,
    lazy: Lazy,
    acc: str,
    acc_t: ScalarType,
    shape: tuple[ir.Expr, ...],
    element: Callable[[tuple[ir.Expr, ...]], ir.Expr],
    parallel: bool,
    start: ir.Expr | None = None,
) -> None:
    """Emit ``acc = combine(acc, element(i))`` over ``shape``; acc initialized first (to
    ``start``, already of the accumulator's type, when given)."""
    op = _COMBINE[kind]
    if start is not None:
        ctx.emit(ir.Assign(acc, start))
    elif kind in ("min", "max"):
        first = element(tuple(E.ZERO for _ in shape))
        ctx.emit(ir.Assign(acc, _element_for(kind, first, acc_t)))
    else:
        ctx.emit(ir.Assign(acc, _identity(kind, acc_t)))
    acc_var = ir.Var(acc, acc_t)

    def body(idx: tuple[ir.Expr, ...]) -> None:
        x = _element_for(kind, element(idx), acc_t)
        ctx.emit(ir.Assign(acc, ir.Binary(op, acc_var, x, acc_t)))

    with ctx.block() as loops:
        emit_loop_nest(ctx, shape, body, parallel=False)
    red_op = {"add": "add", "mul": "mul", "min": "min", "max": "max", "or": "max", "and": "min"}[op]
    for s in loops:
        if isinstance(s, ir.For):
            s = ir.For(s.var, s.start, s.stop, s.step, s.body, parallel, ((acc, red_op),), s.sid, s.loc)
        ctx._blocks[-1].append(s)


def _empty_check(ctx: Context, kind: str, reduced: ir.Expr) -> None:
    """min/max have no identity: NumPy raises when any reduced axis is empty, even when the
    result itself is empty (``np.zeros((0, 0)).max(axis=0)``)."""
    if kind not in ("min", "max"):
        return
    ok = E.compare("gt", reduced, E.ZERO)
    name = _NUMPY_NAME[kind]
    msg = f"zero-size array to reduction operation {name} which has no identity"
    ctx.emit(ir.Check(ok, "ValueError", msg))


def _finish(kind: str, acc: ir.Expr, count: ir.Expr, out_t: ScalarType) -> ir.Expr:
    if kind == "mean":
        divisor = E.cast(count, acc.type if not acc.type.is_integer else ScalarType("float64"))
        return E.cast(ir.Binary("truediv", E.cast(acc, divisor.type), divisor, divisor.type), out_t)
    return E.cast(acc, out_t)


def _start(ctx: Context, initial: ir.Expr | None, out_t: ScalarType, acc_t: ScalarType) -> ir.Expr | None:
    """``initial`` as NumPy takes it: converted to the result's dtype, then accumulated in."""
    return None if initial is None else ctx.temp(E.cast(E.cast(initial, out_t), acc_t), "initial")


def _reduce_all(
    ctx: Context, kind: str, lazy: Lazy, out_dtype: str, initial: ir.Expr | None = None
) -> ir.Expr:
    out_t = ScalarType(out_dtype)
    acc_t = ScalarType(_accumulator_dtype(kind, out_dtype))
    if kind == "mean" and acc_t.is_integer:
        acc_t = ScalarType("float64")
    size = ctx.temp(E.product(lazy.shape), "size")
    if initial is None:
        _empty_check(ctx, kind, size)
    start = _start(ctx, initial, out_t, acc_t)
    acc = ctx.fresh(kind)
    ctx.declare(acc, acc_t)
    # Complex numbers are unordered for OpenMP: no parallel min/max reduction exists for them.
    parallel = not (kind in ("min", "max") and acc_t.is_complex)
    versioned(
        ctx,
        lazy,
        lambda lz: _reduce_into(
            ctx, kind, lz, acc, acc_t, lz.shape, lz.element, parallel=parallel, start=start
        ),
    )
    return ctx.temp(_finish(kind, ir.Var(acc, acc_t), size, out_t), kind)


def _reduce_axes(
    ctx: Context,
    kind: str,
    lazy: Lazy,
    axes: tuple[int, ...],
    keepdims: bool,
    out_dtype: str,
    initial: ir.Expr | None = None,
) -> ArrayView:
    kept = [k for k in range(lazy.ndim) if k not in axes]
    out_shape = (
        tuple(E.ONE if k in axes else lazy.shape[k] for k in range(lazy.ndim))
        if keepdims
        else tuple(lazy.shape[k] for k in kept)
    )
    reduced_shape = tuple(lazy.shape[k] for k in axes)
    name = ctx.fresh(kind)
    t = ctx.declare(name, ArrayType(out_dtype, len(out_shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, ArrayType(out_dtype, len(out_shape), "C"), out_shape))
    if initial is None:
        _empty_check(ctx, kind, ctx.temp(E.product(reduced_shape)))
    out_t = ScalarType(out_dtype)
    acc_t = ScalarType(_accumulator_dtype(kind, out_dtype))
    if kind == "mean" and acc_t.is_integer:
        acc_t = ScalarType("float64")
    start = _start(ctx, initial, out_t, acc_t)
    acc = ctx.fresh("acc")
    ctx.declare(acc, acc_t)
    count = ctx.temp(E.product(reduced_shape), "count")

    def outer(idx: tuple[ir.Expr, ...]) -> None:
        def element(ridx: tuple[ir.Expr, ...]) -> ir.Expr:
            full: list[ir.Expr] = [E.ZERO] * lazy.ndim
            for k, i in zip(kept, idx):
                full[k] = i
            for k, i in zip(axes, ridx):
                full[k] = i
            return lazy.element(tuple(full))

        _reduce_into(ctx, kind, lazy, acc, acc_t, reduced_shape, element, parallel=False, start=start)
        store_idx = list(idx)
        if keepdims:
            store_idx = [E.ZERO] * lazy.ndim
            for k, i in zip(kept, idx):
                store_idx[k] = i
        ctx.emit(ir.Store(name, tuple(store_idx), _finish(kind, ir.Var(acc, acc_t), count, out_t)))

    kept_shape = tuple(lazy.shape[k] for k in kept)
    emit_loop_nest(ctx, kept_shape, outer, parallel=True)
    return whole_view(name, t, out_shape)
