"""Small constructors of IR expressions that fold constants as they build.

Index arithmetic is built here (int64), so views and slices produce short
expressions such as ``i + 1`` instead of ``0 + 1 * (i + 1)``.
"""

from __future__ import annotations

from collections.abc import Iterable

from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ScalarType

ZERO = ir.Const(0, INT64)
ONE = ir.Const(1, INT64)


def i64(value: int) -> ir.Const:
    return ir.Const(int(value), INT64)


def const_int(e: ir.Expr) -> int | None:
    if isinstance(e, ir.Const) and e.type.is_integer:
        return int(e.value)  # type: ignore[arg-type]
    return None


def as_index(e: ir.Expr) -> ir.Expr:
    """An int64 view of an integer expression (bools and narrow ints widen)."""
    if e.type == INT64:
        return e
    if isinstance(e, ir.Const):
        return i64(int(e.value))  # type: ignore[arg-type]
    return ir.Cast(e, INT64)


def add(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    ca, cb = const_int(a), const_int(b)
    if ca is not None and cb is not None:
        return i64(ca + cb)
    if ca == 0:
        return b
    if cb == 0:
        return a
    if cb is not None and cb < 0:
        return ir.Binary("sub", a, i64(-cb), INT64)
    return ir.Binary("add", a, b, INT64)


def sub(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    ca, cb = const_int(a), const_int(b)
    if ca is not None and cb is not None:
        return i64(ca - cb)
    if cb == 0:
        return a
    if a == b:
        return ZERO
    return ir.Binary("sub", a, b, INT64)


def mul(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    ca, cb = const_int(a), const_int(b)
    if ca is not None and cb is not None:
        return i64(ca * cb)
    if ca == 1:
        return b
    if cb == 1:
        return a
    if ca == 0 or cb == 0:
        return ZERO
    return ir.Binary("mul", a, b, INT64)


def product(dims: Iterable[ir.Expr]) -> ir.Expr:
    """The product of extents (1 for none): how many elements a shape holds."""
    total: ir.Expr = ONE
    for d in dims:
        total = mul(total, d)
    return total


def floordiv(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    ca, cb = const_int(a), const_int(b)
    if ca is not None and cb is not None and cb != 0:
        return i64(ca // cb)
    if cb == 1:
        return a
    return ir.Binary("floordiv", a, b, INT64)


def imin(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    ca, cb = const_int(a), const_int(b)
    if ca is not None and cb is not None:
        return i64(min(ca, cb))
    return a if a == b else ir.Binary("min", a, b, INT64)


def imax(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    ca, cb = const_int(a), const_int(b)
    if ca is not None and cb is not None:
        return i64(max(ca, cb))
    return a if a == b else ir.Binary("max", a, b, INT64)


def compare(op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary(op, a, b, BOOL)


def logical_and(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    if isinstance(a, ir.Const) and a.value:
        return b
    if isinstance(b, ir.Const) and b.value:
        return a
    return ir.Binary("and", a, b, BOOL)


def cast(e: ir.Expr, t: ScalarType) -> ir.Expr:
    """Convert ``e`` to ``t``; a no-op when only weakness differs."""
    if e.type.dtype == t.dtype:
        if e.type == t:
            return e
        if isinstance(e, ir.Const):
            return ir.Const(e.value, t)
        return ir.Cast(e, t)
    if isinstance(e, ir.Const):
        return _fold_const_cast(e, t)
    return ir.Cast(e, t)


def _fold_const_cast(e: ir.Const, t: ScalarType) -> ir.Expr:
    import numpy as np

    value = e.value
    if t.is_complex:
        return ir.Const(complex(value), t)
    if t.is_float:
        if isinstance(value, complex):
            return ir.Cast(e, t)
        return ir.Const(float(np.dtype(t.dtype).type(value)), t)
    if t.is_bool:
        return ir.Const(bool(value), t)
    if isinstance(value, float | complex):
        return ir.Cast(e, t)
    wrapped = np.array(int(value)).astype(t.dtype) if -(2**63) <= int(value) < 2**64 else None
    return ir.Const(int(wrapped), t) if wrapped is not None else ir.Cast(e, t)


def bool_false() -> ir.Const:
    return ir.Const(False, BOOL)


def bool_true() -> ir.Const:
    return ir.Const(True, BOOL)
