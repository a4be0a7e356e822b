"""A second copy of the inner loop without negative-index wrap-around and without clamps,
taken when the indices cannot be negative and the clamps cannot bind anywhere in the loop.

``i = cuda.grid(1) + k + 1; a[i, j]`` with a parameter ``k`` keeps Python's wrap-around select
(``i < 0 ? i + n : i``): ``k`` might be negative. The select turns every load into a gather and
stops vectorization. In a loop ``for v in range(lo, hi)`` an index that cannot decrease as
``v`` grows (``v + k``, ``min(v, n - 1)``) is smallest at ``v = lo``; when every such index
is non-negative there, the copy with the selects removed runs, otherwise the original. Indices
computed under an ``if`` in the body count too: a guarded load (``a[i] if i < n else 0``) is
otherwise a masked gather. Clamps work the same way: ``min(max(j, 0), n - 1)`` with a rising
``j`` is ``j`` on the whole loop when ``j >= 0`` at its first iteration and ``j <= n - 1`` at its
last, and a contiguous load replaces the gather (Rodinia's pathfinder clamps every column).
"""

from __future__ import annotations

import dataclasses
from typing import cast

import numpy as np

from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType
from kiln.ir.visit import iter_exprs, map_exprs
from kiln.kernel.analysis import assignment_counts, expr_vars
from kiln.kernel.nonneg import wrapped_index

BOOL = ScalarType("bool")
MAX_CHECKS = 8  # a longer entry test is not worth the copy


def _rising(e: ir.Expr, v: str) -> bool:
    """Whether the integer ``e`` cannot decrease as ``v`` grows (others fixed): sums, a
    constant's non-negative multiples, widening casts, and min/max (also as selects) of such."""
    if v not in expr_vars(e) or isinstance(e, ir.Var):
        return True
    if isinstance(e, ir.Cast) and e.type.is_integer and e.operand.type.is_integer:
        wide = np.dtype(e.type.dtype).itemsize >= np.dtype(e.operand.type.dtype).itemsize
        return wide and _rising(e.operand, v)
    if isinstance(e, ir.Binary) and e.op in ("add", "min", "max"):
        return _rising(e.lhs, v) and _rising(e.rhs, v)
    if isinstance(e, ir.Binary) and e.op == "sub":
        return _rising(e.lhs, v) and v not in expr_vars(e.rhs)
    if isinstance(e, ir.Binary) and e.op == "mul":
        return any(
            isinstance(c, ir.Const) and c.type.is_integer and int(c.value) >= 0 and _rising(x, v)  # type: ignore[arg-type]
            for x, c in ((e.lhs, e.rhs), (e.rhs, e.lhs))
        )
    if isinstance(e, ir.Select) and isinstance(e.cond, ir.Binary) and e.cond.op in ("lt", "gt", "le", "ge"):
        pair = {e.cond.lhs, e.cond.rhs} == {e.if_true, e.if_false}  # min or max of two values
        return pair and _rising(e.if_true, v) and _rising(e.if_false, v)
    return False


