"""Recompute a gathered temporary's elements where they are read, and drop the temporary.

``y[i] = vals @ x[cols]`` in a loop over CSR rows (NPBench's spmv) lowers to a gather loop
``g[k] = x[cols[k]]`` into a fresh array ``g`` and a dot product that reads ``g[k]``. Storing and
reloading buys nothing: the dot product can read ``x[cols[k]]`` itself. Worse, ``g`` is allocated
once per row, and an allocation in a loop body keeps that loop sequential.

A local array ``A`` (allocated once, never viewed, returned or passed on) is recomputed when
- its only store ends the body of a loop ``for v in range(0, N, 1): A[v] = e`` that follows
  its allocation in the same statement list, ``A`` is one-dimensional of shape ``(N,)`` (the same
  expression, unchanged in between), so element ``x`` of ``A`` is ``e`` with ``v = x``. Before
  the store the body may only assign scalars that nothing outside it reads (a subscript
  ``c = cols[k]`` that wraps when negative): ``e`` reads their values in their place;
- ``e`` is cheap: loads of other arrays, casts, selects, variables, constants, dims and strides,
  with at most ``_MAX_LOADS`` different loads and ``_MAX_OPS`` different operations;
- every read of ``A`` is a load in the statements after the loop in that list, at most
  ``_MAX_SITES`` of them, each inside exactly one loop below the list (through ``if``s): each
  site runs once per consumer iteration, as the reload it replaces did;
- from the loop to the last statement that reads ``A`` nothing writes an array, rebinds an array
  ``e`` reads, or assigns a scalar ``e`` reads: ``e`` has the same value at every read.
Each ``A[x]`` becomes ``e`` with ``v = x``; the loop and the allocation go.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import cast

from kiln.analysis.effects import effects_of
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_exprs, map_stmts
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.passes.contract import local_arrays
from kiln.transforms.passes.fusion import statement_lists
from kiln.transforms.recipes import Step, register_transformation

_MAX_LOADS = 2
_MAX_OPS = 4
_MAX_SITES = 2
_LEAVES = (ir.Var, ir.Const, ir.Dim, ir.Stride, ir.Cast)
_OPS = (ir.Binary, ir.Unary, ir.Select)


@dataclass(frozen=True)
class Recompute:
    array: str
    loop: ir.For  # for v in range(0, N, 1): A[v] = e
    value: ir.Expr  # e


def _cheap(e: ir.Expr, array: str) -> bool:
    """A few loads and operations, counting a repeated one once (the C compiler computes a
    pure expression that appears twice once)."""
    loads: set[ir.Expr] = set()
    ops: set[ir.Expr] = set()
    for sub in iter_exprs(e):
        if isinstance(sub, ir.Load):
            loads.add(sub)
            if sub.array == array:
                return False
        elif isinstance(sub, _OPS):
            ops.add(sub)
        elif not isinstance(sub, _LEAVES):
            return False  # calls, overlap tests, anything with a cost or an effect
    return len(loads) <= _MAX_LOADS and len(ops) <= _MAX_OPS


def _inlined(body: tuple[ir.Stmt, ...], reads_outside: Counter[str]) -> ir.Expr | None:
    """The value the body's final store writes, with the scalars the body assigns before it
    replaced by their values; None when the body is not assignments and one store, or when
    something else reads one of those scalars."""
    *assigns, store = body
    if not isinstance(store, ir.Store) or not all(isinstance(s, ir.Assign) for s in assigns):
        return None
    values: dict[str, ir.Expr] = {}
    inside = Counter(e.name for s in body for e in iter_exprs(s, deep=False) if isinstance(e, ir.Var))

    def sub(e: ir.Expr) -> ir.Expr:
        return values.get(e.name, e) if isinstance(e, ir.Var) else e

    for a in assigns:
        assert isinstance(a, ir.Assign)
        if a.target in values or reads_outside[a.target] != inside[a.target]:
            return None
        values[a.target] = map_exprs(a.value, sub)  # type: ignore[assignment]
    return map_exprs(store.value, sub)  # type: ignore[return-value]


def _names_array(s: ir.Stmt, array: str) -> bool:
    """Whether ``s`` itself measures ``array`` or tests its overlap (uses recomputing cannot keep)."""
    for e in iter_exprs(s, deep=False):
        if isinstance(e, ir.Dim | ir.Stride) and e.array == array:
            return True
        if isinstance(e, ir.Overlaps) and array in (e.a, e.b):
            return True
    return False


def _load_sites(stmts: tuple[ir.Stmt, ...], array: str, loops: int = 0) -> list[int] | None:
    """The number of loops around each load of ``array`` (a loop's bounds are outside it), or
    None when a store or a measure uses it."""
    sites: list[int] = []
    for s in stmts:
        if _names_array(s, array) or (isinstance(s, ir.Store) and s.array == array):
            return None
        loads = sum(1 for e in iter_exprs(s, deep=False) if isinstance(e, ir.Load) and e.array == array)
        sites += [loops] * loads
        inner = loops + isinstance(s, ir.For | ir.While)
        for b in bodies(s):
            found = _load_sites(b, array, inner)
            if found is None:
                return None
            sites += found
    return sites


def plan_recompute(
    stmts: tuple[ir.Stmt, ...], loop_pos: int, locals_: set[str], reads: Counter[str]
) -> Recompute | str:
    """Whether the loop at ``stmts[loop_pos]`` is a producer whose array can be recomputed
    (``reads``: how often the function reads each scalar)."""
    loop = stmts[loop_pos]
    value = _inlined(loop.body, reads) if isinstance(loop, ir.For) and loop.body else None
    if value is None:
        return "not a loop whose body is one store after assignments of its own scalars"
    assert isinstance(loop, ir.For)
    store = loop.body[-1]
    assert isinstance(store, ir.Store)
    array = store.array
    if array not in locals_:
        return f"{array} is not an array this function allocates and keeps to itself"
    index = store.indices[0] if len(store.indices) == 1 else None
    if not (isinstance(index, ir.Var) and index.name == loop.var) or loop.reductions:
        return "the store's subscript is not the loop variable"
    if loop.start != ir.Const(0, loop.start.type) or loop.step != ir.Const(1, loop.step.type):
        return "the loop does not count from 0 by 1"
    allocs = [k for k, s in enumerate(stmts[:loop_pos]) if isinstance(s, ir.Alloc) and s.target == array]
    if not allocs or cast(ir.Alloc, stmts[allocs[0]]).shape != (loop.stop,):
        return f"{array} is not allocated before the loop with the loop's extent"
    between = effects_of(stmts[allocs[0] + 1 : loop_pos])
    if array in between.arrays:
        return f"{array} is used between its allocation and the loop"
    stop_reads = effects_of([ir.Assign("_", loop.stop)])
    if (between.writes & stop_reads.reads) or (between.array_binds & stop_reads.array_reads):
        return "the extent changes between the allocation and the loop"
    if not _cheap(value, array):
        return "the stored value is not a few loads and operations"
    return _check_readers(stmts, loop_pos, Recompute(array, loop, value))


def _check_readers(stmts: tuple[ir.Stmt, ...], loop_pos: int, plan: Recompute) -> Recompute | str:
    after = stmts[loop_pos + 1 :]
    sites = _load_sites(after, plan.array)
    if sites is None or not sites:
        return f"{plan.array} is stored, measured or not read after the loop"
    if len(sites) > _MAX_SITES or any(depth != 1 for depth in sites):
        return f"{plan.array} is read more often than once per consumer iteration"
    last = max(k for k, s in enumerate(after) if _load_sites((s,), plan.array))
    span = effects_of(after[: last + 1])
    value = effects_of([ir.Assign("_", plan.value)])
    if span.array_writes or (span.array_binds & value.array_reads) or (span.writes & value.reads):
        return "what the stored value reads may change before the last read"
    return plan


def recompute(body: tuple[ir.Stmt, ...], plan: Recompute) -> tuple[ir.Stmt, ...]:
    """``body`` with every load of the plan's array replaced by the stored value at its subscript,
    and without the producer loop and the allocation."""
    var = plan.loop.var
    var_type = cast(ir.Store, plan.loop.body[-1]).indices[0].type  # the producer ends with its store

    def value_at(index: ir.Expr) -> ir.Expr:
        def sub(e: ir.Expr) -> ir.Expr:
            return index if isinstance(e, ir.Var) and e.name == var else e

        return map_exprs(plan.value, sub)  # type: ignore[return-value]

    def load(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Load) and e.array == plan.array:
            index = e.indices[0]
            value = value_at(index if index.type == var_type else ir.Cast(index, var_type))
            return value if value.type == e.type else ir.Cast(value, e.type)  # the store converted
        return e

    def stmt(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        if s.sid == plan.loop.sid or (isinstance(s, ir.Alloc) and s.target == plan.array):
            return ()
        return map_exprs(s, load, deep=False)  # type: ignore[return-value]

    return map_stmts(body, stmt)


def find_plan(fn: ir.Function, loop_sid: int | None = None) -> Recompute | str:
    """The first producer loop (or the loop ``loop_sid``) whose array can be recomputed."""
    locals_ = local_arrays(fn)
    reads = Counter(e.name for s in fn.body for e in iter_exprs(s) if isinstance(e, ir.Var))
    reason = "no producer loop"
    for stmts in statement_lists(fn.body):
        for k, s in enumerate(stmts):
            if isinstance(s, ir.For) and (loop_sid is None or s.sid == loop_sid):
                plan = plan_recompute(stmts, k, locals_, reads)
                if isinstance(plan, Recompute):
                    return plan
                reason = plan if loop_sid is not None else reason
    return reason


def _reader_loops(fn: ir.Function, array: str) -> list[int]:
    """The loops whose own body (through ``if``s, not through inner loops) loads ``array``."""

    def loads(stmts: tuple[ir.Stmt, ...]) -> bool:
        for s in stmts:
            if any(isinstance(e, ir.Load) and e.array == array for e in iter_exprs(s, deep=False)):
                return True
            if isinstance(s, ir.If) and (loads(s.then) or loads(s.orelse)):
                return True
        return False

    return [s.sid for s in iter_stmts(fn.body) if isinstance(s, ir.For) and loads(s.body)]


def _legal(fn: ir.Function, step: Step) -> str | None:
    plan = find_plan(fn, step.target[0] if step.target else -1)
    if isinstance(plan, str):
        return plan
    return None if plan.array == step.params.get("array") else "the loop fills another array"


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    plan = find_plan(fn, step.target[0])
    assert isinstance(plan, Recompute)
    return dataclasses.replace(fn, body=recompute(fn.body, plan))


register_transformation("recompute", _legal, _apply)


@register("recompute", description="read a cheap gather's value where its temporary is read")
def recompute_arrays(fn: ir.Function, ctx: PassContext) -> ir.Function:
    while True:
        plan = find_plan(fn)
        if isinstance(plan, str):
            break
        readers = _reader_loops(fn, plan.array)
        fn = dataclasses.replace(fn, body=recompute(fn.body, plan))
        ctx.steps.append(Step("recompute", (plan.loop.sid,), {"array": plan.array}))
        for sid in readers:
            ctx.note(sid, f"reads the gather into {plan.array} from its sources (no temporary)")
    ctx.analyses.update(fn, frozenset())
    return fn
