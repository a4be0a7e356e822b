"""``np.nonzero``, ``np.flatnonzero``, ``np.argwhere``: where an array is true (nonzero)."""

from __future__ import annotations

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import evaluated_once, new_array
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, array_arg, bind_args
from kiln.frontend.context import Context
from kiln.frontend.masks import count_true, nonzero, walk_true
from kiln.frontend.values import Lazy, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType


def _truth(ctx: Context, args: list[Value], kwargs: dict[str, Value], what: str) -> Lazy:
    """The argument as a boolean array (NumPy's truth of each element: nonzero, NaN is true)."""
    b = bind_args(ctx, what, args, kwargs, [("a", REQUIRED)])
    a = as_lazy(evaluated_once(ctx, array_arg(ctx, b["a"], what)))
    if a.ndim == 0:
        raise UnsupportedError(f"np.{what} of a 0-d array", ctx.loc)
    t = ScalarType("bool")
    return Lazy("bool", a.shape, lambda idx: E.cast(a.element(idx), t), a.reads)


def np_nonzero(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    return TupleValue(nonzero(ctx, _truth(ctx, args, kwargs, "nonzero")))


def np_flatnonzero(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    mask = _truth(ctx, args, kwargs, "flatnonzero")
    count = count_true(ctx, mask)
    out = new_array(ctx, "flatnz", "int64", (count,))

    def record(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        flat: ir.Expr = E.ZERO
        for i, n in zip(j, mask.shape):
            flat = E.add(E.mul(flat, n), i)
        ctx.emit(ir.Store(out.base, (c,), flat))

    walk_true(ctx, mask, record, count)
    return out


def np_argwhere(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    mask = _truth(ctx, args, kwargs, "argwhere")
    count = count_true(ctx, mask)
    out = new_array(ctx, "argwhere", "int64", (count, E.i64(mask.ndim)))

    def record(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        for k, i in enumerate(j):
            ctx.emit(ir.Store(out.base, (c, E.i64(k)), i))

    walk_true(ctx, mask, record, count)
    return out


NONZERO_FUNCTIONS = {np.nonzero: np_nonzero, np.flatnonzero: np_flatnonzero, np.argwhere: np_argwhere}
