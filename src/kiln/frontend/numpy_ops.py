"""One table: NumPy function -> how it lowers. Array methods share the handlers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, assign, elementwise, materialize
from kiln.frontend.callargs import (
    REQUIRED,
    array_arg,
    bind_args,
    const_axis,
    const_bool,
    dtype_arg,
    is_none,
    shape_arg,
)
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import UFUNCS, apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value, whole_view
from kiln.frontend.views import bind_view, infer_layout, transpose
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    raise TypingError(f"{what}: unsupported operand {type(v).__name__}", ctx.loc)


# ------------------------------------------------------------------ ufuncs
def ufunc_handler(name: str) -> Handler:
    nin = getattr(np, name).nin

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        out = kwargs.pop("out", None)
        if kwargs:
            raise UnsupportedError(f"np.{name}() keyword '{next(iter(kwargs))}'", ctx.loc)
        if len(args) != nin:
            raise TypingError(f"np.{name}() takes {nin} arguments, got {len(args)}", ctx.loc)
        result = apply_ufunc(ctx, name, [_operand(ctx, a, f"np.{name}") for a in args])
        return _into_out(ctx, result, out)

    return handler


def _into_out(ctx: Context, result: Value, out: Value | None) -> Value:
    if out is None or is_none(out):
        return result
    if isinstance(out, TupleValue) and len(out.items) == 1:
        out = out.items[0]
    if not isinstance(out, ArrayView):
        raise TypingError("'out' must be an array", ctx.loc)
    assign(ctx, out, _operand(ctx, result, "out"))
    return out


def np_where(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if len(args) != 3 or kwargs:
        raise UnsupportedError("np.where() with other than 3 arguments", ctx.loc)
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
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(
            ctx,
            kind,
            args,
            kwargs,
            [("a", REQUIRED), ("axis", None), ("dtype", None), ("out", None), ("keepdims", False)],
        )
        if not is_none(b["dtype"]) or not is_none(b["out"]):
            raise UnsupportedError(f"{kind}() with dtype= or out=", ctx.loc)
        value = _operand(ctx, b["a"], kind)
        keep = const_bool(ctx, b["keepdims"], "keepdims")
        return reduce(ctx, kind, value, const_axis(ctx, b["axis"]), keep)

    return handler


# ----------------------------------------------------------------- creation
def _const_lazy(dtype: str, shape: tuple[ir.Expr, ...], value: ir.Expr) -> Lazy:
    return Lazy(dtype, shape, lambda idx: value, ())


def fill_handler(fill: int | None) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("shape", REQUIRED), ("dtype", None), ("order", None)]
        if fill is None and len(args) > 1 and "fill_value" not in kwargs:
            pass
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
    return whole_view(name, t)


def np_full(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx,
        "full",
        args,
        kwargs,
        [("shape", REQUIRED), ("fill_value", REQUIRED), ("dtype", None), ("order", None)],
    )
    fill = b["fill_value"]
    if not isinstance(fill, Scalar):
        raise UnsupportedError("np.full() with a non-scalar fill value", ctx.loc)
    dtype = dtype_arg(ctx, b["dtype"], fill.type.dtype)
    assert dtype is not None
    return _const_lazy(dtype, shape_arg(ctx, b["shape"]), ctx.temp(E.cast(fill.expr, ScalarType(dtype))))


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
        value = b["fill_value"].expr if fill == -1 else ir.Const(fill, INT64)
        return _const_lazy(dtype, shape, ctx.temp(E.cast(value, ScalarType(dtype))))

    return handler


def np_arange(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "arange", args, kwargs, [("start", REQUIRED), ("stop", None), ("step", None), ("dtype", None)]
    )
    start, stop, step = b["start"], b["stop"], b["step"]
    if is_none(stop):
        start, stop = Scalar(ir.Const(0, ScalarType("int64", weak=True))), start
    if is_none(step):
        step = Scalar(ir.Const(1, ScalarType("int64", weak=True)))
    parts = [start, stop, step]
    if not all(isinstance(p, Scalar) for p in parts):
        raise TypingError("arange() arguments must be scalars", ctx.loc)
    t = promote(*(p.type for p in parts)).strong()
    dtype = dtype_arg(ctx, b["dtype"], t.dtype)
    assert dtype is not None
    f64 = ScalarType("float64")
    lo, hi, st = (ctx.temp(E.cast(p.expr, t if t.is_integer else f64)) for p in parts)
    if t.is_integer:
        ctx.emit(
            ir.Check(
                E.compare("ne", st, E.cast(ir.Const(0, INT64), st.type)),
                "ZeroDivisionError",
                "arange: step must not be zero",
            )
        )
        span = ir.Binary("sub", E.as_index(hi), E.as_index(lo), INT64)
        n = ir.Call("ceil", (ir.Binary("truediv", E.cast(span, f64), E.cast(st, f64), f64),), f64)
    else:
        n = ir.Call("ceil", (ir.Binary("truediv", ir.Binary("sub", hi, lo, f64), st, f64),), f64)
    length = ctx.temp(E.imax(E.cast(n, INT64), E.ZERO), "len")
    out_t = ScalarType(dtype)
    ct = t if t.is_integer else f64

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return E.cast(ir.Binary("add", lo, ir.Binary("mul", E.cast(idx[0], ct), st, ct), ct), out_t)

    return Lazy(dtype, (length,), element, ())


def np_linspace(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx,
        "linspace",
        args,
        kwargs,
        [
            ("start", REQUIRED),
            ("stop", REQUIRED),
            ("num", None),
            ("endpoint", True),
            ("retstep", False),
            ("dtype", None),
        ],
    )
    start, stop = b["start"], b["stop"]
    if not isinstance(start, Scalar) or not isinstance(stop, Scalar):
        raise UnsupportedError("linspace() with array endpoints", ctx.loc)
    num = E.i64(50) if is_none(b["num"]) else E.as_index(b["num"].expr)
    endpoint = const_bool(ctx, b["endpoint"], "endpoint")
    if const_bool(ctx, b["retstep"], "retstep"):
        raise UnsupportedError("linspace(retstep=True)", ctx.loc)
    ct = promote(start.type, stop.type, ScalarType("float64")).strong()
    dtype = dtype_arg(ctx, b["dtype"], ct.dtype)
    assert dtype is not None
    ctx.emit(
        ir.Check(
            E.compare("ge", num, E.ZERO),
            "ValueError",
            "Number of samples, %lld, must be non-negative.",
            (num,),
        )
    )
    lo, hi = ctx.temp(E.cast(start.expr, ct)), ctx.temp(E.cast(stop.expr, ct))
    div = E.sub(num, E.ONE) if endpoint else num
    step = ctx.temp(ir.Binary("truediv", ir.Binary("sub", hi, lo, ct), E.cast(div, ct), ct), "step")
    last = ctx.temp(E.sub(num, E.ONE))
    out_t = ScalarType(dtype)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        value = ir.Binary("add", ir.Binary("mul", E.cast(idx[0], ct), step, ct), lo, ct)
        if endpoint:
            value = ir.Select(
                ir.Binary(
                    "and", E.compare("eq", idx[0], last), E.compare("gt", num, E.ONE), ScalarType("bool")
                ),
                hi,
                value,
                ct,
            )
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
    if isinstance(obj, TupleValue) and all(isinstance(i, Scalar) for i in obj.items):
        items = [i.expr for i in obj.items]  # type: ignore[union-attr]
        t = promote(*(e.type for e in items)).strong()
        dtype = dtype_arg(ctx, b["dtype"], t.dtype)
        assert dtype is not None
        out = _empty(ctx, dtype, (E.i64(len(items)),))
        for k, e in enumerate(items):
            ctx.emit(ir.Store(out.base, (E.i64(k),), E.cast(e, ScalarType(dtype))))
        return out
    if isinstance(obj, Scalar):
        return obj
    raise UnsupportedError("np.array() of this kind of object", ctx.loc)


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
    size: ir.Expr = E.ONE
    for d in view.shape:
        size = E.mul(size, d)
    size = ctx.temp(size, "size")
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
    strides, acc = [], E.ONE
    for d in reversed(shape):
        strides.append(acc)
        acc = E.mul(acc, d)
    ctx.emit(ir.View(name, view.base, E.ZERO, shape, tuple(reversed(strides))))
    return whole_view(name, t)


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
    b = bind_args(ctx, "reshape", args, kwargs, [("a", REQUIRED), ("newshape", REQUIRED), ("order", None)])
    return reshape(ctx, array_arg(ctx, b["a"], "reshape"), shape_arg(ctx, b["newshape"]))


def np_matmul(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from kiln.frontend.linalg import matmul

    b = bind_args(ctx, "matmul", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    if isinstance(b["a"], Scalar) or isinstance(b["b"], Scalar):
        return apply_ufunc(ctx, "multiply", [_operand(ctx, b["a"], "dot"), _operand(ctx, b["b"], "dot")])
    return matmul(ctx, b["a"], b["b"])


def _table() -> dict[object, Handler]:
    table: dict[object, Handler] = {getattr(np, name): ufunc_handler(name) for name in UFUNCS}
    table.update({np.abs: ufunc_handler("absolute"), np.conj: ufunc_handler("conjugate")})
    for kind, funcs in {
        "sum": [np.sum],
        "prod": [np.prod],
        "min": [np.min, np.amin],
        "max": [np.max, np.amax],
        "mean": [np.mean],
        "any": [np.any],
        "all": [np.all],
    }.items():
        for f in funcs:
            table[f] = reduction_handler(kind)
    table.update(
        {
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
            np.matmul: np_matmul,
            np.dot: np_matmul,
            np.round: ufunc_handler("rint"),
            np.around: ufunc_handler("rint"),
        }
    )
    return table


NUMPY_FUNCTIONS: dict[object, Handler] = _table()


def lookup_numpy(func: Any) -> Handler | None:
    try:
        return NUMPY_FUNCTIONS.get(func)
    except TypeError:  # unhashable
        return None
