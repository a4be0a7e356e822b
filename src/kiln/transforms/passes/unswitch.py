"""Unswitching on invariant checks: a loop holding a check whose condition does not change in
the loop runs as ``if cond: <the loop without the check> else: <the loop as it was>``.

``out[i] = a[i] + k`` on an int32 array with a Python int ``k`` checks in every iteration that
``k`` fits int32 (NumPy 2 raises OverflowError otherwise). The check is a branch out of the loop,
so the C compiler does not vectorize it, and licm hoists nothing out of a loop that may raise.
The copy without the check runs only when the condition holds, so its check could never have
failed there and it computes exactly what the loop computes; otherwise the loop runs as written
and raises at the same iteration, after the same writes.

A check qualifies when its condition reads only scalars no statement of the loop assigns (or
that it assigns once, from such values, before the check: an inlined call's parameters) and
extents of arrays the loop does not rebind, and evaluating it early cannot fail or differ: no
loads, no per-worker calls, no integer division. The loop is the outermost one in which the
condition is invariant, among those of at most ``max_stmts`` statements, where the copy pays: an
innermost loop (the checks keep the C compiler from vectorizing it) or one that licm can then
hoist work out of. All the copies together add at most ``growth`` times the function's
statements.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from kiln.analysis.definitions import Definitions, substituted
from kiln.analysis.effects import PER_WORKER_CALLS, effects_of
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_stmts, max_sid, var_names
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.passes.licm import plan_hoist
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.versioning import all_of, renumbered

_SAFE_EXPRS = (ir.Const, ir.Var, ir.Dim, ir.Binary, ir.Unary, ir.Cast, ir.Select, ir.Call)
_TRAPPING = frozenset({"truediv", "floordiv", "mod", "pow", "lshift", "rshift"})


def early_evaluable(e: ir.Expr) -> bool:
    """``e`` may run before the loop: nothing in it can fail, and it means the same there."""
    for x in iter_exprs(e):
        if not isinstance(x, _SAFE_EXPRS):
            return False
        if isinstance(x, ir.Binary) and x.op in _TRAPPING:
            return False
        if isinstance(x, ir.Call) and x.func in PER_WORKER_CALLS:
            return False
    return True


@dataclass(frozen=True)
class InvariantCheck:
    check: ir.Check
    cond: ir.Expr  # the check's condition as it can be evaluated before the loop


def invariant_checks(loop: ir.For) -> list[InvariantCheck]:
    """The checks anywhere in ``loop`` whose conditions ``loop`` does not change.

    A condition may read a scalar the loop assigns once, from such values, before the check in
    every iteration (an inlined call's parameter, ``c1_k = k``): it reads that value."""
    eff = effects_of([loop])
    counts = Counter(s.target for s in iter_stmts([loop]) if isinstance(s, ir.Assign))
    loop_vars = {s.var for s in iter_stmts([loop]) if isinstance(s, ir.For)}
    once = {v for v, n in counts.items() if n == 1} - loop_vars - (eff.writes - set(counts))
    assigned = eff.writes | loop_vars
    found: list[InvariantCheck] = []

    def invariant(e: ir.Expr, known: Definitions) -> bool:
        if not early_evaluable(e):
            return False
        reads = var_names(e)
        measured = {x.array for x in iter_exprs(e) if isinstance(x, ir.Dim)}
        return not (reads & assigned - set(known)) and not (measured & eff.array_binds)

    def walk(stmts: tuple[ir.Stmt, ...], known: Definitions) -> None:
        known = dict(known)  # definitions seen on this path; none leave a nested body
        for s in stmts:
            if isinstance(s, ir.Check) and invariant(s.cond, known):
                found.append(InvariantCheck(s, substituted(s.cond, known)))
            elif isinstance(s, ir.Assign) and s.target in once and invariant(s.value, known):
                known[s.target] = substituted(s.value, known)
            for body in bodies(s):
                walk(body, known)

    walk(loop.body, {})
    return found


def _size(stmts: tuple[ir.Stmt, ...]) -> int:
    return sum(1 for _ in iter_stmts(stmts))


def _without(loop: ir.For, checks: list[InvariantCheck]) -> ir.For:
    drop = {c.check.sid for c in checks}
    (fast,) = map_stmts((loop,), lambda s: () if isinstance(s, ir.Check) and s.sid in drop else None)
    return fast  # type: ignore[return-value]


def _pays(loop: ir.For, checks: list[InvariantCheck], ctx: PassContext) -> bool:
    """Worth a copy: an innermost loop (a check keeps the C compiler from vectorizing it), or
    one out of which licm hoists work once the checks are gone. A check that runs once per
    iteration of a larger body costs little, and checks in an inner loop are split there."""
    if not any(isinstance(s, ir.For | ir.While) for s in iter_stmts(loop.body)):
        return True
    return bool(plan_hoist(_without(loop, checks), ctx.analyses.get("array_roots")).hoisted)


def unswitch(fn: ir.Function, loop: ir.For, checks: list[InvariantCheck]) -> tuple[ir.Function, range]:
    """``fn`` with ``loop`` split on ``checks``; the ids of the statements the copy created."""
    fast = _without(loop, checks)
    first = max_sid(fn) + 1
    original, last = renumbered((loop,), first - 1)
    cond = all_of(dict.fromkeys(c.cond for c in checks))
    split = ir.If(cond, (fast,), original, sid=last + 1, loc=loop.loc)

    def swap(s: ir.Stmt) -> ir.Stmt | None:
        return split if isinstance(s, ir.For) and s.sid == loop.sid else None

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap)), range(first, last + 2)


