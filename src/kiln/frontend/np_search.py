"""Searching sorted data: ``searchsorted`` (``side``; NaN sorts last, as in NumPy's comparison),
``digitize`` (increasing or decreasing bins, ``right``), ``interp`` (NumPy's C routine step for
step: the slope form and its NaN fallbacks, ``left``/``right``), and ``bincount`` (``weights``,
``minlength``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import (
    as_lazy,
    broadcast_shapes,
    element_type,
    emit_loop_nest,
    index_adapter,
    materialize,
)
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, int_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_layout import raveled
from kiln.frontend.np_shapes import flip_axes
from kiln.frontend.np_sort import sorting_handler
from kiln.frontend.promotion import promote
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, FLOAT64, INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
Index = tuple[ir.Expr, ...]


def _one_d_array(ctx: Context, v: Value, what: str) -> ArrayView:
    if not isinstance(v, ArrayView | Lazy) or v.ndim != 1:
        raise TypingError(f"{what} must be a 1-d array", ctx.loc)
    return v if isinstance(v, ArrayView) else materialize(ctx, v)


def _less(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    """NumPy's sort order: NaN after every number."""
    if not a.type.is_float:
        return E.compare("lt", a, b)
    b_nan = ir.Call("isnan", (b,), BOOL)
    a_num = ir.Unary("not", ir.Call("isnan", (a,), BOOL), BOOL)
    return ir.Binary("or", E.compare("lt", a, b), ir.Binary("and", b_nan, a_num, BOOL), BOOL)


def search(ctx: Context, a: ArrayView, x: ir.Expr, right: bool, t: ScalarType) -> ir.Var:
    """The index where ``x`` goes into sorted ``a`` (a binary search; both compared as ``t``)."""
    xc = ctx.temp(E.cast(x, t), "x")
    lo, hi = ctx.variable("lo", E.ZERO), ctx.variable("hi", a.shape[0])
    with ctx.block() as step:
        mid = ctx.temp(E.floordiv(E.add(lo, hi), E.i64(2)), "mid")
        am = E.cast(a.load((mid,)), t)
        before = ir.Unary("not", _less(xc, am), BOOL) if right else _less(am, xc)
        ctx.emit(ir.Assign(lo.name, ir.Select(before, E.add(mid, E.ONE), lo, INT64)))
        ctx.emit(ir.Assign(hi.name, ir.Select(before, hi, mid, INT64)))
    ctx.emit(ir.While(E.compare("lt", lo, hi), tuple(step)))
    return lo


def each_element(ctx: Context, v: Value, dtype: str, what: str, one: Callable[[ir.Expr], ir.Expr]) -> Value:
    """``one`` (which may emit statements, a loop or a search) applied to every element of ``v``
    into a new array of ``dtype``; a scalar gives a scalar."""
    if isinstance(v, Scalar):
        return Scalar(ctx.temp(one(ctx.temp(v.expr, "x")), what))
    if not isinstance(v, ArrayView | Lazy):
        raise TypingError(f"{what}() expects numbers or an array", ctx.loc)
    values = as_lazy(v)
    out = new_array(ctx, what, dtype, values.shape)

    def store(idx: Index) -> None:
        ctx.emit(ir.Store(out.base, idx, one(ctx.temp(values.element(idx), "x"))))

    emit_loop_nest(ctx, values.shape, store, parallel=False)
    return out


def _side(ctx: Context, value: object) -> bool:
    side = value.value if isinstance(value, Const) else None
    if side not in ("left", "right"):
        raise TypingError(f"side must be 'left' or 'right' (got {side!r})", ctx.loc)
    return side == "right"


def np_searchsorted(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("v", REQUIRED), ("side", Const("left")), ("sorter", None)]
    b = bind_args(ctx, "searchsorted", args, kwargs, params)
    if not is_none(b["sorter"]):
        raise UnsupportedError("searchsorted() with sorter=", ctx.loc)
    a = _one_d_array(ctx, b["a"], "searchsorted(): 'a'")
    right = _side(ctx, b["side"])
    v = b["v"]
    t = promote(ScalarType(a.dtype), element_type(v)).strong()
    return each_element(ctx, v, "int64", "searchsorted", lambda x: search(ctx, a, x, right, t))


