"""Array contraction and dead-array elimination, for arrays this function allocates.

After fusion ``t = a + b; out[:] = t * c`` stores ``t[i, j]`` and loads it back a statement later
in the same iteration. When that is the only place ``t`` is read, the element can live in a
scalar (a register): the store becomes an assignment and the loads read the scalar. An array
that is written but never read is removed with its stores (and its allocation when nothing
else names it); checks and every other statement stay.

Only an array that does not escape qualifies: allocated once (``Alloc``), never returned, never
viewed (``View``), never passed to a library call or updated atomically. A store ``A[X] = v`` at
the top of a loop body ``R`` contracts when
- every load of ``A`` in ``R`` follows the store, at the same subscripts ``X``, and nothing in
  between changes what ``X`` reads; ``R`` stores ``A`` nowhere else;
- every other use of ``A`` is in statements after its allocation and up to the one holding
  ``R`` (``P``), and inside ``P`` only in ``R`` or in the branch of an ``If`` that excludes
  ``R`` (the unfused version fusion keeps): no value stored in ``R`` is ever read elsewhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from kiln.analysis.effects import effects_of
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_exprs, map_stmts
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, register_transformation

Chain = tuple[tuple[ir.Stmt, tuple[ir.Stmt, ...]], ...]  # ancestors (statement, list it is in)


def walk(body: tuple[ir.Stmt, ...], chain: Chain = ()) -> Iterator[tuple[ir.Stmt, Chain]]:
    """Every statement with its ancestors, outermost first (each with the list holding it)."""
    for s in body:
        here = (*chain, (s, body))
        yield s, here
        for b in bodies(s):
            yield from walk(b, here)


def local_arrays(fn: ir.Function) -> set[str]:
    """Arrays allocated exactly once that never escape (returned, viewed, passed on)."""
    allocs: dict[str, int] = {}
    escaped: set[str] = {p.name for p in fn.params}
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.Alloc):
            allocs[s.target] = allocs.get(s.target, 0) + 1
        elif isinstance(s, ir.View):
            escaped |= {s.base, s.target}
        elif isinstance(s, ir.LibCall):
            escaped |= set(s.inputs) | set(s.outputs)
        elif isinstance(s, ir.Invoke | ir.Print):  # passed to a helper, or printed
            escaped |= set(s.arrays)
        elif isinstance(s, ir.Atomic):
            escaped.add(s.array)
        elif isinstance(s, ir.Return):
            escaped |= set(s.values)
    return {a for a, n in allocs.items() if n == 1 and a not in escaped}


def _uses(s: ir.Stmt, array: str) -> bool:
    """Whether ``s`` itself (not its nested bodies) reads or writes elements of ``array``."""
    if isinstance(s, ir.Store) and s.array == array:
        return True
    return any(isinstance(e, ir.Load) and e.array == array for e in iter_exprs(s, deep=False))


def _count_uses(stmts: tuple[ir.Stmt, ...], array: str) -> int:
    return sum(1 for s in iter_stmts(stmts) if _uses(s, array))


def _uses_deep(stmts: tuple[ir.Stmt, ...], array: str) -> bool:
    return any(_uses(s, array) for s in iter_stmts(stmts))


@dataclass(frozen=True)
class Contraction:
    array: str
    store: ir.Store
    loop: ir.For  # the loop whose body holds the store at its top level


def plan_contraction(fn: ir.Function, store_sid: int) -> Contraction | str:
    """The contraction of the store ``store_sid``, or why it is not legal."""
    found = [(s, ch) for s, ch in walk(fn.body) if s.sid == store_sid]
    if not found or not isinstance(found[0][0], ir.Store):
        return "no such store"
    store, chain = found[0]
    array = store.array  # type: ignore[union-attr]
    if array not in local_arrays(fn):
        return f"{array} is not an array this function allocates and keeps to itself"
    if len(chain) < 2 or not isinstance(chain[-2][0], ir.For):
        return "the store is not at the top of a loop body"
    loop = chain[-2][0]
    region = chain[-1][1]
    reason = _region_ok(region, store, array) or _elsewhere_ok(fn, chain, array)  # type: ignore[arg-type]
    return reason or Contraction(array, store, loop)  # type: ignore[arg-type]


def _region_ok(region: tuple[ir.Stmt, ...], store: ir.Store, array: str) -> str:
    pos = next(k for k, s in enumerate(region) if s is store)
    if _uses_deep(region[:pos], array) or any(
        isinstance(e, ir.Load) and e.array == array for e in iter_exprs(store)
    ):
        return f"{array} is read before the store in the loop body"
    if any(not isinstance(e, ir.Var | ir.Const | ir.Dim | ir.Stride | ir.Binary | ir.Unary | ir.Cast)
           for x in store.indices for e in iter_exprs(x)):  # fmt: skip
        return "the subscripts are not plain index arithmetic"
    after = region[pos + 1 :]
    index_vars = {e.name for x in store.indices for e in iter_exprs(x) if isinstance(e, ir.Var)}
    if index_vars & effects_of(after).writes:
        return "the subscripts change after the store"
    if not _uses_deep(after, array):
        return f"{array} is not read after the store (dead-array elimination removes it)"
    for s in iter_stmts(after):
        if isinstance(s, ir.Store) and s.array == array:
            return f"{array} is stored twice in the loop body"
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load) and e.array == array and e.indices != store.indices:
                return f"{array} is read at other subscripts than it is stored"
    return ""


def _elsewhere_ok(fn: ir.Function, chain: Chain, array: str) -> str:
    """Uses of ``array`` outside the store's loop body are ones that can never see its values."""
    alloc = [(s, ch) for s, ch in walk(fn.body) if isinstance(s, ir.Alloc) and s.target == array][0]
    alloc_list = alloc[1][-1][1]
    level = len(alloc[1]) - 1  # index in ``chain`` of the statement in the alloc's list
    if len(chain) <= level or chain[level][1] is not alloc_list:
        return f"the store is not after {array}'s allocation in the same statement list"
    a_pos = alloc_list.index(alloc[0])
    p_pos = next(k for k, s in enumerate(alloc_list) if s is chain[level][0])
    if p_pos <= a_pos or _count_uses(fn.body, array) != _count_uses(alloc_list[a_pos + 1 : p_pos + 1], array):
        return f"{array} is used after the statement that holds the store"
    for k in range(level, len(chain) - 2):  # the statements from P down to the store's loop
        node, nxt = chain[k][0], chain[k + 1][0]
        if _uses(node, array):
            return f"{array} is read in a condition or bound around the store"
        if isinstance(node, ir.If):
            branch = node.then if any(s is nxt for s in node.then) else node.orelse
            if _uses_deep(tuple(s for s in branch if s is not nxt), array):
                return f"{array} is used beside the store's loop"
        elif isinstance(node, ir.For):
            if _uses_deep(tuple(s for s in node.body if s is not nxt), array):
                return f"{array} is used beside the store's loop"
        else:
            return f"the store is inside a {type(node).__name__.lower()}"
    loop = chain[-2][0]
    if _uses(loop, array):
        return f"{array} is read in the bounds of the store's loop"
    return ""


