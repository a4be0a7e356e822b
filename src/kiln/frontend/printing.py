"""``print``, f-strings and ``str(x)`` in compiled code.

An f-string or ``str(x)`` of numbers is a ``TextValue``: literal pieces and the scalar values
between them, each with the conversion and format spec Python would apply. Compile-time parts
(string constants, Python numbers written in the code, None) are formatted now, by Python.
``print`` joins its arguments with ``sep``, adds ``end`` and emits one ``ir.Print``, which the
generated code formats with Python's own ``format``/``repr`` and writes to ``sys.stdout``.
"""

from __future__ import annotations

import ast
import sys
from typing import TYPE_CHECKING

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend.arrays import materialize
from kiln.frontend.lists import items_view
from kiln.frontend.try_except import caught_text
from kiln.frontend.values import (
    ArrayView,
    CaughtValue,
    Const,
    Lazy,
    ListValue,
    Scalar,
    TextValue,
    TupleValue,
    Value,
    whole_view,
)
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.nodes import format_value
from kiln.ir.types import ArrayType

if TYPE_CHECKING:
    from kiln.frontend.context import Context
    from kiln.frontend.lower_exprs import ExprLowering

_CONVERSIONS = {-1: "-", ord("s"): "s", ord("r"): "r", ord("a"): "a"}


def literal(text: str) -> TextValue:
    return TextValue((text,))


def joined(parts: list[TextValue]) -> TextValue:
    """The pieces one after another."""
    text: list[str] = [""]
    values: list[ir.Expr] = []
    formats: list[str] = []
    arrays: list[str] = []
    for p in parts:
        text[-1] += p.text[0]
        text += p.text[1:]
        values += p.values
        formats += p.formats
        arrays += p.arrays
    return TextValue(tuple(text), tuple(values), tuple(formats), tuple(arrays))


def as_text(ctx: Context, value: Value, conversion: str = "-", spec: str = "") -> TextValue:
    """``format(conversion(value), spec)`` as Python computes it, now or at run time."""
    if isinstance(value, Const) and isinstance(value.value, str | int | float | complex | type(None)):
        return literal(format_value(value.value, conversion + spec))
    if isinstance(value, Scalar):
        e = value.expr
        if isinstance(e, ir.Const) and e.type.weak:  # a Python number written in the code
            return literal(format_value(e.value, conversion + spec))
        return TextValue(("", ""), (e,), (conversion + spec,))
    if isinstance(value, TextValue):
        if conversion in ("-", "s") and not spec:
            return value
        raise UnsupportedError("a conversion or format spec applied to a string made at run time", ctx.loc)
    if isinstance(value, TupleValue) and value.record is None and not spec:
        return _sequence_text(ctx, value)
    if isinstance(value, ArrayView | Lazy | ListValue):
        return _array_text(ctx, value, conversion + spec)
    if isinstance(value, CaughtValue) and not spec:
        return caught_text(ctx, value, conversion)
    raise UnsupportedError(f"formatting {_describe(value)} in compiled code", ctx.loc)


def _array_text(ctx: Context, value: ArrayView | Lazy | ListValue, how: str) -> TextValue:
    """An array formatted by NumPy, as Python would format it (its elements as they are when
    the text is printed); a list built in compiled code as the Python list of its items."""
    if isinstance(value, ListValue):
        kind = "L" if value.elem.weak else "N"  # Python numbers, or NumPy scalars
        view = items_view(ctx, value)
    else:
        kind = "A"
        view = materialize(ctx, value) if isinstance(value, Lazy) else value
    return TextValue(("", ""), (), (kind + how,), (bind_view(ctx, view).base,))


