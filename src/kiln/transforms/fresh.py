"""Fresh scalar names and statement ids for passes that create loops."""

from __future__ import annotations

import dataclasses

from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType


def fresh_scalar(fn: ir.Function, stem: str, type_: ScalarType) -> tuple[ir.Function, ir.Var]:
    """``fn`` with a new local ``stem`` (suffixed until unused) and a variable naming it."""
    taken = set(fn.var_types())
    name, n = stem, 0
    while name in taken:
        n += 1
        name = f"{stem}{n}"
    return dataclasses.replace(fn, locals=(*fn.locals, (name, type_))), ir.Var(name, type_)
