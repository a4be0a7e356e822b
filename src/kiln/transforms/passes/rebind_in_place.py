"""Re-binding a name to a new value computed element by element from its old one
(``c = alpha * a @ b + beta * c``, ``y = y + a @ x``, ``u = 0.5 * u + v``) computes the new
value in the old array's memory when nothing else can see that array.

The frontend lowers such a statement as NumPy runs it: ``alloc X``, code that stores every
element of ``X``, then ``V = view(X)`` (the whole of ``X``). When

- ``V`` is bound by a statement of the function's body before the one holding the re-binding,
  its arrays are all allocated in the function (never a parameter's memory), and every other
  array name that may share them is used only after the top-level statement holding the
  re-binding (a view for the return value), so the old array is garbage after it;
- ``X`` is named only there, and ``V`` and ``X`` have one type (C order);
- the code in between (or the first branch of the ``if`` it consists of) stores ``X`` in one
  statement, at one element per iteration of the perfect nest around it (its indices are the
  nest's loop variables), and reads ``V`` only at the element that statement stores,

then that code runs on ``V`` instead of ``X`` whenever ``V``'s extents are ``X``'s (and the
branch's condition holds): each element of ``V`` is read once, by the iteration that then
overwrites it. The statement as it was runs otherwise (a result that broadcasts to a new shape).
Differentiated programs are optimized without this pass: their derivative needs the old values.
"""

from __future__ import annotations

import dataclasses

from kiln.analysis.effects import array_roots
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import (
    array_names,
    bodies,
    iter_exprs,
    iter_stmts,
    map_exprs,
    map_runs,
    map_stmts,
    max_sid,
)
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.versioning import all_of, renumbered

INT64 = ScalarType("int64")
BOOL = ScalarType("bool")


def _whole_view(s: ir.Stmt, x: ir.Alloc) -> bool:
    """``s`` is ``V = view(X)`` with X's own start, extents and strides."""
    rank = x.type.ndim
    return (
        isinstance(s, ir.View)
        and s.base == x.target
        and isinstance(s.offset, ir.Const)
        and s.offset.value == 0
        and s.shape == x.shape
        and s.strides == tuple(ir.Stride(x.target, d, INT64) for d in range(rank))
    )


def _stores_elementwise(stmts: tuple[ir.Stmt, ...], x: str, v: str) -> bool:
    """One store to ``x``, at the loop variables of the perfect nest it ends, which holds no
    other statement and sits in no other loop; ``v`` read only at the element it stores."""
    stores = [s for s in iter_stmts(stmts) if isinstance(s, ir.Store) and s.array == x]
    if len(stores) != 1 or any(
        isinstance(s, ir.Atomic | ir.LibCall | ir.Invoke | ir.Print) and x in array_names(s)
        for s in iter_stmts(stmts)
    ):
        return False
    store = stores[0]
    loops = _nest_of(stmts, store)
    if loops is None or [i.name if isinstance(i, ir.Var) else None for i in store.indices] != [
        f.var for f in loops
    ]:
        return False
    here = store.indices
    for s in iter_stmts(stmts):
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load) and e.array == v and (s is not store or e.indices != here):
                return False
        writes_v = isinstance(s, ir.Store | ir.Atomic) and s.array == v
        binds_or_passes_v = isinstance(
            s, ir.View | ir.Alloc | ir.LibCall | ir.Invoke | ir.Print
        ) and v in array_names(s)
        if writes_v or (s is not store and binds_or_passes_v):
            return False
    return True


def _nest_of(stmts: tuple[ir.Stmt, ...], store: ir.Store) -> list[ir.For] | None:
    """The loops of the perfect nest ending in ``store`` (only ``if``s around it), if it is one."""
    for s in stmts:
        if s is store:
            return []
        if isinstance(s, ir.For):
            if any(t is store for t in iter_stmts(s.body)):
                return _perfect(s, store)
            continue
        for b in bodies(s):
            found = _nest_of(b, store)
            if found is not None:
                return found
    return None


def _perfect(loop: ir.For, store: ir.Store) -> list[ir.For] | None:
    loops: list[ir.For] = []
    s: ir.Stmt = loop
    while isinstance(s, ir.For) and len(s.body) == 1:
        loops.append(s)
        s = s.body[0]
    return loops if s is store and loops else None


def _renamed(stmts: tuple[ir.Stmt, ...], x: str, v: str) -> tuple[ir.Stmt, ...]:
    def expr(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Load | ir.Dim | ir.Stride) and e.array == x:
            return dataclasses.replace(e, array=v)
        return e

    def stmt(s: ir.Stmt) -> ir.Stmt:
        s = map_exprs(s, expr, deep=False)  # type: ignore[assignment]
        return dataclasses.replace(s, array=v) if isinstance(s, ir.Store) and s.array == x else s

    return map_stmts(stmts, stmt)


