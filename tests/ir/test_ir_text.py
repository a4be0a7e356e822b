"""kiln.ir.printer / kiln.ir.parser: golden text and exact round trips."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from ir_samples import ALL_SAMPLES, C128, F32, checked_get, loop_nest, matmul_sum, neg_views, v

from kiln.errors import UNKNOWN_LOC, SourceLoc
from kiln.ir.nodes import (
    Assign,
    Binary,
    Block,
    Call,
    Cast,
    Const,
    Dim,
    Exit,
    Expr,
    Function,
    If,
    Load,
    Overlaps,
    Param,
    Return,
    Select,
    Stride,
    Unary,
    Var,
    While,
)
from kiln.ir.parser import IRParseError, parse_expr, parse_function, parse_type
from kiln.ir.printer import print_expr, print_function, print_stmt
from kiln.ir.serialize import from_json, to_json
from kiln.ir.types import BOOL, FLOAT64, INT64, PY_BOOL, PY_COMPLEX, PY_FLOAT, PY_INT, ArrayType, ScalarType
from kiln.ir.visit import iter_stmts, map_stmts


def strip_locs(fn: Function) -> Function:
    body = map_stmts(fn.body, lambda s: dataclasses.replace(s, loc=UNKNOWN_LOC))
    return dataclasses.replace(fn, body=body, loc=UNKNOWN_LOC)


LOOP_NEST_TEXT = """\
func loop_nest(A: array[float64, 2d, C], alpha: py_float64) -> ()
  locals: i: int64, j: int64
  written: A
  for #1 i in range(0, dim(A, 0), 1):
    for #2 j in range(0, dim(A, 1), 1):
      store #3 A[i, j] = add(mul(load(A, [i, j]): float64, alpha): float64, cast(add(i, j): int64): float64): float64
  return #4 ()
"""  # noqa: E501

NEG_VIEWS_TEXT = """\
func neg_views(a: array[float32, 1d, A], A: array[float64, 2d, A]) -> tuple(array[float32, 1d, C], array[float64, 2d, A], bool)
  locals: r: array[float32, 1d, A], out: array[float32, 1d, C], t: array[float64, 2d, A], ov: bool
  view #1 r = view(a, offset=mul(sub(dim(a, 0), 1): int64, stride(a, 0)): int64, shape=[dim(a, 0)], strides=[neg(stride(a, 0)): int64])
  alloc #2 out: array[float32, 1d, C], shape=[dim(r, 0)]
  libcall #3 (out) = copy(r)
  view #4 t = view(A, offset=mul(sub(dim(A, 0), 1): int64, stride(A, 0)): int64, shape=[dim(A, 1), dim(A, 0)], strides=[stride(A, 1), neg(stride(A, 0)): int64])
  assign #5 ov = overlaps(a, r)
  return #6 (out, t, ov)
"""  # noqa: E501

CHECKED_GET_WITH_LOCS = """\
func checked_get(a: array[int64, 1d, A], k: py_int64) -> (int64) @loc("get.py", 1, 0)
  locals: kk: int64, r: int64
  assign #1 kk = select(lt(k, 0): bool, add(k, dim(a, 0)): int64, cast(k): int64): int64
  check #2 @loc("get.py", 3, 11, "    return a[k]") and(ge(kk, 0: int64): bool, lt(kk, dim(a, 0)): bool): bool else IndexError("index %lld is out of bounds for axis 0 with size %lld", k, dim(a, 0))
  assign #3 r = load(a, [kk]): int64
  return #4 (r)
"""  # noqa: E501

MATMUL_SUM_TEXT = """\
func matmul_sum(A: array[float64, 2d, C], B: array[float64, 2d, C]) -> tuple(array[float64, 2d, C], float64)
  locals: C: array[float64, 2d, C], s: float64, i: int64, j: int64
  alloc #1 C: array[float64, 2d, C], shape=[dim(A, 0), dim(B, 1)]
  libcall #2 (C) = matmul(A, B)
  assign #3 s = 0.0: float64
  for #4 i in range(0, dim(C, 0), 1) parallel reduce(s: add):
    for #5 j in range(0, dim(C, 1), 1):
      assign #6 s = add(s, load(C, [i, j]): float64): float64
  return #7 (C, s)
