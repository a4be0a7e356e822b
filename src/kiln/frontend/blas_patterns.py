"""``alpha * A @ B + beta * C`` as one BLAS call with alpha and beta fused (``gemm`` library call).

The expression becomes a new array holding ``C`` (broadcast to the product's shape) that one
``?gemm`` (2-d @ 2-d) or ``?gemv`` (matrix @ vector, either side) updates in place, instead of a
product, a scaled copy and a sum. Recognized on the syntax tree, for ``+`` in either order, with
``alpha`` and ``beta`` optional and on either side of their ``*``. Fused only where NumPy's
result keeps the operands' floating or complex dtype (scalars may not widen it), so the forms
differ by rounding alone, as BLAS orders do; anything else (integers, mixed dtypes, stacks of
matrices) is computed operator by operator from the operands already lowered.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiln.frontend.arrays import assign, broadcast_shapes
from kiln.frontend.blas_update import gemm_update
from kiln.frontend.linalg import check_contracted, product_shape
from kiln.frontend.promotion import promote
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType

if TYPE_CHECKING:
    from kiln.frontend.lower_exprs import ExprLowering


@dataclass(frozen=True)
class _Shape:
    """Where the leaves of ``[s *] X @ Y + [t *] Z`` sit in evaluation order (None: absent)."""

    nodes: list[ast.expr]
    scale_pair: tuple[int, int] | None  # alpha and A, order unknown until lowered
    product: tuple[int, int]  # the @ operands (the first may be the scaled one)
    addend: tuple[int, int] | int  # (beta, C) pair, order unknown, or C alone


def _match_product(
    node: ast.expr, nodes: list[ast.expr]
) -> tuple[tuple[int, int] | None, tuple[int, int]] | None:
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult)):
        return None
    left = node.left
    pair = None
    if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mult):
        pair = (len(nodes), len(nodes) + 1)
        nodes += [left.left, left.right]
        first = -1
    else:
        first = len(nodes)
        nodes.append(left)
    nodes.append(node.right)
    return pair, (first, len(nodes) - 1)


def _match_addend(node: ast.expr, nodes: list[ast.expr]) -> tuple[int, int] | int:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        nodes += [node.left, node.right]
        return (len(nodes) - 2, len(nodes) - 1)
    nodes.append(node)
    return len(nodes) - 1


def _match(node: ast.BinOp) -> _Shape | None:
    if not isinstance(node.op, ast.Add):
        return None
    for product_first in (True, False):
        nodes: list[ast.expr] = []
        if product_first:
            found = _match_product(node.left, nodes)
            if found is None:
                continue
            addend = _match_addend(node.right, nodes)
        else:
            if not (isinstance(node.right, ast.BinOp) and isinstance(node.right.op, ast.MatMult)):
                continue
            addend = _match_addend(node.left, nodes)
            found = _match_product(node.right, nodes)
            assert found is not None
        return _Shape(nodes, found[0], found[1], addend)
    return None


def _split_scaled(pair: tuple[Value, Value]) -> tuple[Scalar, Value] | None:
    """(number, array) of a ``*`` pair, None unless exactly one side is a number."""
    a, b = pair
    if isinstance(a, Scalar) and isinstance(b, ArrayView | Lazy):
        return a, b
    if isinstance(b, Scalar) and isinstance(a, ArrayView | Lazy):
        return b, a
    return None


def _keeps(dtype: str, scale: Value | None) -> bool:
    return scale is None or (
        isinstance(scale, Scalar) and promote(scale.type, ScalarType(dtype)).dtype == dtype
    )


@dataclass(frozen=True)
class Gemm:
    """The lowered leaves of ``[alpha *] A @ B + [beta *] C``; ``paired``: each ``*`` had exactly
    one number side (the scales are those numbers)."""

    a: Value
    b: Value
    c: Value
    alpha: Scalar | None
    beta: Scalar | None
    paired: bool

    def fusable(self) -> bool:
        return self.paired and fits(self.a, self.b, self.c, self.alpha, self.beta)


def lower_leaves(lower: ExprLowering, shape: _Shape) -> tuple[list[Value], Gemm]:
    """The leaves of ``shape`` lowered left to right, and their roles."""
    values = lower.operands_in_order(shape.nodes)
    alpha_a = (
        _split_scaled((values[shape.scale_pair[0]], values[shape.scale_pair[1]]))
        if shape.scale_pair
        else None
    )
    alpha, a = alpha_a if alpha_a is not None else (None, values[shape.product[0]])
    b = values[shape.product[1]]
    beta_c: tuple[Scalar | None, Value] | None
    if isinstance(shape.addend, tuple):
        beta_c = _split_scaled((values[shape.addend[0]], values[shape.addend[1]]))
        beta, c = beta_c if beta_c is not None else (None, values[shape.addend[0]])
    else:
        beta_c, beta, c = (None, values[shape.addend]), None, values[shape.addend]
    paired = (alpha_a is not None or shape.scale_pair is None) and beta_c is not None
    return values, Gemm(a, b, c, alpha, beta, paired)


def match_gemm(node: ast.expr) -> _Shape | None:
    """Where the leaves of ``node`` sit when it reads ``[alpha *] A @ B + [beta *] C``."""
    return _match(node) if isinstance(node, ast.BinOp) else None


def fused_gemm(lower: ExprLowering, node: ast.BinOp) -> Value | None:
    """The value of ``node`` through one fused BLAS call; None (nothing lowered) when ``node`` does
    not have the shape; operator by operator when its operands do not suit the fusion."""
    shape = _match(node)
    if shape is None:
        return None
    values, gemm = lower_leaves(lower, shape)
    return gemm_value(lower, shape, values, gemm)


def gemm_value(lower: ExprLowering, shape: _Shape, values: list[Value], gemm: Gemm) -> Value:
    """The expression's value from its lowered leaves: fused where they suit it."""
    if gemm.fusable():
        return emit_fused(lower, gemm)
    return _operator_by_operator(lower, shape, values)


