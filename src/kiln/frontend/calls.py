"""Calls: Python builtins, the ``math`` module, NumPy functions, array methods,
dtype conversions. (User functions are inlined by the statement lowerer.)"""

from __future__ import annotations

import builtins
import math
from typing import Any

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend import numpy_ops as npo
from kiln.frontend.arrays import as_lazy, assign
from kiln.frontend.callargs import bind_args, dtype_arg, shape_arg
from kiln.frontend.context import Context
from kiln.frontend.lists import list_length
from kiln.frontend.np_methods import call_function_method
from kiln.frontend.np_round import builtin_round
from kiln.frontend.promotion import promote
from kiln.frontend.ufuncs import apply_ufunc, python_operator, truthy
from kiln.frontend.values import (
    ArrayView,
    Const,
    DictValue,
    DType,
    Lazy,
    ListValue,
    RangeValue,
    Scalar,
    TupleValue,
    Value,
)
from kiln.ir import nodes as ir
from kiln.ir.types import PY_BOOL, PY_COMPLEX, PY_FLOAT, PY_INT, ScalarType


def _scalar(ctx: Context, v: Value, what: str) -> Scalar:
    if not isinstance(v, Scalar):
        raise TypingError(f"{what}() expects a scalar here", ctx.loc)
    return v


def _operand(ctx: Context, v: Value, what: str) -> Scalar | ArrayView | Lazy:
    if not isinstance(v, Scalar | ArrayView | Lazy):
        raise TypingError(f"{what}() expects numbers or arrays", ctx.loc)
    return v


# ------------------------------------------------------------------ builtins
def builtin_range(ctx: Context, args: list[Value], parallel: bool = False) -> RangeValue:
    ints = []
    for a in args:
        s = _scalar(ctx, a, "range")
        if not (s.type.is_integer or s.type.is_bool):
            raise TypingError(f"'{s.type}' object cannot be interpreted as an integer", ctx.loc)
        ints.append(E.as_index(s.expr))
    if len(ints) == 1:
        return RangeValue(E.ZERO, ints[0], E.ONE, parallel)
    if len(ints) == 2:
        return RangeValue(ints[0], ints[1], E.ONE, parallel)
    if len(ints) == 3:
        if E.const_int(ints[2]) == 0:
            raise ValueError("range() arg 3 must not be zero")
        return RangeValue(ints[0], ints[1], ints[2], parallel)
    raise TypingError(f"range expected 1 to 3 arguments, got {len(args)}", ctx.loc)


def builtin_len(ctx: Context, v: Value) -> Value:
    if isinstance(v, DictValue):
        return Scalar(ir.Const(len(v.keys), PY_INT))
    if isinstance(v, Const) and isinstance(v.value, str):
        return Scalar(ir.Const(len(v.value), PY_INT))
    if isinstance(v, ListValue):
        return list_length(v)
    if isinstance(v, TupleValue):
        return Scalar(ir.Const(len(v.items), PY_INT))
    if isinstance(v, ArrayView | Lazy):
        if v.ndim == 0:
            raise TypingError("len() of unsized object", ctx.loc)
        return Scalar(E.cast(v.shape[0], PY_INT))
    if isinstance(v, RangeValue):
        return Scalar(E.cast(range_length(v), PY_INT))
    raise TypingError("len() needs an array, a tuple or a range", ctx.loc)


def range_length(r: RangeValue) -> ir.Expr:
    """The number of items of ``range(start, stop, step)``."""
    step = E.const_int(r.step)
    if step is not None:
        toward = E.i64(step - 1 if step > 0 else step + 1)  # ceil division toward the stop
        return E.imax(E.ZERO, E.floordiv(E.add(E.sub(r.stop, r.start), toward), r.step))
    up = E.floordiv(E.sub(E.add(E.sub(r.stop, r.start), r.step), E.ONE), r.step)
    down = E.floordiv(E.add(E.add(E.sub(r.stop, r.start), r.step), E.ONE), r.step)
    positive = E.compare("gt", r.step, E.ZERO)
    return E.imax(E.ZERO, ir.Select(positive, up, down, up.type))


