"""Split scalar variables into their def-use webs before differentiating.

The frontend reuses one variable for unrelated values (``i`` of two ``for i in range`` loops,
a temporary assigned in two loops). Reverse mode must restore a variable that a later statement
overwrites while an adjoint still needs it, so a shared name costs a tape push per iteration even
where the two lifetimes never meet. Giving each web (definitions that reach a common use, joined
transitively) its own name removes those false overwrites: each loop's copy is then assigned once
and ``remat.py`` recomputes it from the loop variable instead of taping it.
"""

from __future__ import annotations

from dataclasses import replace

from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import bodies, iter_exprs, map_exprs, replace_body

ENTRY = -1  # the definition a variable has on entry (a parameter, or never assigned yet)
State = dict[str, frozenset[int]]


def _join(a: State, c: State) -> State:
    out = dict(a)
    for k, v in c.items():
        out[k] = out.get(k, frozenset({ENTRY})) | v
    for k in a:
        if k not in c:
            out[k] = out[k] | {ENTRY}
    return out


class _Reaching:
    """Reaching definitions over the structured body: which definitions each use can see."""

    def __init__(self, scalars: set[str]) -> None:
        self.scalars = scalars
        self.uses: dict[tuple[int, str], set[int]] = {}

    def use(self, s: ir.Stmt | ir.Expr, key: int, state: State, deep: bool = False) -> None:
        for x in iter_exprs(s, deep=deep):
            if isinstance(x, ir.Var) and x.name in self.scalars:
                self.uses.setdefault((key, x.name), set()).update(state.get(x.name, {ENTRY}))

    def body(self, stmts: tuple[ir.Stmt, ...] | list[ir.Stmt], state: State) -> State:
        for s in stmts:
            state = self.stmt(s, state)
        return state

    def stmt(self, s: ir.Stmt, state: State) -> State:
        if isinstance(s, ir.For):
            self.use(s, id(s), state)  # bounds
            entry = {**state, s.var: frozenset({id(s)})}
            current = entry
            while True:
                out = self.body(s.body, current)
                grown = _join(current, {**out, s.var: frozenset({id(s)})})
                if grown == current:
                    break
                current = grown
            after = _join(state, out)
            after[s.var] = after[s.var] | {id(s)}
            return after
        if isinstance(s, ir.While):
            current = state
            while True:
                self.use(s.cond, id(s), current)
                out = self.body(s.body, current)
                grown = _join(current, out)
                if grown == current:
                    return current
                current = grown
        if isinstance(s, ir.If):
            self.use(s.cond, id(s), state)
            return _join(self.body(s.then, state), self.body(s.orelse, state))
        if bodies(s):  # anything else with a body: treat its whole content as uses
            self.use(s, id(s), state, deep=True)
            return state
        self.use(s, id(s), state)
        if isinstance(s, ir.Assign) and s.target in self.scalars:
            return {**state, s.target: frozenset({id(s)})}
        return state


Def = tuple[str, int]  # (variable, id of its defining statement or ENTRY)


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[Def, Def] = {}

    def find(self, x: Def) -> Def:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: Def, c: Def) -> None:
        self.parent[self.find(a)] = self.find(c)


def split_webs(  # noqa: C901
    body: list[ir.Stmt], returns: tuple[str, ...], types: dict[str, object], names: b.Names
) -> tuple[list[ir.Stmt], tuple[str, ...]]:
    """``body`` and ``returns`` with each scalar's webs renamed apart (the entry web keeps it)."""
    scalars = {n for n, t in types.items() if isinstance(t, ScalarType)}
    atomic = {s.target for s in _all(body) if isinstance(s, ir.Atomic)}
    scalars -= atomic
    reach = _Reaching(scalars)
    end = reach.body(body, {})
    ret_key = -2
    for name in returns:
        if name in scalars:
            reach.uses.setdefault((ret_key, name), set()).update(end.get(name, {ENTRY}))
    uf = _UnionFind()
    for (_, var), defs in reach.uses.items():
        first = next(iter(defs))
        for d in defs:
            uf.union((var, d), (var, first))
    web_name: dict[Def, str] = {}
    kept: set[str] = set()

    def name_of(var: str, d: int) -> str:
        root = uf.find((var, d))
        if root not in web_name:
            if uf.find((var, ENTRY)) == root or var not in kept:
                web_name[root] = var
                kept.add(var)
            else:
                web_name[root] = names.fresh(var, types[var])  # type: ignore[arg-type]
        return web_name[root]

    # the entry web (parameters, values from before the body) always keeps its name
    for (_, var), defs in reach.uses.items():
        if ENTRY in defs:
            name_of(var, ENTRY)

    def rename(stmts: tuple[ir.Stmt, ...] | list[ir.Stmt]) -> list[ir.Stmt]:
        out = []
        for s in stmts:
            key = id(s)

            def swap(e: ir.Expr, key: int = key) -> ir.Expr:
                if isinstance(e, ir.Var) and (key, e.name) in reach.uses:
                    d = next(iter(reach.uses[(key, e.name)]))
                    return replace(e, name=name_of(e.name, d))
                return e

            if isinstance(s, ir.For | ir.While | ir.If):
                new = map_exprs(s, swap, deep=False)
                new = replace_body(new, *[rename(x) for x in bodies(s)])  # type: ignore[arg-type]
                if isinstance(new, ir.For) and s.var in scalars:  # type: ignore[union-attr]
                    new = replace(new, var=name_of(s.var, id(s)))  # type: ignore[union-attr]
            elif bodies(s):
                new = map_exprs(s, swap, deep=True)
            else:
                new = map_exprs(s, swap, deep=False)
                if isinstance(new, ir.Assign) and s.target in scalars:  # type: ignore[union-attr]
                    new = replace(new, target=name_of(s.target, id(s)))  # type: ignore[union-attr]
            out.append(new)
        return out  # type: ignore[return-value]

    renamed = rename(body)
    new_returns = tuple(
        name_of(r, next(iter(reach.uses[(ret_key, r)]))) if (ret_key, r) in reach.uses else r for r in returns
    )
    return renamed, new_returns


def _all(body: list[ir.Stmt]) -> list[ir.Stmt]:
    from kiln.ir.visit import iter_stmts

    return list(iter_stmts(body))
