"""kiln.ir.verifier: well-formed samples pass, each kind of malformed IR is named."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from ir_samples import (
    ALL_SAMPLES,
    F32,
    I32,
    b,
    block_exit,
    c,
    checked_get,
    loop_nest,
    matmul_sum,
    neg_views,
    v,
    while_break,
)

from kiln.ir.nodes import (
    Alloc,
    Break,
    Check,
    Continue,
    Dim,
    For,
    Function,
    LibCall,
    Load,
    Param,
    Return,
    Select,
    Stmt,
    Store,
    View,
)
from kiln.ir.types import BOOL, FLOAT64, INT64, ArrayType
from kiln.ir.verifier import IRVerifyError, verify_function
from kiln.ir.visit import map_stmts


@pytest.mark.parametrize("make", ALL_SAMPLES, ids=lambda m: m.__name__)
def test_samples_are_valid(make) -> None:
    verify_function(make())


def edit(fn: Function, which: int, change: Callable[[Stmt], Stmt | tuple[Stmt, ...]]) -> Function:
    """``fn`` with statement ``#which`` replaced by ``change(stmt)``."""
    return dataclasses.replace(fn, body=map_stmts(fn.body, lambda s: change(s) if s.sid == which else None))


def set_field(fn: Function, which: int, **changes: object) -> Function:
    return edit(fn, which, lambda s: dataclasses.replace(s, **changes))


def loop_nest_store_value(value) -> Function:
    return set_field(loop_nest(), 3, value=value)


# (name, malformed function, offending statement id or None, expected message fragment)
MALFORMED: list[tuple[str, Callable[[], Function], int | None, str]] = [
    (
        "undeclared variable",
        lambda: set_field(while_break(), 6, value=v("nope")),
        6,
        "variable 'nope' is not declared",
    ),
    (
        "variable of wrong declared type",
        lambda: set_field(while_break(), 6, value=b("add", v("i", I32), c(1, I32), I32)),
        6,
        "variable 'i' used as int32, declared int64",
    ),
    (
        "array used as a scalar",
        lambda: set_field(while_break(), 1, value=v("x")),
        1,
        "variable 'x' is an array, expected a scalar",
    ),
    (
        "scalar used as an array",
        lambda: loop_nest_store_value(Load("alpha", (), FLOAT64)),
        3,
        "load from 'alpha' is a scalar, expected an array",
    ),
    (
        "load with too few indices",
        lambda: loop_nest_store_value(Load("A", (v("i"),), FLOAT64)),
        3,
        "1 indices for 2-d array 'A'",
    ),
    (
        "store with too many indices",
        lambda: set_field(loop_nest(), 3, indices=(v("i"), v("j"), v("i"))),
        3,
        "3 indices",
    ),
    (
        "float index",
        lambda: set_field(loop_nest(), 3, indices=(v("i"), c(0.0, FLOAT64))),
        3,
        "index 1 into 'A' must be an integer, got float64",
    ),
    (
        "comparison not typed bool",
        lambda: set_field(while_break(), 3, cond=b("lt", v("i"), v("n"), INT64)),
        3,
        "result of 'lt' must be bool, got int64",
    ),
    (
        "select branches of another type",
        lambda: set_field(checked_get(), 1, value=Select(c(True, BOOL), c(1.0, FLOAT64), v("kk"), INT64)),
        1,
        "select's true branch has dtype float64, expected int64",
    ),
    (
        "dim not int64",
        lambda: set_field(while_break(), 2, value=Dim("x", 0, I32)),
        2,
        "dim(x, 0) has dtype int32",
    ),
    ("dim axis out of range", lambda: set_field(while_break(), 2, value=Dim("x", 1)), 2, "axis 1 of 1-d 'x'"),
    (
        "float loop variable",
        lambda: set_field(loop_nest(), 2, var="alpha"),
        2,
        "loop variable 'alpha' must be an integer",
    ),
    (
        "float loop bound",
        lambda: set_field(loop_nest(), 1, stop=c(3.0, FLOAT64)),
        1,
        "range stop must be an integer",
    ),
    (
        "while condition not bool",
        lambda: set_field(while_break(), 3, cond=v("n")),
        3,
        "while condition must be bool",
    ),
    (
        "break outside a loop",
        lambda: edit(while_break(), 1, lambda s: (s, Break(sid=99))),
        99,
        "break outside a loop",
    ),
    (
        "continue outside a loop",
        lambda: edit(block_exit(), 1, lambda s: (s, Continue(sid=99))),
        99,
        "continue outside a loop",
    ),
    (
        "exit without its block",
        lambda: set_field(block_exit(), 9, label="lost"),
        9,
        "exit to 'lost' outside a block",
    ),
    ("duplicate statement id", lambda: set_field(block_exit(), 8, sid=7), 7, "duplicate statement id #7"),
    ("unassigned statement id", lambda: set_field(block_exit(), 8, sid=0), 0, "not assigned"),
    (
        "view with wrong stride count",
        lambda: edit(neg_views(), 4, lambda s: dataclasses.replace(s, strides=s.strides[:1])),
        4,
        "1 strides for 2-d view 't'",
    ),
    (
        "view of another dtype",
        lambda: set_field(neg_views(), 1, base="A"),
        1,
        "float32 view of float64 array 'A'",
    ),
    (
        "alloc dtype mismatch",
        lambda: set_field(neg_views(), 2, type=ArrayType("float64", 1, "C")),
        2,
        "alloc of float64 into float32 'out'",
    ),
    (
        "alloc ndim mismatch",
        lambda: set_field(matmul_sum(), 1, type=ArrayType("float64", 1, "C"), shape=(Dim("A", 0),)),
        1,
        "alloc of 1-d into 2-d 'C'",
    ),
    (
        "return of an unknown variable",
        lambda: set_field(while_break(), 7, values=("zz",)),
        7,
        "'zz' is not declared",
    ),
    (
        "return of too many values",
        lambda: set_field(while_break(), 7, values=("i", "n")),
        7,
        "returns 2 values",
    ),
    (
        "store of another dtype",
        lambda: loop_nest_store_value(c(1.0, F32)),
        3,
        "value stored into 'A' has dtype float32, expected float64",
    ),
    (
        "assign of another dtype",
        lambda: set_field(while_break(), 1, value=c(0.0, FLOAT64)),
        1,
        "value assigned to 'i' has dtype float64, expected int64",
    ),
    (
        "reduction variable not declared",
        lambda: set_field(matmul_sum(), 4, reductions=(("acc", "add"),)),
        4,
        "reduction variable 'acc' is not declared",
    ),
    (
        "reduction variable is an array",
        lambda: set_field(matmul_sum(), 4, reductions=(("C", "add"),)),
        4,
        "reduction variable 'C' is an array",
    ),
    (
        "break out of a parallel loop",
        lambda: edit(matmul_sum(), 5, lambda s: Break(sid=5)),
        5,
        "break out of a parallel loop",
    ),
    (
        "unknown exception",
        lambda: set_field(checked_get(), 2, exc="NoSuchError"),
        2,
        "'NoSuchError' is not a built-in exception",
    ),
    ("message/arg mismatch", lambda: set_field(checked_get(), 2, args=()), 2, "does not format 0 integer"),
    (
        "matmul arity",
        lambda: set_field(matmul_sum(), 2, inputs=("A",)),
        2,
        "matmul with 1 outputs and 1 inputs",
    ),
    (
        "unknown library routine",
        lambda: set_field(matmul_sum(), 2, func="fft"),
        2,
        "unknown library routine 'fft'",
    ),
    (
        "unknown binary op",
        lambda: set_field(while_break(), 6, value=b("frob", v("i"), v("i"))),
        6,
        "unknown binary op",
    ),
    (
        "constant out of range",
        lambda: set_field(while_break(), 1, value=c(2**63, INT64)),
        1,
        "int64 constant 9223372036854775808 out of range",
    ),
]


