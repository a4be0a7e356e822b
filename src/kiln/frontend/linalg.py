"""``@`` / ``np.matmul`` / ``np.dot``: a library call on whole arrays (BLAS for
large floating-point operands, generated loops otherwise); 1-d @ 1-d is a
fused multiply-sum."""

from __future__ import annotations

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, elementwise, materialize
from kiln.frontend.callargs import ShapeError
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote_dtypes
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value, describe, whole_view
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType


def _operand(ctx: Context, v: ArrayView | Lazy, dtype: str) -> ArrayView:
    """``v`` as an IR array variable of ``dtype`` (converted or materialized if needed)."""
    if isinstance(v, ArrayView) and v.dtype == dtype:
        return bind_view(ctx, v)
    lazy = as_lazy(v)
    t = ScalarType(dtype)
    converted = Lazy(dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)
    return materialize(ctx, converted)


def matmul(ctx: Context, a: Value, b: Value, operator: bool = False, dot: bool = False) -> Value:
    """``np.matmul(a, b)``, or ``a @ b`` with ``operator``: numbers have no ``@`` (a TypeError, as
    for ``2 @ 3``), while an array with a number reaches NumPy's matmul (a ValueError).
    ``dot``: ``np.dot``'s rule for operands of more than two dimensions."""
    from kiln.frontend.reductions import reduce

    if operator and isinstance(a, Scalar) and isinstance(b, Scalar):
        shown = " and ".join(f"'{_python_type_name(v)}'" for v in (a, b))
        raise TypingError(f"unsupported operand type(s) for @: {shown}", ctx.loc)
    for k, v in enumerate((a, b)):
        if isinstance(v, Scalar) or (isinstance(v, ArrayView | Lazy) and v.ndim == 0):
            msg = f"matmul: Input operand {k} does not have enough dimensions"
            raise ShapeError(msg, ctx.loc)  # NumPy: a ValueError
        if not isinstance(v, ArrayView | Lazy):
            raise TypingError(f"matmul: unsupported operand {describe(v)}", ctx.loc)
    assert isinstance(a, ArrayView | Lazy) and isinstance(b, ArrayView | Lazy)
    dtype = promote_dtypes(a.dtype, b.dtype)
    check_contracted(ctx, a, b)
    if a.ndim > 2 or b.ndim > 2:
        from kiln.frontend.matmul_nd import dot_nd, matmul_nd

        return (dot_nd if dot else matmul_nd)(ctx, a, b, dtype, matmul)
    if a.ndim == 1 and b.ndim == 1:
        product = elementwise(ctx, [a, b], lambda xs: _mul(xs, dtype), dtype)
        total = reduce(ctx, "sum", product)
        assert isinstance(total, Scalar)
        return Scalar(E.cast(total.expr, ScalarType(dtype)))
    av, bv = _operand(ctx, a, dtype), _operand(ctx, b, dtype)
    shape = product_shape(a, b)
    out = ctx.fresh("mm")
    t = ctx.declare(out, ArrayType(dtype, len(shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(out, {out})
    ctx.emit(ir.Alloc(out, ArrayType(dtype, len(shape), "C"), shape))
    ctx.emit(ir.LibCall("matmul", (out,), (av.base, bv.base)))
    return whole_view(out, t, shape)


def check_contracted(ctx: Context, a: ArrayView | Lazy, b: ArrayView | Lazy) -> None:
    """A run-time ValueError, as NumPy's, unless ``a @ b``'s contracted extents agree."""
    k_a, k_b = a.shape[-1], b.shape[-2] if b.ndim >= 2 else b.shape[0]
    if k_a != k_b:
        msg = "matmul: mismatch in the contracted dimension (%lld is different from %lld)"
        ctx.emit(ir.Check(E.compare("eq", k_a, k_b), "ValueError", msg, (k_a, k_b)))


def product_shape(a: ArrayView | Lazy, b: ArrayView | Lazy) -> tuple[ir.Expr, ...]:
    """The shape of ``a @ b`` for operands of one or two dimensions."""
    rows = (a.shape[0],) if a.ndim == 2 else ()
    return rows + ((b.shape[1],) if b.ndim == 2 else ())


def _python_type_name(v: Scalar) -> str:
    if v.type.weak:
        return {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex"}[v.type.kind]
    return f"numpy.{v.type.dtype}"


def _mul(xs: list[ir.Expr], dtype: str) -> ir.Expr:
    t = ScalarType(dtype)
    if t.is_bool:
        return ir.Binary("and", E.cast(xs[0], t), E.cast(xs[1], t), t)
    return ir.Binary("mul", E.cast(xs[0], t), E.cast(xs[1], t), t)
