"""``np.union1d``, ``np.intersect1d`` and ``np.setdiff1d`` as NumPy defines them, from kiln's
``unique``, ``isin``, ``concatenate`` and ``extract``: the sorted unique values of both, of
the first that are in (not in) the second. ``intersect1d`` gives the operands' common dtype,
as NumPy's concatenation of the two does; NaN is in nothing, as in NumPy."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, element_type
from kiln.frontend.callargs import REQUIRED, bind_args, const_bool
from kiln.frontend.context import Context
from kiln.frontend.np_join import np_concatenate
from kiln.frontend.np_misc import np_extract, np_isin
from kiln.frontend.np_unique import np_unique
from kiln.frontend.promotion import promote
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import PY_BOOL

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _flat(ctx: Context, value: Value) -> Value:
    if isinstance(value, Scalar):
        e = value.expr
        return Lazy(value.type.dtype, (E.ONE,), lambda idx: e, ())
    return value


def _no_flags(ctx: Context, name: str, b: dict[str, Value], *flags: str) -> None:
    for flag in flags:
        if b[flag] is not False and const_bool(ctx, b[flag], f"{name}({flag}=...)"):
            raise UnsupportedError(f"np.{name}({flag}=True)", ctx.loc)


def np_union1d(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "union1d", args, kwargs, [("ar1", REQUIRED), ("ar2", REQUIRED)])
    joined = np_concatenate(
        ctx, [TupleValue((_flat(ctx, b["ar1"]), _flat(ctx, b["ar2"])))], {"axis": Const(None)}
    )
    return np_unique(ctx, [joined], {})


def _members(ctx: Context, name: str, args: list[Value], kwargs: dict[str, Value], invert: bool) -> Value:
    params = [("ar1", REQUIRED), ("ar2", REQUIRED), ("assume_unique", False)]
    if name == "intersect1d":
        params.append(("return_indices", False))
    b = bind_args(ctx, name, args, kwargs, params)
    _no_flags(ctx, name, b, *(p for p, _ in params[2:]))
    first = np_unique(ctx, [_flat(ctx, b["ar1"])], {})
    if name == "intersect1d":  # the dtype of the two concatenated
        assert isinstance(first, ArrayView | Lazy)
        t = promote(element_type(first), element_type(_flat(ctx, b["ar2"]))).strong()  # type: ignore[arg-type]
        lazy = as_lazy(first)
        first = Lazy(t.dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)
    kept = np_isin(
        ctx, [first, _flat(ctx, b["ar2"])], {"invert": Scalar(ir.Const(True, PY_BOOL))} if invert else {}
    )
    return np_extract(ctx, [kept, first], {})


def np_intersect1d(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    return _members(ctx, "intersect1d", args, kwargs, invert=False)


def np_setdiff1d(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    return _members(ctx, "setdiff1d", args, kwargs, invert=True)


def table() -> dict[object, Handler]:
    return {np.union1d: np_union1d, np.intersect1d: np_intersect1d, np.setdiff1d: np_setdiff1d}
