"""Load an invariant element once before an innermost loop that writes its array elsewhere.

In ``for j in range(k + 1, n): a[i, j] -= a[i, k] * a[k, j]`` the element ``a[i, k]`` is the
same in every iteration, but the loop writes ``a``, so ``licm`` (whole statements only) leaves it,
and under ``#pragma omp simd`` the C compiler reloads it in every iteration too: it may not assume
that a store of the loop misses it. The exact dependence test can: when no two iterations of the
loop touch one element where one writes, the store never reaches the invariant element (it
would meet the load of another iteration). Then the element is read into a scalar before the
loop, under a test that the loop runs at least once (so a loop that runs no iteration reads
nothing).

A load moves when
- its indices read nothing the loop assigns, nor the loop variable, once the scalars the
  iteration computes before it from unchanged values are replaced by their definitions
  (``i = gidy; i += k + 1; ... a[i, k]`` reads ``a[gidy + k + 1, k]`` before the loop);
- it is evaluated in every iteration: in a statement at the top level of the loop body, not
  under a ``select`` or the right side of ``and``/``or``;
- the loop is innermost, holds only assignments, stores and ``if``s (no atomics or library
  calls, which the dependence test does not see), cannot exit early or raise, and has no
  loop-carried memory dependence (no run-time overlap test needed) -- so with two or more
  iterations no store meets it;
- no statement before the first one that reads it writes its array (a loop of one iteration
  would otherwise read the stored value).
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.definitions import Definitions, record, substituted
from kiln.analysis.dependences import carried_dependence
from kiln.analysis.effects import ArrayRoots, array_roots, effects_of
from kiln.analysis.signs import nonneg_scalars
from kiln.ir import nodes as ir
from kiln.ir.visit import child_exprs, iter_exprs, iter_stmts, map_exprs, map_stmts, max_sid
from kiln.transforms.fresh import fresh_scalar
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.passes.licm import trip_positive
from kiln.transforms.recipes import Step, find_loop, register_transformation

_PLAIN = (ir.Assign, ir.Store, ir.If)  # an innermost loop's body, written only through stores


def _always_evaluated(e: ir.Expr) -> list[ir.Expr]:
    """``e`` and the subexpressions evaluated whenever ``e`` is (not a ``select``'s arms, not the
    right side of a short-circuit ``and``/``or``)."""
    if isinstance(e, ir.Select):
        return [e, *_always_evaluated(e.cond)]
    if isinstance(e, ir.Binary) and e.op in ("and", "or"):
        return [e, *_always_evaluated(e.lhs)]
    found: list[ir.Expr] = [e]
    for sub in child_exprs(e):  # each child applies the rule to its own children
        found += _always_evaluated(sub)
    return found


def _always_evaluated_loads(s: ir.Stmt) -> list[ir.Load]:
    if isinstance(s, ir.Assign):
        roots = [s.value]
    elif isinstance(s, ir.Store):
        roots = [*s.indices, s.value]
    else:
        return []
    return [e for r in roots for e in _always_evaluated(r) if isinstance(e, ir.Load)]


def invariant_loads(
    loop: ir.For, roots: ArrayRoots, nonneg: frozenset[str] = frozenset()
) -> dict[ir.Load, ir.Load]:
    """The loads of ``loop``'s body that can be read once before it (see the module text), each
    with the form to read before the loop: its indices with the body's own definitions of the
    scalars they read substituted; ``nonneg``: the integer scalars known to be ``>= 0``."""
    body = loop.body
    effects = effects_of(body)
    if effects.control or not all(isinstance(s, _PLAIN) for s in iter_stmts(body)):
        return {}  # the dependence test sees loads and stores; atomics, calls and allocations it does not
    changed = effects.writes | {loop.var}
    candidates: dict[ir.Load, tuple[int, ir.Load]] = {}  # load -> (first reader, form before the loop)
    defs: Definitions = {}  # scalars of this iteration as expressions of values it does not change
    for pos, s in enumerate(body):
        for load in _always_evaluated_loads(s):
            before = dataclasses.replace(load, indices=tuple(substituted(i, defs) for i in load.indices))
            names = {e.name for i in before.indices for e in iter_exprs(i) if isinstance(e, ir.Var)}
            if not names & changed and load not in candidates:
                candidates[load] = (pos, before)
        record(s, defs)
    written_first = {
        ld for ld, (pos, _) in candidates.items() if _written_before(body[:pos], ld.array, roots)
    }
    loads = {ld: before for ld, (_, before) in candidates.items() if ld not in written_first}
    if not loads:
        return {}
    deps = carried_dependence(loop, roots, nonneg)
    if deps.carried or deps.overlap_checks:
        return {}
    return loads


def _written_before(stmts: tuple[ir.Stmt, ...], array: str, roots: ArrayRoots) -> bool:
    """Whether ``stmts`` may write ``array``'s memory (through any name)."""
    for written in effects_of(stmts).array_writes:
        certain, pairs = roots.conflicts(written, array)
        if certain or pairs:
            return True
    return False


def _hoisted(fn: ir.Function, loop: ir.For, loads: dict[ir.Load, ir.Load]) -> ir.Function:
    replace: dict[ir.Load, ir.Var] = {}
    for load in loads:
        fn, var = fresh_scalar(fn, "k_elem", load.type)
        replace[load] = var
    sid = max_sid(fn)
    reads = []
    for load, var in replace.items():
        sid += 1
        reads.append(ir.Assign(var.name, loads[load], sid=sid, loc=loop.loc))

    def swap_load(e: ir.Expr) -> ir.Expr:
        return replace.get(e, e) if isinstance(e, ir.Load) else e

    body = tuple(map_exprs(s, swap_load) for s in loop.body)
    fast = dataclasses.replace(loop, body=body)  # type: ignore[arg-type]
    guard = ir.If(trip_positive(loop), (*reads, fast), (), sid=sid + 1, loc=loop.loc)

    def swap(s: ir.Stmt) -> ir.Stmt | None:
        return guard if isinstance(s, ir.For) and s.sid == loop.sid else None

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap))


def _legal(fn: ir.Function, step: Step) -> str | None:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return "no such loop"
    return (
        None
        if invariant_loads(loop, array_roots(fn), nonneg_scalars(fn))
        else "no invariant element to load once"
    )


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    loop = find_loop(fn, step.target[0])
    assert loop is not None
    return _hoisted(fn, loop, invariant_loads(loop, array_roots(fn), nonneg_scalars(fn)))


register_transformation("hoist_loads", _legal, _apply)


@register("hoist_loads", description="read invariant elements once before loops that write their array")
def hoist_loads(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if ctx.options.boundscheck:
        return fn  # checked loads must stay behind the checks that guard them
    # invariant_loads takes only innermost loops (their bodies hold no loop)
    for loop in [s for s in iter_stmts(fn.body) if isinstance(s, ir.For)]:
        current = find_loop(fn, loop.sid)
        if current is None:
            continue
        loads = invariant_loads(current, ctx.analyses.get("array_roots"), ctx.analyses.get("nonneg_scalars"))
        if not loads:
            continue
        fn = _hoisted(fn, current, loads)
        ctx.analyses.update(fn, frozenset())
        ctx.steps.append(Step("hoist_loads", (loop.sid,)))
        ctx.note(loop.sid, f"loaded {len(loads)} invariant element(s) once before the loop")
    return fn
