"""One table: NumPy function -> how it lowers. Array methods share the handlers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, assign, elementwise, index_adapter, materialize
from kiln.frontend.callargs import (
    REQUIRED,
    array_arg,
    bind_args,
    const_axis,
    const_bool,
    dtype_arg,
    int_arg,
    is_none,
    shape_arg,
)
from kiln.frontend.context import Context
from kiln.frontend.linalg_table import linalg_functions
from kiln.frontend.lists import list_array
from kiln.frontend.promotion import can_cast, promote, promote_dtypes
from kiln.frontend.reduction_out import output_array, reduce_into
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import UFUNCS, apply_ufunc
from kiln.frontend.values import (
    ArrayView,
    Const,
    Lazy,
    ListValue,
    Scalar,
    TupleValue,
    Value,
    describe,
    whole_view,
)
from kiln.frontend.views import bind_view, contiguous_order, infer_layout, stride_order, transpose
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    raise TypingError(f"{what}: unsupported operand {describe(v)}", ctx.loc)


# ------------------------------------------------------------------ ufuncs
def ufunc_handler(name: str) -> Handler:
    nin = getattr(np, name).nin

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        out = kwargs.pop("out", None)
        if kwargs:
            raise UnsupportedError(f"np.{name}() keyword '{next(iter(kwargs))}'", ctx.loc)
        if len(args) == nin + 1 and out is None:  # NumPy also takes ``out`` positionally
            args, out = args[:-1], args[-1]
        if len(args) != nin:
            raise TypingError(f"np.{name}() takes {nin} arguments, got {len(args)}", ctx.loc)
        result = apply_ufunc(ctx, name, [_operand(ctx, a, f"np.{name}") for a in args])
        return into_out(ctx, name, result, out)

    return handler


def into_out(ctx: Context, name: str, result: Value, out: Value | None) -> Value:
    if out is None or is_none(out):
        return result
    if isinstance(out, TupleValue) and len(out.items) == 1:
        out = out.items[0]
    if not isinstance(out, ArrayView):
        raise TypingError("'out' must be an array", ctx.loc)
    value = _operand(ctx, result, "out")
    src = _elem(value).dtype
    if not can_cast(src, out.dtype, "same_kind"):  # NumPy's default casting rule for outputs
        raise TypingError(
            f"Cannot cast ufunc '{name}' output from dtype('{src}') to dtype('{out.dtype}') "
            "with casting rule 'same_kind'",
            ctx.loc,
        )
    assign(ctx, out, value, inplace=True)  # an output operand is not broadcast, unlike setitem
    return out


def np_where(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if len(args) == 1 and not kwargs:  # np.where(cond) is np.nonzero(cond)
        from kiln.frontend.nonzero import np_nonzero

        return np_nonzero(ctx, args, kwargs)
    if len(args) != 3 or kwargs:
        raise TypingError("where() takes either 1 or 3 arguments", ctx.loc)
    cond, x, y = (_operand(ctx, a, "np.where") for a in args)
    t = promote(_elem(x), _elem(y)).strong()
    bool_t = ScalarType("bool")

    def combine(xs: list[ir.Expr]) -> ir.Expr:
        c = xs[0] if xs[0].type.is_bool else E.cast(xs[0], bool_t)
        return ir.Select(c, E.cast(xs[1], t), E.cast(xs[2], t), t)

    return elementwise(ctx, [cond, x, y], combine, t.dtype)


def _elem(v: Operand) -> ScalarType:
    return v.type if isinstance(v, Scalar) else ScalarType(v.dtype)


# --------------------------------------------------------------- reductions
def reduction_handler(kind: str) -> Handler:
    # NumPy's positional order: min/max/any/all take no dtype (np.min(a, axis, out, keepdims)).
    params = [("a", REQUIRED), ("axis", None)]
    params += [("dtype", None)] if kind in ("sum", "prod", "mean") else []
    params += [("out", None), ("keepdims", False)]
    # then initial (sum, prod, min, max) and where (all of them; keyword-only for mean/any/all)
    params += [("initial", None)] if kind in ("sum", "prod", "min", "max") else []
    params += [("where", None)]

    positional = len(params) - (kind in ("mean", "any", "all"))  # their where= is keyword-only

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        if len(args) > positional:
            raise TypingError(f"{kind}() takes at most {positional} positional arguments", ctx.loc)
        b = bind_args(ctx, kind, args, kwargs, params)
        if is_none(b["keepdims"]):  # NumPy reads it as an integer
            raise TypingError("'NoneType' object cannot be interpreted as an integer (keepdims)", ctx.loc)
        dtype = dtype_arg(ctx, b.get("dtype"))
        if kind == "mean" and dtype is not None and ScalarType(dtype).kind not in "fc":
            raise UnsupportedError("mean() with a non-floating dtype=", ctx.loc)
        value = _operand(ctx, b["a"], kind)
        keep = const_bool(ctx, b["keepdims"], "keepdims")
        initial = None if is_none(b.get("initial")) else _operand(ctx, b["initial"], f"{kind}(initial=...)")
        if initial is not None and not isinstance(initial, Scalar):
            raise UnsupportedError(f"{kind}() with an array as initial=", ctx.loc)
        where = None if is_none(b["where"]) else _operand(ctx, b["where"], f"{kind}(where=...)")
        axis = const_axis(ctx, b["axis"])
        first = initial.expr if initial is not None else None
        if not is_none(b["out"]):
            out = output_array(ctx, b["out"])
            return reduce_into(ctx, kind, value, out, axis, keep, dtype, first, where)
        return reduce(ctx, kind, value, axis, keep, dtype, first, where)

    return handler


# ----------------------------------------------------------------- creation
def _const_lazy(dtype: str, shape: tuple[ir.Expr, ...], value: ir.Expr) -> Lazy:
    return Lazy(dtype, shape, lambda idx: value, ())


def fill_handler(fill: int | None) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("shape", REQUIRED), ("dtype", None), ("order", None)]
        b = bind_args(ctx, "array creation", args, kwargs, params)
        dtype = dtype_arg(ctx, b["dtype"], "float64")
        assert dtype is not None
        shape = shape_arg(ctx, b["shape"])
        if fill is None:
            return _empty(ctx, dtype, shape)
        return _const_lazy(dtype, shape, E.cast(ir.Const(fill, INT64), ScalarType(dtype)))

    return handler


def _empty(ctx: Context, dtype: str, shape: tuple[ir.Expr, ...]) -> ArrayView:
    name = ctx.fresh("empty")
    t = ctx.declare(name, ArrayType(dtype, len(shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, ArrayType(dtype, len(shape), "C"), shape))
    return whole_view(name, t, shape)


def np_full(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx,
        "full",
        args,
        kwargs,
        [("shape", REQUIRED), ("fill_value", REQUIRED), ("dtype", None), ("order", None)],
    )
    fill = b["fill_value"]
    shape = shape_arg(ctx, b["shape"])
    if isinstance(fill, ArrayView | Lazy):
        return _broadcast_fill(ctx, shape, fill, dtype_arg(ctx, b["dtype"], fill.dtype))
    if not isinstance(fill, Scalar):
        raise UnsupportedError("np.full() with this kind of fill value", ctx.loc)
    dtype = dtype_arg(ctx, b["dtype"], fill.type.strong().dtype)
    assert dtype is not None
    return _const_lazy(dtype, shape, ctx.temp(E.cast(fill.expr, ScalarType(dtype))))


def _broadcast_fill(
    ctx: Context, shape: tuple[ir.Expr, ...], fill: ArrayView | Lazy, dtype: str | None
) -> Lazy:
    """``fill`` broadcast to ``shape`` (which it may not enlarge), converted to ``dtype``."""
    if fill.ndim > len(shape):
        raise TypingError(
            f"could not broadcast a {fill.ndim}-d fill value to {len(shape)} dimensions", ctx.loc
        )
    for d, r in zip(fill.shape, shape[len(shape) - fill.ndim :]):
        if d != r and E.const_int(d) != 1:
            ok = ir.Binary("or", E.compare("eq", d, r), E.compare("eq", d, E.ONE), ScalarType("bool"))
            msg = "could not broadcast the fill value's dimension %lld into dimension %lld"
            ctx.emit(ir.Check(ok, "ValueError", msg, (d, r)))
    lazy = as_lazy(fill)
    adapt = index_adapter(lazy.shape, shape)
    t = ScalarType(dtype or lazy.dtype)
    return Lazy(t.dtype, shape, lambda idx: E.cast(lazy.element(adapt(idx)), t), lazy.reads)


def like_handler(fill: int | None) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("a", REQUIRED)] + ([("fill_value", REQUIRED)] if fill == -1 else []) + [("dtype", None)]
        b = bind_args(ctx, "array creation", args, kwargs, params)
        proto = b["a"]
        if isinstance(proto, Scalar):
            shape: tuple[ir.Expr, ...] = ()
            base_dtype = proto.type.dtype
        else:
            proto = array_arg(ctx, proto, "*_like")
            shape, base_dtype = proto.shape, proto.dtype
        dtype = dtype_arg(ctx, b["dtype"], base_dtype)
        assert dtype is not None
        if fill is None:
            return _empty(ctx, dtype, shape)
        value = b["fill_value"] if fill == -1 else Scalar(ir.Const(fill, INT64))
        if isinstance(value, ArrayView | Lazy):
            return _broadcast_fill(ctx, shape, value, dtype)
        if not isinstance(value, Scalar):
            raise UnsupportedError("full_like() with this kind of fill value", ctx.loc)
        return _const_lazy(dtype, shape, ctx.temp(E.cast(value.expr, ScalarType(dtype))))

    return handler


def np_arange(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "arange", args, kwargs, [("start", REQUIRED), ("stop", None), ("step", None), ("dtype", None)]
    )
    given = [p for p in (b["start"], b["stop"], b["step"]) if not is_none(p)]
    start, stop, step = b["start"], b["stop"], b["step"]
    if is_none(stop):
        start, stop = Scalar(ir.Const(0, ScalarType("int64", weak=True))), start
    if is_none(step):
        step = Scalar(ir.Const(1, ScalarType("int64", weak=True)))
    parts = [start, stop, step]
    if not all(isinstance(p, Scalar) for p in parts):
        raise TypingError("arange() arguments must be scalars", ctx.loc)
    if any(p.type.is_complex for p in parts):
        raise UnsupportedError("arange() with complex arguments", ctx.loc)
    # NumPy's dtype: the arguments' own dtypes (Python numbers as int64/float64), at least intp.
    default = promote_dtypes("int64", *(p.type.strong().dtype for p in given))
    dtype = dtype_arg(ctx, b["dtype"], default)
    assert dtype is not None
    if dtype == "bool":
        raise UnsupportedError("arange(dtype=bool)", ctx.loc)
    length = _arange_length(ctx, start.expr, stop.expr, step.expr)
    # NumPy stores start and start + step (Python arithmetic) and fills the rest as
    # first + i * (second - first) in the result dtype: that is what we compute too.
    out_t = ScalarType(dtype)
    first = ctx.temp(E.cast(start.expr, out_t), "first")
    next_t = promote(start.type, step.type)
    after = ir.Binary("add", E.cast(start.expr, next_t), E.cast(step.expr, next_t), next_t)
    second = ctx.temp(E.cast(after, out_t), "second")
    delta = ctx.temp(ir.Binary("sub", second, first, out_t), "delta")

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        filled = ir.Binary("add", first, ir.Binary("mul", E.cast(idx[0], out_t), delta, out_t), out_t)
        later = ir.Select(E.compare("eq", idx[0], E.ONE), second, filled, out_t)
        return ir.Select(E.compare("eq", idx[0], E.ZERO), first, later, out_t)

    return Lazy(dtype, (length,), element, ())


def _arange_length(ctx: Context, start: ir.Expr, stop: ir.Expr, step: ir.Expr) -> ir.Expr:
    """``ceil((stop - start) / step)`` (at least 0) with Python's scalar arithmetic."""
    f64 = ScalarType("float64")
    if step.type.weak:  # a Python number: Python raises on division by zero
        nonzero = E.compare("ne", step, E.cast(ir.Const(0, INT64), step.type))
        ctx.emit(ir.Check(nonzero, "ZeroDivisionError", "division by zero"))
    t = promote(start.type, stop.type, step.type)
    if t.is_integer or t.is_bool:
        span = E.cast(ir.Binary("sub", E.as_index(stop), E.as_index(start), INT64), f64)
        ratio: ir.Expr = ir.Binary("truediv", span, E.cast(step, f64), f64)
    else:
        ft = t.strong()
        span = ir.Binary("sub", E.cast(stop, ft), E.cast(start, ft), ft)
        ratio = E.cast(ir.Binary("truediv", span, E.cast(step, ft), ft), f64)
    ratio = ctx.temp(ratio, "ratio")
    ctx.emit(ir.Check(E.compare("eq", ratio, ratio), "ValueError", "arange: cannot compute length"))
    finite = E.compare("eq", ir.Binary("sub", ratio, ratio, f64), ir.Const(0.0, f64))
    ctx.emit(ir.Check(finite, "ValueError", "Maximum allowed size exceeded"))
    return ctx.temp(E.imax(E.cast(ir.Call("ceil", (ratio,), f64), INT64), E.ZERO), "len")


