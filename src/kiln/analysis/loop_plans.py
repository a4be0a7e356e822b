"""Whether a loop's iterations may run in any order, as far as its scalars and the shape of its
body go: private scalars, reductions, thread safety, and (for ``prange`` loops written by the
user) a quick memory test on injective subscripts. The optimizer pairs :func:`plan_scalars`
with its exact dependence test; the frontend asks :func:`plan_parallel` for ``prange``."""

from __future__ import annotations

from dataclasses import dataclass, field

from kiln.analysis.effects import effects_of, extents_change
from kiln.ir import nodes as ir
from kiln.ir.selects import find_selects
from kiln.ir.visit import array_names, bodies, iter_exprs, iter_stmts, var_names

_REDUCIBLE = {"add": "add", "sub": "add", "mul": "mul", "min": "min", "max": "max"}
# a print calls Python, a binding stack grows and counts references: one thread
_THREAD_UNSAFE = (ir.Return, ir.Alloc, ir.LibCall, ir.Print, ir.Invoke, ir.SaveBinding, ir.RestoreBinding)


@dataclass(frozen=True)
class ParallelPlan:
    reductions: tuple[tuple[str, str], ...]
    loop_locals: frozenset[str]  # private scalars that must not be read after the loop


def plan_parallel(body: tuple[ir.Stmt, ...], counter: str) -> ParallelPlan | None:
    """How a ``prange`` body runs in parallel, or None if it must stay sequential."""
    plan = plan_scalars(body, counter, views=True)
    if plan is None or not _memory_independent(body, counter):
        return None
    return plan


def plan_scalars(
    body: tuple[ir.Stmt, ...], counter: str, views: bool = False, allocs: bool = False
) -> ParallelPlan | None:
    """The scalar half of :func:`plan_parallel` (private scalars, reductions, thread safety);
    the optimizer pairs it with its own exact memory-dependence test. ``views``: the body may
    bind views that are private to an iteration (see :func:`private_views`); they join
    ``loop_locals``, and the caller must check that nothing outside the loop mentions them.
    ``allocs``: the caller found with :func:`private_allocs` that the arrays the body allocates
    are private to an iteration; the same check about mentions outside the loop applies."""
    if not _thread_safe(body, views, allocs):
        return None
    flow = Flow()
    end = flow.walk(body, {counter})
    written = {s.target for s in iter_stmts(body) if isinstance(s, ir.Assign)}
    written |= {s.var for s in iter_stmts(body) if isinstance(s, ir.For)}
    reductions: list[tuple[str, str]] = []
    selected = {name for sel in find_selects(body) for name in sel.names}
    for var in sorted(written & (flow.exposed | selected)):
        op = "select" if var in selected else _reduction_op(body, var)
        if op is None:
            return None  # a value carried from one iteration to the next
        reductions.append((var, op))
    loop_locals = frozenset(v for v in written - flow.exposed - selected if v not in end)
    if views:
        loop_locals |= {s.target for s in body if isinstance(s, ir.View)}
    return ParallelPlan(tuple(reductions), loop_locals)


def _thread_safe(body: tuple[ir.Stmt, ...], views: bool = False, allocs: bool = False) -> bool:
    stmts = list(iter_stmts(body))
    unsafe = tuple(t for t in _THREAD_UNSAFE if t is not ir.Alloc) if allocs else _THREAD_UNSAFE
    if any(isinstance(s, unsafe) for s in stmts):
        return False
    if any(isinstance(s, ir.View) for s in stmts) and not (views and private_views(body)):
        return False
    labels = {s.label for s in stmts if isinstance(s, ir.Block)}
    if any(isinstance(s, ir.Exit) and s.label not in labels for s in stmts):
        return False  # leaves the loop (a return from an inlined function)
    return not _breaks_out(body)


def private_views(body: tuple[ir.Stmt, ...]) -> bool:
    """Whether every view the body binds (``row = a[i, :]``) is bound once, at the top level of
    the body, from another array, and mentioned only after that: each iteration then binds its
    own before using it, as a private scalar is assigned before it is read, and C can give each
    thread its own copy of the view's pointer, shape and strides."""
    top = {s.target: pos for pos, s in enumerate(body) if isinstance(s, ir.View)}
    bound = [s.target for s in iter_stmts(body) if isinstance(s, ir.View)]
    if len(bound) != len(top):
        return False  # bound twice, or under an ``if`` or an inner loop
    for target, pos in top.items():
        view = body[pos]
        assert isinstance(view, ir.View)
        if view.base == target or target in effects_of(body[:pos]).arrays:
            return False
    return True


