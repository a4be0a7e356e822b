"""Mark the allocations inside loops that take their block once, before the loops
(:mod:`kiln.analysis.hoisting`): ``Alloc.hoist`` names the loop, ``Alloc.per_thread`` asks for a
block per thread (the allocation lies in a parallel loop).

A scheduling pass: it runs after the optimizer, on every program C is generated for (derivatives
and kernels included), and changes no loop's shape.
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.hoisting import plan_hoists
from kiln.ir import nodes as ir
from kiln.ir.visit import map_stmts, same_stmts
from kiln.transforms.pass_manager import PassContext, register


@register(
    "hoist_blocks",
    preserves=frozenset({"*"}),
    description="take the blocks of allocations whose extents no iteration changes before their loops",
)
def hoist_blocks(fn: ir.Function, ctx: PassContext) -> ir.Function:
    plan = plan_hoists(fn, openmp=ctx.options.parallel)

    def mark(s: ir.Stmt) -> ir.Stmt | None:
        if not isinstance(s, ir.Alloc):
            return None
        hoist = plan.get(s.sid)
        levels, per_thread = (hoist.levels, hoist.per_thread) if hoist else (0, False)
        if (s.hoist, s.per_thread) == (levels, per_thread):
            return None
        return dataclasses.replace(s, hoist=levels, per_thread=per_thread)

    body = map_stmts(fn.body, mark)
    return fn if same_stmts(body, fn.body) else dataclasses.replace(fn, body=body)
