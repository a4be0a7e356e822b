"""A readable, line-oriented text form of the loop IR (inverted by :mod:`kiln.ir.parser`).

Every field is shown. Statements start with a keyword and their id (``store #4 ...``),
optionally followed by their source location (``@loc("f.py", 3, 4)``, only with
``with_locs=True``); nested bodies are indented by two spaces (``pass`` marks an empty
body). Expressions are written as calls with a ``: type`` suffix::

    add(load(A, [i, 0]): float64, 1.0: float64): float64

The suffix is left out where it is implied: a variable whose type is the declared one
(``i``), an ``int`` constant of type ``py_int64`` (``0``), ``dim``/``stride`` of type
``int64`` and ``overlaps`` of type ``bool``. Names that are not plain identifiers are
written as JSON strings.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence

import numpy as np

from kiln.errors import UNKNOWN_LOC, SourceLoc
from kiln.ir.nodes import (
    BINARY_OPS,
    PRINT_ARRAY_KINDS,
    UNARY_OPS,
    Alloc,
    Assign,
    Atomic,
    Binary,
    Block,
    Break,
    Call,
    Cast,
    Check,
    Const,
    Continue,
    Dim,
    Exit,
    Expr,
    For,
    Function,
    If,
    Invoke,
    LibCall,
    Load,
    Nesting,
    Overlaps,
    Prefetch,
    Print,
    RestoreBinding,
    Return,
    SaveBinding,
    Select,
    Stmt,
    Store,
    Stride,
    Unary,
    Var,
    View,
    While,
)
from kiln.ir.types import BOOL, INT64, PY_INT, ArrayType, ConstArg, ScalarType

Decls = Mapping[str, "ScalarType | ArrayType"]

INDENT = "  "
# Words that would read as literals where an expression is expected.
LITERAL_WORDS = frozenset({"True", "False", "nan", "inf"})
# Expression heads with their own syntax; a Call to one of these is written `call "f"(...)`.
EXPR_HEADS = frozenset(
    {"load", "dim", "stride", "cast", "select", "overlaps", "complex", "call", "unary", "binary"}
)
_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def fmt_name(name: str) -> str:
    """``name`` as is when it is a plain identifier, else as a JSON string."""
    if _IDENT_RE.match(name) and name not in LITERAL_WORDS:
        return name
    return json.dumps(name)


def fmt_float(x: float) -> str:
    """Exact text of a float: ``repr`` (``inf``, ``-0.0``, ``1e-05``), ``nan`` or ``-nan``."""
    if math.isnan(x):
        return "-nan" if math.copysign(1.0, x) < 0 else "nan"
    return repr(x)


def fmt_value(value: object) -> str:
    """A constant's value: ``True``, ``12``, ``1.5``, ``complex(1.0, -0.0)``."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return fmt_float(value)
    if isinstance(value, complex):
        return f"complex({fmt_float(value.real)}, {fmt_float(value.imag)})"
    raise TypeError(f"constant of unsupported Python type {type(value).__name__}: {value!r}")


def fmt_loc(loc: SourceLoc) -> str:
    parts = [json.dumps(loc.file), str(loc.line), str(loc.col)]
    if loc.source_line:
        parts.append(json.dumps(loc.source_line))
    return f"@loc({', '.join(parts)})"


def _typed(text: str, t: ScalarType, implied: ScalarType | None = None) -> str:
    return text if t == implied else f"{text}: {t}"


def _args(exprs: Sequence[Expr], decls: Decls | None) -> str:
    return ", ".join(print_expr(e, decls) for e in exprs)


def _head(name: str, known: frozenset[str], prefix: str) -> str:
    """The written head of a unary/binary op or call; unusual names get a prefix keyword."""
    if name in known and _IDENT_RE.match(name) and name not in EXPR_HEADS | LITERAL_WORDS:
        return name
    return f"{prefix} {json.dumps(name)}"


def _print_simple_expr(e: Expr, decls: Decls | None) -> str | None:
    """Leaves and metadata reads; ``None`` for the other expression kinds."""
    if isinstance(e, Const):
        implied = PY_INT if type(e.value) is int else None
        return _typed(fmt_value(e.value), e.type, implied)
    if isinstance(e, Var):
        declared = decls.get(e.name) if decls is not None else None
        return _typed(fmt_name(e.name), e.type, declared if isinstance(declared, ScalarType) else None)
    if isinstance(e, Dim | Stride):
        kw = "dim" if isinstance(e, Dim) else "stride"
        return _typed(f"{kw}({fmt_name(e.array)}, {e.axis})", e.type, INT64)
    if isinstance(e, Overlaps):
        return _typed(f"overlaps({fmt_name(e.a)}, {fmt_name(e.b)})", e.type, BOOL)
    return None


