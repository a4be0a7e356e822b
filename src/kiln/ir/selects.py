"""Arg-extreme scans in a loop body: ``if better(x, best): best = x; at = i``.

Such a scan is a reduction (op ``select`` on ``best`` and on each variable assigned with it)
when ``better`` is a strict order: ``x > best``, ``x < best`` (ties keep the earlier element,
NaN candidates never win) or NumPy's ``x > best or (isnan(x) and not isnan(best))`` (the first
NaN wins). Each worker then scans its own contiguous block starting from the value before the
loop, and folding the blocks' results in block order with the same test gives what the
sequential scan gives: a block whose scan replaced nothing still holds the start value, which
the strict test never prefers to anything at least as good.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts, map_exprs

_STRICT = {"gt", "lt"}
_MIRROR = {"gt": "lt", "lt": "gt"}


@dataclass(frozen=True)
class Select:
    best: str
    payload: tuple[str, ...]  # assigned together with ``best`` (the index)
    cond: ir.Expr  # whether the candidate beats ``best``
    candidate: ir.Expr  # the value assigned to ``best``
    stmt: ir.If

    @property
    def names(self) -> tuple[str, ...]:
        return (self.best, *self.payload)

    def better(self, candidate: ir.Expr, best: ir.Expr) -> ir.Expr:
        """The condition with another candidate and running best substituted."""
        old_best = ir.Var(self.best, self.candidate.type)

        def swap(e: ir.Expr) -> ir.Expr:
            if e == self.candidate:
                return candidate
            return best if e == old_best else e

        result = map_exprs(self.cond, swap)
        assert isinstance(result, ir.Expr)
        return result


def find_selects(body: tuple[ir.Stmt, ...]) -> list[Select]:
    """Every arg-extreme scan of ``body`` whose variables nothing else in ``body`` touches."""
    found = []
    for s in iter_stmts(body):
        sel = _match(s)
        if sel is not None and _isolated(body, sel):
            found.append(sel)
    return found


def _match(s: ir.Stmt) -> Select | None:
    if not (isinstance(s, ir.If) and not s.orelse and s.then and isinstance(s.then[0], ir.Assign)):
        return None
    if not all(isinstance(a, ir.Assign) for a in s.then):
        return None
    first = s.then[0]
    assert isinstance(first, ir.Assign)
    best, x = first.target, first.value
    payload = tuple(a.target for a in s.then[1:] if isinstance(a, ir.Assign))
    names = {best, *payload}
    if len(names) != len(s.then) or _mentions_any(x, names):
        return None
    if any(_mentions_any(a.value, names) for a in s.then if isinstance(a, ir.Assign)):
        return None
    if not _is_better(s.cond, x, ir.Var(best, x.type)):
        return None
    return Select(best, payload, s.cond, x, s)


def _is_better(cond: ir.Expr, x: ir.Expr, best: ir.Var) -> bool:
    if _strict(cond, x, best) is not None:
        return True
    # NumPy's arg-extreme: strictly better, or the first NaN
    if not (isinstance(cond, ir.Binary) and cond.op == "or" and _strict(cond.lhs, x, best) is not None):
        return False
    nan = cond.rhs
    return (
        isinstance(nan, ir.Binary)
        and nan.op == "and"
        and nan.lhs == ir.Call("isnan", (x,), nan.lhs.type)
        and nan.rhs == ir.Unary("not", ir.Call("isnan", (best,), nan.lhs.type), nan.lhs.type)
    )


def _strict(cond: ir.Expr, x: ir.Expr, best: ir.Var) -> str | None:
    if not (isinstance(cond, ir.Binary) and cond.op in _STRICT):
        return None
    if cond.lhs == x and cond.rhs == best:
        return cond.op
    if cond.lhs == best and cond.rhs == x:
        return _MIRROR[cond.op]
    return None


def _isolated(body: tuple[ir.Stmt, ...], sel: Select) -> bool:
    """The scan's variables appear nowhere in ``body`` but in its own ``if``."""
    names = set(sel.names)
    for s in iter_stmts(body):
        if s is sel.stmt or any(s is a for a in sel.stmt.then):
            continue
        if isinstance(s, ir.Assign) and s.target in names or isinstance(s, ir.For) and s.var in names:
            return False
        if isinstance(s, ir.Atomic | ir.Invoke) and s.target in names:
            return False
        if any(isinstance(e, ir.Var) and e.name in names for e in iter_exprs(s, deep=False)):
            return False
    return True


def _mentions_any(e: ir.Expr, names: set[str]) -> bool:
    return any(isinstance(v, ir.Var) and v.name in names for v in iter_exprs(e))
