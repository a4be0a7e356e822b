"""``np.diff`` (``n``, ``axis``), ``np.ptp`` and ``np.isclose``/``np.allclose``, written as NumPy
writes them (``numpy/lib/_function_base_impl.py``, ``numpy/_core/numeric.py``) so that dtypes
and rounding agree: ``diff`` subtracts neighbours (``not_equal`` for booleans) ``n`` times,
``ptp`` is ``max - min``, ``isclose`` compares ``|x - y| <= atol + rtol * |y|`` with ``y`` as a
float, finite ``y`` only, or ``x == y`` (and both NaN with ``equal_nan``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy
from kiln.frontend.callargs import REQUIRED, bind_args, const_axis, const_bool, fold_int, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_shapes import array_operand, sequence_operand
from kiln.frontend.np_stats import elem_type, operand
from kiln.frontend.numpy_ops import astype
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.types import PY_BOOL, PY_FLOAT, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


# ---------------------------------------------------------------------- diff
def np_diff(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("n", 1), ("axis", -1), ("prepend", None), ("append", None)]
    b = bind_args(ctx, "diff", args, kwargs, params)
    a = operand(ctx, b["a"], "np.diff")
    if isinstance(a, Scalar):
        raise TypingError("diff requires input that is at least one dimensional", ctx.loc)
    n = b["n"] if isinstance(b["n"], int) else fold_int(b["n"].expr) if isinstance(b["n"], Scalar) else None
    if n is None or n < 0:
        raise TypingError(f"order must be non-negative but got {n!r}", ctx.loc)
    axis = -1 if isinstance(b["axis"], int) and b["axis"] == -1 else const_axis(ctx, b["axis"])
    if not isinstance(axis, int) or not -a.ndim <= axis < a.ndim:
        raise TypingError(f"axis {axis} is out of bounds for array of dimension {a.ndim}", ctx.loc)
    axis %= a.ndim
    result: Operand = a
    if n == 0:
        return a  # NumPy returns the array itself, before it looks at prepend and append
    if not (is_none(b["prepend"]) and is_none(b["append"])):
        result = _extended(ctx, a, b["prepend"], b["append"], axis)
    for _ in range(n):
        assert not isinstance(result, Scalar)  # differences of an array are an array
        result = _neighbours(ctx, as_lazy(result), axis)
    return result


def _extended(ctx: Context, a: Lazy | ArrayView, prepend: Value, append: Value, axis: int) -> Operand:
    """``concatenate((prepend, a, append), axis)``, as NumPy's ``diff`` extends ``a``."""
    from kiln.frontend.numpy_ops import lookup_numpy

    before = [] if is_none(prepend) else [_edge(ctx, prepend, a, axis)]
    after = [] if is_none(append) else [_edge(ctx, append, a, axis)]
    concatenate = lookup_numpy(np.concatenate)
    assert concatenate is not None
    parts = TupleValue((*before, a, *after))
    joined = concatenate(ctx, [parts], {"axis": Scalar(ir.Const(axis, PY_INT))})
    assert isinstance(joined, ArrayView | Lazy)
    return joined


def _edge(ctx: Context, value: Value, a: Lazy | ArrayView, axis: int) -> Value:
    """A ``prepend``/``append`` operand: a number is made an array (of its NumPy dtype) with
    ``a``'s shape and one element along ``axis``."""
    part = operand(ctx, value, "np.diff") if not isinstance(value, TupleValue) else None
    if part is None:
        return sequence_operand(ctx, value, "np.diff")
    if not isinstance(part, Scalar) and part.ndim > 0:
        return part
    t = part.type.strong() if isinstance(part, Scalar) else ScalarType(part.dtype)
    one = part.expr if isinstance(part, Scalar) else as_lazy(part).element(())
    shape = tuple(E.ONE if k == axis else d for k, d in enumerate(a.shape))

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return E.cast(one, t)

    return Lazy(t.dtype, shape, element, ())