def builtin_minmax(ctx: Context, name: str, args: list[Value]) -> Value:
    if len(args) == 1 and isinstance(args[0], TupleValue):
        args = list(args[0].items)
    if len(args) < 2 or not all(isinstance(a, Scalar) for a in args):
        raise UnsupportedError(f"{name}() of arrays or iterables (use np.{name})", ctx.loc)
    scalars = [a for a in args if isinstance(a, Scalar)]
    t = promote(*(s.type for s in scalars))
    # Python keeps the first extreme item: ``b if b < a else a``, NaN included.
    result = E.cast(scalars[0].expr, t)
    for s in scalars[1:]:
        x = E.cast(s.expr, t)
        better = ir.Binary("lt" if name == "min" else "gt", x, result, ScalarType("bool"))
        result = ctx.temp(ir.Select(better, x, result, t), name)
    return Scalar(result)


def builtin_abs(ctx: Context, v: Value) -> Value:
    if isinstance(v, Scalar) and v.type.weak:
        t = PY_FLOAT if v.type.is_complex else (PY_INT if v.type.is_bool else v.type)
        return Scalar(ir.Call("abs", (E.cast(v.expr, v.type if not v.type.is_bool else PY_INT),), t))
    return apply_ufunc(ctx, "absolute", [v])  # type: ignore[list-item]


def convert(ctx: Context, target: str, args: list[Value], python: bool) -> Value:
    """``int(x)``, ``float(x)``, ``np.float32(x)`` ...; Python conversions give Python numbers."""
    if not args:
        zero = ir.Const(0, ScalarType(target, weak=python))
        return Scalar(E.cast(zero, ScalarType(target, weak=python)))
    v = args[0]
    if isinstance(v, ArrayView | Lazy):
        if python:
            raise UnsupportedError(f"{target}() of an array", ctx.loc)
        return npo.astype(v, target)
    s = _scalar(ctx, v, target)
    t = ScalarType(target, weak=python)
    if target == "bool":
        return Scalar(E.cast(truthy(ctx, s), t))
    if s.type.is_complex and not t.is_complex and python:
        raise TypingError(f"can't convert complex to {'int' if t.is_integer else 'float'}", ctx.loc)
    if python and t.is_integer:
        return Scalar(python_int_of(ctx, s.expr))
    return Scalar(E.cast(s.expr, t))


def python_int_of(ctx: Context, x: ir.Expr) -> ir.Expr:
    """``int(x)``: truncation, with Python's errors for NaN and infinities (and for values
    a Python int would hold but kiln's 64-bit Python ints cannot)."""
    if not x.type.is_float:
        return E.cast(x, PY_INT)
    bool_t = ScalarType("bool")
    if isinstance(x, ir.Const):
        v = float(x.value)  # type: ignore[arg-type]
        number: ir.Expr = ir.Const(v == v, bool_t)
        fits: ir.Expr = ir.Const(v != v or -(2.0**63) <= v < 2.0**63, bool_t)
    else:
        number = ir.Binary("eq", x, x, bool_t)
        low = ir.Binary("ge", x, ir.Const(-(2.0**63), x.type), bool_t)
        high = ir.Binary("lt", x, ir.Const(2.0**63, x.type), bool_t)
        fits = ir.Binary("or", ir.Unary("not", number, bool_t), ir.Binary("and", low, high, bool_t), bool_t)
    _check(ctx, number, "ValueError", "cannot convert float NaN to integer")
    _check(ctx, fits, "OverflowError", "cannot convert float infinity (or beyond int64) to integer")
    return E.cast(x, PY_INT)


def _check(ctx: Context, ok: ir.Expr, exc: str, message: str) -> None:
    if not (isinstance(ok, ir.Const) and ok.value):
        ctx.emit(ir.Check(ok, exc, message))


