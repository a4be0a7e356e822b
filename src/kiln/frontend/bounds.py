"""Lower bounds of integer index expressions: enough to skip negative-index
normalization for the common ``a[i - 1]`` with ``i`` from ``range(1, n)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiln.ir import nodes as ir

if TYPE_CHECKING:
    from kiln.frontend.context import Context


def lower_bound(ctx: Context, e: ir.Expr) -> int | None:
    """A proven lower bound of integer ``e``, or None."""
    if isinstance(e, ir.Const):
        return int(e.value) if e.type.is_integer or e.type.is_bool else None  # type: ignore[arg-type]
    if isinstance(e, ir.Dim):
        return 0
    if isinstance(e, ir.Var):
        return ctx.lower_bounds.get(e.name)
    if isinstance(e, ir.Cast) and (e.operand.type.is_integer or e.operand.type.is_bool):
        return lower_bound(ctx, e.operand) if e.type.is_integer else None
    if isinstance(e, ir.Binary):
        return _binary_bound(ctx, e)
    return None


def _binary_bound(ctx: Context, e: ir.Binary) -> int | None:
    a, b = lower_bound(ctx, e.lhs), lower_bound(ctx, e.rhs)
    if e.op == "add" and a is not None and b is not None:
        return a + b
    if e.op == "sub" and a is not None and isinstance(e.rhs, ir.Const):
        return a - int(e.rhs.value)  # type: ignore[arg-type]
    if e.op == "mul" and a is not None and b is not None and a >= 0 and b >= 0:
        return a * b
    if e.op in ("max",) and (a is not None or b is not None):
        return max(x for x in (a, b) if x is not None)
    if e.op == "min" and a is not None and b is not None:
        return min(a, b)
    if e.op in ("floordiv", "mod") and a is not None and a >= 0 and b is not None and b > 0:
        return 0
    return None
