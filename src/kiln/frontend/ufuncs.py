"""NumPy ufuncs and Python operators as element-wise IR, with NumPy's loop types.

One table maps each supported ufunc to the IR it becomes; the operand and
result dtypes always come from NumPy's own resolver (``promotion``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, element_type, elementwise
from kiln.frontend.bounds import lower_bound
from kiln.frontend.context import Context
from kiln.frontend.promotion import (
    PromotionError,
    UnsupportedDtypeError,
    binary_operator_types,
    operator_ufunc,
    ufunc_types,
)
from kiln.frontend.python_ints import check_python_shift, fold_python_ints
from kiln.frontend.reductions import reduce
from kiln.frontend.values import Lazy, Scalar
from kiln.ir import nodes as ir
from kiln.ir.types import PY_FLOAT, ScalarType

# ufunc name -> ("binary", IR op) | ("unary", IR op) | ("call", IR function)
UFUNCS: dict[str, tuple[str, str]] = {
    "add": ("binary", "add"), "subtract": ("binary", "sub"), "multiply": ("binary", "mul"),
    "true_divide": ("binary", "truediv"), "divide": ("binary", "truediv"),
    "floor_divide": ("binary", "floordiv"), "remainder": ("binary", "mod"), "mod": ("binary", "mod"),
    "power": ("binary", "pow"), "left_shift": ("binary", "lshift"), "right_shift": ("binary", "rshift"),
    "bitwise_and": ("binary", "bitand"), "bitwise_or": ("binary", "bitor"),
    "bitwise_xor": ("binary", "bitxor"),
    "logical_and": ("binary", "bitand"), "logical_or": ("binary", "bitor"), "logical_xor": ("binary", "ne"),
    "equal": ("binary", "eq"), "not_equal": ("binary", "ne"), "less": ("binary", "lt"),
    "less_equal": ("binary", "le"), "greater": ("binary", "gt"), "greater_equal": ("binary", "ge"),
    "minimum": ("binary", "min"), "maximum": ("binary", "max"), "fmin": ("binary", "fmin"),
    "fmax": ("binary", "fmax"),
    "negative": ("unary", "neg"), "positive": ("unary", "pos"), "logical_not": ("unary", "not"),
    "invert": ("unary", "invert"), "bitwise_not": ("unary", "invert"),
    "arctan2": ("call", "arctan2"), "hypot": ("call", "hypot"), "copysign": ("call", "copysign"),
    "fmod": ("call", "fmod"), "nextafter": ("call", "nextafter"),
    "sqrt": ("call", "sqrt"), "exp": ("call", "exp"), "exp2": ("call", "exp2"), "expm1": ("call", "expm1"),
    "log": ("call", "log"), "log2": ("call", "log2"), "log10": ("call", "log10"),
    "log1p": ("call", "log1p"),
    "cbrt": ("call", "cbrt"), "sin": ("call", "sin"), "cos": ("call", "cos"), "tan": ("call", "tan"),
    "arcsin": ("call", "arcsin"), "arccos": ("call", "arccos"), "arctan": ("call", "arctan"),
    "sinh": ("call", "sinh"), "cosh": ("call", "cosh"), "tanh": ("call", "tanh"),
    "arcsinh": ("call", "arcsinh"), "arccosh": ("call", "arccosh"), "arctanh": ("call", "arctanh"),
    "floor": ("call", "floor"), "ceil": ("call", "ceil"), "trunc": ("call", "trunc"),
    "rint": ("call", "rint"),
    "absolute": ("call", "abs"), "fabs": ("call", "abs"), "sign": ("call", "sign"),
    "isnan": ("call", "isnan"), "isinf": ("call", "isinf"), "isfinite": ("call", "isfinite"),
    "square": ("call", "square"), "reciprocal": ("call", "reciprocal"), "conjugate": ("call", "conj"),
}  # fmt: skip

ALIASES = {
    "abs": "absolute",
    "conj": "conjugate",
    "arcsin": "arcsin",
    "asin": "arcsin",
    "acos": "arccos",
    "atan": "arctan",
    "atan2": "arctan2",
    "pow": "power",
    "round": "rint",
}


def _loop_types(ctx: Context, name: str, types: tuple[ScalarType, ...]) -> tuple[tuple[str, ...], str]:
    try:
        return ufunc_types(name, types)
    except UnsupportedDtypeError as exc:
        raise UnsupportedError(str(exc), ctx.loc) from None
    except PromotionError as exc:
        raise TypingError(str(exc), ctx.loc) from None


_LOGICAL = {"logical_and", "logical_or", "logical_xor"}


def _truth(e: ir.Expr) -> ir.Expr:
    """``e != 0``: what NumPy's logical loops see of a non-bool operand (NaN is true)."""
    if e.type.is_bool:
        return e
    return ir.Binary("ne", e, E.cast(ir.Const(0, ScalarType("int64")), e.type), ScalarType("bool"))