def np_linspace(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("start", REQUIRED), ("stop", REQUIRED), ("num", None), ("endpoint", True)]
    params += [("retstep", False), ("dtype", None)]
    b = bind_args(ctx, "linspace", args, kwargs, params)
    start, stop = b["start"], b["stop"]
    if not isinstance(start, Scalar) or not isinstance(stop, Scalar):
        raise UnsupportedError("linspace() with array endpoints", ctx.loc)
    num = E.i64(50) if is_none(b["num"]) else int_arg(ctx, b["num"], "num")
    endpoint = const_bool(ctx, b["endpoint"], "endpoint")
    if const_bool(ctx, b["retstep"], "retstep"):
        raise UnsupportedError("linspace(retstep=True)", ctx.loc)
    joint = promote(start.type, stop.type)
    ct = joint.strong() if joint.is_float or joint.is_complex else ScalarType("float64")
    dtype = dtype_arg(ctx, b["dtype"], ct.dtype)
    assert dtype is not None
    out_t = ScalarType(dtype)
    if ct.is_complex and not out_t.is_complex:
        raise UnsupportedError("linspace() of complex endpoints into a real dtype", ctx.loc)
    msg = "Number of samples, %lld, must be non-negative."
    ctx.emit(ir.Check(E.compare("ge", num, E.ZERO), "ValueError", msg, (num,)))
    lo, hi = ctx.temp(E.cast(start.expr, ct)), ctx.temp(E.cast(stop.expr, ct))
    delta = ctx.temp(ir.Binary("sub", hi, lo, ct), "delta")
    div = ctx.temp(E.sub(num, E.ONE) if endpoint else num, "div")
    div_c = ctx.temp(E.cast(div, ct))
    step = ctx.temp(ir.Binary("truediv", delta, div_c, ct), "step")
    has_step = ctx.temp(E.compare("gt", div, E.ZERO))
    tiny_step = ctx.temp(E.compare("eq", step, E.cast(E.ZERO, ct)))
    last = ctx.temp(E.sub(num, E.ONE))

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        # NumPy: y = i * step, or (i / div) * delta when step underflows to 0,
        # or i * delta when there is no step (num <= 1); then y + start, the
        # exact stop at the end, and floor() before casting to an integer dtype.
        i = E.cast(idx[0], ct)
        by_step = ir.Select(
            tiny_step,
            ir.Binary("mul", ir.Binary("truediv", i, div_c, ct), delta, ct),
            ir.Binary("mul", i, step, ct),
            ct,
        )
        scaled = ir.Select(has_step, by_step, ir.Binary("mul", i, delta, ct), ct)
        value: ir.Expr = ir.Binary("add", scaled, lo, ct)
        if endpoint:
            at_end = E.logical_and(E.compare("eq", idx[0], last), E.compare("gt", num, E.ONE))
            value = ir.Select(at_end, hi, value, ct)
        if out_t.is_integer:
            value = ir.Call("floor", (value,), ct)
        return E.cast(value, out_t)

    return Lazy(dtype, (num,), element, ())


