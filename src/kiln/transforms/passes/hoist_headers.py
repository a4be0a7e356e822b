"""Hoist a nest's invariant header scalars in front of it, so that interchange can reorder it.

An array statement in a loop, ``for j: p[1:N - 1, j] = f(p[1:N - 1, j - 1])``, lowers to a
``j`` loop whose body first computes the slice's start and length (``lo = min(1, dim(p, 0))``,
``len = max(...)``) and then runs the statement's loop ``for i in range(len)``. Those values do
not change with ``j``, but as assignments inside the ``j`` loop they make the inner loop's bounds
look as if they did: the nest is not rectangular and interchange leaves it alone (NPBench adi:
the row sweeps stayed sequential, each column a parallel loop too short for threads). licm does
not move them, since they cost nothing on their own, and it runs after interchange.

A leading header assignment of a loop whose body is otherwise one loop (the head of a perfect
nest) moves in front of the loop when
- its value loads nothing, cannot trap and does not ask which worker runs it (``unswitch``'s
  early-evaluable values);
- it reads nothing the loop changes (its counter, what its body assigns) other than what earlier
  hoisted assignments set;
- its scalar is assigned nowhere else in the function and read nowhere outside the loop, so
  computing it when the loop runs no iteration changes nothing anyone sees.
Step: ``{"transformation": "hoist_header", "target": [loop], "params": {"stmts": [sids]}}``.
"""

from __future__ import annotations

import dataclasses
from typing import overload

from kiln.analysis.effects import effects_of
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_stmts, map_exprs, map_stmts, var_names
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.passes.simplify import definition_counts
from kiln.transforms.passes.unswitch import early_evaluable
from kiln.transforms.recipes import Step, find_loop, register_transformation


def _reads_outside(fn: ir.Function, loop: ir.For) -> set[str]:
    """Scalars read by statements of ``fn`` outside ``loop`` (its bounds included)."""
    inside = {id(s) for s in iter_stmts(loop.body)}
    names: set[str] = set()
    for s in iter_stmts(fn.body):
        if id(s) in inside:
            continue
        if s is loop:
            names |= set().union(*(var_names(e) for e in (loop.start, loop.stop, loop.step)))
        else:
            names |= var_names(s, deep=False)
    return names


def hoistable(fn: ir.Function, loop: ir.For) -> tuple[int, ...]:
    """Sids of ``loop``'s leading header assignments that may move in front of it (in order)."""
    header = []
    for s in loop.body:
        if not isinstance(s, ir.Assign):
            break
        header.append(s)
    rest = loop.body[len(header) :]
    if not (len(rest) == 1 and isinstance(rest[0], ir.For)):
        return ()
    counts = definition_counts(fn)  # atomics' old values and loop variables count too
    outside = _reads_outside(fn, loop)
    changed = set(effects_of(loop.body).writes) | {loop.var}
    moved: list[int] = []
    for s in header:
        if not (
            isinstance(s.value.type, ScalarType)
            and early_evaluable(s.value)  # no loads, nothing that traps or asks for its worker
            and counts.get(s.target) == 1
            and s.target not in outside
            and not (var_names(s.value) & changed)
        ):
            continue
        moved.append(s.sid)
        changed.discard(s.target)  # later values may read it: it is set once, before the loop
    return tuple(moved)


def _hoist(fn: ir.Function, loop: ir.For, sids: tuple[int, ...]) -> ir.Function:
    """``fn`` with the statements ``sids`` of ``loop``'s header in front of it. A value equal to
    one moved before it is not computed again: the loop reads the first scalar instead, so the
    dependence test sees one symbol (``p[lo + i, j]`` against ``p[lo + i, j - 1]``)."""
    chosen = set(sids)
    renames: dict[str, str] = {}
    first: dict[ir.Expr, str] = {}
    moved: list[ir.Stmt] = []
    for s in loop.body:
        if s.sid not in chosen:
            continue
        assert isinstance(s, ir.Assign)
        value = _renamed(s.value, renames)
        if value in first:
            renames[s.target] = first[value]
            continue
        first[value] = s.target
        moved.append(dataclasses.replace(s, value=value))
    body = tuple(_renamed(s, renames) for s in loop.body if s.sid not in chosen)
    kept = dataclasses.replace(loop, body=body)

    def swap(s: ir.Stmt) -> tuple[ir.Stmt, ...] | None:
        return (*moved, kept) if isinstance(s, ir.For) and s.sid == loop.sid else None

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap))


@overload
def _renamed(node: ir.Stmt, renames: dict[str, str]) -> ir.Stmt: ...
@overload
def _renamed(node: ir.Expr, renames: dict[str, str]) -> ir.Expr: ...
def _renamed(node: ir.Stmt | ir.Expr, renames: dict[str, str]) -> ir.Stmt | ir.Expr:
    if not renames:
        return node

    def sub(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Var) and e.name in renames:
            return dataclasses.replace(e, name=renames[e.name])
        return e

    return map_exprs(node, sub)


def _legal(fn: ir.Function, step: Step) -> str | None:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return "no such loop"
    wanted = tuple(int(s) for s in step.params.get("stmts", ()))
    if not wanted or not set(wanted) <= set(hoistable(fn, loop)):
        return "a statement is not an invariant header assignment of the loop"
    return None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    loop = find_loop(fn, step.target[0])
    assert loop is not None
    return _hoist(fn, loop, tuple(int(s) for s in step.params["stmts"]))


register_transformation("hoist_header", _legal, _apply)


@register("hoist_headers", description="move a nest's invariant header scalars in front of it")
def hoist_headers(fn: ir.Function, ctx: PassContext) -> ir.Function:
    for loop in [s for s in iter_stmts(fn.body) if isinstance(s, ir.For)]:
        current = find_loop(fn, loop.sid)
        if current is None:
            continue
        sids = hoistable(fn, current)
        if not sids:
            continue
        fn = _hoist(fn, current, sids)
        ctx.steps.append(Step("hoist_header", (loop.sid,), {"stmts": list(sids)}))
        ctx.note(loop.sid, f"hoisted header statements {list(sids)} in front of the nest")
    return fn
