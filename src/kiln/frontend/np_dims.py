"""Adding and removing axes of length one, and the stacking and splitting helpers built on them:
``expand_dims``, ``squeeze``, ``atleast_1d/2d/3d``, ``column_stack``, ``dstack``,
``hsplit``/``vsplit``/``dsplit`` and ``broadcast_arrays``.

Arrays come back as views of their input, as NumPy's do (a write through ``np.expand_dims(a, 0)``
changes ``a``); expressions stay expressions. Extents are known only at run time, so
``squeeze`` without ``axis`` removes the axes whose length is known to be one when the function
compiles and is refused where another axis might be one; with ``axis`` it checks the length
when it runs, with NumPy's error.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import fit_value
from kiln.frontend.arrays import as_lazy, broadcast_shapes
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, fold_int, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_join import concatenate, stack_parts
from kiln.frontend.np_layout import split_handler
from kiln.frontend.np_shapes import array_operand
from kiln.frontend.reductions import normalize_axes
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value
from kiln.frontend.views import NEWAXIS, SliceSpec, subscript
from kiln.ir import nodes as ir

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
_ALL = SliceSpec(None, None, 1)


def with_new_axes(ctx: Context, value: ArrayView | Lazy, positions: tuple[int, ...]) -> ArrayView | Lazy:
    """``value`` with axes of length one at ``positions`` (axes of the result, ascending)."""
    ndim = value.ndim + len(positions)
    if isinstance(value, ArrayView):
        index = [NEWAXIS if k in positions else _ALL for k in range(ndim)]
        view = subscript(ctx, value, index)  # type: ignore[arg-type]
        assert isinstance(view, ArrayView)
        return view
    shape, source = [], iter(value.shape)
    for k in range(ndim):
        shape.append(E.ONE if k in positions else next(source))
    kept = [k for k in range(ndim) if k not in positions]
    return Lazy(
        value.dtype, tuple(shape), lambda idx: value.element(tuple(idx[k] for k in kept)), value.reads
    )


def without_axes(ctx: Context, value: ArrayView | Lazy, axes: tuple[int, ...]) -> ArrayView | Lazy:
    """``value`` without the axes ``axes``, each of length one."""
    if isinstance(value, ArrayView):
        index = [E.ZERO if k in axes else _ALL for k in range(value.ndim)]
        view = subscript(ctx, value, index)  # type: ignore[arg-type]
        if isinstance(view, ArrayView):
            return view
        only = view
        return Lazy(value.dtype, (), lambda idx: only, (value,))
    shape = tuple(d for k, d in enumerate(value.shape) if k not in axes)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        it = iter(idx)
        return value.element(tuple(E.ZERO if k in axes else next(it) for k in range(value.ndim)))

    return Lazy(value.dtype, shape, element, value.reads)


def _axes(ctx: Context, value: object, ndim: int) -> tuple[int, ...]:
    """Constant axes of an ``ndim``-d array, normalized, with NumPy's AxisError."""
    if is_none(value):  # not "every axis", as for a reduction
        raise TypingError("'NoneType' object cannot be interpreted as an integer", ctx.loc)
    return normalize_axes(ctx, const_axis(ctx, value), ndim)


def np_expand_dims(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "expand_dims", args, kwargs, [("a", REQUIRED), ("axis", REQUIRED)])
    a = array_operand(ctx, b["a"], "expand_dims")
    n = len(_axes_count(b["axis"]))
    return with_new_axes(ctx, a, _axes(ctx, b["axis"], a.ndim + n))


def _axes_count(value: object) -> tuple[object, ...]:
    return value.items if isinstance(value, TupleValue) else (value,)


def np_squeeze(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "squeeze", args, kwargs, [("a", REQUIRED), ("axis", None)])
    return squeeze(ctx, array_operand(ctx, b["a"], "squeeze"), b["axis"])