def print_expr(e: Expr, decls: Decls | None = None) -> str:
    """One expression. With ``decls`` (variable -> declared type) variables of their
    declared type are written without a type suffix."""
    simple = _print_simple_expr(e, decls)
    if simple is not None:
        return simple
    if isinstance(e, Load):
        text = f"load({fmt_name(e.array)}, [{_args(e.indices, decls)}])"
    elif isinstance(e, Unary):
        text = f"{_head(e.op, UNARY_OPS, 'unary')}({print_expr(e.operand, decls)})"
    elif isinstance(e, Binary):
        text = f"{_head(e.op, BINARY_OPS, 'binary')}({_args((e.lhs, e.rhs), decls)})"
    elif isinstance(e, Call):
        text = f"{_head(e.func, _plain_call(e.func), 'call')}({_args(e.args, decls)})"
    elif isinstance(e, Cast):
        text = f"cast({print_expr(e.operand, decls)})"
    elif isinstance(e, Select):
        text = f"select({_args((e.cond, e.if_true, e.if_false), decls)})"
    else:
        raise TypeError(f"not an IR expression: {e!r}")
    return f"{text}: {e.type}"


def _plain_call(func: str) -> frozenset[str]:
    """``{func}`` when a call to it can be written ``func(...)`` without ambiguity."""
    return frozenset() if func in UNARY_OPS | BINARY_OPS else frozenset({func})


# ------------------------------------------------------------------ statements


def _names(names: Sequence[str]) -> str:
    return ", ".join(fmt_name(n) for n in names)


def _for_header(s: For, decls: Decls | None) -> str:
    text = f"{fmt_name(s.var)} in range({_args((s.start, s.stop, s.step), decls)})"
    if s.parallel:
        text += " parallel"
    if s.simd:
        text += " simd"
    if s.team:
        text += " team"
    if s.collapse:
        text += " collapse"
    if s.schedule:
        text += f" schedule({s.schedule})"
    if s.poll:
        text += f" poll({s.poll})"
    if s.work is not None:
        text += f" work({_args((s.work,), decls)})"
    if s.reductions:
        text += " reduce(" + ", ".join(f"{fmt_name(v)}: {fmt_name(op)}" for v, op in s.reductions) + ")"
    return text + ":"


def _simple_stmt_text(s: Stmt, decls: Decls | None) -> str:
    """The text after ``keyword #sid`` of a statement without nested bodies."""
    if isinstance(s, SaveBinding | RestoreBinding):
        return f"{fmt_name(s.array)} {'to' if isinstance(s, SaveBinding) else 'from'} {fmt_name(s.stack)}"
    return _plain_stmt_text(s, decls)


def _plain_stmt_text(s: Stmt, decls: Decls | None) -> str:
    if isinstance(s, Assign):
        return f"{fmt_name(s.target)} = {print_expr(s.value, decls)}"
    if isinstance(s, Store):
        return f"{fmt_name(s.array)}[{_args(s.indices, decls)}] = {print_expr(s.value, decls)}"
    if isinstance(s, Break | Continue):
        return ""
    if isinstance(s, Exit):
        return fmt_name(s.label)
    if isinstance(s, Alloc):
        text = f"{fmt_name(s.target)}: {s.type}, shape=[{_args(s.shape, decls)}]"
        if s.hoist:
            text += f" hoisted({s.hoist}{', per_thread' if s.per_thread else ''})"
        return text
    if isinstance(s, View):
        return (
            f"{fmt_name(s.target)} = view({fmt_name(s.base)}, offset={print_expr(s.offset, decls)}, "
            f"shape=[{_args(s.shape, decls)}], strides=[{_args(s.strides, decls)}])"
        )
    if isinstance(s, LibCall):
        return f"({_names(s.outputs)}) = {fmt_name(s.func)}({_names(s.inputs)})"
    if isinstance(s, Check):
        args = "".join(f", {print_expr(a, decls)}" for a in s.args)
        return f"{print_expr(s.cond, decls)} else {fmt_name(s.exc)}({json.dumps(s.message)}{args})"
    if isinstance(s, Return):
        return f"({_names(s.values)})"
    if isinstance(s, Prefetch):
        return f"{fmt_name(s.array)}[{_args(s.indices, decls)}]" + (" write" if s.write else "")
    if isinstance(s, Print):
        text = ", ".join(json.dumps(t) for t in s.text)
        values, arrays = iter(s.values), iter(s.arrays)
        items = "".join(
            f", array({fmt_name(next(arrays))}) {json.dumps(f)}"
            if f[:1] in PRINT_ARRAY_KINDS
            else f", {print_expr(next(values), decls)} {json.dumps(f)}"
            for f in s.formats
        )
        return f"({text}{items})" + (" flush" if s.flush else "")
    if isinstance(s, Invoke):
        head = f"{fmt_name(s.target)} = " if s.target else ""
        passed = f" arrays({_names(s.arrays)})" if s.arrays else ""
        return f"{head}{fmt_name(s.func)}({_args(s.args, decls)}){passed}"
    if isinstance(s, Atomic):
        head = f"{fmt_name(s.target)} = " if s.target else ""
        extra = "".join(f", {print_expr(a, decls)}" for a in s.operands)
        element = f"{fmt_name(s.array)}[{_args(s.indices, decls)}]"
        return f"{head}{fmt_name(s.op)}({element}{extra}, {print_expr(s.value, decls)})"
    raise TypeError(f"not an IR statement: {s!r}")


