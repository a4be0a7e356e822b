"""Split a region's thread loop at per-thread conditionals.

Between two barriers the threads of a block run in no particular order, so a race-free region
gives the same result when every thread runs its first statements, then every thread its next
ones: the thread loop may be cut into consecutive loops, each thread keeping its own order.
A region such as

    s[tx + 1] = prev[j]              # every thread
    if tx == 0: s[0] = prev[j - 1]   # one thread loads the halo
    if tx == 127: s[129] = prev[j + 1]

becomes three loops: the first without a branch (it vectorizes), the others narrowed by their
guards to one iteration each. The pure index computations at the start of the body are
repeated in each loop; values computed in one piece and read in another prevent the split.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts
from kiln.kernel.analysis import expr_vars, read_vars


def _pure(s: ir.Stmt, slot_prefix: str) -> bool:
    if not isinstance(s, ir.Assign):
        return False
    return not any(
        isinstance(x, ir.Load | ir.Overlaps | ir.Call)
        and not (isinstance(x, ir.Load) and x.array.startswith(slot_prefix))
        for x in iter_exprs(s.value)
    )


def _assigned(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    return {
        s.target if isinstance(s, ir.Assign | ir.Atomic) else s.var
        for s in iter_stmts(stmts)
        if isinstance(s, ir.Assign | ir.Atomic | ir.For)
    }


def split_at_conditionals(
    body: tuple[ir.Stmt, ...], thread: tuple[str, ...], slot_prefix: str
) -> list[tuple[ir.Stmt, ...]] | None:
    """The bodies of consecutive thread loops equivalent to one loop over ``body``, or None
    where ``body`` has no per-thread conditional to split off or a value crosses pieces."""
    n = 0
    while n < len(body) and _pure(body[n], slot_prefix):
        n += 1
    prefix, rest = body[:n], body[n:]
    pieces: list[tuple[ir.Stmt, ...]] = []
    run: list[ir.Stmt] = []
    for s in rest:
        if isinstance(s, ir.If) and not s.orelse:
            if run:
                pieces.append(tuple(run))
                run = []
            pieces.append((s,))
        else:
            run.append(s)
    if run:
        pieces.append(tuple(run))
    if len(pieces) < 2 or not any(_per_thread_if(p, thread, prefix) for p in pieces):
        return None
    fixed = _assigned(prefix)
    for k, p in enumerate(pieces):
        mine = _assigned(p)
        others = read_vars(tuple(s for q in pieces[:k] + pieces[k + 1 :] for s in q))
        if mine & (others | fixed):
            return None
    return [(*prefix, *p) for p in pieces]


def _per_thread_if(piece: tuple[ir.Stmt, ...], thread: tuple[str, ...], prefix: tuple[ir.Stmt, ...]) -> bool:
    """A lone ``if`` whose condition depends on the thread index."""
    if len(piece) != 1 or not isinstance(piece[0], ir.If):
        return False
    deps = set(thread)
    for s in prefix:
        if isinstance(s, ir.Assign) and expr_vars(s.value) & deps:
            deps.add(s.target)
    return bool(expr_vars(piece[0].cond) & deps)
