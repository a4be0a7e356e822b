"""Reductions with ``out=`` (``np.sum(a, axis=0, out=o)``, ``a.max(1, out=o)`` ...), as NumPy
runs them: without ``dtype=`` the reduction runs in the common dtype of the operand and of
``out`` (a float32 sum into float64 sums in float64, an int8 sum into int8 wraps around in
int8; ``mean`` of integers runs in float64, as without ``out``), its result is cast into
``out`` whatever the kinds (NumPy's reductions cast their output unsafely), and ``out``, which
must have the result's shape, is what the call returns."""

from __future__ import annotations

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, assign
from kiln.frontend.callargs import ShapeError
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote
from kiln.frontend.reductions import reduce
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

_TYPED = ("sum", "prod", "mean")  # the reductions whose loop dtype out= chooses


def output_array(ctx: Context, out: Value) -> ArrayView:
    if not isinstance(out, ArrayView):  # a tuple too: NumPy's reductions take one array
        raise TypingError("'out' must be an array", ctx.loc)
    return out


def loop_dtype(kind: str, operand: Operand, out: ArrayView, dtype: str | None) -> str | None:
    """The dtype the reduction runs in, given ``out``; None: the reduction's own."""
    if dtype is not None or kind not in _TYPED:
        return dtype
    source = operand.type if isinstance(operand, Scalar) else ScalarType(operand.dtype)
    if kind == "mean" and (source.is_integer or source.is_bool):
        return "float64"
    return promote(source.strong(), ScalarType(out.dtype)).dtype


def reduce_into(
    ctx: Context,
    kind: str,
    operand: Operand,
    out: ArrayView,
    axis: object,
    keepdims: bool,
    dtype: str | None,
    initial: ir.Expr | None,
    where: Operand | None,
) -> ArrayView:
    result = reduce(ctx, kind, operand, axis, keepdims, loop_dtype(kind, operand, out, dtype), initial, where)
    shape = () if isinstance(result, Scalar) else result.shape
    if len(shape) != out.ndim:
        raise ShapeError(
            f"output parameter for reduction operation {kind} has the wrong number of dimensions: "
            f"found {out.ndim}, expected {len(shape)}",
            ctx.loc,
        )
    for got, want in zip(out.shape, shape):
        msg = f"output parameter for reduction operation {kind} has the wrong shape"
        ctx.emit(ir.Check(E.compare("eq", got, want), "ValueError", msg))
    t = ScalarType(out.dtype)
    if isinstance(result, Scalar):
        assign(ctx, out, Scalar(E.cast(result.expr, t)), inplace=True)
        return out
    lazy = as_lazy(result)
    assign(
        ctx,
        out,
        Lazy(out.dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads),
        inplace=True,
    )
    return out
