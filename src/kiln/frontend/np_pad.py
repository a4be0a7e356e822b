"""``np.pad`` and ``np.resize``: new arrays whose elements are elements of the input, chosen by
an index map (no data moves until a consumer reads them, so both fuse into what follows).

``np.pad`` takes NumPy's forms of ``pad_width`` (a number, ``(before, after)``, or one pair
per axis; known at run time, negative widths raise NumPy's ``ValueError``) and the modes
``constant`` (a number, stored as kiln stores a number into the array: floats truncate into
integers, and a value out of an integer dtype's range raises ``OverflowError``), ``edge``,
``wrap``, ``reflect`` and ``symmetric``. NumPy fills wide pads of the last three a chunk at a
time; the result is the periodic extension of the input (period ``n`` for wrap, ``2n`` for
symmetric, ``2(n - 1)`` for reflect), which is what kiln reads. Other modes, a
``reflect_type`` of ``"odd"`` and per-axis constants are refused with a location.

``np.resize`` repeats the flattened input to fill the new shape (zeros when either is empty).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, setitem_scalar
from kiln.frontend.callargs import REQUIRED, bind_args, int_arg, is_none, shape_arg
from kiln.frontend.context import Context
from kiln.frontend.np_layout import raveled
from kiln.frontend.np_shapes import array_operand
from kiln.frontend.values import Const, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
Index = tuple[ir.Expr, ...]
Pair = tuple[ir.Expr, ir.Expr]
_PERIODIC = ("wrap", "reflect", "symmetric")


def np_pad(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("array", REQUIRED), ("pad_width", REQUIRED), ("mode", Const("constant"))]
    params += [("constant_values", None), ("reflect_type", None), ("stat_length", None), ("end_values", None)]
    b = bind_args(ctx, "pad", args, kwargs, params)
    mode = b["mode"].value if isinstance(b["mode"], Const) else None
    if mode not in ("constant", "edge", *_PERIODIC):
        raise UnsupportedError(
            f"pad() with mode {mode!r} (kiln pads constant, edge, wrap, reflect, symmetric)", ctx.loc
        )
    reflect_type = b["reflect_type"]
    if not is_none(reflect_type) and not (isinstance(reflect_type, Const) and reflect_type.value == "even"):
        raise UnsupportedError("pad() with reflect_type other than 'even'", ctx.loc)
    if not is_none(b["stat_length"]) or not is_none(b["end_values"]):
        raise UnsupportedError("pad() with stat_length or end_values", ctx.loc)
    a = as_lazy(array_operand(ctx, b["array"], "pad"))
    dtype = ScalarType(a.dtype)
    pairs = _pad_pairs(ctx, b["pad_width"], a.ndim)
    fill = _constant(ctx, b["constant_values"], dtype) if mode == "constant" else None
    if mode != "constant":
        for axis, ((before, after), n) in enumerate(zip(pairs, a.shape)):
            padded = ir.Binary("or", E.compare("gt", before, E.ZERO), E.compare("gt", after, E.ZERO), BOOL)
            usable = ir.Binary("or", E.compare("gt", n, E.ZERO), ir.Unary("not", padded, BOOL), BOOL)
            msg = f"can't extend empty axis {axis} using modes other than 'constant' or 'empty'"
            ctx.emit(ir.Check(usable, "ValueError", msg))
    shape = tuple(
        ctx.temp(E.add(E.add(n, before), after), "len") for n, (before, after) in zip(a.shape, pairs)
    )

    def element(idx: Index) -> ir.Expr:
        source = tuple(_source(mode, E.sub(i, before), n) for i, (before, _), n in zip(idx, pairs, a.shape))
        value = a.element(source)
        if fill is None:
            return value
        inside: ir.Expr = ir.Const(True, BOOL)
        for i, (before, _), n in zip(idx, pairs, a.shape):
            j = E.sub(i, before)
            within = ir.Binary("and", E.compare("ge", j, E.ZERO), E.compare("lt", j, n), BOOL)
            inside = ir.Binary("and", inside, within, BOOL)
        return ir.Select(inside, value, fill, dtype)

    return Lazy(a.dtype, shape, element, a.reads)


def _source(mode: str, j: ir.Expr, n: ir.Expr) -> ir.Expr:
    """The input index read for padded position ``j`` (``j - before``; inside when in [0, n))."""
    if mode in ("constant", "edge"):  # constant: clamped, so the read stays in bounds
        return E.imin(E.imax(j, E.ZERO), E.imax(E.sub(n, E.ONE), E.ZERO))
    if mode == "wrap":
        return ir.Binary("mod", j, E.imax(n, E.ONE), INT64)
    if mode == "symmetric":
        period = E.imax(E.mul(n, E.i64(2)), E.ONE)
        m = ir.Binary("mod", j, period, INT64)
        return ir.Select(E.compare("lt", m, n), m, E.sub(E.sub(period, E.ONE), m), INT64)
    period = E.imax(E.mul(E.sub(n, E.ONE), E.i64(2)), E.ONE)  # reflect; n == 1 reads element 0
    m = ir.Binary("mod", j, period, INT64)
    return ir.Select(E.compare("lt", m, n), m, E.sub(period, m), INT64)


def _pad_pairs(ctx: Context, width: Value, ndim: int) -> list[Pair]:
    """``pad_width`` as one (before, after) pair per axis, NumPy's broadcasting of the forms."""
    rows = _nested(ctx, width)
    if isinstance(rows, ir.Expr):
        pairs = [(rows, rows)] * ndim
    elif all(isinstance(r, ir.Expr) for r in rows) and len(rows) in (1, 2):
        first, last = rows[0], rows[-1]
        assert isinstance(first, ir.Expr) and isinstance(last, ir.Expr)
        pairs = [(first, last)] * ndim
    elif all(isinstance(r, list) and len(r) in (1, 2) for r in rows) and len(rows) in (1, ndim):
        pairs = [(r[0], r[-1]) for r in rows if isinstance(r, list)]
        pairs = pairs * ndim if len(pairs) == 1 else pairs
    else:
        raise TypingError(f"pad_width does not fit an array of {ndim} dimensions", ctx.loc)
    for before, after in pairs:
        for w in (before, after):
            ctx.emit(
                ir.Check(E.compare("ge", w, E.ZERO), "ValueError", "index can't contain negative values")
            )
    return [(ctx.temp(b, "before"), ctx.temp(a, "after")) for b, a in pairs]


