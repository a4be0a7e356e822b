"""``@``/``np.matmul`` and ``np.dot`` on arrays with more than two dimensions.

matmul broadcasts the leading (batch) axes and multiplies the last two; dot pairs every
row of ``a`` with every matrix of ``b`` (``dot(a, b)[i, j, k, m] = sum(a[i, j, :] * b[k, :, m])``).
A stack times one matrix becomes one 2-d product of the stack's rows (BLAS when large);
anything else is a sum over the contracted axis, lowered as a reduction of a lazy product.
"""

from __future__ import annotations

from collections.abc import Callable

from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, broadcast_shapes, index_adapter
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Lazy, Value
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

Matmul2d = Callable[[Context, ArrayView | Lazy, ArrayView | Lazy], Value]


def _product(ctx: Context, x: ir.Expr, y: ir.Expr, dtype: str) -> ir.Expr:  # bool matmul is an or of ands
    t = ScalarType(dtype)
    op = "and" if t.is_bool else "mul"
    return ir.Binary(op, E.cast(x, t), E.cast(y, t), t)


def _sum_last(ctx: Context, lazy: Lazy, dtype: str) -> Value:
    from kiln.frontend.reductions import reduce

    if dtype == "bool":
        return reduce(ctx, "any", lazy, axis=lazy.ndim - 1)
    return reduce(ctx, "sum", lazy, axis=lazy.ndim - 1, dtype=dtype)


def _rows_times_matrix(
    ctx: Context, a: ArrayView | Lazy, b: ArrayView | Lazy, dtype: str, matmul_2d: Matmul2d
) -> Value:
    """``a`` (..., n, k) @ ``b`` (k, m) or (k,): the rows of ``a`` as one (rows, k) matrix."""
    from kiln.frontend.numpy_ops import reshape

    lead = a.shape[:-1]
    flat = reshape(ctx, _converted(a, dtype), (ctx.temp(E.product(lead), "rows"), a.shape[-1]))
    product = matmul_2d(ctx, flat, b)
    assert isinstance(product, ArrayView)
    return reshape(ctx, product, lead + product.shape[1:])


def _converted(v: ArrayView | Lazy, dtype: str) -> ArrayView | Lazy:
    if v.dtype == dtype:
        return v
    lazy, t = as_lazy(v), ScalarType(dtype)
    return Lazy(dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def matmul_nd(
    ctx: Context, a: ArrayView | Lazy, b: ArrayView | Lazy, dtype: str, matmul_2d: Matmul2d
) -> Value:
    """NumPy's matmul with batch axes; the contracted extents are already checked equal."""
    if b.ndim <= 2:
        return _rows_times_matrix(ctx, a, b, dtype, matmul_2d)
    la, lb = as_lazy(a), as_lazy(b)
    a_batch = la.shape[:-2] if la.ndim >= 2 else ()
    b_batch = lb.shape[:-2]
    batch = broadcast_shapes(ctx, [a_batch, b_batch])
    nb = len(batch)
    to_a, to_b = index_adapter(a_batch, batch), index_adapter(b_batch, batch)
    rows = (la.shape[-2],) if la.ndim >= 2 else ()
    cols = (lb.shape[-1],)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        bi, k = idx[:nb], idx[-1]
        i = idx[nb : nb + len(rows)]
        j = idx[nb + len(rows)]
        x = la.element(to_a(bi) + i + (k,))
        y = lb.element(to_b(bi) + (k, j))
        return _product(ctx, x, y, dtype)

    shape = batch + rows + cols + (la.shape[-1],)
    return _sum_last(ctx, Lazy(dtype, shape, element, la.reads + lb.reads), dtype)


def dot_nd(ctx: Context, a: ArrayView | Lazy, b: ArrayView | Lazy, dtype: str, matmul_2d: Matmul2d) -> Value:
    """``np.dot`` with an operand of more than two dimensions (contracted extents checked)."""
    if b.ndim <= 2:
        return _rows_times_matrix(ctx, a, b, dtype, matmul_2d)
    la, lb = as_lazy(a), as_lazy(b)
    na = la.ndim - 1

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        k = idx[-1]
        x = la.element(idx[:na] + (k,))
        rest = idx[na:-1]  # b's leading axes, then its last axis
        y = lb.element(rest[:-1] + (k, rest[-1]))
        return _product(ctx, x, y, dtype)

    shape = la.shape[:-1] + lb.shape[:-2] + lb.shape[-1:] + (la.shape[-1],)
    return _sum_last(ctx, Lazy(dtype, shape, element, la.reads + lb.reads), dtype)
