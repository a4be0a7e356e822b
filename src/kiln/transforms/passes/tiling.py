"""Loop tiling: run a band of loops block by block so each block's data stays in cache.

``for i: for j: body`` with sizes (Ti, Tj) becomes ``for ii in range(lo_i, hi_i, Ti): for jj in
range(lo_j, hi_j, Tj): for i in range(ii, min(ii + Ti, hi_i)): for j in range(jj, min(jj + Tj,
hi_j)): body`` (each loop keeps its header). Legal when the band is perfect and rectangular, its
bounds do not change in it, each loop steps by 1, and it is fully permutable: the exact
dependence test finds no dependence running backwards in any of its loops. With ``sizes``
(``("tiling", {"sizes": (32, 32)})``) the pass tiles the innermost loops of every perfect band;
without (unless ``auto`` is False), it tiles by 64 x 64 only the bands that
:mod:`kiln.analysis.tile_model` finds worth it (transpose-like, with a run-time footprint above
cache: the step's ``min_bytes`` versions the nest). A recipe step tiles any band it names.
"""

from __future__ import annotations

from kiln.analysis.band_dependences import backwards_in_some_loop
from kiln.analysis.effects import effects_of
from kiln.analysis.nests import Band, perfect_bands, rebuild
from kiln.analysis.tile_model import MIN_BYTES, SIZES, footprint_exceeds, transpose_like
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_exprs, max_sid
from kiln.transforms.fresh import fresh_scalar
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, register_transformation
from kiln.transforms.reorder import find_band, judge_band, put_in_place

INT64 = ScalarType("int64")


def _sizes(band: Band, step: Step) -> list[int] | str:
    sizes = step.params.get("sizes")
    if not isinstance(sizes, list | tuple) or len(sizes) != len(band.loops):
        return f"params.sizes must give one tile size per loop ({len(band.loops)})"
    if not all(isinstance(t, int) and not isinstance(t, bool) and t >= 1 for t in sizes):
        return "tile sizes must be positive integers"
    return [int(t) for t in sizes]


def _shape_problem(band: Band) -> str:
    written = effects_of((band.loops[0],)).writes
    for loop in band.loops:
        if not (isinstance(loop.step, ir.Const) and loop.step.value == 1):
            return f"loop {loop.sid} does not step by 1"
        for e in (loop.start, loop.stop):
            if any(
                isinstance(x, ir.Load | ir.Call) or isinstance(x, ir.Var) and x.name in written
                for x in iter_exprs(e)
            ):
                return f"the bounds of loop {loop.sid} may change within the nest"
    return ""


def _legal(fn: ir.Function, step: Step) -> str | None:
    band = find_band(fn, step.target)
    if isinstance(band, str):
        return band
    sizes = _sizes(band, step)
    if isinstance(sizes, str):
        return sizes
    min_bytes = step.params.get("min_bytes", 0)
    if not isinstance(min_bytes, int) or isinstance(min_bytes, bool) or min_bytes < 0:
        return "params.min_bytes must be a non-negative integer"
    if min_bytes and len(band.loops) < 2:
        return "params.min_bytes needs at least two loops"
    return (
        _shape_problem(band) or judge_band(fn, band, backwards_in_some_loop(len(band.loops))).reason or None
    )


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    band = find_band(fn, step.target)
    assert not isinstance(band, str)
    sizes = _sizes(band, step)
    assert not isinstance(sizes, str)
    verdict = judge_band(fn, band, backwards_in_some_loop(len(band.loops)))
    tile_loops: list[ir.For] = []
    point_loops: list[ir.For] = []
    sid = max_sid(fn)
    for loop, size in zip(band.loops, sizes):
        fn, tile = fresh_scalar(fn, f"{loop.var}_tile", INT64)
        sid += 1
        tile_loops.append(
            ir.For(tile.name, loop.start, loop.stop, ir.Const(size, INT64), (), sid=sid, loc=loop.loc)
        )
        end = ir.Binary("min", ir.Binary("add", tile, ir.Const(size, INT64), INT64), loop.stop, INT64)
        point_loops.append(ir.For(loop.var, tile, end, loop.step, (), sid=loop.sid, loc=loop.loc))
    nest = rebuild([*tile_loops, *point_loops], [()] * len(tile_loops) + list(band.headers), band.body)
    min_bytes = int(step.params.get("min_bytes", 0))
    when = footprint_exceeds(fn, band, min_bytes) if min_bytes else None
    return put_in_place(fn, band.loops[0], (nest,), verdict.overlap_checks, when)


register_transformation("tile", _legal, _apply)


@register(
    "tiling", defaults={"sizes": (), "auto": True}, description="tile the innermost loops of perfect nests"
)
def tiling(fn: ir.Function, ctx: PassContext) -> ir.Function:
    sizes = tuple(ctx.params["sizes"])
    if not sizes and not ctx.params["auto"]:
        return fn
    for band in perfect_bands(fn.body):
        if sizes and len(band.loops) < len(sizes):
            continue
        if not sizes and not transpose_like(fn, band):
            continue  # the cost model: only transpose-like nests gain (see tile_model)
        chosen = sizes or SIZES
        params = {"sizes": list(chosen)} if sizes else {"sizes": list(SIZES), "min_bytes": MIN_BYTES}
        step = Step("tile", tuple(lp.sid for lp in band.loops[-len(chosen) :]), params)
        reason = _legal(fn, step)
        if reason:
            ctx.note(step.target[0], f"not tiled: {reason}")
            continue
        fn = _apply(fn, step)
        ctx.steps.append(step)
        when = "" if sizes else f" when its data exceeds {MIN_BYTES >> 20} MiB"
        for sid in step.target:
            ctx.note(sid, f"tiled by {chosen}{when}")
    return fn