def contract(fn: ir.Function, plan: Contraction) -> ir.Function:
    array_type = fn.var_types()[plan.array]
    t = ScalarType(array_type.dtype)
    name = _fresh(fn, f"c{plan.store.sid}_{plan.array}")
    value = plan.store.value if plan.store.value.type == t else ir.Cast(plan.store.value, t)
    assign = ir.Assign(name, value, sid=plan.store.sid, loc=plan.store.loc)
    var = ir.Var(name, t)

    def scalar(e: ir.Expr) -> ir.Expr:
        return var if isinstance(e, ir.Load) and e.array == plan.array else e

    def rewrite(s: ir.Stmt) -> ir.Stmt | None:
        if not (isinstance(s, ir.For) and s.sid == plan.loop.sid):
            return None
        pos = next(k for k, b in enumerate(s.body) if b.sid == plan.store.sid)
        after = tuple(map_exprs(b, scalar) for b in s.body[pos + 1 :])
        return dataclasses.replace(s, body=(*s.body[:pos], assign, *after))  # type: ignore[arg-type]

    return dataclasses.replace(fn, body=map_stmts(fn.body, rewrite), locals=(*fn.locals, (name, t)))


def _fresh(fn: ir.Function, base: str) -> str:
    taken = set(fn.var_types())
    name, k = base, 0
    while name in taken:
        k += 1
        name = f"{base}_{k}"
    return name


