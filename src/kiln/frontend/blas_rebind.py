"""``C = alpha * A @ B + beta * C`` (and ``y = y + A @ x``) in the memory of C's old array, which
nothing can read afterwards: one BLAS call with beta on it, no new array and no copy, where the
name is the sole owner of its arrays (``sole_owner``). When C's extents of 1 broadcast against
the product (NumPy's result is then larger), a new array is made as usual."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from kiln.frontend import exprs as E
from kiln.frontend.arrays import broadcast_shapes
from kiln.frontend.blas_inplace import array_name, suits
from kiln.frontend.blas_patterns import Gemm, emit_fused, gemm_value, lower_leaves, match_gemm
from kiln.frontend.blas_update import gemm_update
from kiln.frontend.linalg import check_contracted, product_shape
from kiln.frontend.sole_owner import sole_owner
from kiln.frontend.values import ArrayView, Lazy, TupleValue, Value, whole_view
from kiln.frontend.views import same_elements
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer


def _addend_names(addend: tuple[int, int] | int, nodes: list[ast.expr]) -> list[ast.Name]:
    leaves = [nodes[k] for k in (addend if isinstance(addend, tuple) else (addend,))]
    return [x for x in leaves if isinstance(x, ast.Name)]


def _owned_array(lw: Lowerer, name: ast.Name) -> ArrayView | None:
    """The C-ordered array ``name`` holds when it is its only holder."""
    current = array_name(lw, name)
    var = lw.scope.versions.get(name.id)
    if current is None or var is None or current.base != var or not current.is_whole:
        return None
    if lw.ctx.type_of(var) != ArrayType(current.dtype, current.ndim, "C"):
        return None
    origins = lw.ctx.origins_of(var)
    if any(o.startswith("param:") for o in origins):
        return None
    others = (v for k, held in lw.scope.names.items() if k != name.id for v in _arrays(held))
    if any(lw.ctx.origins_of(v) & origins for v in others):  # a second holder the source hides
        return None
    return current if sole_owner(lw.scope.parsed, name.id) else None


def _arrays(value: Value) -> list[str]:
    """The array variables ``value`` holds or reads."""
    if isinstance(value, ArrayView):
        return [value.base]
    if isinstance(value, Lazy):
        return [v.base for v in value.reads]
    if isinstance(value, TupleValue):
        return [x for item in value.items for x in _arrays(item)]
    return []


def rebind_gemm(lw: Lowerer, node: ast.Assign) -> bool:
    """``C = alpha * A @ B + beta * C`` in place; False (nothing lowered) for other statements."""
    if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
        return False
    target = node.targets[0]
    shape = match_gemm(node.value)
    if shape is None:
        return False
    named = [x for x in _addend_names(shape.addend, shape.nodes) if x.id == target.id]
    old = _owned_array(lw, named[0]) if named else None
    if old is None:
        return False
    values, g = lower_leaves(lw, shape)
    if not (isinstance(g.c, ArrayView) and same_elements(g.c, old) and suits(g, old)):
        with lw.ctx.at(target):
            lw.bind(target.id, gemm_value(lw, shape, values, g))
        return True
    _update_or_grow(lw, target, old, g)
    with lw.ctx.at(target):
        t = lw.ctx.type_of(old.base)
        assert isinstance(t, ArrayType)
        lw.bind(target.id, whole_view(old.base, t))  # the same variable: nothing to emit
    return True


def _update_or_grow(lw: Lowerer, target: ast.Name, old: ArrayView, g: Gemm) -> None:
    ctx = lw.ctx
    a, b = g.a, g.b
    assert isinstance(a, ArrayView | Lazy) and isinstance(b, ArrayView | Lazy)
    check_contracted(ctx, a, b)
    shape = broadcast_shapes(ctx, [product_shape(a, b), old.shape])
    same: ir.Expr = E.bool_true()
    for new, was in zip(shape, old.shape):
        if new != was:
            same = E.logical_and(same, E.compare("eq", new, was))
    with ctx.block() as in_place:
        gemm_update(lw, old, a, b, g.alpha, g.beta)
    if isinstance(same, ir.Const) and same.value:
        for s in in_place:
            ctx.emit(s)
        return
    with ctx.block() as grown:  # NumPy's result outgrows C: a new array, as without this
        value = emit_fused(lw, g)
        with ctx.at(target):
            lw.bind(target.id, value)
    ctx.emit(ir.If(same, tuple(in_place), tuple(grown)))
