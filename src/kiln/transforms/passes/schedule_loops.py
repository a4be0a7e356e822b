"""How the parallel loops that start a team deal their iterations to its threads.

- ``collapse``: a perfect nest with fewer outer iterations than a few per thread (``for i in
  range(3): for j in range(n)`` on two threads leaves one idle a third of the time) also gets a
  copy that OpenMP runs ``collapse(2)``, chosen at run time when the outer trip count is small
  and not a multiple of the team's size; only for a nest whose inner bounds the outer loop does
  not change. The other copy stays for the rest, since a collapsed inner loop no longer
  vectorizes.
- ``schedule="adaptive"``: a triangular nest (``for i: for j in range(i + 1)``) split in halves
  gives one thread three quarters of the work; dealt round-robin each gets about half. The
  generated code compares the first iteration's work with the middle one's before the loop
  and deals round-robin only when they differ (edge clamps such as ``min(jt + 64, n)`` of a
  tile also read the counter but leave the work even).

Inside the region of a team loop (:mod:`team_regions`) its sweeps ignore both: they share the
running team in static halves. A scheduling pass: after the optimizer, on every program C is
generated for.
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.definitions import Definitions, record, substituted
from kiln.analysis.effects import PER_WORKER_CALLS
from kiln.analysis.regions import assigned_scalars
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, map_stmts, same_stmts
from kiln.transforms.pass_manager import PassContext, register

_PURE = (ir.Const, ir.Var, ir.Dim, ir.Binary, ir.Unary, ir.Cast, ir.Select)


@register(
    "schedule_loops",
    preserves=frozenset({"*"}),
    defaults={"collapse": True, "adaptive": True},
    description="collapse parallel nests with few outer iterations; deal triangular nests round-robin",
)
def schedule_loops(fn: ir.Function, ctx: PassContext) -> ir.Function:
    starting: set[int] = set()
    if ctx.options.parallel:
        _team_starters(fn.body, starting)
    collapse, adaptive = ctx.params["collapse"], ctx.params["adaptive"]

    def mark(s: ir.Stmt) -> ir.Stmt | None:
        if not isinstance(s, ir.For):
            return None
        mine = s.sid in starting
        collapsed = mine and collapse and _collapsible(s)
        schedule = "adaptive" if mine and adaptive and _may_be_triangular(s) else ""
        if (s.collapse, s.schedule) == (collapsed, schedule):
            return None
        return dataclasses.replace(s, collapse=collapsed, schedule=schedule)

    body = map_stmts(fn.body, mark)
    return fn if same_stmts(body, fn.body) else dataclasses.replace(fn, body=body)


def _team_starters(body: tuple[ir.Stmt, ...], found: set[int]) -> None:
    """The parallel loops of ``body`` that start a team: not inside a parallel loop. (A team
    loop's sweeps do, in the iterations it runs before its region opens.)"""
    for s in body:
        if isinstance(s, ir.For) and s.parallel:
            found.add(s.sid)
        else:
            for b in bodies(s):
                _team_starters(b, found)


def _collapsible(s: ir.For) -> bool:
    """A nest ``for i: [scalars set from i]; for j in range(a, b)`` whose inner loop steps by one
    (a longer step could carry the collapsed counter past INT64_MAX) and whose inner bounds and
    outer scalars every outer iteration computes alike."""
    inner, prefix = (s.body[-1], s.body[:-1]) if s.body else (None, ())
    if not (isinstance(inner, ir.For) and _unit_step(inner) and _positive_const(s.step)):
        return False
    # scalars set from the outer counter before the inner loop (``i = it``) are set again in
    # each iteration of the collapsed nest: allowed when that recomputes the same value
    assigns = [a for a in prefix if isinstance(a, ir.Assign)]
    if len(assigns) != len(prefix):
        return False
    in_inner = {*assigned_scalars(inner.body), inner.var}
    targets = {a.target for a in assigns}
    if targets & in_inner or any(not _recomputable(a.value, in_inner) for a in assigns):
        return False
    written = {s.var, *targets, *in_inner}
    return all(_invariant(b, written) for b in (inner.start, inner.stop, inner.step))


def _unit_step(loop: ir.For) -> bool:
    return isinstance(loop.step, ir.Const) and loop.step.value == 1


def _positive_const(e: ir.Expr) -> bool:
    return isinstance(e, ir.Const) and isinstance(e.value, int) and e.value > 0


def _invariant(e: ir.Expr, written: set[str]) -> bool:
    """Built from constants and scalars none of ``written``: the same for every outer iteration."""
    for x in iter_exprs(e):
        if isinstance(x, ir.Var) and x.name in written or not isinstance(x, _PURE):
            return False
    return True


def _recomputable(e: ir.Expr, written: set[str]) -> bool:
    """``e`` may be evaluated again in each iteration of a collapsed nest: invariant, or the
    worker's own index (a kernel's scratch slot), which each iteration must read afresh."""
    return _invariant(e, written) or (isinstance(e, ir.Call) and e.func in PER_WORKER_CALLS)


def _may_be_triangular(s: ir.For) -> bool:
    """Whether the trip count of an inner loop depends on the counter. Not for an arg-extreme
    reduction, whose fold needs blocks in iteration order (codegen's c_select), nor for a
    flattened kernel grid, whose ``work`` is known."""
    ordered = any(op == "select" for _, op in s.reductions)
    return s.work is None and not ordered and _triangular(s)


def _triangular(loop: ir.For) -> bool:
    """Whether the trip count of a loop inside ``loop`` depends on ``loop``'s counter (read
    through the body's own definitions: ``n = i + 1``, ``range(n)``)."""

    def depends(body: tuple[ir.Stmt, ...], defs: Definitions) -> bool:
        defs = dict(defs)
        for st in body:
            if isinstance(st, ir.For):
                bounds = (substituted(st.start, defs), substituted(st.stop, defs))
                if any(isinstance(x, ir.Var) and x.name == loop.var for b in bounds for x in iter_exprs(b)):
                    return True
            if any(depends(b, defs) for b in bodies(st)):
                return True
            record(st, defs)
        return False

    return depends(loop.body, {})
