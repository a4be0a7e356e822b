"""Allocations inside loops that can take one block (one per thread) before the loops start.

An ``Alloc`` in a loop body makes a fresh array in every iteration. When its extents are the same
in every iteration and nothing outside the loop names the array, no iteration can see another's
array, so one block serves them all: it is taken from the scratch pool before the outermost such
loop and each execution of the ``Alloc`` only points the array at it. Inside a parallel loop each
thread gets a block of its own, found by its OpenMP thread number; that is what lets an
iteration-private array (:mod:`kiln.transforms.passes.shrink`) live in a parallel loop at all,
since a worker thread cannot call into Python to allocate.

:func:`plan_hoists` finds them (the pass ``hoist_blocks`` records its answer in the IR as
``Alloc.hoist`` and ``Alloc.per_thread``); :func:`hoists_in` reads that record back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kiln.analysis.effects import effects_of, extents_change
from kiln.analysis.loop_plans import private_allocs
from kiln.ir import nodes as ir
from kiln.ir.visit import array_names, bodies, iter_stmts

_LOOPS = (ir.For, ir.While)
Loop = ir.For | ir.While


@dataclass(frozen=True)
class Hoist:
    alloc: ir.Alloc
    loop: int  # sid of the loop before which the block is taken
    per_thread: bool  # a parallel loop lies between that loop and the allocation
    levels: int = 1  # that loop is the allocation's ``levels``-th enclosing loop (1: innermost)


def hoists_in(fn: ir.Function) -> dict[int, Hoist]:
    """The allocations ``fn`` marks as hoisted (``Alloc.hoist``), by their statement id."""
    return {
        a.sid: Hoist(a, loops[-a.hoist].sid, a.per_thread, a.hoist)
        for a, loops in _allocs_in_loops(fn.body, ())
        if a.hoist
    }


def plan_hoists(fn: ir.Function, openmp: bool) -> dict[int, Hoist]:
    """The allocations that can be hoisted, by their statement id (``openmp``: parallel loops
    run on threads, so an allocation inside one needs a block per thread)."""
    escaping = _escaping(fn)
    views: dict[str, set[str]] = {}
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.View):
            views.setdefault(s.base, set()).add(s.target)
    found: dict[int, Hoist] = {}
    for alloc, loops in _allocs_in_loops(fn.body, ()):
        family = _family(alloc.target, views)
        if family & escaping:
            continue
        hoist = _outermost(fn, alloc, family, loops, openmp)
        if hoist is not None:
            found[alloc.sid] = hoist
    return found


def _allocs_in_loops(
    body: tuple[ir.Stmt, ...], loops: tuple[Loop, ...]
) -> Iterator[tuple[ir.Alloc, tuple[Loop, ...]]]:
    for s in body:
        if isinstance(s, ir.Alloc) and loops:
            yield s, loops
        inner = (*loops, s) if isinstance(s, _LOOPS) else loops
        for b in bodies(s):
            yield from _allocs_in_loops(b, inner)


def _family(array: str, views: dict[str, set[str]]) -> set[str]:
    """``array`` and the views of it (and of those), which share its block."""
    family, todo = {array}, [array]
    while todo:
        for v in views.get(todo.pop(), ()):
            if v not in family:
                family.add(v)
                todo.append(v)
    return family


def _escaping(fn: ir.Function) -> set[str]:
    """Arrays a library call, a binding stack or the caller may hold on to."""
    out: set[str] = {p.name for p in fn.params}
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.LibCall):
            out |= set(s.inputs) | set(s.outputs)
        elif isinstance(s, ir.Invoke | ir.Print):
            out |= set(s.arrays)
        elif isinstance(s, ir.SaveBinding | ir.RestoreBinding):
            out.add(s.array)
        elif isinstance(s, ir.Return):
            out |= set(s.values)
    return out


def _outermost(
    fn: ir.Function, alloc: ir.Alloc, family: set[str], loops: tuple[Loop, ...], openmp: bool
) -> Hoist | None:
    """The outermost enclosing loop the block can be taken before: the extents are the same in
    all its iterations and nothing outside it names the array or a view of it. No parallel loop
    may enclose that loop (its workers cannot allocate)."""
    for k, loop in enumerate(loops):
        if any(isinstance(outer, ir.For) and outer.parallel for outer in loops[:k]):
            return None  # the block would be taken inside a parallel loop
        if extents_change(alloc.shape, effects_of((loop,))) or _named_outside(fn, loop, family):
            continue
        per_thread = openmp and any(isinstance(inner, ir.For) and inner.parallel for inner in loops[k:])
        return Hoist(alloc, loop.sid, per_thread, len(loops) - k)
    return None


def _named_outside(fn: ir.Function, loop: Loop, names: set[str]) -> bool:
    """Whether a statement outside ``loop`` may see ``loop``'s arrays of ``names``: one that
    names them, unless it is in another loop that allocates them for each of its own iterations
    (the copy of a loop that versioning keeps)."""
    private: dict[int, frozenset[str]] = {}

    def sees(stmts: tuple[ir.Stmt, ...], around: tuple[Loop, ...]) -> bool:
        for s in stmts:
            if s is loop:
                continue
            mentioned = array_names(s) & names
            if mentioned and not any(mentioned <= _private_to(outer, private) for outer in around):
                return True
            inner = (*around, s) if isinstance(s, _LOOPS) else around
            if any(sees(b, inner) for b in bodies(s)):
                return True
        return False

    return sees(fn.body, ())


def _private_to(loop: Loop, cache: dict[int, frozenset[str]]) -> frozenset[str]:
    if id(loop) not in cache:
        cache[id(loop)] = private_allocs(loop.body) or frozenset()
    return cache[id(loop)]
