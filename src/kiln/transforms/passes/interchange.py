"""Loop interchange: run the loop whose counter walks memory with unit stride innermost.

``for j: for i: A[i, j] += B[i, j]`` on C-ordered arrays jumps a row per inner iteration; with
the loops swapped it streams through memory (and the C compiler can vectorize). The pass looks
at perfect nests only (see :mod:`kiln.analysis.nests`), scores each loop of a band by the
accesses of the innermost body it would make unit-stride (minus those it would make jump), and
moves the best one innermost when that is legal: the exact dependence test finds no dependence
that the new order would run backwards, and no scalar ends up different.

A nest whose inner loop is an array statement's (marked parallel) inside a sequential loop,
``for j: y[:, j] = f(y[:, j - 1])``, is interchanged only when compiling for threads and the new
outermost loop can run in parallel: the rows then run on the threads, each a unit-stride
recurrence. The marks are cleared and parallelize judges the new order.
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.band_dependences import permutation_order
from kiln.analysis.dependences import NotAffine, affine, affine_scalars
from kiln.analysis.nests import Band, perfect_bands, rebuild, strided_refs
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.reorder import find_band, judge_band, put_in_place


def _order(band: Band, step: Step) -> tuple[int, ...] | str:
    """Positions of the band's loops in the new order (outermost first), or why it is malformed."""
    sids = [loop.sid for loop in band.loops]
    order = step.params.get("order")
    if not isinstance(order, list | tuple) or sorted(order) != sorted(sids):
        return f"params.order must list the loops {sids} in their new order"
    return tuple(sids.index(int(s)) for s in order)


def _legal(fn: ir.Function, step: Step) -> str | None:
    band = find_band(fn, step.target)
    if isinstance(band, str):
        return band
    order = _order(band, step)
    if isinstance(order, str):
        return order
    return judge_band(fn, band, permutation_order(len(band.loops), order), parallel_loops=True).reason or None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    band = find_band(fn, step.target)
    assert not isinstance(band, str)
    order = _order(band, step)
    assert not isinstance(order, str)
    verdict = judge_band(fn, band, permutation_order(len(band.loops), order), parallel_loops=True)
    # a loop marked parallel in one order need not be in another: parallelize judges them again
    loops = [dataclasses.replace(band.loops[k], parallel=False, reductions=()) for k in order]
    nest = rebuild(loops, [band.headers[k] for k in order], band.body)
    return put_in_place(fn, band.loops[0], (nest,), verdict.overlap_checks)


register_transformation("interchange", _legal, _apply)


def stride_scores(fn: ir.Function, band: Band) -> list[int]:
    """Per loop of the band: accesses it walks with unit stride minus accesses it makes jump."""
    scores = [0] * len(band.loops)
    for forms, fast in strided_refs(band, fn.var_types()):
        for k, var in enumerate(band.vars):
            if any(f.get(var, 0) for j, f in enumerate(forms) if j != fast):
                scores[k] -= 1
            elif abs(forms[fast].get(var, 0)) == 1:
                scores[k] += 1
    return scores


def accumulator_scores(band: Band) -> list[int]:
    """Per loop of the band but the innermost: the stores of the innermost body that move with
    the innermost loop and stay put across this loop's iterations."""
    inner = band.vars[-1]
    subst = affine_scalars(band.loops[0].body, band.loops[0])
    scores = [0] * (len(band.loops) - 1)
    for s in iter_stmts(band.body):
        if not isinstance(s, ir.Store):
            continue
        try:
            names = set().union(*(affine(e, subst) for e in s.indices))
        except NotAffine:
            continue
        if inner in names:
            for k, var in enumerate(band.vars[:-1]):
                scores[k] += var not in names
    return scores


def _new_order(fn: ir.Function, band: Band) -> tuple[tuple[int, ...], int, str] | None:
    """The loops' new order (outermost first), the loop it moves and why; None to keep the band.

    First the unit-stride loop goes innermost. Where it already is, the loop across which an
    accumulator of the innermost loop stays put goes right outside it: ``c[i, j] += a[i, k] *
    b[k, j]`` as ``i, k, j`` keeps the row of ``c`` in registers (or L1) from one ``k`` to the
    next, where ``k, i, j`` loads and stores every row once per ``k`` (a CUDA tile's ``for j:
    for ty: for tx: tmp[ty, tx] += sA[ty, j] * sB[j, tx]`` on the CPU)."""
    n = len(band.loops)
    scores = stride_scores(fn, band)
    best = max(range(n), key=lambda k: (scores[k], k))
    if best != n - 1 and scores[best] > scores[-1]:
        return tuple(k for k in range(n) if k != best) + (best,), best, "moved innermost for unit stride"
    if n < 3 or scores[-1] <= 0:
        return None
    acc = accumulator_scores(band)
    best = max(range(n - 1), key=lambda k: (acc[k], k))
    if best == n - 2 or acc[best] <= acc[-1]:
        return None
    order = tuple(k for k in range(n - 1) if k != best) + (best, n - 1)
    return order, best, "moved outside the innermost loop, whose accumulators stay put across it"


@register("interchange", description="move the unit-stride loop of a perfect nest innermost")
def interchange(fn: ir.Function, ctx: PassContext) -> ir.Function:
    for band in perfect_bands(fn.body):
        found = _new_order(fn, band)
        if found is None:
            continue
        order, best, why = found
        step = Step(
            "interchange", tuple(lp.sid for lp in band.loops), {"order": [band.loops[k].sid for k in order]}
        )
        reason = _legal(fn, step)
        if reason:
            ctx.note(band.loops[best].sid, f"not interchanged: {reason}")
            continue
        if any(loop.parallel for loop in band.loops) and not ctx.options.parallel:
            # an array statement's loop inside a sequential one: the vectorized strided walk
            # beat the unit-stride recurrence on NPBench deriche at S (19x vs 14x NumPy)
            ctx.note(band.loops[best].sid, "not interchanged: the nest has a parallel loop")
            continue
        moved = _apply(fn, step)
        if ctx.options.parallel and _loses_parallelism(moved, band, band.loops[order[0]].sid):
            ctx.note(band.loops[best].sid, "not interchanged: no loop of the new order could run in parallel")
            continue
        fn = moved
        ctx.steps.append(step)
        ctx.note(band.loops[best].sid, f"interchanged ({why})")
    return fn


def _loses_parallelism(after: ir.Function, band: Band, outer_sid: int) -> bool:
    """A band with a parallel loop (an array statement's, inside a sequential loop) whose new
    outermost loop the parallelize pass would keep sequential: the old order had a parallel
    loop, the new one may have none."""
    from kiln.transforms.passes.parallelize import judge  # the pass that will judge it

    if not any(loop.parallel for loop in band.loops):
        return False
    outer = find_loop(after, outer_sid)  # (when versioned, the original copy has new ids)
    return outer is None or not judge(after, outer).legal