# ---------------------------------------------------------------------------- as a recipe step


def _chosen(fn: ir.Function, step: Step) -> tuple[ir.For | None, list[InvariantCheck], str | None]:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return None, [], "no such loop"
    wanted = {int(s) for s in step.params.get("checks", ())}
    checks = [c for c in invariant_checks(loop) if c.check.sid in wanted]
    if not wanted or len(checks) != len(wanted):
        return loop, [], "a check is not in the loop or its condition changes in the loop"
    return loop, checks, None


def _legal(fn: ir.Function, step: Step) -> str | None:
    return _chosen(fn, step)[2]


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    loop, checks, _ = _chosen(fn, step)
    assert loop is not None
    return unswitch(fn, loop, checks)[0]


register_transformation("unswitch", _legal, _apply)


@register(
    "unswitch",
    defaults={"max_stmts": 400, "growth": 1.0},
    description="run a loop without its invariant checks where their conditions hold",
)
def unswitch_pass(fn: ir.Function, ctx: PassContext) -> ir.Function:
    done: set[int] = set()  # loops handled, and every loop of the copies kept as they were
    # the copies may add at most ``growth`` times the function's statements: the C compiler's
    # time grows with them (and the C backend copies parallel loops again)
    budget = ctx.params["growth"] * _size(fn.body)
    changed = True
    while changed:  # outermost loops first; the copy without the checks is searched again
        changed = False
        for loop in (s for s in iter_stmts(fn.body) if isinstance(s, ir.For) and s.sid not in done):
            done.add(loop.sid)
            size = _size((loop,))
            if size > min(ctx.params["max_stmts"], budget):
                continue
            checks = invariant_checks(loop)
            if not checks or not _pays(loop, checks, ctx):
                continue
            budget -= size
            fn, created = unswitch(fn, loop, checks)
            done.update(created)
            ctx.analyses.update(fn, frozenset())
            sids = [c.check.sid for c in checks]
            ctx.steps.append(Step("unswitch", (loop.sid,), {"checks": sids}))
            ctx.note(loop.sid, f"unswitched on checks {sids}")
            changed = True
            break
    return fn
