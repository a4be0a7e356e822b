"""``polyval``, ``average``, ``logspace``, ``vdot``, ``kron``, ``cross``, ``select``, ``take`` and
``extract``, each computed as NumPy's own Python or C code computes it (``polyval`` is Horner's
rule starting from ``zeros_like(x)``, ``average`` divides the weighted sum by the summed weights
in NumPy's result dtype, ``logspace`` is ``power(base, linspace(...))``)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import (
    Operand,
    as_lazy,
    broadcast_shapes,
    element_type,
    emit_loop_nest,
    index_adapter,
    materialize,
)
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.indexing import getitem
from kiln.frontend.np_layout import raveled
from kiln.frontend.np_search import each_element, search
from kiln.frontend.np_shapes import sequence_operand
from kiln.frontend.np_sort import sorting_handler
from kiln.frontend.numpy_ops import np_linspace, np_where
from kiln.frontend.promotion import promote, promote_dtypes
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value
from kiln.frontend.views import SliceSpec
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, FLOAT64, INT64, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
Index = tuple[ir.Expr, ...]


def _operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    if isinstance(v, TupleValue):  # a list or tuple of numbers, as np.asarray makes it
        return sequence_operand(ctx, v, what)
    raise TypingError(f"{what}() expects numbers or arrays", ctx.loc)


def _lazy(ctx: Context, v: Value, what: str) -> Lazy:
    o = _operand(ctx, v, what)
    if isinstance(o, Scalar):
        e = o.expr
        return Lazy(o.type.strong().dtype, (), lambda idx: e, ())
    return as_lazy(o)


# -------------------------------------------------------------------- polyval
def np_polyval(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "polyval", args, kwargs, [("p", REQUIRED), ("x", REQUIRED)])
    p = raveled(_lazy(ctx, b["p"], "polyval"))
    x = _operand(ctx, b["x"], "polyval")
    xt = element_type(x).strong()
    t = promote(xt, ScalarType(p.dtype))
    n = ctx.temp(p.shape[0], "n")

    def horner(xv: ir.Expr) -> ir.Expr:
        """``y = zeros_like(x); for pv in p: y = y * x + pv`` for one element ``xv``."""
        acc = ctx.fresh("y")
        ctx.declare(acc, t)
        first = ir.Binary("mul", E.cast(ir.Const(0, PY_INT), xt), E.cast(xv, xt), xt)
        ctx.emit(ir.Assign(acc, E.cast(first, t)))
        k = ctx.fresh("k")
        ctx.declare(k, INT64)
        y = ir.Var(acc, t)
        step = ir.Binary(
            "add", ir.Binary("mul", y, E.cast(xv, t), t), E.cast(p.element((ir.Var(k, INT64),)), t), t
        )
        plus_first = ir.Binary("add", y, E.cast(p.element((E.ZERO,)), t), t)
        with ctx.block() as body:
            ctx.emit(ir.Assign(acc, step))
        with ctx.block() as then:
            ctx.emit(ir.Assign(acc, plus_first))
        ctx.emit(ir.If(E.compare("gt", n, E.ZERO), tuple(then)))
        ctx.emit(ir.For(k, E.ONE, n, E.ONE, tuple(body)))
        return y

    return each_element(ctx, x, t.dtype, "poly", horner)


# -------------------------------------------------------------------- average
def np_average(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("axis", None), ("weights", None), ("returned", False), ("keepdims", False)]
    b = bind_args(ctx, "average", args, kwargs, params)
    a = _lazy(ctx, b["a"], "average")
    axis, keep = const_axis(ctx, b["axis"]), const_bool(ctx, b["keepdims"], "keepdims")
    returned = const_bool(ctx, b["returned"], "returned")
    if is_none(b["weights"]):
        avg = reduce(ctx, "mean", a, axis, keep)
        if not returned:
            return avg
        count = E.floordiv(E.product(a.shape), E.product(avg.shape) if isinstance(avg, ArrayView) else E.ONE)
        t = avg.type if isinstance(avg, Scalar) else ScalarType(avg.dtype)
        return TupleValue((avg, _filled(ctx, avg, E.cast(count, t))))
    w = _lazy(ctx, b["weights"], "average")
    if w.ndim != a.ndim:
        w = _weights_along(ctx, a, w, axis)
    dtypes = [a.dtype, w.dtype] + (["float64"] if ScalarType(a.dtype).kind in "biu" else [])
    rt = ScalarType(promote_dtypes(*dtypes))
    scl = reduce(ctx, "sum", w, axis, keep, rt.dtype)
    zero = apply_ufunc(ctx, "equal", [scl, Scalar(ir.Const(0.0, rt))])
    any_zero = zero if isinstance(zero, Scalar) else reduce(ctx, "any", zero, None)
    assert isinstance(any_zero, Scalar)
    ctx.emit(
        ir.Check(
            ir.Unary("not", any_zero.expr, BOOL),
            "ZeroDivisionError",
            "Weights sum to zero, can't be normalized",
        )
    )
    product = Lazy(
        rt.dtype,
        a.shape,
        lambda idx: ir.Binary("mul", E.cast(a.element(idx), rt), E.cast(w.element(idx), rt), rt),
        (*a.reads, *w.reads),
    )
    weighted = apply_ufunc(ctx, "true_divide", [reduce(ctx, "sum", product, axis, keep), scl])
    return TupleValue((weighted, scl)) if returned else weighted


def _weights_along(ctx: Context, a: Lazy, w: Lazy, axis: object) -> Lazy:
    """1-d weights along ``axis``, as NumPy takes them when their shape differs from ``a``'s."""
    if axis is None:
        raise TypingError("Axis must be specified when shapes of a and weights differ.", ctx.loc)
    if w.ndim != 1 or not isinstance(axis, int):
        raise TypingError("1D weights expected when shapes of a and weights differ.", ctx.loc)
    k = axis % a.ndim
    msg = "Length of weights not compatible with specified axis."
    ctx.emit(ir.Check(E.compare("eq", w.shape[0], a.shape[k]), "ValueError", msg))
    return Lazy(w.dtype, a.shape, lambda idx: w.element((idx[k],)), w.reads)


