"""``np.trace(a, offset, axis1, axis2, dtype, out)`` and ``a.trace(...)``: the sum of a diagonal
(``a.diagonal(offset, axis1, axis2).sum(-1, dtype)`` in NumPy), as a reduction over an
element-wise view of the diagonal, so the sum follows kiln's ``np.sum`` and its dtype rules."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.numpy_ops import into_out
from kiln.frontend.reductions import reduce
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.ir import nodes as ir

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def np_trace(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("offset", 0), ("axis1", 0), ("axis2", 1), ("dtype", None), ("out", None)]
    b = bind_args(ctx, "trace", args, kwargs, params)
    diagonal = bound_diagonal(ctx, b)
    dtype = None if is_none(b["dtype"]) else dtype_arg(ctx, b["dtype"])
    return into_out(ctx, "trace", reduce(ctx, "sum", diagonal, -1, False, dtype), b["out"])


def bound_diagonal(ctx: Context, b: dict[str, Value]) -> Lazy:
    """``a.diagonal(offset, axis1, axis2)`` of bound arguments, NumPy's errors checked."""
    a = b["a"]
    if not isinstance(a, ArrayView | Lazy) or a.ndim < 2:
        raise TypingError("diag requires an array of at least two dimensions", ctx.loc)
    axis1, axis2 = (_axis(ctx, b[name], a.ndim) for name in ("axis1", "axis2"))
    if axis1 == axis2:
        raise TypingError("axis1 and axis2 cannot be the same", ctx.loc)
    return diagonal_values(as_lazy(a), _offset(ctx, b["offset"]), axis1, axis2)


def _axis(ctx: Context, value: object, ndim: int) -> int:
    axis = value if isinstance(value, int) else const_axis(ctx, value)
    if not isinstance(axis, int) or not -ndim <= axis < ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {ndim}", ctx.loc)
    return axis % ndim


def _offset(ctx: Context, value: object) -> ir.Expr:
    if isinstance(value, int):
        return E.i64(value)
    if isinstance(value, Scalar) and (value.type.is_integer or value.type.is_bool):
        return E.as_index(value.expr)
    raise TypingError("np.trace(): 'offset' must be an integer", ctx.loc)


def diagonal_values(a: Lazy, offset: ir.Expr, axis1: int, axis2: int) -> Lazy:
    """The diagonal as the last axis after the others (NumPy's ``diagonal``)."""
    first = E.imax(E.sub(E.ZERO, offset), E.ZERO)  # where it starts along axis1 and axis2
    second = E.imax(offset, E.ZERO)
    length = E.imax(E.imin(E.sub(a.shape[axis1], first), E.sub(a.shape[axis2], second)), E.ZERO)
    others = [k for k in range(a.ndim) if k not in (axis1, axis2)]
    shape = (*(a.shape[k] for k in others), length)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        full: list[ir.Expr] = [E.ZERO] * a.ndim
        for k, i in zip(others, idx[:-1]):
            full[k] = i
        full[axis1], full[axis2] = E.add(idx[-1], first), E.add(idx[-1], second)
        return a.element(tuple(full))

    return Lazy(a.dtype, shape, element, a.reads)


def table() -> dict[object, Handler]:
    return {np.trace: np_trace}
