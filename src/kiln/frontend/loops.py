"""``for i in range(...)`` / ``kiln.prange(...)`` loops.

A ``prange`` loop becomes a parallel IR loop only when running its iterations
in any order computes what the sequential loop computes:

* every scalar the body writes is either private to an iteration (written
  before it is read on every path through the body) or an ``s = s op x``
  reduction; a private scalar's value after the loop is the last iteration's
  (``lastprivate``), so a scalar that some iteration may leave unwritten must
  not be read after the loop (checked once the whole function is lowered:
  :func:`demote_unsafe_loops`);
* every array element the body stores is stored by no other iteration and read
  by no other iteration: some index of both accesses is the same injective
  function (``k * i + c``) of the loop counter. (Different array arguments are
  assumed not to overlap: that is the promise ``prange`` asks of its user.)
* the body does nothing a worker thread may not do (allocate, return, break out
  of the parallel loop).

Otherwise the loop stays sequential, which is always correct.
"""

from __future__ import annotations

import ast
import dataclasses
from typing import TYPE_CHECKING

from kiln.analysis.effects import effects_of
from kiln.analysis.loop_plans import plan_parallel
from kiln.frontend import exprs as E
from kiln.frontend.bounds import lower_bound
from kiln.frontend.source import assigned_names
from kiln.frontend.values import RangeValue, Scalar
from kiln.ir import nodes as ir
from kiln.ir.types import PY_INT
from kiln.ir.visit import iter_exprs, iter_stmts, map_stmts

if TYPE_CHECKING:
    from kiln.frontend.context import Context
    from kiln.frontend.lower_stmts import Lowerer

# IR op of ``s = s op x`` -> the reduction it is (s -= x accumulates like s += -x).
_REDUCIBLE = {"add": "add", "sub": "add", "mul": "mul", "min": "min", "max": "max"}
_THREAD_UNSAFE = (ir.Return, ir.Alloc, ir.LibCall, ir.Print, ir.Invoke)  # a print calls Python: one thread


def lower_range_loop(low: Lowerer, node: ast.For, rng: RangeValue) -> None:
    ctx = low.ctx
    assert isinstance(node.target, ast.Name)
    name = node.target.id
    counter = ctx.fresh("it")
    ctx.declare(counter, PY_INT)
    saved_bounds = dict(ctx.lower_bounds)
    counter_bound = _counter_lower_bound(ctx, rng)
    if counter_bound is not None:
        ctx.lower_bounds[counter] = counter_bound
    top = low.at_top_level()
    with ctx.block() as body:
        with low.loop_target(top):
            low.bind(name, Scalar(ir.Var(counter, PY_INT)))
        if counter_bound is not None and name not in assigned_names(node.body):
            ctx.lower_bounds[low.ir_name(name)] = counter_bound
        ctx.loop_depth += 1
        low.lower_body(node.body)
        ctx.loop_depth -= 1
    ctx.lower_bounds = saved_bounds
    body_t = tuple(body)
    plan = plan_parallel(body_t, counter) if rng.parallel else None
    loop = ctx.emit(
        ir.For(
            counter,
            rng.start,
            rng.stop,
            rng.step,
            body_t,
            parallel=plan is not None,
            reductions=plan.reductions if plan else (),
        )
    )
    if plan is not None and plan.loop_locals:
        ctx.parallel_locals[loop.sid] = plan.loop_locals
    low.after_loop()


def _counter_lower_bound(ctx: Context, rng: RangeValue) -> int | None:
    """A lower bound of every value the counter takes: ``start`` going up, ``stop + 1`` down."""
    step = E.const_int(rng.step)
    start, stop = lower_bound(ctx, rng.start), lower_bound(ctx, rng.stop)
    if step is not None:
        return start if step > 0 else (stop + 1 if stop is not None else None)
    return min(start, stop + 1) if start is not None and stop is not None else None


def demote_unsafe_loops(
    body: tuple[ir.Stmt, ...], loop_locals: dict[int, frozenset[str]]
) -> tuple[ir.Stmt, ...]:
    """Make parallel loops sequential where a scalar that some iteration may leave
    unwritten is used outside the loop (its value would be the sequential last write)."""
    if not loop_locals:
        return body
    total = _mentions_count(body)

    def check(s: ir.Stmt) -> ir.Stmt | None:
        if isinstance(s, ir.For) and s.parallel and s.sid in loop_locals:
            inside = _mentions_count(s.body)
            if any(total.get(v, 0) != inside.get(v, 0) for v in loop_locals[s.sid]):
                return dataclasses.replace(s, parallel=False, reductions=())
        return None

    return map_stmts(body, check)


def _mentions_count(body: tuple[ir.Stmt, ...]) -> dict[str, int]:
    """How many statements mention each scalar, and each array a view binds (a view private to a
    parallel loop must not be used after it)."""
    counts: dict[str, int] = {}
    for s in iter_stmts(body):
        names = [e.name for e in iter_exprs(s, deep=False) if isinstance(e, ir.Var)]
        names += sorted(effects_of((s,), deep=False).arrays)
        if isinstance(s, ir.Assign):
            names.append(s.target)
        elif isinstance(s, ir.For):
            names.append(s.var)
        elif isinstance(s, ir.Return):
            names.extend(s.values)
        for n in names:
            counts[n] = counts.get(n, 0) + 1
    return counts
