"""``np.sort`` / ``np.argsort`` and the methods ``a.sort()`` (in place) and ``a.argsort()``.

The sorting itself is NumPy's (``ir.ops.NUMPY_ROUTINES``: a library call that hands the arrays
to NumPy), so values, the order of ties and of signed zeros, NaNs last and every ``kind`` are
NumPy's own. The library call sorts along the last axis; another axis is moved there by viewing
both operands transposed, and ``axis=None`` sorts a flattened copy.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, materialize
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_shapes import sequence_operand
from kiln.frontend.numpy_ops import reshape
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value
from kiln.frontend.views import bind_view, transpose
from kiln.ir import nodes as ir
from kiln.ir.ops import NUMPY_ROUTINES
from kiln.ir.types import ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
_KINDS = {None: "", "quicksort": "", "heapsort": "_heapsort", "stable": "_stable", "mergesort": "_stable"}


def sorting_handler(func: str) -> Handler:
    """``np.sort`` or ``np.argsort``."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        a, axis, routine = _arguments(ctx, func, args, kwargs)
        if axis is None:
            a, axis = _flattened(ctx, a), 0
        dtype = "int64" if func == "argsort" else a.dtype
        out = new_array(ctx, func, dtype, tuple(a.shape))
        _sort_into(ctx, routine, out, a, axis)
        return out

    return handler


def sort_in_place(
    ctx: Context, receiver: ArrayView | Lazy, args: list[Value], kwargs: dict[str, Value]
) -> Value:
    """``a.sort(axis=-1, kind=None)``: sorts ``a``'s own elements and returns None."""
    a, axis, routine = _arguments(ctx, "sort", [receiver, *args], kwargs)
    if axis is None:
        raise TypingError("a.sort() needs an integer axis (NumPy's method has no axis=None)", ctx.loc)
    ctx.written_arrays.add(a.base)
    _sort_into(ctx, routine, a, a, axis)
    return Const(None)


def _arguments(
    ctx: Context, func: str, args: list[Value], kwargs: dict[str, Value]
) -> tuple[ArrayView, int | None, str]:
    params = [("a", REQUIRED), ("axis", -1), ("kind", None), ("order", None), ("stable", None)]
    b = bind_args(ctx, func, args, kwargs, params)
    if not is_none(b["order"]):
        raise UnsupportedError(f"np.{func}(): 'order' (structured arrays)", ctx.loc)
    value = b["a"]
    if isinstance(value, Scalar) or not isinstance(value, ArrayView | Lazy):
        raise TypingError(f"axis -1 is out of bounds for array of dimension 0 in np.{func}()", ctx.loc)
    a = value if isinstance(value, ArrayView) else materialize(ctx, value)
    axis = -1 if isinstance(b["axis"], int) else const_axis(ctx, b["axis"])
    if isinstance(axis, tuple):
        raise TypingError(f"np.{func}(): 'axis' must be an integer or None", ctx.loc)
    if axis is not None and not -a.ndim <= axis < a.ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {a.ndim}", ctx.loc)
    kind = _kind(ctx, b["kind"], b["stable"])
    routine = func + _KINDS[kind]
    assert routine in NUMPY_ROUTINES
    return a, None if axis is None else axis % a.ndim, routine


def _kind(ctx: Context, kind: object, stable: object) -> str | None:
    if not is_none(stable) and const_bool(ctx, stable, "stable"):
        return "stable"
    if is_none(kind):
        return None
    text = kind.value if isinstance(kind, Const) else None
    if not isinstance(text, str) or text not in _KINDS:
        raise TypingError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got {text!r})", ctx.loc)
    return text


def _flattened(ctx: Context, a: ArrayView) -> ArrayView:
    """A 1-d copy of ``a`` in C order (NumPy sorts ``a.flatten()`` for ``axis=None``)."""
    copy = materialize(ctx, a)
    flat = reshape(ctx, copy, (E.i64(-1),)) if copy.ndim != 1 else copy
    assert isinstance(flat, ArrayView)
    return flat


def _sort_into(
    ctx: Context, routine: str, out: ArrayView, a: ArrayView, axis: int, kth: ArrayView | None = None
) -> None:
    """``out = numpy.<routine>(a[, kth], axis=axis)``: both viewed with ``axis`` last."""
    if axis != a.ndim - 1:
        order = (*(k for k in range(a.ndim) if k != axis), axis)
        a, out = transpose(a, order), transpose(out, order)
    source, target = bind_view(ctx, a), bind_view(ctx, out)
    extra = (bind_view(ctx, kth).base,) if kth is not None else ()
    ctx.emit(ir.LibCall(routine, (target.base,), (source.base, *extra)))


