"""``np.polyfit(x, y, deg, rcond=None, full=False, w=None)``, NumPy's steps one by one: ``x``
and ``y`` made floating (``+ 0.0``), the Vandermonde matrix scaled column by column by its
norms, ``lstsq`` (NumPy's own call) with ``rcond = len(x) * eps``, the coefficients scaled
back. The column norms are kiln's sums, so the coefficients are NumPy's to rounding. A fit
whose matrix lost rank warns with NumPy's ``RankWarning`` (not with ``full=True``, as in
NumPy); ``cov`` is not supported."""

from __future__ import annotations

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, materialize
from kiln.frontend.callargs import REQUIRED, bind_args, const_bool, fold_int, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_composed import np_vander
from kiln.frontend.np_decompositions import np_lstsq
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, PY_FLOAT, PY_INT, ScalarType


def _floating(ctx: Context, value: Value, what: str) -> Lazy:
    if not isinstance(value, ArrayView | Lazy):
        raise TypingError(
            f"expected 1D vector for {what}" if what == "x" else "expected 1D or 2D array for y", ctx.loc
        )
    return as_lazy(materialize(ctx, apply_ufunc(ctx, "add", [value, Scalar(ir.Const(0.0, PY_FLOAT))])))  # type: ignore[arg-type]


def _column(v: Lazy) -> Lazy:
    """``v[:, None]``."""
    return Lazy(v.dtype, (v.shape[0], E.ONE), lambda idx: v.element(idx[:1]), v.reads)


def np_polyfit(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("x", REQUIRED), ("y", REQUIRED), ("deg", REQUIRED), ("rcond", None), ("full", False)]
    params += [("w", None), ("cov", False)]
    b = bind_args(ctx, "polyfit", args, kwargs, params)
    if b["cov"] is not False and const_bool(ctx, b["cov"], "polyfit(cov=...)"):
        raise UnsupportedError("np.polyfit(cov=True)", ctx.loc)
    deg = fold_int(b["deg"].expr) if isinstance(b["deg"], Scalar) else None
    if deg is None:
        raise UnsupportedError("np.polyfit(): deg must be an integer constant", ctx.loc)
    if deg < 0:
        raise TypingError("expected deg >= 0", ctx.loc)  # NumPy: ValueError
    order = deg + 1
    x, y = _floating(ctx, b["x"], "x"), _floating(ctx, b["y"], "y")
    if x.ndim != 1:
        raise TypingError("expected 1D vector for x", ctx.loc)
    if y.ndim not in (1, 2):
        raise TypingError("expected 1D or 2D array for y", ctx.loc)
    ctx.emit(ir.Check(E.compare("gt", x.shape[0], E.ZERO), "TypeError", "expected non-empty vector for x"))
    same = E.compare("eq", x.shape[0], y.shape[0])
    ctx.emit(ir.Check(same, "TypeError", "expected x and y to have same length"))
    t = ScalarType(x.dtype)
    if is_none(b["rcond"]):
        eps = ir.Const(float(np.finfo(x.dtype).eps), t)
        rcond: Value = Scalar(ctx.temp(ir.Binary("mul", E.cast(x.shape[0], t), eps, t), "rcond"))
    else:
        rcond = b["rcond"]
    lhs: Value = np_vander(ctx, [x, Scalar(ir.Const(order, PY_INT))], {})
    rhs: Value = y
    if not is_none(b["w"]):
        w = _floating(ctx, b["w"], "w")
        if w.ndim != 1:
            raise TypingError("expected a 1-d array for weights", ctx.loc)
        ctx.emit(
            ir.Check(
                E.compare("eq", w.shape[0], y.shape[0]),
                "TypeError",
                "expected w and y to have the same length",
            )
        )
        lhs = apply_ufunc(ctx, "multiply", [lhs, _column(w)])  # type: ignore[list-item]
        rhs = apply_ufunc(ctx, "multiply", [rhs, _column(w) if y.ndim == 2 else w])  # type: ignore[list-item]
    squares = apply_ufunc(ctx, "multiply", [lhs, lhs])  # type: ignore[list-item]
    norms = apply_ufunc(ctx, "sqrt", [reduce(ctx, "sum", squares, 0)])
    assert isinstance(norms, Lazy)  # one per column of a 2-d array
    scale = as_lazy(materialize(ctx, norms))
    divided = apply_ufunc(ctx, "divide", [lhs, scale])  # type: ignore[list-item]
    assert isinstance(divided, Lazy)
    scaled = materialize(ctx, divided)
    result = np_lstsq(ctx, [scaled, materialize(ctx, as_lazy(rhs))], {"rcond": rcond})  # type: ignore[arg-type]
    assert isinstance(result, TupleValue)
    c = result.items[0]
    assert isinstance(c, ArrayView)
    coefficients = apply_ufunc(ctx, "divide", [c, _column(scale) if c.ndim == 2 else scale])
    if b["full"] is False or not const_bool(ctx, b["full"], "polyfit(full=...)"):
        rank = result.items[2]
        assert isinstance(rank, Scalar)
        with ctx.block() as warn:
            ctx.emit(ir.LibCall("rank_warning", (), ()))
        ctx.emit(ir.If(E.compare("ne", E.cast(rank.expr, INT64), E.i64(order)), tuple(warn)))
        return coefficients
    return TupleValue((coefficients, *result.items[1:], rcond))


def table() -> dict[object, object]:
    return {np.polyfit: np_polyfit}
