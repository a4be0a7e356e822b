"""NumPy functions built from operations kiln already has, step by step as NumPy computes them
so that the dtypes and values are NumPy's: ``heaviside``, ``logaddexp`` and ``logaddexp2``
(NumPy's C formulas: ``x + log1p(exp(y - x))`` on the larger, ``x + log(2)`` for equal
arguments, in the loop's precision), ``sinc`` (``sin(pi y) / (pi y)`` with 0 replaced by
1e-20), ``nan_to_num``, ``trapezoid``, ``diagonal`` (a copy where NumPy gives a read-only
view), ``fill_diagonal`` (in place, ``val`` cycled), ``vander`` and ``corrcoef`` (from
``cov``)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, assign, element_type, elementwise, materialize
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, is_none, number_value
from kiln.frontend.context import Context
from kiln.frontend.np_trace import _axis, bound_diagonal, diagonal_values
from kiln.frontend.numpy_ops import into_out
from kiln.frontend.promotion import (
    PromotionError,
    UnsupportedDtypeError,
    promote,
    promote_dtypes,
    ufunc_types,
)
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Const, DType, Lazy, Scalar, TupleValue, Value
from kiln.frontend.views import Index, SliceSpec, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, PY_FLOAT, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    raise TypingError(f"np.{what}() expects numbers or arrays", ctx.loc)


def _const(value: float | np.floating, t: ScalarType) -> ir.Expr:
    return ir.Const(float(np.dtype(t.dtype).type(value)), t)


def _binary_float_ufunc(name: str, formula: Callable[[ir.Expr, ir.Expr, ScalarType], ir.Expr]) -> Handler:
    """``np.<name>(x1, x2, out=None)`` of NumPy's float loops, element by element."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, name, args, kwargs, [("x1", REQUIRED), ("x2", REQUIRED), ("out", None)])
        x1, x2 = _operand(ctx, b["x1"], name), _operand(ctx, b["x2"], name)
        (l1, l2), out = ufunc_types(name, (element_type(x1), element_type(x2)))
        t = ScalarType(out)

        def combine(xs: list[ir.Expr]) -> ir.Expr:
            return formula(E.cast(xs[0], ScalarType(l1)), E.cast(xs[1], ScalarType(l2)), t)

        return into_out(ctx, name, elementwise(ctx, [x1, x2], combine, out), b["out"])

    return handler


def _heaviside(x: ir.Expr, h0: ir.Expr, t: ScalarType) -> ir.Expr:
    """NaN for NaN, ``h0`` at 0, else 0 below and 1 above."""
    sign = ir.Select(E.compare("lt", x, _const(0.0, t)), _const(0.0, t), _const(1.0, t), t)
    at_zero = ir.Select(E.compare("eq", x, _const(0.0, t)), h0, sign, t)
    return ir.Select(ir.Call("isnan", (x,), BOOL), _const(math.nan, t), at_zero, t)


def _log_add(
    exp: str, log1p_scale: float, equal_add: float
) -> Callable[[ir.Expr, ir.Expr, ScalarType], ir.Expr]:
    """NumPy's ``npy_logaddexp`` (``exp``, ``log1p``, log(2)) and ``npy_logaddexp2`` (``exp2``,
    ``log2(1 + u)`` as ``log1p(u) * log2(e)``, 1)."""

    def formula(x: ir.Expr, y: ir.Expr, t: ScalarType) -> ir.Expr:
        def tail(u: ir.Expr) -> ir.Expr:
            grown = ir.Call("log1p", (ir.Call(exp, (u,), t),), t)
            return grown if log1p_scale == 1.0 else ir.Binary("mul", _const(log1p_scale, t), grown, t)

        tmp = ir.Binary("sub", x, y, t)
        above = ir.Binary("add", x, tail(ir.Unary("neg", tmp, t)), t)
        below = ir.Binary("add", y, tail(tmp), t)
        unequal = ir.Select(
            E.compare("gt", tmp, _const(0.0, t)),
            above,
            ir.Select(E.compare("le", tmp, _const(0.0, t)), below, tmp, t),  # NaN: tmp itself
            t,
        )
        return ir.Select(E.compare("eq", x, y), ir.Binary("add", x, _const(equal_add, t), t), unequal, t)

    return formula


