"""Which overwritten values the reverse sweep must get back (Tapenade-style restores, pruned).

The reverse sweep runs statements' adjoints in reverse order and, where a statement overwrote a
value that some adjoint still needs, restores it from a tape. A forward data-flow analysis decides
where: a token (scalar name, ``@group`` for array memory, ``&array`` for an array reference) is
*pending* at a point when an adjoint reads its current value; a definition of a pending token must
save the value it overwrites. Values no adjoint reads are never saved: a reduction's accumulator,
``out`` arrays, loop-local temporaries whose adjoints are linear.
"""

from __future__ import annotations

from kiln.autodiff.analysis import Activity
from kiln.autodiff.exprs import reverse_reads
from kiln.autodiff.linalg_rules import LINALG_ADJOINTS
from kiln.autodiff.overwrite import Site, may_read_before
from kiln.autodiff.prepare import reads
from kiln.autodiff.storage import Current, fresh_allocations, older_storage
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs

Tokens = frozenset[str]


class NeededValues:
    """Run on a prepared body; ``saves`` holds ``id`` of statements whose target must be saved."""

    def __init__(
        self, act: Activity, recompute: set[int] | None = None, fixed: set[str] | None = None
    ) -> None:
        self.act = act
        self.recompute = recompute or set()  # assignments the reverse sweep re-executes
        self.fixed = fixed  # scalars that never change while loops run (None: no site analysis)
        self.group_of = act.group_of
        self.fresh: set[int] = set()  # see ``storage.py``
        self.current: dict[int, Current] = {}
        self.saves: set[int] = set()
        self.loop_stack: list[ir.For] = []
        self.sites: dict[tuple[int, int], str] = {}  # (statement, load) -> its site token
        self.site_of: dict[str, Site] = {}
        self.affine_cache: dict[int, dict] = {}

    def run(self, body: list[ir.Stmt]) -> None:
        self.fresh = fresh_allocations(body, self.group_of)
        self.current = older_storage(body, self.group_of)
        self.body(body, frozenset())

    def body(self, stmts: list[ir.Stmt] | tuple[ir.Stmt, ...], pending: Tokens) -> Tokens:
        for s in stmts:
            pending = self.stmt(s, pending)
        return pending

    def stmt_reads(self, s: ir.Stmt) -> set[str]:
        """What the adjoint of ``s`` itself reads (not counting restores)."""
        g = self.group_of
        if isinstance(s, ir.Assign) and s.target in self.act.scalars:
            return reverse_reads(s.value, self.act, g, s.loc)
        if isinstance(s, ir.Store) and self.act.array(s.array):
            out = reverse_reads(s.value, self.act, g, s.loc) | {"&" + s.array}
            for i in s.indices:
                out |= reads(i, g)
            return out
        if isinstance(s, ir.If):
            return reads(s.cond, g)
        if isinstance(s, ir.For):
            return reads(s.start, g) | reads(s.stop, g) | reads(s.step, g)
        if isinstance(s, ir.LibCall) and any(self.act.array(x) for x in s.outputs):
            out = {"&" + x for x in s.outputs + s.inputs}
            out |= {"@" + g[x] for x in s.inputs}
            if s.func in LINALG_ADJOINTS:  # their adjoints read the result too
                out |= {"@" + g[x] for x in s.outputs}
            return out
        return set()

    def with_sites(self, s: ir.Stmt, gen: set[str]) -> set[str]:
        """``gen`` plus a site token ``@group#k`` per array read behind each ``@group`` token
        (``@group#?`` when the read is not a load of a plain statement)."""
        out = set(gen)
        for token in gen:
            if not token.startswith("@") or "#" in token:
                continue
            g = token[1:]
            loads = [
                x for x in iter_exprs(s, deep=False) if isinstance(x, ir.Load) and self.group_of[x.array] == g
            ]
            if not loads or not isinstance(s, ir.Assign | ir.Store):
                out.add(token + "#?")
            for x in loads:
                key = (id(s), id(x))
                if key not in self.sites:
                    self.sites[key] = f"{token}#{len(self.site_of)}"
                    cur = self.current.get(id(s), {})
                    older = frozenset(n for n, m in cur.items() if x.array not in m)
                    self.site_of[self.sites[key]] = Site(x.array, tuple(self.loop_stack), x.indices, older)
                out.add(self.sites[key])
        return out

    def store_needs_save(self, s: ir.Store, live: Tokens) -> bool:
        """Whether a read not after ``s`` may need the element ``s`` overwrites."""
        g = "@" + self.group_of[s.array]
        if g not in live:
            return False
        if self.fixed is None:
            return True
        here = Site(s.array, tuple(self.loop_stack), s.indices)
        for token in live:
            if token.startswith(g + "#"):
                site = self.site_of.get(token)
                if site is None:
                    return True
                if s.array not in site.older and may_read_before(site, here, self.fixed, self.affine_cache):
                    return True
        return False

    def stmt(self, s: ir.Stmt, pending: Tokens) -> Tokens:
        gen = self.stmt_reads(s)
        if isinstance(s, ir.Assign) and id(s) in self.recompute:
            # re-executed at the start of its reverse iteration: what it reads must be there
            gen = self.with_sites(s, gen | reads(s.value, self.group_of))
            return frozenset((pending | gen) - {s.target})
        gen = self.with_sites(s, gen)
        if isinstance(s, ir.Assign):
            if s.target in pending or s.target in gen:
                self.saves.add(id(s))
            return frozenset((pending | gen) - {s.target})
        if isinstance(s, ir.Store):
            if self.store_needs_save(s, pending | gen):
                self.saves.add(id(s))
                for i in s.indices:
                    gen |= reads(i, self.group_of)
                gen.add("&" + s.array)
            return frozenset(pending | gen)
        if isinstance(s, ir.For):
            return self.loop(s, s.var, s.body, pending | gen)
        if isinstance(s, ir.While):
            return self.loop(s, None, s.body, pending | gen)
        if isinstance(s, ir.If):
            start = frozenset(pending | gen)
            return self.body(s.then, start) | self.body(s.orelse, start)
        if isinstance(s, ir.Alloc | ir.View):
            return self.rebinding(s, pending)
        if isinstance(s, ir.LibCall):
            if any("@" + self.group_of[o] in pending for o in s.outputs):
                raise UnsupportedError(
                    f"reverse-mode differentiation of '{s.func}' into an array whose earlier "
                    "contents the gradient needs",
                    s.loc,
                )
            return frozenset(pending | gen)
        return pending

    def rebinding(self, s: ir.Alloc | ir.View, pending: Tokens) -> Tokens:
        """An array variable bound anew: when the reverse sweep still needs its earlier binding,
        that binding is saved (a binding stack keeps its storage alive and unchanged)."""
        out = pending
        if "&" + s.target in pending:
            self.saves.add(id(s))
            out = pending - {"&" + s.target}
        if id(s) in self.fresh:  # stores that follow cannot reach what was read before
            token = "@" + self.group_of[s.target]
            out = frozenset(t for t in out if t != token and not t.startswith(token + "#"))
        return frozenset(out)

    def loop(
        self, s: ir.For | ir.While, var: str | None, body: tuple[ir.Stmt, ...], pending: Tokens
    ) -> Tokens:
        if var is not None and var in pending:
            self.saves.add(id(s))
        kill = frozenset({var}) if var else frozenset()
        current = pending
        if isinstance(s, ir.For):
            self.loop_stack.append(s)
        try:
            while True:
                out = self.body(body, current - kill)
                grown = current | (out - kill)
                if grown == current:
                    # the reverse loop sets its variable itself: body reads of it need no restore
                    return current | (out - kill)
                current = grown
        finally:
            if isinstance(s, ir.For):
                self.loop_stack.pop()