def _build(kind: str, op: str, args: list[ir.Expr], ins: tuple[str, ...], out: str, logical: bool) -> ir.Expr:
    cast_args = [E.cast(a, ScalarType(t)) for a, t in zip(args, ins)]
    if logical:  # logical_and/or/xor take the truth of each operand, then combine bools
        cast_args = [_truth(a) for a in cast_args]
    out_t = ScalarType(out)
    if kind == "binary":
        return ir.Binary(op, cast_args[0], cast_args[1], out_t)
    if kind == "unary":
        return ir.Unary(op, cast_args[0], out_t)
    return ir.Call(op, tuple(cast_args), out_t)


def apply_ufunc(ctx: Context, name: str, operands: list[Operand]) -> Scalar | Lazy:
    """``np.<name>(*operands)``: NumPy's dtypes; scalar results are strong."""
    name = ALIASES.get(name, name)
    kind, op = UFUNCS[name]
    if name in _COMPARISONS and len(operands) == 2:
        exact = _compare_python_int(ctx, op, operands[0], operands[1])
        if exact is not None:
            return exact
    ins, out = _loop_types(ctx, name, tuple(element_type(o) for o in operands))
    for o, t in zip(operands, ins):
        _check_python_int_fits(ctx, o, t)
    if name == "power" and ScalarType(ins[1]).kind == "i" and element_type(operands[1]).kind == "i":
        _check_integer_exponents(ctx, operands, ScalarType(ins[1]))
    if kind == "unary" and op == "invert" and out == "bool":
        op = "not"
    logical = name in _LOGICAL
    return elementwise(ctx, operands, lambda xs: _build(kind, op, xs, ins, out, logical), out)


def _check_integer_exponents(ctx: Context, operands: list[Operand], t: ScalarType) -> None:
    """NumPy's integer power raises for a negative exponent its loop meets: checked before the
    loop, over the broadcast operands (an empty result meets none)."""
    zero = E.cast(E.i64(0), t)
    exponent = operands[1]
    if isinstance(exponent, Scalar):
        ok = _condition(lambda x, y: x >= y, "ge", E.cast(exponent.expr, t), zero)
        if isinstance(ok, ir.Const) and ok.value:
            return
        result = elementwise(ctx, operands, lambda xs: E.bool_true(), "bool")
        if isinstance(result, Lazy):  # an array base: nothing to raise for when it is empty
            empty = E.compare("eq", E.product(result.shape), E.ZERO)
            ok = ir.Binary("or", ok, empty, ScalarType("bool"))
    else:
        nonnegative = elementwise(ctx, operands, lambda xs: E.compare("ge", E.cast(xs[1], t), zero), "bool")
        every = reduce(ctx, "all", nonnegative) if isinstance(nonnegative, Lazy) else nonnegative
        assert isinstance(every, Scalar)
        ok = every.expr
    _check(ctx, ok, "ValueError", "Integers to negative integer powers are not allowed.")


_COMPARISONS = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}
_MIRROR = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}


