"""Loop-invariant code motion, through sequential and parallel loops alike.

``for i in prange(n): out[i] = x[i] / norm(x)`` lowers to a parallel loop whose body recomputes
the norm (an inner reduction loop) every iteration. The norm reads only ``x`` and writes only
scalars private to the iteration, so it can run once before the loop: the loop becomes linear.

A top-level statement ``S`` of loop ``L``'s body is hoisted when
- it writes no array, binds no array, and cannot leave or raise; out of a parallel loop, it
  does not ask which worker runs it (``worker_id``);
- nothing it reads changes in ``L`` (scalars assigned by statements that stay in ``L``, the loop
  variable, arrays written in ``L``); a scalar it may read before writing it (an accumulator) must
  be reset by a statement hoisted before it, so each iteration computed the same value (one the
  statement itself resets first, as each branch of a broadcast's version test does, is fine);
- no statement staying in ``L`` reads a scalar it writes before it in the body (that read saw the
  previous iteration's value), and no other statement writes those scalars;
- ``L``'s body has no early exits or checks (hoisting must not run code the original skipped).
The hoisted code runs only when ``L`` runs at least once. When an array that ``S`` reads is a
parameter that another parameter written in ``L`` may overlap, the loop is versioned: the hoisted
copy runs when ``Overlaps`` proves the two apart at run time, the original otherwise.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kiln.analysis.effects import PER_WORKER_CALLS, ArrayRoots, array_roots, effects_of
from kiln.analysis.liveness import Fate, fate_in
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts, map_stmts, max_sid
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.versioning import all_apart, renumbered

BOOL = ScalarType("bool")


@dataclass(frozen=True)
class HoistPlan:
    hoisted: tuple[int, ...]  # sids of top-level body statements, in body order
    checks: frozenset[tuple[str, str]]  # parameter pairs to prove disjoint at run time
    reason: str = ""  # why nothing could be hoisted (for the report)


def _is_costly(s: ir.Stmt) -> bool:
    """Worth a hoist on its own: a loop, or an expression that loads or calls."""
    if isinstance(s, ir.For | ir.While):
        return True
    return any(isinstance(e, ir.Load | ir.Call) for e in iter_exprs(s))


def plan_hoist(loop: ir.For, roots: ArrayRoots, only: frozenset[int] | None = None) -> HoistPlan:
    """The largest set of invariant statements: start from all, drop failures until none fails."""
    body = loop.body
    if effects_of(body).control:
        return HoistPlan((), frozenset(), "the body can exit early or raise")
    chosen = {s.sid for s in body if only is None or s.sid in only}
    checks: set[tuple[str, str]] = set()
    changed = True
    while changed:
        changed = False
        checks = set()
        for pos, s in enumerate(body):
            if s.sid not in chosen:
                continue
            ok, pairs = _hoistable(loop, pos, chosen, roots)
            if not ok:
                chosen.discard(s.sid)
                changed = True
                break
            checks |= pairs
    hoisted = tuple(s.sid for s in body if s.sid in chosen)
    if not any(_is_costly(s) for s in body if s.sid in chosen):
        return HoistPlan((), frozenset(), "nothing costly is invariant")
    return HoistPlan(hoisted, frozenset(checks))


def _hoistable(
    loop: ir.For, pos: int, chosen: set[int], roots: ArrayRoots
) -> tuple[bool, frozenset[tuple[str, str]]]:
    s = loop.body[pos]
    if loop.parallel and any(isinstance(e, ir.Call) and e.func in PER_WORKER_CALLS for e in iter_exprs(s)):
        return False, frozenset()  # differs between the OpenMP workers running the loop
    eff = effects_of([s])
    if eff.array_writes or eff.array_binds or eff.control or isinstance(s, ir.While):
        return False, frozenset()
    rest = effects_of([t for t in loop.body if t.sid not in chosen])
    if eff.reads & (rest.writes | {loop.var}):
        return False, frozenset()
    reset = effects_of([t for t in loop.body[:pos] if t.sid in chosen]).writes
    carried = (eff.reads & eff.writes) - reset - _own_loop_vars(s)
    if any(fate_in((s,), v) is Fate.READ for v in carried):
        return False, frozenset()  # an accumulator carried from the previous iteration
    if eff.writes & rest.writes:
        return False, frozenset()
    before = effects_of([t for t in loop.body[:pos] if t.sid not in chosen])
    if eff.writes & before.reads:
        return False, frozenset()
    if eff.array_reads & rest.array_binds:
        return False, frozenset()
    pairs: set[tuple[str, str]] = set()
    for r in eff.array_reads:
        for w in rest.array_writes:
            certain, need = roots.conflicts(r, w)
            if certain:
                return False, frozenset()
            pairs |= need
    return True, frozenset(pairs)


def _own_loop_vars(s: ir.Stmt) -> set[str]:
    return {t.var for t in iter_stmts([s]) if isinstance(t, ir.For)}


def trip_positive(loop: ir.For) -> ir.Expr:
    step = loop.step
    if isinstance(step, ir.Const) and isinstance(step.value, int):
        return ir.Binary("lt" if step.value > 0 else "gt", loop.start, loop.stop, BOOL)
    zero = ir.Const(0, step.type)
    up = ir.Binary(
        "and", ir.Binary("gt", step, zero, BOOL), ir.Binary("lt", loop.start, loop.stop, BOOL), BOOL
    )
    down = ir.Binary(
        "and", ir.Binary("lt", step, zero, BOOL), ir.Binary("gt", loop.start, loop.stop, BOOL), BOOL
    )
    return ir.Binary("or", up, down, BOOL)


def _hoist(fn: ir.Function, loop: ir.For, plan: HoistPlan) -> tuple[ir.Function, range]:
    """``fn`` with the plan applied, and the statement ids it created (the unoptimized copy's)."""
    chosen = set(plan.hoisted)
    moved = tuple(s for s in loop.body if s.sid in chosen)
    kept = tuple(s for s in loop.body if s.sid not in chosen)
    next_sid = max_sid(fn)
    guard = ir.If(trip_positive(loop), moved, (), sid=next_sid + 1, loc=loop.loc)
    fast = (guard, dataclasses.replace(loop, body=kept))
    next_sid += 1
    first_new = next_sid
    if plan.checks:
        original, next_sid = renumbered((loop,), next_sid)
        fast_copy = fast
        apart = all_apart(plan.checks)
        versioned = ir.If(apart, fast_copy, original, sid=next_sid + 1, loc=loop.loc)
        replacement: tuple[ir.Stmt, ...] = (versioned,)
    else:
        replacement = fast

    def swap(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        return replacement if s is loop or (isinstance(s, ir.For) and s.sid == loop.sid) else None

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap)), range(first_new, next_sid + 2)