def fits(a: Value, b: Value, c: Value, alpha: Value | None, beta: Value | None) -> bool:
    """Whether ``alpha * a @ b + beta * c`` keeps one floating dtype and suits ``?gemm``/``?gemv``."""
    if not all(isinstance(v, ArrayView | Lazy) for v in (a, b, c)):
        return False
    dtype = a.dtype  # type: ignore[union-attr]
    dims = (a.ndim, b.ndim)  # type: ignore[union-attr]
    return (
        dtype[0] in "fc"
        and b.dtype == dtype  # type: ignore[union-attr]
        and c.dtype == dtype  # type: ignore[union-attr]
        and dims in ((2, 2), (2, 1), (1, 2))
        and c.ndim <= (2 if dims == (2, 2) else 1)  # type: ignore[union-attr]
        and _keeps(dtype, alpha)
        and _keeps(dtype, beta)
    )


def emit_fused(lower: ExprLowering, g: Gemm) -> Value:
    """A fresh array of the broadcast shape of the product and ``C``, holding ``C``, that the
    product then updates in place."""
    ctx = lower.ctx
    a, b, c = g.a, g.b, g.c
    assert isinstance(a, ArrayView | Lazy) and isinstance(b, ArrayView | Lazy)
    assert isinstance(c, ArrayView | Lazy)
    check_contracted(ctx, a, b)
    shape = broadcast_shapes(ctx, [product_shape(a, b), c.shape])
    out = ctx.fresh("gemm")
    t = ArrayType(a.dtype, len(shape), "C")
    ctx.declare(out, t)
    ctx.add_origins(out, {out})
    ctx.emit(ir.Alloc(out, t, shape))
    view = whole_view(out, t, shape)
    assign(ctx, view, c)
    gemm_update(lower, view, a, b, g.alpha, g.beta)
    return view


def _operator_by_operator(lower: ExprLowering, shape: _Shape, values: list[Value]) -> Value:
    """NumPy's own order of operations on the lowered leaves."""
    if shape.scale_pair is not None:
        left = lower.binary("mul", values[shape.scale_pair[0]], values[shape.scale_pair[1]])
    else:
        left = values[shape.product[0]]
    product = lower.binary("matmul", left, values[shape.product[1]])
    if isinstance(shape.addend, tuple):
        addend = lower.binary("mul", values[shape.addend[0]], values[shape.addend[1]])
    else:
        addend = values[shape.addend]
    product_first = shape.product[1] < (shape.addend if isinstance(shape.addend, int) else shape.addend[1])
    return lower.binary("add", product, addend) if product_first else lower.binary("add", addend, product)


def split_scale(x: Value, y: Value) -> tuple[Scalar | None, Value | None]:
    """(number, array) of ``x * y`` when one side is a number that keeps the array's dtype."""
    scale, array = (x, y) if isinstance(x, Scalar) else (y, x)
    if (
        isinstance(scale, Scalar)
        and isinstance(array, ArrayView | Lazy)
        and array.dtype[0] in "fc"
        and promote(scale.type, ScalarType(array.dtype)).dtype == array.dtype
    ):
        return scale, array
    return None, None
