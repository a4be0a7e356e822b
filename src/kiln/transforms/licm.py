"""Loop-invariant code motion of pure scalar computations (reductions included).

A top-level statement of a ``for`` body is hoisted in front of the loop when it is an assignment,
or a loop nest of assignments (a reduction such as ``np.sum(x * x)``), that reads nothing the loop
changes, and nothing before it in the body reads what it defines. The hoisted code runs only when
the loop runs at least once. Array parameters the loop writes may be the very arrays the hoisted
code reads (the caller may pass one array twice): the loop is then versioned on ``overlaps``, the
original loop kept for the aliased case.

``out[i] = x[i] / np.sqrt(np.sum(x * x))`` becomes linear instead of quadratic.
"""

from __future__ import annotations

from dataclasses import replace

from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts, map_stmts, max_sid
from kiln.options import Options
from kiln.transforms.pass_manager import register

BOOL = ScalarType("bool")
_EXITS = (ir.Break, ir.Continue, ir.Exit, ir.Return, ir.Check, ir.While, ir.Block)


def _pure_scalar(s: ir.Stmt) -> bool:
    if isinstance(s, ir.Assign):
        return True
    if isinstance(s, ir.For):
        return all(_pure_scalar(x) for x in s.body)
    return False


def _scalar_defs(stmts: tuple[ir.Stmt, ...] | list[ir.Stmt]) -> set[str]:
    out: set[str] = set()
    for s in iter_stmts(stmts):
        if isinstance(s, ir.Assign):
            out.add(s.target)
        elif isinstance(s, ir.For):
            out.add(s.var)
    return out


def _reads(s: ir.Stmt | ir.Expr) -> tuple[set[str], set[str]]:
    """(scalar variables, arrays) read by ``s``, nested bodies included."""
    scalars, arrays = set(), set()
    for e in iter_exprs(s):
        if isinstance(e, ir.Var):
            scalars.add(e.name)
        elif isinstance(e, ir.Load | ir.Dim | ir.Stride):
            arrays.add(e.array)
    return scalars, arrays