@pytest.mark.parametrize(("name", "make", "sid", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_rejects_malformed_ir(name: str, make, sid: int | None, message: str) -> None:
    with pytest.raises(IRVerifyError) as info:
        verify_function(make())
    text = str(info.value)
    assert message in text
    if sid is not None:
        assert f"#{sid} " in text
        assert info.value.sid == sid


def test_function_level_errors() -> None:
    fn = while_break()
    with pytest.raises(IRVerifyError, match="locals declared twice"):
        verify_function(dataclasses.replace(fn, locals=fn.locals + (("i", INT64),)))
    with pytest.raises(IRVerifyError, match="'x' redeclared as int64"):
        verify_function(dataclasses.replace(fn, locals=fn.locals + (("x", INT64),)))
    with pytest.raises(IRVerifyError, match="result_is_tuple is False"):
        verify_function(dataclasses.replace(block_exit(), result_is_tuple=False))
    with pytest.raises(IRVerifyError, match="written param 't'"):
        verify_function(dataclasses.replace(fn, written_params=("t",)))


def test_exit_must_not_leave_a_parallel_loop() -> None:
    fn = block_exit()
    par = edit(fn, 4, lambda s: dataclasses.replace(s, parallel=True))
    with pytest.raises(IRVerifyError, match="#9 exit: exit to 'found' leaves a parallel loop"):
        verify_function(par)


def test_other_valid_shapes() -> None:
    # A return from inside a sequential loop, matmul of 1-d operands, a 0-d store, views of views.
    vec = ArrayType("float64", 1, "C")
    scalar0 = ArrayType("float64", 0, "C")
    body = (
        Alloc("d", scalar0, (), sid=1),
        LibCall("matmul", ("d",), ("a", "a"), sid=2),
        Store("d", (), Load("d", (), FLOAT64), sid=3),
        View("w", "a", c(0), (Dim("a", 0),), (c(1),), sid=4),
        View("w2", "w", c(0), (), (), sid=5),
        For("i", c(0), Dim("a", 0), c(1), (Return(("d",), sid=7),), sid=6),
        Check(c(True, BOOL), "ValueError", "100%% sure", (), sid=8),
        Return(("d",), sid=9),
    )
    fn = Function(
        "shapes",
        (Param("a", vec),),
        (("d", scalar0), ("w", vec), ("w2", scalar0), ("i", INT64)),
        body,
        results=(scalar0,),
    )
    verify_function(fn)
    bad = set_field(fn, 6, parallel=True)
    with pytest.raises(IRVerifyError, match="#7 return: return inside a parallel loop"):
        verify_function(bad)
    with pytest.raises(IRVerifyError, match="matmul of 1-d and 1-d into 1-d"):
        verify_function(set_field(fn, 2, outputs=("w",)))
