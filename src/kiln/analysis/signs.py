"""Integer scalars that are never negative, for the dependence test.

A subscript ``a[i + k + 1, j]`` stored while ``a[k, j]`` is loaded never meets it when ``i >= 0``;
without that fact the integer-set test must allow ``i = -1`` and keeps the loop scalar. Kernels
flattened onto the CPU are full of such symbols (``gidy = (o // chunks) % rows`` in a thread
loop), and so are loops over arguments specialized on their sign (``kiln.api.NonNegative``).

The analysis is a greatest fixed point: start from every integer local (they start at zero)
and the parameters the function records as non-negative, and drop a variable while one of its
assignments may give a negative value under the current assumptions. What stays is
non-negative at every point of every run, by induction over the assignments executed.
"""

from __future__ import annotations

from kiln.analysis.cache import register_analysis
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_stmts


def is_nonneg(e: ir.Expr, known: set[str] | frozenset[str]) -> bool:
    """Whether ``e`` cannot be negative when every variable in ``known`` is non-negative."""
    if isinstance(e, ir.Const):
        return (e.type.is_integer or e.type.is_bool) and int(e.value) >= 0  # type: ignore[arg-type]
    if isinstance(e, ir.Dim):
        return True
    if isinstance(e, ir.Var):
        return e.name in known or (isinstance(e.type, ScalarType) and e.type.kind in ("u", "b"))
    if isinstance(e, ir.Cast):
        return (
            e.type.is_integer
            and (e.operand.type.is_integer or e.operand.type.is_bool)
            and _keeps_sign(e.operand.type, e.type)
            and is_nonneg(e.operand, known)
        )
    if isinstance(e, ir.Select):
        return e.type.is_integer and is_nonneg(e.if_true, known) and is_nonneg(e.if_false, known)
    if isinstance(e, ir.Binary) and e.op == "max":  # max(i - 1, 0): one side suffices
        return e.type.is_integer and (is_nonneg(e.lhs, known) or is_nonneg(e.rhs, known))
    if isinstance(e, ir.Binary) and e.op in ("add", "mul", "floordiv", "mod", "min"):
        return e.type.is_integer and is_nonneg(e.lhs, known) and is_nonneg(e.rhs, known)
    return False


def _keeps_sign(src: ScalarType, dst: ScalarType) -> bool:
    """Whether every non-negative ``src`` value stays non-negative as ``dst`` (a narrowing cast,
    or uint64 to int64, may wrap)."""
    a, b = src.np_dtype.itemsize, dst.np_dtype.itemsize
    return b > a or (b == a and (src.kind == dst.kind or dst.kind == "u" or src.kind == "b"))


@register_analysis("nonneg_scalars")
def nonneg_scalars(fn: ir.Function) -> frozenset[str]:
    """The integer scalars of ``fn`` that are ``>= 0`` wherever they are read."""
    params = {p.name for p in fn.params}
    known = {n for n, t in fn.locals if isinstance(t, ScalarType) and t.is_integer and n not in params}
    known |= set(fn.nonneg_params)
    values: dict[str, list[ir.Expr]] = {}
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.Assign):
            values.setdefault(s.target, []).append(s.value)
        elif isinstance(s, ir.For):
            # the variable takes start, start + step, ...: never below start when step > 0
            values.setdefault(s.var, []).extend((s.start, s.step))
        elif isinstance(s, ir.Atomic | ir.Invoke) and s.target:
            known.discard(s.target)  # the element's old value: anything
        elif isinstance(s, ir.LibCall):
            known.difference_update(s.outputs)
    known -= params - set(fn.nonneg_params)
    while True:
        dropped = {v for v in known if not all(is_nonneg(e, known) for e in values.get(v, ()))}
        if not dropped:
            return frozenset(known)
        known -= dropped