# -------------------------------------------------------------- conversions
def np_copy(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "copy", args, kwargs, [("a", REQUIRED), ("order", None)])
    a = b["a"]
    if isinstance(a, Scalar):
        return a
    lazy = as_lazy(array_arg(ctx, a, "copy"))
    return materialize(ctx, lazy)


def np_array(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "array", args, kwargs, [("object", REQUIRED), ("dtype", None), ("copy", True)])
    obj = b["object"]
    if isinstance(obj, ArrayView | Lazy):
        dtype = dtype_arg(ctx, b["dtype"], obj.dtype)
        return materialize(ctx, astype(obj, dtype))  # type: ignore[arg-type]
    if isinstance(obj, ListValue):
        return list_array(ctx, obj, dtype_arg(ctx, b["dtype"], obj.elem.strong().dtype))
    if isinstance(obj, TupleValue):
        shape, items = _nested_scalars(ctx, obj)
        # np.array() sees Python numbers as objects of their default dtype (no NEP 50 weakness).
        default = promote_dtypes(*(e.type.strong().dtype for e in items)) if items else "float64"
        dtype = dtype_arg(ctx, b["dtype"], default)
        assert dtype is not None
        out = _empty(ctx, dtype, tuple(E.i64(d) for d in shape))
        for flat, e in enumerate(items):
            index = np.unravel_index(flat, shape)
            ctx.emit(ir.Store(out.base, tuple(E.i64(int(k)) for k in index), E.cast(e, ScalarType(dtype))))
        return out
    if isinstance(obj, Scalar):
        return astype(obj, dtype_arg(ctx, b["dtype"], obj.type.strong().dtype))
    raise UnsupportedError("np.array() of this kind of object", ctx.loc)