def _nested(ctx: Context, value: Value) -> ir.Expr | list:
    if isinstance(value, TupleValue):
        return [_nested(ctx, item) for item in value.items]
    return int_arg(ctx, value, "pad_width")


def _constant(ctx: Context, value: Value, dtype: ScalarType) -> ir.Expr:
    if is_none(value):
        return E.cast(E.ZERO, dtype)
    if not isinstance(value, Scalar):
        raise UnsupportedError("pad() with constant_values other than one number", ctx.loc)
    if value.type.is_complex and not dtype.is_complex:
        raise TypingError("pad() of a real array with a complex constant", ctx.loc)
    return setitem_scalar(ctx, value, dtype)  # as NumPy assigns it to the pad area


def np_resize(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "resize", args, kwargs, [("a", REQUIRED), ("new_shape", REQUIRED)])
    flat = raveled(as_lazy(array_operand(ctx, b["a"], "resize")))
    shape = tuple(ctx.temp(d, "len") for d in shape_arg(ctx, b["new_shape"]))
    for d in shape:
        ctx.emit(
            ir.Check(
                E.compare("ge", d, E.ZERO), "ValueError", "all elements of `new_shape` must be non-negative"
            )
        )
    size = ctx.temp(flat.shape[0], "size")
    dtype = ScalarType(flat.dtype)

    def element(idx: Index) -> ir.Expr:
        linear: ir.Expr = E.ZERO
        for i, d in zip(idx, shape):
            linear = E.add(E.mul(linear, d), i)
        value = flat.element((ir.Binary("mod", linear, E.imax(size, E.ONE), INT64),))
        return ir.Select(E.compare("gt", size, E.ZERO), value, E.cast(E.ZERO, dtype), dtype)

    return Lazy(flat.dtype, shape, element, flat.reads)


def table() -> dict[object, Handler]:
    return {np.pad: np_pad, np.resize: np_resize}
