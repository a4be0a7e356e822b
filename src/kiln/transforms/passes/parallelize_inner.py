"""Mark the loop directly inside a parallel loop parallel too, when it is the outer loop's
whole body and no iteration of it depends on another (the ``cuda`` pipeline).

On a CPU the outer loop's iterations already fill the cores, so ``parallelize`` marks only the
outermost loop of a nest. On a GPU the inner loop is worth a second grid dimension: threads
side by side then walk the inner loop's iterations, which over a C-ordered array are elements
side by side, so a warp's loads combine into few memory transactions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts, map_stmts
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.passes.parallelize import judge


@register("parallelize_inner", description="mark a parallel loop's sole inner loop parallel (GPU grids)")
def parallelize_inner(fn: ir.Function, ctx: PassContext) -> ir.Function:
    for outer in [s for s in _loops(fn.body) if s.parallel and len(s.body) == 1]:
        inner = outer.body[0]
        if not isinstance(inner, ir.For) or inner.parallel:
            continue
        verdict = judge(fn, inner)
        if not verdict.legal or verdict.checks or verdict.copy is not None or verdict.reductions:
            continue
        fn = dataclasses.replace(fn, body=map_stmts(fn.body, _marking(inner)))
        ctx.note(inner.sid, "parallel inside a parallel loop (a second grid dimension)")
    return fn


def _marking(inner: ir.For) -> Callable[[ir.Stmt], ir.Stmt | None]:
    marked = dataclasses.replace(inner, parallel=True)

    def mark(s: ir.Stmt) -> ir.Stmt | None:
        return marked if s is inner else None

    return mark


def _loops(body: tuple[ir.Stmt, ...]) -> list[ir.For]:
    return [s for s in iter_stmts(body) if isinstance(s, ir.For)]