def private_allocs(body: tuple[ir.Stmt, ...]) -> frozenset[str] | None:
    """The arrays the body allocates, and the views of them it binds, when each is private to
    an iteration; else None.

    Private: bound once in the body, before every other mention of it (later in the same
    statement list, or nested in a later statement); an allocation's extents are ones nothing
    in the body changes, and a view's base is a private array. Each iteration then uses only
    the arrays it allocated, and the code generator can give each thread one block for all its
    iterations (``hoisted_allocs``). The caller must check that nothing outside the loop
    mentions them, and that no outer loop changes the extents either."""
    found: set[str] = set()
    effects = effects_of(body)
    everything = list(iter_stmts(body))
    for stmts in _lists(body):
        for pos, s in enumerate(stmts):
            if not isinstance(s, ir.Alloc | ir.View):
                continue
            if isinstance(s, ir.View) and s.base not in found:
                continue  # a view of something else: private_views judges it
            if s.target in found:
                return None
            found.add(s.target)
            if isinstance(s, ir.Alloc) and extents_change(s.shape, effects):
                return None
            after = {id(t) for t in iter_stmts(stmts[pos + 1 :])}
            if any(id(t) not in after and t is not s and s.target in array_names(t) for t in everything):
                return None
    if any(_holds_on(t, name) for t in everything for name in found):
        return None
    return frozenset(found)


def _lists(body: tuple[ir.Stmt, ...]) -> list[tuple[ir.Stmt, ...]]:
    """``body`` and every statement list nested in it."""
    out = [body]
    for s in iter_stmts(body):
        out += list(bodies(s))
    return out


def _holds_on(s: ir.Stmt, array: str) -> bool:
    """Whether ``s`` hands ``array`` to something that may keep or share it (a library call, an
    atomic update from other threads, the caller)."""
    if isinstance(s, ir.LibCall):
        return array in (*s.inputs, *s.outputs)
    if isinstance(s, ir.Atomic):
        return s.array == array
    if isinstance(s, ir.Invoke | ir.Print):  # a helper, or Python printing it
        return array in s.arrays
    return isinstance(s, ir.Return) and array in s.values


def _breaks_out(body: tuple[ir.Stmt, ...]) -> bool:
    """Whether a ``break`` of this loop (not of a loop nested in it) occurs."""
    for s in body:
        if isinstance(s, ir.Break):
            return True
        if not isinstance(s, ir.For | ir.While) and any(_breaks_out(b) for b in bodies(s)):
            return True
    return False


@dataclass
class Flow:
    """Definite assignment through one iteration of a loop body.

    ``exposed``: variables some path reads before the iteration writes them.
    ``walk`` returns the variables written on every path to the iteration's end.
    """

    exposed: set[str] = field(default_factory=set)
    exits: dict[str, list[set[str]]] = field(default_factory=dict)  # defined sets at each Exit
    _ends: list[set[str]] = field(default_factory=list)  # defined sets at this loop's `continue`s

    def walk(self, body: tuple[ir.Stmt, ...], defined: set[str]) -> set[str]:
        after, falls_through = self._block(body, set(defined))
        ends = self._ends + ([after] if falls_through else [])
        return set.intersection(*ends) if ends else set()

    def _block(self, body: tuple[ir.Stmt, ...], defined: set[str]) -> tuple[set[str], bool]:
        """Variables defined after ``body`` and whether control reaches its end."""
        for s in body:
            self.exposed |= var_names(s, deep=False) - defined
            if isinstance(s, ir.Assign):
                defined.add(s.target)
            elif isinstance(s, ir.Continue | ir.Break | ir.Exit):
                if isinstance(s, ir.Continue):
                    self._ends.append(set(defined))
                if isinstance(s, ir.Exit):
                    self.exits.setdefault(s.label, []).append(set(defined))
                return defined, False
            elif isinstance(s, ir.If):
                then, then_falls = self._block(s.then, set(defined))
                orelse, else_falls = self._block(s.orelse, set(defined))
                arms = [d for d, falls in ((then, then_falls), (orelse, else_falls)) if falls]
                if not arms:
                    return defined, False
                defined = set.intersection(*arms)
            elif isinstance(s, ir.Block):
                self.exits[s.label] = []
                inner, falls = self._block(s.body, set(defined))
                arms = self.exits.pop(s.label) + ([inner] if falls else [])
                if not arms:
                    return defined, False
                defined = set.intersection(*arms)
            elif isinstance(s, ir.For | ir.While):  # may run no iteration: defines nothing after
                own = {s.var} if isinstance(s, ir.For) else set()
                Flow(self.exposed, self.exits).walk(s.body, defined | own)
        return defined, True