def np_digitize(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "digitize", args, kwargs, [("x", REQUIRED), ("bins", REQUIRED), ("right", None)])
    bins = _one_d_array(ctx, b["bins"], "digitize(): 'bins'")
    right = b["right"] is not None and const_bool(ctx, b["right"], "right")
    x = b["x"]
    if element_type(x).is_complex:
        raise TypingError("x may not be complex", ctx.loc)
    n = ctx.temp(bins.shape[0], "nbins")
    decreasing = _monotonic(ctx, bins, n)
    reverse = _reversed(bins)
    t = promote(ScalarType(bins.dtype), element_type(x)).strong()

    def one(xv: ir.Expr) -> ir.Expr:
        up = search(ctx, bins, xv, not right, t)
        down = search(ctx, reverse, xv, not right, t)
        return ir.Select(decreasing, E.sub(n, down), up, INT64)

    return each_element(ctx, x, "int64", "digitize", one)


def _reversed(v: ArrayView) -> ArrayView:
    flipped = flip_axes(v, (0,))
    assert isinstance(flipped, ArrayView)
    return flipped


def _monotonic(ctx: Context, bins: ArrayView, n: ir.Expr) -> ir.Var:
    """True where ``bins`` decrease, false where they increase; ValueError where neither (NumPy's
    ``_monotonicity``: ties allowed, and equal bins count as increasing)."""
    up, down = ctx.variable("up", E.bool_true()), ctx.variable("down", E.bool_true())

    def body(idx: Index) -> None:
        i = idx[0]
        prev, cur = bins.load((i,)), bins.load((E.add(i, E.ONE),))
        ctx.emit(ir.Assign(up.name, ir.Binary("and", up, ir.Unary("not", _less(cur, prev), BOOL), BOOL)))
        ctx.emit(ir.Assign(down.name, ir.Binary("and", down, ir.Unary("not", _less(prev, cur), BOOL), BOOL)))

    emit_loop_nest(ctx, (E.imax(E.sub(n, E.ONE), E.ZERO),), body, parallel=False)
    either = ir.Binary("or", up, down, BOOL)
    ctx.emit(ir.Check(either, "ValueError", "bins must be monotonically increasing or decreasing"))
    return ctx.variable("decreasing", ir.Binary("and", down, ir.Unary("not", up, BOOL), BOOL))


def np_interp(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("x", REQUIRED), ("xp", REQUIRED), ("fp", REQUIRED), ("left", None), ("right", None)]
    params += [("period", None)]
    b = bind_args(ctx, "interp", args, kwargs, params)
    if not is_none(b["period"]):
        raise UnsupportedError("interp() with period=", ctx.loc)
    xp, fp = _one_d_array(ctx, b["xp"], "interp(): 'xp'"), _one_d_array(ctx, b["fp"], "interp(): 'fp'")
    if ScalarType(fp.dtype).is_complex or element_type(b["x"]).is_complex:
        raise UnsupportedError("interp() of complex values", ctx.loc)
    n = ctx.temp(xp.shape[0], "n")
    ctx.emit(ir.Check(E.compare("gt", n, E.ZERO), "ValueError", "array of sample points is empty"))
    same = E.compare("eq", fp.shape[0], n)
    ctx.emit(ir.Check(same, "ValueError", "fp and xp are not of the same length."))
    f = FLOAT64

    def xp_at(i: ir.Expr) -> ir.Expr:
        return E.cast(xp.load((i,)), f)

    def fp_at(i: ir.Expr) -> ir.Expr:
        return E.cast(fp.load((i,)), f)

    last = ctx.temp(E.sub(n, E.ONE), "last")
    lval = ctx.temp(fp_at(E.ZERO) if is_none(b["left"]) else _float(ctx, b["left"]), "lval")
    rval = ctx.temp(fp_at(last) if is_none(b["right"]) else _float(ctx, b["right"]), "rval")

    def one(xv: ir.Expr) -> ir.Expr:
        x = ctx.temp(E.cast(xv, f), "xv")
        j = ctx.temp(E.sub(search(ctx, xp, x, True, f), E.ONE), "j")
        res = ctx.variable("res", x)  # NaN stays NaN
        below, above = E.compare("lt", x, xp_at(E.ZERO)), E.compare("gt", x, xp_at(last))
        at_end = ir.Binary("or", E.compare("eq", j, last), E.compare("eq", xp_at(j), x), BOOL)
        with ctx.block() as known:
            with ctx.block() as low:
                ctx.emit(ir.Assign(res.name, lval))
            with ctx.block() as rest:
                with ctx.block() as high:
                    ctx.emit(ir.Assign(res.name, rval))
                with ctx.block() as inside:
                    with ctx.block() as exact:
                        ctx.emit(ir.Assign(res.name, fp_at(j)))
                    with ctx.block() as between:
                        _interpolate(ctx, res, x, j, (xp_at, fp_at))
                    ctx.emit(ir.If(at_end, tuple(exact), tuple(between)))
                ctx.emit(ir.If(above, tuple(high), tuple(inside)))
            ctx.emit(ir.If(below, tuple(low), tuple(rest)))
        ctx.emit(ir.If(ir.Unary("not", ir.Call("isnan", (x,), BOOL), BOOL), tuple(known)))
        with ctx.block() as single:  # one sample: NumPy's own branch (a NaN gets fp[0])
            value = ir.Select(above, rval, fp_at(E.ZERO), f)
            ctx.emit(ir.Assign(res.name, ir.Select(below, lval, value, f)))
        ctx.emit(ir.If(E.compare("eq", n, E.ONE), tuple(single)))
        return res

    return each_element(ctx, b["x"], "float64", "interp", one)