def _neighbours(ctx: Context, a: Lazy, axis: int) -> Lazy | Scalar:
    """``a[1:] - a[:-1]`` along ``axis`` (``!=`` for booleans, as NumPy)."""
    shape = tuple(E.imax(E.sub(s, E.ONE), E.ZERO) if k == axis else s for k, s in enumerate(a.shape))

    def shifted(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return a.element(tuple(E.add(i, E.ONE) if k == axis else i for k, i in enumerate(idx)))

    upper = Lazy(a.dtype, shape, shifted, a.reads)
    lower = Lazy(a.dtype, shape, a.element, a.reads)
    return apply_ufunc(ctx, "not_equal" if a.dtype == "bool" else "subtract", [upper, lower])


# ----------------------------------------------------------------------- ptp
def np_ptp(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "ptp", args, kwargs, [("a", REQUIRED), ("axis", None), ("out", None), ("keepdims", False)]
    )
    if not is_none(b["out"]):
        raise TypingError("np.ptp(): 'out' is not supported yet", ctx.loc)
    a = operand(ctx, b["a"], "np.ptp")
    axis, keep = const_axis(ctx, b["axis"]), const_bool(ctx, b["keepdims"], "keepdims")
    top, bottom = reduce(ctx, "max", a, axis, keep), reduce(ctx, "min", a, axis, keep)
    return apply_ufunc(ctx, "subtract", [top, bottom])


# ----------------------------------------------------------- isclose / allclose
def np_isclose(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("b", REQUIRED), ("rtol", 1e-05), ("atol", 1e-08), ("equal_nan", False)]
    b = bind_args(ctx, "isclose", args, kwargs, params)
    return _isclose(ctx, b)


def np_allclose(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("b", REQUIRED), ("rtol", 1e-05), ("atol", 1e-08), ("equal_nan", False)]
    b = bind_args(ctx, "allclose", args, kwargs, params)
    close = _isclose(ctx, b)
    result = reduce(ctx, "all", close) if not isinstance(close, Scalar) else close
    assert isinstance(result, Scalar)
    return Scalar(E.cast(result.expr, PY_BOOL))  # NumPy returns a Python bool


def _tolerance(ctx: Context, value: object, what: str) -> Operand:
    if isinstance(value, float | int):
        return Scalar(ir.Const(float(value), PY_FLOAT))
    return operand(ctx, cast(Value, value), f"np.isclose({what})")


def _inexact(y: Operand) -> Operand:
    """``y`` as NumPy's isclose takes it: an array or NumPy scalar as ``result_type(y, 1.0)``, a
    Python int as a Python float, a Python float as it is."""
    t = elem_type(y)
    if t.weak:
        return Scalar(E.cast(y.expr, PY_FLOAT)) if isinstance(y, Scalar) and not t.is_float else y
    wanted = np.result_type(np.dtype(t.dtype), 1.0).name
    if wanted == t.dtype:
        return y
    cast = astype(y, wanted)
    assert isinstance(cast, Scalar | Lazy)
    return cast


def _isclose(ctx: Context, b: dict[str, Any]) -> Operand:
    x, y = operand(ctx, b["a"], "np.isclose"), operand(ctx, b["b"], "np.isclose")
    rtol, atol = _tolerance(ctx, b["rtol"], "rtol"), _tolerance(ctx, b["atol"], "atol")
    equal_nan = const_bool(ctx, b["equal_nan"], "equal_nan")
    y = _inexact(y)
    gap = apply_ufunc(ctx, "absolute", [apply_ufunc(ctx, "subtract", [x, y])])
    bound = apply_ufunc(
        ctx, "add", [atol, apply_ufunc(ctx, "multiply", [rtol, apply_ufunc(ctx, "absolute", [y])])]
    )
    within = apply_ufunc(ctx, "less_equal", [gap, bound])
    close = apply_ufunc(ctx, "logical_or", [
        apply_ufunc(ctx, "logical_and", [within, apply_ufunc(ctx, "isfinite", [y])]),
        apply_ufunc(ctx, "equal", [x, y]),
    ])  # fmt: skip
    if equal_nan:
        both = apply_ufunc(
            ctx, "logical_and", [apply_ufunc(ctx, "isnan", [x]), apply_ufunc(ctx, "isnan", [y])]
        )
        close = apply_ufunc(ctx, "logical_or", [close, both])
    return close


def np_array_equal(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """NumPy's array_equal, a Python bool: False for different shapes (checked first, so no
    broadcasting error), else whether every pair of elements is equal (NaNs equal each other
    under ``equal_nan``)."""
    b = bind_args(
        ctx, "array_equal", args, kwargs, [("a1", REQUIRED), ("a2", REQUIRED), ("equal_nan", False)]
    )
    equal_nan = const_bool(ctx, b["equal_nan"], "equal_nan")
    x, y = (
        as_lazy(array_operand(ctx, operand(ctx, b[k], "np.array_equal"), "array_equal")) for k in ("a1", "a2")
    )
    if x.ndim != y.ndim:
        return Scalar(ir.Const(False, PY_BOOL))
    same: ir.Expr = ir.Const(True, PY_BOOL)
    for dx, dy in zip(x.shape, y.shape):
        same = ir.Binary("and", same, E.compare("eq", dx, dy), PY_BOOL)
    result = ir.Var(ctx.fresh("equal"), PY_BOOL)
    ctx.declare(result.name, PY_BOOL)
    ctx.emit(ir.Assign(result.name, same))
    with ctx.block() as compare:
        pairs = apply_ufunc(ctx, "equal", [x, y])
        if equal_nan and any(ScalarType(v.dtype).is_float or ScalarType(v.dtype).is_complex for v in (x, y)):
            both = apply_ufunc(
                ctx, "logical_and", [apply_ufunc(ctx, "isnan", [x]), apply_ufunc(ctx, "isnan", [y])]
            )
            pairs = apply_ufunc(ctx, "logical_or", [pairs, both])
        every = reduce(ctx, "all", pairs) if not isinstance(pairs, Scalar) else pairs
        assert isinstance(every, Scalar)
        ctx.emit(ir.Assign(result.name, E.cast(every.expr, PY_BOOL)))
    ctx.emit(ir.If(result, tuple(compare)))
    return Scalar(result)


def table() -> dict[object, Handler]:
    return {
        np.diff: np_diff,
        np.ptp: np_ptp,
        np.isclose: np_isclose,
        np.allclose: np_allclose,
        np.array_equal: np_array_equal,
    }