def version_wraparound(loop: ir.For) -> ir.Stmt:  # noqa: C901
    """``loop`` (step 1), or an ``if`` choosing between a select-free copy and ``loop``."""
    if not (isinstance(loop.step, ir.Const) and loop.step.value == 1):
        return loop
    assigned = set(assignment_counts(loop.body)) - {loop.var}
    defs: dict[str, ir.Expr] = {}
    checks: dict[ir.Expr, ir.Expr] = {}  # what the fast copy assumes -> its test at an end

    def inline(e: ir.Expr) -> ir.Expr:
        return map_exprs(e, lambda x: defs.get(x.name, x) if isinstance(x, ir.Var) else x)  # type: ignore[return-value]

    def at(e: ir.Expr, value: ir.Expr) -> ir.Expr:
        return map_exprs(e, lambda y: value if isinstance(y, ir.Var) and y.name == loop.var else y)  # type: ignore[return-value]

    def monotone(full: ir.Expr) -> bool:
        """Rises with the loop variable, from values the loop leaves alone, without loads."""
        if expr_vars(full) & assigned or not _rising(full, loop.var):
            return False
        return not any(isinstance(y, ir.Load | ir.Call) for y in iter_exprs(full))

    def drop(e: ir.Expr) -> ir.Expr:
        x = wrapped_index(e)
        if x is not None:
            full = inline(x)
            if not monotone(full):
                return e
            checks[full] = ir.Binary("ge", at(full, loop.start), ir.Const(0, INT64), BOOL)
            return x
        clamp = _clamp(e)
        if clamp is None:
            return e
        x, bound, is_max = clamp
        full, limit = inline(x), inline(bound)
        if not monotone(full) or loop.var in expr_vars(limit) or not monotone(limit):
            return e
        if is_max:  # max(x, bound) is x everywhere when it is at the first iteration
            checks[e] = ir.Binary("ge", at(full, loop.start), limit, BOOL)
        else:  # min(x, bound) is x everywhere when it is at the last one
            last = ir.Binary("sub", loop.stop, ir.Const(1, INT64), INT64)
            checks[e] = ir.Binary("le", at(full, last), limit, BOOL)
        return x

    def walk(stmts: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
        """``stmts`` with droppable selects dropped; ``defs`` holds, at each assignment, the
        value every variable has there (inlined), as long as straight-line code decides it."""
        out: list[ir.Stmt] = []
        for s in stmts:
            if isinstance(s, ir.Assign):
                s = dataclasses.replace(s, value=cast(ir.Expr, map_exprs(s.value, drop)))
                defs[s.target] = inline(s.value)
            elif isinstance(s, ir.If):
                saved = dict(defs)
                then = walk(s.then)
                _restore(defs, saved)
                orelse = walk(s.orelse)
                _restore(defs, saved)
                s = dataclasses.replace(s, then=then, orelse=orelse)
                _forget(defs, assignment_counts((s,)))  # a branch's value is not known after it
            else:
                _forget(defs, assignment_counts((s,)))  # nested loops: left as they are
            out.append(s)
        return tuple(out)

    body = walk(loop.body)
    if not checks or len(checks) > MAX_CHECKS:
        return loop
    fast = dataclasses.replace(loop, body=body)
    cond: ir.Expr | None = None
    for c in checks.values():
        cond = c if cond is None else ir.Binary("and", cond, c, BOOL)
    return ir.If(cond, (fast,), (loop,))  # type: ignore[arg-type]


def _clamp(e: ir.Expr) -> tuple[ir.Expr, ir.Expr, bool] | None:
    """``(x, bound, is_max)`` where the integer ``e`` is ``max(x, bound)`` or ``min(x, bound)``
    written as a select (``x`` the side that varies; the caller checks which does)."""
    if not (isinstance(e, ir.Select) and e.type.is_integer and isinstance(e.cond, ir.Binary)):
        return None
    c = e.cond
    if c.op not in ("lt", "le", "gt", "ge") or {c.lhs, c.rhs} != {e.if_true, e.if_false} or c.lhs == c.rhs:
        return None
    larger = (c.op in ("gt", "ge")) == (e.if_true == c.lhs)  # picks the larger of the two
    a, b = e.if_true, e.if_false
    if isinstance(b, ir.Const) or not expr_vars(b):
        return a, b, larger
    return b, a, larger


def _restore(defs: dict[str, ir.Expr], saved: dict[str, ir.Expr]) -> None:
    defs.clear()
    defs.update(saved)


def _forget(defs: dict[str, ir.Expr], names: dict[str, int]) -> None:
    for name in names:
        defs.pop(name, None)


def version_inner(s: ir.Stmt) -> ir.Stmt:
    """``version_wraparound`` on an inner loop, which may sit under its outer guard."""
    if isinstance(s, ir.For):
        return version_wraparound(s)
    if isinstance(s, ir.If) and not s.orelse:
        return dataclasses.replace(s, then=tuple(version_inner(x) for x in s.then))
    return s