def _check(ctx: Context, ok: ir.Expr, exc: str, message: str, args: tuple[ir.Expr, ...] = ()) -> None:
    """Raise ``exc`` at run time unless ``ok`` (nothing to check when ``ok`` is a true constant)."""
    if isinstance(ok, ir.Const) and ok.value:
        return
    ctx.emit(ir.Check(ok, exc, message, args))


def _python_int(o: Operand) -> ir.Expr | None:
    return o.expr if isinstance(o, Scalar) and o.type.weak and o.type.is_integer else None


def _check_python_int_fits(ctx: Context, o: Operand, dtype: str) -> None:
    """NumPy 2 (NEP 50): a Python int meeting a narrower integer dtype must fit in it."""
    value = _python_int(o)
    if value is None or dtype == "int64" or not ScalarType(dtype).is_integer:
        return
    info = np.iinfo(dtype)
    known_low = lower_bound(ctx, value)  # loop counters: often known not to be negative
    lo = (
        E.bool_true()
        if known_low is not None and known_low >= info.min
        else E.compare("ge", value, E.i64(info.min))
    )
    ok = lo if info.max >= 2**63 else E.logical_and(lo, E.compare("le", value, E.i64(int(info.max))))
    if isinstance(value, ir.Const):
        ok = ir.Const(bool(info.min <= int(value.value) <= info.max), ScalarType("bool"))  # type: ignore[arg-type]
    _check(ctx, ok, "OverflowError", f"Python integer %lld out of bounds for {dtype}", (value,))


def _compare_python_int(ctx: Context, op: str, a: Operand, b: Operand) -> Scalar | Lazy | None:
    """``x < n`` with ``x`` of a narrow integer dtype and ``n`` a Python int compares the
    values exactly (NumPy 2), even when ``n`` does not fit ``x``'s dtype."""
    for x, n, rel in ((a, b, op), (b, a, _MIRROR[op])):  # rel: how x relates to n
        value = _python_int(n)
        t = element_type(x)
        if value is None or t.weak or not t.is_integer or t.dtype == "int64":
            continue
        info = np.iinfo(t.dtype)
        if isinstance(value, ir.Const) and info.min <= int(value.value) <= info.max:  # type: ignore[arg-type]
            return None  # fits: NumPy's ordinary loop
        compare = _exact_compare(rel, t, value)
        if x is a:

            def x_first(xs: list[ir.Expr], f: Callable[[ir.Expr, ir.Expr], ir.Expr] = compare) -> ir.Expr:
                return f(xs[0], xs[1])

            return elementwise(ctx, [x, n], x_first, "bool")

        def n_first(xs: list[ir.Expr], f: Callable[[ir.Expr, ir.Expr], ir.Expr] = compare) -> ir.Expr:
            return f(xs[1], xs[0])

        return elementwise(ctx, [n, x], n_first, "bool")
    return None


def _exact_compare(rel: str, t: ScalarType, value: ir.Expr) -> Callable[[ir.Expr, ir.Expr], ir.Expr]:
    """``x rel n`` for ``x`` of integer type ``t`` and ``n`` an int64 Python int."""
    bool_t = ScalarType("bool")
    if t.dtype != "uint64":
        return lambda x, n: ir.Binary(rel, E.cast(x, ScalarType("int64")), n, bool_t)
    negative = E.compare("lt", value, E.i64(0))
    above = ir.Const(rel in ("gt", "ge", "ne"), bool_t)  # x >= 0 > n
    return lambda x, n: ir.Select(negative, above, ir.Binary(rel, x, E.cast(n, t), bool_t), bool_t)