def _filled(ctx: Context, like: Value, value: ir.Expr) -> Value:
    if isinstance(like, Scalar):
        return Scalar(value)
    assert isinstance(like, ArrayView)
    return Lazy(value.type.dtype, like.shape, lambda idx: value, ())


# ------------------------------------------------------------------- logspace
def np_logspace(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("start", REQUIRED), ("stop", REQUIRED), ("num", None), ("endpoint", True)]
    params += [("base", None), ("dtype", None), ("axis", None)]
    b = bind_args(ctx, "logspace", args, kwargs, params)
    if not is_none(b["axis"]):
        raise UnsupportedError("logspace() with axis=", ctx.loc)
    forwarded = {k: b[k] for k in ("num", "endpoint") if b[k] is not None}
    y = np_linspace(ctx, [b["start"], b["stop"]], forwarded)
    base = b["base"] if b["base"] is not None else Scalar(ir.Const(10.0, ScalarType("float64")))
    if not isinstance(base, Scalar):
        raise UnsupportedError("logspace() with an array base", ctx.loc)
    strong = Scalar(E.cast(base.expr, base.type.strong()))  # np.array(base): a NumPy value
    result = apply_ufunc(ctx, "power", [strong, _operand(ctx, y, "logspace")])
    dtype = dtype_arg(ctx, b["dtype"])
    if dtype is None:
        return result
    lazy = as_lazy(result)  # type: ignore[arg-type]
    t = ScalarType(dtype)
    return Lazy(dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


# ------------------------------------------------------------ products of two
def np_vdot(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "vdot", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    x, y = (raveled(_lazy(ctx, b[k], "vdot")) for k in ("a", "b"))
    ctx.emit(
        ir.Check(
            E.compare("eq", x.shape[0], y.shape[0]),
            "ValueError",
            "cannot reshape array: vectors of different sizes",
        )
    )
    t = promote(ScalarType(x.dtype), ScalarType(y.dtype))
    conj = t.is_complex

    def element(idx: Index) -> ir.Expr:
        xv = E.cast(x.element(idx), t)
        return ir.Binary("mul", ir.Call("conj", (xv,), t) if conj else xv, E.cast(y.element(idx), t), t)

    return reduce(ctx, "sum", Lazy(t.dtype, x.shape, element, (*x.reads, *y.reads)), dtype=t.dtype)


def np_kron(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "kron", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    x, y = _lazy(ctx, b["a"], "kron"), _lazy(ctx, b["b"], "kron")
    nd = max(x.ndim, y.ndim)
    xs = (E.ONE,) * (nd - x.ndim) + x.shape
    ys = (E.ONE,) * (nd - y.ndim) + y.shape
    shape = tuple(ctx.temp(E.mul(p, q), "n") for p, q in zip(xs, ys))
    t = ScalarType(promote_dtypes(x.dtype, y.dtype))

    def element(idx: Index) -> ir.Expr:
        outer = tuple(E.floordiv(i, q) for i, q in zip(idx, ys))[nd - x.ndim :]
        inner = tuple(ir.Binary("mod", i, q, INT64) for i, q in zip(idx, ys))[nd - y.ndim :]
        return ir.Binary("mul", E.cast(x.element(outer), t), E.cast(y.element(inner), t), t)

    return Lazy(t.dtype, shape, element, (*x.reads, *y.reads))


def np_cross(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "cross", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    x, y = _lazy(ctx, b["a"], "cross"), _lazy(ctx, b["b"], "cross")
    if x.ndim != 1 or y.ndim != 1:
        raise UnsupportedError("cross() of other than two 1-d vectors", ctx.loc)
    msg = "kiln's cross() takes two 3-vectors (NumPy also takes 2-vectors)"
    for v in (x, y):
        ctx.emit(ir.Check(E.compare("eq", v.shape[0], E.i64(3)), "ValueError", msg))
    t = ScalarType(promote_dtypes(x.dtype, y.dtype))

    def part(i: int, j: int) -> ir.Expr:
        xi, yj = E.cast(x.element((E.i64(i),)), t), E.cast(y.element((E.i64(j),)), t)
        xj, yi = E.cast(x.element((E.i64(j),)), t), E.cast(y.element((E.i64(i),)), t)
        return ir.Binary("sub", ir.Binary("mul", xi, yj, t), ir.Binary("mul", xj, yi, t), t)

    parts = (part(1, 2), part(2, 0), part(0, 1))

    def element(idx: Index) -> ir.Expr:
        k = idx[0]
        return ir.Select(
            E.compare("eq", k, E.ZERO),
            parts[0],
            ir.Select(E.compare("eq", k, E.ONE), parts[1], parts[2], t),
            t,
        )

    return Lazy(t.dtype, (E.i64(3),), element, (*x.reads, *y.reads))


# ------------------------------------------------------------------ choosing
def np_select(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "select", args, kwargs, [("condlist", REQUIRED), ("choicelist", REQUIRED), ("default", None)]
    )
    conds, choices = b["condlist"], b["choicelist"]
    if not isinstance(conds, TupleValue) or not isinstance(choices, TupleValue):
        raise TypingError("select() takes lists of conditions and choices", ctx.loc)
    if len(conds.items) != len(choices.items):
        raise TypingError("list of cases must be same length as list of conditions", ctx.loc)
    if not conds.items:
        raise TypingError("select with an empty condition list is not possible", ctx.loc)
    for k, c in enumerate(conds.items):
        if element_type(_operand(ctx, c, "select")).dtype != "bool":
            raise TypingError(f"invalid entry {k} in condlist: should be boolean ndarray", ctx.loc)
    default = b["default"] if b["default"] is not None else Scalar(ir.Const(0, PY_INT))
    operands = [_operand(ctx, v, "select") for v in (*choices.items, default)]
    # Python numbers stay weak in NumPy's result_type here; arrays and NumPy scalars do not
    t = functools.reduce(promote, (element_type(o) for o in operands)).strong()
    result: Value = _typed(default, t)
    for cond, choice in reversed(list(zip(conds.items, choices.items))):
        result = np_where(ctx, [cond, _typed(choice, t), result], {})
    return result


def _typed(v: Value, t: ScalarType) -> Value:
    if isinstance(v, Scalar):
        return Scalar(E.cast(v.expr, t))
    lazy = as_lazy(v)  # type: ignore[arg-type]
    return Lazy(t.dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def np_take(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("indices", REQUIRED), ("axis", None), ("out", None), ("mode", None)]
    b = bind_args(ctx, "take", args, kwargs, params)
    if not is_none(b["out"]) or not is_none(b["mode"]):
        raise UnsupportedError("take() with out= or mode=", ctx.loc)
    a = _lazy(ctx, b["a"], "take")
    axis = const_axis(ctx, b["axis"])
    if isinstance(axis, tuple):
        raise TypingError("'tuple' object cannot be interpreted as an integer", ctx.loc)
    if axis is None:
        a = raveled(a)
        axis = 0
    k = axis % a.ndim
    indices = b["indices"]
    if isinstance(indices, Scalar):
        return _take_one(ctx, a, k, indices)
    if not isinstance(indices, ArrayView | Lazy):
        raise TypingError("take(): indices must be integers or an array of them", ctx.loc)
    index: list[object] = [SliceSpec(None, None, 1)] * k
    index.append(indices if isinstance(indices, ArrayView) else materialize(ctx, indices))
    return getitem(ctx, materialize(ctx, a), index)  # type: ignore[arg-type]


def _take_one(ctx: Context, a: Lazy, axis: int, index: Scalar) -> Value:
    """``take`` of one integer: NumPy checks it against the axis even where indexing would not."""
    if not (index.type.is_integer or index.type.is_bool):
        raise TypingError("take(): indices must be integers", ctx.loc)
    n = a.shape[axis]
    i = ctx.temp(E.as_index(index.expr), "i")
    inside = ir.Binary("and", E.compare("ge", i, E.sub(E.ZERO, n)), E.compare("lt", i, n), BOOL)
    msg = f"index %lld is out of bounds for axis {axis} with size %lld"
    ctx.emit(ir.Check(inside, "IndexError", msg, (i, n)))
    j = ctx.temp(ir.Select(E.compare("lt", i, E.ZERO), E.add(i, n), i, INT64), "i")
    if a.ndim == 1:
        return Scalar(a.element((j,)))
    shape = tuple(d for m, d in enumerate(a.shape) if m != axis)

    def element(idx: Index) -> ir.Expr:
        return a.element((*idx[:axis], j, *idx[axis:]))

    return Lazy(a.dtype, shape, element, a.reads)


def np_extract(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "extract", args, kwargs, [("condition", REQUIRED), ("arr", REQUIRED)])
    cond = raveled(_lazy(ctx, b["condition"], "extract"))
    arr = materialize(ctx, raveled(_lazy(ctx, b["arr"], "extract")))
    mask = Lazy("bool", cond.shape, lambda idx: E.cast(cond.element(idx), ScalarType("bool")), cond.reads)
    return getitem(ctx, arr, [materialize(ctx, mask)])


# ------------------------------------------------------------------ geomspace
def np_geomspace(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """NumPy's geomspace for real endpoints: ``logspace`` of the endpoints' ``log10`` after
    rotating the start to positive, the exact endpoints put back, the sign restored."""
    params = [("start", REQUIRED), ("stop", REQUIRED), ("num", None), ("endpoint", True)]
    params += [("dtype", None), ("axis", None)]
    b = bind_args(ctx, "geomspace", args, kwargs, params)
    if not is_none(b["axis"]):
        raise UnsupportedError("geomspace() with axis=", ctx.loc)
    start, stop = b["start"], b["stop"]
    if not isinstance(start, Scalar) or not isinstance(stop, Scalar):
        raise UnsupportedError("geomspace() with array endpoints", ctx.loc)
    if start.type.is_complex or stop.type.is_complex:
        raise UnsupportedError("geomspace() of complex endpoints", ctx.loc)
    f = FLOAT64
    lo, hi = ctx.temp(E.cast(start.expr, f), "start"), ctx.temp(E.cast(stop.expr, f), "stop")
    zero = ir.Const(0.0, f)
    nonzero = ir.Binary("and", E.compare("ne", lo, zero), E.compare("ne", hi, zero), BOOL)
    ctx.emit(ir.Check(nonzero, "ValueError", "Geometric sequence cannot include zero"))
    sign = ctx.temp(ir.Call("sign", (lo,), f), "sign")
    first, last = (
        ctx.temp(ir.Binary("truediv", lo, sign, f), "first"),
        ctx.temp(ir.Binary("truediv", hi, sign, f), "last"),
    )
    exponents: list[Value] = [Scalar(ir.Call("log10", (v,), f)) for v in (first, last)]
    forwarded = {k: b[k] for k in ("num", "endpoint") if b[k] is not None}
    ten = Scalar(ir.Const(10.0, ScalarType("float64", weak=True)))
    powers = np_logspace(ctx, exponents, {**forwarded, "base": ten})
    y = as_lazy(powers)  # type: ignore[arg-type]
    n = y.shape[0]
    endpoint = const_bool(ctx, b["endpoint"], "endpoint")

    def element(idx: Index) -> ir.Expr:
        i = idx[0]
        value = y.element(idx)
        if endpoint:
            at_end = ir.Binary("and", E.compare("eq", i, E.sub(n, E.ONE)), E.compare("gt", n, E.ONE), BOOL)
            value = ir.Select(at_end, last, value, f)
        return ir.Binary("mul", ir.Select(E.compare("eq", i, E.ZERO), first, value, f), sign, f)

    dtype = dtype_arg(ctx, b["dtype"]) or "float64"
    t = ScalarType(dtype)
    return Lazy(dtype, y.shape, lambda idx: E.cast(element(idx), t), y.reads)


# ------------------------------------------------------------------ membership
def np_isin(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``isin(element, test_elements, invert=)``: each element looked up in a sorted copy of the
    test elements (equality as NumPy's: NaN is in nothing)."""
    params = [("element", REQUIRED), ("test_elements", REQUIRED), ("assume_unique", None)]
    params += [("invert", None), ("kind", None)]
    b = bind_args(ctx, "isin", args, kwargs, params)
    invert = not is_none(b["invert"]) and const_bool(ctx, b["invert"], "invert")
    element = _operand(ctx, b["element"], "isin")
    tests = sorting_handler("sort")(ctx, [_lazy(ctx, b["test_elements"], "isin")], {"axis": Const(None)})
    assert isinstance(tests, ArrayView)
    t = promote(element_type(element), ScalarType(tests.dtype)).strong()
    m = tests.shape[0]

    def one(value: ir.Expr) -> ir.Expr:
        x = ctx.temp(E.cast(value, t), "x")
        i = search(ctx, tests, x, False, t)
        at = ir.Select(E.compare("lt", i, m), E.cast(tests.load((E.imin(i, E.sub(m, E.ONE)),)), t), x, t)
        found = ir.Binary("and", E.compare("lt", i, m), E.compare("eq", at, x), BOOL)
        return ctx.temp(ir.Unary("not", found, BOOL) if invert else found, "found")

    return each_element(ctx, element, "bool", "isin", one)


# ------------------------------------------------------------ choose, compress
def np_choose(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``choose(a, choices)``: element ``idx`` of ``choices[a[idx]]``, all broadcast together;
    NumPy's ``ValueError`` for an index outside the choices (checked before any is read)."""
    b = bind_args(
        ctx, "choose", args, kwargs, [("a", REQUIRED), ("choices", REQUIRED), ("out", None), ("mode", None)]
    )
    if not is_none(b["out"]) or not is_none(b["mode"]):
        raise UnsupportedError("choose() with out= or mode=", ctx.loc)
    choices = b["choices"]
    if not isinstance(choices, TupleValue) or not choices.items:
        raise TypingError("choose() takes a sequence of choices", ctx.loc)
    a = _lazy(ctx, b["a"], "choose")
    if not (ScalarType(a.dtype).is_integer or a.dtype == "bool"):
        raise TypingError("choose(): the index array must be integers", ctx.loc)
    options = [_operand(ctx, c, "choose") for c in choices.items]
    t = functools.reduce(promote, (element_type(o) for o in options)).strong()
    lazies = [_lazy(ctx, o, "choose") for o in options]
    shape = broadcast_shapes(ctx, [a.shape, *(c.shape for c in lazies)])
    count = E.i64(len(lazies))
    index = materialize(ctx, a)

    def check(idx: Index) -> None:
        v = E.as_index(index.load(idx))
        inside = ir.Binary("and", E.compare("ge", v, E.ZERO), E.compare("lt", v, count), BOOL)
        ctx.emit(ir.Check(inside, "ValueError", "invalid entry in choice array"))

    emit_loop_nest(ctx, index.shape, check, parallel=False)
    pick = index_adapter(index.shape, shape)
    adapters = [index_adapter(c.shape, shape) for c in lazies]

    def element(idx: Index) -> ir.Expr:
        v = E.as_index(index.load(pick(idx)))
        value = E.cast(lazies[-1].element(adapters[-1](idx)), t)
        for k in reversed(range(len(lazies) - 1)):
            value = ir.Select(
                E.compare("eq", v, E.i64(k)), E.cast(lazies[k].element(adapters[k](idx)), t), value, t
            )
        return value

    return Lazy(t.dtype, shape, element, (index, *(r for c in lazies for r in c.reads)))


def np_compress(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``compress(condition, a, axis=None)``: ``a`` (flattened without an axis) where the 1-d
    ``condition`` is true; a condition shorter than the axis stops early, a true entry past its
    end raises ``IndexError`` as NumPy's does."""
    b = bind_args(
        ctx,
        "compress",
        args,
        kwargs,
        [("condition", REQUIRED), ("a", REQUIRED), ("axis", None), ("out", None)],
    )
    if not is_none(b["out"]):
        raise UnsupportedError("compress() with out=", ctx.loc)
    cond = _lazy(ctx, b["condition"], "compress")
    if cond.ndim != 1:
        raise TypingError("condition must be a 1-d array", ctx.loc)
    a = _lazy(ctx, b["a"], "compress")
    axis = const_axis(ctx, b["axis"])
    if axis is None:
        a, axis = raveled(a), 0
    if isinstance(axis, tuple) or not -a.ndim <= axis < a.ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {a.ndim}", ctx.loc)
    k = axis % a.ndim
    n, m = a.shape[k], cond.shape[0]

    def truth(i: ir.Expr) -> ir.Expr:
        return E.cast(cond.element((i,)), ScalarType("bool"))

    def beyond(idx: Index) -> None:
        i = E.add(idx[0], n)
        msg = f"index %lld is out of bounds for axis {k} with size %lld"
        ctx.emit(ir.Check(ir.Unary("not", truth(i), BOOL), "IndexError", msg, (i, n)))

    emit_loop_nest(ctx, (E.imax(E.sub(m, n), E.ZERO),), beyond, parallel=False)
    mask = Lazy(
        "bool",
        (n,),
        lambda idx: ir.Select(E.compare("lt", idx[0], m), truth(idx[0]), E.bool_false(), BOOL),
        cond.reads,
    )
    index: list[object] = [SliceSpec(None, None, 1) for _ in range(k)]
    index.append(materialize(ctx, mask))
    return getitem(ctx, materialize(ctx, a), index)  # type: ignore[arg-type]


def table() -> dict[object, Handler]:
    return {
        np.polyval: np_polyval,
        np.average: np_average,
        np.logspace: np_logspace,
        np.vdot: np_vdot,
        np.kron: np_kron,
        np.cross: np_cross,
        np.select: np_select,
        np.take: np_take,
        np.extract: np_extract,
        np.geomspace: np_geomspace,
        np.isin: np_isin,
        np.choose: np_choose,
        np.compress: np_compress,
    }
