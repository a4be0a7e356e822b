"""``np.round`` / ``np.around`` / ``a.round(decimals, out)``, by NumPy's own recipe
(``PyArray_Round``): integers keep their dtype (unchanged for ``decimals >= 0``, else divided by
the power of ten in float64, rounded and multiplied back); floats are scaled by a Python float
power of ten (so float32 stays float32), rounded half to even, scaled back; complex numbers have
their real and imaginary parts rounded as floats and joined again (``complex`` in the IR)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend.arrays import Operand, elementwise
from kiln.frontend.callargs import REQUIRED, bind_args, fold_int
from kiln.frontend.context import Context
from kiln.frontend.np_stats import elem_type, operand
from kiln.frontend.numpy_ops import astype, into_out
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import PY_FLOAT, ScalarType

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
