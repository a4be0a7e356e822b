"""Loop orders that let the C compiler vectorize across the threads of a block.

Between two barriers the threads of a block may run in any order, so the thread loops of a
region can be nested in any order, and a loop every thread runs with the same bounds can move
out of the thread loop (the thread loop interchanged inward), as fission does for loops around
barriers:

* ``thread_order`` puts innermost the thread axis that indexes the last (contiguous) axis of
  the most array accesses: ``i, j = cuda.grid(2); u[i, j]`` walks rows with ``threadIdx.y``.
* ``lift_uniform_loops`` ends the body of an innermost thread-uniform loop with a barrier that
  orders nothing (``for j in range(TPB): acc += sA[ty, j] * sB[j, tx]``): fission then lifts
  the loop, the thread loop runs inside it with unit stride, and the accumulator lives in a
  per-thread slot, a vector of the block's threads.
"""

from __future__ import annotations

from typing import cast

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, replace_body
from kiln.kernel.analysis import (
    assignment_counts,
    contains_barrier,
    expr_vars,
    is_uniform,
    read_vars,
    varying_vars,
)
from kiln.kernel.lower_intrinsics import TID

VIRTUAL_BARRIER = ir.LibCall("barrier", (), ())


def thread_deps(body: tuple[ir.Stmt, ...], roots: tuple[str, ...] = TID) -> dict[str, set[int]]:
    """Variable -> the thread axes (0 x, 1 y, 2 z) its value may depend on (``roots``: the
    index variable of each axis)."""
    deps: dict[str, set[int]] = {name: {k} for k, name in enumerate(roots)}
    while True:
        changed = False
        for s in iter_stmts(body):
            exprs: tuple[ir.Expr, ...]
            if isinstance(s, ir.Assign):
                target, exprs = s.target, (s.value,)
            elif isinstance(s, ir.For):
                target, exprs = s.var, (s.start, s.stop, s.step)
            else:
                continue
            new = set().union(*(expr_axes(e, deps) for e in exprs))
            if not new <= deps.setdefault(target, set()):
                deps[target] |= new
                changed = True
        if not changed:
            return deps


def expr_axes(e: ir.Expr, deps: dict[str, set[int]]) -> set[int]:
    return set().union(*(deps.get(v, set()) for v in expr_vars(e)))


def _accesses(stmts: tuple[ir.Stmt, ...]) -> list[tuple[ir.Expr, ...]]:
    """Index tuples of every array load, store and atomic in ``stmts``."""
    out: list[tuple[ir.Expr, ...]] = []
    for s in iter_stmts(stmts):
        if isinstance(s, ir.Store | ir.Atomic):
            out.append(s.indices)
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load):
                out.append(e.indices)
    return out


def thread_order(
    body: tuple[ir.Stmt, ...], block: tuple[int, int, int], deps: dict[str, set[int]]
) -> tuple[int, ...]:
    """Thread axes of more than one thread, outermost first: x innermost unless another axis
    indexes more contiguous axes of arrays."""
    return axis_order(body, [k for k in (2, 1, 0) if block[k] > 1], deps)


def axis_order(body: tuple[ir.Stmt, ...], axes: list[int], deps: dict[str, set[int]]) -> tuple[int, ...]:
    """``axes`` outermost first, the one that indexes the most contiguous array axes last."""
    score = dict.fromkeys(axes, 0)
    for idx in _accesses(body):
        if not idx:
            continue
        for k in expr_axes(idx[-1], deps) & set(axes):
            score[k] += 1
    best = max(axes, key=lambda k: (score[k], k == 0), default=None)
    return tuple(k for k in axes if k != best) + ((best,) if best is not None else ())