def _reduction_op(body: tuple[ir.Stmt, ...], var: str) -> str | None:
    """The op of ``var = var op x`` when those are the body's only uses of ``var``."""
    ops = set()
    for s in iter_stmts(body):
        if isinstance(s, ir.Assign) and s.target == var:
            v = s.value
            if not (
                isinstance(v, ir.Binary)
                and v.op in _REDUCIBLE
                and v.lhs == ir.Var(var, v.lhs.type)
                and not _mentions(v.rhs, var)
            ):
                return None
            ops.add(_REDUCIBLE[v.op])
        elif _writes_or_reads(s, var):
            return None
    return ops.pop() if len(ops) == 1 else None


def _writes_or_reads(s: ir.Stmt, var: str) -> bool:
    if isinstance(s, ir.For) and s.var == var:
        return True
    return any(isinstance(e, ir.Var) and e.name == var for e in iter_exprs(s, deep=False))


def _mentions(e: ir.Expr, var: str) -> bool:
    return any(isinstance(x, ir.Var) and x.name == var for x in iter_exprs(e))


# ----------------------------------------------------------------- memory
def _memory_independent(body: tuple[ir.Stmt, ...], counter: str) -> bool:
    """Whether no element one iteration stores is stored or loaded by another."""
    stmts = list(iter_stmts(body))
    affine = _affine_vars(stmts, counter)
    stores = [s for s in stmts if isinstance(s, ir.Store)]
    loads = [e for s in stmts for e in iter_exprs(s, deep=False) if isinstance(e, ir.Load)]
    roots = _view_roots(stmts)
    refs: tuple[ir.Store | ir.Load, ...] = (*stores, *loads)
    for st in stores:
        for other in refs:
            if roots.get(other.array, other.array) != roots.get(st.array, st.array):
                continue
            if other.array != st.array or st.array in roots:
                return False  # through a view bound per iteration: where it points is not compared
            if not _separated(st.indices, other.indices, affine):
                return False
    return True


def _view_roots(stmts: list[ir.Stmt]) -> dict[str, str]:
    """Each view the body binds -> the array it is (through other views) a view of."""
    base = {s.target: s.base for s in stmts if isinstance(s, ir.View)}
    roots = {}
    for target in base:
        root, seen = target, set()
        while root in base and root not in seen:
            seen.add(root)
            root = base[root]
        roots[target] = root
    return roots


def _affine_vars(stmts: list[ir.Stmt], counter: str) -> dict[str, tuple[int, int]]:
    """Variables that always hold ``k * i + c`` of the counter ``i`` (``i`` itself, a
    helper's parameter, ``j = i + 1``): assigned once per iteration, from such values."""
    counts: dict[str, int] = {}
    for s in stmts:
        if isinstance(s, ir.Assign):
            counts[s.target] = counts.get(s.target, 0) + 1
    affine = {counter: (1, 0)}
    for s in stmts:
        if isinstance(s, ir.Assign) and counts[s.target] == 1:
            form = _affine(s.value, affine)
            if form is not None:
                affine[s.target] = form
    return affine


def _separated(a: tuple[ir.Expr, ...], b: tuple[ir.Expr, ...], affine: dict[str, tuple[int, int]]) -> bool:
    """Whether on some axis ``k * i + c1`` and ``k * i' + c2`` can meet only when ``i == i'``."""
    for x, y in zip(a, b):
        fx, fy = _affine(x, affine), _affine(y, affine)
        if fx is None or fy is None or fx[0] == 0 or fx[0] != fy[0]:
            continue
        if fx[1] == fy[1] or (fx[1] - fy[1]) % fx[0] != 0:
            return True
    return False


def _affine(e: ir.Expr, affine: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    """(k, c) when ``e`` is ``k * i + c`` for the loop counter ``i``, else None."""
    if isinstance(e, ir.Var):
        return affine.get(e.name)
    if isinstance(e, ir.Const):
        return (0, int(e.value)) if e.type.is_integer else None  # type: ignore[arg-type]
    if isinstance(e, ir.Cast) and e.type.dtype == "int64" and e.operand.type.dtype == "int64":
        return _affine(e.operand, affine)
    if not (isinstance(e, ir.Binary) and e.op in ("add", "sub", "mul") and e.type.dtype == "int64"):
        return None
    a, b = _affine(e.lhs, affine), _affine(e.rhs, affine)
    if a is None or b is None:
        return None
    if e.op == "add":
        return (a[0] + b[0], a[1] + b[1])
    if e.op == "sub":
        return (a[0] - b[0], a[1] - b[1])
    if a[0] == 0 or b[0] == 0:
        return (a[1] * b[0] + a[0] * b[1], a[1] * b[1])
    return None


# ------------------------------------------------------ after the function