def _compound_header(s: Stmt, decls: Decls | None) -> str | None:
    if isinstance(s, For):
        return _for_header(s, decls)
    if isinstance(s, While):
        team = " team" if s.team else ""
        return f"{print_expr(s.cond, decls)}{team}{f' poll({s.poll})' if s.poll else ''}:"
    if isinstance(s, If):
        return f"{print_expr(s.cond, decls)}:"
    if isinstance(s, Block):
        return f"{fmt_name(s.label)}:"
    return None


KEYWORD_OF: dict[type, str] = {
    Assign: "assign", Store: "store", For: "for", While: "while", If: "if", Break: "break",
    Continue: "continue", Block: "block", Exit: "exit", Alloc: "alloc", View: "view",
    LibCall: "libcall", Check: "check", Return: "return", Atomic: "atomic", Prefetch: "prefetch",
    Print: "print", Invoke: "invoke", SaveBinding: "save_binding", RestoreBinding: "restore_binding",
}  # fmt: skip


def _print_body(body: Sequence[Stmt], indent: int, decls: Decls | None, with_locs: bool) -> list[str]:
    if not body:
        return [INDENT * indent + "pass"]
    return [print_stmt(s, indent=indent, decls=decls, with_locs=with_locs) for s in body]


def print_stmt(s: Stmt, *, indent: int = 0, decls: Decls | None = None, with_locs: bool = False) -> str:
    """One statement (several lines for compound ones), indented ``indent`` levels."""
    if type(s) not in KEYWORD_OF:
        raise TypeError(f"not an IR statement: {s!r}")
    pad = INDENT * indent
    head = f"{pad}{KEYWORD_OF[type(s)]} #{s.sid}"
    if with_locs and s.loc != UNKNOWN_LOC:
        head += " " + fmt_loc(s.loc)
    header = _compound_header(s, decls)
    if header is None:
        text = _simple_stmt_text(s, decls)
        return f"{head} {text}" if text else head
    lines = [f"{head} {header}"]
    if isinstance(s, If):
        lines += _print_body(s.then, indent + 1, decls, with_locs)
        if s.orelse:
            lines.append(f"{pad}else:")
            lines += _print_body(s.orelse, indent + 1, decls, with_locs)
    else:
        lines += _print_body(s.body, indent + 1, decls, with_locs)  # type: ignore[union-attr]
    return "\n".join(lines)


# ------------------------------------------------------------------- functions


def _decl_list(pairs: Sequence[tuple[str, ScalarType | ArrayType | ConstArg]]) -> str:
    return ", ".join(f"{fmt_name(name)}: {t}" for name, t in pairs)


def _nested(nesting: Nesting, results: tuple[ScalarType | ArrayType, ...]) -> str:
    """``t0, (t1, t2)``: the result types grouped as the function returns them."""
    return ", ".join(str(results[i]) if isinstance(i, int) else f"({_nested(i, results)})" for i in nesting)


def print_header(fn: Function, with_locs: bool = False) -> str:
    """``func name(params) -> (results)``; ``-> tuple(...)`` when ``result_is_tuple``."""
    params = _decl_list([(p.name, p.type) for p in fn.params])
    results = ", ".join(str(t) for t in fn.results)
    if fn.result_nesting:
        results = _nested(fn.result_nesting, fn.results)
    arrow = f"tuple({results})" if fn.result_is_tuple else f"({results})"
    text = f"func {fmt_name(fn.name)}({params}) -> {arrow}"
    if with_locs and fn.loc != UNKNOWN_LOC:
        text += " " + fmt_loc(fn.loc)
    return text


def print_function(fn: Function, with_locs: bool = False) -> str:
    """The whole function, one statement per line, ending with a newline."""
    lines = [print_header(fn, with_locs)]
    if fn.locals:
        lines.append(f"{INDENT}locals: {_decl_list(fn.locals)}")
    if fn.written_params:
        lines.append(f"{INDENT}written: {_names(fn.written_params)}")
    if fn.nonneg_params:
        lines.append(f"{INDENT}nonneg: {_names(fn.nonneg_params)}")
    if fn.list_results:
        lines.append(f"{INDENT}lists: {', '.join(map(str, fn.list_results))}")
    if fn.record_results:
        groups = (f"({', '.join(map(str, path))}) {json.dumps(cls)}" for path, cls in fn.record_results)
        lines.append(f"{INDENT}records: {', '.join(groups)}")
    lines += _print_body(fn.body, 1, fn.var_types(), with_locs)
    text = "\n".join(lines) + "\n"
    return text + "".join(print_function(h, with_locs) for h in fn.helpers)
