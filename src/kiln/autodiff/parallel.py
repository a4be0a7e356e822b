"""Reverse loops that run in parallel or vectorize: the adjoint of a loop without carried work.

A reverse loop's iterations are independent when the exact dependence test finds no element two
iterations touch where one writes, and every scalar it carries is an adjoint that only accumulates
(``d = d + c``): that is a sum the transformation itself introduced, in an order of its choosing,
so it becomes an OpenMP reduction (``omp simd`` always, ``omp parallel for`` when the primal loop
was parallel). When the primal loop was parallel but iterations accumulate into the same elements
of an array's adjoint (``out[i] = x[i] * x[0]`` sends every iteration's contribution to
``dx[0]``), those accumulations become atomic adds, provided nothing else in the loop touches that
adjoint; otherwise the reverse loop runs sequentially. It is never a race.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

from kiln.analysis.dependences import LoopDependences, carried_dependence
from kiln.analysis.effects import ArrayRoots, array_roots
from kiln.analysis.loop_plans import plan_scalars
from kiln.analysis.signs import nonneg_scalars
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, replace_body


def _accumulation(s: ir.Stmt, shadows: set[str]) -> TypeGuard[ir.Store]:
    """``d[idx] = d[idx] + c`` into an adjoint array, ``c`` not reading ``d``."""
    if not (isinstance(s, ir.Store) and s.array in shadows):
        return False
    v = s.value
    return (
        isinstance(v, ir.Binary)
        and v.op == "add"
        and isinstance(v.lhs, ir.Load)
        and v.lhs.array == s.array
        and v.lhs.indices == s.indices
        and not any(isinstance(x, ir.Load) and x.array == s.array for x in iter_exprs(v.rhs))
    )


def _atomic_candidates(body: tuple[ir.Stmt, ...], shadows: set[str], roots: ArrayRoots) -> set[str]:
    """Adjoint arrays the loop only accumulates into (any other access keeps them plain)."""
    accumulated = {s.array for s in iter_stmts(body) if _accumulation(s, shadows)}
    other: set[str] = set()
    for s in iter_stmts(body):
        if _accumulation(s, shadows):
            for i in s.indices:
                other |= {x.array for x in iter_exprs(i) if isinstance(x, ir.Load)}
            other |= {x.array for x in iter_exprs(s.value.rhs) if isinstance(x, ir.Load)}  # type: ignore[union-attr]
            continue
        other |= {x.array for x in iter_exprs(s, deep=False) if isinstance(x, ir.Load)}
        if isinstance(s, ir.Store | ir.Atomic):
            other.add(s.array)
    return {a for a in accumulated if not any(roots.of(a) & roots.of(o) for o in other)}


def _atomize(body: tuple[ir.Stmt, ...], chosen: set[int]) -> tuple[ir.Stmt, ...]:
    """``body`` with the accumulations ``chosen`` (by ``id``) as atomic adds."""
    out: list[ir.Stmt] = []
    for s in body:
        if id(s) in chosen:
            out.append(ir.Atomic("add", s.array, s.indices, s.value.rhs, loc=s.loc))  # type: ignore[union-attr]
        elif bodies(s):
            out.append(replace_body(s, *[_atomize(b, chosen) for b in bodies(s)]))
        else:
            out.append(s)
    return tuple(out)


def _names(stmts: tuple[ir.Stmt, ...] | list[ir.Stmt]) -> set[str]:
    out = {x.name for t in iter_stmts(stmts) for x in iter_exprs(t, deep=False) if isinstance(x, ir.Var)}
    return out | {v for t in iter_stmts(stmts) if isinstance(t, ir.Return) for v in t.values}


def _read_later(body: tuple[ir.Stmt, ...], loop: ir.For) -> set[str]:
    """Scalars that code running after ``loop`` may read: statements after it at every level,
    and the whole body of every loop around it (their next iteration)."""
    for pos, s in enumerate(body):
        if s is loop:
            return _names(body[pos + 1 :])
        for inner in bodies(s):
            if any(t is loop for t in iter_stmts(inner)):
                found = _read_later(inner, loop)
                around = _names(inner) if isinstance(s, ir.For | ir.While) else set()
                return found | around | _names(body[pos + 1 :])
    return set()


class _Marker:
    def __init__(
        self, fn: ir.Function, reverse_loops: dict[str, bool], adjoints: set[str], threads: bool
    ) -> None:
        self.fn = fn
        self.threads = threads
        self.reverse_loops = reverse_loops  # reverse loop variable -> the primal loop was parallel
        self.adjoints = adjoints  # adjoint scalars and arrays
        self.roots = array_roots(fn)
        self.nonneg = nonneg_scalars(fn)
        self.parallel_loops = 0
        self.atomic_loops = 0

    def body(self, stmts: tuple[ir.Stmt, ...], in_parallel: bool) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for s in stmts:
            if isinstance(s, ir.For) and s.var in self.reverse_loops:
                s = self.loop(s, in_parallel)
                inner = in_parallel or s.parallel
                s = replace_body(s, self.body(s.body, inner))
            elif bodies(s):
                inner = in_parallel or (isinstance(s, ir.For) and s.parallel)
                s = replace_body(s, *[self.body(b, inner) for b in bodies(s)])
            out.append(s)
        return tuple(out)

    def deps(self, s: ir.For) -> LoopDependences:
        """Carried dependences; adjoint parameters are arrays the API allocated: they overlap
        nothing, so no run-time overlap check involves them."""
        d = carried_dependence(s, self.roots, self.nonneg)
        checks = {pair for pair in d.overlap_checks if not set(pair) & self.adjoints}
        return replace(d, overlap_checks=checks)

    def loop(self, s: ir.For, in_parallel: bool) -> ir.For:
        if any(isinstance(x, ir.RestoreBinding) for x in iter_stmts(s.body)):
            return s  # each iteration pops the binding the one before it pushed
        plan = plan_scalars(s.body, s.var)
        if plan is None or any(v not in self.adjoints for v, _ in plan.reductions):
            return s
        if plan.loop_locals & _read_later(self.fn.body, s):
            return s  # a private scalar read after the loop
        if any(op != "add" for _, op in plan.reductions):
            return s
        threads = self.reverse_loops[s.var] and not in_parallel
        deps = self.deps(s)
        body = s.body
        if (deps.carried or deps.overlap_checks) and threads and self.threads:
            atomic = _atomic_candidates(s.body, self.adjoints, self.roots)
            chosen = {
                id(x) for x in iter_stmts(s.body) if _accumulation(x, self.adjoints) and x.array in atomic
            }
            if chosen:  # every access to such an array atomic: a plain one would race with them
                body = _atomize(s.body, chosen)
                deps = self.deps(replace(s, body=body))
        if deps.carried or deps.overlap_checks:
            return s
        self.parallel_loops += threads
        self.atomic_loops += body is not s.body
        return replace(s, body=body, parallel=threads, reductions=plan.reductions)


def mark_reverse_loops(
    fn: ir.Function, reverse_loops: dict[str, bool], adjoints: set[str], threads: bool
) -> tuple[ir.Function, int]:
    """``fn`` with its independent reverse loops marked; also how many run on threads.
    ``threads``: built with OpenMP (atomic accumulation only pays off there)."""
    m = _Marker(fn, reverse_loops, adjoints, threads)
    return replace(fn, body=m.body(fn.body, False)), m.parallel_loops