def np_sinc(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``y = pi * where(x == 0, 1.0e-20, x); sin(y) / y``."""
    x = _operand(ctx, bind_args(ctx, "sinc", args, kwargs, [("x", REQUIRED)])["x"], "sinc")
    t = promote(element_type(x), PY_FLOAT)
    tiny = _const(1.0e-20, t)

    def nonzero(xs: list[ir.Expr]) -> ir.Expr:
        value = E.cast(xs[0], t)
        return ir.Select(E.compare("eq", value, _const(0.0, t)), tiny, value, t)

    y = apply_ufunc(
        ctx, "multiply", [Scalar(ir.Const(math.pi, PY_FLOAT)), elementwise(ctx, [x], nonzero, t.dtype)]
    )
    y = y if isinstance(y, Scalar) else _pinned(ctx, y)
    return apply_ufunc(ctx, "divide", [apply_ufunc(ctx, "sin", [y]), y])


def _pinned(ctx: Context, value: Lazy) -> Lazy:
    """``value`` read twice: computed once."""
    from kiln.frontend.arrays import materialize

    return as_lazy(materialize(ctx, value))


def np_nan_to_num(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("x", REQUIRED), ("copy", True), ("nan", 0.0), ("posinf", None), ("neginf", None)]
    b = bind_args(ctx, "nan_to_num", args, kwargs, params)
    if not (b["copy"] is True or const_bool(ctx, b["copy"], "nan_to_num(copy=...)")):
        raise UnsupportedError("np.nan_to_num(copy=False) (in place)", ctx.loc, hint="assign the result back")
    x = _operand(ctx, b["x"], "nan_to_num")
    xt = element_type(x)
    if not (xt.is_float or xt.is_complex):
        return elementwise(ctx, [x], lambda xs: E.cast(xs[0], ScalarType(xt.dtype)), xt.dtype)
    part = ScalarType({"complex64": "float32", "complex128": "float64"}.get(xt.dtype, xt.dtype))
    info = np.finfo(part.dtype)
    nan, pos, neg = (
        _number(ctx, b[k], default, part)
        for k, default in (("nan", 0.0), ("posinf", info.max), ("neginf", info.min))
    )

    def fix(v: ir.Expr) -> ir.Expr:
        inf = ir.Select(E.compare("gt", v, _const(0.0, part)), pos, neg, part)
        finite = ir.Select(ir.Call("isinf", (v,), BOOL), inf, v, part)
        return ir.Select(ir.Call("isnan", (v,), BOOL), nan, finite, part)

    def element(xs: list[ir.Expr]) -> ir.Expr:
        v = E.cast(xs[0], ScalarType(xt.dtype))
        if not xt.is_complex:
            return fix(v)
        parts = [fix(ir.Call(p, (v,), part)) for p in ("real", "imag")]
        return ir.Call("complex", tuple(parts), ScalarType(xt.dtype))

    return elementwise(ctx, [x], element, xt.dtype)


def _number(
    ctx: Context, value: Value | float | None, default: float | np.floating, t: ScalarType
) -> ir.Expr:
    if value is None or is_none(value):
        return _const(default, t)
    if isinstance(value, float | int):
        return _const(float(value), t)
    if isinstance(value, Scalar) and not value.type.is_complex:
        return E.cast(value.expr, t)
    raise TypingError("np.nan_to_num(): nan, posinf and neginf must be numbers", ctx.loc)


def np_trapezoid(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``(d * (y[1:] + y[:-1]) / 2.0).sum(axis)``, ``d`` being ``dx`` or ``diff(x)``."""
    b = bind_args(ctx, "trapezoid", args, kwargs, [("y", REQUIRED), ("x", None), ("dx", 1.0), ("axis", -1)])
    y = _operand(ctx, b["y"], "trapezoid")
    if isinstance(y, Scalar) or y.ndim == 0:
        raise TypingError("np.trapezoid() of a 0-d array", ctx.loc)
    y = as_lazy(y)
    axis = _axis(ctx, b["axis"], y.ndim)
    n = y.shape[axis]
    count = E.imax(E.sub(n, E.ONE), E.ZERO)
    upper, lower = _shifted(y, axis, count, E.ONE), _shifted(y, axis, count, E.ZERO)
    d: Operand
    if is_none(b["x"]):
        d = b["dx"] if isinstance(b["dx"], Scalar) else Scalar(ir.Const(float(b["dx"]), PY_FLOAT))
    else:
        x = as_lazy(_operand(ctx, b["x"], "trapezoid"))  # type: ignore[arg-type]
        if x.ndim != 1:
            raise UnsupportedError("np.trapezoid() with an x of more than one dimension", ctx.loc)
        step = apply_ufunc(ctx, "subtract", [_shifted(x, 0, count, E.ONE), _shifted(x, 0, count, E.ZERO)])
        d = _along(as_lazy(step), axis, y.ndim)  # type: ignore[arg-type]
    total = apply_ufunc(ctx, "add", [upper, lower])
    area = apply_ufunc(
        ctx, "divide", [apply_ufunc(ctx, "multiply", [d, total]), Scalar(ir.Const(2.0, PY_FLOAT))]
    )
    return reduce(ctx, "sum", area, axis)


def _shifted(a: Lazy, axis: int, count: ir.Expr, start: ir.Expr) -> Lazy:
    """``a[start : start + count]`` along ``axis``."""
    shape = tuple(count if k == axis else s for k, s in enumerate(a.shape))

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return a.element(tuple(E.add(i, start) if k == axis else i for k, i in enumerate(idx)))

    return Lazy(a.dtype, shape, element, a.reads)


def _along(d: Lazy, axis: int, ndim: int) -> Lazy:
    """A 1-d ``d`` shaped to broadcast along ``axis`` of ``ndim`` axes (extents of 1 elsewhere)."""
    shape = tuple(d.shape[0] if k == axis else E.ONE for k in range(ndim))
    return Lazy(d.dtype, shape, lambda idx: d.element((idx[axis],)), d.reads)


def np_diagonal(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("offset", 0), ("axis1", 0), ("axis2", 1)]
    return bound_diagonal(ctx, bind_args(ctx, "diagonal", args, kwargs, params))


def np_fill_diagonal(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``a[i, i, ...] = val`` (a number, or an array's elements in order, cycled) for every
    ``i`` of the shorter extent (NumPy's ``wrap=False``); all extents equal above 2-d."""
    from kiln.frontend.arrays import emit_loop_nest, setitem_scalar

    b = bind_args(ctx, "fill_diagonal", args, kwargs, [("a", REQUIRED), ("val", REQUIRED), ("wrap", False)])
    a, val = b["a"], b["val"]
    if not isinstance(a, ArrayView) or a.ndim < 2:
        raise TypingError("array must be at least 2-d", ctx.loc)
    if not (b["wrap"] is False or not const_bool(ctx, b["wrap"], "fill_diagonal(wrap=...)")):
        raise UnsupportedError("np.fill_diagonal(wrap=True)", ctx.loc)
    if a.ndim > 2:
        for k in range(1, a.ndim):
            ctx.emit(
                ir.Check(
                    E.compare("eq", a.shape[k], a.shape[0]),
                    "ValueError",
                    "All dimensions of input must be of equal length",
                )
            )
    length = ctx.temp(E.imin(a.shape[0], a.shape[1]), "n")
    ctx.written_arrays.add(a.base)
    t = ScalarType(a.dtype)
    if isinstance(val, Scalar):
        value = setitem_scalar(ctx, val, t)
        emit_loop_nest(
            ctx, (length,), lambda idx: ctx.emit(ir.Store(a.base, a.base_indices(idx * a.ndim), value))
        )
        return Const(None)
    if not isinstance(val, ArrayView | Lazy):
        raise TypingError("np.fill_diagonal(): val must be a number or an array", ctx.loc)
    flat = as_lazy(val)
    size = ctx.temp(E.product(flat.shape), "size")
    ctx.emit(
        ir.Check(E.compare("gt", size, E.ZERO), "ValueError", "cannot fill a diagonal from an empty array")
    )

    def store(idx: tuple[ir.Expr, ...]) -> None:
        k = ir.Binary("mod", idx[0], size, idx[0].type)
        item = flat.element(_unravel(k, flat.shape))
        ctx.emit(ir.Store(a.base, a.base_indices(idx * a.ndim), E.cast(item, t)))

    emit_loop_nest(ctx, (length,), store)
    return Const(None)


def _unravel(k: ir.Expr, shape: tuple[ir.Expr, ...]) -> tuple[ir.Expr, ...]:
    """The C-order index of flat position ``k``."""
    out: list[ir.Expr] = []
    for extent in reversed(shape[1:]):
        out.append(ir.Binary("mod", k, extent, k.type))
        k = E.floordiv(k, extent)
    return (k, *reversed(out))


def np_vander(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``x[:, None] ** (N - 1 - j)`` (``increasing``: ``** j``), as NumPy's ``multiply.accumulate``
    computes the powers: repeated products, left to right."""
    b = bind_args(ctx, "vander", args, kwargs, [("x", REQUIRED), ("N", None), ("increasing", False)])
    x = b["x"]
    if not isinstance(x, ArrayView | Lazy) or x.ndim != 1:
        raise TypingError("x must be a one-dimensional array or sequence.", ctx.loc)
    lx = as_lazy(x)
    n = lx.shape[0] if is_none(b["N"]) else E.as_index(b["N"].expr) if isinstance(b["N"], Scalar) else None
    if n is None:
        raise TypingError("np.vander(): N must be an integer", ctx.loc)
    n = ctx.temp(n, "N")
    increasing = b["increasing"] is True or (
        b["increasing"] is not False and const_bool(ctx, b["increasing"], "increasing")
    )
    dtype = promote_dtypes(lx.dtype, "int64")  # NumPy's promote_types(x.dtype, int)
    return _vander_array(ctx, lx, n, dtype, increasing)


def _vander_array(ctx: Context, x: Lazy, n: ir.Expr, dtype: str, increasing: bool) -> Value:
    from kiln.frontend.advanced import new_array
    from kiln.frontend.arrays import emit_loop_nest

    t = ScalarType(dtype)
    rows = x.shape[0]
    out = new_array(ctx, "vander", dtype, (rows, n))

    def row(idx: tuple[ir.Expr, ...]) -> None:
        (i,) = idx
        power = ir.Var(ctx.fresh("power"), t)
        ctx.declare(power.name, t)
        ctx.emit(ir.Assign(power.name, E.cast(ir.Const(1, ScalarType("int64")), t)))
        value = E.cast(x.element((i,)), t)

        def column(jdx: tuple[ir.Expr, ...]) -> None:
            (j,) = jdx
            col = j if increasing else E.sub(E.sub(n, E.ONE), j)
            ctx.emit(ir.Store(out.base, (i, col), power))
            ctx.emit(ir.Assign(power.name, ir.Binary("mul", power, value, t)))

        emit_loop_nest(ctx, (n,), column)

    emit_loop_nest(ctx, (rows,), row)
    return out


def np_corrcoef(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """NumPy's steps: ``c = cov(x, rowvar=rowvar, dtype=dtype)``, each element divided by its
    row's and then its column's standard deviation (``sqrt`` of the diagonal's real part),
    the real part (and a complex result's imaginary part) clipped to [-1, 1]; ``c / c`` for a
    single variable."""
    from kiln.frontend.np_cov import np_cov

    params = [("x", REQUIRED), ("y", None), ("rowvar", True), ("dtype", None)]
    b = bind_args(ctx, "corrcoef", args, kwargs, params)
    if not is_none(b["y"]):
        raise UnsupportedError("np.corrcoef() with y=", ctx.loc, hint="stack x and y into one array")
    c = np_cov(
        ctx,
        [b["x"]],
        {"rowvar": b["rowvar"], "dtype": b["dtype"]} if not is_none(b["dtype"]) else {"rowvar": b["rowvar"]},
    )
    assert isinstance(c, ArrayView)
    if c.ndim == 0:
        return apply_ufunc(ctx, "divide", [c, c])
    cv = as_lazy(c)
    t = ScalarType(cv.dtype)
    real = ScalarType({"complex64": "float32", "complex128": "float64"}.get(t.dtype, t.dtype))
    diagonal = diagonal_values(cv, E.ZERO, 0, 1)
    d = elementwise(
        ctx, [diagonal], lambda xs: ir.Call("real", (xs[0],), real) if t.is_complex else xs[0], real.dtype
    )
    from kiln.frontend.arrays import materialize

    root = apply_ufunc(ctx, "sqrt", [d])
    assert isinstance(root, Lazy)  # of the diagonal of a 2-d array
    stddev = as_lazy(materialize(ctx, root))

    def clip(v: ir.Expr) -> ir.Expr:
        low = ir.Select(E.compare("lt", v, _const(-1.0, real)), _const(-1.0, real), v, real)
        return ir.Select(E.compare("gt", v, _const(1.0, real)), _const(1.0, real), low, real)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        i, j = idx
        by_row = ir.Binary("truediv", cv.element(idx), E.cast(stddev.element((i,)), t), t)
        value = ir.Binary("truediv", by_row, E.cast(stddev.element((j,)), t), t)
        if not t.is_complex:
            return clip(value)
        parts = tuple(clip(ir.Call(p, (value,), real)) for p in ("real", "imag"))
        return ir.Call("complex", parts, t)

    return Lazy(t.dtype, cv.shape, element, (*cv.reads, *stddev.reads))


LOGE2 = 0.693147180559945309417232121458176568
LOG2E = 1.442695040888963407359924681001892137


def _no_out(ctx: Context, name: str, kwargs: dict[str, Value]) -> None:
    if set(kwargs) - {"out"} or not is_none(kwargs.get("out")):
        raise UnsupportedError(f"np.{name} with keyword arguments (out=, where=...)", ctx.loc)


def np_divmod(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``(floor_divide(x1, x2), remainder(x1, x2))``: NumPy's divmod computes both as they do."""
    _no_out(ctx, "divmod", kwargs)
    if len(args) != 2:
        raise TypingError("divmod() takes 2 arguments", ctx.loc)
    x1, x2 = (_operand(ctx, a, "divmod") for a in args)
    return TupleValue((apply_ufunc(ctx, "floor_divide", [x1, x2]), apply_ufunc(ctx, "remainder", [x1, x2])))


def np_modf(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``(fractional part, integral part)`` as C's ``modf``: both with the sign of ``x``, the
    fraction of an infinity 0, in NumPy's loop dtype (integers in float64)."""
    _no_out(ctx, "modf", kwargs)
    if len(args) != 1:
        raise TypingError("modf() takes 1 argument", ctx.loc)
    x = _operand(ctx, args[0], "modf")
    try:
        (loop,), out = ufunc_types("modf", (element_type(x),))
    except UnsupportedDtypeError as exc:  # NumPy's float16 for small integers
        raise UnsupportedError(str(exc), ctx.loc) from None
    except PromotionError as exc:
        raise TypingError(str(exc), ctx.loc) from None
    t = ScalarType(out)

    def whole(xs: list[ir.Expr]) -> ir.Expr:
        return ir.Call("trunc", (E.cast(xs[0], ScalarType(loop)),), t)

    def fraction(xs: list[ir.Expr]) -> ir.Expr:
        v = E.cast(xs[0], ScalarType(loop))
        difference = ir.Binary("sub", v, ir.Call("trunc", (v,), t), t)
        part = ir.Select(ir.Call("isinf", (v,), BOOL), _const(0.0, t), difference, t)
        return ir.Call("copysign", (part, v), t)

    return TupleValue((elementwise(ctx, [x], fraction, out), elementwise(ctx, [x], whole, out)))


def np_fix(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Rounding toward zero as NumPy writes it: ``floor`` where ``x >= 0``, else ``ceil``."""
    from kiln.frontend.numpy_ops import np_where

    b = bind_args(ctx, "fix", args, kwargs, [("x", REQUIRED), ("out", None)])
    x = _operand(ctx, b["x"], "fix")
    up, down = apply_ufunc(ctx, "ceil", [x]), apply_ufunc(ctx, "floor", [x])
    nonneg = apply_ufunc(ctx, "greater_equal", [x, Scalar(ir.Const(0, PY_INT))])
    return into_out(ctx, "fix", np_where(ctx, [nonneg, down, up], {}), b["out"])


def np_unwrap(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.unwrap(p, discont=None, axis=-1, period=2*pi)`` in NumPy's steps: the differences
    along ``axis`` brought into ``[-period/2, period/2)``, corrections where a jump is at least
    ``discont``, added back as a running sum. Floating results only (a number ``period``)."""
    from kiln.frontend.numpy_ops import lookup_numpy, np_where

    params = [("p", REQUIRED), ("discont", None), ("axis", -1), ("period", 2 * math.pi)]
    b = bind_args(ctx, "unwrap", args, kwargs, params)
    p = _operand(ctx, b["p"], "unwrap")
    period = number_value(b["period"])
    if isinstance(p, Scalar) or not isinstance(period, Scalar) or not period.type.is_float:
        raise UnsupportedError("np.unwrap of other than an array and a floating period", ctx.loc)
    axis = b["axis"] if isinstance(b["axis"], int) else const_axis(ctx, b["axis"])
    if not isinstance(axis, int) or not -p.ndim <= axis < p.ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {p.ndim}", ctx.loc)
    axis %= p.ndim
    found = {f: lookup_numpy(f) for f in (np.diff, np.cumsum, np.array)}
    call = {f: h for f, h in found.items() if h is not None}
    differences = call[np.diff](ctx, [p], {"axis": Scalar(ir.Const(axis, PY_INT))})
    assert isinstance(differences, ArrayView | Lazy)
    dd = materialize(ctx, differences)
    half = Scalar(ir.Binary("truediv", period.expr, ir.Const(2.0, PY_FLOAT), period.type))
    low = Scalar(ir.Unary("neg", half.expr, period.type))
    discont = half if is_none(b["discont"]) else number_value(b["discont"])

    def op(name: str, *xs: Value) -> Operand:
        result = apply_ufunc(ctx, name, [_operand(ctx, x, "unwrap") for x in xs])
        assert isinstance(result, Scalar | ArrayView | Lazy)
        return result

    def where(c: Value, x: Value, y: Value) -> Operand:
        return _operand(ctx, np_where(ctx, [c, x, y], {}), "unwrap")

    zero = Scalar(ir.Const(0, PY_INT))
    ddmod = op("add", op("remainder", op("subtract", dd, low), period), low)
    ddmod = where(op("logical_and", op("equal", ddmod, low), op("greater", dd, zero)), half, ddmod)
    correct = where(op("less", op("absolute", dd), discont), zero, op("subtract", ddmod, dd))
    total = _operand(ctx, call[np.cumsum](ctx, [correct], {"axis": Scalar(ir.Const(axis, PY_INT))}), "unwrap")
    up = call[np.array](ctx, [p], {"dtype": DType(element_type(correct).dtype)})
    assert isinstance(up, ArrayView) and not isinstance(total, Scalar)
    rest: list[Index | None] = [
        SliceSpec(E.ONE, None, 1) if k == axis else SliceSpec(None, None, 1) for k in range(p.ndim)
    ]
    head = subscript(ctx, p if isinstance(p, ArrayView) else materialize(ctx, p), rest)
    target = subscript(ctx, up, rest)
    assert isinstance(head, ArrayView) and isinstance(target, ArrayView)
    assign(ctx, target, op("add", head, total))
    return up


def table() -> dict[object, Handler]:
    return {
        np.unwrap: np_unwrap,
        np.divmod: np_divmod,
        np.modf: np_modf,
        np.fix: np_fix,
        np.heaviside: _binary_float_ufunc("heaviside", _heaviside),
        np.logaddexp: _binary_float_ufunc("logaddexp", _log_add("exp", 1.0, LOGE2)),
        np.logaddexp2: _binary_float_ufunc("logaddexp2", _log_add("exp2", LOG2E, 1.0)),
        np.sinc: np_sinc,
        np.nan_to_num: np_nan_to_num,
        np.trapezoid: np_trapezoid,
        np.diagonal: np_diagonal,
        np.fill_diagonal: np_fill_diagonal,
        np.vander: np_vander,
        np.corrcoef: np_corrcoef,
    }
