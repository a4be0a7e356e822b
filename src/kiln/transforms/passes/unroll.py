"""Loop unrolling: ``factor`` copies of the body per iteration, then a remainder loop.

``for i in range(lo, hi): body`` becomes ``l = lo; h = hi; for b in range(l, h - (f - 1), f):
i = b; body; i = b + 1; body; ...`` followed by ``for i in range(max(l, l + (h - l) // f * f),
h): body``. Iterations keep their order, so unrolling is always legal for a loop that steps by 1;
bodies that ``break``/``continue`` this loop or hold labelled blocks or allocations are not
unrolled. The bounds are evaluated once, as before. Off by default (gcc unrolls on its own at
-O3); the ``unroll`` pass with ``factor`` >= 2 unrolls every innermost loop.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import bodies, iter_stmts, map_stmts, max_sid
from kiln.transforms.fresh import fresh_scalar
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.versioning import renumbered

INT64 = ScalarType("int64")


def _leaves_loop(body: tuple[ir.Stmt, ...]) -> bool:
    """A ``break`` or ``continue`` of this loop (not of a loop nested in it)."""
    for s in body:
        if isinstance(s, ir.Break | ir.Continue):
            return True
        if not isinstance(s, ir.For | ir.While) and any(_leaves_loop(b) for b in bodies(s)):
            return True
    return False


def _legal(fn: ir.Function, step: Step) -> str | None:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return "no such loop"
    factor = step.params.get("factor")
    if not isinstance(factor, int) or isinstance(factor, bool) or factor < 2:
        return "params.factor must be an integer >= 2"
    if loop.parallel:
        return "the loop is parallel"
    if not (isinstance(loop.step, ir.Const) and loop.step.value == 1):
        return "the loop does not step by 1"
    if _leaves_loop(loop.body):
        return "the body breaks out of or continues the loop"
    if any(isinstance(s, ir.Block | ir.Alloc) for s in iter_stmts(loop.body)):
        return "the body holds a labelled block or an allocation"
    return None


def _int(v: int) -> ir.Const:
    return ir.Const(v, INT64)


def _bin(op: str, a: ir.Expr, b: ir.Expr) -> ir.Binary:
    return ir.Binary(op, a, b, INT64)


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    loop = find_loop(fn, step.target[0])
    assert loop is not None
    f = int(step.params["factor"])
    var_type = fn.var_types()[loop.var]
    assert isinstance(var_type, ScalarType)
    fn, lo = fresh_scalar(fn, f"{loop.var}_lo", INT64)
    fn, hi = fresh_scalar(fn, f"{loop.var}_hi", INT64)
    fn, base = fresh_scalar(fn, f"{loop.var}_base", INT64)
    sid = max_sid(fn)
    body: list[ir.Stmt] = []
    for k in range(f):
        copy = loop.body
        if k:
            copy, sid = renumbered(loop.body, sid)
        sid += 1
        value = ir.Cast(_bin("add", base, _int(k)) if k else base, var_type)
        body += [ir.Assign(loop.var, value, sid=sid, loc=loop.loc), *copy]
    main = ir.For(
        base.name, lo, _bin("sub", hi, _int(f - 1)), _int(f), tuple(body), sid=loop.sid, loc=loop.loc
    )
    rest_body, sid = renumbered(loop.body, sid)
    start = _bin(
        "max", lo, _bin("add", lo, _bin("mul", _bin("floordiv", _bin("sub", hi, lo), _int(f)), _int(f)))
    )
    rest = ir.For(loop.var, start, hi, loop.step, rest_body, sid=sid + 1, loc=loop.loc)
    setup = (
        ir.Assign(lo.name, loop.start, sid=sid + 2, loc=loop.loc),
        ir.Assign(hi.name, loop.stop, sid=sid + 3, loc=loop.loc),
    )
    replacement = (*setup, main, rest)

    def swap(s: ir.Stmt) -> tuple[ir.Stmt, ...] | None:
        return replacement if isinstance(s, ir.For) and s.sid == loop.sid else None

    import dataclasses

    return dataclasses.replace(fn, body=map_stmts(fn.body, swap))


register_transformation("unroll", _legal, _apply)


@register("unroll", defaults={"factor": 0}, description="unroll innermost loops by a factor")
def unroll(fn: ir.Function, ctx: PassContext) -> ir.Function:
    factor = int(ctx.params["factor"])
    if factor < 2:
        return fn
    innermost = [
        s.sid
        for s in iter_stmts(fn.body)
        if isinstance(s, ir.For) and not any(isinstance(x, ir.For) for x in iter_stmts(s.body))
    ]
    for sid in innermost:
        step = Step("unroll", (sid,), {"factor": factor})
        reason = _legal(fn, step)
        if reason:
            ctx.note(sid, f"not unrolled: {reason}")
            continue
        fn = _apply(fn, step)
        ctx.steps.append(step)
        ctx.note(sid, f"unrolled by {factor}")
    return fn
