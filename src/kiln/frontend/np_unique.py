"""``np.unique`` of the flattened array, as NumPy's sort-based ``_unique1d`` computes it.

The elements are sorted by NumPy's own routine (a library call, so equal keys, signed zeros
and NaNs land in NumPy's order), and an element is kept where it differs from the one before
it. Under ``equal_nan=True`` (NumPy's default) the NaNs, which sort last, collapse to their
first. ``return_index`` sorts stably, as NumPy does for it, and gives each kept element's
position in the flattened input; ``return_counts`` gives the length of each run. The result's
extent depends on the data, like a boolean mask's. ``return_inverse``, ``axis`` and complex
data are refused with a location.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import materialize
from kiln.frontend.callargs import REQUIRED, bind_args, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.indexing import getitem
from kiln.frontend.np_shapes import array_operand
from kiln.frontend.np_sort import sorting_handler
from kiln.frontend.values import ArrayView, Const, Lazy, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
Index = tuple[ir.Expr, ...]


def np_unique(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("ar", REQUIRED), ("return_index", False), ("return_inverse", False)]
    params += [("return_counts", False), ("axis", None), ("equal_nan", True), ("sorted", True)]
    b = bind_args(ctx, "unique", args, kwargs, params)
    flags = {name: _flag(ctx, b[name], name) for name in ("return_index", "return_inverse", "return_counts")}
    if flags["return_inverse"]:
        raise UnsupportedError("unique() with return_inverse=True", ctx.loc)
    if not is_none(b["axis"]):
        raise UnsupportedError("unique() with axis=", ctx.loc)
    if not _flag(ctx, b["sorted"], "sorted"):
        raise UnsupportedError("unique() with sorted=False", ctx.loc)
    equal_nan = _flag(ctx, b["equal_nan"], "equal_nan")
    a = array_operand(ctx, b["ar"], "unique")  # a number too: sorting flattens it
    if ScalarType(a.dtype).is_complex:
        raise UnsupportedError("unique() of complex values", ctx.loc)
    kind: dict[str, Value] = {"kind": Const("stable")} if flags["return_index"] else {}
    ordered = _sorted(ctx, "sort", a, kind)
    keep = materialize(ctx, _kept(ordered, equal_nan))
    values = getitem(ctx, ordered, [keep])
    if not (flags["return_index"] or flags["return_counts"]):
        return values
    out: list[Value] = [values]
    if flags["return_index"]:
        out.append(getitem(ctx, _sorted(ctx, "argsort", a, kind), [keep]))
    if flags["return_counts"]:
        out.append(_run_lengths(ctx, keep, ordered.shape[0]))
    return TupleValue(tuple(out))


def _flag(ctx: Context, value: object, what: str) -> bool:
    return value if isinstance(value, bool) else const_bool(ctx, value, what)


def _sorted(ctx: Context, func: str, a: ArrayView | Lazy, kind: dict[str, Value]) -> ArrayView:
    result = sorting_handler(func)(ctx, [a], {"axis": Const(None), **kind})
    assert isinstance(result, ArrayView)
    return result


def _kept(ordered: ArrayView, equal_nan: bool) -> Lazy:
    """Whether sorted element ``i`` starts a run of equal elements (the first NaN starts the
    only run of NaNs under ``equal_nan``)."""
    is_float = ScalarType(ordered.dtype).is_float

    def element(idx: Index) -> ir.Expr:
        (i,) = idx
        before = E.imax(E.sub(i, E.ONE), E.ZERO)  # never a read before the first element
        here, prev = ordered.load((i,)), ordered.load((before,))
        differs: ir.Expr = E.compare("ne", here, prev)
        if is_float and equal_nan:
            nan_here, nan_before = ir.Call("isnan", (here,), BOOL), ir.Call("isnan", (prev,), BOOL)
            both_nan = ir.Binary("and", nan_here, nan_before, BOOL)
            differs = ir.Binary("and", differs, ir.Unary("not", both_nan, BOOL), BOOL)
        return ir.Select(E.compare("eq", i, E.ZERO), ir.Const(True, BOOL), differs, BOOL)

    return Lazy("bool", tuple(ordered.shape), element, (ordered,))


def _run_lengths(ctx: Context, keep: ArrayView, n: ir.Expr) -> Value:
    """How many sorted elements each kept one stands for: the distance to the next kept
    position (or to the end)."""
    every = materialize(ctx, Lazy("int64", (n,), lambda idx: idx[0], ()))
    positions = getitem(ctx, every, [keep])
    assert isinstance(positions, ArrayView | Lazy)
    starts = materialize(ctx, positions) if isinstance(positions, Lazy) else positions
    m = starts.shape[0]

    def count(idx: Index) -> ir.Expr:
        (j,) = idx
        is_last = E.compare("eq", E.add(j, E.ONE), m)
        following = starts.load((ir.Select(is_last, j, E.add(j, E.ONE), INT64),))
        end = ir.Select(is_last, n, following, INT64)
        return E.sub(end, starts.load((j,)))

    return Lazy("int64", (m,), count, (starts,))


def table() -> dict[object, Handler]:
    return {np.unique: np_unique}
