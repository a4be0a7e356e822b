"""A loop as it runs when its array parameters do not share memory.

The frontend guards every array statement whose operands might overlap (``C[i, :i + 1] +=
alpha * A[:i + 1, k]``: ``A`` may be ``C``) with ``if overlaps(lhs, rhs)``, whose taken branch
evaluates into a temporary. That branch allocates, and an allocation keeps every loop around it
sequential, although with distinct arguments it never runs. :func:`assuming_apart` rewrites a
loop for that case: each ``overlaps`` whose operands come from different parameters (or from
arrays the function allocates) becomes false, the tests it decides keep the branch taken, and
views only those tests used go. The caller runs the copy under ``not overlaps(p, q)`` for the
parameter pairs returned, and keeps the original for the rest.
"""

from __future__ import annotations

import dataclasses
from typing import cast

from kiln.analysis.effects import ArrayRoots, effects_of
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_stmts, map_exprs, map_stmts

_FALSE = ir.Const(False, ScalarType("bool"))


@dataclasses.dataclass(frozen=True)
class Assumed:
    loop: ir.For  # the copy, with the same statement ids
    pairs: frozenset[tuple[str, str]]  # parameters that must not share memory for it to run


def assuming_apart(loop: ir.For, roots: ArrayRoots, used_outside: frozenset[str]) -> Assumed | None:
    """``loop`` with its overlap tests between distinct storage decided, or ``None`` when it has
    none. ``used_outside``: names code after the loop mentions (their views stay bound)."""
    pairs: set[tuple[str, str]] = set()

    def decide(e: ir.Expr) -> ir.Expr:
        if not isinstance(e, ir.Overlaps):
            return e
        certain, needed = roots.conflicts(e.a, e.b)
        if certain:
            return e
        pairs.update(needed)
        return _FALSE

    decided = tuple(cast(ir.Stmt, map_exprs(s, decide)) for s in loop.body)
    if decided == loop.body:
        return None
    body = map_stmts(decided, _taken_branch)
    body = without_unused_views(body, used_outside)
    return Assumed(dataclasses.replace(loop, body=body), frozenset(pairs))


def _taken_branch(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
    from kiln.transforms.passes.simplify import fold_test  # (simplify uses this module)

    if isinstance(s, ir.If) and (c := fold_test(s.cond)) is not None:
        return s.then if c.value else s.orelse
    return None


def without_unused_views(body: tuple[ir.Stmt, ...], keep: frozenset[str]) -> tuple[ir.Stmt, ...]:
    """``body`` without the views nothing mentions any more (repeated: a view of a view)."""
    while True:
        effects = effects_of(body)
        mentioned = keep | effects.array_reads | effects.array_writes | effects.reads
        dead = {s.target for s in iter_stmts(body) if isinstance(s, ir.View) and s.target not in mentioned}
        if not dead:
            return body
        body = _without(body, frozenset(dead))


def _without(body: tuple[ir.Stmt, ...], views: frozenset[str]) -> tuple[ir.Stmt, ...]:
    return map_stmts(body, lambda s: () if isinstance(s, ir.View) and s.target in views else None)
