"""Mark innermost loops ``simd`` (``#pragma omp simd``) where no iteration depends on another.

gcc vectorizes a loop only when it can rule out that a store of one iteration feeds a load of a
later one; with run-time strides and several array arguments it often cannot (or it versions the
loop on an alias test of its own). The exact dependence test can: a loop is marked when

- it is innermost, sequential, steps by a constant, and its body is straight-line code (assignments,
  stores, ``if``) with no checks, calls into libraries or allocations;
- every scalar it writes is private to an iteration, or a reduction that may be reassociated: an
  integer ``+``/``*`` of 32 or 64 bits, or a floating-point one under ``fastmath`` (otherwise
  NumPy's summation order must be kept, so the loop is left alone), or a ``min``/``max`` of real
  numbers, which rounds nothing (floating-point lanes combine with the prelude's NaN-propagating
  ``kiln_max_*``; only which of several NaNs, or of -0.0 and 0.0, comes out may differ, as it
  does between NumPy's own reduction loops); no scalar it writes is read after the loop (gcc's
  ``lastprivate`` under ``omp simd`` is garbage when no iteration runs);
- the exact test (islpy) finds no element two iterations touch where one writes; parameters that
  might share memory version the loop on ``Overlaps``, as ``parallelize`` does;
- every array access walks memory with unit stride or not at all (C order: the loop's counter only
  in the last subscript, with coefficient +-1; F order: the first). ``omp simd`` turns off gcc's
  cost model, and a strided loop forced into vectors gathers element by element: slower.
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.dependences import NotAffine, accesses, affine, affine_scalars, carried_dependence
from kiln.analysis.effects import array_roots, effects_of
from kiln.analysis.liveness import live_after
from kiln.analysis.loop_plans import plan_scalars
from kiln.analysis.signs import nonneg_scalars
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_stmts, max_sid
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.versioning import all_apart, renumbered

_STRAIGHT = (ir.Assign, ir.Store, ir.If)


@dataclasses.dataclass(frozen=True)
class Verdict:
    reductions: tuple[tuple[str, str], ...] = ()
    checks: frozenset[tuple[str, str]] = frozenset()
    reason: str = ""  # non-empty: not legal (or not worth it), and why


def _shape_problem(loop: ir.For) -> str:
    if loop.parallel:
        return "the loop is parallel"
    if loop.simd:
        return "already simd"
    if not (isinstance(loop.step, ir.Const) and loop.step.value != 0):
        return "the step is not a constant"
    stmts = list(iter_stmts(loop.body))
    if any(isinstance(s, ir.For | ir.While) for s in stmts):
        return "not an innermost loop"
    if not all(isinstance(s, _STRAIGHT) for s in stmts):
        return "the body is not straight-line arithmetic"
    if any(isinstance(e, ir.Overlaps) for s in stmts for e in iter_exprs(s, deep=False)):
        return "the body tests overlaps"
    return ""


def _reduction_problem(fn: ir.Function, reductions: tuple[tuple[str, str], ...], fastmath: bool) -> str:
    types = fn.var_types()
    for var, op in reductions:
        t = types.get(var)
        if op not in ("add", "mul", "min", "max") or not isinstance(t, ScalarType) or t.is_bool:
            return f"the reduction into {var} has no simd form"
        if op in ("min", "max") and t.is_complex:
            return f"the reduction into {var} has no simd form (complex numbers are unordered)"
        if t.is_integer and t.np_dtype.itemsize < 4:
            # gcc keeps a narrow counter per lane in memory and combines them one by one
            return f"the reduction into {var} is narrower than 32 bits"
        if op in ("add", "mul") and not t.is_integer and not fastmath:
            return f"the floating-point reduction of {var} would change its rounding"
    return ""


def _stride_problem(fn: ir.Function, loop: ir.For) -> str:
    """An array access the loop walks with a stride other than one element (see module doc)."""
    subst = affine_scalars(loop.body, loop)
    types = fn.var_types()
    for acc in accesses(loop.body):
        t = types.get(acc.array)
        if not isinstance(t, ArrayType) or not acc.indices:
            continue
        try:
            coeffs = [affine(e, subst).get(loop.var, 0) for e in acc.indices]
        except NotAffine:
            return f"a subscript of {acc.array} is not affine"
        if not any(coeffs):
            continue
        fast = len(coeffs) - 1 if t.layout == "C" else 0 if t.layout == "F" else -1
        if fast < 0 or abs(coeffs[fast]) != 1 or any(c for k, c in enumerate(coeffs) if k != fast):
            return f"{acc.array} is not walked with unit stride"
    return ""


def judge(fn: ir.Function, loop: ir.For, fastmath: bool) -> Verdict:
    problem = _shape_problem(loop)
    if problem:
        return Verdict(reason=problem)
    plan = plan_scalars(loop.body, loop.var)
    if plan is None:
        return Verdict(reason="a scalar carries a value between iterations")
    problem = _reduction_problem(fn, plan.reductions, fastmath)
    if problem:
        return Verdict(reason=problem)
    # lastprivate under omp simd leaves garbage when the loop runs no iteration (gcc 12), so a
    # scalar the loop writes must not be read after it, whether or not every iteration writes it
    reduced = {v for v, _ in plan.reductions}
    written = {x.target for x in iter_stmts(loop.body) if isinstance(x, ir.Assign)}
    written |= {x.var for x in iter_stmts(loop.body) if isinstance(x, ir.For)}
    used_after = sorted(live_after(fn.body, loop, written - reduced))
    if used_after:
        return Verdict(reason=f"{', '.join(used_after)} is written by the loop and read after it")
    problem = _stride_problem(fn, loop)
    if problem:
        return Verdict(reason=problem)
    deps = carried_dependence(loop, array_roots(fn), nonneg_scalars(fn))
    if deps.carried:
        return Verdict(reason=deps.reason)
    return Verdict(plan.reductions, frozenset(deps.overlap_checks))


def _marked(fn: ir.Function, loop: ir.For, verdict: Verdict) -> ir.Function:
    fast = dataclasses.replace(loop, simd=True, reductions=verdict.reductions)
    replacement: ir.Stmt = fast
    if verdict.checks:
        original, last = renumbered((loop,), max_sid(fn))
        replacement = ir.If(all_apart(verdict.checks), (fast,), original, sid=last + 1, loc=loop.loc)

    def swap(s: ir.Stmt) -> ir.Stmt | None:
        return replacement if isinstance(s, ir.For) and s.sid == loop.sid else None

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap))


def _legal(fn: ir.Function, step: Step) -> str | None:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return "no such loop"
    return judge(fn, loop, bool(step.params.get("fastmath", False))).reason or None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    loop = find_loop(fn, step.target[0])
    assert loop is not None
    verdict = judge(fn, loop, bool(step.params.get("fastmath", False)))
    known = dict(_innermost(fn.body)).get(loop.sid, frozenset())
    return _marked(fn, loop, dataclasses.replace(verdict, checks=verdict.checks - known))


register_transformation("simd", _legal, _apply)


def _apart_pairs(cond: ir.Expr) -> set[tuple[str, str]]:
    """Pairs of arrays a condition proves apart: conjuncts ``not overlaps(a, b)``."""
    if isinstance(cond, ir.Binary) and cond.op == "and":
        return _apart_pairs(cond.lhs) | _apart_pairs(cond.rhs)
    if isinstance(cond, ir.Unary) and cond.op == "not" and isinstance(cond.operand, ir.Overlaps):
        a, b = cond.operand.a, cond.operand.b
        return {(a, b), (b, a)}
    return set()


def _innermost(
    body: tuple[ir.Stmt, ...], known: frozenset[tuple[str, str]] = frozenset()
) -> list[tuple[int, frozenset[tuple[str, str]]]]:
    """Innermost loops, each with the pairs of arrays an enclosing versioning test proved apart
    (another test of them would be redundant)."""
    found: list[tuple[int, frozenset[tuple[str, str]]]] = []
    for s in body:
        if isinstance(s, ir.For) and not any(isinstance(x, ir.For) for x in iter_stmts(s.body)):
            found.append((s.sid, known))
        elif isinstance(s, ir.If):
            rebound = effects_of(s.then).array_binds
            pairs = {p for p in _apart_pairs(s.cond) if not set(p) & rebound}
            found += _innermost(s.then, known | pairs) + _innermost(s.orelse, known)
        else:
            for inner in bodies(s):
                found += _innermost(inner, known - _rebound_pairs(inner, known))
    return found


def _rebound_pairs(body: tuple[ir.Stmt, ...], known: frozenset[tuple[str, str]]) -> set[tuple[str, str]]:
    rebound = effects_of(body).array_binds
    return {p for p in known if set(p) & rebound}


@register("simd", description="mark dependence-free innermost loops omp simd")
def simd(fn: ir.Function, ctx: PassContext) -> ir.Function:
    fastmath = ctx.options.fastmath
    for sid, known in _innermost(fn.body):
        loop = find_loop(fn, sid)
        if loop is None or loop.parallel:
            continue
        verdict = judge(fn, loop, fastmath)
        if verdict.reason:
            ctx.note(sid, f"not simd: {verdict.reason}")
            continue
        step = Step("simd", (sid,), {"fastmath": True} if fastmath and verdict.reductions else {})
        fn = _apply(fn, step)
        ctx.steps.append(step)
        ctx.note(sid, "simd" + (" (versioned on overlap)" if verdict.checks - known else ""))
    return fn
