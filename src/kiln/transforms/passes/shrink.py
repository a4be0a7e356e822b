"""Array shrinking: a local array whose rows each live in one iteration becomes a row buffer.

After fusion, softmax's ``tmp_out = np.exp(x - m); s = np.sum(tmp_out, -1); out = tmp_out / s``
is one nest over the rows; each iteration writes its row of ``tmp_out`` and reads it back, and
no iteration reads another's. The full-size array still goes to memory and back (a write and a
read of every element, plus the write's fetch of the line). Allocated in the iteration instead,
with only the dimensions the iteration walks, the row stays in the cache.

Legal for an array this function allocates and keeps to itself (:func:`local_arrays`) when
- every use of it is inside one loop nest that follows its allocation, ``for i0: ... for ik:``,
  each loop the only statement of the previous one's body that names the array (the nest's
  headers may sit beside the loops);
- every subscript's first ``k + 1`` positions are exactly ``i0, ..., ik`` (loops that no
  statement reassigns), so two iterations never touch a common element and no value crosses
  from one iteration to another;
- nothing asks for its extents along those dimensions, its strides, or whether it overlaps
  another array;
- the extents that stay are the same in every iteration (nothing in the nest, or between the
  allocation and the nest, writes what they read).

Each iteration of ``ik`` then allocates its own array of the remaining extents at the top of the
body; that allocation gets one block per thread, taken before the loops start (the scheduling
pass :mod:`kiln.transforms.passes.hoist_blocks`), and the iteration-private array does not stop
the outer loop from running in parallel (:func:`kiln.analysis.loop_plans.private_allocs`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kiln.analysis.effects import effects_of, extents_change
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import array_names, iter_exprs, iter_stmts, map_exprs, map_stmts, max_sid
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.passes.contract import local_arrays, walk
from kiln.transforms.recipes import Step, register_transformation


@dataclass(frozen=True)
class Shrinking:
    array: str
    alloc: ir.Alloc
    loops: tuple[ir.For, ...]  # the loops whose counters lead every subscript, outermost first


def _mentions(s: ir.Stmt, array: str) -> bool:
    """Whether ``s`` itself (not the statements nested in it) names ``array``."""
    return array in array_names(s)


def _mentions_deep(stmts: tuple[ir.Stmt, ...], array: str) -> bool:
    return any(_mentions(s, array) for s in iter_stmts(stmts))


def plan_shrinking(fn: ir.Function, array: str) -> Shrinking | str:
    """How ``array`` shrinks to a per-iteration buffer, or why it cannot."""
    if array not in local_arrays(fn):
        return f"{array} is not an array this function allocates and keeps to itself"
    found = [(s, ch) for s, ch in walk(fn.body) if isinstance(s, ir.Alloc) and s.target == array]
    alloc, chain = found[0]
    assert isinstance(alloc, ir.Alloc)
    where = chain[-1][1]
    pos = next(k for k, s in enumerate(where) if s is alloc)
    users = [s for s in where if s is not alloc and _mentions_deep((s,), array)]
    if len(users) != 1 or not isinstance(users[0], ir.For) or where.index(users[0]) < pos:
        return f"{array} is not used in one loop nest after its allocation"
    loops = _nest(users[0], array)
    if isinstance(loops, str):
        return loops
    if len(loops) >= alloc.type.ndim:
        return f"every dimension of {array} is a loop's: contraction to a scalar is contract's job"
    up_to_nest = where[pos + 1 : where.index(users[0]) + 1]
    reason = _subscripts_ok(loops, array) or _extents_ok(up_to_nest, alloc, len(loops))
    return reason or Shrinking(array, alloc, loops)


def _nest(outer: ir.For, array: str) -> tuple[ir.For, ...] | str:
    """The loops, from ``outer`` inward, whose counters lead every subscript of ``array``."""
    loops = [outer]
    while True:
        loop = loops[-1]
        if _mentions(loop, array):
            return f"{array} is read in the bounds of loop #{loop.sid}"
        users = [s for s in loop.body if _mentions_deep((s,), array)]
        inner = users[0] if len(users) == 1 and isinstance(users[0], ir.For) else None
        if inner is None or not _leads(inner, array, len(loops)):
            break
        loops.append(inner)
    if not _leads(outer, array, 0):
        return f"the subscripts of {array} do not start with loop #{outer.sid}'s counter"
    return tuple(loops)


def _leads(loop: ir.For, array: str, position: int) -> bool:
    """Whether every access of ``array`` in ``loop`` has ``loop``'s counter at ``position``."""
    for s in iter_stmts(loop.body):
        for idx in _subscripts(s, array):
            lead = idx[position] if len(idx) > position else None
            if not (isinstance(lead, ir.Var) and lead.name == loop.var):
                return False
    return True


