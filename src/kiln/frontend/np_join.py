"""Joining arrays: ``np.concatenate``, ``np.stack``, ``np.hstack``, ``np.vstack``, ``np.block``.
The result is a new array; each part is assigned into its slab (so reads of the parts complete
first)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, assign, materialize
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_axis, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote_dtypes
from kiln.frontend.reductions import normalize_axes
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value, Walk, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def stack_parts(ctx: Context, seq: Value, what: str) -> list[Lazy]:
    """The arrays (or numbers) of a sequence handed to a stacking function, as expressions."""
    if not isinstance(seq, TupleValue) or not seq.items:
        raise TypingError(f"{what}() needs a non-empty sequence of arrays", ctx.loc)
    parts = []
    for item in seq.items:
        if isinstance(item, Scalar):

            def constant(idx: tuple[ir.Expr, ...], e: ir.Expr = item.expr) -> ir.Expr:
                return e

            parts.append(Lazy(item.type.dtype, (), constant, ()))
        elif isinstance(item, ArrayView | Lazy):
            parts.append(as_lazy(item))
        else:
            raise TypingError(f"{what}() needs a sequence of arrays", ctx.loc)
    return parts


def _with_axis(lazy: Lazy, axis: int) -> Lazy:
    """``lazy`` with a new axis of extent 1 at ``axis``."""
    shape = (*lazy.shape[:axis], E.ONE, *lazy.shape[axis:])
    return Lazy(lazy.dtype, shape, lambda idx: lazy.element((*idx[:axis], *idx[axis + 1 :])), lazy.reads)


def _flat(ctx: Context, lazy: Lazy) -> Lazy:
    from kiln.frontend.numpy_ops import reshape

    return as_lazy(reshape(ctx, lazy, (E.i64(-1),)))


def concatenate(ctx: Context, parts: list[Lazy], axis: int | None, dtype: str | None) -> ArrayView:
    if axis is None:
        parts, axis = [_flat(ctx, p) for p in parts], 0
    ndim = parts[0].ndim
    if ndim == 0:
        raise ShapeError("zero-dimensional arrays cannot be concatenated", ctx.loc)
    if any(p.ndim != ndim for p in parts):
        raise ShapeError("all the input arrays must have same number of dimensions", ctx.loc)
    (k,) = normalize_axes(ctx, axis, ndim)
    _check_other_dims(ctx, parts, k)
    total: ir.Expr = E.ZERO
    for p in parts:
        total = E.add(total, p.shape[k])
    shape = tuple(ctx.temp(total, "len") if j == k else d for j, d in enumerate(parts[0].shape))
    out_dtype = dtype or promote_dtypes(*(p.dtype for p in parts))
    name = ctx.fresh("joined")
    t = ctx.declare(name, ArrayType(out_dtype, ndim, "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    whole = whole_view(name, t, shape)
    offset: ir.Expr = E.ZERO
    for p in parts:
        maps = tuple(Walk(j, offset if j == k else E.ZERO, E.ONE) for j in range(ndim))
        slab_shape = tuple(p.shape[k] if j == k else d for j, d in enumerate(shape))
        assign(ctx, ArrayView(name, t, maps, slab_shape), p)
        offset = ctx.temp(E.add(offset, p.shape[k]), "off")
    return whole


def _check_other_dims(ctx: Context, parts: list[Lazy], axis: int) -> None:
    first = parts[0]
    msg = "all the input array dimensions except for the concatenation axis must match exactly (%lld vs %lld)"
    for p in parts[1:]:
        for j, (d, e) in enumerate(zip(first.shape, p.shape)):
            if j != axis and d != e:
                ctx.emit(ir.Check(E.compare("eq", d, e), "ValueError", msg, (d, e)))


def np_concatenate(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("arrays", REQUIRED), ("axis", 0), ("out", None), ("dtype", None), ("casting", None)]
    b = bind_args(ctx, "concatenate", args, kwargs, params)
    if not is_none(b["out"]) or not is_none(b["casting"]):
        raise UnsupportedError("concatenate() with out= or casting=", ctx.loc)
    axis = 0 if isinstance(b["axis"], int) else const_axis(ctx, b["axis"])
    if isinstance(axis, tuple):
        raise TypingError("'tuple' object cannot be interpreted as an integer", ctx.loc)
    return concatenate(ctx, stack_parts(ctx, b["arrays"], "concatenate"), axis, dtype_arg(ctx, b["dtype"]))


def np_stack(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("arrays", REQUIRED), ("axis", 0), ("out", None), ("dtype", None), ("casting", None)]
    b = bind_args(ctx, "stack", args, kwargs, params)
    if not is_none(b["out"]) or not is_none(b["casting"]):
        raise UnsupportedError("stack() with out= or casting=", ctx.loc)
    parts = stack_parts(ctx, b["arrays"], "stack")
    ndim = parts[0].ndim
    if any(p.ndim != ndim for p in parts):
        raise ShapeError("all input arrays must have the same shape", ctx.loc)
    msg = "all input arrays must have the same shape (%lld vs %lld)"
    for p in parts[1:]:
        for d, e in zip(parts[0].shape, p.shape):
            if d != e:
                ctx.emit(ir.Check(E.compare("eq", d, e), "ValueError", msg, (d, e)))
    axis = 0 if isinstance(b["axis"], int) else const_axis(ctx, b["axis"])
    if not isinstance(axis, int):
        raise TypingError("stack(): 'axis' must be an integer", ctx.loc)
    (k,) = normalize_axes(ctx, axis, ndim + 1)
    return concatenate(ctx, [_with_axis(p, k) for p in parts], k, dtype_arg(ctx, b["dtype"]))


def _at_least(lazy: Lazy, ndim: int) -> Lazy:
    """NumPy's atleast_1d / atleast_2d: a 0-d value becomes (1,) or (1, 1), a 1-d one (1, n)."""
    while lazy.ndim < ndim:
        lazy = _with_axis(lazy, 0)
    return lazy


