"""NumPy arrays that a kernel reads from its module (or a helper's defaults).

Such an array is a compile-time constant, as in Numba: its values at the first
compilation are baked into the function, which fills a local copy on entry. It
must not be written (NumPy would change the module's array, the copy would not),
and it must be small: a large table belongs in an argument.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import DTYPE_NAMES, ArrayType, ScalarType

MAX_CONSTANT_ELEMENTS = 4096
_HINT = "pass the array as an argument"


def constant_array(ctx: Context, value: np.ndarray) -> ArrayView:
    """The module-level array ``value`` as a read-only local filled on entry."""
    known = ctx.constant_arrays.get(id(value))
    if known is not None:
        return cast(ArrayView, known[1])  # Context keeps (array, view) pairs untyped
    if value.dtype.name not in DTYPE_NAMES:
        raise UnsupportedError(f"a global NumPy array of dtype {value.dtype}", ctx.loc, hint=_HINT)
    if value.size > MAX_CONSTANT_ELEMENTS:
        raise UnsupportedError(
            f"a global NumPy array of {value.size} elements (kiln bakes in at most {MAX_CONSTANT_ELEMENTS})",
            ctx.loc,
            hint=_HINT,
        )
    name = ctx.fresh("global")
    t = ArrayType(value.dtype.name, value.ndim, "C")
    ctx.declare(name, t)
    ctx.add_origins(name, {name})
    shape = tuple(E.i64(n) for n in value.shape)
    element = ScalarType(value.dtype.name)
    stmts: list[ir.Stmt] = [ir.Alloc(name, t, shape)]
    for index in np.ndindex(*value.shape):
        stmts.append(ir.Store(name, tuple(E.i64(k) for k in index), ir.Const(value[index].item(), element)))
    for s in stmts:
        ctx.emit_at_entry(s)
    view = whole_view(name, t, shape)
    ctx.constant_arrays[id(value)] = (value, view)
    return view


def check_constants_unwritten(ctx: Context) -> None:
    """A kernel may read a global array but not write it."""
    constants = {cast(ArrayView, v).base for _, v in ctx.constant_arrays.values()}
    for name in ctx.written_arrays:
        if ctx.origins_of(name) & constants:
            raise UnsupportedError("writing to a global NumPy array", ctx.loc, hint=_HINT)
