"""Differentiating one expression tree: what the reverse sweep reads, and its adjoint statements."""

from __future__ import annotations

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.rules import UNSUPPORTED, op_name, operands, rule_for
from kiln.errors import SourceLoc, UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType


def active_partials(e: ir.Expr, act: Activity, loc: SourceLoc) -> list[tuple[ir.Expr, ir.Expr]]:
    """``(operand, partial)`` for each active operand of the operation ``e``."""
    rule = rule_for(e)
    if rule is None:
        why = UNSUPPORTED.get(op_name(e), "it has no derivative rule")
        raise UnsupportedError(f"cannot differentiate '{op_name(e)}': {why}", loc)
    out = []
    for child, partial in zip(operands(e), rule(e)):
        if partial is not None and act.expr(child):
            out.append((child, partial))
    return out


def reverse_reads(e: ir.Expr, act: Activity, group_of: dict[str, str], loc: SourceLoc) -> set[str]:
    """Tokens (scalars, ``@group`` memory, ``&array`` references) the adjoint of ``e`` reads."""
    from kiln.autodiff.prepare import reads

    if not act.expr(e):
        return set()
    if isinstance(e, ir.Var):
        return set()
    if isinstance(e, ir.Load):
        out = {"&" + e.array}
        for i in e.indices:
            out |= reads(i, group_of)
        return out
    out = set()
    for child, partial in active_partials(e, act, loc):
        out |= reads(partial, group_of)
        out |= reverse_reads(child, act, group_of, loc)
    return out


class Backprop:
    """Emit ``adjoint(leaf) += g * d(e)/d(leaf)`` for every active leaf of ``e``."""

    def __init__(self, act: Activity, shadow: dict[str, str], names: b.Names, loc: SourceLoc) -> None:
        self.act, self.shadow, self.names, self.loc = act, shadow, names, loc

    def run(self, e: ir.Expr, g: ir.Expr) -> list[ir.Stmt]:
        if not self.act.expr(e):
            return []
        if isinstance(e, ir.Var):
            t = e.type.strong()
            d = ir.Var(self.shadow[e.name], t)
            return [ir.Assign(d.name, b.add(d, b.cast(g, t)), loc=self.loc)]
        if isinstance(e, ir.Load):
            dl = ir.Load(self.shadow[e.array], e.indices, e.type)
            return [ir.Store(dl.array, e.indices, b.add(dl, b.cast(g, e.type)), loc=self.loc)]
        if isinstance(e, ir.Call) and e.func == "conj":  # not complex-linear: conj of the adjoint
            return self.run(e.args[0], b.conj(g))
        if isinstance(e, ir.Select):  # only the branch taken was evaluated (its loads may be guarded)
            then, orelse = self.run(e.if_true, g), self.run(e.if_false, g)
            return [ir.If(e.cond, tuple(then), tuple(orelse), loc=self.loc)] if then or orelse else []
        stmts: list[ir.Stmt] = []
        for child, partial in active_partials(e, self.act, self.loc):
            contribution = b.cast(b.times(g, partial, conjugate=True), child.type)
            if not isinstance(child, ir.Var | ir.Load):  # name it: the subtree uses it many times
                tmp = self.names.fresh("adj", ScalarType(child.type.dtype))
                stmts.append(ir.Assign(tmp, contribution, loc=self.loc))
                contribution = ir.Var(tmp, ScalarType(child.type.dtype))
            stmts += self.run(child, contribution)
        return stmts


def tangent(e: ir.Expr, act: Activity, tangents: dict[str, str], loc: SourceLoc) -> ir.Expr:
    """The forward-mode tangent of ``e`` (zero when inactive)."""
    t = ScalarType(e.type.dtype)
    if not act.expr(e):
        return b.const(0, t)
    if isinstance(e, ir.Var):
        return ir.Var(tangents[e.name], t)
    if isinstance(e, ir.Load):
        return ir.Load(tangents[e.array], e.indices, e.type)
    if isinstance(e, ir.Call) and e.func == "conj":
        return b.conj(tangent(e.args[0], act, tangents, loc))
    if isinstance(e, ir.Select):  # a load in the branch not taken may be out of bounds: not read
        then, orelse = (b.cast(tangent(x, act, tangents, loc), t) for x in (e.if_true, e.if_false))
        return ir.Select(e.cond, then, orelse, t)
    total: ir.Expr = b.const(0, t)
    for child, partial in active_partials(e, act, loc):
        term = b.cast(b.times(tangent(child, act, tangents, loc), partial, conjugate=False), t)
        total = b.add(total, term)
    return total
