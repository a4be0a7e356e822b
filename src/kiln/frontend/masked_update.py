"""``X[M] = f(X[M], Y[M], scalars)`` as one masked loop: ``for i: if M[i]: X[i] = f(X[i], Y[i])``.

NumPy compacts every ``Y[M]`` into a new array, computes ``f`` on the compacted arrays, then
scatters the result back. When ``f`` is element-wise, every operand is indexed by the same
whole-array mask and nothing else is an array, element ``k`` of the compacted result is ``f`` of
the operands at the ``k``-th true position of ``M``: so one walk of the mask can compute and store
each element in place, with no compacted copies. That reorders reads and writes, which is only
safe when no operand reads memory of ``X`` other than the element about to be stored (checked at
run time where the compiler cannot tell; the general lowering runs otherwise) and the mask is not
changed by the stores (it is copied first where it may share memory with ``X``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from kiln.frontend import exprs as E
from kiln.frontend.advanced import evaluated_once, mask_matches, plan
from kiln.frontend.arrays import as_lazy
from kiln.frontend.masks import mask_source, walk_true
from kiln.frontend.ufuncs import ALIASES, UFUNCS
from kiln.frontend.values import ArrayLike, ArrayView, Const, Lazy
from kiln.frontend.views import bind_view, same_elements
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

if TYPE_CHECKING:
    from kiln.frontend.lower_exprs import ExprLowering
    from kiln.frontend.lower_stmts import Lowerer

_OPERATORS = (ast.BinOp, ast.UnaryOp, ast.Compare)


class NotFusable(Exception):
    """Raised while lowering the right-hand side in masked mode: use the general lowering."""


@dataclass
class MaskedReads:
    """While set on the lowerer, ``Y[M]`` (``M`` spelled as ``key``) reads ``Y`` element for
    element over the mask's own index space, and any other array value aborts the fusion."""

    key: str
    mask: ArrayLike
    operands: list[ArrayView] = field(default_factory=list)

    def read(self, lowerer: ExprLowering, node: ast.Subscript) -> Lazy:
        if ast.dump(node.slice) != self.key or not isinstance(node.value, ast.Name):
            raise NotFusable
        lowerer.check_bound(node.value)
        array = lowerer.lookup(node.value.id, node.value)
        if not isinstance(array, ArrayView) or array.ndim != self.mask.ndim:
            raise NotFusable
        mask_matches(lowerer.ctx, plan(lowerer.ctx, array, [self.mask]), self.mask, 0)
        self.operands.append(array)
        return Lazy(array.dtype, self.mask.shape, array.load, (array,))


def fuse_masked_update(lowerer: Lowerer, node: ast.Assign) -> bool:
    """Lower ``node`` as one masked loop when it has the form above; False (nothing emitted)
    when it does not."""
    if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Subscript):
        return False
    target = node.targets[0]
    if not isinstance(target.value, ast.Name) or isinstance(target.slice, ast.Tuple | ast.Slice):
        return False
    key = ast.dump(target.slice)
    if not (_pure(lowerer, target.slice, None) and _pure(lowerer, node.value, key)):
        return False
    if not any(_is_masked_read(n, key) for n in ast.walk(node.value)):
        return False
    ctx = lowerer.ctx
    with ctx.block() as trial:
        fused = _lower_fused(lowerer, node, target)
    if fused is None:
        return False
    reads, store = fused
    base = lowerer.expr(target.value)
    assert isinstance(base, ArrayView)
    hazards = [v for v in reads if ctx.may_alias(v.base, base.base) and not same_elements(v, base)]
    if not hazards:
        ctx.current_block().extend(trial)
        store()
        return True
    # A read that may overlap the destination other than element for element: NumPy's
    # semantics (read everything, then write) need the compacted copies after all.
    dest = bind_view(ctx, base).base
    overlap: ir.Expr = E.bool_false()
    for v in hazards:
        overlap = ir.Binary("or", overlap, ir.Overlaps(dest, bind_view(ctx, v).base), ScalarType("bool"))
    with ctx.block() as general:
        lowerer.assign_target(target, lowerer.expr(node.value))
    with ctx.block() as direct:
        ctx.current_block().extend(trial)
        store()
    ctx.emit(ir.If(overlap, tuple(general), tuple(direct)))
    return True


def _lower_fused(
    lowerer: Lowerer, node: ast.Assign, target: ast.Subscript
) -> tuple[list[ArrayView], Callable[[], None]] | None:
    """The right-hand side lowered in masked mode (into the current block): the arrays it
    reads and the function that emits the masked loop; None where it is not element-wise."""
    ctx = lowerer.ctx
    assert isinstance(target.value, ast.Name)
    mask_value = lowerer.expr(target.slice)
    if not isinstance(mask_value, ArrayView | Lazy) or mask_value.dtype != "bool" or mask_value.ndim == 0:
        return None
    mask = evaluated_once(ctx, mask_value)
    reads = MaskedReads(ast.dump(target.slice), mask)
    lowerer.masked_reads = reads
    try:
        value = lowerer.expr(node.value)
    except NotFusable:
        return None
    finally:
        lowerer.masked_reads = None
    if not isinstance(value, ArrayView | Lazy) or tuple(value.shape) != tuple(mask.shape):
        return None
    with ctx.at(target):
        lowerer.check_bound(target.value)
        base = lowerer.lookup(target.value.id, target.value)
    if not isinstance(base, ArrayView) or base.ndim != mask.ndim:
        return None
    p = plan(ctx, base, [mask])
    mask_matches(ctx, p, mask, 0)
    lazy = as_lazy(value)
    dest, dtype = p.view, ScalarType(p.view.dtype)
    ctx.written_arrays.add(dest.base)

    def store() -> None:
        walk = mask_source(ctx, p, mask)

        def one(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
            ctx.emit(ir.Store(dest.base, dest.base_indices(j), E.cast(lazy.element(j), dtype)))

        walk_true(ctx, walk, one)

    return list(lazy.reads), store


def _is_masked_read(node: ast.AST, key: str) -> bool:
    return (
        isinstance(node, ast.Subscript) and ast.dump(node.slice) == key and isinstance(node.value, ast.Name)
    )


def _pure(lowerer: Lowerer, node: ast.expr, key: str | None) -> bool:
    """Whether ``node`` is built of element-wise operations only: arithmetic, comparisons,
    NumPy ufuncs, ``abs``, names, constants and (``key`` given) reads ``Y[M]``."""
    if isinstance(node, ast.Constant | ast.Name):
        return True
    if key is not None and _is_masked_read(node, key):
        return True
    if isinstance(node, _OPERATORS):
        return all(_pure(lowerer, c, key) for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr))
    if isinstance(node, ast.Call) and not node.keywords and _elementwise_function(lowerer, node.func):
        return all(_pure(lowerer, a, key) and not isinstance(a, ast.Starred) for a in node.args)
    return False


def _elementwise_function(lowerer: Lowerer, func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id == "abs" and _resolves_to(lowerer, func, abs)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        name = ALIASES.get(func.attr, func.attr)
        return name in UFUNCS and _resolves_to(lowerer, func.value, np)
    return False


def _resolves_to(lowerer: Lowerer, node: ast.Name, obj: object) -> bool:
    """Whether the name is the compile-time object ``obj`` (looked up without emitting code)."""
    try:
        value = lowerer.lookup(node.id, node)
    except Exception:  # noqa: BLE001 -- an unknown name: the general lowering reports it
        return False
    return isinstance(value, Const) and value.value is obj
