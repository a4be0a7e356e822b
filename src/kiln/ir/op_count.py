"""A static count of the operations one pass through loop-free statements performs: the unit of
the OpenMP threshold (``KILN_PAR_MIN``).

Counting iterations alone treats a copy and a 30-operation stencil alike: the stencil's row of
a 121x121 grid is worth going parallel for, the copy's is not. The weights are rough relative
costs (a load, a store or an add is 1; a division 4; a libm call 8); they only need to order
loops by how long an iteration runs, not to predict time.
"""

from __future__ import annotations

from collections.abc import Iterable

from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs

_SLOW_BINARY = {"truediv": 4, "floordiv": 4, "mod": 4, "pow": 8}
_CALL = 8
_ATOMIC = 4
# a routine on whole arrays (matmul, sort ...) inside a parallel loop: surely worth a thread
_LIBCALL = 1024


def expr_ops(e: ir.Expr) -> int:
    if isinstance(e, ir.Binary):
        return _SLOW_BINARY.get(e.op, 1)
    if isinstance(e, ir.Call):
        return _CALL
    if isinstance(e, ir.Load | ir.Unary | ir.Select):
        return 1
    return 0  # constants, variables, metadata and casts cost nothing worth counting


def stmt_ops(s: ir.Stmt) -> int:
    """Operations of one statement, its nested bodies counted once (a loop's trip count is the
    caller's business; a ``while`` loop's is unknown and counted as one pass; of an ``if``, the
    costlier branch)."""
    own = sum(expr_ops(e) for e in iter_exprs(s, deep=False))  # bounds, conditions, values
    if isinstance(s, ir.Store):
        own += 1
    elif isinstance(s, ir.Atomic):
        own += _ATOMIC
    elif isinstance(s, ir.LibCall | ir.Invoke):
        own += _LIBCALL
    elif isinstance(s, ir.If):
        own += max(body_ops(s.then), body_ops(s.orelse))
    elif isinstance(s, ir.While | ir.For | ir.Block):
        own += body_ops(s.body)
    return own


def body_ops(body: Iterable[ir.Stmt]) -> int:
    return sum(stmt_ops(s) for s in body)
