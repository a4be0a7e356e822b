"""The window functions ``np.hanning``, ``np.hamming``, ``np.blackman`` and ``np.bartlett`` of
``M`` points, with NumPy's formulas in NumPy's order over ``n = arange(1 - M, M, 2)`` (float64):
no points for ``M < 1``, a single 1.0 for ``M == 1``. ``bartlett`` is NumPy's bit for bit; the
others take a cosine, which kiln's libm computes to within the ulp or two it differs from
NumPy's by (README, known differences)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import materialize
from kiln.frontend.callargs import REQUIRED, bind_args
from kiln.frontend.context import Context
from kiln.frontend.values import Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import FLOAT64

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _f(value: float) -> ir.Expr:
    return ir.Const(value, FLOAT64)


def _add(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary("add", a, b, FLOAT64)


def _mul(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary("mul", a, b, FLOAT64)


def _div(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary("truediv", a, b, FLOAT64)


def _cos(x: ir.Expr) -> ir.Expr:
    return ir.Call("cos", (x,), FLOAT64)


def _hanning(n: ir.Expr, m1: ir.Expr) -> ir.Expr:
    return _add(_f(0.5), _mul(_f(0.5), _cos(_div(_mul(_f(math.pi), n), m1))))


def _hamming(n: ir.Expr, m1: ir.Expr) -> ir.Expr:
    return _add(_f(0.54), _mul(_f(0.46), _cos(_div(_mul(_f(math.pi), n), m1))))


def _blackman(n: ir.Expr, m1: ir.Expr) -> ir.Expr:
    first = _add(_f(0.42), _mul(_f(0.5), _cos(_div(_mul(_f(math.pi), n), m1))))
    return _add(first, _mul(_f(0.08), _cos(_div(_mul(_f(2.0 * math.pi), n), m1))))


def _bartlett(n: ir.Expr, m1: ir.Expr) -> ir.Expr:
    rising = _add(_f(1.0), _div(n, m1))
    falling = ir.Binary("sub", _f(1.0), _div(n, m1), FLOAT64)
    return ir.Select(E.compare("le", n, _f(0.0)), rising, falling, FLOAT64)


_FORMULAS = {"hanning": _hanning, "hamming": _hamming, "blackman": _blackman, "bartlett": _bartlett}


def window(name: str) -> Handler:
    formula = _FORMULAS[name]

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        m = bind_args(ctx, name, args, kwargs, [("M", REQUIRED)])["M"]
        if not isinstance(m, Scalar) or not (m.type.is_integer or m.type.is_bool):
            raise TypingError(f"np.{name}(M): kiln takes an integer number of points", ctx.loc)
        count = ctx.temp(E.imax(E.as_index(m.expr), E.ZERO), "M")
        points = ctx.temp(E.cast(count, FLOAT64), "points")
        m1 = ctx.temp(ir.Binary("sub", points, _f(1.0), FLOAT64), "m1")
        one = ctx.temp(E.compare("eq", count, E.ONE), "single")

        def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
            n = _add(ir.Binary("sub", _f(1.0), points, FLOAT64), _mul(_f(2.0), E.cast(idx[0], FLOAT64)))
            return ir.Select(one, _f(1.0), formula(n, m1), FLOAT64)

        return materialize(ctx, Lazy("float64", (count,), element, ()))

    return handler


def table() -> dict[object, Handler]:
    return {getattr(np, name): window(name) for name in _FORMULAS}