# ------------------------------------------------------------------------ dead arrays


def dead_arrays(fn: ir.Function) -> list[str]:
    """Local arrays whose elements are never read."""
    loaded = {
        e.array for s in iter_stmts(fn.body) for e in iter_exprs(s, deep=False) if isinstance(e, ir.Load)
    }
    return sorted(local_arrays(fn) - loaded)


def drop_array(fn: ir.Function, array: str) -> ir.Function:
    """``fn`` without the stores to ``array`` (and its allocation when nothing names it), and
    without the loops and ifs that this leaves empty."""

    def no_stores(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        return () if isinstance(s, ir.Store) and s.array == array else None

    body = map_stmts(fn.body, no_stores)
    named = any(array in _names(e) for s in iter_stmts(body) for e in iter_exprs(s, deep=False))
    if not named:
        body = map_stmts(body, lambda s: () if isinstance(s, ir.Alloc) and s.target == array else None)
    return dataclasses.replace(fn, body=_drop_empty(body))


def _names(e: ir.Expr) -> set[str]:
    if isinstance(e, ir.Dim | ir.Stride | ir.Load):
        return {e.array}
    if isinstance(e, ir.Overlaps):
        return {e.a, e.b}
    return set()


def _drop_empty(body: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
    read = {e.name for s in iter_stmts(body) for e in iter_exprs(s, deep=False) if isinstance(e, ir.Var)}
    read |= {v for s in iter_stmts(body) if isinstance(s, ir.Return) for v in s.values}

    def empty(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        if isinstance(s, ir.For) and not s.body and not s.reductions and s.var not in read:
            return ()  # bounds are pure, and nothing reads the variable the loop leaves behind
        if isinstance(s, ir.If) and not s.then and not s.orelse:
            return ()
        return None

    return map_stmts(body, empty)


# ---------------------------------------------------------------------------- as recipe steps


def _legal_contract(fn: ir.Function, step: Step) -> str | None:
    plan = plan_contraction(fn, int(step.params.get("store", -1)))
    if isinstance(plan, str):
        return plan
    if tuple(step.target) != (plan.loop.sid,):
        return "the store is not in that loop"
    return None


def _apply_contract(fn: ir.Function, step: Step) -> ir.Function:
    plan = plan_contraction(fn, int(step.params["store"]))
    assert isinstance(plan, Contraction)
    return contract(fn, plan)


def _legal_drop(fn: ir.Function, step: Step) -> str | None:
    return None if step.params.get("array") in dead_arrays(fn) else "the array is read or escapes"


def _apply_drop(fn: ir.Function, step: Step) -> ir.Function:
    return drop_array(fn, str(step.params["array"]))


register_transformation("contract", _legal_contract, _apply_contract)
register_transformation("drop_array", _legal_drop, _apply_drop)


@register("contract", description="keep elements of local arrays in scalars; drop unread arrays")
def contract_arrays(fn: ir.Function, ctx: PassContext) -> ir.Function:
    tried: set[int] = set()
    while True:
        locals_ = local_arrays(fn)
        stores = [s for s in iter_stmts(fn.body) if isinstance(s, ir.Store) and s.array in locals_]
        plan: Contraction | str = ""
        for s in stores:
            if s.sid in tried:
                continue
            tried.add(s.sid)
            plan = plan_contraction(fn, s.sid)
            if isinstance(plan, Contraction):
                break
        if not isinstance(plan, Contraction):
            break
        fn = contract(fn, plan)
        ctx.steps.append(Step("contract", (plan.loop.sid,), {"array": plan.array, "store": plan.store.sid}))
        ctx.note(plan.loop.sid, f"contracted {plan.array} to a scalar")
    for array in dead_arrays(fn):
        fn = drop_array(fn, array)
        ctx.steps.append(Step("drop_array", (), {"array": array}))
    ctx.analyses.update(fn, frozenset())
    return fn
