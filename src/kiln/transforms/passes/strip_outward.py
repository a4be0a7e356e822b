"""Strip-mine an array statement's loop and move the strips outward, for threads.

``for i in range(1, n): y[i, :] = a * x[i, :] + b * y[i - 1, :]`` is a sequential row loop around
the parallel loop of the statement's columns. With threads, each row becomes a parallel region
too short to pay for itself (NPBench deriche at M: 1500 rows of 1000 columns). When every
dependence of the nest keeps its column, the columns can be cut into strips of ``size`` and the
strips run outermost: ``for jj in range(0, m, size): for i: for j in range(jj, min(jj + size,
m))``. Each strip then sweeps all rows on its own (unit stride inside a row), and parallelize
runs the strips in parallel, one region for the whole nest.

Legal as tiling is (the band is perfect and rectangular, its loops step by 1, and the exact
dependence test finds no dependence running backwards in either loop). The pass applies it only
with ``parallel=True``, to a band of a sequential loop around a loop marked parallel that is not
inside another parallel loop, when parallelize would keep the outer loop sequential and run the
new strip loop in parallel. Step: ``{"transformation": "strip_outward", "target": [outer,
inner], "params": {"size": N}}``.
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.band_dependences import BandVerdict, backwards_in_some_loop
from kiln.analysis.nests import Band, perfect_band, rebuild
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import bodies, iter_stmts, max_sid
from kiln.transforms.fresh import fresh_scalar
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.reorder import find_band, judge_band, put_in_place

INT64 = ScalarType("int64")
STRIP = 256  # elements per strip: 2 KiB of float64, a few strips per thread on NPBench's M rows


def _problem(fn: ir.Function, step: Step) -> tuple[Band, int, BandVerdict] | str:
    if len(step.target) != 2:
        return "strip_outward targets an outer loop and the loop right inside it"
    band = find_band(fn, step.target)
    if isinstance(band, str):
        return band
    size = step.params.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        return "params.size must be a positive integer"
    inner = band.loops[1]
    if not (isinstance(inner.step, ir.Const) and inner.step.value == 1):
        return f"loop {inner.sid} does not step by 1"
    verdict = judge_band(fn, band, backwards_in_some_loop(2), parallel_loops=True)
    return verdict.reason or (band, size, verdict)


def _legal(fn: ir.Function, step: Step) -> str | None:
    found = _problem(fn, step)
    return found if isinstance(found, str) else None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    found = _problem(fn, step)
    assert not isinstance(found, str)
    band, size, verdict = found
    outer, inner = (dataclasses.replace(lp, parallel=False, reductions=()) for lp in band.loops)
    fn, strip = fresh_scalar(fn, f"{inner.var}_strip", INT64)
    strips = ir.For(
        strip.name, inner.start, inner.stop, ir.Const(size, INT64), (), sid=max_sid(fn) + 1, loc=inner.loc
    )
    end = ir.Binary("min", ir.Binary("add", strip, ir.Const(size, INT64), INT64), inner.stop, INT64)
    points = dataclasses.replace(inner, start=strip, stop=end)
    nest = rebuild([strips, outer, points], [(), *band.headers], band.body)
    return put_in_place(fn, band.loops[0], (nest,), verdict.overlap_checks)


register_transformation("strip_outward", _legal, _apply)


@register("strip_outward", defaults={"size": STRIP}, description="run an array loop's strips outermost")
def strip_outward(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if not ctx.options.parallel:
        return fn
    from kiln.transforms.passes.parallelize import judge  # the pass that decides afterwards

    for band in _candidates(fn.body):
        outer, inner = band.loops[0], band.loops[1]
        if judge(fn, outer).legal:
            continue  # the rows themselves can run in parallel
        step = Step("strip_outward", (outer.sid, inner.sid), {"size": int(ctx.params["size"])})
        if _legal(fn, step):
            continue
        moved = _apply(fn, step)
        strips = _strip_loop(moved, outer.sid)
        if strips is None or not judge(moved, strips).legal:
            continue
        fn = moved
        ctx.steps.append(step)
        ctx.note(inner.sid, f"strips of {step.params['size']} moved outside loop {outer.sid}")
    return fn


def _candidates(body: tuple[ir.Stmt, ...]) -> list[Band]:
    """Two-loop perfect bands, a sequential loop around one marked parallel, outside any loop
    marked parallel (a kernel's thread loops run inside its parallel block loop)."""
    out: list[Band] = []
    for s in body:
        if isinstance(s, ir.For) and s.parallel:
            continue
        if isinstance(s, ir.For):
            band = perfect_band(s)
            if len(band.loops) == 2 and band.loops[1].parallel:
                out.append(band)
                continue
        for inner in bodies(s):
            out += _candidates(inner)
    return out


def _strip_loop(fn: ir.Function, outer_sid: int) -> ir.For | None:
    """The loop right around the outer loop ``outer_sid`` in the new nest."""
    outer = find_loop(fn, outer_sid)
    if outer is None:
        return None
    loops = (s for s in iter_stmts(fn.body) if isinstance(s, ir.For))
    return next((s for s in loops if any(t is outer for t in s.body)), None)
