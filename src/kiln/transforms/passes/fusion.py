"""Loop fusion: two adjacent loop nests over the same iteration space become one.

``t = a + b; out[:] = t * c`` lowers to a nest that fills ``t`` and a second nest that reads it;
fused, each element of ``t`` is used while it is still in a register (and ``contract`` can then
drop the array). The frontend wraps each array statement in versions (broadcasting or not,
operands overlapping or not), so a nest is found through ``If`` statements whose branch holds
only it: a *path* is the conditions leading to a nest. Two statements ``S1 ... S2`` of one body,
separated only by scalar assignments, checks, allocations and views, fuse along paths ``P1, P2``
into::

    <the statements between, moved before S1>
    if P1.conditions and P2.conditions and <parameters proven apart>:
        <the fused nest>
    else:
        S1; S2                        (as they were, with fresh statement ids)

Legal when (1) the outer ``k`` loops of both nests have equal bounds (syntactically, or through
``eq`` facts among the conditions, as broadcasting versions state), (2) the exact test of
``kiln.analysis.fusion_deps`` finds no reversed memory dependence, (3) scalars flow only within
an iteration (each shared scalar is written before it is read in both nests and is not used
elsewhere), (4) the nests cannot exit or raise, and (5) what moves before ``S1`` neither reads nor
writes what ``S1`` touches; a moved check may fire before ``S1`` has run only where ``S1`` writes
nothing but arrays this function allocated (invisible once it raises).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from kiln.analysis.dependences import carried_dependence
from kiln.analysis.effects import ArrayRoots, array_roots, effects_of
from kiln.analysis.fusion_deps import fusion_dependences
from kiln.analysis.loop_plans import Flow, plan_scalars
from kiln.analysis.signs import nonneg_scalars
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, kept_on, map_exprs, max_sid, replace_body, var_names
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, register_transformation
from kiln.transforms.versioning import all_of, apart, renumbered

BOOL = ScalarType("bool")
_BETWEEN = (ir.Assign, ir.Check, ir.Alloc, ir.View)  # what may separate two fused statements
_NEST_STMTS = (ir.Assign, ir.Store, ir.For, ir.If)  # what a fusable nest may contain
MAX_PATH_DEPTH = 3


@dataclass(frozen=True)
class Path:
    """A loop nest reached from a statement through ``If`` branches that hold only it."""

    guards: tuple[ir.Expr, ...]
    nest: ir.For


@dataclass(frozen=True)
class Candidate:
    body: tuple[ir.Stmt, ...]  # the statement list holding both
    first: int  # index of S1 in it
    second: int  # index of S2 in it
    path1: Path
    path2: Path


@dataclass(frozen=True)
class FusionPlan:
    cand: Candidate
    depth: int = 0
    checks: frozenset[tuple[str, str]] = frozenset()
    reason: str = ""  # non-empty: not legal, and why

    @property
    def legal(self) -> bool:
        return not self.reason


def paths(s: ir.Stmt, depth: int = 0) -> list[Path]:
    if isinstance(s, ir.For):
        return [Path((), s)]
    if not isinstance(s, ir.If) or depth >= MAX_PATH_DEPTH:
        return []
    found: list[Path] = []
    for cond, branch in ((s.cond, s.then), (ir.Unary("not", s.cond, BOOL), s.orelse)):
        if len(branch) == 1:
            found += [Path((cond, *p.guards), p.nest) for p in paths(branch[0], depth + 1)]
    return sorted(found, key=lambda p: _selects(p.nest))  # direct indexing (the fast version) first


def _selects(s: ir.Stmt) -> int:
    """How many selects ``s`` evaluates (kept on it: every pass over the candidates sorts the
    same nests again)."""
    return kept_on(s, "_kiln_selects", lambda: sum(1 for e in iter_exprs(s) if isinstance(e, ir.Select)))


def statement_lists(body: tuple[ir.Stmt, ...]) -> Iterator[tuple[ir.Stmt, ...]]:
    yield body
    for s in body:
        for b in bodies(s):
            yield from statement_lists(b)


def candidates(fn: ir.Function) -> Iterator[Candidate]:
    """Every pair of statements with only movable statements between, and each pair of paths."""
    for body in statement_lists(fn.body):
        for p, s1 in enumerate(body):
            ps1 = paths(s1)
            if not ps1:
                continue
            q = p + 1
            while q < len(body) and isinstance(body[q], _BETWEEN):
                q += 1
            if q == len(body):
                continue
            for p2 in paths(body[q]):
                for p1 in ps1:
                    yield Candidate(body, p, q, p1, p2)


# ------------------------------------------------------------------------------- legality


def _strip(e: ir.Expr) -> ir.Expr:
    """``e`` without casts between int64 and Python ints (they keep every value)."""
    while isinstance(e, ir.Cast) and e.type.dtype == "int64" and e.operand.type.dtype == "int64":
        e = e.operand
    return e


def _conjuncts(e: ir.Expr) -> Iterator[ir.Expr]:
    if isinstance(e, ir.Binary) and e.op == "and":
        yield from _conjuncts(e.lhs)
        yield from _conjuncts(e.rhs)
    else:
        yield e


class Equalities:
    """Integer expressions known equal where all the guards hold (union-find over ``eq`` facts)."""

    def __init__(self, guards: tuple[ir.Expr, ...]) -> None:
        self.parent: dict[ir.Expr, ir.Expr] = {}
        for g in guards:
            for c in _conjuncts(g):
                if isinstance(c, ir.Binary) and c.op == "eq" and c.lhs.type.is_integer:
                    a, b = self.find(_norm(c.lhs)), self.find(_norm(c.rhs))
                    if a != b:
                        self.parent[a] = b

    def find(self, e: ir.Expr) -> ir.Expr:
        while e in self.parent:
            e = self.parent[e]
        return e

    def same(self, a: ir.Expr, b: ir.Expr) -> bool:
        a, b = _norm(a), _norm(b)
        return a == b or self.find(a) == self.find(b)


def _norm(e: ir.Expr) -> ir.Expr:
    return map_exprs(e, _strip)  # type: ignore[return-value]


def common_levels(a: ir.For, b: ir.For, eqs: Equalities) -> tuple[list[ir.For], list[ir.For]]:
    """The outer levels of two nests with equal bounds, as deep as both are perfectly nested."""
    l1: list[ir.For] = []
    l2: list[ir.For] = []
    rename: dict[str, ir.Expr] = {}
    while True:
        same = (
            eqs.same(a.start, _subst(b.start, rename))
            and eqs.same(a.stop, _subst(b.stop, rename))
            and _norm(a.step) == _norm(_subst(b.step, rename))
            and a.var != b.var
            and not a.reductions
            and not b.reductions
        )
        if not same:
            return l1, l2
        l1.append(a)
        l2.append(b)
        rename[b.var] = ir.Var(a.var, ScalarType("int64"))
        if not (len(a.body) == 1 == len(b.body) and isinstance(a.body[0], ir.For)):
            return l1, l2
        if not isinstance(b.body[0], ir.For):
            return l1, l2
        a, b = a.body[0], b.body[0]


def _subst(e: ir.Expr, rename: dict[str, ir.Expr]) -> ir.Expr:
    if not rename:
        return e
    return map_exprs(e, lambda x: rename.get(x.name, x) if isinstance(x, ir.Var) else x)  # type: ignore[return-value]


def plan_fusion(fn: ir.Function, cand: Candidate, roots: ArrayRoots) -> FusionPlan:
    def no(reason: str) -> FusionPlan:
        return FusionPlan(cand, reason=reason)

    n1, n2 = cand.path1.nest, cand.path2.nest
    for nest in (n1, n2):
        if any(not isinstance(s, _NEST_STMTS) for s in iter_stmts(nest.body)) or effects_of([nest]).control:
            return no(f"loop {nest.sid} can exit, raise, allocate or call a library")
        if effects_of([nest]).array_binds:
            return no(f"loop {nest.sid} binds arrays")
    eqs = Equalities(cand.path1.guards + cand.path2.guards)
    l1, l2 = common_levels(n1, n2, eqs)
    if not l1:
        return no("the iteration spaces differ")
    reason = _scalars_flow(fn, cand, l1, l2) or _moves(cand, roots) or _guards_stable(cand, roots)
    if reason:
        return no(reason)
    deps = fusion_dependences(l1, l2, roots)
    if deps.reason:
        return no(deps.reason)
    return FusionPlan(cand, len(l1), frozenset(deps.overlap_checks))


def _scalars_flow(fn: ir.Function, cand: Candidate, l1: list[ir.For], l2: list[ir.For]) -> str:
    n1, n2 = cand.path1.nest, cand.path2.nest
    types = fn.var_types()
    if any(not _same_ints(types.get(a.var), types.get(b.var)) for a, b in zip(l1, l2)):
        return "the loop variables have different types"
    e1, e2 = effects_of([n1]), effects_of([n2])
    outer1, outer2 = {lp.var for lp in l1}, {lp.var for lp in l2}
    outside = _mentions_outside(fn, (n1, n2))
    if _assigns(n1, outer1) or _assigns(n2, outer2) or (outer1 | outer2) & _free_reads(fn.body, (n1, n2)):
        return "a loop variable is assigned in its loop or used after it"
    if outer1 & (e2.reads | e2.writes) or outer2 & (e1.reads | e1.writes):
        return "one nest uses the other's loop variable"
    shared = (e1.writes & (e2.reads | e2.writes)) | (e2.writes & e1.reads)
    shared -= outer1 | outer2
    if not shared:
        return ""
    exposed = _exposed(l1[-1].body, l1) | _exposed(l2[-1].body, l2)
    for v in sorted(shared):
        if v in outside or v in exposed or "*" in exposed:
            return f"scalar {v} carries a value from one nest to the other"
    return ""


def _free_reads(
    body: tuple[ir.Stmt, ...], skip: tuple[ir.For, ...], bound: frozenset[str] = frozenset()
) -> set[str]:
    """Scalars read outside ``skip`` where no enclosing loop binds them (a value a loop left)."""
    out: set[str] = set()
    for s in body:
        if any(s is n for n in skip):
            continue
        out |= var_names(s, deep=False) - bound
        out |= set(s.values) - bound if isinstance(s, ir.Return) else set()
        inner = bound | {s.var} if isinstance(s, ir.For) else bound
        for b in bodies(s):
            out |= _free_reads(b, skip, inner)
    return out


def _same_ints(a: object, b: object) -> bool:
    """Both int64 (a Python int or not): one loop variable stands for the other through a cast."""
    return isinstance(a, ScalarType) and isinstance(b, ScalarType) and a.dtype == b.dtype == "int64"


def _assigns(nest: ir.For, names: set[str]) -> bool:
    return any(isinstance(s, ir.Assign) and s.target in names for s in iter_stmts([nest]))


def _exposed(body: tuple[ir.Stmt, ...], levels: list[ir.For]) -> set[str]:
    """Scalars some path through one iteration reads before writing them."""
    if plan_scalars(body, levels[-1].var) is None:
        return {"*"}  # unknown: treat everything as exposed
    flow = Flow()
    flow.walk(body, {lp.var for lp in levels})
    return flow.exposed


def _mentions_outside(fn: ir.Function, nests: tuple[ir.For, ...]) -> set[str]:
    inside = {id(s) for s in iter_stmts(nests)}
    names: set[str] = set()
    for s in iter_stmts(fn.body):
        if id(s) in inside:
            continue
        names |= var_names(s, deep=False)
        if isinstance(s, ir.Assign):
            names.add(s.target)
        elif isinstance(s, ir.For):
            names.add(s.var)
        elif isinstance(s, ir.Return):
            names |= set(s.values)
    return names


def _writes_only_fresh(eff_writes: frozenset[str], roots: ArrayRoots) -> bool:
    return all(r.startswith("alloc:") for a in eff_writes for r in roots.of(a))


def _data_reads(stmts: list[ir.Stmt] | tuple[ir.Stmt, ...] | tuple[ir.Expr, ...]) -> set[str]:
    out: set[str] = set()
    for node in stmts:
        nodes = iter_exprs(node) if not isinstance(node, ir.Stmt) else _stmt_exprs(node)
        out |= {e.array for e in nodes if isinstance(e, ir.Load)}
    return out


def _stmt_exprs(s: ir.Stmt) -> Iterator[ir.Expr]:
    for t in iter_stmts([s]):
        yield from iter_exprs(t, deep=False)


def _var_reads(exprs: tuple[ir.Expr, ...]) -> set[str]:
    return {e.name for g in exprs for e in iter_exprs(g) if isinstance(e, ir.Var)}


def _meta_reads(exprs: tuple[ir.Expr, ...]) -> set[str]:
    out: set[str] = set()
    for g in exprs:
        for e in iter_exprs(g):
            if isinstance(e, ir.Dim | ir.Stride):
                out.add(e.array)
            elif isinstance(e, ir.Overlaps):
                out |= {e.a, e.b}
    return out


def _conflicts(reads: set[str], writes: frozenset[str], roots: ArrayRoots) -> bool:
    for r in reads:
        for w in writes:
            certain, pairs = roots.conflicts(r, w)
            if certain or pairs:
                return True
    return False


def _moves(cand: Candidate, roots: ArrayRoots) -> str:
    """The statements between S1 and S2 move before S1: they must not interact with it."""
    between = cand.body[cand.first + 1 : cand.second]
    if not between:
        return ""
    s1 = cand.body[cand.first]
    e1 = effects_of([s1])
    if e1.control:
        return "the first statement can exit or raise, and statements would move before it"
    fresh = _writes_only_fresh(e1.array_writes, roots)
    if not fresh and any(isinstance(m, ir.Check | ir.Alloc) for m in between):
        return "a check would fire before the first nest has written its arguments"
    em = effects_of(between)
    touched1 = e1.array_reads | e1.array_writes | e1.array_binds
    if em.reads & e1.writes or em.writes & (e1.reads | e1.writes) or em.array_binds & touched1:
        return "a statement between the nests depends on the first"
    if _conflicts(_data_reads(between), e1.array_writes, roots):
        return "a statement between the nests reads an array the first writes"
    return ""


def _guards_stable(cand: Candidate, roots: ArrayRoots) -> str:
    """S2's conditions are evaluated before S1: S1 must not change what they read."""
    g = cand.path2.guards
    if not g:
        return ""
    e1 = effects_of([cand.body[cand.first]])
    if _var_reads(g) & e1.writes or _meta_reads(g) & e1.array_binds:
        return "the second nest's conditions depend on the first"
    if _conflicts(_data_reads(g), e1.array_writes, roots):
        return "the second nest's conditions read an array the first writes"
    return ""