def _interpolate(
    ctx: Context,
    res: ir.Var,
    x: ir.Expr,
    j: ir.Expr,
    at: tuple[Callable[..., ir.Expr], Callable[..., ir.Expr]],
) -> None:
    """NumPy's step between samples ``j`` and ``j + 1``, with its fallbacks where it is NaN."""
    xp_at, fp_at = at
    f = FLOAT64
    k = E.add(j, E.ONE)
    slope = ctx.temp(
        ir.Binary(
            "truediv", ir.Binary("sub", fp_at(k), fp_at(j), f), ir.Binary("sub", xp_at(k), xp_at(j), f), f
        ),
        "slope",
    )
    ctx.emit(
        ir.Assign(
            res.name,
            ir.Binary("add", ir.Binary("mul", slope, ir.Binary("sub", x, xp_at(j), f), f), fp_at(j), f),
        )
    )
    with ctx.block() as other:
        ctx.emit(
            ir.Assign(
                res.name,
                ir.Binary("add", ir.Binary("mul", slope, ir.Binary("sub", x, xp_at(k), f), f), fp_at(k), f),
            )
        )
        flat = ir.Binary("and", ir.Call("isnan", (res,), BOOL), E.compare("eq", fp_at(j), fp_at(k)), BOOL)
        with ctx.block() as level:
            ctx.emit(ir.Assign(res.name, fp_at(j)))
        ctx.emit(ir.If(flat, tuple(level)))
    ctx.emit(ir.If(ir.Call("isnan", (res,), BOOL), tuple(other)))


def _float(ctx: Context, v: Value) -> ir.Expr:
    if isinstance(v, Scalar) and not v.type.is_complex:
        return E.cast(v.expr, FLOAT64)
    raise UnsupportedError("interp() with array or complex left/right", ctx.loc)