def lift_uniform_loops(body: tuple[ir.Stmt, ...], block: tuple[int, int, int]) -> tuple[ir.Stmt, ...]:
    """Innermost loops with thread-uniform bounds, reached by every thread, that access arrays
    contiguously along ``threadIdx.x``, get a barrier at the end of their body."""
    if block[0] < 4 or any(isinstance(s, ir.Return | ir.Exit) for s in iter_stmts(body)):
        return body
    return _Lifter(body).walk(body)


class _Lifter:
    def __init__(self, body: tuple[ir.Stmt, ...]) -> None:
        self.varying = varying_vars(body)
        self.deps = thread_deps(body)

    def walk(self, stmts: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for s in stmts:
            sunk = self.sink_guard(s, stmts)
            if sunk is not None:
                out += sunk
                continue
            if self.wanted(s):
                assert isinstance(s, ir.For)
                s = replace_body(s, (*s.body, VIRTUAL_BARRIER))
            elif contains_barrier(s) and isinstance(s, ir.For | ir.While | ir.If):
                s = replace_body(s, *(self.walk(b) for b in bodies(s)))  # lifted by fission anyway
            out.append(s)
        return tuple(out)

    def sink_guard(self, s: ir.Stmt, around: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...] | None:
        """``if c: x = e; for k in uniform: S; T`` (``c`` per thread, as ``if j < m``) as
        ``x = e; for k in uniform: if c: S; if c: T`` with a barrier ending the loop body, so
        that the loop is lifted out of the thread loop as well; ``e`` must be pure, ``x``
        unread outside the ``if`` (threads that skip it never read it), and ``S`` must not
        change what ``c`` reads."""
        if not isinstance(s, ir.If) or s.orelse or not s.then or contains_barrier(s):
            return None
        n = 0
        while n < len(s.then) and isinstance(s.then[n], ir.Assign):
            n += 1
        if n == len(s.then) or not isinstance(s.then[n], ir.For):
            return None
        assigns, loop, tail = s.then[:n], s.then[n], s.then[n + 1 :]
        assert isinstance(loop, ir.For)
        local = {a.target for a in assigns}  # type: ignore[union-attr]
        if any(_impure(a.value) for a in assigns):  # type: ignore[union-attr]
            return None
        varying = set(self.varying)  # less the assignments that are uniform
        for a in assigns:  # (they are varying only for being under the per-thread ``if``)
            if is_uniform(a.value, varying):  # type: ignore[union-attr]
                varying.discard(a.target)  # type: ignore[union-attr]
        if not all(is_uniform(e, varying) for e in (loop.start, loop.stop, loop.step)):
            return None
        if local & read_vars(tuple(x for x in around if x is not s)) or local & expr_vars(s.cond):
            return None
        if expr_vars(s.cond) & (set(assignment_counts(loop.body)) | {loop.var}):
            return None
        guarded = cast(ir.For, replace_body(loop, (ir.If(s.cond, loop.body, (), s.sid, s.loc),)))
        if not self.wanted(guarded, varying):
            return None
        lifted = replace_body(guarded, (*guarded.body, VIRTUAL_BARRIER))
        after = (ir.If(s.cond, tail, (), s.sid, s.loc),) if tail else ()
        return (*assigns, lifted, *after)

    def wanted(self, s: ir.Stmt, varying: set[str] | None = None) -> bool:
        if not isinstance(s, ir.For) or contains_barrier(s):
            return False
        varying = self.varying if varying is None else varying
        if not all(is_uniform(e, varying) for e in (s.start, s.stop, s.step)):
            return False
        inner = tuple(iter_stmts(s.body))
        if any(isinstance(x, ir.For | ir.While | ir.Break | ir.Continue | ir.Block) for x in inner):
            return False
        return any(idx and 0 in expr_axes(idx[-1], self.deps) for idx in _accesses(s.body))


def _impure(e: ir.Expr) -> bool:
    """Reads memory or calls: not safe to evaluate where the program did not."""
    return any(isinstance(x, ir.Load | ir.Call | ir.Overlaps) for x in iter_exprs(e))
