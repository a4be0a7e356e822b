"""``np.put`` and ``np.put_along_axis``: the write counterparts of ``take`` and
``take_along_axis``, run in NumPy's order (index by index, so the last of repeated positions
wins) with NumPy's index rules: negative indices count from the end; ``put``'s ``mode`` raises
(``IndexError`` at the first bad index, the earlier writes made, as NumPy's contiguous case),
wraps or clips; values are cast to the array's dtype as NumPy's forced cast does and repeat
cyclically (``put``) or broadcast (``put_along_axis``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import fit_value
from kiln.frontend.arrays import as_lazy, broadcast_shapes, emit_loop_nest, index_adapter
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis
from kiln.frontend.context import Context
from kiln.frontend.np_layout import raveled, unravel
from kiln.frontend.np_shapes import sequence_operand
from kiln.frontend.values import ArrayView, Const, Lazy, Value
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
Index = tuple[ir.Expr, ...]
_OUT_OF_RANGE = "index %lld is out of bounds for axis %lld with size %lld"


def _target(ctx: Context, value: Value, what: str) -> ArrayView:
    if not isinstance(value, ArrayView):
        raise TypingError(f"{what}() writes into an array: its first argument must be one", ctx.loc)
    ctx.written_arrays.add(value.base)
    return bind_view(ctx, value)


def _in_range(ctx: Context, j: ir.Expr, n: ir.Expr, axis: int) -> ir.Expr:
    """``j`` counted from the end when negative, checked to lie in ``[0, n)`` (IndexError)."""
    inside = ir.Binary("and", E.compare("ge", j, E.sub(E.ZERO, n)), E.compare("lt", j, n), BOOL)
    ctx.emit(ir.Check(inside, "IndexError", _OUT_OF_RANGE, (j, E.i64(axis), n)))
    return ctx.temp(ir.Select(E.compare("lt", j, E.ZERO), E.add(j, n), j, INT64), "at")


def np_put(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "put", args, kwargs, [("a", REQUIRED), ("ind", REQUIRED), ("v", REQUIRED), ("mode", None)]
    )
    a = _target(ctx, b["a"], "put")
    mode = b["mode"].value if isinstance(b["mode"], Const) else "raise" if b["mode"] is None else None
    if mode not in ("raise", "wrap", "clip"):
        raise UnsupportedError(
            "put() with a mode other than 'raise', 'wrap' or 'clip' known when compiling", ctx.loc
        )
    ind = raveled(as_lazy(sequence_operand(ctx, b["ind"], "put")))
    if not ScalarType(ind.dtype).is_integer:
        raise TypingError("put(): indices must be integers", ctx.loc)
    values = raveled(as_lazy(sequence_operand(ctx, b["v"], "put")))
    n, ni, nv = (
        ctx.temp(E.product(a.shape), "n"),
        ctx.temp(ind.shape[0], "ni"),
        ctx.temp(values.shape[0], "nv"),
    )
    dtype = ScalarType(a.dtype)

    def write(idx: Index) -> None:
        (i,) = idx
        j = E.as_index(ind.element((i,)))
        if mode == "raise":
            at = _in_range(ctx, j, n, 0)
        elif mode == "wrap":
            at = ctx.temp(ir.Binary("mod", j, E.imax(n, E.ONE), INT64), "at")
        else:
            at = ctx.temp(E.imin(E.imax(j, E.ZERO), E.sub(n, E.ONE)), "at")
        value = E.cast(values.element((ir.Binary("mod", i, E.imax(nv, E.ONE), INT64),)), dtype)
        ctx.emit(ir.Store(a.base, a.base_indices(unravel(at, a.shape)), value))

    with ctx.block() as loop:
        emit_loop_nest(ctx, (ni,), write, parallel=False)
    # NumPy writes nothing when there are no values, and (wrap, clip) into an empty array
    ready: ir.Expr = E.compare("gt", nv, E.ZERO)
    if mode != "raise":  # an index into an empty array still raises
        ready = ir.Binary("and", ready, E.compare("gt", n, E.ZERO), BOOL)
    ctx.emit(ir.If(ready, tuple(loop)))
    return Const(None)


def np_put_along_axis(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("arr", REQUIRED), ("indices", REQUIRED), ("values", REQUIRED), ("axis", REQUIRED)]
    b = bind_args(ctx, "put_along_axis", args, kwargs, params)
    arr = _target(ctx, b["arr"], "put_along_axis")
    indices = b["indices"]
    if not isinstance(indices, ArrayView | Lazy) or not ScalarType(indices.dtype).is_integer:
        raise TypingError("`indices` must be an integer array", ctx.loc)
    axis = const_axis(ctx, b["axis"])
    if axis is None or isinstance(axis, tuple):
        raise UnsupportedError("put_along_axis() with axis None or several axes", ctx.loc)
    if indices.ndim != arr.ndim:
        raise TypingError("`indices` and `arr` must have the same number of dimensions", ctx.loc)
    if not -arr.ndim <= axis < arr.ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {arr.ndim}", ctx.loc)
    k = axis % arr.ndim
    idx_values = as_lazy(indices)
    others = tuple(E.ONE if j == k else d for j, d in enumerate(arr.shape))
    shape = broadcast_shapes(ctx, [others, idx_values.shape])
    shape = tuple(ctx.temp(idx_values.shape[k] if j == k else d, "len") for j, d in enumerate(shape))
    values = as_lazy(sequence_operand(ctx, b["values"], "put_along_axis"))
    from_values = fit_value(ctx, values, shape)
    from_indices, from_arr = index_adapter(idx_values.shape, shape), index_adapter(others, shape)
    n, dtype = ctx.temp(arr.shape[k], "n"), ScalarType(arr.dtype)

    def write(idx: Index) -> None:
        at = _in_range(ctx, E.as_index(idx_values.element(from_indices(idx))), n, k)
        where = tuple(at if m == k else i for m, i in enumerate(from_arr(idx)))
        ctx.emit(ir.Store(arr.base, arr.base_indices(where), E.cast(values.element(from_values(idx)), dtype)))

    emit_loop_nest(ctx, shape, write, parallel=False)
    return Const(None)


def table() -> dict[object, Handler]:
    return {np.put: np_put, np.put_along_axis: np_put_along_axis}
