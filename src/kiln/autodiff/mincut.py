"""Store or recompute: a minimum cut over the dataflow graph of a loop body (Enzyme's cache
reduction, with recomputation priced too).

The reverse sweep of a loop needs some values each iteration computed: ``t = exp(x[i] - m)``
for ``s += t``. Each such value is either *stored* (taped in the forward sweep: one element per
iteration, written and read back) or *recomputed* at the start of the reverse iteration from its
operands, which must then be available themselves: stored, recomputed, or free (loop variables,
values the iteration no longer changes). The choice is a minimum cut in a graph with, per value
``v``, nodes ``v_in -> v_out`` (capacity: the cost of storing ``v``), an edge ``source -> v_in``
(the cost of recomputing ``v``; infinite when it cannot be recomputed), ``u_out -> v_in`` for
each operand ``u`` of ``v`` (infinite), and ``v_out -> sink`` when an adjoint reads ``v``. A cut
leaves each needed value reachable only through a paid edge: stored (``v_in -> v_out`` cut) or
recomputed (``source -> v_in`` cut, its operands then needed too). Costs are per iteration in
rough cycles: a stored double is a store, a load and tape bookkeeping; an ``exp`` costs more than
that, an addition less.

Candidates are the single-definition scalar assignments at the top level of a loop body (after
``webs.py`` split reused names). A value can be recomputed at the start of the reverse iteration
when nothing it reads changes later in the same iteration: no later assignment of a scalar it
reads, no later store into an array it loads, and no inner loop variable. Reading a scalar or
array the body changes elsewhere, which no adjoint reads anyway, counts as impossible too: the
sweep would have to restore it at each change, a tape per change instead of one per value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kiln.analysis.maxflow import INF, MaxFlow
from kiln.autodiff.analysis import alias_groups
from kiln.autodiff.prepare import defs
from kiln.ir import nodes as ir
from kiln.ir.ops import op_cost
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts, var_names

# A taped value costs a store, a load and the push/pop bookkeeping, and the counter it bumps
# serializes a loop that could otherwise vectorize; a vectorized transcendental call (the
# prelude declares SIMD math) costs a few cycles per element.
TAPE_OVERHEAD = 10.0


def recompute_cost(e: ir.Expr) -> float:
    """Rough cycles to evaluate ``e`` once (calls dominate; a repeated subexpression counts once,
    as the C compiler evaluates it once)."""
    total = 0.0
    for x in set(iter_exprs(e)):
        if isinstance(x, ir.Call):
            total += op_cost("call", x.func)
        elif isinstance(x, ir.Binary):
            total += op_cost("binary", x.op)
        elif isinstance(x, ir.Unary | ir.Select):
            total += 1.0
        elif isinstance(x, ir.Load):
            total += 0.5
    return total


def store_cost(t: ScalarType) -> float:
    """Rough cycles to tape one value and read it back (a store, a load, the bookkeeping)."""
    return 2.0 * max(1, t.np_dtype.itemsize // 4) + TAPE_OVERHEAD


@dataclass
class Decision:
    """Per loop body: which candidate assignments the reverse sweep recomputes (by ``id``)."""

    recompute: set[int] = field(default_factory=set)
    stored: set[str] = field(default_factory=set)  # needed values the cut keeps on tapes
    recomputed: set[str] = field(default_factory=set)


class _Planner:
    def __init__(self, fn: ir.Function, body: list[ir.Stmt], adjoint_reads: Callable[[ir.Stmt], set[str]]):
        self.group_of = alias_groups(fn)
        self.counts: dict[str, int] = {}
        for s in iter_stmts(body):
            if isinstance(s, ir.Assign):
                self.counts[s.target] = self.counts.get(s.target, 0) + 1
        self.needed: set[str] = set()
        for s in iter_stmts(body):
            self.needed |= adjoint_reads(s)
        self.types = fn.var_types()
        self.decision = Decision()

    def walk(self, stmts: list[ir.Stmt] | tuple[ir.Stmt, ...], loop_vars: frozenset[str]) -> None:
        for s in stmts:
            if isinstance(s, ir.For):
                inner = loop_vars | {s.var}
                self.walk(s.body, inner)  # inner bodies first: what they recompute, this one needs
                self.loop_body(s.body, inner)
            elif isinstance(s, ir.If):
                self.walk(s.then, loop_vars)
                self.walk(s.orelse, loop_vars)
            elif isinstance(s, ir.While):
                self.walk(s.body, loop_vars)

    def loop_body(self, body: tuple[ir.Stmt, ...], loop_vars: frozenset[str]) -> None:
        cands = [
            s
            for s in body
            if isinstance(s, ir.Assign)
            and self.counts.get(s.target) == 1
            and s.target not in loop_vars
            and isinstance(self.types.get(s.target), ScalarType)
        ]
        if not cands:
            return
        names = {s.target: s for s in cands}
        flow = MaxFlow()
        inner_vars = {x.var for x in iter_stmts(body) if isinstance(x, ir.For)} - loop_vars
        # reading a value the body changes that no adjoint reads would make the sweep restore
        # it at every change (a tape per change): price that as impossible
        costly = defs(body, self.group_of) - self.needed - set(names) - loop_vars
        for pos, s in enumerate(body):
            if not (isinstance(s, ir.Assign) and s.target in names):
                continue
            later = defs(body[pos + 1 :], self.group_of) | costly
            ok = self._recomputable(s.value, later, inner_vars)
            v = s.target
            t = self.types[v]
            assert isinstance(t, ScalarType)
            flow.edge(v + "/in", v + "/out", store_cost(t))
            flow.edge("SOURCE", v + "/in", recompute_cost(s.value) if ok else INF)
            for x in iter_exprs(s.value):
                if isinstance(x, ir.Var) and x.name in names and x.name != v:
                    flow.edge(x.name + "/out", v + "/in", INF)
            if v in self.needed:
                flow.edge(v + "/out", "SINK", INF)
        reach = flow.source_side("SOURCE", "SINK")
        # recompute what the cut puts on the sink side, but only what the sweep reads (directly or
        # through another recomputed value): a value nobody reads might divide by garbage
        wanted = {v for v in names if v in self.needed}
        for s in reversed(cands):
            v = s.target
            if v in wanted and v + "/in" not in reach:
                wanted |= var_names(s.value) & names.keys()
        for s in cands:
            v = s.target
            if v in wanted and v + "/in" not in reach:
                self.decision.recompute.add(id(s))
                self.decision.recomputed.add(v)
                self.needed |= var_names(s.value)
            elif v in wanted:
                self.decision.stored.add(v)

    def _recomputable(self, e: ir.Expr, later: set[str], inner_vars: set[str]) -> bool:
        for x in iter_exprs(e):
            if isinstance(x, ir.Var) and (x.name in later or x.name in inner_vars):
                return False
            if isinstance(x, ir.Load) and ("@" + self.group_of[x.array] in later or "&" + x.array in later):
                return False
            if isinstance(x, ir.Dim | ir.Stride) and "&" + x.array in later:
                return False
        return True


def plan_recompute(
    fn: ir.Function, body: list[ir.Stmt], adjoint_reads: Callable[[ir.Stmt], set[str]]
) -> Decision:
    """The store-or-recompute decision for every loop body of ``body``."""
    p = _Planner(fn, body, adjoint_reads)
    p.walk(body, frozenset())
    return p.decision
