"""``np.fft.fftfreq`` and ``np.fft.rfftfreq``: the sample frequencies, as NumPy computes them
(integers ``0, 1, ..., -(n // 2), ..., -1`` times ``1.0 / (n * d)``, the scale computed in
``d``'s own precision first). The transforms are NumPy's own (``np_fft_transforms``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.callargs import REQUIRED, bind_args
from kiln.frontend.context import Context
from kiln.frontend.values import Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import FLOAT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def frequencies_handler(name: str) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [
            ("n", REQUIRED),
            ("d", Scalar(ir.Const(1.0, ScalarType("float64", weak=True)))),
            ("device", None),
        ]
        b = bind_args(ctx, name, args, kwargs, params)
        n, d = b["n"], b["d"]
        if not isinstance(n, Scalar) or not n.type.is_integer:
            raise TypingError("n should be an integer", ctx.loc)
        if not isinstance(d, Scalar) or d.type.is_complex:
            raise TypingError(f"{name}() takes a real number d", ctx.loc)
        count = ctx.temp(E.as_index(n.expr), "n")
        t = ScalarType(d.type.dtype) if d.type.is_float and not d.type.weak else FLOAT64
        span = ctx.temp(ir.Binary("mul", E.cast(count, t), E.cast(d.expr, t), t), "span")
        if d.type.weak:  # Python's own division, by n * d as a Python number
            ctx.emit(
                ir.Check(
                    E.compare("ne", span, ir.Const(0.0, t)), "ZeroDivisionError", "float division by zero"
                )
            )
        scale = ctx.temp(E.cast(ir.Binary("truediv", ir.Const(1.0, t), span, t), FLOAT64), "scale")
        if name == "rfftfreq":  # arange(0, n // 2 + 1): empty for negative n
            size = ctx.temp(E.imax(E.add(E.floordiv(count, E.i64(2)), E.ONE), E.ZERO), "len")

            def rfft_element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
                return ir.Binary("mul", E.cast(idx[0], FLOAT64), scale, FLOAT64)

            return Lazy("float64", (size,), rfft_element, ())
        ctx.emit(
            ir.Check(E.compare("ge", count, E.ZERO), "ValueError", "negative dimensions are not allowed")
        )
        positive = ctx.temp(E.add(E.floordiv(E.sub(count, E.ONE), E.i64(2)), E.ONE), "half")

        def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
            (i,) = idx
            k = ir.Select(E.compare("lt", i, positive), i, E.sub(i, count), i.type)
            return ir.Binary("mul", E.cast(k, FLOAT64), scale, FLOAT64)

        return Lazy("float64", (count,), element, ())

    return handler


def table() -> dict[object, Handler]:
    from kiln.frontend import np_fft_transforms as t

    return {
        np.fft.fftfreq: frequencies_handler("fftfreq"),
        np.fft.rfftfreq: frequencies_handler("rfftfreq"),
        **{getattr(np.fft, f): t.one_axis(f) for f in ("fft", "ifft", "rfft", "irfft")},
        **{getattr(np.fft, f): t.all_axes(f) for f in ("fftn", "ifftn", "rfftn", "irfftn")},
        **{
            getattr(np.fft, f.removesuffix("n") + "2"): t.all_axes(f, True)
            for f in ("fftn", "ifftn", "rfftn", "irfftn")
        },
        np.fft.fftshift: t.shift("fftshift"),
        np.fft.ifftshift: t.shift("ifftshift"),
    }