# ---------------------------------------------------------------------------- as a recipe step


def _legal(fn: ir.Function, step: Step) -> str | None:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return "no such loop"
    wanted = frozenset(int(s) for s in step.params.get("stmts", ()))
    if not wanted or not wanted <= {s.sid for s in loop.body}:
        return "the statements to hoist are not in the loop's body"
    plan = plan_hoist(loop, array_roots(fn), only=wanted)
    if set(plan.hoisted) != wanted:
        return plan.reason or "a statement is not loop-invariant"
    return None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    loop = find_loop(fn, step.target[0])
    assert loop is not None
    wanted = frozenset(int(s) for s in step.params["stmts"])
    return _hoist(fn, loop, plan_hoist(loop, array_roots(fn), only=wanted))[0]


register_transformation("hoist", _legal, _apply)


@register("licm", description="hoist loop-invariant statements (reductions included) out of loops")
def licm(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if ctx.options.boundscheck:
        return fn  # checked loads must stay behind the checks that guard them
    changed = True
    done: set[int] = set()
    while changed:  # innermost loops first; a hoisted loop may then leave its outer loop too
        changed = False
        loops = [s for s in iter_stmts(fn.body) if isinstance(s, ir.For) and s.sid not in done]
        for loop in reversed(loops):
            plan = plan_hoist(loop, ctx.analyses.get("array_roots"))
            done.add(loop.sid)
            if not plan.hoisted:
                continue
            step = Step("hoist", (loop.sid,), {"stmts": list(plan.hoisted)})
            fn, created = _hoist(fn, loop, plan)
            done.update(created)  # the versioned original stays as it was
            ctx.analyses.update(fn, frozenset())
            ctx.steps.append(step)
            ctx.note(
                loop.sid,
                f"hoisted statements {list(plan.hoisted)}"
                + (" (versioned on overlap)" if plan.checks else ""),
            )
            changed = True
            break
    return fn