def squeeze(ctx: Context, a: ArrayView | Lazy, axis: object) -> Value:
    if is_none(axis):
        known = [fold_int(d) for d in a.shape]
        if any(k is None for k in known):
            raise UnsupportedError(
                "squeeze() without axis: the extents are known only at run time (give axis=)", ctx.loc
            )
        return without_axes(ctx, a, tuple(k for k, d in enumerate(known) if d == 1))
    axes = _axes(ctx, axis, a.ndim)
    for k in axes:
        msg = "cannot select an axis to squeeze out which has size not equal to one"
        ctx.emit(ir.Check(E.compare("eq", a.shape[k], E.ONE), "ValueError", msg))
    return without_axes(ctx, a, axes)


def at_least(ctx: Context, value: ArrayView | Lazy, ndim: int) -> ArrayView | Lazy:
    """NumPy's atleast_1d/2d/3d: (1,), (1, 1) or (1, 1, 1) from a number; (1, n) and (1, n, 1)
    from a vector; (m, n, 1) from a matrix."""
    if value.ndim >= ndim:
        return value
    if ndim == 3:
        positions = {0: (0, 1, 2), 1: (0, 2), 2: (2,)}[value.ndim]
    else:
        positions = tuple(range(ndim - value.ndim))
    return with_new_axes(ctx, value, positions)


def at_least_handler(ndim: int) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        if kwargs:
            raise UnsupportedError(f"atleast_{ndim}d() with keywords", ctx.loc)
        if not args:
            raise TypingError(f"atleast_{ndim}d() needs an array", ctx.loc)
        results = [at_least(ctx, array_operand(ctx, a, f"atleast_{ndim}d"), ndim) for a in args]
        return results[0] if len(results) == 1 else TupleValue(tuple(results))

    return handler


def np_column_stack(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "column_stack", args, kwargs, [("tup", REQUIRED)])
    parts = []
    for p in stack_parts(ctx, b["tup"], "column_stack"):
        parts.append(as_lazy(with_new_axes(ctx, p, (1,) if p.ndim == 1 else (0, 1))) if p.ndim < 2 else p)
    return concatenate(ctx, parts, 1, None)


def np_dstack(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "dstack", args, kwargs, [("tup", REQUIRED)])
    parts = [as_lazy(at_least(ctx, p, 3)) for p in stack_parts(ctx, b["tup"], "dstack")]
    return concatenate(ctx, parts, 2, None)


def split_along(name: str, axis: int, ndim_needed: int) -> Handler:
    """``hsplit`` (axis 1, or 0 for vectors), ``vsplit`` (axis 0) and ``dsplit`` (axis 2)."""
    split = split_handler("split")

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, name, args, kwargs, [("ary", REQUIRED), ("indices_or_sections", REQUIRED)])
        a = array_operand(ctx, b["ary"], name)
        if a.ndim < ndim_needed:
            raise TypingError(f"{name} only works on arrays of {ndim_needed} or more dimensions", ctx.loc)
        along = 0 if name == "hsplit" and a.ndim == 1 else axis
        return split(ctx, [a, b["indices_or_sections"]], {"axis": Scalar(E.i64(along))})

    return handler


def np_broadcast_arrays(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if kwargs:
        raise UnsupportedError("broadcast_arrays() with keywords", ctx.loc)
    arrays = [as_lazy(array_operand(ctx, a, "broadcast_arrays")) for a in args]
    shape = broadcast_shapes(ctx, [a.shape for a in arrays])
    return TupleValue(tuple(_broadcast(ctx, a, shape) for a in arrays))


def _broadcast(ctx: Context, a: Lazy, shape: tuple[ir.Expr, ...]) -> Lazy:
    adapt = fit_value(ctx, a, shape)
    return Lazy(a.dtype, shape, lambda idx: a.element(adapt(idx)), a.reads)


def table() -> dict[object, Handler]:
    return {
        np.expand_dims: np_expand_dims,
        np.squeeze: np_squeeze,
        np.atleast_1d: at_least_handler(1),
        np.atleast_2d: at_least_handler(2),
        np.atleast_3d: at_least_handler(3),
        np.column_stack: np_column_stack,
        np.dstack: np_dstack,
        np.hsplit: split_along("hsplit", 1, 1),
        np.vsplit: split_along("vsplit", 0, 2),
        np.dsplit: split_along("dsplit", 2, 3),
        np.broadcast_arrays: np_broadcast_arrays,
    }
