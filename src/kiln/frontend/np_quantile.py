"""``np.quantile`` and ``np.percentile`` by NumPy's default method, ``"linear"``, step for step.

Each slice along ``axis`` (all elements for ``axis=None``) is sorted; for ``n`` elements the
quantile ``q`` sits at the virtual index ``v = (n - 1) * q``, between ``prev = floor(v)`` and
``prev + 1`` (both the last element where ``v >= n - 1``), with weight ``t = v - prev``. The
result is NumPy's ``_lerp``: ``a + (b - a) * t``, or ``b - (b - a) * (1 - t)`` where ``t >= 0.5``,
``b - a`` taken in the array's own dtype (integers wrap as they do in NumPy). A slice holding a
NaN gives NaN.

Types follow NumPy's: a Python number ``q`` is weak (the weight is a Python float, so a
float32 array gives float32), a NumPy scalar or an array ``q`` is not (float32 data with a
float64 ``q`` gives float64); integers give float64. ``q`` is a scalar or a 1-d array; a 1-d
``q`` puts its axis first in the result. ``out``, ``overwrite_input``, ``weights`` and the other
methods are refused with a location. One difference remains: where NumPy's result is a single
number from a slice holding a NaN, NumPy hands back that NaN in the array's dtype even when the
result's dtype is wider (float32 data, a float64 NumPy scalar ``q``); kiln's type does not
depend on the data, so that NaN comes back in the wider dtype.
"""

from __future__ import annotations

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, emit_loop_nest
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_search import Handler, per_slice
from kiln.frontend.np_sort import sorting_handler
from kiln.frontend.promotion import promote
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, FLOAT64, INT64, ScalarType

Index = tuple[ir.Expr, ...]


def _handler(name: str, scale: float, bounds: str) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [
            ("a", REQUIRED),
            ("q", REQUIRED),
            ("axis", None),
            ("out", None),
            ("overwrite_input", None),
            ("method", None),
            ("keepdims", None),
        ]
        b = bind_args(ctx, name, args, kwargs, params)
        for refused in ("out", "overwrite_input"):
            if not is_none(b[refused]) and not (refused == "overwrite_input" and _false(b[refused])):
                raise UnsupportedError(f"{name}() with {refused}=", ctx.loc)
        method = b["method"]
        if not is_none(method) and not (isinstance(method, Const) and method.value == "linear"):
            raise UnsupportedError(f"{name}() with a method other than 'linear'", ctx.loc)
        a = b["a"]
        if not isinstance(a, ArrayView | Lazy):
            raise TypingError(f"{name}() expects an array", ctx.loc)
        if ScalarType(a.dtype).is_complex:
            raise TypingError("a must be an array of real numbers", ctx.loc)
        if ScalarType(a.dtype).is_bool:
            raise UnsupportedError(f"{name}() of booleans (NumPy's subtraction of booleans fails)", ctx.loc)
        q = _fractions(ctx, b["q"], scale, bounds, name)
        keep = not is_none(b["keepdims"]) and const_bool(ctx, b["keepdims"], "keepdims")
        return _quantiles(ctx, a, q, const_axis(ctx, b["axis"]), keep)

    return handler


def _false(value: Value) -> bool:
    return isinstance(value, Scalar) and isinstance(value.expr, ir.Const) and not value.expr.value


class _Fractions:
    """``q / scale`` for each requested quantile: ``element(j)`` of ``count`` (None: a scalar)."""

    def __init__(self, values: Lazy | Scalar, t: ScalarType, weak: bool, scale: float) -> None:
        self.values, self.t, self.weak, self.scale = values, t, weak, scale
        self.count: ir.Expr | None = values.shape[0] if isinstance(values, Lazy) else None

    def element(self, j: ir.Expr | None) -> ir.Expr:
        if isinstance(self.values, Lazy):
            assert j is not None, "an array of quantiles is read at an index"
            raw = self.values.element((j,))
        else:
            raw = self.values.expr
        q = E.cast(raw, self.t)
        if self.scale == 1.0:
            return q
        return ir.Binary("truediv", q, ir.Const(self.scale, self.t), self.t)


def _fractions(ctx: Context, q: Value, scale: float, bounds: str, name: str) -> _Fractions:
    """The quantiles asked for, checked to lie in range when the statement runs."""
    if isinstance(q, Scalar):
        if q.type.is_complex:
            raise TypingError(f"{name}() with a complex q", ctx.loc)
        if q.type.is_bool:
            raise UnsupportedError(f"{name}() with a boolean q", ctx.loc)
        t = ScalarType(q.type.dtype) if q.type.is_float and not q.type.weak else FLOAT64
        if q.type.is_integer and scale == 1.0:
            t = INT64  # NumPy's quantile keeps an integer q: it takes an element
        fractions = _Fractions(q, t, q.type.weak, scale)
    elif isinstance(q, ArrayView | Lazy) and q.ndim == 1:
        qt = ScalarType(q.dtype)
        if qt.is_complex or qt.is_bool:
            raise UnsupportedError(f"{name}() with a {qt.dtype} q", ctx.loc)
        t = qt if qt.is_float else INT64 if scale == 1.0 else FLOAT64
        fractions = _Fractions(as_lazy(q), t, False, scale)
    else:
        raise UnsupportedError(f"{name}() with q other than a number or a 1-d array", ctx.loc)

    def check(idx: Index) -> None:
        f = fractions.element(idx[0] if idx else None)
        low, high = (E.ZERO, E.ONE) if f.type.is_integer else (ir.Const(0.0, f.type), ir.Const(1.0, f.type))
        inside = ir.Binary("and", E.compare("ge", f, low), E.compare("le", f, high), BOOL)
        ctx.emit(ir.Check(inside, "ValueError", bounds))

    emit_loop_nest(ctx, () if fractions.count is None else (fractions.count,), check, parallel=False)
    return fractions


