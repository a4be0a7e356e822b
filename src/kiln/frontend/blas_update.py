"""``out = alpha * A @ B + beta * out`` on an existing array: one ``gemm`` library call (BLAS
``?gemm``/``?gemv`` with beta, straight on ``out``'s memory) when it runs on the product's shape
and ``out`` shares no memory with ``A`` or ``B``; otherwise NumPy's order, the product into a
temporary first and then a broadcasting scale-and-add. The two are decided when the code runs:
extents of 1 that broadcast (a product of one column against a wider ``out``) and operands that
overlap ``out`` are only known then."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, assign
from kiln.frontend.context import Context
from kiln.frontend.linalg import _operand, product_shape
from kiln.frontend.values import ArrayView, Lazy, Scalar, whole_view
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType

if TYPE_CHECKING:
    from kiln.frontend.lower_exprs import ExprLowering

BOOL = ScalarType("bool")


def scalar_array(ctx: Context, value: Scalar | None, dtype: str, stem: str) -> str:
    """A 0-d array holding ``value`` (1 when None) in ``dtype``: how a library call takes a number."""
    name = ctx.fresh(stem)
    t = ArrayType(dtype, 0, "C")
    ctx.declare(name, t)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, ()))
    expr = E.ONE if value is None else value.expr
    ctx.emit(ir.Store(name, (), E.cast(expr, ScalarType(dtype))))
    return name


def gemm_update(
    lower: ExprLowering,
    out: ArrayView,
    a: ArrayView | Lazy,
    b: ArrayView | Lazy,
    alpha: Scalar | None,
    beta: Scalar | None,
) -> None:
    """``out[...] = alpha * a @ b + beta * out`` (alpha, beta: 1 when None), all of one floating
    dtype, the contracted extents checked; ``out`` holds its old value, in a shape the product
    broadcasts to (or not: the general path then raises NumPy's ValueError)."""
    ctx = lower.ctx
    dtype = out.dtype
    av, bv = _operand(ctx, a, dtype), _operand(ctx, b, dtype)
    shape = product_shape(a, b)
    ctx.written_arrays.add(out.base)
    dest = bind_view(ctx, out)
    fits: ir.Expr = E.bool_true()
    for p, o in zip(shape, out.shape):
        if p != o:
            fits = E.logical_and(fits, E.compare("eq", p, o))
    for v in (av, bv):
        if ctx.may_alias(v.base, dest.base):
            fits = E.logical_and(fits, ir.Unary("not", ir.Overlaps(dest.base, v.base, BOOL), BOOL))
    with ctx.block() as direct:
        scales = (scalar_array(ctx, alpha, dtype, "alpha"), scalar_array(ctx, beta, dtype, "beta"))
        ctx.emit(ir.LibCall("gemm", (dest.base,), (av.base, bv.base, dest.base, *scales)))
    if isinstance(fits, ir.Const) and fits.value:
        for s in direct:
            ctx.emit(s)
        return
    with ctx.block() as general:
        _numpy_order(lower, out, av, bv, shape, alpha, beta)
    ctx.emit(ir.If(fits, tuple(direct), tuple(general)))


def _numpy_order(
    lower: ExprLowering,
    out: ArrayView,
    av: ArrayView,
    bv: ArrayView,
    shape: tuple[ir.Expr, ...],
    alpha: Scalar | None,
    beta: Scalar | None,
) -> None:
    """The product into a fresh temporary, then ``out = alpha * product + beta * out``."""
    ctx = lower.ctx
    tmp = ctx.fresh("mm")
    t = ArrayType(out.dtype, len(shape), "C")
    ctx.declare(tmp, t)
    ctx.add_origins(tmp, {tmp})
    ctx.emit(ir.Alloc(tmp, t, shape))
    ctx.emit(ir.LibCall("matmul", (tmp,), (av.base, bv.base)))
    product = whole_view(tmp, t, shape)
    scaled = product if alpha is None else lower.binary("mul", alpha, product)
    kept = out if beta is None else lower.binary("mul", beta, out)
    # the sum of two arrays is an array operand
    assign(ctx, out, cast(Operand, lower.binary("add", scaled, kept)), inplace=True)