# ------------------------------------------------------------------------------- applying


def fuse_nests(fn: ir.Function, plan: FusionPlan) -> ir.For:
    """The fused nest: N1's loops (and ids) over N1's body followed by N2's, renamed."""
    l1, l2 = _levels(plan.cand.path1.nest, plan.depth), _levels(plan.cand.path2.nest, plan.depth)
    types = fn.var_types()
    rename = {b.var: _as(ir.Var(a.var, types[a.var]), types[b.var]) for a, b in zip(l1, l2)}  # type: ignore[arg-type]
    second = tuple(map_exprs(s, lambda x: _rename_var(x, rename)) for s in l2[-1].body)
    body: tuple[ir.Stmt, ...] = l1[-1].body + second  # type: ignore[operator]
    for a, b in reversed(list(zip(l1, l2))):
        body = (dataclasses.replace(a, body=body, parallel=a.parallel and b.parallel),)
    return _recheck_parallel(fn, body[0])  # type: ignore[arg-type]


def _as(v: ir.Var, t: ScalarType) -> ir.Expr:
    return v if v.type == t else ir.Cast(v, t)


def _rename_var(e: ir.Expr, rename: dict[str, ir.Expr]) -> ir.Expr:
    return rename.get(e.name, e) if isinstance(e, ir.Var) else e


