"""``for i in range(...)`` / ``kiln.prange(...)`` loops.

A ``prange`` loop becomes a parallel IR loop when its scalar variables are
either private to an iteration or ``s = s op x`` reductions, and its body does
nothing a worker thread may not do (allocate, raise, return, break). Otherwise
it stays a sequential loop, which is always correct.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from kiln.frontend import exprs as E
from kiln.frontend.bounds import lower_bound
from kiln.frontend.source import assigned_names
from kiln.frontend.values import RangeValue, Scalar
from kiln.ir import nodes as ir
from kiln.ir.types import PY_INT
from kiln.ir.visit import iter_exprs, iter_stmts

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer

_REDUCIBLE = ("add", "mul", "min", "max")
_THREAD_UNSAFE = (ir.Return, ir.Exit, ir.Break, ir.Alloc, ir.View, ir.LibCall, ir.Check, ir.Block)


def lower_range_loop(low: Lowerer, node: ast.For, rng: RangeValue) -> None:
    ctx = low.ctx
    assert isinstance(node.target, ast.Name)
    name = node.target.id
    counter = ctx.fresh("it")
    ctx.declare(counter, PY_INT)
    saved_bounds = dict(ctx.lower_bounds)
    step = E.const_int(rng.step)
    start_bound = lower_bound(ctx, rng.start) if step is not None and step > 0 else None
    if start_bound is not None:
        ctx.lower_bounds[counter] = start_bound
    with ctx.block() as body:
        low.bind(name, Scalar(ir.Var(counter, PY_INT)))
        if start_bound is not None and name not in assigned_names(node.body):
            ctx.lower_bounds[low.ir_name(name)] = start_bound
        ctx.loop_depth += 1
        low.lower_body(node.body)
        ctx.loop_depth -= 1
    ctx.lower_bounds = saved_bounds
    body_t = tuple(body)
    reductions = parallel_reductions(body_t, counter) if rng.parallel else None
    ctx.emit(
        ir.For(
            counter,
            rng.start,
            rng.stop,
            rng.step,
            body_t,
            parallel=reductions is not None,
            reductions=reductions or (),
        )
    )


def _reads(stmt: ir.Stmt, var: str) -> bool:
    return any(isinstance(e, ir.Var) and e.name == var for e in iter_exprs(stmt, deep=False))


def parallel_reductions(body: tuple[ir.Stmt, ...], counter: str) -> tuple[tuple[str, str], ...] | None:
    """The reductions of a body that can run in parallel, or None if it cannot."""
    stmts = list(iter_stmts(body))
    if any(isinstance(s, _THREAD_UNSAFE) for s in stmts):
        return None
    assigned = {s.target for s in stmts if isinstance(s, ir.Assign)} | {
        s.var for s in stmts if isinstance(s, ir.For)
    }
    reductions: list[tuple[str, str]] = []
    for var in sorted(assigned):
        kind = _classify(stmts, var)
        if kind is None:
            return None
        if kind != "private":
            reductions.append((var, kind))
    return tuple(reductions)


def _classify(stmts: list[ir.Stmt], var: str) -> str | None:
    """'private', a reduction op, or None when iterations would depend on each other."""
    first = next((s for s in stmts if _reads(s, var) or _writes(s, var)), None)
    if isinstance(first, ir.For) and first.var == var:
        return "private"
    if isinstance(first, ir.Assign) and first.target == var and not _reads(first, var):
        return "private"
    ops = set()
    for s in stmts:
        if isinstance(s, ir.Assign) and s.target == var:
            v = s.value
            if not (
                isinstance(v, ir.Binary)
                and v.op in _REDUCIBLE
                and v.lhs == ir.Var(var, v.lhs.type)
                and not any(isinstance(e, ir.Var) and e.name == var for e in iter_exprs(v.rhs))
            ):
                return None
            ops.add(v.op)
        elif _reads(s, var):
            return None
    return ops.pop() if len(ops) == 1 else None


def _writes(s: ir.Stmt, var: str) -> bool:
    return (isinstance(s, ir.Assign) and s.target == var) or (isinstance(s, ir.For) and s.var == var)
