"""``np.round`` / ``np.around`` / ``a.round(decimals, out)``, by NumPy's own recipe
(``PyArray_Round``): integers keep their dtype (unchanged for ``decimals >= 0``, else divided by
the power of ten in float64, rounded and multiplied back); floats are scaled by a Python float
power of ten (so float32 stays float32), rounded half to even, scaled back; complex numbers have
their real and imaginary parts rounded as floats and joined again (``complex`` in the IR)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, elementwise
from kiln.frontend.callargs import REQUIRED, bind_args, fold_int
from kiln.frontend.context import Context
from kiln.frontend.np_stats import elem_type, operand
from kiln.frontend.numpy_ops import astype, into_out
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, PY_FLOAT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def np_round(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "round", args, kwargs, [("a", REQUIRED), ("decimals", 0), ("out", None)])
    a = operand(ctx, b["a"], "np.round")
    decimals = _decimals(ctx, b["decimals"])
    return into_out(ctx, "round", _rounded(ctx, a, decimals), b["out"])


def _decimals(ctx: Context, value: object) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, Scalar) and (value.type.is_integer or value.type.is_bool):
        known = fold_int(value.expr)
        if known is not None:
            return known
    raise UnsupportedError("np.round(): 'decimals' must be an integer known at compile time", ctx.loc)


def _rounded(ctx: Context, a: Operand, decimals: int) -> Value:
    t = elem_type(a)
    if t.is_bool:
        if decimals != 0:
            raise TypingError(
                "Cannot cast ufunc 'divide' output from dtype('float64') to dtype('bool') with "
                "casting rule 'same_kind'",
                ctx.loc,
            )
        raise UnsupportedError("np.round() of booleans: NumPy's result is float16, which kiln lacks", ctx.loc)
    if t.is_integer:
        if decimals >= 0:
            return apply_ufunc(ctx, "positive", [a])  # a copy, of NumPy's integer type
        factor = _python(_power_of_ten(-decimals), PY_FLOAT)
        scaled = apply_ufunc(ctx, "rint", [apply_ufunc(ctx, "true_divide", [a, factor])])
        return astype(apply_ufunc(ctx, "multiply", [scaled, factor]), t.dtype)
    if decimals == 0:
        return apply_ufunc(ctx, "rint", [a])  # complex: each part, as NumPy rounds them
    if t.is_complex:  # NumPy rounds the real and imaginary parts as two float arrays
        part_t = ScalarType("float32" if t.dtype == "complex64" else "float64")

        def part(name: str) -> Operand:
            return elementwise(ctx, [a], lambda xs: ir.Call(name, (xs[0],), part_t), part_t.dtype)

        parts = [_rounded(ctx, part(name), decimals) for name in ("real", "imag")]
        operands = [p for p in parts if isinstance(p, Scalar | Lazy | ArrayView)]
        return elementwise(ctx, operands, lambda xs: ir.Call("complex", tuple(xs), t), t.dtype)
    factor = _python(_power_of_ten(abs(decimals)), PY_FLOAT)
    down, up = ("multiply", "true_divide") if decimals > 0 else ("true_divide", "multiply")
    return apply_ufunc(ctx, up, [apply_ufunc(ctx, "rint", [apply_ufunc(ctx, down, [a, factor])]), factor])


def _python(value: float, t: ScalarType) -> Scalar:
    """A Python number (weak under NEP 50: float32 arrays stay float32)."""
    return Scalar(ir.Const(value, t))


def _power_of_ten(n: int) -> float:
    """10.0 ** n as NumPy computes it for rounding: exact up to 1e22, then by repeated
    multiplication from 1e9 (which may differ from Python's correctly rounded power)."""
    if n < 9:
        return float(10**n)
    value = 1e9
    for _ in range(n - 9):
        value *= 10.0
    return value


def table() -> dict[object, Handler]:
    return {np.round: np_round, np.around: np_round}


def builtin_round(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """``round(x, ndigits)`` with ``ndigits`` given (None for ``round(x)``, which the caller
    lowers): a Python float rounds by Python's rule (its exact value, half to even); a Python
    int by Python's integer rule; a NumPy scalar by its own ``__round__``, which is NumPy's."""
    b = bind_args(ctx, "round", args, kwargs, [("number", REQUIRED), ("ndigits", None)])
    digits = b["ndigits"]
    if isinstance(digits, Const) and digits.value is None:
        return None
    x = b["number"]
    if isinstance(x, ArrayView | Lazy):
        raise TypingError("type numpy.ndarray doesn't define __round__ method", ctx.loc)
    if not isinstance(x, Scalar) or not isinstance(digits, Scalar) or not digits.type.is_integer:
        raise TypingError("round() takes a number and an integer ndigits", ctx.loc)
    if x.type.is_complex:
        raise TypingError("type complex doesn't define __round__ method", ctx.loc)
    if not x.type.weak:  # NumPy's scalars round as np.round does
        if fold_int(digits.expr) is None:
            raise UnsupportedError("round() of a NumPy scalar with ndigits not known when compiling", ctx.loc)
        return np_round(ctx, [x, digits], {})
    if x.type.is_float:
        n = ir.Cast(digits.expr, PY_FLOAT)
        return Scalar(ir.Call("py_round", (x.expr, n), PY_FLOAT))
    return Scalar(_round_int(ctx, x.expr, digits))


def _round_int(ctx: Context, x: ir.Expr, digits: Scalar) -> ir.Expr:
    """Python's ``round(int, n)``: the int itself for ``n >= 0``, else the nearest multiple of
    ``m = 10**-n``, half to even (0 once ``m`` passes every int64)."""
    t = x.type
    drop = ctx.temp(E.imin(E.imax(E.sub(E.ZERO, E.as_index(digits.expr)), E.ZERO), E.i64(19)), "drop")
    m = ctx.fresh("m")
    ctx.declare(m, t)
    ctx.emit(ir.Assign(m, ir.Const(1, t)))
    k = ctx.fresh("k")
    ctx.declare(k, ScalarType("int64"))
    with ctx.block() as scale:
        ctx.emit(ir.Assign(m, ir.Binary("mul", ir.Var(m, t), ir.Const(10, t), t)))
    ctx.emit(ir.For(k, E.ZERO, E.imin(drop, E.i64(18)), E.ONE, tuple(scale)))
    mv = ir.Var(m, t)
    q = ctx.temp(ir.Binary("floordiv", x, mv, t), "q")
    rest = ir.Binary("sub", x, ir.Binary("mul", q, mv, t), t)  # in [0, m): q is floored
    twice = ctx.temp(ir.Binary("mul", rest, ir.Const(2, t), t), "r2")
    odd = ir.Binary("ne", ir.Binary("mod", q, ir.Const(2, t), t), ir.Const(0, t), BOOL)
    half = ir.Binary("eq", twice, mv, BOOL)
    up = ir.Binary("or", ir.Binary("gt", twice, mv, BOOL), ir.Binary("and", half, odd, BOOL), BOOL)
    nearest = ir.Binary("mul", ir.Select(up, ir.Binary("add", q, ir.Const(1, t), t), q, t), mv, t)
    return ir.Select(E.compare("gt", drop, E.i64(18)), ir.Const(0, t), nearest, t)