def python_operator(ctx: Context, op: str, a: Operand, b: Operand) -> Scalar | Lazy:
    """``a <op> b`` for a Python operator: weak Python numbers stay Python numbers."""
    if isinstance(a, Scalar) and isinstance(b, Scalar) and a.type.weak and b.type.weak:
        return Scalar(_python_scalar_op(ctx, op, a.expr, b.expr))
    if _complex_takes_float64(op, a, b):
        # np.float64 subclasses float, which Python's complex.__add__ etc. accept: ``1j + x`` is
        # a Python complex (np.complex128 is a complex subclass: its reflected method goes first)
        return Scalar(_python_scalar_op(ctx, op, a.expr, E.cast(b.expr, PY_FLOAT)))  # type: ignore[union-attr]
    if op == "pow" and not isinstance(a, Scalar) and _is_python_int_const(b, 2) and _squares(a.dtype):
        return apply_ufunc(ctx, "square", [a])
    return apply_ufunc(ctx, operator_ufunc(op), [a, b])


def _complex_takes_float64(op: str, a: Operand, b: Operand) -> bool:
    """A Python complex to the left of a NumPy float64 scalar, for an operator that Python's
    complex implements (ordering comparisons it leaves to NumPy)."""
    python_complex = isinstance(a, Scalar) and a.type.weak and a.type.is_complex
    float64 = isinstance(b, Scalar) and not b.type.weak and b.type.dtype == "float64"
    return python_complex and float64 and op in ("add", "sub", "mul", "truediv", "pow", "eq", "ne")


def _is_python_int_const(o: Operand, value: int) -> bool:
    return (
        isinstance(o, Scalar)
        and isinstance(o.expr, ir.Const)
        and o.type.weak
        and o.type.is_integer
        and not o.type.is_bool
        and o.expr.value == value
    )


@cache
def _squares(dtype: str) -> bool:
    """Whether this NumPy computes ``array ** 2`` as np.square where that changes the dtype
    (NumPy 2.4 does for bool arrays: int8, where np.power gives int64)."""
    a = np.ones(1, dtype)
    return bool((a**2).dtype != np.power(a, 2).dtype)


_ZERO_DIVISION = {
    ("truediv", "i"): "division by zero",
    ("floordiv", "i"): "integer division or modulo by zero",
    ("mod", "i"): "integer modulo by zero",
    ("truediv", "f"): "float division by zero",
    ("floordiv", "f"): "float floor division by zero",
    ("mod", "f"): "float modulo",
    ("truediv", "c"): "complex division by zero",
}


_ORDERING = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_PY_NAMES = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex"}


