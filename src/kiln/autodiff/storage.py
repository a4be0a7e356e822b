"""Which storage an array name can refer to when arrays are allocated anew in loops.

``needed.py`` tracks pending reads per alias group (``@group``): every name a view ever joins
shares one token. A loop that re-binds ``y = y + f(y)`` puts the new array, the old one and the
first copy in one group, so each store into the new array would look like it may overwrite what
a read of the old one needed, and be taped. An ``alloc`` makes storage nothing else refers to
yet; when a name is bound only by allocations, stores through it reach only its newest storage.
Two facts follow, each safe to use for such a name ``x``:

* ``fresh_allocations``: after an ``alloc`` of ``x``, stores into the group go through ``x``
  alone, so reads before it need no restore on their account.
* ``older_storage``: a read through another name ``y`` bound before ``x``'s latest ``alloc``
  (and not to a view of ``x`` since) reads storage older than ``x``'s: no store through ``x``
  can reach it, now or later.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts

Current = dict[str, frozenset[str]]  # x -> names that may refer to x's newest storage


def allocation_only_names(body: list[ir.Stmt]) -> set[str]:
    """Names bound by allocations and never by a view."""
    allocated = {s.target for s in iter_stmts(body) if isinstance(s, ir.Alloc)}
    return allocated - {s.target for s in iter_stmts(body) if isinstance(s, ir.View)}


def fresh_allocations(body: list[ir.Stmt], group_of: dict[str, str]) -> set[int]:
    """Allocations (by ``id``) after which every store into their array's alias group goes
    through the array's own name: other names of the group (views of earlier storage, a
    re-bound variable's first array) are written only in top-level statements before the one
    holding the allocation."""
    only = allocation_only_names(body)
    writes: list[tuple[int, str]] = []
    for pos, top in enumerate(body):
        for s in iter_stmts([top]):
            if isinstance(s, ir.Store | ir.Atomic):
                writes.append((pos, s.array))
            elif isinstance(s, ir.LibCall):
                writes += [(pos, o) for o in s.outputs]
    out: set[int] = set()
    for pos, top in enumerate(body):
        for s in iter_stmts([top]):
            if isinstance(s, ir.Alloc) and s.target in only:
                g = group_of[s.target]
                if all(name == s.target or at < pos for at, name in writes if group_of[name] == g):
                    out.add(id(s))
    return out


class _Ages:
    def __init__(self, names: set[str], everything: frozenset[str]) -> None:
        self.names = names
        self.unknown = everything  # before a name's first allocation: any name may refer to it
        self.at: dict[int, Current] = {}  # statement id -> the facts before it

    def body(self, stmts: list[ir.Stmt] | tuple[ir.Stmt, ...], cur: Current) -> Current:
        for s in stmts:
            cur = self.stmt(s, cur)
        return cur

    def stmt(self, s: ir.Stmt, cur: Current) -> Current:
        self.at[id(s)] = cur
        if isinstance(s, ir.Alloc) and s.target in self.names:
            return {**cur, s.target: frozenset({s.target})}
        if isinstance(s, ir.View):
            return {x: (m | {s.target}) if s.base in m else (m - {s.target}) for x, m in cur.items()}
        if isinstance(s, ir.If):
            return _join(self.body(s.then, cur), self.body(s.orelse, cur))
        if isinstance(s, ir.For | ir.While):
            start = cur
            while True:
                end = _join(start, self.body(s.body, start))
                if end == start:
                    return end
                start = end
        if isinstance(s, ir.Block):
            return _join(cur, self.body(s.body, cur))
        return cur


def _join(a: Current, b: Current) -> Current:
    return {x: a[x] | b[x] for x in a}


def older_storage(body: list[ir.Stmt], group_of: dict[str, str]) -> dict[int, Current]:
    """Before each statement (by ``id``): for each allocation-only name ``x``, the names that
    may refer to ``x``'s newest storage (any other name refers to older storage)."""
    names = allocation_only_names(body)
    everything = frozenset(group_of)
    ages = _Ages(names, everything)
    ages.body(body, {x: everything for x in names})
    return ages.at