def _levels(nest: ir.For, depth: int) -> list[ir.For]:
    out = [nest]
    while len(out) < depth:
        out.append(out[-1].body[0])  # type: ignore[arg-type]
    return out


def _recheck_parallel(fn: ir.Function, loop: ir.For) -> ir.For:
    """A fused loop stays parallel only when its iterations are still independent."""
    body = tuple(_recheck_parallel(fn, s) if isinstance(s, ir.For) else s for s in loop.body)
    loop = dataclasses.replace(loop, body=body)
    if not loop.parallel or loop.reductions:
        return loop
    roots = array_roots(fn)
    deps = carried_dependence(loop, roots, nonneg_scalars(fn))
    ok = plan_scalars(loop.body, loop.var) is not None and not deps.carried
    return loop if ok else dataclasses.replace(loop, parallel=False)


def apply_fusion(fn: ir.Function, plan: FusionPlan) -> ir.Function:
    cand = plan.cand
    fused = fuse_nests(fn, plan)
    between = cand.body[cand.first + 1 : cand.second]
    guards = cand.path1.guards + cand.path2.guards + tuple(apart(a, b) for a, b in sorted(plan.checks))
    replacement: tuple[ir.Stmt, ...]
    if guards:
        original = (cand.body[cand.first], cand.body[cand.second])
        fallback, last = renumbered(original, max_sid(fn))
        guarded = ir.If(all_of(guards), (fused,), fallback, sid=last + 1, loc=fused.loc)
        replacement = (*between, guarded)
    else:
        replacement = (*between, fused)
    new_body = cand.body[: cand.first] + replacement + cand.body[cand.second + 1 :]
    return dataclasses.replace(fn, body=_replace_list(fn.body, cand.body, new_body))


