"""``np.fft.fft``, ``ifft``, ``rfft``, ``irfft`` (``n``, ``axis``, ``norm``), their n-d forms
``fftn``, ``ifftn``, ``rfftn``, ``irfftn`` and ``fft2`` ... of 2-d arrays over every axis, and
``fftshift``/``ifftshift``: NumPy's own transforms, called by the compiled code (a library call,
``ir.ops.TRANSFORMS``), so the values are NumPy's bit for bit. A 1-d transform runs along the
last axis: the frontend views the array with ``axis`` moved there and the result with it moved
back. Result shapes and dtypes are NumPy 2's: single precision stays single (complex64,
float32), everything else is double; ``n`` (the transform length, ``n // 2 + 1`` outputs for
``rfft``, ``2 * (m - 1)`` by default for ``irfft``) is passed to NumPy, whose errors (no data
points) are raised when the call runs.
"""

from __future__ import annotations

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import materialize
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, is_none
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value, describe
from kiln.frontend.views import bind_view, transpose
from kiln.ir import nodes as ir
from kiln.ir.ops import FFT_NORMS


def _single(dtype: str) -> bool:
    return dtype in ("float32", "complex64")


def _result_dtype(func: str, dtype: str) -> str:
    if func.startswith("irfft"):
        return "float32" if _single(dtype) else "float64"
    return "complex64" if _single(dtype) else "complex128"


def _operand(ctx: Context, value: Value, func: str) -> ArrayView:
    if isinstance(value, Lazy):
        value = materialize(ctx, value)
    if not isinstance(value, ArrayView) or value.ndim == 0:
        what = "a 0-d array" if isinstance(value, ArrayView) else describe(value)
        raise TypingError(f"np.fft.{func}() of {what}", ctx.loc)
    return value


def _norm(ctx: Context, value: Value, func: str) -> str:
    norm = "backward" if is_none(value) else value.value if isinstance(value, Const) else None
    if norm not in FFT_NORMS:
        raise UnsupportedError(f"np.fft.{func}(norm=...) must be one of {FFT_NORMS} or None", ctx.loc)
    assert isinstance(norm, str)
    return norm


def _call(
    ctx: Context, name: str, out_dtype: str, shape: tuple[ir.Expr, ...], inputs: tuple[str, ...]
) -> ArrayView:
    out = new_array(ctx, name.split("_")[0], out_dtype, shape)
    ctx.emit(ir.LibCall(name, (out.base,), inputs))
    return out


def one_axis(func: str):  # noqa: ANN201
    """``np.fft.<func>(a, n=None, axis=-1, norm=None, out=None)``."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("a", REQUIRED), ("n", None), ("axis", -1), ("norm", None), ("out", None)]
        b = bind_args(ctx, func, args, kwargs, params)
        if not is_none(b["out"]):
            raise UnsupportedError(f"np.fft.{func}(out=...)", ctx.loc)
        a = _operand(ctx, b["a"], func)
        axis = b["axis"] if isinstance(b["axis"], int) else const_axis(ctx, b["axis"])  # a default: an int
        if not isinstance(axis, int) or not -a.ndim <= axis < a.ndim:
            raise TypingError(f"np.fft.{func}(): axis {axis} is out of bounds for {a.ndim}-d arrays", ctx.loc)
        axis %= a.ndim
        order = (*(k for k in range(a.ndim) if k != axis), axis)
        moved = bind_view(ctx, transpose(a, order))
        m = moved.shape[-1]
        n = b["n"]
        if is_none(n):
            length = E.mul(E.sub(m, E.ONE), E.i64(2)) if func == "irfft" else m
        elif isinstance(n, Scalar) and n.type.is_integer:
            length = E.as_index(n.expr)
        else:
            raise TypingError(f"np.fft.{func}(): n must be an integer", ctx.loc)
        count = new_array(ctx, "n", "int64", ())
        ctx.emit(ir.Store(count.base, (), ctx.temp(length, "n")))
        extent = E.add(E.floordiv(length, E.i64(2)), E.ONE) if func == "rfft" else length
        extent = ctx.temp(E.imax(extent, E.ZERO), "len")  # a bad n: NumPy raises when called
        shape = (*moved.shape[:-1], extent)
        name = f"{func}_{_norm(ctx, b['norm'], func)}"
        out = _call(ctx, name, _result_dtype(func, a.dtype), shape, (moved.base, count.base))
        back = tuple(order.index(k) for k in range(a.ndim))
        return transpose(out, back)

    return handler


def all_axes(func: str, two_d: bool = False):  # noqa: ANN201
    """``np.fft.<func>n(a, s=None, axes=None, norm=None)`` over every axis (``fft2`` ... of a
    2-d array: its two axes are all of them)."""
    shown = func.removesuffix("n") + "2" if two_d else func

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        default_axes = (-2, -1) if two_d else None
        params = [("a", REQUIRED), ("s", None), ("axes", default_axes), ("norm", None), ("out", None)]
        b = bind_args(ctx, shown, args, kwargs, params)
        a = _operand(ctx, b["a"], shown)
        axes = const_axis(ctx, b["axes"]) if not isinstance(b["axes"], tuple) else b["axes"]
        every = axes is None or sorted(k % a.ndim for k in axes) == list(range(a.ndim))  # type: ignore[union-attr]
        if not is_none(b["s"]) or not is_none(b["out"]) or not every or (two_d and a.ndim != 2):
            raise UnsupportedError(
                f"np.fft.{shown} with s, out or axes other than all of a 2-d array's", ctx.loc
            )
        m = a.shape[-1]
        last = {"rfftn": E.add(E.floordiv(m, E.i64(2)), E.ONE), "irfftn": E.mul(E.sub(m, E.ONE), E.i64(2))}
        extent = ctx.temp(E.imax(last.get(func, m), E.ZERO), "len")
        name = f"{func}_{_norm(ctx, b['norm'], shown)}"
        operand = bind_view(ctx, a)
        return _call(ctx, name, _result_dtype(func, a.dtype), (*a.shape[:-1], extent), (operand.base,))

    return handler


def shift(func: str):  # noqa: ANN201
    """``np.fft.fftshift(x, axes=None)`` over every axis: the same shape and dtype."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, func, args, kwargs, [("x", REQUIRED), ("axes", None)])
        if not is_none(b["axes"]):
            raise UnsupportedError(f"np.fft.{func}(axes=...) (every axis only)", ctx.loc)
        x = b["x"]
        if isinstance(x, Lazy):
            x = materialize(ctx, x)
        if not isinstance(x, ArrayView):
            raise TypingError(f"np.fft.{func}() of {describe(x)}", ctx.loc)
        operand = bind_view(ctx, x)
        return _call(ctx, func, x.dtype, x.shape, (operand.base,))

    return handler
