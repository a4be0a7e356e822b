"""Early exits in a shape the reverse sweep can replay: flags and guards.

``break``, ``continue`` and a ``return`` from an inlined helper (an ``exit`` from its block)
leave the rest of their body unexecuted, and the reverse sweep replays bodies statement by
statement. Each exit becomes a flag set where it was; the statements after it, at every level
up to the construct it leaves, run under ``if not flag``. A loop that an exit leaves then ends
its body with ``if flag: break``, the one form of exit the reverse sweep takes: it counts the
iterations that ran (``reverse.py``) and replays those. Conditions are recorded like any other
``if``'s, so each iteration's reverse takes the branches its forward took.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import reduce

from kiln.autodiff import build as b
from kiln.ir import nodes as ir

BOOL = b.BOOL
Flags = frozenset[str]


@dataclass(frozen=True)
class _Targets:
    """What each kind of exit sets, where it is: the innermost loop's flags, blocks' flags."""

    broke: str = ""
    skip: str = ""
    labels: dict[str, str] = field(default_factory=dict)


def _set(flag: str, loc: object) -> ir.Assign:
    return ir.Assign(flag, b.const(True, BOOL), loc=loc)  # type: ignore[arg-type]


def _clear(flag: str) -> ir.Assign:
    return ir.Assign(flag, b.const(False, BOOL))


def _any(flags: Flags) -> ir.Expr:
    first, *rest = (ir.Var(f, BOOL) for f in sorted(flags))
    return reduce(lambda x, y: ir.Binary("or", x, y, BOOL), rest, first)  # type: ignore[arg-type,return-value]


def is_loop_exit(s: ir.Stmt) -> bool:
    """``if flag: break``: how a loop this module rewrote is left."""
    return isinstance(s, ir.If) and s.then == (ir.Break(),) and not s.orelse


class _Exits:
    def __init__(self, names: b.Names) -> None:
        self.names = names

    def seq(self, stmts: tuple[ir.Stmt, ...] | list[ir.Stmt], at: _Targets) -> tuple[list[ir.Stmt], Flags]:
        """``stmts`` rewritten, and the flags they may set."""
        out: list[ir.Stmt] = []
        for k, s in enumerate(stmts):
            new, flags = self.stmt(s, at)
            out += new
            if flags:
                rest, more = self.seq(stmts[k + 1 :], at)
                if rest:
                    out.append(ir.If(ir.Unary("not", _any(flags), BOOL), tuple(rest), ()))
                return out, flags | more
        return out, frozenset()

    def stmt(self, s: ir.Stmt, at: _Targets) -> tuple[list[ir.Stmt], Flags]:
        if isinstance(s, ir.Break) and at.broke:
            return [_set(at.broke, s.loc)], frozenset({at.broke})
        if isinstance(s, ir.Continue) and at.skip:
            return [_set(at.skip, s.loc)], frozenset({at.skip})
        if isinstance(s, ir.Exit) and s.label in at.labels:
            return [_set(at.labels[s.label], s.loc)], frozenset({at.labels[s.label]})
        if isinstance(s, ir.If):
            then, f1 = self.seq(s.then, at)
            orelse, f2 = self.seq(s.orelse, at)
            return [replace(s, then=tuple(then), orelse=tuple(orelse))], f1 | f2
        if isinstance(s, ir.Block):
            flag = self.names.fresh("left", BOOL)
            body, flags = self.seq(s.body, replace(at, labels={**at.labels, s.label: flag}))
            return [_clear(flag), *body], flags - {flag}
        if isinstance(s, ir.For | ir.While):
            return self.loop(s, at)
        return [s], frozenset()

    def loop(self, s: ir.For | ir.While, at: _Targets) -> tuple[list[ir.Stmt], Flags]:
        broke, skip = self.names.fresh("broke", BOOL), self.names.fresh("skip", BOOL)
        body, flags = self.seq(s.body, replace(at, broke=broke, skip=skip))
        if skip in flags:
            body = [_clear(skip), *body]
        outer = flags - {broke, skip}
        leave = outer | (flags & {broke})
        if leave:
            body.append(ir.If(_any(leave), (ir.Break(),), ()))
        before: list[ir.Stmt] = [_clear(broke)] if broke in flags else []
        for name in (broke, skip):
            if name not in flags:
                del self.names.declared[name]
        return [*before, replace(s, body=tuple(body))], outer


def structure_exits(body: list[ir.Stmt], names: b.Names) -> list[ir.Stmt]:
    """``body`` with its ``break``/``continue`` and exits from blocks as flags and guards;
    other exits (a ``return`` inside control flow) are left for the caller to refuse."""
    out, _ = _Exits(names).seq(body, _Targets())
    return out
