"""Parse the text form written by :mod:`kiln.ir.printer` back into IR nodes.

``parse_function(print_function(f)) == f`` (locations come back as ``UNKNOWN_LOC``
unless they were printed with ``with_locs=True``).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from kiln.errors import UNKNOWN_LOC, SourceLoc
from kiln.ir.nodes import (
    BINARY_OPS,
    LOOP_SCHEDULES,
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
    Param,
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
from kiln.ir.printer import Decls
from kiln.ir.types import BOOL, INT64, NONE, PY_INT, ArrayType, ConstArg, ScalarType

T = TypeVar("T")


class IRParseError(ValueError):
    """The text is not in the IR text format."""


_TOKEN_RE = re.compile(
    r"""\s*(?:
      (?P<string>"(?:[^"\\]|\\.)*")
    | (?P<number>-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)
    | (?P<punct>->|[#()\[\],:=@])
    | (?P<name>-(?:inf|nan)\b|[A-Za-z_][A-Za-z0-9_]*)
    )""",
    re.VERBOSE,
)
_FLOAT_WORDS = {"nan": math.nan, "-nan": -math.nan, "inf": math.inf, "-inf": -math.inf}


@dataclass(frozen=True)
class Token:
    kind: str  # string, number, punct, name
    text: str


def tokenize(line: str, lineno: int = 0) -> list[Token]:
    tokens: list[Token] = []
    pos, end = 0, len(line.rstrip())
    while pos < end:
        m = _TOKEN_RE.match(line, pos)
        if m is None or m.end() == pos:
            raise IRParseError(f"line {lineno}: cannot read {line[pos:end]!r}")
        kind = m.lastgroup
        assert kind is not None
        tokens.append(Token(kind, m.group(kind)))
        pos = m.end()
    return tokens


class TokenStream:
    """The tokens of one line, read front to back."""

    def __init__(self, tokens: list[Token], lineno: int) -> None:
        self.tokens = tokens
        self.pos = 0
        self.lineno = lineno

    def error(self, message: str) -> IRParseError:
        near = " ".join(t.text for t in self.tokens[self.pos : self.pos + 4]) or "end of line"
        return IRParseError(f"line {self.lineno}: {message} (at {near!r})")

    def peek(self, ahead: int = 0) -> Token | None:
        i = self.pos + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def at(self, text: str, ahead: int = 0) -> bool:
        tok = self.peek(ahead)
        return tok is not None and tok.kind in ("punct", "name") and tok.text == text

    def next(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise self.error("unexpected end of line")
        self.pos += 1
        return tok

    def expect(self, text: str) -> None:
        if not self.at(text):
            raise self.error(f"expected {text!r}")
        self.pos += 1

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.pos += 1
            return True
        return False

    def done(self) -> bool:
        return self.pos == len(self.tokens)

    def expect_end(self) -> None:
        if not self.done():
            raise self.error("unexpected text")

    def int(self) -> int:
        tok = self.next()
        if tok.kind != "number" or not re.fullmatch(r"-?\d+", tok.text):
            raise self.error(f"expected an integer, got {tok.text!r}")
        return int(tok.text)

    def string(self) -> str:
        tok = self.next()
        if tok.kind != "string":
            raise self.error(f"expected a string, got {tok.text!r}")
        return json.loads(tok.text)

    def name(self) -> str:
        """A plain identifier or a JSON-quoted name."""
        tok = self.next()
        if tok.kind == "string":
            return json.loads(tok.text)
        if tok.kind != "name" or tok.text.startswith("-"):
            raise self.error(f"expected a name, got {tok.text!r}")
        return tok.text

    def separated(self, item: Callable[[], object], close: str | None) -> list:
        """``item, item, ... close`` (the opening bracket already read); ``close=None``
        reads up to the end of the line."""
        items: list = []
        if self.done() if close is None else self.accept(close):
            return items
        items.append(item())
        while self.accept(","):
            items.append(item())
        if close is not None:
            self.expect(close)
        return items


# ----------------------------------------------------------------------- types


def parse_type_tokens(ts: TokenStream) -> ScalarType | ArrayType:
    word = ts.name()
    if word == "array" and ts.accept("["):
        dtype = ts.name()
        ts.expect(",")
        ndim = ts.int()
        ts.expect("d")
        ts.expect(",")
        layout = ts.name()
        ts.expect("]")
        return _make(lambda: ArrayType(dtype, ndim, layout), ts)
    if word.startswith("py_"):
        return _make(lambda: ScalarType(word[3:], weak=True), ts)
    return _make(lambda: ScalarType(word), ts)


def _make(build: Callable[[], T], ts: TokenStream) -> T:
    try:
        return build()
    except (ValueError, TypeError) as exc:
        raise ts.error(str(exc)) from exc


def parse_scalar_type(ts: TokenStream) -> ScalarType:
    t = parse_type_tokens(ts)
    if not isinstance(t, ScalarType):
        raise ts.error(f"expected a scalar type, got {t}")
    return t


def parse_loc(ts: TokenStream) -> SourceLoc:
    """``@loc("file", line, col[, "source line"])`` (the ``@`` already read)."""
    ts.expect("loc")
    ts.expect("(")
    file = ts.string()
    ts.expect(",")
    line = ts.int()
    ts.expect(",")
    col = ts.int()
    source_line = ts.string() if ts.accept(",") else ""
    ts.expect(")")
    return SourceLoc(file, line, col, source_line)


def parse_opt_loc(ts: TokenStream) -> SourceLoc:
    return parse_loc(ts) if ts.accept("@") else UNKNOWN_LOC


# ----------------------------------------------------------------- expressions


class ExprParser:
    """Recursive descent over one line's tokens; ``decls`` types unannotated variables."""

    def __init__(self, ts: TokenStream, decls: Decls | None) -> None:
        self.ts = ts
        self.decls = decls or {}

    def type_suffix(self, default: ScalarType | None = None) -> ScalarType:
        """``: type`` when present; a ``:`` ending the line opens a body instead."""
        if self.ts.at(":") and self.ts.peek(1) is not None:
            self.ts.next()
            return parse_scalar_type(self.ts)
        if default is None:
            raise self.ts.error("expected ': type'")
        return default

    def expr(self) -> Expr:
        tok = self.ts.next()
        if tok.kind == "string":
            return self.var(json.loads(tok.text))
        if tok.kind == "number":
            return self.number(tok.text)
        if tok.kind != "name":
            raise self.ts.error(f"expected an expression, got {tok.text!r}")
        if tok.text in ("True", "False"):
            return Const(tok.text == "True", self.type_suffix())
        if tok.text in _FLOAT_WORDS:
            return Const(_FLOAT_WORDS[tok.text], self.type_suffix())
        if (
            tok.text in ("call", "unary", "binary")
            and self.ts.peek()
            and cast(Token, self.ts.peek()).kind == "string"
        ):
            return self.prefixed(tok.text, self.ts.string())
        if self.ts.at("("):
            return self.headed(tok.text)
        return self.var(tok.text)

    def number(self, text: str) -> Const:
        if re.fullmatch(r"-?\d+", text):
            return Const(int(text), self.type_suffix(PY_INT))
        return Const(float(text), self.type_suffix())

    def var(self, name: str) -> Var:
        declared = self.decls.get(name)
        return Var(name, self.type_suffix(declared if isinstance(declared, ScalarType) else None))

    def args(self) -> list[Expr]:
        self.ts.expect("(")
        return self.ts.separated(self.expr, ")")

    def prefixed(self, kind: str, name: str) -> Expr:
        args = self.args()
        return self.operation(kind, name, args, self.type_suffix())

    def operation(self, kind: str, name: str, args: list[Expr], t: ScalarType) -> Expr:
        if kind == "call":
            return Call(name, tuple(args), t)
        want = 1 if kind == "unary" else 2
        if len(args) != want:
            raise self.ts.error(f"{name} takes {want} operand(s), got {len(args)}")
        return Unary(name, args[0], t) if kind == "unary" else Binary(name, args[0], args[1], t)

    def headed(self, head: str) -> Expr:
        special = _HEADS.get(head)
        if special is not None:
            return special(self)
        kind = "unary" if head in UNARY_OPS else "binary" if head in BINARY_OPS else "call"
        return self.prefixed(kind, head)

    def metadata(self, cls: type[Dim] | type[Stride]) -> Expr:
        self.ts.expect("(")
        array = self.ts.name()
        self.ts.expect(",")
        axis = self.ts.int()
        self.ts.expect(")")
        return cls(array, axis, self.type_suffix(INT64))

    def load(self) -> Expr:
        self.ts.expect("(")
        array = self.ts.name()
        self.ts.expect(",")
        self.ts.expect("[")
        indices = self.ts.separated(self.expr, "]")
        self.ts.expect(")")
        return Load(array, tuple(indices), self.type_suffix())

    def overlaps(self) -> Expr:
        self.ts.expect("(")
        a = self.ts.name()
        self.ts.expect(",")
        b = self.ts.name()
        self.ts.expect(")")
        return Overlaps(a, b, self.type_suffix(BOOL))

    def fixed(self, build: Callable[..., Expr], count: int) -> Expr:
        args = self.args()
        if len(args) != count:
            raise self.ts.error(f"expected {count} operand(s), got {len(args)}")
        return build(*args, self.type_suffix())

    def complex_literal(self) -> Expr:
        self.ts.expect("(")
        parts = self.ts.separated(self.float_part, ")")
        if len(parts) != 2:
            raise self.ts.error("complex(real, imag) takes two floats")
        return Const(complex(parts[0], parts[1]), self.type_suffix())

    def float_part(self) -> float:
        tok = self.ts.next()
        if tok.kind == "name" and tok.text in _FLOAT_WORDS:
            return _FLOAT_WORDS[tok.text]
        if tok.kind == "number":
            return float(tok.text)
        raise self.ts.error(f"expected a float, got {tok.text!r}")


_HEADS: dict[str, Callable[[ExprParser], Expr]] = {
    "load": ExprParser.load,
    "dim": lambda p: p.metadata(Dim),
    "stride": lambda p: p.metadata(Stride),
    "overlaps": ExprParser.overlaps,
    "cast": lambda p: p.fixed(Cast, 1),
    "select": lambda p: p.fixed(Select, 3),
    "complex": ExprParser.complex_literal,
}


def parse_expr(text: str, decls: Decls | None = None) -> Expr:
    """One expression, as :func:`kiln.ir.printer.print_expr` writes it."""
    ts = TokenStream(tokenize(text), 1)
    e = ExprParser(ts, decls).expr()
    ts.expect_end()
    return e


def parse_type(text: str) -> ScalarType | ArrayType:
    ts = TokenStream(tokenize(text), 1)
    t = parse_type_tokens(ts)
    ts.expect_end()
    return t


# ------------------------------------------------------------------- functions


def parse_decl(ts: TokenStream) -> tuple[str, ScalarType | ArrayType]:
    name = ts.name()
    ts.expect(":")
    return name, parse_type_tokens(ts)


def parse_param(ts: TokenStream) -> Param:
    """``name: type``, where a parameter passed None has type ``none``."""
    name = ts.name()
    ts.expect(":")
    if ts.accept("none"):
        return Param(name, NONE)
    return Param(name, parse_type_tokens(ts))


@dataclass(frozen=True)
class Header:
    name: str
    params: tuple[Param, ...]
    results: tuple[ScalarType | ArrayType, ...]
    is_tuple: bool
    nesting: Nesting
    loc: SourceLoc


def parse_header(ts: TokenStream) -> Header:
    """``func name(params) -> (results)`` / ``-> tuple(results)`` [``@loc(...)``]; results of
    a tuple may be grouped in parentheses (``tuple(t0, (t1, t2))``)."""
    ts.expect("func")
    name = ts.name()
    ts.expect("(")
    params = tuple(ts.separated(lambda: parse_param(ts), ")"))
    ts.expect("->")
    is_tuple = ts.accept("tuple")
    ts.expect("(")
    results: list[ScalarType | ArrayType] = []

    def item() -> int | Nesting:
        if ts.accept("("):
            return tuple(ts.separated(item, ")"))
        results.append(parse_type_tokens(ts))
        return len(results) - 1

    nesting = tuple(ts.separated(item, ")"))
    flat = all(isinstance(i, int) for i in nesting)
    loc = parse_opt_loc(ts)
    ts.expect_end()
    return Header(name, params, tuple(results), is_tuple, () if flat else nesting, loc)


# ------------------------------------------------------------------ statements


@dataclass(frozen=True)
class Line:
    indent: int
    tokens: tuple[Token, ...]
    lineno: int

    def stream(self) -> TokenStream:
        return TokenStream(list(self.tokens), self.lineno)


def split_lines(text: str) -> list[Line]:
    lines = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            indent = len(raw) - len(raw.lstrip(" "))
            lines.append(Line(indent, tuple(tokenize(raw, lineno)), lineno))
    return lines


class StmtParser:
    """Indentation-structured statements; each line is one statement header."""

    def __init__(self, lines: list[Line], decls: Decls, start: int) -> None:
        self.lines = lines
        self.decls = decls
        self.pos = start

    def expr(self, ts: TokenStream) -> Expr:
        return ExprParser(ts, self.decls).expr()

    def exprs(self, ts: TokenStream, close: str) -> tuple[Expr, ...]:
        return tuple(ts.separated(lambda: self.expr(ts), close))

    def names(self, ts: TokenStream) -> tuple[str, ...]:
        ts.expect("(")
        return tuple(ts.separated(ts.name, ")"))

    def body(self, indent: int) -> tuple[Stmt, ...]:
        stmts: list[Stmt] = []
        while self.pos < len(self.lines) and self.lines[self.pos].indent >= indent:
            line = self.lines[self.pos]
            ts = line.stream()
            if line.indent > indent:
                raise ts.error("unexpected indentation")
            if ts.at("else"):
                raise ts.error("'else' without 'if'")
            self.pos += 1
            if ts.accept("pass"):
                ts.expect_end()
                continue
            stmts.append(self.stmt(ts, indent))
        return tuple(stmts)

    def nested(self, ts: TokenStream, indent: int) -> tuple[Stmt, ...]:
        """The body after a header ending in ``:`` (read up to the colon already)."""
        ts.expect(":")
        ts.expect_end()
        if self.pos >= len(self.lines) or self.lines[self.pos].indent <= indent:
            raise ts.error("expected an indented body (write 'pass' for an empty one)")
        return self.body(self.lines[self.pos].indent)

    def stmt(self, ts: TokenStream, indent: int) -> Stmt:
        keyword = ts.name()
        handler = _STMT_PARSERS.get(keyword)
        if handler is None:
            raise ts.error(f"unknown statement {keyword!r}")
        ts.expect("#")
        sid = ts.int()
        loc = parse_opt_loc(ts)
        stmt = handler(self, ts, indent)
        ts.expect_end()
        return dataclasses.replace(stmt, sid=sid, loc=loc)

    # Each handler reads the rest of its line (and nested bodies); sid/loc are set by stmt().

    def assign(self, ts: TokenStream, indent: int) -> Stmt:
        target = ts.name()
        ts.expect("=")
        return Assign(target, self.expr(ts))

    def store(self, ts: TokenStream, indent: int) -> Stmt:
        array = ts.name()
        ts.expect("[")
        indices = self.exprs(ts, "]")
        ts.expect("=")
        return Store(array, indices, self.expr(ts))

    def for_(self, ts: TokenStream, indent: int) -> Stmt:
        var = ts.name()
        ts.expect("in")
        ts.expect("range")
        ts.expect("(")
        bounds = self.exprs(ts, ")")
        if len(bounds) != 3:
            raise ts.error("range() needs start, stop and step")
        parallel = ts.accept("parallel")
        simd = ts.accept("simd")
        team = ts.accept("team")
        collapse = ts.accept("collapse")
        schedule = self.schedule(ts)
        poll = self.poll(ts)
        work = None
        if ts.accept("work"):
            ts.expect("(")
            (work,) = self.exprs(ts, ")")
        reductions: tuple[tuple[str, str], ...] = ()
        if ts.accept("reduce"):
            ts.expect("(")
            reductions = tuple(ts.separated(lambda: _reduction(ts), ")"))
        body = self.nested(ts, indent)
        return For(
            var,
            *bounds,
            body=body,
            parallel=parallel,
            reductions=reductions,
            simd=simd,
            work=work,
            poll=poll,
            team=team,
            collapse=collapse,
            schedule=schedule,
        )

    def schedule(self, ts: TokenStream) -> str:
        """``schedule(NAME)`` after a parallel loop's header ("" without)."""
        if not ts.accept("schedule"):
            return ""
        ts.expect("(")
        name = ts.name()
        ts.expect(")")
        if name not in LOOP_SCHEDULES:
            raise ts.error(f"unknown loop schedule {name!r}")
        return name

    def poll(self, ts: TokenStream) -> int:
        """``poll(N)`` after a loop's header: poll for signals every N iterations (0 without)."""
        if not ts.accept("poll"):
            return 0
        ts.expect("(")
        (every,) = self.exprs(ts, ")")
        if not (isinstance(every, Const) and isinstance(every.value, int) and every.value > 0):
            raise ts.error("poll(N) needs a positive integer")
        return every.value

    def while_(self, ts: TokenStream, indent: int) -> Stmt:
        cond = self.expr(ts)
        team = ts.accept("team")
        poll = self.poll(ts)
        return While(cond, self.nested(ts, indent), poll=poll, team=team)

    def if_(self, ts: TokenStream, indent: int) -> Stmt:
        cond = self.expr(ts)
        then = self.nested(ts, indent)
        orelse: tuple[Stmt, ...] = ()
        if self.pos < len(self.lines) and self.lines[self.pos].indent == indent:
            else_ts = self.lines[self.pos].stream()
            if else_ts.accept("else"):
                self.pos += 1
                orelse = self.nested(else_ts, indent)
        return If(cond, then, orelse)

    def block(self, ts: TokenStream, indent: int) -> Stmt:
        label = ts.name()
        return Block(label, self.nested(ts, indent))

    def alloc(self, ts: TokenStream, indent: int) -> Stmt:
        target = ts.name()
        ts.expect(":")
        t = parse_type_tokens(ts)
        if not isinstance(t, ArrayType):
            raise ts.error("alloc needs an array type")
        _keyword(ts, "shape")
        ts.expect("[")
        shape = self.exprs(ts, "]")
        hoist, per_thread = 0, False
        if ts.accept("hoisted"):  # ``hoisted(LEVELS)`` or ``hoisted(LEVELS, per_thread)``
            ts.expect("(")
            hoist = ts.int()
            per_thread = ts.accept(",")
            if per_thread:
                ts.expect("per_thread")
            ts.expect(")")
            if hoist < 1:
                raise ts.error("hoisted(N) needs a positive number of loops")
        return Alloc(target, t, shape, hoist=hoist, per_thread=per_thread)

    def view(self, ts: TokenStream, indent: int) -> Stmt:
        target = ts.name()
        ts.expect("=")
        ts.expect("view")
        ts.expect("(")
        base = ts.name()
        _keyword(ts, "offset")
        offset = self.expr(ts)
        _keyword(ts, "shape")
        ts.expect("[")
        shape = self.exprs(ts, "]")
        _keyword(ts, "strides")
        ts.expect("[")
        strides = self.exprs(ts, "]")
        ts.expect(")")
        return View(target, base, offset, shape, strides)

    def libcall(self, ts: TokenStream, indent: int) -> Stmt:
        outputs = self.names(ts)
        ts.expect("=")
        func = ts.name()
        return LibCall(func, outputs, self.names(ts))

    def prefetch(self, ts: TokenStream, indent: int) -> Stmt:
        array = ts.name()
        ts.expect("[")
        indices = self.exprs(ts, "]")
        return Prefetch(array, indices, ts.accept("write"))

    def atomic(self, ts: TokenStream, indent: int) -> Stmt:
        op = ts.name()
        target = ""
        if ts.accept("="):
            target, op = op, ts.name()
        ts.expect("(")
        array = ts.name()
        ts.expect("[")
        indices = self.exprs(ts, "]")
        ts.expect(",")
        rest = self.exprs(ts, ")")
        return Atomic(op, array, indices, rest[-1], rest[:-1], target)

    def invoke(self, ts: TokenStream, indent: int) -> Stmt:
        """``[target =] func(args)``"""
        func, target = ts.name(), ""
        if ts.accept("="):
            target, func = func, ts.name()
        ts.expect("(")
        args = self.exprs(ts, ")")
        arrays = self.names(ts) if ts.accept("arrays") else ()
        return Invoke(func, args, target, arrays)

    def save_binding(self, ts: TokenStream, indent: int) -> Stmt:
        """``array to stack``"""
        array = ts.name()
        ts.expect("to")
        return SaveBinding(ts.name(), array)

    def restore_binding(self, ts: TokenStream, indent: int) -> Stmt:
        """``array from stack``"""
        array = ts.name()
        ts.expect("from")
        return RestoreBinding(ts.name(), array)

    def print_text(self, ts: TokenStream, indent: int) -> Stmt:
        """``("text", ..., value "format", ...)`` [``flush``]: the literal pieces, then each value
        with its format."""
        ts.expect("(")
        text = [ts.string()]
        values: list[Expr] = []
        arrays: list[str] = []
        formats: list[str] = []
        while ts.accept(","):
            ahead = ts.peek()
            if ahead is not None and ahead.kind == "string":
                text.append(ts.string())
                continue
            if ts.accept("array"):  # array(name) "Aformat"
                ts.expect("(")
                arrays.append(ts.name())
                ts.expect(")")
            else:
                values.append(self.expr(ts))
            formats.append(ts.string())
        ts.expect(")")
        flush = ts.accept("flush")
        return Print(tuple(text), tuple(values), tuple(formats), flush, arrays=tuple(arrays))

    def check(self, ts: TokenStream, indent: int) -> Stmt:
        cond = self.expr(ts)
        ts.expect("else")
        exc = ts.name()
        ts.expect("(")
        message = ts.string()
        args: list[Expr] = []
        while ts.accept(","):
            args.append(self.expr(ts))
        ts.expect(")")
        return Check(cond, exc, message, tuple(args))


def _keyword(ts: TokenStream, word: str) -> None:
    """``, word =``"""
    ts.expect(",")
    ts.expect(word)
    ts.expect("=")


def _reduction(ts: TokenStream) -> tuple[str, str]:
    var = ts.name()
    ts.expect(":")
    return var, ts.name()


_STMT_PARSERS: dict[str, Callable[[StmtParser, TokenStream, int], Stmt]] = {
    "assign": StmtParser.assign,
    "atomic": StmtParser.atomic,
    "prefetch": StmtParser.prefetch,
    "print": StmtParser.print_text,
    "invoke": StmtParser.invoke,
    "save_binding": StmtParser.save_binding,
    "restore_binding": StmtParser.restore_binding,
    "store": StmtParser.store,
    "for": StmtParser.for_,
    "while": StmtParser.while_,
    "if": StmtParser.if_,
    "break": lambda p, ts, indent: Break(),
    "continue": lambda p, ts, indent: Continue(),
    "block": StmtParser.block,
    "exit": lambda p, ts, indent: Exit(ts.name()),
    "alloc": StmtParser.alloc,
    "view": StmtParser.view,
    "libcall": StmtParser.libcall,
    "check": StmtParser.check,
    "return": lambda p, ts, indent: Return(p.names(ts)),
}


def _decl_line(lines: list[Line], pos: int, word: str) -> TokenStream | None:
    """The tokens after ``word:`` when line ``pos`` is such a declaration line."""
    if pos >= len(lines):
        return None
    ts = lines[pos].stream()
    if ts.at(word) and ts.at(":", 1):
        ts.pos = 2
        return ts
    return None


def _record_group(ts: TokenStream) -> tuple[tuple[int, ...], str]:
    """``(0, 1) "module:qualname"``: a group of the result nesting and its record class."""
    ts.expect("(")
    path = tuple(ts.separated(ts.int, ")"))
    return path, ts.string()


def parse_function(text: str) -> Function:
    """The function written by :func:`kiln.ir.printer.print_function`, its helpers (the
    functions printed after it) included."""
    lines = split_lines(text)
    if not lines:
        raise IRParseError("no function in the text")
    fn, pos = _parse_one(lines, 0)
    helpers = []
    while pos < len(lines):
        helper, pos = _parse_one(lines, pos)
        helpers.append(helper)
    return dataclasses.replace(fn, helpers=tuple(helpers)) if helpers else fn


def _parse_one(lines: list[Line], start: int) -> tuple[Function, int]:
    """The function whose header is line ``start``, and the line after it."""
    lines = lines[start:]
    header = parse_header(lines[0].stream())
    params = header.params
    pos, local_decls, written, nonneg, lists, records = 1, (), (), (), (), ()
    if (ts := _decl_line(lines, pos, "locals")) is not None:
        # the lambda runs at once, before ts is rebound (mypy keeps no narrowing into lambdas)
        local_decls = tuple(ts.separated(lambda: parse_decl(cast(TokenStream, ts)), None))
        pos += 1
    if (ts := _decl_line(lines, pos, "written")) is not None:
        written = tuple(ts.separated(ts.name, None))
        pos += 1
    if (ts := _decl_line(lines, pos, "nonneg")) is not None:
        nonneg = tuple(ts.separated(ts.name, None))
        pos += 1
    if (ts := _decl_line(lines, pos, "lists")) is not None:
        lists = tuple(ts.separated(ts.int, None))
        pos += 1
    if (ts := _decl_line(lines, pos, "records")) is not None:
        records = tuple(ts.separated(lambda: _record_group(cast(TokenStream, ts)), None))
        pos += 1
    decls: dict[str, ScalarType | ArrayType] = {
        p.name: p.type for p in params if not isinstance(p.type, ConstArg)
    }
    decls.update(local_decls)
    parser = StmtParser(lines, decls, pos)
    body = parser.body(lines[pos].indent) if pos < len(lines) and lines[pos].indent > 0 else ()
    if parser.pos != len(lines) and lines[parser.pos].indent > 0:
        raise lines[parser.pos].stream().error("unexpected line after the function body")
    end = start + max(parser.pos, pos)
    return Function(
        header.name,
        params,
        local_decls,
        body,
        header.results,
        header.is_tuple,
        header.loc,
        written,
        nonneg,
        header.nesting,
        lists,
        records,
    ), end
