"""``deg2rad``/``radians``, ``rad2deg``/``degrees``, ``signbit`` and ``angle``, built from ufuncs
kiln already has, with NumPy's loop dtypes and NumPy's arithmetic: ``deg2rad(x)`` is
``x * (pi / 180)`` with the factor rounded in the loop's own precision, as NumPy's loops compute
it; ``signbit`` reads the sign bit (``copysign(1, x) < 0``: true for -0.0 and negative NaNs);
``angle(z)`` is ``arctan2(z.imag, z.real)`` (``arctan2(0, x)`` for real ``x``)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, element_type, elementwise
from kiln.frontend.callargs import REQUIRED, bind_args, const_bool
from kiln.frontend.context import Context
from kiln.frontend.numpy_ops import into_out
from kiln.frontend.promotion import ufunc_types
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import PY_FLOAT, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    raise TypingError(f"{what}() expects a number or an array", ctx.loc)


def _factor(numerator: float, denominator: float, dtype: str) -> float:
    """``numerator / denominator`` rounded as NumPy's loop of ``dtype`` has it (``NPY_PIf/180.0f``)."""
    t = np.dtype(dtype).type
    return float(t(numerator) / t(denominator))


def scale_handler(name: str, numerator: float, denominator: float) -> Handler:
    """``np.<name>(x)`` = ``x * (numerator / denominator)`` in NumPy's float loop for ``x``."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, name, args, kwargs, [("x", REQUIRED), ("out", None)])
        x = _operand(ctx, b["x"], name)
        (loop,), out = ufunc_types(name, (element_type(x),))
        t = ScalarType(out)
        factor = ir.Const(_factor(numerator, denominator, loop), t)
        result = elementwise(ctx, [x], lambda xs: ir.Binary("mul", E.cast(xs[0], t), factor, t), out)
        return into_out(ctx, name, result, b["out"])

    return handler


def np_signbit(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "signbit", args, kwargs, [("x", REQUIRED), ("out", None)])
    x = _operand(ctx, b["x"], "signbit")
    (loop,), _ = ufunc_types("signbit", (element_type(x),))
    t = ScalarType(loop)

    def sign(xs: list[ir.Expr]) -> ir.Expr:
        value = E.cast(xs[0], t)
        if t.is_float:
            value = ir.Call("copysign", (ir.Const(1.0, t), value), t)
        elif t.is_bool or t.kind == "u":
            return E.bool_false()
        return E.compare("lt", value, E.cast(ir.Const(0, PY_INT), t))

    return into_out(ctx, "signbit", elementwise(ctx, [x], sign, "bool"), b["out"])


def np_angle(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "angle", args, kwargs, [("z", REQUIRED), ("deg", None)])
    z = _operand(ctx, b["z"], "angle")
    zt = element_type(z)
    if zt.is_complex:
        part = ScalarType("float32" if zt.dtype == "complex64" else "float64")
        imag = elementwise(ctx, [z], lambda xs: ir.Call("imag", (xs[0],), part), part.dtype)
        real = elementwise(ctx, [z], lambda xs: ir.Call("real", (xs[0],), part), part.dtype)
        result = apply_ufunc(ctx, "arctan2", [imag, real])
    else:
        result = apply_ufunc(ctx, "arctan2", [Scalar(ir.Const(0, PY_INT)), z])
    if b["deg"] is not None and const_bool(ctx, b["deg"], "deg"):
        factor = Scalar(ir.Const(180 / math.pi, PY_FLOAT))
        result = apply_ufunc(ctx, "multiply", [result, factor])
    return result


def part_handler(attr: str) -> Handler:
    """``np.real`` / ``np.imag``: the ``.real`` / ``.imag`` of their argument."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        from kiln.frontend.attributes import real_imag

        value = bind_args(ctx, attr, args, kwargs, [("val", REQUIRED)])["val"]
        if not isinstance(value, Scalar | ArrayView | Lazy):
            raise TypingError(f"np.{attr}() expects a number or an array", ctx.loc)
        return real_imag(ctx, value, attr)

    return handler


def table() -> dict[object, Handler]:
    to_radians = scale_handler("deg2rad", math.pi, 180.0)
    to_degrees = scale_handler("rad2deg", 180.0, math.pi)
    return {
        np.deg2rad: to_radians,
        np.radians: to_radians,
        np.rad2deg: to_degrees,
        np.degrees: to_degrees,
        np.signbit: np_signbit,
        np.angle: np_angle,
        np.real: part_handler("real"),
        np.imag: part_handler("imag"),
    }