def _quantiles(
    ctx: Context, a: ArrayView | Lazy, q: _Fractions, axis: int | tuple[int, ...] | None, keep: bool
) -> Value:
    if isinstance(axis, tuple):
        raise UnsupportedError("quantiles over several axes", ctx.loc)
    data = ScalarType(a.dtype)
    ordered = sorting_handler("sort")(
        ctx, [a], {"axis": Const(None) if axis is None else Scalar(E.i64(axis))}
    )
    assert isinstance(ordered, ArrayView)
    k = 0 if axis is None else axis % a.ndim
    n = ctx.temp(ordered.shape[k], "n")
    msg = f"index -1 is out of bounds for axis {0 if axis is None else k} with size 0"
    ctx.emit(ir.Check(E.compare("gt", n, E.ZERO), "IndexError", msg))
    weight_type = FLOAT64 if q.weak else q.t
    if q.t.is_integer:  # quantile(a, 0) or (a, 1): NumPy takes the element, in a's dtype

        def taken(j: ir.Expr | None, idx: Index) -> ir.Expr:
            return _taken(ordered, n, q, j, idx, k)

        return per_slice(ctx, ordered, a.ndim, axis, keep, data.dtype, taken, q.count, _reads(q), "quantile")
    # The weight is a Python float (weak) or an array of q's dtype (not weak).
    lerp = (FLOAT64 if data.is_integer else data) if q.weak else promote(data, weight_type)

    def value_at(j: ir.Expr | None, idx: Index) -> ir.Expr:
        f = q.element(j)
        virtual = ir.Binary("mul", E.cast(E.sub(n, E.ONE), q.t), f, q.t)
        last = E.sub(n, E.ONE)
        floor = E.cast(ir.Call("floor", (virtual,), q.t), INT64)
        above = E.compare("ge", virtual, E.cast(last, q.t))
        below = E.compare("lt", virtual, ir.Const(0.0, q.t))
        prev = ir.Select(above, last, ir.Select(below, E.ZERO, floor, INT64), INT64)
        nxt = ir.Select(above, last, ir.Select(below, E.ZERO, E.add(floor, E.ONE), INT64), INT64)
        # NumPy subtracts the index -1 (where it stands for the last element), not n - 1.
        taken = ir.Select(above, E.i64(-1), prev, INT64)
        gap = ir.Binary("sub", E.cast(virtual, FLOAT64), E.cast(taken, FLOAT64), FLOAT64)
        t = E.cast(gap, q.t) if not q.weak else gap

        def at(i: ir.Expr) -> ir.Expr:
            return ordered.load((*idx[:k], i, *idx[k:]))

        lo, hi = at(prev), at(nxt)
        diff = E.cast(ir.Binary("sub", hi, lo, data), lerp)
        one_minus = ir.Binary("sub", ir.Const(1.0, t.type), t, t.type)
        up = ir.Binary("add", E.cast(lo, lerp), ir.Binary("mul", diff, E.cast(t, lerp), lerp), lerp)
        down = ir.Binary("sub", E.cast(hi, lerp), ir.Binary("mul", diff, E.cast(one_minus, lerp), lerp), lerp)
        result = ir.Select(E.compare("ge", t, ir.Const(0.5, t.type)), down, up, lerp)
        if data.is_float:
            nan_last = ir.Call("isnan", (at(E.sub(n, E.ONE)),), BOOL)
            result = ir.Select(nan_last, E.cast(at(E.sub(n, E.ONE)), lerp), result, lerp)
        return result

    return per_slice(ctx, ordered, a.ndim, axis, keep, lerp.dtype, value_at, q.count, _reads(q), "quantile")


def _taken(ordered: ArrayView, n: ir.Expr, q: _Fractions, j: ir.Expr | None, idx: Index, k: int) -> ir.Expr:
    """The element at the integer virtual index ``(n - 1) * q``; the last one (NaN) where the
    slice holds a NaN."""
    last = E.sub(n, E.ONE)
    at = ir.Binary("mul", last, E.as_index(q.element(j)), INT64)
    where = ordered.load((*idx[:k], at, *idx[k:]))
    if not ScalarType(ordered.dtype).is_float:
        return where
    final = ordered.load((*idx[:k], last, *idx[k:]))
    return ir.Select(ir.Call("isnan", (final,), BOOL), final, where, where.type)


def _reads(q: _Fractions) -> tuple[ArrayView, ...]:
    return tuple(q.values.reads) if isinstance(q.values, Lazy) else ()


def table() -> dict[object, Handler]:
    return {
        np.quantile: _handler("quantile", 1.0, "Quantiles must be in the range [0, 1]"),
        np.percentile: _handler("percentile", 100.0, "Percentiles must be in the range [0, 100]"),
    }
