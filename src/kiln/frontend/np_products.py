"""``np.tensordot`` and ``np.inner``, as NumPy computes them: the summed axes moved last in
the first operand and first in the second, both flattened to matrices, one matrix product (BLAS
for floating types, as NumPy's ``dot``), the result reshaped to the free axes of both. The summed
extents are checked to match when the call runs, with NumPy's error."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, bind_args, fold_int
from kiln.frontend.context import Context
from kiln.frontend.np_layout import permuted
from kiln.frontend.np_shapes import array_operand
from kiln.frontend.numpy_ops import np_dot, reshape
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def tensordot(
    ctx: Context, a: ArrayView | Lazy, b: ArrayView | Lazy, axes_a: list[int], axes_b: list[int]
) -> Value:
    if len(axes_a) != len(axes_b):
        raise TypingError("shape-mismatch for sum", ctx.loc)
    axes_a = [_axis(ctx, k, a.ndim) for k in axes_a]
    axes_b = [_axis(ctx, k, b.ndim) for k in axes_b]
    for ka, kb in zip(axes_a, axes_b):
        ctx.emit(ir.Check(E.compare("eq", a.shape[ka], b.shape[kb]), "ValueError", "shape-mismatch for sum"))
    free_a = [k for k in range(a.ndim) if k not in axes_a]
    free_b = [k for k in range(b.ndim) if k not in axes_b]
    summed = E.product([a.shape[k] for k in axes_a])
    left = reshape(ctx, permuted(a, (*free_a, *axes_a)), (E.product([a.shape[k] for k in free_a]), summed))
    right = reshape(ctx, permuted(b, (*axes_b, *free_b)), (summed, E.product([b.shape[k] for k in free_b])))
    product = np_dot(ctx, [left, right], {})
    assert isinstance(product, ArrayView | Lazy)
    shape = (*(a.shape[k] for k in free_a), *(b.shape[k] for k in free_b))
    return reshape(ctx, product, tuple(shape))  # 0-d when every axis is summed, as NumPy's


def _axis(ctx: Context, k: int, ndim: int) -> int:
    if not -ndim <= k < ndim:
        raise TypingError(f"axis {k} is out of bounds for array of dimension {ndim}", ctx.loc)
    return k % ndim


def _ints(ctx: Context, value: Value) -> list[int]:
    items = value.items if isinstance(value, TupleValue) else (value,)
    out = []
    for item in items:
        folded = fold_int(item.expr) if isinstance(item, Scalar) else None
        if folded is None:
            raise TypingError("tensordot(): axes must be integers known when compiling", ctx.loc)
        out.append(folded)
    return out


def np_tensordot(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "tensordot", args, kwargs, [("a", REQUIRED), ("b", REQUIRED), ("axes", 2)])
    x, y = (array_operand(ctx, b[k], "tensordot") for k in ("a", "b"))
    axes = b["axes"]
    if isinstance(axes, TupleValue) and len(axes.items) == 2:
        first, second = axes.items
        return tensordot(ctx, x, y, _ints(ctx, first), _ints(ctx, second))
    counts = [2] if axes == 2 else _ints(ctx, axes)
    n = counts[0]
    if len(counts) != 1 or n < 0 or n > min(x.ndim, y.ndim):
        raise TypingError("shape-mismatch for sum", ctx.loc)
    return tensordot(ctx, x, y, list(range(x.ndim - n, x.ndim)), list(range(n)))


def np_inner(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "inner", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    x, y = (array_operand(ctx, b[k], "inner") for k in ("a", "b"))
    if x.ndim == 0 or y.ndim == 0:  # both as arrays (NumPy converts them): a number is not weak here
        return apply_ufunc(ctx, "multiply", [x, y])
    if x.ndim == 1 and y.ndim == 1:
        return np_dot(ctx, [x, y], {})
    return tensordot(ctx, x, y, [-1], [-1])


_EMPTY = {
    "convolve": ("a cannot be empty", "v cannot be empty"),
    "correlate": ("first array argument cannot be empty", "second array argument cannot be empty"),
}


def signal_handler(func: str, default_mode: str) -> Handler:
    """``np.convolve`` / ``np.correlate``: NumPy's own routine (a library call handing it the two
    vectors: its sums run through NumPy's dot, so the values are NumPy's), ``mode`` known when
    compiling; the result has NumPy's dtype and length for the mode."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        from kiln.frontend.advanced import new_array
        from kiln.frontend.arrays import materialize
        from kiln.frontend.promotion import promote_dtypes
        from kiln.frontend.views import bind_view

        b = bind_args(
            ctx, func, args, kwargs, [("a", REQUIRED), ("v", REQUIRED), ("mode", Const(default_mode))]
        )
        mode = b["mode"].value if isinstance(b["mode"], Const) else None
        if mode not in ("full", "same", "valid"):
            raise UnsupportedError(
                f"{func}() with mode other than 'full', 'same' or 'valid' known when compiling", ctx.loc
            )
        x, y = (array_operand(ctx, b[k], func) for k in ("a", "v"))
        if x.ndim > 1 or y.ndim > 1:
            raise TypingError("object too deep for desired array", ctx.loc)
        x, y = (_vector(ctx, v) for v in (x, y))
        n1, n2 = ctx.temp(x.shape[0], "n"), ctx.temp(y.shape[0], "n")
        for n, msg in zip((n1, n2), _EMPTY[func]):
            ctx.emit(ir.Check(E.compare("gt", n, E.ZERO), "ValueError", msg))
        longer, shorter = E.imax(n1, n2), E.imin(n1, n2)
        length = {
            "full": E.sub(E.add(n1, n2), E.ONE),
            "same": longer,
            "valid": E.add(E.sub(longer, shorter), E.ONE),
        }
        out = new_array(ctx, func, promote_dtypes(x.dtype, y.dtype), (ctx.temp(length[mode], "len"),))
        views = [bind_view(ctx, out)] + [bind_view(ctx, materialize(ctx, v)) for v in (x, y)]
        ctx.emit(ir.LibCall(f"{func}_{mode}", (views[0].base,), (views[1].base, views[2].base)))
        return out

    return handler


def _vector(ctx: Context, value: ArrayView | Lazy) -> ArrayView | Lazy:
    """A number as NumPy's ``array(v, ndmin=1)`` makes it: one element."""
    if value.ndim == 1:
        return value
    only = as_lazy(value)
    return Lazy(only.dtype, (E.ONE,), lambda idx: only.element(()), only.reads)


def table() -> dict[object, Handler]:
    return {
        np.tensordot: np_tensordot,
        np.inner: np_inner,
        np.convolve: signal_handler("convolve", "full"),
        np.correlate: signal_handler("correlate", "valid"),
    }
