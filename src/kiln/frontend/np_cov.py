"""``np.cov`` without weights, step for step as NumPy computes it: rows are variables (columns with
``rowvar=False``), the row means are subtracted, ``X @ X.T.conj()`` is scaled by
``1 / max(n - ddof, 0)``, and the result squeezed (a 1-d input gives a 0-d array)."""

from __future__ import annotations

from collections.abc import Callable

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, assign, elementwise, materialize
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_bool, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.linalg import matmul
from kiln.frontend.promotion import promote_dtypes
from kiln.frontend.reductions import reduce
from kiln.frontend.values import ArrayView, Fixed, Lazy, Scalar, Value
from kiln.frontend.views import transpose
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]

F64 = ScalarType("float64")


def np_cov(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("m", REQUIRED), ("y", None), ("rowvar", True), ("bias", False), ("ddof", None)]
    params += [("fweights", None), ("aweights", None), ("dtype", None)]
    b = bind_args(ctx, "cov", args, kwargs, params)
    for name in ("y", "fweights", "aweights"):
        if not is_none(b[name]):
            raise UnsupportedError(f"cov() with {name}=", ctx.loc)
    m = b["m"]
    if not isinstance(m, ArrayView | Lazy):
        raise UnsupportedError("cov() of a scalar", ctx.loc)
    if m.ndim > 2:
        raise ShapeError("m has more than 2 dimensions", ctx.loc)
    if m.ndim == 0:
        raise UnsupportedError("cov() of a 0-d array", ctx.loc)
    rowvar = b["rowvar"] if isinstance(b["rowvar"], bool) else const_bool(ctx, b["rowvar"], "rowvar")
    bias = b["bias"] if isinstance(b["bias"], bool) else const_bool(ctx, b["bias"], "bias")
    dtype = dtype_arg(ctx, b["dtype"]) or promote_dtypes(m.dtype, "float64")
    if ScalarType(dtype).kind not in "fc":
        raise UnsupportedError("cov() with a non-floating dtype=", ctx.loc)
    ddof = _ddof(ctx, b["ddof"], bias)
    t = ScalarType(dtype)
    lazy = as_lazy(m)
    x = Lazy(dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)
    if m.ndim == 1:
        row = x
        x = Lazy(dtype, (E.ONE, *row.shape), lambda idx: row.element(idx[1:]), row.reads)
    elif not rowvar:
        xv = materialize(ctx, x)
        x = as_lazy(transpose(xv))
    c = _covariance(ctx, x, ddof, t)
    if m.ndim == 1:  # squeezed: the single variance as a 0-d array
        return ArrayView(c.base, c.base_type, (Fixed(E.ZERO), Fixed(E.ZERO)), ())
    msg = "cov() of a single variable gives a 0-d array, whose rank kiln fixes at compile time"
    ctx.emit(ir.Check(E.compare("ne", c.shape[0], E.ONE), "NotImplementedError", msg))
    return c


def _ddof(ctx: Context, value: Value, bias: bool) -> ir.Expr:
    if is_none(value):
        return E.i64(0 if bias else 1)
    if isinstance(value, int):
        return E.i64(value)
    if not isinstance(value, Scalar) or not (value.type.is_integer or value.type.is_bool):
        raise TypingError("cov(): 'ddof' must be an integer", ctx.loc)
    return E.as_index(value.expr)


def _covariance(ctx: Context, x: Lazy, ddof: ir.Expr, t: ScalarType) -> ArrayView:
    mean = reduce(ctx, "mean", x, 1, keepdims=True, dtype=t.dtype)
    centered = elementwise(ctx, [x, mean], lambda xs: ir.Binary("sub", xs[0], xs[1], t), t.dtype)
    assert isinstance(centered, Lazy)
    xc = materialize(ctx, centered)
    if t.is_complex:
        conj = elementwise(ctx, [xc], lambda xs: ir.Call("conj", (xs[0],), t), t.dtype)
        assert isinstance(conj, Lazy)
        other = transpose(materialize(ctx, conj))
    else:
        other = transpose(xc)
    product = matmul(ctx, xc, other)
    assert isinstance(product, ArrayView)
    # fact = n - ddof, 0.0 when not positive; NumPy scales by true_divide(1, fact) in float64
    fact = E.cast(E.sub(x.shape[1], ddof), F64)
    fact = ctx.temp(ir.Select(E.compare("le", fact, ir.Const(0.0, F64)), ir.Const(0.0, F64), fact, F64))
    scale = ctx.temp(ir.Binary("truediv", ir.Const(1.0, F64), fact, F64), "scale")
    scaled = elementwise(ctx, [product], lambda xs: _scale(xs[0], scale, t), t.dtype)
    assert isinstance(scaled, Lazy)
    # in place, as NumPy's ``c *= 1 / fact``: the product is this call's own temporary, and a
    # second n x n array would cost an allocation and a pass through fresh memory
    assign(ctx, product, scaled, inplace=True)
    return product


def _scale(x: ir.Expr, scale: ir.Expr, t: ScalarType) -> ir.Expr:
    if t.is_complex:
        return ir.Binary("mul", x, E.cast(scale, t), t)
    wide = ScalarType("float64")
    return E.cast(ir.Binary("mul", E.cast(x, wide), scale, wide), t)


def table() -> dict[object, Handler]:
    import numpy as np

    return {np.cov: np_cov}
