"""Values live across barriers: per-thread storage or recomputation (chosen by a min-cut).

After fission, one thread's variables no longer live in one loop iteration: a value a thread
computes in one region and uses in a later one must survive the other threads' iterations. Each
such value is either stored in a per-thread slot (``slot[worker, thread]``) at the end of the
region that writes it and loaded at the start of the region that reads it, or recomputed there
from stored values and thread indices (index arithmetic costs nothing to recompute).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiln.analysis.effects import effects_of
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts
from kiln.kernel.analysis import assignment_counts, expr_vars, read_vars
from kiln.kernel.fission import BlockItem, Region, block_exprs, lifted_loop_vars
from kiln.kernel.mincut import min_store_set


@dataclass
class SpillPlan:
    stored: set[str]  # values with a per-thread slot
    recompute: dict[str, ir.Expr]  # value -> its definition, recomputed where needed
    needed: dict[int, set[str]]  # region index -> values it needs from earlier regions
    written: dict[int, set[str]]  # region index -> stored values it writes
    block_needed: set[str]  # values read by block-level conditions and bounds
    bytes_all: int = 0  # per thread, storing every live value
    bytes_stored: int = 0  # per thread, with the min-cut
    order: list[str] = field(default_factory=list)  # recomputable values, operands first


def exposed_reads(body: tuple[ir.Stmt, ...]) -> set[str]:
    """Variables the region may read before writing them: flow-sensitive through ``if``
    branches and loop bodies (a temporary assigned and used inside one branch is not live
    across a barrier); conservative elsewhere."""
    exposed, _ = _exposed(body, set())
    return exposed


def _exposed(body: tuple[ir.Stmt, ...], defined: set[str]) -> tuple[set[str], set[str]]:
    """(variables read before written, variables surely written after ``body``)."""
    defined = set(defined)
    exposed: set[str] = set()
    for s in body:
        if isinstance(s, ir.Assign):
            exposed |= expr_vars(s.value) - defined
            defined.add(s.target)
        elif isinstance(s, ir.If):
            exposed |= expr_vars(s.cond) - defined
            e1, d1 = _exposed(s.then, defined)
            e2, d2 = _exposed(s.orelse, defined)
            exposed |= e1 | e2
            defined |= d1 & d2
        elif isinstance(s, ir.For):
            exposed |= set().union(*(expr_vars(e) for e in (s.start, s.stop, s.step))) - defined
            exposed |= _exposed(s.body, defined | {s.var})[0]
        elif isinstance(s, ir.While | ir.Block):
            exposed |= (expr_vars(s.cond) if isinstance(s, ir.While) else set()) - defined
            exposed |= _exposed(s.body, defined)[0]
        else:
            exposed |= read_vars((s,)) - defined
            if isinstance(s, ir.Atomic) and s.target:
                defined.add(s.target)
    return exposed, defined


def _regions_in_loops(items: tuple[BlockItem, ...], in_loop: bool = False) -> dict[int, bool]:
    out: dict[int, bool] = {}
    for it in items:
        if isinstance(it, Region):
            out[it.index] = in_loop
        else:
            for b in bodies(it):
                out |= _regions_in_loops(b, in_loop or isinstance(it, ir.For | ir.While))  # type: ignore[arg-type]
    return out


def plan_spills(
    items: tuple[BlockItem, ...],
    regions: list[Region],
    kernel_body: tuple[ir.Stmt, ...],
    types: dict[str, object],
) -> SpillPlan:
    lifted = lifted_loop_vars(items)
    writes = {r.index: set(effects_of(r.body).writes) - lifted for r in regions}
    thread_vars = set().union(*writes.values()) if writes else set()
    in_loop = _regions_in_loops(items)
    needed: dict[int, set[str]] = {}
    for r in regions:
        others = set().union(*(w for i, w in writes.items() if i != r.index or in_loop[r.index]))
        needed[r.index] = exposed_reads(r.body) & thread_vars & others
    block_needed = thread_vars & set().union(*(expr_vars(e) for e in block_exprs(items)))
    all_needed = set().union(block_needed, *needed.values())
    defs = _single_definitions(kernel_body, thread_vars, lifted)
    sizes = {v: _itemsize(types[v]) for v in thread_vars}
    deps = {v: expr_vars(e) & thread_vars for v, e in defs.items()}
    roots = thread_vars - set(defs)
    stored = min_store_set(sizes, roots, deps, all_needed)
    recompute = _closure(all_needed - stored, defs, deps, stored)
    plan = SpillPlan(
        stored=stored,
        recompute={v: defs[v] for v in recompute},
        needed=needed,
        written={i: w & stored for i, w in writes.items()},
        block_needed=block_needed,
        bytes_all=sum(sizes[v] for v in all_needed),
        bytes_stored=sum(sizes[v] for v in stored),
    )
    plan.order = _topological(recompute, deps)
    return plan


def _itemsize(t: object) -> int:
    import numpy as np

    return int(np.dtype(t.dtype).itemsize)  # type: ignore[attr-defined]


def _single_definitions(
    body: tuple[ir.Stmt, ...], thread_vars: set[str], lifted: set[str]
) -> dict[str, ir.Expr]:
    """Values assigned once, by an expression that reads no memory: recomputable wherever their
    operands are (which must themselves be assigned once, or never: parameters, indices)."""
    counts = assignment_counts(body)
    defs: dict[str, ir.Expr] = {}
    for s in iter_stmts(body):
        if isinstance(s, ir.Assign) and s.target in thread_vars and counts.get(s.target) == 1:
            if any(isinstance(x, ir.Load | ir.Overlaps) for x in iter_exprs(s.value)):
                continue
            operands = expr_vars(s.value)
            if operands & lifted:  # a lifted loop's counter moves on between regions
                continue
            if all(counts.get(v, 0) <= 1 and (v in thread_vars or counts.get(v, 0) == 0) for v in operands):
                defs[s.target] = s.value
    return defs


def _closure(
    want: set[str], defs: dict[str, ir.Expr], deps: dict[str, set[str]], stored: set[str]
) -> set[str]:
    out: set[str] = set()
    todo = list(want)
    while todo:
        v = todo.pop()
        if v in out or v in stored:
            continue
        assert v in defs, f"min-cut left {v} neither stored nor recomputable"
        out.add(v)
        todo += deps[v]
    return out


def _topological(names: set[str], deps: dict[str, set[str]]) -> list[str]:
    order: list[str] = []
    seen: set[str] = set()

    def visit(v: str) -> None:
        if v in seen or v not in names:
            return
        seen.add(v)
        for u in sorted(deps.get(v, ())):
            visit(u)
        order.append(v)

    for v in sorted(names):
        visit(v)
    return order
