"""Binding call arguments to parameter names, and reading common argument kinds."""

from __future__ import annotations

from typing import Any

import numpy as np

from kiln.errors import LocatedError, TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Const, DType, Lazy, Scalar, TupleValue, Value
from kiln.ir import nodes as ir

REQUIRED = object()


class ShapeError(LocatedError, ValueError):
    """Operands whose shapes NumPy rejects with a ValueError, known at compile time."""


class AxisError(LocatedError, np.exceptions.AxisError):
    """A bad ``axis`` argument (out of bounds, repeated): NumPy's AxisError, a ValueError."""

    def __str__(self) -> str:
        return self._render()


def bind_args(
    ctx: Context, what: str, args: list[Value], kwargs: dict[str, Value], params: list[tuple[str, Any]]
) -> dict[str, Any]:
    """Match positional and keyword arguments to ``params`` (name, default)."""
    if len(args) > len(params):
        raise TypingError(f"{what}() takes at most {len(params)} positional arguments", ctx.loc)
    bound: dict[str, Any] = {}
    for (name, _), value in zip(params, args):
        bound[name] = value
    names = {n for n, _ in params}
    for name, value in kwargs.items():
        if name not in names:
            raise UnsupportedError(f"{what}() argument '{name}' is not supported", ctx.loc)
        if name in bound:
            raise TypingError(f"{what}() got multiple values for argument '{name}'", ctx.loc)
        bound[name] = value
    for name, default in params:
        if name not in bound:
            if default is REQUIRED:
                raise TypingError(f"{what}() missing required argument '{name}'", ctx.loc)
            bound[name] = default
    return bound


def is_none(value: Any) -> bool:
    return value is None or (isinstance(value, Const) and value.value is None)


def dtype_arg(ctx: Context, value: Any, default: str | None = None) -> str | None:
    if is_none(value):
        return default
    if isinstance(value, DType):
        return value.name
    if isinstance(value, Const) and value.value in (int, float, bool, complex):
        return {int: "int64", float: "float64", bool: "bool", complex: "complex128"}[value.value]
    if isinstance(value, Const) and isinstance(value.value, str):
        from kiln.ir.types import DTYPE_NAMES

        try:
            name = np.dtype(value.value).name
        except TypeError:
            name = ""
        if name in DTYPE_NAMES:
            return name
    raise UnsupportedError(f"dtype {_dtype_text(value)} is not supported by kiln", ctx.loc)


def _dtype_text(value: Any) -> str:
    """How the user wrote a dtype, for error messages (``float16``, ``'U3'``)."""
    shown = value.value if isinstance(value, Const) else value
    try:
        return str(np.dtype(shown))  # type: ignore[arg-type]
    except TypeError:
        return repr(shown)


def shape_arg(ctx: Context, value: Value) -> tuple[Any, ...]:
    """A shape given as an int or a tuple of ints -> tuple of int64 expressions."""
    items = value.items if isinstance(value, TupleValue) else (value,)
    out = []
    for item in items:
        if not isinstance(item, Scalar) or not (item.type.is_integer or item.type.is_bool):
            raise TypingError("shape must be an integer or a tuple of integers", ctx.loc)
        folded = fold_int(item.expr)
        out.append(E.i64(folded) if folded is not None else E.as_index(item.expr))
    return tuple(out)


def fold_int(e: ir.Expr) -> int | None:
    """The value of an integer (or bool) expression made only of constants, e.g. ``-1``."""
    if isinstance(e, ir.Const):
        return int(e.value) if e.type.is_integer or e.type.is_bool else None  # type: ignore[arg-type]
    if isinstance(e, ir.Unary) and e.op in ("neg", "pos") and (e.type.is_integer or e.type.is_bool):
        inner = fold_int(e.operand)
        return None if inner is None else (-inner if e.op == "neg" else inner)
    if isinstance(e, ir.Cast) and e.type.dtype == "int64":
        return fold_int(e.operand)
    return None


def const_axis(ctx: Context, value: Any) -> int | tuple[int, ...] | None:
    """An ``axis`` argument, which must be known at compile time."""
    if is_none(value):
        return None
    if isinstance(value, TupleValue):
        return tuple(_const_int(ctx, v, "axis") for v in value.items)
    return _const_int(ctx, value, "axis")


def const_bool(ctx: Context, value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, Scalar) and isinstance(value.expr, ir.Const):
        return bool(value.expr.value)
    raise UnsupportedError(f"'{what}' must be a constant", ctx.loc)


def _const_int(ctx: Context, value: Any, what: str) -> int:
    if isinstance(value, Scalar):
        c = fold_int(value.expr)
        if c is not None and not value.type.is_bool:
            return c
    raise UnsupportedError(f"'{what}' must be an integer constant", ctx.loc)


def int_arg(ctx: Context, value: object, what: str) -> ir.Expr:
    """An integer argument (a Python or NumPy integer or bool, known at run time) as int64."""
    if isinstance(value, Scalar) and (value.type.is_integer or value.type.is_bool):
        return E.as_index(value.expr)
    raise TypingError(f"'{what}' must be an integer", ctx.loc)


def array_arg(ctx: Context, value: Value, what: str) -> ArrayView | Lazy:
    if isinstance(value, ArrayView | Lazy):
        return value
    raise TypingError(f"{what} expects an array, got {type(value).__name__}", ctx.loc)


def number_value(value: object) -> Any:
    """A parameter's default written as a Python number (``bind_args`` passes defaults as they
    are written) as the Value of that number; any other value as it is."""
    from kiln.frontend.values import Scalar
    from kiln.ir.types import PY_FLOAT, PY_INT

    if isinstance(value, bool | int):
        return Scalar(ir.Const(value, PY_INT))
    if isinstance(value, float):
        return Scalar(ir.Const(value, PY_FLOAT))
    return value
