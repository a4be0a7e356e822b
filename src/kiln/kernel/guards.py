"""Guards on the thread index become bounds of the thread loop.

Kernels start with ``if i < n:`` (``i = cuda.grid(1)``) so that the threads past the end of the
data do nothing. In the thread loop of a region that guard is a branch around the whole body,
which keeps the C compiler from vectorizing; a conjunct affine in the innermost thread index
with coefficient +-1 narrows the loop instead (``for tx in range(0, min(128, n - 128 * bx))``),
and conjuncts that do not depend on it move outside that loop.

Applies to a region body that is scalar assignments (no memory read but per-thread slots)
followed by one ``if`` without ``else``: skipping a thread then skips only dead assignments.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.types import INT64
from kiln.ir.visit import iter_exprs, iter_stmts, map_exprs
from kiln.kernel.analysis import expr_vars

Affine = tuple[int, ir.Expr]  # e == coefficient * t + rest


def _i(v: int) -> ir.Const:
    return ir.Const(v, INT64)


def _b(op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary(op, a, b, INT64)


def _signed_int(t: object) -> bool:
    return str(getattr(t, "dtype", "")).startswith("int")


def narrow_thread_loop(
    t: str, extent: int | tuple[ir.Expr, ir.Expr], body: tuple[ir.Stmt, ...], slot_prefix: str
) -> tuple[ir.Stmt, ...] | None:
    """``for t in range(extent): body`` (``extent`` a count or a ``(lo, hi)`` pair) with its
    guard as bounds, or None where it does not fit."""
    if not body or not isinstance(body[-1], ir.If) or body[-1].orelse:
        return None
    guard = body[-1]
    prefix = body[:-1]
    defs: dict[str, ir.Expr] = {}
    opaque: set[str] = set()  # values loaded from per-thread slots, and what depends on them
    stored = {x.array for x in iter_stmts(body) if isinstance(x, ir.Store | ir.Atomic)}

    def invariant(x: ir.Expr) -> bool:  # a uniform value's slot that the loop does not store
        return (
            isinstance(x, ir.Load)
            and x.array.startswith(slot_prefix)
            and x.array not in stored
            and not any(t in expr_vars(i) for i in x.indices)
        )

    for s in prefix:
        if not isinstance(s, ir.Assign):
            return None
        loads = [x for x in iter_exprs(s.value) if isinstance(x, ir.Load | ir.Overlaps) and not invariant(x)]
        if any(not (isinstance(x, ir.Load) and x.array.startswith(slot_prefix)) for x in loads):
            return None
        if loads or expr_vars(s.value) & opaque:
            opaque.add(s.target)  # a per-thread slot: depends on t, not substitutable
            defs.pop(s.target, None)
        else:
            opaque.discard(s.target)
            defs[s.target] = substitute(s.value, defs)
    first, last = (_i(0), _i(extent)) if isinstance(extent, int) else extent
    lo: list[ir.Expr] = [first]
    hi: list[ir.Expr] = [last]
    outer: list[ir.Expr] = []
    inner: list[ir.Expr] = []
    for conj in _conjuncts(guard.cond):
        sub = substitute(conj, defs)
        used = expr_vars(sub)
        if any(isinstance(x, ir.Load | ir.Overlaps | ir.Call) and not invariant(x) for x in iter_exprs(sub)):
            inner.append(conj)  # reads memory: only where the threads before it ran
            continue
        bounds = _bounds(sub, t) if not used & opaque else None
        if bounds is not None:
            for side, b in bounds:
                (lo if side == "lo" else hi).append(b)
        elif not used & (opaque | {t}):
            outer.append(sub)
        else:
            inner.append(conj)
    if len(lo) == 1 and len(hi) == 1 and not outer:
        return None
    then = (ir.If(_and(inner), guard.then, (), guard.sid, guard.loc),) if inner else guard.then
    loop: ir.Stmt = ir.For(t, _fold("max", lo), _fold("min", hi), _i(1), (*prefix, *then))
    return (ir.If(_and(outer), (loop,), (), guard.sid, guard.loc),) if outer else (loop,)


def _conjuncts(e: ir.Expr) -> list[ir.Expr]:
    if isinstance(e, ir.Binary) and e.op == "and":
        return _conjuncts(e.lhs) + _conjuncts(e.rhs)
    return [e]


def _and(es: list[ir.Expr]) -> ir.Expr:
    out = es[0]
    for e in es[1:]:
        out = ir.Binary("and", out, e, out.type)
    return out


def _fold(op: str, es: list[ir.Expr]) -> ir.Expr:
    out = es[0]
    for e in es[1:]:
        out = _b(op, out, e)
    return out


def substitute(e: ir.Expr, defs: dict[str, ir.Expr]) -> ir.Expr:
    def sub(x: ir.Expr) -> ir.Expr:
        return defs.get(x.name, x) if isinstance(x, ir.Var) else x

    return map_exprs(e, sub)  # type: ignore[return-value]


_FLIP = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}


def _bounds(e: ir.Expr, t: str) -> list[tuple[str, ir.Expr]] | None:
    """``e`` as bounds on ``t``; ``t == k`` is ``k <= t < k + 1``."""
    if isinstance(e, ir.Binary) and e.op == "eq":
        lo = _bound(ir.Binary("ge", e.lhs, e.rhs, e.type), t)
        hi = _bound(ir.Binary("le", e.lhs, e.rhs, e.type), t)
        return [lo, hi] if lo and hi and lo[0] != hi[0] else None
    b = _bound(e, t)
    return [b] if b else None


def _bound(e: ir.Expr, t: str) -> tuple[str, ir.Expr] | None:
    """``e`` (a comparison) as ``("lo", b)`` (t >= b) or ``("hi", b)`` (t < b)."""
    if not isinstance(e, ir.Binary) or e.op not in _FLIP:
        return None
    if not (_signed_int(e.lhs.type) and _signed_int(e.rhs.type)):
        return None
    left, right = affine_form(e.lhs, t), affine_form(e.rhs, t)
    if left is None or right is None:
        return None
    c = left[0] - right[0]
    k = _b("sub", right[1], left[1])  # c * t  op  k
    op = e.op
    if c == -1:
        op, k = _FLIP[op], _b("sub", _i(0), k)
    elif c != 1:
        return None
    if op == "lt":
        return ("hi", k)
    if op == "le":
        return ("hi", _b("add", k, _i(1)))
    if op == "gt":
        return ("lo", _b("add", k, _i(1)))
    return ("lo", k)


def affine_form(e: ir.Expr, t: str) -> Affine | None:
    if t not in expr_vars(e):
        return (0, ir.Cast(e, INT64) if e.type != INT64 else e)
    if isinstance(e, ir.Var):
        return (1, _i(0))
    if isinstance(e, ir.Cast) and _signed_int(e.type) and _signed_int(e.operand.type):
        if _width(e.type) >= _width(e.operand.type):
            return affine_form(e.operand, t)
        return None
    if isinstance(e, ir.Binary) and e.op in ("add", "sub") and _signed_int(e.type):
        a, b = affine_form(e.lhs, t), affine_form(e.rhs, t)
        if a is None or b is None:
            return None
        if e.op == "add":
            return (a[0] + b[0], _b("add", a[1], b[1]))
        return (a[0] - b[0], _b("sub", a[1], b[1]))
    if isinstance(e, ir.Binary) and e.op == "mul" and _signed_int(e.type):
        for x, y in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if isinstance(y, ir.Const) and t not in expr_vars(y):
                a = affine_form(x, t)
                if a is not None:
                    return (a[0] * int(y.value), _b("mul", a[1], _i(int(y.value))))  # type: ignore[arg-type]
    return None


def _width(t: object) -> int:
    import numpy as np

    return int(np.dtype(t.dtype).itemsize)  # type: ignore[attr-defined]
