"""``np.histogram2d(x, y, bins=10, range=None, density=None, weights=None)`` as NumPy computes
it (through ``histogramdd``), which differs from ``np.histogram``'s binning: x and y are one
sample of their common dtype; an integer number of bins gives ``linspace`` edges between the
range (else the sample's min and max, widened by 0.5 each way when equal); each value's bin is
``searchsorted(edges, v, side='right')``, one less for a value equal to the last edge, and the
values outside the edges are dropped. The histogram is float64 (counts, or weights summed in
double in the order of the points); ``density`` divides by the bin areas, then by the total."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, emit_loop_nest, materialize
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_histogram import Histogram
from kiln.frontend.np_search import search
from kiln.frontend.np_shapes import sequence_operand
from kiln.frontend.promotion import promote
from kiln.frontend.reductions import reduce
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, FLOAT64, INT64, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def np_histogram2d(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("x", REQUIRED), ("y", REQUIRED), ("bins", 10), ("range", None), ("density", None)]
    b = bind_args(ctx, "histogram2d", args, kwargs, [*params, ("weights", None)])
    x, y = _coordinates(ctx, b["x"], "x"), _coordinates(ctx, b["y"], "y")
    n = ctx.temp(x.shape[0], "npoints")
    same = E.compare("eq", n, y.shape[0])
    ctx.emit(ir.Check(same, "ValueError", "histogram2d(): x and y must have the same length"))
    sample_t = promote(ScalarType(x.dtype), ScalarType(y.dtype)).strong()
    if sample_t.is_complex or sample_t.is_bool:
        raise UnsupportedError(f"histogram2d() of {sample_t.dtype} values", ctx.loc)
    columns = [_column(x, sample_t), _column(y, sample_t)]
    ranges = _ranges(ctx, b["range"])
    edges = [_edges(ctx, columns[i], spec, ranges[i], i) for i, spec in enumerate(_bins(ctx, b["bins"]))]
    weights = None if is_none(b["weights"]) else _weights(ctx, b["weights"], n)
    hist = _count(ctx, columns, edges, weights, n)
    density = not is_none(b["density"]) and const_bool(ctx, b["density"], "density")
    return TupleValue((_density(ctx, hist, edges) if density else hist, *edges))


def _coordinates(ctx: Context, v: Value, what: str) -> ArrayView | Lazy:
    v = sequence_operand(ctx, v, f"histogram2d() {what}")
    if v.ndim != 1:
        raise UnsupportedError(f"histogram2d() with {v.ndim}-d {what} (NumPy takes 1-d coordinates)", ctx.loc)
    return v


def _column(v: ArrayView | Lazy, t: ScalarType) -> Lazy:
    lazy = as_lazy(v)
    return Lazy(t.dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def _ranges(ctx: Context, value: Value) -> list[Value]:
    if is_none(value):
        return [value, value]
    if not (isinstance(value, TupleValue) and len(value.items) == 2):
        raise TypingError("histogram2d(): 'range' must be two pairs of numbers (or None)", ctx.loc)
    return list(value.items)


def _bins(ctx: Context, value: Value) -> list[Value]:
    """Per axis, a number of bins or an array of edges, as NumPy reads ``bins``: a number, a
    pair (each a number or edges), or one array of edges for both axes."""
    if isinstance(value, int):  # the default
        value = Scalar(ir.Const(value, PY_INT))
    if isinstance(value, Scalar):
        return [value, value]
    if isinstance(value, TupleValue) and len(value.items) == 2:
        return list(value.items)
    if isinstance(value, TupleValue) and len(value.items) > 2:
        edges = sequence_operand(ctx, value, "histogram2d() bins")
        return [edges, edges]
    if isinstance(value, ArrayView | Lazy) and value.ndim == 1:
        edges = value if isinstance(value, ArrayView) else materialize(ctx, value)
        # NumPy reads an array of two as two numbers of bins: only longer ones are edges here
        longer = E.compare("gt", edges.shape[0], E.i64(2))
        msg = "histogram2d(): kiln takes an array of bins as edges only when it holds more than 2"
        ctx.emit(ir.Check(longer, "ValueError", msg))
        return [edges, edges]
    raise TypingError("histogram2d(): 'bins' must be a number, a pair, or an array of edges", ctx.loc)


def _edges(ctx: Context, column: Lazy, spec: Value, range_: Value, axis: int) -> ArrayView:
    if isinstance(spec, Scalar):
        if not (spec.type.is_integer or spec.type.is_bool):
            raise TypingError(f"`bins[{axis}]` must be an integer, when a scalar", ctx.loc)
        count = ctx.temp(E.as_index(spec.expr), "nbins")
        msg = f"`bins[{axis}]` must be positive, when an integer"
        ctx.emit(ir.Check(E.compare("ge", count, E.ONE), "ValueError", msg))
        from kiln.frontend.numpy_ops import np_linspace  # numpy_ops builds its table from this module

        if is_none(range_) and column.dtype == "float32":
            raise UnsupportedError(
                "histogram2d() of float32 values without a range for a number of bins (NumPy's "
                "edges are float32 then, but float64 when there are no values): pass range=",
                ctx.loc,
            )
        outer = Histogram(ctx, column, None)
        first, last = outer.widen_if_equal(*outer.outer_edges(range_))
        edges = np_linspace(ctx, [first, last, Scalar(E.add(count, E.ONE))], {})
        assert isinstance(edges, Lazy)
        return materialize(ctx, edges)
    edges_value = sequence_operand(ctx, spec, "histogram2d() bins")
    if edges_value.ndim != 1:
        raise ShapeError(f"`bins[{axis}]` must be a scalar or 1d array", ctx.loc)
    edges = edges_value if isinstance(edges_value, ArrayView) else materialize(ctx, edges_value)
    count = ctx.temp(edges.shape[0], "nedges")
    ctx.emit(ir.Check(E.compare("ge", count, E.ONE), "ValueError", f"`bins[{axis}]` must not be empty"))
    msg = f"`bins[{axis}]` must be monotonically increasing, when an array"

    def increasing(idx: tuple[ir.Expr, ...]) -> None:
        i = idx[0]
        ok = ir.Unary("not", E.compare("gt", edges.load((i,)), edges.load((E.add(i, E.ONE),))), BOOL)
        ctx.emit(ir.Check(ok, "ValueError", msg))

    emit_loop_nest(ctx, (E.imax(E.sub(count, E.ONE), E.ZERO),), increasing, parallel=False)
    return edges


def _weights(ctx: Context, value: Value, n: ir.Expr) -> Lazy:
    w = sequence_operand(ctx, value, "histogram2d() weights")
    if w.ndim != 1 or ScalarType(w.dtype).is_complex:
        raise UnsupportedError("histogram2d() weights other than a 1-d real array", ctx.loc)
    msg = "The weights and list don't have the same length."
    ctx.emit(ir.Check(E.compare("eq", w.shape[0], n), "ValueError", msg))
    return as_lazy(w)


def _count(
    ctx: Context, columns: list[Lazy], edges: list[ArrayView], weights: Lazy | None, n: ir.Expr
) -> ArrayView:
    """``hist[i, j] += w`` for each point in order whose bins ``i, j`` are inside the edges."""
    nbins = [ctx.temp(E.sub(e.shape[0], E.ONE), "nbins") for e in edges]
    hist = new_array(ctx, "hist2d", "float64", tuple(nbins))
    zero = ir.Const(0.0, FLOAT64)
    emit_loop_nest(ctx, tuple(nbins), lambda idx: ctx.emit(ir.Store(hist.base, idx, zero)), parallel=False)

    def point(idx: tuple[ir.Expr, ...]) -> None:
        at: list[ir.Expr] = []
        inside: ir.Expr = ir.Const(True, BOOL)
        for column, e, nb in zip(columns, edges, nbins):
            t = promote(ScalarType(e.dtype), ScalarType(column.dtype)).strong()
            v = ctx.temp(E.cast(column.element(idx), t), "v")
            found = search(ctx, e, v, True, t)
            on_edge = E.compare("eq", v, E.cast(e.load((nb,)), t))
            k = ctx.temp(E.sub(ir.Select(on_edge, E.sub(found, E.ONE), found, INT64), E.ONE), "bin")
            inside = ir.Binary("and", inside, E.compare("ge", k, E.ZERO), BOOL)
            inside = ir.Binary("and", inside, E.compare("lt", k, nb), BOOL)
            at.append(k)
        w = ir.Const(1.0, FLOAT64) if weights is None else E.cast(weights.element(idx), FLOAT64)
        with ctx.block() as add:
            total = ir.Binary("add", ir.Load(hist.base, tuple(at), FLOAT64), w, FLOAT64)
            ctx.emit(ir.Store(hist.base, tuple(at), total))
        ctx.emit(ir.If(ctx.temp(inside, "inside"), tuple(add)))

    emit_loop_nest(ctx, (n,), point, parallel=False)
    return hist


def _density(ctx: Context, hist: ArrayView, edges: list[ArrayView]) -> Value:
    """``hist / dx[:, None] / dy[None, :] / hist.sum()``, in NumPy's order."""
    total = reduce(ctx, "sum", hist)
    assert isinstance(total, Scalar)
    s = ctx.temp(total.expr, "total")

    def width(e: ArrayView, i: ir.Expr) -> ir.Expr:
        t = ScalarType(e.dtype)
        return E.cast(
            ir.Binary("sub", E.cast(e.load((E.add(i, E.ONE),)), t), E.cast(e.load((i,)), t), t), FLOAT64
        )

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        h = ir.Binary("truediv", hist.load(idx), width(edges[0], idx[0]), FLOAT64)
        h = ir.Binary("truediv", h, width(edges[1], idx[1]), FLOAT64)
        return ir.Binary("truediv", h, s, FLOAT64)

    return materialize(ctx, Lazy("float64", hist.shape, element, (hist, *edges)))


def table() -> dict[object, Handler]:
    return {np.histogram2d: np_histogram2d}