def _replace_list(
    body: tuple[ir.Stmt, ...], old: tuple[ir.Stmt, ...], new: tuple[ir.Stmt, ...]
) -> tuple[ir.Stmt, ...]:
    if body is old:
        return new
    out = []
    for s in body:
        subs = bodies(s)
        if subs:
            rebuilt = tuple(_replace_list(b, old, new) for b in subs)
            if any(r is not b for r, b in zip(rebuilt, subs)):
                s = replace_body(s, *rebuilt)
        out.append(s)
    return tuple(out) if any(a is not b for a, b in zip(out, body)) else body


# ---------------------------------------------------------------------------- as a recipe step


def find_plan(fn: ir.Function, first: int, second: int) -> FusionPlan | None:
    """The plan fusing loop ``first`` with loop ``second``, legal or not; None when not adjacent."""
    roots = array_roots(fn)
    found: FusionPlan | None = None
    for cand in candidates(fn):
        if cand.path1.nest.sid == first and cand.path2.nest.sid == second:
            plan = plan_fusion(fn, cand, roots)
            if plan.legal:
                return plan
            found = found or plan
    return found


def _legal(fn: ir.Function, step: Step) -> str | None:
    if len(step.target) != 2:
        return "fusion names two loops"
    plan = find_plan(fn, *step.target)
    if plan is None:
        return "the loops are not adjacent statements of one body"
    return plan.reason or None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    plan = find_plan(fn, *step.target)
    assert plan is not None and plan.legal
    return apply_fusion(fn, plan)