class _InPlace:
    def __init__(self, fn: ir.Function) -> None:
        self.fn = fn
        self.types = fn.var_types()
        self.roots = array_roots(fn)
        self.last_sid = max_sid(fn)
        self.mentions: dict[str, list[ir.Stmt]] = {}
        for s in iter_stmts(fn.body):
            for name in array_names(s):
                self.mentions.setdefault(name, []).append(s)
        self.top_of = {id(s): top for top in fn.body for s in iter_stmts([top])}

    def rewrite_at(self, stmts: tuple[ir.Stmt, ...], at: int) -> tuple[list[ir.Stmt], int] | None:
        """``alloc X`` at ``at`` through ``V = view(X)``, versioned to run on ``V``, and the
        position after them (``map_runs``'s contract); None where that cannot be done."""
        alloc = stmts[at]
        if not isinstance(alloc, ir.Alloc) or alloc.hoist or alloc.type.layout != "C":
            return None
        x = alloc.target
        end = next((k for k in range(at + 1, len(stmts)) if _whole_view(stmts[k], alloc)), None)
        if end is None:
            return None
        view = stmts[end]
        assert isinstance(view, ir.View)
        v, between = view.target, stmts[at + 1 : end]
        inside = {id(s) for s in iter_stmts(stmts[at : end + 1])}
        if self.types.get(v) != alloc.type or any(id(s) not in inside for s in self.mentions.get(x, [])):
            return None
        if not self._sole_owner(v, x, view):
            return None
        tests, code = self._candidate(between, x, v)
        if code is None:
            return None
        tests += [ir.Binary("eq", ir.Dim(v, d, INT64), e, BOOL) for d, e in enumerate(alloc.shape)]
        fast, self.last_sid = renumbered(_renamed(code, x, v), self.last_sid)
        self.last_sid += 1
        plain = stmts[at : end + 1]
        return [ir.If(all_of(tests), fast, plain, sid=self.last_sid, loc=view.loc)], end + 1

    def _candidate(
        self, between: tuple[ir.Stmt, ...], x: str, v: str
    ) -> tuple[list[ir.Expr], tuple[ir.Stmt, ...] | None]:
        """(conditions, code) to run on ``v``: all of ``between``, or its single ``if``'s first
        branch (its condition must not measure ``x``, which is not bound where it is tested)."""
        if _stores_elementwise(between, x, v) and not _rebinds(between, v):
            return [], between
        if len(between) == 1 and isinstance(between[0], ir.If):
            branch, cond = between[0].then, between[0].cond
            measured = {e.array for e in iter_exprs(cond) if isinstance(e, ir.Load | ir.Dim | ir.Stride)}
            if x not in measured and _stores_elementwise(branch, x, v) and not _rebinds(branch, v):
                return [cond], branch
        return [], None

    def _sole_owner(self, v: str, x: str, rebinding: ir.View) -> bool:
        roots = self.roots.of(v)
        if any(not r.startswith("alloc:") for r in roots) or v in {p.name for p in self.fn.params}:
            return False
        top = self.top_of[id(rebinding)]
        if not self._bound_before(v, top):
            return False
        after = False
        later: set[int] = set()
        for s in self.fn.body:
            if after:
                later |= {id(t) for t in iter_stmts([s])}
            after = after or s is top
        for name, stmts in self.mentions.items():
            if name in (v, x) or not (self.roots.of(name) & roots):
                continue
            if any(id(s) not in later for s in stmts):
                return False
        return True

    def _bound_before(self, v: str, top: ir.Stmt) -> bool:
        """Whether a statement of the function's body before ``top`` binds ``v`` (so that its
        extents can be read where the re-binding may run)."""
        for s in self.fn.body:
            if s is top:
                return False
            if isinstance(s, ir.Alloc | ir.View) and s.target == v:
                return True
        return False


def _rebinds(stmts: tuple[ir.Stmt, ...], v: str) -> bool:
    return any(isinstance(s, ir.Alloc | ir.View) and s.target == v for s in iter_stmts(stmts))


@register("rebind_in_place", description=__doc__.split("\n\n")[0])
def rebind_in_place(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if not any(isinstance(s, ir.View) for s in iter_stmts(fn.body)):
        return fn
    body = map_runs(fn.body, _InPlace(fn).rewrite_at)
    if body is fn.body:
        return fn
    return dataclasses.replace(fn, body=body)
