"""Drop Python's negative-index wrap-around where the index cannot be negative.

The frontend normalizes ``a[i]`` to ``a[i < 0 ? i + n : i]`` unless it knows ``i >= 0``; in a
kernel ``i`` usually comes from ``grid(1)`` or ``threadIdx.x`` through a variable, which the
frontend does not follow. Thread and block indices are non-negative, and so is whatever is
assigned once from non-negative values; the selects on them go, which lets the C compiler
vectorize the thread loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import cast

from kiln.analysis.signs import is_nonneg
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_stmts, map_exprs, replace_body
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
            # a step that cannot be negative is positive (range rejects 0): values >= start
            positive_step = isinstance(s, ir.For) and is_nonneg(s.step, known)
            if positive_step and counts.get(s.var) == 1 and is_nonneg(s.start, known):  # type: ignore[union-attr]
                known.add(s.var)  # type: ignore[union-attr]
        if len(known) == before:
            return known


def wrapped_index(e: ir.Expr) -> ir.Expr | None:
    """``x`` where ``e`` is the frontend's wrap-around ``x < 0 ? x + n : x``."""
    if (
        isinstance(e, ir.Select)
        and isinstance(e.cond, ir.Binary)
        and e.cond.op == "lt"
        and e.cond.lhs == e.if_false
        and isinstance(e.cond.rhs, ir.Const)
        and e.cond.rhs.value == 0
    ):
        return e.if_false
    return None


def drop_wraparound(body: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
    known = nonnegative_vars(body)
    once = {v for v, n in assignment_counts(body).items() if n == 1}
    return _drop(body, dict.fromkeys(known, 0), once)


def _drop(body: tuple[ir.Stmt, ...], lower: dict[str, int], once: set[str]) -> tuple[ir.Stmt, ...]:
    def simplify(e: ir.Expr) -> ir.Expr:
        x = wrapped_index(e)
        return x if x is not None and _at_least(x, lower, 0) else e

    out: list[ir.Stmt] = []
    for s in body:
        if isinstance(s, ir.If):
            assigned = set(assignment_counts(s.then))  # a bound holds until the variable changes
            guard = {v: b for v, b in _guard_bounds(s.cond, once).items() if v not in assigned}
            inner = lower | {v: max(b, lower.get(v, b)) for v, b in guard.items()}
            s = cast(ir.If, replace_body(s, _drop(s.then, inner, once), _drop(s.orelse, lower, once)))
            out.append(dataclasses.replace(s, cond=cast(ir.Expr, map_exprs(s.cond, simplify))))
        elif bodies(s):
            s = replace_body(s, *(_drop(b, lower, once) for b in bodies(s)))
            out.append(_map_own(s, simplify))
        else:
            out.append(map_exprs(s, simplify))  # type: ignore[arg-type]
    return tuple(out)


def _at_least(e: ir.Expr, lower: dict[str, int], bound: int) -> bool:
    b = lower_bound(e, lower)
    return b is not None and b >= bound


def _map_own(s: ir.Stmt, fn: Callable[[ir.Expr], ir.Expr]) -> ir.Stmt:
    changes = {n: map_exprs(getattr(s, n), fn) for n in ("cond", "start", "stop", "step") if hasattr(s, n)}
    return dataclasses.replace(s, **changes)  # type: ignore[arg-type]  # fields picked by name


def _guard_bounds(cond: ir.Expr, once: set[str]) -> dict[str, int]:
    """Lower bounds ``cond`` implies for variables assigned once."""
    if isinstance(cond, ir.Binary) and cond.op == "and":
        a, b = _guard_bounds(cond.lhs, once), _guard_bounds(cond.rhs, once)
        return a | {k: max(v, a.get(k, v)) for k, v in b.items()}
    if not isinstance(cond, ir.Binary) or cond.op not in ("lt", "le", "gt", "ge"):
        return {}
    var, const, op = cond.rhs, cond.lhs, cond.op
    if cond.op in ("gt", "ge"):  # v > c, v >= c
        var, const, op = cond.lhs, cond.rhs, {"gt": "lt", "ge": "le"}[cond.op]
    if not (isinstance(var, ir.Var) and var.name in once and var.type.is_integer):
        return {}
    if not (isinstance(const, ir.Const) and const.type.is_integer):
        return {}
    return {var.name: int(const.value) + (1 if op == "lt" else 0)}  # type: ignore[arg-type]


def lower_bound(e: ir.Expr, lower: dict[str, int]) -> int | None:
    """A lower bound of the integer ``e`` from the variables' bounds, or None."""
    if isinstance(e, ir.Const):
        return int(e.value) if e.type.is_integer or e.type.is_bool else None  # type: ignore[arg-type]
    if isinstance(e, ir.Dim):
        return 0
    if isinstance(e, ir.Var):
        return lower.get(e.name)
    if isinstance(e, ir.Cast):
        ok = e.type.is_integer and (e.operand.type.is_integer or e.operand.type.is_bool)
        return lower_bound(e.operand, lower) if ok else None
    if not (isinstance(e, ir.Binary) and e.type.is_integer):
        return None
    a, b = lower_bound(e.lhs, lower), lower_bound(e.rhs, lower)
    if e.op == "max":
        return None if a is None and b is None else max(x for x in (a, b) if x is not None)
    if a is None:
        return None
    if e.op == "sub" and isinstance(e.rhs, ir.Const):
        return a - int(e.rhs.value)  # type: ignore[arg-type]
    if b is None:
        return None
    if e.op == "add":
        return a + b
    if e.op == "min":
        return min(a, b)
    if e.op in ("mul", "floordiv", "mod") and a >= 0 and b >= 0:
        return a * b if e.op == "mul" else 0
    return None