def np_bincount(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "bincount", args, kwargs, [("x", REQUIRED), ("weights", None), ("minlength", None)])
    x = b["x"]
    if (
        not isinstance(x, ArrayView | Lazy)
        or x.ndim != 1
        or not (ScalarType(x.dtype).is_integer or x.dtype == "bool")
    ):
        raise TypingError("bincount() takes a 1-d array of non-negative integers", ctx.loc)
    xs = x if isinstance(x, ArrayView) else materialize(ctx, x)
    minlength = (
        E.ZERO
        if is_none(b["minlength"])
        else ctx.temp(int_arg(ctx, b["minlength"], "minlength"), "minlength")
    )
    ctx.emit(ir.Check(E.compare("ge", minlength, E.ZERO), "ValueError", "'minlength' must not be negative"))
    top = ctx.variable("top", E.i64(-1))

    def scan(idx: Index) -> None:
        v = E.as_index(xs.load(idx))
        ctx.emit(
            ir.Check(
                E.compare("ge", v, E.ZERO), "ValueError", "'list' argument must have no negative elements"
            )
        )
        ctx.emit(ir.Assign(top.name, E.imax(top, v)))

    emit_loop_nest(ctx, xs.shape, scan, parallel=False)
    length = ctx.temp(E.imax(E.add(top, E.ONE), minlength), "nbins")
    weights = b["weights"]
    dtype = "int64" if is_none(weights) else "float64"
    out = new_array(ctx, "bincount", dtype, (length,))
    zero = E.cast(E.ZERO, ScalarType(dtype))
    emit_loop_nest(ctx, (length,), lambda idx: ctx.emit(ir.Store(out.base, idx, zero)), parallel=False)
    if not is_none(weights):
        if not isinstance(weights, ArrayView | Lazy) or weights.ndim != 1:
            raise TypingError("bincount(): weights must be a 1-d array", ctx.loc)
        ctx.emit(
            ir.Check(
                E.compare("eq", weights.shape[0], xs.shape[0]),
                "ValueError",
                "The weights and list don't have the same length.",
            )
        )
    w = None if is_none(weights) else as_lazy(weights)

    def add(idx: Index) -> None:
        v = (E.as_index(xs.load(idx)),)
        t = ScalarType(dtype)
        inc = E.cast(w.element(idx), t) if w is not None else E.cast(E.ONE, t)
        ctx.emit(ir.Store(out.base, v, ir.Binary("add", ir.Load(out.base, v, t), inc, t)))

    emit_loop_nest(ctx, xs.shape, add, parallel=False)
    return out


