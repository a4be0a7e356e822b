"""Loop versioning, shared by the passes: a transformed copy runs when a run-time condition (usually
that two parameters do not share memory) holds, the original runs otherwise."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import map_stmts

BOOL = ScalarType("bool")


def renumbered(stmts: tuple[ir.Stmt, ...], last_sid: int) -> tuple[tuple[ir.Stmt, ...], int]:
    """A copy of ``stmts`` with fresh statement ids after ``last_sid``, and the last id used
    (statement ids must stay unique when code is duplicated)."""
    counter = [last_sid]

    def fresh(s: ir.Stmt) -> ir.Stmt:
        counter[0] += 1
        return dataclasses.replace(s, sid=counter[0])

    return map_stmts(stmts, fresh), counter[0]


def apart(a: str, b: str) -> ir.Expr:
    """True when arrays ``a`` and ``b`` cannot share memory (checked at run time)."""
    return ir.Unary("not", ir.Overlaps(a, b), BOOL)


def all_of(conditions: Iterable[ir.Expr]) -> ir.Expr:
    conds = list(conditions)
    cond = conds[0]
    for c in conds[1:]:
        cond = ir.Binary("and", cond, c, BOOL)
    return cond


def all_apart(pairs: Iterable[tuple[str, str]]) -> ir.Expr:
    """Every pair of arrays apart; the pairs are sorted so the condition is deterministic."""
    return all_of(apart(a, b) for a, b in sorted(pairs))