def _subscripts(s: ir.Stmt, array: str) -> list[tuple[ir.Expr, ...]]:
    found = [s.indices] if isinstance(s, ir.Store) and s.array == array else []
    found += [e.indices for e in iter_exprs(s, deep=False) if isinstance(e, ir.Load) and e.array == array]
    return found


def _subscripts_ok(loops: tuple[ir.For, ...], array: str) -> str:
    counters = {loop.var for loop in loops}
    reassigned = counters & {s.target for s in iter_stmts(loops[0].body) if isinstance(s, ir.Assign)}
    nest = {loop.sid for loop in loops}
    reassigned |= counters & {
        s.var for s in iter_stmts(loops[0].body) if isinstance(s, ir.For) and s.sid not in nest
    }
    if reassigned:
        return f"the loop counter {sorted(reassigned)[0]} is assigned in the nest"
    for s in iter_stmts(loops[0].body):
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Stride) and e.array == array:
                return f"the nest reads {array}'s strides"
            if isinstance(e, ir.Dim) and e.array == array and e.axis < len(loops):
                return f"the nest reads {array}'s extent along a dimension that goes"
            if isinstance(e, ir.Overlaps) and array in (e.a, e.b):
                return f"the nest asks whether {array} overlaps another array"
    return ""


def _extents_ok(between_and_nest: tuple[ir.Stmt, ...], alloc: ir.Alloc, dropped: int) -> str:
    """The extents that stay read nothing the statements up to and through the nest change."""
    if extents_change(alloc.shape[dropped:], effects_of(between_and_nest)):
        return f"the extents of {alloc.target} change in the nest"
    return ""


def shrink(fn: ir.Function, plan: Shrinking) -> ir.Function:
    k = len(plan.loops)
    old = plan.alloc.type
    new_type = ArrayType(old.dtype, old.ndim - k, "C")
    alloc = dataclasses.replace(plan.alloc, type=new_type, shape=plan.alloc.shape[k:], sid=max_sid(fn) + 1)

    def smaller(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Load) and e.array == plan.array:
            return dataclasses.replace(e, indices=e.indices[k:])
        if isinstance(e, ir.Dim) and e.array == plan.array:
            return dataclasses.replace(e, axis=e.axis - k)
        return e

    def rewrite(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        if isinstance(s, ir.Alloc) and s.sid == plan.alloc.sid:
            return ()
        if not _mentions(s, plan.array):
            return None
        if isinstance(s, ir.Store) and s.array == plan.array:
            s = dataclasses.replace(s, indices=s.indices[k:])
        return map_exprs(s, smaller, deep=False)  # type: ignore[return-value]

    body = map_stmts(fn.body, rewrite)
    innermost = plan.loops[-1].sid

    def place(s: ir.Stmt) -> ir.Stmt | None:
        if isinstance(s, ir.For) and s.sid == innermost:
            return dataclasses.replace(s, body=(alloc, *s.body))
        return None

    body = map_stmts(body, place)
    locals_ = tuple((n, new_type if n == plan.array else t) for n, t in fn.locals)
    return dataclasses.replace(fn, body=body, locals=locals_)


# ---------------------------------------------------------------------------- as recipe steps


def _legal(fn: ir.Function, step: Step) -> str | None:
    plan = plan_shrinking(fn, str(step.params.get("array", "")))
    if isinstance(plan, str):
        return plan
    if tuple(step.target) != tuple(loop.sid for loop in plan.loops):
        return "the array's rows do not belong to those loops"
    return None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    plan = plan_shrinking(fn, str(step.params["array"]))
    assert isinstance(plan, Shrinking)
    return shrink(fn, plan)


register_transformation("shrink", _legal, _apply)


@register("shrink", description="allocate local arrays whose rows live in one iteration per iteration")
def shrink_arrays(fn: ir.Function, ctx: PassContext) -> ir.Function:
    for array in sorted(local_arrays(fn)):
        plan = plan_shrinking(fn, array)
        if isinstance(plan, str):
            continue
        fn = shrink(fn, plan)
        sids = tuple(loop.sid for loop in plan.loops)
        ctx.steps.append(Step("shrink", sids, {"array": array}))
        dims = plan.alloc.type.ndim - len(sids)
        ctx.note(sids[-1], f"shrank {array} to a {dims}-d buffer per iteration")
    ctx.analyses.update(fn, frozenset())
    return fn
