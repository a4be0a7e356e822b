"""Drop Python's negative-index wrap-around where the index cannot be negative.

The frontend normalizes ``a[i]`` to ``a[i < 0 ? i + n : i]`` unless it knows ``i >= 0``; in a
kernel ``i`` usually comes from ``grid(1)`` or ``threadIdx.x`` through a variable, which the
frontend does not follow. Thread and block indices are non-negative, and so is whatever is
assigned once from non-negative values; the selects on them go, which lets the C compiler
vectorize the thread loop.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts, map_exprs
from kiln.kernel.analysis import assignment_counts
from kiln.kernel.lower_intrinsics import BID, GDIM, TID


def nonnegative_vars(body: tuple[ir.Stmt, ...]) -> set[str]:
    counts = assignment_counts(body)
    known = set(TID + BID + GDIM)
    while True:
        before = len(known)
        for s in iter_stmts(body):
            if isinstance(s, ir.Assign) and counts.get(s.target) == 1 and is_nonneg(s.value, known):
                known.add(s.target)
            positive_step = isinstance(s, ir.For) and isinstance(s.step, ir.Const) and int(s.step.value) > 0  # type: ignore[arg-type]
            if positive_step and counts.get(s.var) == 1 and is_nonneg(s.start, known):  # type: ignore[union-attr]
                known.add(s.var)  # type: ignore[union-attr]
        if len(known) == before:
            return known


def is_nonneg(e: ir.Expr, known: set[str]) -> bool:
    if isinstance(e, ir.Const):
        return (e.type.is_integer or e.type.is_bool) and int(e.value) >= 0  # type: ignore[arg-type]
    if isinstance(e, ir.Dim):
        return True
    if isinstance(e, ir.Var):
        return e.name in known
    if isinstance(e, ir.Cast):
        return (
            e.type.is_integer
            and (e.operand.type.is_integer or e.operand.type.is_bool)
            and is_nonneg(e.operand, known)
        )
    if isinstance(e, ir.Binary) and e.op == "max":  # max(i - 1, 0): one side suffices
        return e.type.is_integer and (is_nonneg(e.lhs, known) or is_nonneg(e.rhs, known))
    if isinstance(e, ir.Binary) and e.op in ("add", "mul", "floordiv", "mod", "min"):
        return e.type.is_integer and is_nonneg(e.lhs, known) and is_nonneg(e.rhs, known)
    return False


def drop_wraparound(body: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
    known = nonnegative_vars(body)

    def simplify(e: ir.Expr) -> ir.Expr:
        if (
            isinstance(e, ir.Select)
            and isinstance(e.cond, ir.Binary)
            and e.cond.op == "lt"
            and e.cond.lhs == e.if_false
            and isinstance(e.cond.rhs, ir.Const)
            and e.cond.rhs.value == 0
            and is_nonneg(e.if_false, known)
        ):
            return e.if_false
        return e

    return tuple(map_exprs(s, simplify) for s in body)  # type: ignore[misc]