# --------------------------------------------------------------------- median
def np_median(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """NumPy's median: the middle element of each sorted slice, or the mean of the middle two
    (``(a + b) / 2`` in the result dtype, as ``np.mean`` of two computes it); NaN where a slice
    holds a NaN or is empty. Integers give float64."""
    params = [("a", REQUIRED), ("axis", None), ("out", None), ("overwrite_input", None), ("keepdims", None)]
    b = bind_args(ctx, "median", args, kwargs, params)
    if not is_none(b["out"]):
        raise UnsupportedError("median() with out=", ctx.loc)
    a = b["a"]
    if not isinstance(a, ArrayView | Lazy):
        raise TypingError("median() expects an array", ctx.loc)
    if ScalarType(a.dtype).is_complex:
        raise UnsupportedError("median() of complex values", ctx.loc)
    axis = const_axis(ctx, b["axis"])
    if isinstance(axis, tuple):
        raise UnsupportedError("median() over several axes", ctx.loc)
    keep = not is_none(b["keepdims"]) and const_bool(ctx, b["keepdims"], "keepdims")
    ndim = a.ndim
    ordered = sorting_handler("sort")(ctx, [a], {"axis": b["axis"] if axis is not None else Const(None)})
    assert isinstance(ordered, ArrayView)
    k = ordered.ndim - 1 if axis is None else axis % ndim
    t = ScalarType(a.dtype) if ScalarType(a.dtype).is_float else FLOAT64
    n = ctx.temp(ordered.shape[k], "n")
    lo, hi = ctx.temp(E.floordiv(E.sub(n, E.ONE), E.i64(2)), "lo"), ctx.temp(E.floordiv(n, E.i64(2)), "hi")
    nan = ir.Const(float("nan"), t)

    def element(idx: Index) -> ir.Expr:
        def at(i: ir.Expr) -> ir.Expr:
            return E.cast(ordered.load((*idx[:k], i, *idx[k:])), t)

        two = ir.Binary("truediv", ir.Binary("add", at(lo), at(hi), t), ir.Const(2.0, t), t)
        middle = ir.Select(E.compare("eq", lo, hi), at(lo), two, t)
        if t.is_float and ScalarType(a.dtype).is_float:
            middle = ir.Select(ir.Call("isnan", (at(E.sub(n, E.ONE)),), BOOL), nan, middle, t)
        return ir.Select(E.compare("gt", n, E.ZERO), middle, nan, t)

    return per_slice(ctx, ordered, ndim, axis, keep, t.dtype, lambda j, idx: element(idx), stem="median")


def per_slice(
    ctx: Context,
    ordered: ArrayView,
    ndim: int,
    axis: int | None,
    keep: bool,
    dtype: str,
    value_at: Callable[[ir.Expr | None, Index], ir.Expr],
    lead: ir.Expr | None = None,
    reads: tuple[ArrayView, ...] = (),
    stem: str = "value",
) -> Value:
    """One value per slice of the sorted ``ordered`` (sorted along ``axis`` of an ``ndim``-d
    input, or flattened for None). With ``lead`` (quantile's 1-d ``q``: a count, the arrays
    ``reads``), a leading axis of that many values per slice. The other axes follow, kept with
    length 1 under ``keep``; a number when no axis is left, as NumPy's. ``value_at(j, idx)`` is
    the value at lead index ``j`` (None without) and ``idx`` over the other axes."""
    k = 0 if axis is None else axis % ndim
    others = tuple(d for j, d in enumerate(ordered.shape) if j != k)
    if keep:
        kept = tuple(E.ONE if j == k else d for j, d in enumerate(ordered.shape))
        others = (E.ONE,) * ndim if axis is None else kept

    def element(idx: Index) -> ir.Expr:
        j, rest = (None, idx) if lead is None else (idx[0], idx[1:])
        if keep:
            rest = () if axis is None else (*rest[:k], *rest[k + 1 :])
        return value_at(j, rest)

    shape = others if lead is None else (lead, *others)
    result = Lazy(dtype, shape, element, (ordered, *reads))
    if not shape:
        return Scalar(ctx.temp(result.element(()), stem))
    return result


# ------------------------------------------------------------ take_along_axis
def np_take_along_axis(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``arr`` indexed along ``axis`` by ``indices`` (NumPy's fancy index of aranges: the other
    axes broadcast); out-of-range indices raise ``IndexError`` first, negative ones wrap."""
    b = bind_args(
        ctx,
        "take_along_axis",
        args,
        kwargs,
        [("arr", REQUIRED), ("indices", REQUIRED), ("axis", Scalar(E.i64(-1)))],
    )
    arr, indices = b["arr"], b["indices"]
    if not isinstance(arr, ArrayView | Lazy) or not isinstance(indices, ArrayView | Lazy):
        raise TypingError("take_along_axis() takes two arrays", ctx.loc)
    if not ScalarType(indices.dtype).is_integer:
        raise TypingError("`indices` must be an integer array", ctx.loc)
    a = as_lazy(arr)
    axis = const_axis(ctx, b["axis"])
    if axis is None:
        if indices.ndim != 1:
            raise TypingError("when axis=None, `indices` must have a single dimension.", ctx.loc)
        a, axis = raveled(a), 0
    if isinstance(axis, tuple) or not -a.ndim <= axis < a.ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {a.ndim}", ctx.loc)
    if indices.ndim != a.ndim:
        raise TypingError("`indices` and `arr` must have the same number of dimensions", ctx.loc)
    k = axis % a.ndim
    idx_view = indices if isinstance(indices, ArrayView) else materialize(ctx, indices)
    n = ctx.temp(a.shape[k], "n")
    msg = f"index %lld is out of bounds for axis {k} with size %lld"

    def check(idx: Index) -> None:
        v = E.as_index(idx_view.load(idx))
        inside = ir.Binary("and", E.compare("ge", v, E.sub(E.ZERO, n)), E.compare("lt", v, n), BOOL)
        ctx.emit(ir.Check(inside, "IndexError", msg, (v, n)))

    emit_loop_nest(ctx, idx_view.shape, check, parallel=False)
    others = tuple(E.ONE if j == k else d for j, d in enumerate(a.shape))
    shape = broadcast_shapes(ctx, [others, idx_view.shape])
    shape = tuple(idx_view.shape[k] if j == k else d for j, d in enumerate(shape))
    from_indices, from_arr = index_adapter(idx_view.shape, shape), index_adapter(others, shape)

    def element(idx: Index) -> ir.Expr:
        v = E.as_index(idx_view.load(from_indices(idx)))
        j = ir.Select(E.compare("lt", v, E.ZERO), E.add(v, n), v, INT64)
        where = from_arr(idx)
        return a.element(tuple(j if m == k else i for m, i in enumerate(where)))

    return Lazy(a.dtype, shape, element, (*a.reads, idx_view))


def table() -> dict[object, Handler]:
    return {
        np.searchsorted: np_searchsorted,
        np.digitize: np_digitize,
        np.interp: np_interp,
        np.bincount: np_bincount,
        np.median: np_median,
        np.take_along_axis: np_take_along_axis,
    }
