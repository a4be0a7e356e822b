"""What a straight run of statements has computed so far, as expressions of what it has not.

Walking a loop body in order, ``record`` notes each scalar assigned from arithmetic (no load or
call, so the value can be evaluated elsewhere, e.g. before the loop) and each view's extents;
``substituted`` then rewrites an expression read later in the body into one that reads only
values from before it. ``hoist_loads`` reads an invariant element before its loop this way
(``i = gidy; i += k + 1; ... a[i, k]``), and the OpenMP threshold, tested before a parallel
loop, reads a bound the body computes first (``row = a[i, :]``, ``range(row.shape[0])``).
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts, map_exprs

Definitions = dict[object, ir.Expr]  # scalar name -> value, (view, axis) -> extent


def substituted(e: ir.Expr, defs: Definitions) -> ir.Expr:
    """``e`` with the scalars and view extents in ``defs`` replaced by their definitions."""

    def swap(x: ir.Expr) -> ir.Expr:
        if isinstance(x, ir.Var):
            return defs.get(x.name, x)
        if isinstance(x, ir.Dim):
            return defs.get((x.array, x.axis), x)
        return x

    return map_exprs(e, swap)  # type: ignore[return-value]


def record(s: ir.Stmt, defs: Definitions) -> None:
    """Note what ``s`` binds: a scalar's arithmetic value, a view's extents; a scalar assigned
    anything else, or under an ``if`` or in a nested loop, is forgotten."""
    if isinstance(s, ir.Assign):
        value = substituted(s.value, defs)
        if any(isinstance(x, ir.Load | ir.Call) for x in iter_exprs(value)):
            defs.pop(s.target, None)
        else:
            defs[s.target] = value
    elif isinstance(s, ir.View):
        for k, extent in enumerate(s.shape):
            defs[(s.target, k)] = substituted(extent, defs)
    elif isinstance(s, ir.RestoreBinding):
        for key in [k for k in defs if isinstance(k, tuple) and k[0] == s.array]:
            del defs[key]
    else:
        for inner in iter_stmts((s,)):
            if isinstance(inner, ir.Assign | ir.Atomic | ir.Invoke):
                defs.pop(inner.target, None)
