"""Hoist loop-invariant floating-point subexpressions out of the derivative's loops.

Partials are built from the primal's operands, so the reverse loop of
``out[i] = x[i] / sqrt(s)`` evaluates ``1 / sqrt(s)`` and ``x[i] / (sqrt(s) * sqrt(s))`` every
iteration. The optimizer's LICM moves whole statements; these are parts of statements. C compilers
cannot move ``sqrt`` itself (it may set ``errno``). Only expressions without memory reads are
moved (they cannot fault when the loop runs zero times), and only floating-point ones (integer
division could trap).
"""

from __future__ import annotations

from typing import cast

from kiln.analysis.effects import effects_of
from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_exprs, map_exprs, map_stmts, replace_body

_PURE = (ir.Const, ir.Var, ir.Unary, ir.Binary, ir.Call, ir.Cast, ir.Select)


def _hoist_loop(loop: ir.For, names: b.Names) -> list[ir.Stmt]:
    changing = effects_of(loop.body).writes | {loop.var}
    temps: dict[ir.Expr, str] = {}
    before: list[ir.Stmt] = []

    def invariant(e: ir.Expr) -> bool:
        return all(
            isinstance(x, _PURE) and not (isinstance(x, ir.Var) and x.name in changing) for x in iter_exprs(e)
        )

    def visit(e: ir.Expr) -> ir.Expr:
        if not isinstance(e, ir.Unary | ir.Binary | ir.Call | ir.Select) or not e.type.is_float:
            return e
        if all(isinstance(c, ir.Const) for c in iter_exprs(e) if c is not e and not _is_op(c)):
            return e  # constant folding is the C compiler's job
        if not invariant(e):
            return e
        if e not in temps:
            t = ScalarType(e.type.dtype)
            temps[e] = names.fresh("inv", t)
            before.append(ir.Assign(temps[e], e, loc=loop.loc))
        return ir.Var(temps[e], ScalarType(e.type.dtype))

    body = tuple(cast(ir.Stmt, map_exprs(s, visit)) for s in loop.body)
    if not before:
        return [loop]
    return [*before, replace_body(loop, body)]


def _is_op(e: ir.Expr) -> bool:
    return isinstance(e, ir.Unary | ir.Binary | ir.Call | ir.Cast | ir.Select)


def hoist_invariants(body: tuple[ir.Stmt, ...] | list[ir.Stmt], names: b.Names) -> tuple[ir.Stmt, ...]:
    """``body`` with every loop's invariant float subexpressions computed once before it."""

    def one(s: ir.Stmt) -> list[ir.Stmt] | None:
        return _hoist_loop(s, names) if isinstance(s, ir.For) else None

    return map_stmts(body, one)
