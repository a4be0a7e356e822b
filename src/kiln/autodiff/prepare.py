"""Put a function into the shape the reverse transformer expects, or say why it cannot.

* The body ends at its first top-level ``return`` (what follows is dead).
* A ``Block`` left only at its end (an inlined helper) becomes a plain sequence.
* A loop's bounds or an ``if``'s condition that its own body overwrites is first saved to a
  fresh variable, so the reverse sweep sees the value the forward sweep branched on.
* ``break``, ``continue`` and exits from blocks (a ``return`` inside an inlined helper's
  branch) become flags and guards (``exits.py``); a ``return`` inside control flow of the
  function itself is a located error.
"""

from __future__ import annotations

from dataclasses import replace

from kiln.autodiff import build as b
from kiln.autodiff.analysis import array_reads, scalar_reads
from kiln.autodiff.exits import structure_exits
from kiln.errors import UNKNOWN_LOC, SourceLoc, UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, replace_body

_HINT = "reverse-mode AD supports loops without early exits; kiln.jvp (forward mode) supports them"


def prepare(
    fn: ir.Function, group_of: dict[str, str], names: b.Names
) -> tuple[list[ir.Stmt], tuple[str, ...]]:
    """The body to differentiate and the names it returns."""
    body: list[ir.Stmt] = []
    returns: tuple[str, ...] = ()
    for s in fn.body:
        if isinstance(s, ir.Return):
            returns = s.values
            break
        body.extend(_flatten_blocks(s))
    if returns and any(isinstance(s, ir.Return) for s in iter_stmts(body)):
        body, returns = _returns_as_exit(body, returns, fn.var_types(), names)
    body = structure_exits(body, names)
    for s in iter_stmts(body):
        _reject_early_exit(s)
    # a statement _normalize splits (a loop or if whose bounds its body overwrites) is spliced in
    return _normalize_body(tuple(body), group_of, names), returns


def _flatten_blocks(s: ir.Stmt) -> list[ir.Stmt]:
    if isinstance(s, ir.Block):
        inner = list(s.body)
        if inner and isinstance(inner[-1], ir.Exit) and inner[-1].label == s.label:
            inner.pop()
        out: list[ir.Stmt] = []
        for x in inner:
            out.extend(_flatten_blocks(x))
        if any(isinstance(x, ir.Exit) and x.label == s.label for x in iter_stmts(out)):
            return [replace(s, body=tuple(out))]  # left early too: ``exits.py`` takes it
        return out
    sub = bodies(s)
    if not sub:
        return [s]
    return [replace_body(s, *[[y for x in body for y in _flatten_blocks(x)] for body in sub])]


_RETURN = "ad_return"  # the label of the block a function with early returns becomes


def _returns_as_exit(
    body: list[ir.Stmt], returns: tuple[str, ...], types: dict[str, ScalarType | ArrayType], names: b.Names
) -> tuple[list[ir.Stmt], tuple[str, ...]]:
    """A function returning numbers from inside loops or branches as one block that every
    ``return`` leaves after setting the results: its early exits are then a block's."""
    kinds = [types[r] for r in returns]
    if not all(isinstance(t, ScalarType) for t in kinds):
        return body, returns  # an array returned early: refused below
    strong = [t.strong() for t in kinds]  # type: ignore[union-attr]
    results = tuple(names.fresh("returned", t) for t in strong)

    def leave(values: tuple[str, ...], loc: SourceLoc) -> list[ir.Stmt]:
        sets = [
            ir.Assign(r, b.cast(ir.Var(v, types[v]), t), loc=loc)  # type: ignore[arg-type]
            for r, t, v in zip(results, strong, values)
        ]
        return [*sets, ir.Exit(_RETURN, loc=loc)]

    def rewrite(s: ir.Stmt) -> list[ir.Stmt]:
        if isinstance(s, ir.Return):
            return leave(s.values, s.loc)
        sub = bodies(s)
        if not sub:
            return [s]
        return [replace_body(s, *[[y for x in inner for y in rewrite(x)] for inner in sub])]

    inner = [y for s in body for y in rewrite(s)] + leave(returns, UNKNOWN_LOC)
    return [ir.Block(_RETURN, tuple(inner))], results


def _reject_early_exit(s: ir.Stmt) -> None:
    """What ``structure_exits`` leaves besides ``if flag: break`` ending a loop's body."""
    what = {ir.Return: "return inside a loop or branch", ir.Continue: "continue",
            ir.Exit: "an exit from a block it cannot see", ir.Block: "a block"}.get(type(s))  # fmt: skip
    if what is not None:
        raise UnsupportedError(f"reverse-mode differentiation of {what}", s.loc, _HINT)


def defs(body: tuple[ir.Stmt, ...] | list[ir.Stmt], group_of: dict[str, str]) -> set[str]:
    """Scalars assigned and array groups (``@group``) stored or rebound anywhere in ``body``."""
    out: set[str] = set()
    for s in iter_stmts(body):
        if isinstance(s, ir.Assign):
            out.add(s.target)
        elif isinstance(s, ir.For):
            out.add(s.var)
        elif isinstance(s, ir.Store):
            out.add("@" + group_of[s.array])
        elif isinstance(s, ir.Alloc | ir.View):
            out.add("@" + group_of[s.target])
            out.add("&" + s.target)
        elif isinstance(s, ir.LibCall):
            out.update("@" + group_of[o] for o in s.outputs)
    return out


def reads(e: ir.Expr, group_of: dict[str, str]) -> set[str]:
    arrays = {x.array for x in iter_exprs(e) if isinstance(x, ir.Dim | ir.Stride)} | array_reads(e)
    return scalar_reads(e) | {"@" + group_of[a] for a in array_reads(e)} | {"&" + a for a in arrays}


def _normalize(s: ir.Stmt, group_of: dict[str, str], names: b.Names) -> ir.Stmt | list[ir.Stmt]:
    sub = bodies(s)
    if sub:
        s = replace_body(s, *[_normalize_body(body, group_of, names) for body in sub])
    if isinstance(s, ir.For):
        written = defs(s.body, group_of)
        saves: list[ir.Stmt] = []
        bounds = []
        for e in (s.start, s.stop, s.step):
            if isinstance(e, ir.Const) or not (reads(e, group_of) & written):
                bounds.append(e)
                continue
            tmp = names.fresh("bound", e.type.strong())
            saves.append(ir.Assign(tmp, e, loc=s.loc))
            bounds.append(ir.Var(tmp, e.type.strong()))
        if saves:
            return [*saves, replace(s, start=bounds[0], stop=bounds[1], step=bounds[2])]
    if isinstance(s, ir.If) and reads(s.cond, group_of) & defs(s.then + s.orelse, group_of):
        tmp = names.fresh("cond", s.cond.type.strong())
        return [ir.Assign(tmp, s.cond, loc=s.loc), replace(s, cond=ir.Var(tmp, s.cond.type.strong()))]
    return s


def _normalize_body(body: tuple[ir.Stmt, ...], group_of: dict[str, str], names: b.Names) -> list[ir.Stmt]:
    out: list[ir.Stmt] = []
    for s in body:
        r = _normalize(s, group_of, names)
        out.extend(r if isinstance(r, list) else [r])
    return out
