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
from kiln.frontend.values import ArrayView, Const, Lazy, ListValue, Scalar, TextValue, TupleValue, Value
from kiln.ir import nodes as ir
from kiln.ir.nodes import format_value

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
    for p in parts:
        text[-1] += p.text[0]
        text += p.text[1:]
        values += p.values
        formats += p.formats
    return TextValue(tuple(text), tuple(values), tuple(formats))


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
        what = "a list built" if isinstance(value, ListValue) else "an array"
        raise UnsupportedError(
            f"printing or formatting {what} in compiled code",
            ctx.loc,
            hint="print its elements, or return the array and print it in Python",
        )
    raise UnsupportedError(f"formatting {_describe(value)} in compiled code", ctx.loc)


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
    ctx.emit(ir.Print(text.text, text.values, text.formats, flushing))
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
