"""Fission of the thread loop around barriers (Polygeist's GPU-to-CPU lowering).

The per-thread body of a kernel is cut at each barrier into *regions*: straight stretches that
every thread of the block runs, one thread after another, before any thread runs the next
region. A statement that contains a barrier (a loop or an ``if`` around ``syncthreads()``) is
*lifted*: its control flow moves out of the thread loop into the block (the thread loop is
interchanged inward), which is valid only when the condition or the bounds are the same for
every thread of the block; otherwise the program is invalid and gets a located error.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_stmts
from kiln.kernel.analysis import contains_barrier, is_barrier, is_uniform


@dataclass(frozen=True)
class Region:
    """Statements every thread of a block runs before the block moves on."""

    body: tuple[ir.Stmt, ...]
    index: int


BlockItem = Region | ir.For | ir.If | ir.While


def split_at_barriers(body: tuple[ir.Stmt, ...], varying: set[str]) -> tuple[BlockItem, ...]:
    """The block-level program: regions, and lifted loops and conditionals around them."""
    return _Splitter(varying).split(body)


def first_barrier(s: ir.Stmt) -> ir.Stmt:
    return next(x for x in iter_stmts((s,)) if is_barrier(x))


class _Splitter:
    def __init__(self, varying: set[str]) -> None:
        self.varying = varying
        self.counter = itertools.count()

    def split(self, stmts: tuple[ir.Stmt, ...]) -> tuple[BlockItem, ...]:
        out: list[BlockItem] = []
        run: list[ir.Stmt] = []

        def flush() -> None:
            if run:
                out.append(Region(tuple(run), next(self.counter)))
                run.clear()

        for s in stmts:
            if is_barrier(s):
                flush()
            elif contains_barrier(s):
                flush()
                out.extend(self.lift(s))
            else:
                run.append(s)
        flush()
        return tuple(out)

    def _require_uniform(self, s: ir.Stmt, exprs: tuple[ir.Expr, ...], what: str) -> None:
        if not all(is_uniform(e, self.varying) for e in exprs):
            raise UnsupportedError(
                f"syncthreads() inside {what} that depends on the thread index: the threads of a "
                "block would not all reach the barrier",
                first_barrier(s).loc,
                hint=f"{what} at {s.loc} must be the same for every thread of the block",
            )

    def lift(self, s: ir.Stmt) -> tuple[BlockItem, ...]:
        if isinstance(s, ir.If):
            self._require_uniform(s, (s.cond,), "a condition")
            return (ir.If(s.cond, self.split(s.then), self.split(s.orelse), s.sid, s.loc),)  # type: ignore[arg-type]
        if isinstance(s, ir.For):
            self._require_uniform(s, (s.start, s.stop, s.step), "a loop whose bounds")
            self._no_jumps_out(s)
            return (ir.For(s.var, s.start, s.stop, s.step, self.split(s.body), False, (), s.sid, s.loc),)  # type: ignore[arg-type]
        if isinstance(s, ir.While):
            self._require_uniform(s, (s.cond,), "a while loop whose condition")
            self._no_jumps_out(s)
            return (ir.While(s.cond, self.split(s.body), s.sid, s.loc),)  # type: ignore[arg-type]
        if isinstance(s, ir.Block):
            if any(isinstance(x, ir.Exit) and x.label == s.label for x in iter_stmts(s.body)):
                raise UnsupportedError(
                    "return from a device function that calls syncthreads()", first_barrier(s).loc
                )
            return self.split(s.body)
        raise UnsupportedError(f"syncthreads() inside {type(s).__name__}", first_barrier(s).loc)

    def _no_jumps_out(self, loop: ir.For | ir.While) -> None:
        """break/continue of a lifted loop would leave it for one thread only."""
        for s in _direct_jumps(loop.body):
            raise UnsupportedError(
                "break/continue in a loop that calls syncthreads()",
                s.loc,
                hint="leave the loop through its condition, the same for every thread",
            )


def _direct_jumps(body: tuple[ir.Stmt, ...]) -> list[ir.Stmt]:
    """Break/Continue statements that belong to the loop whose body is ``body``."""
    found: list[ir.Stmt] = []
    for s in body:
        if isinstance(s, ir.Break | ir.Continue):
            found.append(s)
        elif not isinstance(s, ir.For | ir.While):
            for b in bodies(s):
                found += _direct_jumps(b)
    return found


def regions_of(items: tuple[BlockItem, ...]) -> list[Region]:
    out: list[Region] = []
    for it in items:
        if isinstance(it, Region):
            out.append(it)
        else:
            for b in bodies(it):
                out += regions_of(b)  # type: ignore[arg-type]
    return out


def block_exprs(items: tuple[BlockItem, ...]) -> list[ir.Expr]:
    """Expressions evaluated at block level: conditions and bounds of lifted statements."""
    out: list[ir.Expr] = []
    for it in items:
        if isinstance(it, ir.If | ir.While):
            out.append(it.cond)
        elif isinstance(it, ir.For):
            out += [it.start, it.stop, it.step]
        if not isinstance(it, Region):
            for b in bodies(it):
                out += block_exprs(b)  # type: ignore[arg-type]
    return out


def lifted_loop_vars(items: tuple[BlockItem, ...]) -> set[str]:
    out: set[str] = set()
    for it in items:
        if isinstance(it, ir.For):
            out.add(it.var)
        if not isinstance(it, Region):
            for b in bodies(it):
                out |= lifted_loop_vars(b)  # type: ignore[arg-type]
    return out
