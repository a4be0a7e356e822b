"""Entry points of advanced indexing for the expression and statement lowerers."""

from __future__ import annotations

from kiln.frontend import fancy, masks
from kiln.frontend.advanced import Item, plan
from kiln.frontend.arrays import Operand
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView


def getitem(ctx: Context, base: ArrayView, index: list[Item]) -> ArrayView:
    """``base[index]`` where ``index`` holds arrays: always a new array (a copy)."""
    p = plan(ctx, base, index)
    if p.is_single_mask:
        return masks.gather(ctx, p)
    return fancy.gather(ctx, p)


def setitem(ctx: Context, base: ArrayView, index: list[Item], value: Operand) -> None:
    """``base[index] = value`` where ``index`` holds arrays."""
    p = plan(ctx, base, index)
    if p.is_single_mask:
        masks.scatter(ctx, p, value)
    else:
        fancy.scatter(ctx, p, value)