def np_lexsort(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.lexsort(keys)``: NumPy's own routine on the keys stacked as rows (the last key
    sorts first). Keys of one dtype only: stacking keys of several would convert them to a
    common one, which can change their order (large integers as floats)."""
    from kiln.frontend.np_dims import with_new_axes  # they build on numpy_ops, which builds on this
    from kiln.frontend.np_join import concatenate, stack_parts

    b = bind_args(ctx, "lexsort", args, kwargs, [("keys", REQUIRED), ("axis", -1)])
    if not (isinstance(b["axis"], int) or const_axis(ctx, b["axis"]) in (-1, 0)):
        raise UnsupportedError("lexsort() along an axis other than the last", ctx.loc)
    keys = b["keys"]
    if isinstance(keys, ArrayView | Lazy):
        if keys.ndim != 2:
            raise UnsupportedError("lexsort() of an array of keys other than 2-d", ctx.loc)
        rows = materialize(ctx, keys)
    else:
        parts = stack_parts(ctx, keys, "lexsort")
        if any(p.ndim != 1 for p in parts) or len({p.dtype for p in parts}) != 1:
            raise UnsupportedError("lexsort() of keys other than 1-d arrays of one dtype", ctx.loc)
        shaped = [as_lazy(with_new_axes(ctx, p, (0,))) for p in parts]
        rows = concatenate(ctx, shaped, 0, None)
    if ScalarType(rows.dtype).is_complex:
        raise UnsupportedError("lexsort() of complex keys", ctx.loc)
    out = new_array(ctx, "lexsort", "int64", (rows.shape[1],))
    source, target = bind_view(ctx, rows), bind_view(ctx, out)
    ctx.emit(ir.LibCall("lexsort", (target.base,), (source.base,)))
    return out


def partition_handler(func: str) -> Handler:
    """``np.partition`` / ``np.argpartition``: NumPy's own routine (its selection leaves the
    other elements in an order only it defines), ``kth`` a number or a sequence of them, known
    when the call runs; NumPy raises for a ``kth`` out of range."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("a", REQUIRED), ("kth", REQUIRED), ("axis", -1), ("kind", None), ("order", None)]
        b = bind_args(ctx, func, args, kwargs, params)
        if not is_none(b["order"]):
            raise UnsupportedError(f"np.{func}(): 'order' (structured arrays)", ctx.loc)
        kind = b["kind"]
        if not is_none(kind) and not (isinstance(kind, Const) and kind.value == "introselect"):
            raise TypingError(f"np.{func}(): kind must be 'introselect'", ctx.loc)
        a, axis, _ = _arguments(
            ctx, "sort", [b["a"]], {"axis": b["axis"]} if not isinstance(b["axis"], int) else {}
        )
        if axis is None:
            a, axis = _flattened(ctx, a), 0
        kth = _kth(ctx, b["kth"], func)
        out = new_array(ctx, func, "int64" if func == "argpartition" else a.dtype, tuple(a.shape))
        _sort_into(ctx, func, out, a, axis, kth)
        return out

    return handler


def _kth(ctx: Context, value: Value, func: str) -> ArrayView:
    """``kth`` as the 1-d int64 array the library call hands NumPy."""
    message = f"np.{func}(): kth must be an integer or a 1-d sequence of them"
    if not isinstance(value, Scalar | ArrayView | Lazy | TupleValue):
        raise TypingError(message, ctx.loc)
    kth = as_lazy(sequence_operand(ctx, value, func))
    if kth.ndim > 1 or not ScalarType(kth.dtype).is_integer:
        raise TypingError(message, ctx.loc)
    flat = Lazy(
        "int64", kth.shape or (E.ONE,), lambda idx: E.as_index(kth.element(idx[: kth.ndim])), kth.reads
    )
    return materialize(ctx, flat)


def table() -> dict[object, Handler]:
    return {
        np.sort: sorting_handler("sort"),
        np.argsort: sorting_handler("argsort"),
        np.lexsort: np_lexsort,
        np.partition: partition_handler("partition"),
        np.argpartition: partition_handler("argpartition"),
    }