register_transformation("fuse", _legal, _apply)


def _size(s: ir.Stmt) -> int:
    return sum(1 for _ in iter_stmts([s]))


@register(
    "fusion",
    defaults={"max_stmts": 400},
    description="fuse adjacent loop nests over the same iteration space",
)
def fusion(fn: ir.Function, ctx: PassContext) -> ir.Function:
    tried: set[tuple[int, int]] = set()
    created: set[int] = set()  # ids of the unfused copies kept as fallbacks: never fused again
    while True:
        roots = ctx.analyses.get("array_roots")
        plan = _next_fusion(fn, roots, tried, int(ctx.params["max_stmts"]), created)
        if plan is None:
            return fn
        n1, n2 = plan.cand.path1.nest.sid, plan.cand.path2.nest.sid
        before = max_sid(fn)
        fn = apply_fusion(fn, plan)
        created.update(range(before + 1, max_sid(fn) + 1))
        ctx.analyses.update(fn, frozenset())
        ctx.steps.append(Step("fuse", (n1, n2)))
        guarded = " (versioned)" if plan.cand.path1.guards or plan.cand.path2.guards or plan.checks else ""
        ctx.note(n1, f"fused with loop {n2} over {plan.depth} level(s){guarded}")


def _next_fusion(
    fn: ir.Function, roots: ArrayRoots, tried: set[tuple[int, int]], max_stmts: int, created: set[int]
) -> FusionPlan | None:
    for cand in candidates(fn):
        key = (cand.path1.nest.sid, cand.path2.nest.sid)
        if key in tried or key[0] in created or key[1] in created:
            continue
        tried.add(key)
        s1, s2 = cand.body[cand.first], cand.body[cand.second]
        if _size(s1) + _size(s2) > max_stmts:
            continue
        plan = plan_fusion(fn, cand, roots)
        if plan.legal:
            return plan
    return None
