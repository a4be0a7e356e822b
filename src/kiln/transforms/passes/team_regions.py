"""Mark the sequential loops of parallel sweeps (a time loop) that run in one OpenMP region
(``team``), instead of starting a team for every sweep (:mod:`kiln.analysis.regions` says which
fit; :mod:`kiln.codegen.c_team_loop` says how they run and what they save).

Every loop that fits is marked, except inside a parallel loop. A team loop inside another runs
its own region in the iterations the outer one runs before its region opens; inside the outer
region it is walked like any other loop (a region does not nest). A scheduling pass: after the
optimizer and :mod:`hoist_blocks`, whose marks it reads (a loop with blocks hoisted before it is
never a team's walked loop).
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.hoisting import hoists_in
from kiln.analysis.regions import team_loop_fits
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, map_stmts, same_stmts
from kiln.transforms.pass_manager import PassContext, register


@register(
    "team_regions",
    preserves=frozenset({"*"}),
    defaults={"enabled": True},
    description="run sequential loops of parallel sweeps in one OpenMP region",
)
def team_regions(fn: ir.Function, ctx: PassContext) -> ir.Function:
    chosen: set[int] = set()
    if ctx.params["enabled"] and ctx.options.parallel:
        hoisted_to = {h.loop for h in hoists_in(fn).values()}
        _choose(fn, fn.body, hoisted_to, chosen)

    def mark(s: ir.Stmt) -> ir.Stmt | None:
        if isinstance(s, ir.For | ir.While) and s.team != (s.sid in chosen):
            return dataclasses.replace(s, team=s.sid in chosen)
        return None

    body = map_stmts(fn.body, mark)
    return fn if same_stmts(body, fn.body) else dataclasses.replace(fn, body=body)


def _choose(fn: ir.Function, body: tuple[ir.Stmt, ...], hoisted_to: set[int], chosen: set[int]) -> None:
    """Adds to ``chosen`` the loops of ``body`` (outside any parallel loop) that fit."""
    for s in body:
        if isinstance(s, ir.For) and s.parallel:
            continue  # its inner loops run on the team it starts
        if isinstance(s, ir.For | ir.While) and team_loop_fits(fn, s, hoisted_to):
            chosen.add(s.sid)
        for b in bodies(s):
            _choose(fn, b, hoisted_to, chosen)
