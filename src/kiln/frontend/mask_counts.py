"""Reuse of a boolean mask's true-element count across statements (``a = a[m]; b = b[m]``).

Every compaction under a mask counts it first. A later statement in the same block may reuse
the count while nothing emitted in between can have changed the mask: no store into memory
it may share, no re-binding of its array, no assignment to a variable its view depends on.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Fixed
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts


@dataclass(frozen=True)
class _Counted:
    block: list[ir.Stmt]
    mark: int  # the block's length just after the count was computed
    count: ir.Var


def _cache(ctx: Context) -> dict[ArrayView, _Counted]:
    return ctx.mask_counts  # type: ignore[return-value]


def reuse_count(ctx: Context, mask: ArrayView) -> ir.Var | None:
    """The variable holding ``mask``'s count, where it is still valid here."""
    found = _cache(ctx).get(mask)
    if found is None or found.block is not ctx.current_block() or found.mark > ctx.mark():
        return None
    if _may_change(ctx, mask, found.count, ctx.emitted_since(found.mark)):
        return None
    return found.count


def remember_count(ctx: Context, mask: ArrayView, count: ir.Var) -> None:
    _cache(ctx)[mask] = _Counted(ctx.current_block(), ctx.mark(), count)


def _view_vars(mask: ArrayView) -> set[str]:
    """Scalar variables the view's extents and index maps depend on."""
    exprs: list[ir.Expr] = list(mask.shape)
    for m in mask.maps:
        exprs += [m.index] if isinstance(m, Fixed) else [m.start, m.step]
    return {e.name for x in exprs for e in iter_exprs(x) if isinstance(e, ir.Var)}


def _may_change(ctx: Context, mask: ArrayView, count: ir.Var, stmts: list[ir.Stmt]) -> bool:
    scalars = _view_vars(mask) | {count.name}
    for s in iter_stmts(stmts):
        if isinstance(s, ir.Assign) and s.target in scalars:
            return True
        if isinstance(s, ir.For) and s.var in scalars:
            return True
        if isinstance(s, ir.Alloc | ir.View) and s.target == mask.base:
            return True
        written = (
            (s.array,)
            if isinstance(s, ir.Store | ir.Atomic)
            else s.outputs
            if isinstance(s, ir.LibCall)
            else ()
        )
        if any(ctx.may_alias(w, mask.base) for w in written):
            return True
    return False
