"""Barrier elimination: a barrier whose two sides touch no memory in conflict goes away.

A barrier orders the memory effects before it against those after it, across the threads of a
block. When no array written on one side is read or written on the other (arguments count as
one memory, since the caller may pass one array twice; each shared array is its own; local
arrays are private to a thread), nothing needs ordering and the barrier is removed, which saves
a fission of the thread loop. The sides are the stretches up to the neighbouring barriers of
the same statement list; where a side reaches the start or end of a nested list, the whole
kernel counts as that side.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, replace_body
from kiln.kernel.analysis import is_barrier
from kiln.kernel.lower_intrinsics import array_space

Effects = tuple[set[str], set[str]]  # (read, written) memories


def _memory(name: str) -> str | None:
    space = array_space(name)
    if space == "local":
        return None
    return name if space == "shared" else "global"


def effects(stmts: tuple[ir.Stmt, ...]) -> Effects:
    reads: set[str] = set()
    writes: set[str] = set()
    for s in iter_stmts(stmts):
        for e in iter_exprs(s, deep=False):
            for x in iter_exprs(e):
                if isinstance(x, ir.Load) and (m := _memory(x.array)):
                    reads.add(m)
        if isinstance(s, ir.Store | ir.Atomic) and (m := _memory(s.array)):
            writes.add(m)
            if isinstance(s, ir.Atomic):
                reads.add(m)
    return reads, writes


def _conflict(a: Effects, b: Effects) -> bool:
    return bool(a[1] & (b[0] | b[1]) or b[1] & a[0])


def eliminate_barriers(body: tuple[ir.Stmt, ...]) -> tuple[tuple[ir.Stmt, ...], int]:
    """``body`` without its removable barriers, and how many were removed."""
    whole = effects(body)
    new, removed = _sequence(body, whole, top=True)
    return new, removed


def _sequence(stmts: tuple[ir.Stmt, ...], whole: Effects, top: bool) -> tuple[tuple[ir.Stmt, ...], int]:
    removed = 0
    items: list[ir.Stmt] = []
    for s in stmts:
        inner = bodies(s)
        if inner:
            new_bodies = []
            for b in inner:
                nb, r = _sequence(b, whole, top=False)
                new_bodies.append(nb)
                removed += r
            s = replace_body(s, *new_bodies)
        items.append(s)
    slots: list[ir.Stmt | None] = list(items)
    for i, s in enumerate(items):
        if is_barrier(s) and not _needed(slots, i, whole, top):
            slots[i] = None  # removed: the next barrier's sides now reach across it
            removed += 1
    return tuple(x for x in slots if x is not None), removed


def _side(items: list[ir.Stmt | None], i: int, step: int, whole: Effects, top: bool) -> Effects:
    j = i + step
    stretch: list[ir.Stmt] = []
    while 0 <= j < len(items):
        item = items[j]
        if item is not None and is_barrier(item):
            return effects(tuple(stretch))
        if item is not None:
            stretch.append(item)
        j += step
    return effects(tuple(stretch)) if top else whole


def _needed(items: list[ir.Stmt | None], i: int, whole: Effects, top: bool) -> bool:
    return _conflict(_side(items, i, -1, whole, top), _side(items, i, +1, whole, top))