def text_now(ctx: Context, text: TextValue) -> TextValue:
    """``text`` with its values and arrays as they are now (a string bound to a name keeps
    what it says when later statements change the numbers and arrays it was made of)."""
    values = []
    for e in text.values:
        if not isinstance(e, ir.Const):
            name = ctx.fresh("text")
            ctx.declare(name, e.type)
            ctx.emit(ir.Assign(name, e))
            e = ir.Var(name, e.type)
        values.append(e)
    arrays = []
    for name in text.arrays:
        t = ctx.env.types[name]
        assert isinstance(t, ArrayType)
        arrays.append(materialize(ctx, whole_view(name, t)).base)
    return TextValue(text.text, tuple(values), text.formats, tuple(arrays))


def _sequence_text(ctx: Context, value: TupleValue) -> TextValue:
    """``str`` of a tuple or list: its items' ``repr`` between brackets."""
    opening, closing = ("[", "]") if value.is_list else ("(", ")")
    parts = [literal(opening)]
    for k, item in enumerate(value.items):
        if k:
            parts.append(literal(", "))
        parts.append(as_text(ctx, item, "r"))
    if len(value.items) == 1 and not value.is_list:
        parts.append(literal(","))
    parts.append(literal(closing))
    return joined(parts)


def _describe(value: Value) -> str:
    from kiln.frontend.lower_exprs import describe

    return describe(value)


def joined_str(lower: ExprLowering, node: ast.JoinedStr) -> TextValue:
    """An f-string."""
    parts = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            parts.append(literal(str(part.value)))
            continue
        assert isinstance(part, ast.FormattedValue)
        spec = ""
        if part.format_spec is not None:
            spec_value = joined_str(lower, part.format_spec)  # type: ignore[arg-type]
            if spec_value.values:
                raise UnsupportedError("a format spec computed at run time", lower.ctx.loc)
            spec = spec_value.text[0]
        parts.append(as_text(lower.ctx, lower.expr(part.value), _CONVERSIONS[part.conversion], spec))
    return joined(parts)


def is_text(value: Value) -> bool:
    return isinstance(value, TextValue) or (isinstance(value, Const) and isinstance(value.value, str))


def print_call(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Const:
    """``print(*args, sep=" ", end="\\n", file=None, flush=False)``: one ``ir.Print``."""
    if ctx.kernel is not None:
        raise UnsupportedError("print inside a kernel", ctx.loc)
    unknown = sorted(set(kwargs) - {"sep", "end", "file", "flush"})
    if unknown:
        raise TypingError(f"'{unknown[0]}' is an invalid keyword argument for print()", ctx.loc)
    sep, end = _text_option(ctx, kwargs, "sep", " "), _text_option(ctx, kwargs, "end", "\n")
    out = kwargs.get("file")
    if out is not None and not (isinstance(out, Const) and out.value in (None, sys.stdout)):
        raise UnsupportedError("print(file=...) other than sys.stdout", ctx.loc)
    flush = kwargs.get("flush")
    flushing = False
    if flush is not None:
        if not (isinstance(flush, Scalar) and isinstance(flush.expr, ir.Const)):
            raise UnsupportedError("print(flush=...) other than a constant", ctx.loc)
        flushing = bool(flush.expr.value)
    parts: list[TextValue] = []
    for k, a in enumerate(args):
        if k:
            parts.append(sep)
        parts.append(as_text(ctx, a, "s"))
    text = joined([*parts, end])
    ctx.emit(ir.Print(text.text, text.values, text.formats, flushing, arrays=text.arrays))
    return Const(None)


def _text_option(ctx: Context, kwargs: dict[str, Value], name: str, default: str) -> TextValue:
    value = kwargs.get(name)
    if value is None or (isinstance(value, Const) and value.value is None):
        return literal(default)
    if isinstance(value, Const) and isinstance(value.value, str):
        return literal(value.value)
    raise TypingError(f"{name} must be None or a string, not {_describe(value)}", ctx.loc)


def str_call(ctx: Context, args: list[Value]) -> TextValue:
    """``str(x)``; ``str()`` is the empty string."""
    if not args:
        return literal("")
    if len(args) != 1:
        raise UnsupportedError("str() with an encoding", ctx.loc)
    return as_text(ctx, args[0], "s")
