"""Which scalars a statement leaves that later code may read (conservative liveness).

A reordering pass may change the value a scalar holds after a loop nest (a loop counter when an
inner range is empty, say); that is harmless when every path after the nest assigns the scalar
again before reading it. Unknown control flow (break, continue, exit) counts as a read.
"""

from __future__ import annotations

from enum import Enum

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs


class Fate(Enum):
    READ = 1  # may be read before it is assigned again
    KILLED = 2  # assigned again on every path before any read
    PASSED = 3  # neither: control passes on with the value untouched


def _reads(s: ir.Stmt | ir.Expr, var: str) -> bool:
    return any(isinstance(e, ir.Var) and e.name == var for e in iter_exprs(s, deep=False))


def fate_in(stmts: tuple[ir.Stmt, ...], var: str) -> Fate:
    for s in stmts:
        f = _fate_of(s, var)
        if f is not Fate.PASSED:
            return f
    return Fate.PASSED


def _fate_of(s: ir.Stmt, var: str) -> Fate:
    if isinstance(s, ir.Return):
        return Fate.READ if var in s.values or _reads(s, var) else Fate.KILLED
    if isinstance(s, ir.Break | ir.Continue | ir.Exit) or _reads(s, var):
        return Fate.READ
    if isinstance(s, ir.Assign | ir.Atomic) and s.target == var:
        return Fate.KILLED
    if isinstance(s, ir.If):
        then, orelse = fate_in(s.then, var), fate_in(s.orelse, var)
        if Fate.READ in (then, orelse):
            return Fate.READ
        return Fate.KILLED if then is orelse is Fate.KILLED else Fate.PASSED
    if isinstance(s, ir.For | ir.While):  # may run no iteration; its body may run again
        return Fate.READ if fate_in(s.body, var) is Fate.READ else Fate.PASSED
    for b in bodies(s):
        f = fate_in(b, var)
        if f is not Fate.PASSED:
            return f
    return Fate.PASSED


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
    for owner, block, pos in path:
        f = fate_in(block[pos + 1 :], var)
        if f is Fate.READ:
            return True
        if f is Fate.KILLED:
            return False
        if owner is None:
            continue
        if isinstance(owner, ir.For | ir.While):  # the next iteration runs the block's start again
            if isinstance(owner, ir.While) and _reads(owner, var):
                return True
            if fate_in(block[:pos], var) is Fate.READ:
                return True
    return False
