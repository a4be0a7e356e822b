"""Small analyses of a kernel's per-thread IR: barriers, variable uses, thread-uniformity."""

from __future__ import annotations

from collections.abc import Iterable

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, var_names
from kiln.kernel.lower_intrinsics import TID


def is_barrier(s: ir.Stmt) -> bool:
    return isinstance(s, ir.LibCall) and s.func == "barrier"


def contains_barrier(s: ir.Stmt) -> bool:
    return any(is_barrier(x) for x in iter_stmts((s,)))


def expr_vars(e: ir.Expr) -> set[str]:
    return var_names(e)


def read_vars(stmts: Iterable[ir.Stmt]) -> set[str]:
    out: set[str] = set()
    for s in iter_stmts(stmts):
        for e in iter_exprs(s, deep=False):
            out |= expr_vars(e)
    return out


def own_exprs(s: ir.Stmt) -> list[ir.Expr]:
    """The expressions of ``s`` itself, not of its nested bodies."""
    return list(iter_exprs(s, deep=False))


def assignment_counts(stmts: Iterable[ir.Stmt]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in iter_stmts(stmts):
        name = s.target if isinstance(s, ir.Assign | ir.Atomic) else s.var if isinstance(s, ir.For) else ""
        if name:
            counts[name] = counts.get(name, 0) + 1
    return counts


def varying_vars(body: tuple[ir.Stmt, ...]) -> set[str]:
    """Variables that may differ between the threads of a block: the thread index, atomic
    results, and whatever is computed from them or assigned under control flow that depends
    on them. (Loads are uniform when their indices are: threads reading one element at one
    time see one value, unless the program races.)"""
    varying = set(TID)
    while True:
        before = len(varying)
        _mark(body, varying, divergent=False)
        if len(varying) == before:
            return varying


def _mark(body: tuple[ir.Stmt, ...], varying: set[str], divergent: bool) -> None:
    for s in body:
        if (
            isinstance(s, ir.Atomic)
            and s.target
            or isinstance(s, ir.Assign)
            and (divergent or expr_vars(s.value) & varying)
        ):
            varying.add(s.target)
        inner = divergent or any(expr_vars(e) & varying for e in own_exprs(s) if not isinstance(s, ir.Assign))
        if isinstance(s, ir.For) and inner:
            varying.add(s.var)
        for b in bodies(s):
            _mark(b, varying, inner)


def is_uniform(e: ir.Expr, varying: set[str]) -> bool:
    return not (expr_vars(e) & varying)