def stack_handler(name: str) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("tup", REQUIRED), ("dtype", None), ("casting", None)]
        b = bind_args(ctx, name, args, kwargs, params)
        if not is_none(b["casting"]):
            raise UnsupportedError(f"{name}() with casting=", ctx.loc)
        parts = stack_parts(ctx, b["tup"], name)
        dtype = dtype_arg(ctx, b["dtype"])
        if name == "vstack":
            return concatenate(ctx, [_at_least(p, 2) for p in parts], 0, dtype)
        parts = [_at_least(p, 1) for p in parts]
        return concatenate(ctx, parts, 0 if parts[0].ndim == 1 else 1, dtype)

    return handler


def np_block(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.block``: the innermost lists join along the last axis, the lists around them along
    the one before, and so on; every block first gets leading axes of extent 1 up to the
    result's number of dimensions (the nesting depth, or the most dimensions of a block)."""
    b = bind_args(ctx, "block", args, kwargs, [("arrays", REQUIRED)])
    depth = _list_depth(ctx, b["arrays"], "arrays")
    leaves = _block_leaves(ctx, b["arrays"])
    ndim = max(depth, *(leaf.ndim for leaf in leaves))

    def build(value: Value, level: int) -> Lazy:
        if level > depth:
            return _at_least(stack_parts(ctx, TupleValue((value,)), "block")[0], ndim)
        assert isinstance(value, TupleValue)
        parts = [build(item, level + 1) for item in value.items]
        return as_lazy(concatenate(ctx, parts, ndim - (depth - level + 1), None))

    if depth == 0:
        return materialize(ctx, build(b["arrays"], 1))
    return build(b["arrays"], 1)


def _list_depth(ctx: Context, value: Value, where: str) -> int:
    """How deep the lists nest (0: a block itself), the same at every block, as NumPy requires."""
    if not isinstance(value, TupleValue):
        return 0
    if not value.items:
        raise ShapeError(f"List at {where} cannot be empty", ctx.loc)
    depths = [_list_depth(ctx, item, f"{where}[{k}]") for k, item in enumerate(value.items)]
    if any(d != depths[0] for d in depths):
        raise ShapeError("List depths are mismatched", ctx.loc)
    return depths[0] + 1


def _block_leaves(ctx: Context, value: Value) -> list[Lazy]:
    if isinstance(value, TupleValue):
        return [leaf for item in value.items for leaf in _block_leaves(ctx, item)]
    return stack_parts(ctx, TupleValue((value,)), "block")


def table() -> dict[object, Handler]:
    return {
        np.block: np_block,
        np.concatenate: np_concatenate,
        np.stack: np_stack,
        np.hstack: stack_handler("hstack"),
        np.vstack: stack_handler("vstack"),
    }
