"""Fresh scalar and array names for passes that create loops and temporaries."""

from __future__ import annotations

import dataclasses

from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType


def fresh_local(fn: ir.Function, stem: str, type_: ScalarType | ArrayType) -> tuple[ir.Function, str]:
    """``fn`` with a new local ``stem`` (suffixed until unused), and its name."""
    taken = set(fn.var_types())
    name, n = stem, 0
    while name in taken:
        n += 1
        name = f"{stem}{n}"
    return dataclasses.replace(fn, locals=(*fn.locals, (name, type_))), name


def fresh_scalar(fn: ir.Function, stem: str, type_: ScalarType) -> tuple[ir.Function, ir.Var]:
    """``fn`` with a new local ``stem`` (suffixed until unused) and a variable naming it."""
    fn, name = fresh_local(fn, stem, type_)
    return fn, ir.Var(name, type_)