def _nested_scalars(ctx: Context, obj: Value) -> tuple[tuple[int, ...], list[ir.Expr]]:
    """Shape and row-major items of a (nested, rectangular) tuple of scalars."""
    if isinstance(obj, Scalar):
        return (), [obj.expr]
    if not isinstance(obj, TupleValue):
        raise UnsupportedError("np.array() of a tuple holding arrays or other objects", ctx.loc)
    parts = [_nested_scalars(ctx, item) for item in obj.items]
    inner = {shape for shape, _ in parts}
    if len(inner) > 1:
        raise TypingError("np.array() of a ragged nested sequence", ctx.loc)
    shape = (len(parts), *(inner.pop() if inner else ()))
    return shape, [e for _, items in parts for e in items]


def np_asarray(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "asarray", args, kwargs, [("a", REQUIRED), ("dtype", None)])
    a = b["a"]
    if isinstance(a, ArrayView) and dtype_arg(ctx, b["dtype"], a.dtype) == a.dtype:
        return a
    return np_array(ctx, [a], {"dtype": b["dtype"]} if not is_none(b["dtype"]) else {})


def astype(value: ArrayView | Lazy | Scalar, dtype: str | None) -> Value:
    if dtype is None:
        return value
    t = ScalarType(dtype)
    if isinstance(value, Scalar):
        return Scalar(E.cast(value.expr, t))
    lazy = as_lazy(value)
    return Lazy(dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def np_transpose(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "transpose", args, kwargs, [("a", REQUIRED), ("axes", None)])
    a = array_arg(ctx, b["a"], "transpose")
    if isinstance(a, Lazy):
        a = materialize(ctx, a)
    axes = const_axis(ctx, b["axes"])
    return transpose(a, None if axes is None else tuple(axes) if isinstance(axes, tuple) else (axes,))


def reshape(ctx: Context, value: ArrayView | Lazy, shape: tuple[ir.Expr, ...]) -> ArrayView:
    """A C-ordered view with the new shape (copying first if ``value`` is not C-contiguous)."""
    view = value if isinstance(value, ArrayView) and infer_layout(value) == "C" else materialize(ctx, value)
    view = bind_view(ctx, view)
    size = ctx.temp(E.product(view.shape), "size")
    shape = _infer_minus_one(ctx, shape, size)
    new_size: ir.Expr = E.ONE
    for d in shape:
        new_size = E.mul(new_size, d)
    ctx.emit(
        ir.Check(
            E.compare("eq", new_size, size),
            "ValueError",
            "cannot reshape array of size %lld into a shape of size %lld",
            (size, new_size),
        )
    )
    name = ctx.fresh("reshaped")
    t = ctx.declare(name, ArrayType(view.dtype, len(shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, ctx.origins_of(view.base))
    strides: list[ir.Expr] = []
    acc: ir.Expr = E.ONE
    for d in reversed(shape):
        strides.append(acc)
        acc = E.mul(acc, d)
    ctx.emit(ir.View(name, view.base, E.ZERO, shape, tuple(reversed(strides))))
    return whole_view(name, t, shape)


def _infer_minus_one(ctx: Context, shape: tuple[ir.Expr, ...], size: ir.Expr) -> tuple[ir.Expr, ...]:
    unknown = [k for k, d in enumerate(shape) if E.const_int(d) == -1]
    if not unknown:
        return shape
    if len(unknown) > 1:
        raise TypingError("can only specify one unknown dimension", ctx.loc)
    known: ir.Expr = E.ONE
    for k, d in enumerate(shape):
        if k != unknown[0]:
            known = E.mul(known, d)
    inferred = ctx.temp(ir.Select(E.compare("eq", known, E.ZERO), E.ZERO, E.floordiv(size, known), INT64))
    return tuple(inferred if k == unknown[0] else d for k, d in enumerate(shape))


def np_reshape(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "reshape", args, kwargs, [("a", REQUIRED), ("newshape", REQUIRED), ("order", "C")])
    a = array_arg(ctx, b["a"], "reshape")
    return reshape_in_order(ctx, a, shape_arg(ctx, b["newshape"]), index_order(ctx, a, b["order"], "reshape"))


def np_ravel(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "ravel", args, kwargs, [("a", REQUIRED), ("order", "C")])
    a = b["a"]
    if isinstance(a, Scalar):
        expr = a.expr
        return Lazy(a.type.strong().dtype, (E.ONE,), lambda idx: expr, ())
    a = array_arg(ctx, a, "ravel")
    return reshape_in_order(ctx, a, (E.i64(-1),), index_order(ctx, a, b["order"], "ravel", memory=True))


def index_order(ctx: Context, a: ArrayView | Lazy, order: object, what: str, memory: bool = False) -> str:
    """NumPy's ``order=`` of reshape, ravel and flatten as "C" or "F": "A" is "F" for an array
    contiguous in Fortran order (and not in C order), "K" (ravel and flatten) follows the
    strides. Where the compiler cannot tell the layout, "A" and "K" are refused."""
    text = order.value if isinstance(order, Const) else order
    if text in (None, "C", "F"):
        return "F" if text == "F" else "C"
    if text not in ("A", "K") or (text == "K" and not memory):
        allowed = "'C', 'F', 'A' or 'K'" if memory else "'C', 'F' or 'A'"
        raise TypingError(f"{what}(): order must be one of {allowed}", ctx.loc)
    if a.ndim <= 1:
        return "C"  # one order
    found = _layout_order(a, strides=text == "K")
    if found is None:
        raise UnsupportedError(
            f"{what}(order={text!r}) of an array whose layout is not known when compiling",
            ctx.loc,
            hint="pass order='C' or order='F'",
        )
    return found


def _layout_order(a: ArrayView | Lazy, strides: bool) -> str | None:
    """The layout "A" (contiguity) or "K" (strides) reads. A view that is not contiguous has
    "A" = "C" (its strides keep an order, so it is contiguous in neither, or in both when
    at most one extent is above 1, where the orders agree). An element-wise result is a new
    array in the order of its operands' strides, as NumPy's ufuncs make it."""
    if isinstance(a, ArrayView):
        order = stride_order(a)
        if strides:
            return order
        if a.is_whole and a.base_type.layout in ("R", "A"):
            return "C"  # an argument contiguous in neither order (else it would be typed so)
        return contiguous_order(a) or ("C" if order is not None else None)
    if any(v.ndim not in (a.ndim, 0, 1) for v in a.reads):
        return None  # reads of other ranks: no layout the compiler can vouch for
    orders = {stride_order(v) for v in a.reads if v.ndim > 1}
    if not orders:
        return "C"
    return orders.pop() if len(orders) == 1 and None not in orders else None


def reshape_in_order(
    ctx: Context, value: ArrayView | Lazy, shape: tuple[ir.Expr, ...], order: str
) -> ArrayView:
    """``reshape(value, shape, order)``: in F order, elements are read and placed with the
    first index fastest, which is the C-order reshape of the transpose, transposed back."""
    if order == "C":
        return reshape(ctx, value, shape)
    view = value if isinstance(value, ArrayView) else materialize(ctx, value)
    return transpose(reshape(ctx, transpose(view), tuple(reversed(shape))))


def np_matmul(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from kiln.frontend.linalg import matmul

    b = bind_args(ctx, "matmul", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    return matmul(ctx, b["a"], b["b"])


def np_dot(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.dot``: matmul for 1-d and 2-d operands, a product when either is a scalar."""
    from kiln.frontend.linalg import matmul

    b = bind_args(ctx, "dot", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    if isinstance(b["a"], Scalar) or isinstance(b["b"], Scalar):
        return apply_ufunc(ctx, "multiply", [_operand(ctx, b["a"], "dot"), _operand(ctx, b["b"], "dot")])
    return matmul(ctx, b["a"], b["b"], dot=True)


def _table() -> dict[object, Handler]:
    table: dict[object, Handler] = {getattr(np, name): ufunc_handler(name) for name in UFUNCS}
    table.update({np.abs: ufunc_handler("absolute"), np.conj: ufunc_handler("conjugate")})
    reductions: dict[str, list[object]] = {
        "sum": [np.sum],
        "prod": [np.prod],
        "min": [np.min, np.amin],
        "max": [np.max, np.amax],
        "mean": [np.mean],
        "any": [np.any],
        "all": [np.all],
    }
    for kind, funcs in reductions.items():
        for f in funcs:
            table[f] = reduction_handler(kind)
    handlers: dict[object, Handler] = {
        np.where: np_where,
        np.empty: fill_handler(None),
        np.zeros: fill_handler(0),
        np.ones: fill_handler(1),
        np.full: np_full,
        np.empty_like: like_handler(None),
        np.zeros_like: like_handler(0),
        np.ones_like: like_handler(1),
        np.full_like: like_handler(-1),
        np.arange: np_arange,
        np.linspace: np_linspace,
        np.copy: np_copy,
        np.array: np_array,
        np.asarray: np_asarray,
        np.ascontiguousarray: np_asarray,
        np.transpose: np_transpose,
        np.reshape: np_reshape,
        np.ravel: np_ravel,
        np.matmul: np_matmul,
        np.dot: np_dot,
    }
    table.update(handlers)
    table.update(_themed_tables())
    table.update(linalg_functions())  # its triu/tril also take 1-d input
    from kiln.frontend.nonzero import NONZERO_FUNCTIONS

    table.update(NONZERO_FUNCTIONS.items())  # its keys are typed narrower than ``object``
    return table


def _themed_tables() -> dict[object, Handler]:
    """Handlers that live in their own modules, grouped by theme."""
    from kiln.frontend import (
        np_angles,
        np_argext,
        np_composed,
        np_cov,
        np_cumulative,
        np_differences,
        np_dims,
        np_einsum,
        np_fft,
        np_generator,
        np_histogram,
        np_histogram2d,
        np_index_tools,
        np_join,
        np_layout,
        np_misc,
        np_nan,
        np_pad,
        np_polyfit,
        np_products,
        np_put,
        np_quantile,
        np_random,
        np_round,
        np_search,
        np_sets,
        np_shapes,
        np_small,
        np_sort,
        np_stats,
        np_trace,
        np_unique,
        np_windows,
    )  # fmt: skip

    modules = [np_stats, np_argext, np_shapes, np_join, np_cov, np_histogram, np_histogram2d, np_round]
    modules += [np_cumulative]
    modules += [np_sort, np_differences, np_trace, np_layout, np_angles, np_nan, np_misc, np_search]
    modules += [
        np_quantile,
        np_unique,
        np_pad,
        np_dims,
        np_products,
        np_fft,
        np_put,
        np_einsum,
        np_composed,
        np_random,
        np_generator,
        np_sets,
        np_polyfit,
        np_index_tools,
        np_small,
        np_windows,
    ]
    tables = [m.table() for m in modules]
    return {k: v for t in tables for k, v in t.items()}


NUMPY_FUNCTIONS: dict[object, Handler] = _table()


def lookup_numpy(func: Any) -> Handler | None:
    from kiln.frontend.outer import lookup_ufunc_method

    try:
        return NUMPY_FUNCTIONS.get(func) or lookup_ufunc_method(func)
    except TypeError:  # unhashable
        return None