def _array_writes(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    out: set[str] = set()
    for s in iter_stmts(stmts):
        if isinstance(s, ir.Store):
            out.add(s.array)
        elif isinstance(s, ir.Alloc | ir.View):
            out.add(s.target)
        elif isinstance(s, ir.LibCall):
            out.update(s.outputs)
    return out


class _Roots:
    """Storage roots of array names: parameters (may alias each other) or allocations (fresh)."""

    def __init__(self, fn: ir.Function) -> None:
        self.params = {p.name for p in fn.params if isinstance(p.type, ArrayType)}
        self.base: dict[str, set[str]] = {}
        for s in iter_stmts(fn.body):
            if isinstance(s, ir.View):
                self.base.setdefault(s.target, set()).add(s.base)
            elif isinstance(s, ir.Alloc):
                self.base.setdefault(s.target, set()).add(s.target)

    def of(self, name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        if name in self.params or name in seen:
            return {name}
        out: set[str] = set()
        for base in self.base.get(name, {name}):
            out |= {base} if base == name else self.of(base, seen | {name})
        return out or {name}


def _hoistable(loop: ir.For, roots: _Roots) -> tuple[list[int], list[tuple[str, str]]] | None:
    """Indices of hoistable body statements and the (read, written) array pairs to guard."""
    body = loop.body
    if any(isinstance(s, _EXITS) for s in iter_stmts(body)):
        return None
    if not isinstance(loop.step, ir.Const) or int(loop.step.value) <= 0:  # type: ignore[arg-type]
        return None
    written = _array_writes(body)
    written_roots = {r for a in written for r in roots.of(a)}
    guards: dict[int, set[tuple[str, str]]] = {}
    for k, s in enumerate(body):
        if _pure_scalar(s) and not (_reads(s)[1] & written):
            pairs = _alias_pairs(_reads(s)[1], written, roots, written_roots)
            if pairs is not None:
                guards[k] = pairs
    candidates = set(guards)
    while True:  # drop candidates until the rest is consistent
        bad = {k for k in candidates if not _movable(body, k, candidates, loop.var)}
        if not bad:
            break
        candidates -= bad
    if not candidates:
        return None
    defined = _scalar_defs([body[k] for k in candidates])
    if set().union(*(_reads(e)[0] for e in (loop.start, loop.stop))) & defined:
        return None
    hoisted = sorted(candidates)
    return hoisted, sorted(set().union(*(guards[k] for k in hoisted)))


def _movable(body: tuple[ir.Stmt, ...], k: int, candidates: set[int], loop_var: str) -> bool:
    """Whether ``body[k]`` can move before the loop along with the other ``candidates``."""
    s = body[k]
    staying = [x for j, x in enumerate(body) if j not in candidates]
    changed = _scalar_defs(staying) | {loop_var}
    defs = _scalar_defs([s])
    before = _scalar_defs([body[j] for j in sorted(candidates) if j < k])
    own_loops = {x.var for x in iter_stmts([s]) if isinstance(x, ir.For)}
    reads = _reads(s)[0]
    if (
        reads & changed
        or (reads & _scalar_defs([body[j] for j in candidates if j >= k])) - before - own_loops
    ):
        return False
    if defs & changed:
        return False
    return not any(_reads(body[j])[0] & defs for j in range(k) if j not in candidates)


def _alias_pairs(
    arrays: set[str], written: set[str], roots: _Roots, written_roots: set[str]
) -> set[tuple[str, str]] | None:
    """Pairs needing a run-time overlap check; None when a read array surely shares storage."""
    pairs: set[tuple[str, str]] = set()
    for a in arrays:
        for r in roots.of(a):
            if r not in written_roots:
                continue
            if r not in roots.params:
                return None  # the loop writes this very allocation
            pairs |= {(a, w) for w in written if r in roots.of(w)}
        for w in written:
            if roots.of(w) & roots.params and roots.of(a) & roots.params and not roots.of(a) & roots.of(w):
                pairs.add((a, w))
    return pairs


def _renumbered(stmts: tuple[ir.Stmt, ...], start: int) -> tuple[tuple[ir.Stmt, ...], int]:
    out = []
    for s in stmts:
        if isinstance(s, ir.For | ir.While | ir.Block):
            body, start = _renumbered(s.body, start)
            s = replace(s, body=body)
        elif isinstance(s, ir.If):
            then, start = _renumbered(s.then, start)
            orelse, start = _renumbered(s.orelse, start)
            s = replace(s, then=then, orelse=orelse)
        start += 1
        out.append(replace(s, sid=start))
    return tuple(out), start


class _Licm:
    def __init__(self, fn: ir.Function) -> None:
        self.roots = _Roots(fn)
        self.next_sid = max_sid(fn)

    def sid(self) -> int:
        self.next_sid += 1
        return self.next_sid

    def visit(self, s: ir.Stmt) -> ir.Stmt | list[ir.Stmt] | None:
        if not isinstance(s, ir.For):
            return None
        found = _hoistable(s, self.roots)
        if found is None:
            return None
        hoisted, guards = found
        moved = tuple(s.body[k] for k in hoisted)
        rest = tuple(x for k, x in enumerate(s.body) if k not in hoisted)
        runs = ir.Binary("lt", s.start, s.stop, BOOL)
        fast: list[ir.Stmt] = [ir.If(runs, moved, (), sid=self.sid(), loc=s.loc), replace(s, body=rest)]
        if not guards:
            return fast
        original, self.next_sid = _renumbered((s,), self.next_sid)
        checks = [ir.Unary("not", ir.Overlaps(a, w), BOOL) for a, w in guards]
        apart: ir.Expr = checks[0]
        for c in checks[1:]:
            apart = ir.Binary("and", apart, c, BOOL)
        return [ir.If(apart, tuple(fast), original, sid=self.sid(), loc=s.loc)]


@register("licm")
def licm(fn: ir.Function, options: Options) -> ir.Function:
    """Hoist loop-invariant scalar computations out of ``for`` loops."""
    pass_ = _Licm(fn)
    body = map_stmts(fn.body, pass_.visit)
    return fn if body == fn.body else replace(fn, body=body)