"""  # noqa: E501


@pytest.mark.parametrize(
    ("make", "text"),
    [(loop_nest, LOOP_NEST_TEXT), (neg_views, NEG_VIEWS_TEXT), (matmul_sum, MATMUL_SUM_TEXT)],
)
def test_golden_text(make, text: str) -> None:
    assert print_function(make()) == text
    assert parse_function(text) == make()


def test_golden_text_with_locations() -> None:
    fn = checked_get()
    assert print_function(fn, with_locs=True) == CHECKED_GET_WITH_LOCS
    assert parse_function(CHECKED_GET_WITH_LOCS) == fn
    # without locations the text is the same minus the @loc(...) parts
    plain = print_function(fn)
    assert "@loc" not in plain
    assert parse_function(plain) == strip_locs(fn)


@pytest.mark.parametrize("make", ALL_SAMPLES, ids=lambda m: m.__name__)
def test_round_trip(make) -> None:
    fn = make()
    assert parse_function(print_function(fn)) == strip_locs(fn)
    assert parse_function(print_function(fn, with_locs=True)) == fn


def test_print_stmt_and_expr() -> None:
    loop = loop_nest().body[0]
    text = print_stmt(loop, indent=1, decls=loop_nest().var_types())
    assert text.splitlines()[0] == "  for #1 i in range(0, dim(A, 0), 1):"
    # without declarations every variable carries its type
    assert print_expr(Binary("add", v("i"), Const(1, INT64), INT64)) == "add(i: int64, 1: int64): int64"
    assert print_expr(Load("A", (), FLOAT64)) == "load(A, []): float64"


CONSTANTS = [
    Const(True, BOOL),
    Const(False, PY_BOOL),
    Const(0, PY_INT),
    Const(-9223372036854775808, INT64),
    Const(18446744073709551615, ScalarType("uint64")),
    Const(1, FLOAT64),  # an int value of a float type stays an int
    Const(0.1, PY_FLOAT),
    Const(-0.0, FLOAT64),
    Const(1e300, FLOAT64),
    Const(5e-324, FLOAT64),
    Const(math.inf, F32),
    Const(-math.inf, FLOAT64),
    Const(math.nan, FLOAT64),
    Const(complex(1.5, -0.0), C128),
    Const(complex(-0.0, 2.5), PY_COMPLEX),
]


@pytest.mark.parametrize("const", CONSTANTS, ids=repr)
def test_constants_round_trip_exactly(const: Const) -> None:
    back = parse_expr(print_expr(const))
    assert type(back.value) is type(const.value)
    assert back.type == const.type
    assert repr(back.value) == repr(const.value)
    if isinstance(const.value, float):
        assert math.copysign(1, back.value) == math.copysign(1, const.value)


def test_nan_constants_keep_sign_and_complex_nan() -> None:
    neg_nan = Const(-math.nan, FLOAT64)
    assert print_expr(neg_nan) == "-nan: float64"
    back = parse_expr("-nan: float64")
    assert math.isnan(back.value) and math.copysign(1, back.value) < 0
    z = Const(complex(math.nan, -math.inf), C128)
    text = print_expr(z)
    assert text == "complex(nan, -inf): complex128"
    back = parse_expr(text)
    assert math.isnan(back.value.real) and back.value.imag == -math.inf
    assert print_expr(back) == text


def test_unusual_names_are_quoted_and_round_trip() -> None:
    t = ScalarType("int32")
    odd = [("x.1", t), ("nan", t), ("True", t), ("load", t), ("call", t), ("ü", t)]
    body = (
        Assign("x.1", Binary("add", Var("nan", t), Var("True", t), t), sid=1),
        Assign("load", Call("max", (Var("x.1", t), Var("call", t)), t), sid=2),
        Assign("ü", Unary("strange op", Var("load", t), t), sid=3),
        Assign("call", Binary("select", Var("ü", t), Var("ü", t), t), sid=4),
        Block("label with spaces", (Exit("label with spaces", sid=6),), sid=5),
        Return(("call",), sid=7),
    )
    fn = Function("f-g", (), tuple(odd), body, results=(t,))
    text = print_function(fn)
    assert 'assign #1 "x.1" = add("nan", "True"): int32' in text
    assert 'assign #2 load = call "max"("x.1", call): int32' in text
    assert 'unary "strange op"(load): int32' in text
    assert 'binary "select"' in text
    assert parse_function(text) == fn


def test_empty_bodies_else_and_types() -> None:
    cond = Var("c", BOOL)
    body = (
        While(cond, (), sid=1),
        If(cond, (), (Assign("c", Const(False, BOOL), sid=3),), sid=2),
        If(cond, (Assign("c", Const(True, BOOL), sid=5),), (), sid=4),
        Block("b", (), sid=6),
    )
    fn = Function("e", (Param("c", BOOL),), (), body)
    text = print_function(fn)
    assert text.count("pass") == 3
    assert text.count("else:") == 1
    assert parse_function(text) == fn
    empty = Function("nothing", (), (), ())
    assert print_function(empty) == "func nothing() -> ()\n  pass\n"
    assert parse_function(print_function(empty)) == empty
    assert parse_type("array[complex64, 0d, F]") == ArrayType("complex64", 0, "F")
    assert parse_type("py_bool") == PY_BOOL


def test_nested_if_else_structure() -> None:
    c = Var("c", BOOL)
    inner = If(c, (Assign("c", Const(True, BOOL), sid=3),), (Assign("c", Const(False, BOOL), sid=4),), sid=2)
    outer = If(c, (inner,), (Assign("c", c, sid=6),), sid=1)
    fn = Function("n", (Param("c", BOOL),), (), (outer, Return((), sid=7)))
    assert parse_function(print_function(fn)) == fn


def test_sids_and_locs_on_every_statement_kind() -> None:
    fn = matmul_sum()
    for s in iter_stmts(fn.body):
        assert f"#{s.sid}" in print_function(fn)
    located = dataclasses.replace(
        fn, body=tuple(dataclasses.replace(s, loc=SourceLoc("m.py", s.sid, 2)) for s in fn.body)
    )
    assert parse_function(print_function(located, with_locs=True)) == located


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no function"),
        ("func f() -> ()\n  frobnicate #1 x\n", "unknown statement"),
        ("func f(x: float64) -> ()\n  assign #1 y = z\n", "expected ': type'"),
        ("func f() -> ()\n  assign #1 y = 1.0\n", "expected ': type'"),
        ("func f() -> ()\n  while #1 True: bool:\n", "indented body"),
        ("func f() -> ()\n  else:\n", "'else' without 'if'"),
        ("func f() -> ()\n  return #1 ()\n      return #2 ()\n", "unexpected indentation"),
        ("func f() -> ()\n  return #1 () extra\n", "unexpected text"),
        ("func f(x: floaty) -> ()\n", "unknown dtype"),
        ("func f() -> ()\n  assign #1 y = add(1): int64\n", "takes 2 operand"),
        ("func f() -> ()\n  return #x ()\n", "expected an integer"),
        ("func f() -> ()\n  assign #1 y = 1 ? 2\n", "cannot read"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(IRParseError, match=message):
        parse_function(text)


# ----------------------------------------------------- randomized expression round trips

NAMES = ["i", "x", "x.1", "nan", "True", "load", "call", "add", "array", "d", "ü", "a b", '"q"']
TYPES = [BOOL, INT64, FLOAT64, PY_INT, PY_FLOAT, PY_BOOL, ScalarType("uint8"), F32, C128]
OPS = ["add", "lt", "and", "fmax", "neg", "not", "sqrt", "max", "select", "frob"]
VALUES = [0, -5, 2**64 - 1, 1.0, -0.0, 1e-300, math.inf, math.nan, True, False, complex(1, -0.0), 1e16]


def random_expr(rng: random.Random, depth: int) -> Expr:
    t = rng.choice(TYPES)
    kind = rng.randrange(11) if depth > 0 else rng.randrange(5)
    if kind == 0:
        return Const(rng.choice(VALUES), t)
    if kind == 1:
        return Var(rng.choice(NAMES), t)
    if kind == 2:
        return Dim(rng.choice(NAMES), rng.randrange(3), rng.choice([INT64, INT64, ScalarType("int32")]))
    if kind == 3:
        return Stride(rng.choice(NAMES), rng.randrange(3))
    if kind == 4:
        return Overlaps(rng.choice(NAMES), rng.choice(NAMES), rng.choice([BOOL, BOOL, PY_BOOL]))
    sub = [random_expr(rng, depth - 1) for _ in range(3)]
    op = rng.choice(OPS)
    if kind == 5:
        return Load(rng.choice(NAMES), tuple(sub[: rng.randrange(4)]), t)
    if kind == 6:
        return Unary(op, sub[0], t)
    if kind == 7:
        return Binary(op, sub[0], sub[1], t)
    if kind == 8:
        return Call(op, tuple(sub[: rng.randrange(4)]), t)
    if kind == 9:
        return Cast(sub[0], t)
    return Select(*sub, t)


def test_random_expressions_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(500):
        e = random_expr(rng, 3)
        decls = {name: rng.choice(TYPES + [ArrayType("float64", 2)]) for name in NAMES if rng.random() < 0.5}
        for d in (None, decls):
            text = print_expr(e, d)
            assert parse_expr(text, d) == e, text
        stmt = Assign("x", e, sid=1)
        assert from_json(to_json(stmt)) == stmt
