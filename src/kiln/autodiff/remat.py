"""Recompute instead of store, for the cheapest values: an assignment in a loop body whose value
reads only loop variables, constants, and scalars and arrays the enclosing loop nest never
changes is substituted into the statements after it, so the reverse sweep recomputes it from the
loop variables (which it restores for free) instead of taping one value per iteration. Loop-variable
copies (``i = k``, how ``for i in range`` lowers) and differences such as ``x[i] - c[k]`` go here."""

from __future__ import annotations

from kiln.autodiff.analysis import alias_groups
from kiln.autodiff.prepare import defs
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_exprs, replace_body


class _Remat:
    def __init__(self, fn: ir.Function, body: list[ir.Stmt]) -> None:
        group_of = alias_groups(fn)
        self.group_of = group_of
        self.changed: set[str] = set()
        self.substituted: set[str] = set()
        self.counts: dict[str, int] = {}
        for s in iter_stmts(body):
            if isinstance(s, ir.Assign):
                self.counts[s.target] = self.counts.get(s.target, 0) + 1

    def cheap(self, e: ir.Expr, loop_vars: set[str]) -> bool:
        """``e`` has the same value everywhere in one iteration, forward and reverse."""
        changed = self.changed
        for x in iter_exprs(e):
            if isinstance(x, ir.Var) and x.name in changed and x.name not in loop_vars:
                return False
            if isinstance(x, ir.Load) and "@" + self.group_of[x.array] in changed:
                return False
            if isinstance(x, ir.Load | ir.Dim | ir.Stride) and "&" + x.array in changed:
                return False
        return True

    def body(self, stmts: list[ir.Stmt] | tuple[ir.Stmt, ...], loop_vars: set[str]) -> list[ir.Stmt]:
        out: list[ir.Stmt] = []
        subst: dict[str, ir.Expr] = {}
        for s in stmts:
            if subst:
                s = map_exprs(s, lambda e: subst.get(e.name, e) if isinstance(e, ir.Var) else e)  # type: ignore[assignment]
            if isinstance(s, ir.For):
                if not loop_vars:  # what the outermost loop (the region values live in) changes
                    self.changed = defs(s.body, self.group_of) | {s.var}
                s = replace_body(s, self.body(s.body, loop_vars | {s.var}))
            elif bodies(s):
                s = replace_body(s, *[self.body(b, loop_vars) for b in bodies(s)])
            if (
                loop_vars
                and isinstance(s, ir.Assign)
                and self.counts.get(s.target) == 1
                and s.target not in loop_vars
                and self.cheap(s.value, loop_vars)
            ):
                subst[s.target] = s.value
                self.substituted.add(s.target)
            out.append(s)
        return out


def _drop_dead(body: list[ir.Stmt], substituted: set[str], keep: set[str]) -> list[ir.Stmt]:
    """Remove substituted assignments nothing reads any more (their adjoint would be all zeros
    yet still cost a reverse-sweep evaluation per iteration)."""
    read = {x.name for s in iter_stmts(body) for x in iter_exprs(s, deep=False) if isinstance(x, ir.Var)}
    dead = substituted - read - keep

    def walk(stmts: list[ir.Stmt] | tuple[ir.Stmt, ...]) -> list[ir.Stmt]:
        out = []
        for s in stmts:
            if isinstance(s, ir.Assign) and s.target in dead:
                continue
            out.append(replace_body(s, *[walk(b) for b in bodies(s)]) if bodies(s) else s)
        return out

    return walk(body)


def rematerialize(fn: ir.Function, body: list[ir.Stmt], returns: tuple[str, ...]) -> list[ir.Stmt]:
    r = _Remat(fn, body)
    out = r.body(body, set())
    return _drop_dead(out, r.substituted, set(returns))
