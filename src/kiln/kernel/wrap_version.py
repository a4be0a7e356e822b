"""A second copy of the inner loop without negative-index wrap-around, taken when the indices
cannot be negative anywhere in the loop.

``i = cuda.grid(1) + k + 1; a[i, j]`` with a parameter ``k`` keeps Python's wrap-around select
(``i < 0 ? i + n : i``): ``k`` might be negative. The select turns every load into a gather and
stops vectorization. In a loop ``for v in range(lo, hi)`` an index affine in ``v`` with a
non-negative coefficient is smallest at ``v = lo``; when every such index is non-negative there,
the copy with the selects removed runs, otherwise the original.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType
from kiln.ir.visit import iter_exprs, map_exprs
from kiln.kernel.analysis import assignment_counts, expr_vars

BOOL = ScalarType("bool")
MAX_CHECKS = 8  # a longer entry test is not worth the copy


def _wrapped(e: ir.Expr) -> ir.Expr | None:
    """``x`` where ``e`` is the wrap-around ``x < 0 ? x + n : x``."""
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


def _slope(e: ir.Expr, v: str) -> int | None:
    """The coefficient of ``v`` in the integer expression ``e`` when it is affine in ``v``."""
    if v not in expr_vars(e):
        return 0
    if isinstance(e, ir.Var):
        return 1
    if isinstance(e, ir.Cast) and e.type.is_integer and e.operand.type.is_integer:
        wide = np.dtype(e.type.dtype).itemsize >= np.dtype(e.operand.type.dtype).itemsize
        return _slope(e.operand, v) if wide else None
    if isinstance(e, ir.Binary) and e.op in ("add", "sub"):
        a, b = _slope(e.lhs, v), _slope(e.rhs, v)
        if a is None or b is None:
            return None
        return a + b if e.op == "add" else a - b
    if isinstance(e, ir.Binary) and e.op == "mul":
        for x, c in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if isinstance(c, ir.Const) and c.type.is_integer:
                s = _slope(x, v)
                return None if s is None else s * int(c.value)  # type: ignore[arg-type]
    return None


def version_wraparound(loop: ir.For) -> ir.Stmt:
    """``loop`` (step 1), or an ``if`` choosing between a select-free copy and ``loop``."""
    if not (isinstance(loop.step, ir.Const) and loop.step.value == 1):
        return loop
    assigned = set(assignment_counts(loop.body)) - {loop.var}
    defs: dict[str, ir.Expr] = {}
    checks: dict[ir.Expr, ir.Expr] = {}  # an index (inlined) -> its value at v = lo

    def inline(e: ir.Expr) -> ir.Expr:
        return map_exprs(e, lambda x: defs.get(x.name, x) if isinstance(x, ir.Var) else x)  # type: ignore[return-value]

    def drop(e: ir.Expr) -> ir.Expr:
        x = _wrapped(e)
        if x is None:
            return e
        full = inline(x)
        slope = _slope(full, loop.var)
        if expr_vars(full) & assigned or slope is None or slope < 0:
            return e  # depends on values the loop changes, or may decrease
        if any(isinstance(y, ir.Load | ir.Call) for y in iter_exprs(full)):
            return e
        checks[full] = map_exprs(
            full, lambda y: loop.start if isinstance(y, ir.Var) and y.name == loop.var else y
        )  # type: ignore[assignment]
        return x

    prefix: list[ir.Stmt] = []
    for s in loop.body:  # the straight-line start of the body, where values are known
        if not isinstance(s, ir.Assign):
            break
        prefix.append(dataclasses.replace(s, value=map_exprs(s.value, drop)))
        defs[s.target] = inline(s.value)
    if not checks or len(checks) > MAX_CHECKS:
        return loop
    fast = dataclasses.replace(loop, body=(*prefix, *loop.body[len(prefix) :]))
    cond: ir.Expr | None = None
    for at_lo in checks.values():
        c = ir.Binary("ge", at_lo, ir.Const(0, INT64), BOOL)
        cond = c if cond is None else ir.Binary("and", cond, c, BOOL)
    return ir.If(cond, (fast,), (loop,))  # type: ignore[arg-type]


def version_inner(s: ir.Stmt) -> ir.Stmt:
    """``version_wraparound`` on an inner loop, which may sit under its outer guard."""
    if isinstance(s, ir.For):
        return version_wraparound(s)
    if isinstance(s, ir.If) and not s.orelse:
        return dataclasses.replace(s, then=tuple(version_inner(x) for x in s.then))
    return s