def call_builtin(ctx: Context, f: Any, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    if f is builtins.round and (len(args) == 2 or kwargs):
        rounded = builtin_round(ctx, args, kwargs)
        if rounded is not None:
            return rounded
        args, kwargs = args[:1], {}  # round(x, None) is round(x)
    if kwargs:
        return None
    if f is builtins.range:
        return builtin_range(ctx, args)
    if f is builtins.len and len(args) == 1:
        return builtin_len(ctx, args[0])
    if f in (builtins.divmod, builtins.pow) and len(args) == 2:
        a, b = (_operand(ctx, v, f.__name__) for v in args)
        if f is builtins.pow:
            return python_operator(ctx, "pow", a, b)
        return TupleValue((python_operator(ctx, "floordiv", a, b), python_operator(ctx, "mod", a, b)))
    if f in (builtins.min, builtins.max):
        return builtin_minmax(ctx, f.__name__, args)
    if f is builtins.abs and len(args) == 1:
        return builtin_abs(ctx, args[0])
    conversions = {
        builtins.int: "int64",
        builtins.float: "float64",
        builtins.bool: "bool",
        builtins.complex: "complex128",
    }
    if f in conversions and len(args) <= 1:
        return convert(ctx, conversions[f], args, python=True)
    if f is builtins.complex and len(args) == 2:
        return complex_of_parts(ctx, args)
    if f is builtins.round and len(args) == 1:
        s = _scalar(ctx, args[0], "round")
        if s.type.is_complex:
            raise TypingError("type complex doesn't define __round__ method", ctx.loc)
        if not s.type.is_float:
            return Scalar(E.cast(s.expr, PY_INT))  # round(np.int32(4)) is the Python int 4
        return Scalar(python_int_of(ctx, ir.Call("rint", (s.expr,), s.type)))
    return None


def complex_of_parts(ctx: Context, args: list[Value]) -> Scalar:
    """``complex(re, im)`` of real numbers: exactly those parts (Python's own result; with a
    complex part Python does complex arithmetic instead, which is refused)."""
    parts = [_scalar(ctx, a, "complex") for a in args]
    if any(p.type.is_complex for p in parts):
        raise UnsupportedError("complex(re, im) with a complex part", ctx.loc)
    re, im = (E.cast(p.expr, PY_FLOAT) for p in parts)
    return Scalar(ir.Call("complex", (re, im), PY_COMPLEX))


# ---------------------------------------------------------------------- math
_MATH_UNARY = {
    "sqrt",
    "exp",
    "log2",
    "log10",
    "log1p",
    "expm1",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "fabs",
    "erf",
    "erfc",
    "gamma",
    "lgamma",
    "cbrt",
    "exp2",
}
_MATH_NAME = {
    "asin": "arcsin",
    "acos": "arccos",
    "atan": "arctan",
    "asinh": "arcsinh",
    "acosh": "arccosh",
    "atanh": "arctanh",
    "fabs": "abs",
}


def call_math(ctx: Context, f: Any, args: list[Value]) -> Value | None:
    name = getattr(f, "__name__", "")
    if getattr(math, name, None) is not f:
        return None
    xs = [_scalar(ctx, a, f"math.{name}") for a in args]
    if any(x.type.is_complex for x in xs):
        raise TypingError(f"math.{name}() must be given real numbers, not complex (use cmath)", ctx.loc)
    as_float = [E.cast(x.expr, ScalarType("float64")) for x in xs]
    if name in _MATH_UNARY and len(xs) == 1:
        return Scalar(ir.Call(_MATH_NAME.get(name, name), (as_float[0],), PY_FLOAT))
    if name == "log":
        value: ir.Expr = ir.Call("log", (as_float[0],), PY_FLOAT)
        if len(xs) == 2:
            value = ir.Binary("truediv", value, ir.Call("log", (as_float[1],), PY_FLOAT), PY_FLOAT)
        return Scalar(value)
    if name in ("floor", "ceil", "trunc") and len(xs) == 1:
        if not xs[0].type.is_float:
            return Scalar(E.cast(xs[0].expr, PY_INT))
        return Scalar(python_int_of(ctx, ir.Call(name, (as_float[0],), PY_FLOAT)))
    if name in ("atan2", "hypot", "copysign", "fmod", "pow") and len(xs) == 2:
        if name == "pow":
            return Scalar(ir.Binary("pow", as_float[0], as_float[1], PY_FLOAT))
        return Scalar(ir.Call({"atan2": "arctan2"}.get(name, name), tuple(as_float), PY_FLOAT))
    if name in ("isnan", "isinf", "isfinite") and len(xs) == 1:
        return Scalar(ir.Call(name, (as_float[0],), PY_BOOL))
    if name in ("degrees", "radians") and len(xs) == 1:
        factor = 180.0 / math.pi if name == "degrees" else math.pi / 180.0
        return Scalar(ir.Binary("mul", as_float[0], ir.Const(factor, PY_FLOAT), PY_FLOAT))
    raise UnsupportedError(f"math.{name} with {len(xs)} arguments", ctx.loc)


# ------------------------------------------------------------- array methods
def _reshaping_method(
    ctx: Context, receiver: ArrayView | Lazy, name: str, args: list[Value], kwargs: dict[str, Value]
) -> Value:
    """``a.reshape(shape, order=)``, ``a.ravel(order=)`` and ``a.flatten(order=)`` (a copy)."""
    if name != "reshape":
        order = bind_args(ctx, name, args, kwargs, [("order", "C")])["order"]
        by = npo.index_order(ctx, receiver, order, name, memory=True)
        flat = npo.reshape_in_order(ctx, receiver, (E.i64(-1),), by)
        return npo.np_copy(ctx, [flat], {}) if name == "flatten" else flat
    extra = set(kwargs) - {"shape", "order"}
    if extra:
        raise TypingError(f"reshape() got an unexpected keyword argument '{extra.pop()}'", ctx.loc)
    shape_value = args[0] if len(args) == 1 else TupleValue(tuple(args))
    shape = shape_arg(ctx, kwargs.get("shape", shape_value))
    order = npo.index_order(ctx, receiver, kwargs.get("order", Const("C")), "reshape")
    return npo.reshape_in_order(ctx, receiver, shape, order)


def call_method(
    ctx: Context, receiver: Value, name: str, args: list[Value], kwargs: dict[str, Value]
) -> Value:
    if isinstance(receiver, Scalar):
        return _scalar_method(ctx, receiver, name, args)
    assert isinstance(receiver, ArrayView | Lazy)
    reductions = {"sum", "prod", "min", "max", "mean", "any", "all"}
    if name in reductions:
        return npo.reduction_handler(name)(ctx, [receiver, *args], kwargs)
    if name == "copy":
        return npo.np_copy(ctx, [receiver], {})
    if name in ("flatten", "ravel", "reshape"):
        return _reshaping_method(ctx, receiver, name, args, kwargs)
    if name == "astype":
        dtype = dtype_arg(ctx, args[0] if args else kwargs.get("dtype"))
        return npo.astype(receiver, dtype)
    if name == "transpose":
        axes = args[0] if len(args) == 1 else (TupleValue(tuple(args)) if args else Const(None))
        return npo.np_transpose(ctx, [receiver, axes], {})
    if name == "fill":
        if not isinstance(receiver, ArrayView):
            raise TypingError("fill() needs an array", ctx.loc)
        assign(ctx, receiver, _scalar(ctx, args[0], "fill"))
        return Const(None)
    if name == "dot":
        return npo.np_dot(ctx, [receiver, *args], {})
    if name == "sort":
        from kiln.frontend.np_sort import sort_in_place

        return sort_in_place(ctx, receiver, args, kwargs)
    if name in ("conj", "conjugate"):  # NumPy's method hands back a real array itself
        return (
            apply_ufunc(ctx, "conjugate", [receiver]) if ScalarType(receiver.dtype).is_complex else receiver
        )
    if name == "item":
        lazy = as_lazy(receiver)
        return Scalar(lazy.element(tuple(E.ZERO for _ in lazy.shape)))
    result = call_function_method(ctx, receiver, name, args, kwargs)
    if result is not None:
        return result
    raise UnsupportedError(f"array method '{name}'", ctx.loc)


def _scalar_method(ctx: Context, receiver: Scalar, name: str, args: list[Value]) -> Value:
    if name in ("conjugate", "conj"):
        if receiver.type.is_complex:
            return Scalar(ir.Call("conj", (receiver.expr,), receiver.type))
        if receiver.type == PY_BOOL:  # True.conjugate() is the int 1
            return Scalar(E.cast(receiver.expr, PY_INT))
        return receiver
    if name == "item":
        weak = {"b": PY_BOOL, "i": PY_INT, "u": PY_INT, "f": PY_FLOAT, "c": PY_COMPLEX}[receiver.type.kind]
        return Scalar(E.cast(receiver.expr, weak))
    raise UnsupportedError(f"scalar method '{name}'", ctx.loc)


def call_dtype(ctx: Context, dtype: DType, args: list[Value]) -> Value:
    return convert(ctx, dtype.name, args, python=False)