def _python_scalar_op(ctx: Context, op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    """Two Python numbers: Python's result type, and Python's errors where C would
    silently give inf, nan or a result of another type."""
    if op in _ORDERING and (a.type.is_complex or b.type.is_complex):
        names = " and ".join(f"'{_PY_NAMES[t.kind]}'" for t in (a.type, b.type))
        message = f"'{_ORDERING[op]}' not supported between instances of {names}"
        _check(ctx, E.bool_false(), "TypeError", message)
        return E.bool_false()
    negative_exponent = isinstance(b, ir.Const) and not b.type.is_complex and b.value < 0  # type: ignore[operator]
    if op == "pow" and a.type.is_integer and negative_exponent:
        op_types = (ScalarType("float64", weak=True),) * 2  # Python: 2 ** -1 == 0.5
    else:
        try:
            op_types = binary_operator_types(op, a.type, b.type)
        except UnsupportedDtypeError as exc:
            raise UnsupportedError(str(exc), ctx.loc) from None
        except PromotionError as exc:
            raise TypingError(str(exc), ctx.loc) from None
    compute, out = op_types
    a, b = E.cast(a, compute), E.cast(b, compute)
    if out.is_integer and not out.is_bool:
        folded = fold_python_ints(ctx, op, a, b)
        if folded is not None:
            return folded
        check_python_shift(ctx, op, a, b)
    if op in ("truediv", "floordiv", "mod"):
        message = _ZERO_DIVISION[(op, "i" if op == "truediv" and compute.is_integer else compute.kind)]
        zero = E.cast(ir.Const(0, ScalarType("int64")), compute)
        _check(ctx, _condition(lambda x, y: x != y, "ne", b, zero), "ZeroDivisionError", message)
    elif op == "pow":
        _check_python_pow(ctx, a, b)
    return ir.Binary(op, a, b, out)


def _condition(py: Callable[[Any, Any], bool], op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    """``a op b`` as IR, decided now when both sides are constants."""
    # ``py`` gets two constants' values, of kinds that support ``op`` (ordering: never complex)
    if isinstance(a, ir.Const) and isinstance(b, ir.Const):
        return ir.Const(bool(py(a.value, b.value)), ScalarType("bool"))
    return E.compare(op, a, b)


def _check_python_pow(ctx: Context, a: ir.Expr, b: ir.Expr) -> None:
    if a.type.is_integer:  # the result type cannot depend on the exponent's sign at run time
        ok = _condition(lambda x, y: x >= y, "ge", b, E.cast(E.i64(0), b.type))
        _check(ctx, ok, "NotImplementedError", _INT_POW_MESSAGE)
        return
    if a.type.is_complex:
        _check_python_complex_pow(ctx, a, b)
        return
    if not a.type.is_float:
        return
    if isinstance(a, ir.Const) and isinstance(b, ir.Const):
        x, y = float(a.value), float(b.value)  # type: ignore[arg-type]
        if x == 0 and y < 0:
            _check(ctx, E.bool_false(), "ZeroDivisionError", _ZERO_POW_MESSAGE)
        if x < 0 and math.isfinite(x) and math.isfinite(y) and y != math.floor(y):
            _check(ctx, E.bool_false(), "NotImplementedError", _FLOAT_POW_MESSAGE)
        return
    bool_t = ScalarType("bool")
    zero = ir.Const(0.0, a.type)
    zero_to_negative = ir.Binary("and", E.compare("eq", a, zero), E.compare("lt", b, zero), bool_t)
    _check(ctx, ir.Unary("not", zero_to_negative, bool_t), "ZeroDivisionError", _ZERO_POW_MESSAGE)
    fractional = ir.Binary("ne", b, ir.Call("floor", (b,), b.type), bool_t)  # false for nan and inf
    finite_negative = ir.Binary("and", E.compare("lt", a, zero), ir.Call("isfinite", (a,), bool_t), bool_t)
    to_complex = ir.Binary("and", finite_negative, fractional, bool_t)
    _check(ctx, ir.Unary("not", to_complex, bool_t), "NotImplementedError", _FLOAT_POW_MESSAGE)


def _check_python_complex_pow(ctx: Context, a: ir.Expr, b: ir.Expr) -> None:
    """Python: ``0j ** y`` raises for a ``y`` with a negative real or a nonzero imaginary part."""
    bool_t, zero = ScalarType("bool"), ir.Const(0.0, PY_FLOAT)
    real, imag = (ir.Call(part, (b,), PY_FLOAT) for part in ("real", "imag"))
    bad = ir.Binary("or", E.compare("lt", real, zero), E.compare("ne", imag, zero), bool_t)
    zero_base = E.compare("eq", a, E.cast(zero, a.type))
    ok = ir.Unary("not", ir.Binary("and", zero_base, bad, bool_t), bool_t)
    _check(ctx, ok, "ZeroDivisionError", "0.0 to a negative or complex power")


_ZERO_POW_MESSAGE = "0.0 cannot be raised to a negative power"
_INT_POW_MESSAGE = (
    "kiln: a Python int raised to a negative int power is a float in Python, but this power was "
    "compiled to give an int (write float(x) ** n)"
)
_FLOAT_POW_MESSAGE = (
    "kiln: a negative float raised to a fractional power is a complex number in Python, but this "
    "power was compiled to give a float (write complex(x) ** y)"
)


def truthy(ctx: Context, value: Operand) -> ir.Expr:
    """Python truthiness of a scalar (arrays are ambiguous, as in NumPy)."""
    if not isinstance(value, Scalar):
        raise TypingError("the truth value of an array is ambiguous; use a.any() or a.all()", ctx.loc)
    e = value.expr
    if e.type.is_bool:
        return e
    return ir.Binary("ne", e, E.cast(ir.Const(0, ScalarType("int64")), e.type), ScalarType("bool"))
