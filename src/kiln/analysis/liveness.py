"""Which scalars a statement leaves that later code may read (conservative liveness).

A reordering pass may change the value a scalar holds after a loop nest (a loop counter when an
inner range is empty, say); that is harmless when every path after the nest assigns the scalar
again before reading it. Unknown control flow (break, continue, an exit to a block not known)
counts as a read; an ``exit`` from an inlined call's block continues with what follows it.
"""

from __future__ import annotations

from enum import Enum

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, child_exprs, expr_reads, is_expr


class Fate(Enum):
    READ = 1  # may be read before it is assigned again
    KILLED = 2  # assigned again on every path before any read
    PASSED = 3  # neither: control passes on with the value untouched


def _reads(s: ir.Stmt | ir.Expr, var: str) -> bool:
    if is_expr(s):
        return var in expr_reads(s).scalars
    return any(var in expr_reads(e).scalars for e in child_exprs(s))


def fate_in(stmts: tuple[ir.Stmt, ...], var: str, exits: dict[str, Fate] | None = None) -> Fate:
    """What ``stmts`` do to ``var``; ``exits`` holds, per enclosing block label, the fate of
    the code after that block (an ``exit`` to an unknown label counts as a read)."""
    exits = exits or {}
    for i, s in enumerate(stmts):
        if isinstance(s, ir.Block):  # an exit from it, or its end, lands on the statements after it
            rest = fate_in(stmts[i + 1 :], var, exits)
            f = fate_in(s.body, var, {**exits, s.label: rest})
            return rest if f is Fate.PASSED else f
        if isinstance(s, ir.Exit):
            return exits.get(s.label, Fate.READ)
        f = _fate_of(s, var, exits)
        if f is not Fate.PASSED:
            return f
    return Fate.PASSED


def _fate_of(s: ir.Stmt, var: str, exits: dict[str, Fate]) -> Fate:
    if isinstance(s, ir.Return):
        return Fate.READ if var in s.values or _reads(s, var) else Fate.KILLED
    if isinstance(s, ir.Break | ir.Continue) or _reads(s, var):
        return Fate.READ
    if isinstance(s, ir.Assign | ir.Atomic | ir.Invoke) and s.target == var:
        return Fate.KILLED
    if isinstance(s, ir.If):
        then, orelse = fate_in(s.then, var, exits), fate_in(s.orelse, var, exits)
        if Fate.READ in (then, orelse):
            return Fate.READ
        return Fate.KILLED if then is orelse is Fate.KILLED else Fate.PASSED
    if isinstance(s, ir.For) and s.var == var:  # the body reads the loop's own values of it,
        return Fate.PASSED  # and a range that is empty leaves the old value in place
    if isinstance(s, ir.For | ir.While):  # may run no iteration; its body may run again
        return Fate.READ if fate_in(s.body, var, exits) is Fate.READ else Fate.PASSED
    for b in bodies(s):
        f = fate_in(b, var, exits)
        if f is not Fate.PASSED:
            return f
    return Fate.PASSED


def _reads_test(loop: ir.Stmt | None, var: str) -> bool:
    return isinstance(loop, ir.While) and _reads(loop, var)


def _path(
    body: tuple[ir.Stmt, ...], target: ir.Stmt
) -> list[tuple[ir.Stmt | None, tuple[ir.Stmt, ...], int]]:
    """(enclosing statement, its block, position) from ``target`` outwards; [] when absent."""
    for pos, s in enumerate(body):
        if s is target:
            return [(None, body, pos)]
        for b in bodies(s):
            inner = _path(b, target)
            if inner:
                owner, block, p = inner[-1]
                return [*inner[:-1], (s, block, p), (None, body, pos)]
    return []


def live_after(body: tuple[ir.Stmt, ...], stmt: ir.Stmt, names: set[str]) -> set[str]:
    """The ``names`` that code after ``stmt`` (in the function ``body``) may read before assigning."""
    path = _path(body, stmt)
    if not path:
        return set(names)
    return {v for v in names if _live(path, v)}


def _live(path: list[tuple[ir.Stmt | None, tuple[ir.Stmt, ...], int]], var: str) -> bool:
    # after[k]: the fate of what runs once control leaves path[k]'s position, computed from the
    # outermost level in, so that an exit to an enclosing block knows what follows that block
    after = [Fate.PASSED] * (len(path) + 1)  # after the function's end nothing reads
    exits: dict[str, Fate] = {}
    for k in range(len(path) - 1, -1, -1):
        owner, block, pos = path[k]
        if isinstance(owner, ir.Block):
            exits = {**exits, owner.label: after[k + 1]}
        f = fate_in(block[pos + 1 :], var, exits)
        if f is Fate.PASSED and isinstance(owner, ir.For | ir.While):  # the next iteration
            again = _reads_test(owner, var) or fate_in(block[:pos], var, exits) is Fate.READ
            f = Fate.READ if again else f
        after[k] = after[k + 1] if f is Fate.PASSED else f
    return after[0] is Fate.READ
