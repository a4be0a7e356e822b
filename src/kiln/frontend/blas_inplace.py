"""Products that update an array in place, as one BLAS call with beta on its memory:
``C[:] = alpha * A @ B + beta * C`` (also ``C[...]``, any slices of ``C`` read back as the addend),
``C += [alpha *] A @ B`` and ``C[:] += ...`` (beta 1). No temporary and no copy of ``C`` where
its layout suits BLAS and it shares no memory with ``A`` or ``B`` (``blas_update`` decides that
when the code runs, NumPy's order of operations otherwise). Statements of another shape, or
whose operands do not keep one floating dtype, are left to the general lowering (False)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from kiln.frontend.blas_patterns import (
    Gemm,
    _match_product,
    fits,
    gemm_value,
    lower_leaves,
    match_gemm,
    split_scale,
)
from kiln.frontend.blas_update import gemm_update
from kiln.frontend.linalg import check_contracted, product_shape
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value
from kiln.frontend.views import same_elements, subscript

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer


def _slices_only(index: ast.expr) -> bool:
    items = index.elts if isinstance(index, ast.Tuple) else [index]
    return all(
        isinstance(x, ast.Slice) or (isinstance(x, ast.Constant) and x.value is Ellipsis) for x in items
    )


def _sliced_name(node: ast.expr) -> bool:
    """``name[slices or ...]``: a view whose lowering neither raises nor runs user code."""
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and _slices_only(node.slice)


def array_name(lw: Lowerer, node: ast.Name) -> ArrayView | None:
    """The array a name holds now, when reading it cannot fail or emit anything."""
    if node.id in lw.scope.ambiguous or lw.scope.parsed.may_be_unbound(node):
        return None
    value = lw.scope.names.get(node.id)
    return value if isinstance(value, ArrayView) else None


def _target_view(lw: Lowerer, target: ast.Subscript) -> ArrayView | None:
    base = array_name(lw, target.value)  # type: ignore[arg-type]
    if base is None:
        return None
    with lw.ctx.at(target):
        view = subscript(lw.ctx, base, lw.index_items(target.slice))
    return view if isinstance(view, ArrayView) else None


def _update(lw: Lowerer, dest: ArrayView, g: Gemm) -> None:
    a, b = g.a, g.b
    assert isinstance(a, ArrayView | Lazy) and isinstance(b, ArrayView | Lazy)
    check_contracted(lw.ctx, a, b)
    gemm_update(lw, dest, a, b, g.alpha, g.beta)


def suits(g: Gemm, dest: ArrayView) -> bool:
    a, b = g.a, g.b
    return (
        g.paired and fits(a, b, dest, g.alpha, g.beta) and dest.ndim == len(product_shape(a, b))  # type: ignore[arg-type]
    )


def assign_gemm(lw: Lowerer, node: ast.Assign) -> bool:
    """``C[s] = alpha * A @ B + beta * C[s]``; False (nothing lowered) for other statements."""
    if len(node.targets) != 1 or not _sliced_name(node.targets[0]):
        return False
    target = node.targets[0]
    assert isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
    shape = match_gemm(node.value)
    if shape is None or array_name(lw, target.value) is None:
        return False
    values, g = lower_leaves(lw, shape)
    dest = _target_view(lw, target)
    if dest is not None and isinstance(g.c, ArrayView) and same_elements(g.c, dest) and suits(g, dest):
        _update(lw, dest, g)
        return True
    value = gemm_value(lw, shape, values, g)
    with lw.ctx.at(target):
        if dest is None:
            lw.store_subscript(target, value)
        else:
            lw.store_to(dest, value)
    return True


def augassign_gemm(lw: Lowerer, node: ast.AugAssign) -> bool:
    """``C[s] += [alpha *] A @ B`` (or ``C += ...``) with beta 1; False (nothing lowered) else."""
    target, value = node.target, node.value
    if not (isinstance(node.op, ast.Add) and isinstance(value, ast.BinOp)):
        return False
    if not isinstance(value.op, ast.MatMult):
        return False
    if isinstance(target, ast.Name):
        dest = array_name(lw, target)
    elif _sliced_name(target):
        dest = _target_view(lw, target)  # type: ignore[arg-type]  # Python reads the target first
    else:
        return False
    if dest is None:
        return False
    nodes: list[ast.expr] = []
    pair, product = _match_product(value, nodes)  # type: ignore[misc]
    values = lw.operands_in_order(nodes)
    alpha: Scalar | None = None
    a: Value | None = values[product[0]] if pair is None else None
    if pair is not None:
        alpha, a = split_scale(values[pair[0]], values[pair[1]])
    g = Gemm(a, values[product[1]], dest, alpha, None, a is not None)  # type: ignore[arg-type]
    if a is not None and suits(g, dest):
        _update(lw, dest, g)
        return True
    left = a if a is not None else lw.binary("mul", values[pair[0]], values[pair[1]])  # type: ignore[index]
    rhs = lw.binary("matmul", left, values[product[1]])
    lw._inplace(dest, "add", rhs if alpha is None else lw.binary("mul", alpha, rhs))
    return True
