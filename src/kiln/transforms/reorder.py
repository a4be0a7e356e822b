"""What interchange and tiling share: finding a recipe's band, judging a reordering of it, and
putting the reordered nest in place (versioned when parameters might overlap)."""

from __future__ import annotations

import dataclasses

from kiln.analysis.band_dependences import BandVerdict, check_band
from kiln.analysis.effects import array_roots, effects_of
from kiln.analysis.liveness import live_after
from kiln.analysis.loop_plans import plan_scalars
from kiln.analysis.nests import Band, band_problem, perfect_band
from kiln.ir import nodes as ir
from kiln.ir.visit import map_stmts, max_sid
from kiln.transforms.recipes import find_loop
from kiln.transforms.versioning import all_apart, all_of, renumbered


def find_band(fn: ir.Function, target: tuple[int, ...]) -> Band | str:
    """The perfect band whose loops are ``target`` (outermost first), or why there is none."""
    loop = find_loop(fn, target[0]) if target else None
    if loop is None:
        return "no such loop"
    band = perfect_band(loop, len(target))
    if tuple(lp.sid for lp in band.loops) != tuple(target):
        return f"loops {list(target)} are not a perfect nest"
    return band


def judge_band(
    fn: ir.Function, band: Band, backwards: list[str], parallel_loops: bool = False
) -> BandVerdict:
    """Legal to run the band's iterations in an order where ``backwards`` may happen?
    ``parallel_loops``: the caller clears the loops' parallel marks (they would no longer hold
    in the new order), so a nest with marked loops may be judged too."""
    if any(loop.parallel for loop in band.loops) and not parallel_loops:
        return BandVerdict("the nest has a parallel loop")
    problem = band_problem(band)
    if problem:
        return BandVerdict(problem)
    outer = band.loops[0]
    plan = plan_scalars(outer.body, outer.var)
    if plan is None:
        return BandVerdict("a scalar carries a value between iterations")
    types = fn.var_types()
    for var, _ in plan.reductions:
        if not getattr(types.get(var), "is_integer", False):
            return BandVerdict(f"reordering would change the rounding of the reduction into {var}")
    reductions = {v for v, _ in plan.reductions}
    headers = {s.target for h in band.headers for s in h if isinstance(s, ir.Assign)}
    unsure = (headers | set(band.vars) | plan.loop_locals) - reductions
    inner = plan_scalars(band.loops[-1].body, band.loops[-1].var)
    unsure |= inner.loop_locals if inner is not None else set(effects_of(band.body).writes)
    live = live_after(fn.body, outer, unsure & set(effects_of((outer,)).writes))
    if live:
        return BandVerdict(f"{', '.join(sorted(live))} is read after the nest and may end up different")
    return check_band(band, array_roots(fn), backwards)


def put_in_place(
    fn: ir.Function,
    old: ir.For,
    new: tuple[ir.Stmt, ...],
    checks: set[tuple[str, str]],
    when: ir.Expr | None = None,
) -> ir.Function:
    """``fn`` with ``old`` replaced by ``new``; behind a run-time test when parameters may overlap
    (``checks``) or when ``new`` pays only sometimes (``when``)."""
    replacement = new
    conds = ([when] if when is not None else []) + ([all_apart(checks)] if checks else [])
    if conds:
        original, last = renumbered((old,), max(max_sid(fn), max_sid(new)))
        replacement = (ir.If(all_of(conds), new, original, sid=last + 1, loc=old.loc),)

    def swap(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        return replacement if isinstance(s, ir.For) and s.sid == old.sid else None

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap))
