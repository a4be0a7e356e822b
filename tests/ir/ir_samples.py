"""Small hand-built IR functions shared by the tests in tests/ir."""

from __future__ import annotations

import math

from kiln.errors import SourceLoc
from kiln.ir.nodes import (
    Alloc,
    Assign,
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
    LibCall,
    Load,
    Overlaps,
    Param,
    Prefetch,
    Return,
    Select,
    Store,
    Stride,
    Unary,
    Var,
    View,
    While,
)
from kiln.ir.types import BOOL, FLOAT64, INT64, PY_FLOAT, PY_INT, ArrayType, ScalarType

F32 = ScalarType("float32")
I8 = ScalarType("int8")
I32 = ScalarType("int32")
C128 = ScalarType("complex128")


def c(value: object, t: ScalarType = PY_INT) -> Const:
    return Const(value, t)  # type: ignore[arg-type]


def v(name: str, t: ScalarType = INT64) -> Var:
    return Var(name, t)


def b(op: str, lhs: Expr, rhs: Expr, t: ScalarType = INT64) -> Binary:
    return Binary(op, lhs, rhs, t)


def count_up(var: str, stop: Expr, body: tuple, sid: int, **kw: object) -> For:
    return For(var, c(0), stop, c(1), body, sid=sid, **kw)  # type: ignore[arg-type]


def loop_nest() -> Function:
    """A[i, j] = A[i, j] * alpha + (i + j), in place."""
    a = ArrayType("float64", 2, "C")
    elem = Load("A", (v("i"), v("j")), FLOAT64)
    value = b(
        "add", b("mul", elem, v("alpha", PY_FLOAT), FLOAT64), Cast(b("add", v("i"), v("j")), FLOAT64), FLOAT64
    )
    inner = count_up("j", Dim("A", 1), (Store("A", (v("i"), v("j")), value, sid=3),), sid=2)
    return Function(
        "loop_nest",
        (Param("A", a), Param("alpha", PY_FLOAT)),
        (("i", INT64), ("j", INT64)),
        (count_up("i", Dim("A", 0), (inner,), sid=1), Return((), sid=4)),
        written_params=("A",),
    )


def while_break() -> Function:
    """Index of the first element of x greater than t (len(x) if none)."""
    cond = b("gt", Load("x", (v("i"),), FLOAT64), v("t", FLOAT64), BOOL)
    loop = While(
        b("lt", v("i"), v("n"), BOOL),
        (If(cond, (Break(sid=5),), sid=4), Assign("i", b("add", v("i"), c(1, INT64)), sid=6)),
        sid=3,
    )
    return Function(
        "while_break",
        (Param("x", ArrayType("float64", 1, "A")), Param("t", FLOAT64)),
        (("i", INT64), ("n", INT64)),
        (Assign("i", c(0, INT64), sid=1), Assign("n", Dim("x", 0), sid=2), loop, Return(("i",), sid=7)),
        results=(INT64,),
    )


def block_exit() -> Function:
    """(i, j) of the first element of A equal to val, (-1, -1) if none: exit from two loops."""
    hit = If(
        b("eq", Load("A", (v("i"), v("j")), I32), v("val", I32), BOOL),
        (Assign("ri", v("i"), sid=7), Assign("rj", v("j"), sid=8), Exit("found", sid=9)),
        sid=6,
    )
    loops = count_up("i", Dim("A", 0), (count_up("j", Dim("A", 1), (hit,), sid=5),), sid=4)
    return Function(
        "block_exit",
        (Param("A", ArrayType("int32", 2, "C")), Param("val", I32)),
        (("i", INT64), ("j", INT64), ("ri", INT64), ("rj", INT64)),
        (
            Assign("ri", c(-1, INT64), sid=1),
            Assign("rj", c(-1, INT64), sid=2),
            Block("found", (loops,), sid=3),
            Return(("ri", "rj"), sid=10),
        ),
        results=(INT64, INT64),
        result_is_tuple=True,
    )


def neg_views() -> Function:
    """r = a[::-1] copied into a new array; t = A[::-1].T returned as a view; ov = overlaps(a, r)."""
    n = Dim("a", 0)
    r_offset = b("mul", b("sub", n, c(1)), Stride("a", 0))
    rview = View("r", "a", r_offset, (n,), (Unary("neg", Stride("a", 0), INT64),), sid=1)
    t_offset = b("mul", b("sub", Dim("A", 0), c(1)), Stride("A", 0))
    tview = View(
        "t",
        "A",
        t_offset,
        (Dim("A", 1), Dim("A", 0)),
        (Stride("A", 1), Unary("neg", Stride("A", 0), INT64)),
        sid=4,
    )
    return Function(
        "neg_views",
        (Param("a", ArrayType("float32", 1, "A")), Param("A", ArrayType("float64", 2, "A"))),
        (
            ("r", ArrayType("float32", 1, "A")),
            ("out", ArrayType("float32", 1, "C")),
            ("t", ArrayType("float64", 2, "A")),
            ("ov", BOOL),
        ),
        (
            rview,
            Alloc("out", ArrayType("float32", 1, "C"), (Dim("r", 0),), sid=2),
            LibCall("copy", ("out",), ("r",), sid=3),
            tview,
            Assign("ov", Overlaps("a", "r"), sid=5),
            Return(("out", "t", "ov"), sid=6),
        ),
        results=(ArrayType("float32", 1, "C"), ArrayType("float64", 2, "A"), BOOL),
        result_is_tuple=True,
    )


def checked_get() -> Function:
    """a[k] with Python's negative-index wrap-around and an IndexError when out of range."""
    k = v("k", PY_INT)
    n = Dim("a", 0)
    wrapped = Select(b("lt", k, c(0), BOOL), b("add", k, n), Cast(k, INT64), INT64)
    in_range = b("and", b("ge", v("kk"), c(0, INT64), BOOL), b("lt", v("kk"), n, BOOL), BOOL)
    message = "index %lld is out of bounds for axis 0 with size %lld"
    return Function(
        "checked_get",
        (Param("a", ArrayType("int64", 1, "A")), Param("k", PY_INT)),
        (("kk", INT64), ("r", INT64)),
        (
            Assign("kk", wrapped, sid=1),
            Check(
                in_range,
                "IndexError",
                message,
                (k, n),
                sid=2,
                loc=SourceLoc("get.py", 3, 11, "    return a[k]"),
            ),
            Assign("r", Load("a", (v("kk"),), INT64), sid=3),
            Return(("r",), sid=4),
        ),
        results=(INT64,),
        loc=SourceLoc("get.py", 1, 0),
    )


def matmul_sum() -> Function:
    """C = A @ B and the sum of C's elements (a parallel reduction)."""
    ct = ArrayType("float64", 2, "C")
    acc = Assign("s", b("add", v("s", FLOAT64), Load("C", (v("i"), v("j")), FLOAT64), FLOAT64), sid=6)
    outer = count_up(
        "i",
        Dim("C", 0),
        (count_up("j", Dim("C", 1), (acc,), sid=5),),
        sid=4,
        parallel=True,
        reductions=(("s", "add"),),
    )
    return Function(
        "matmul_sum",
        (Param("A", ct), Param("B", ct)),
        (("C", ct), ("s", FLOAT64), ("i", INT64), ("j", INT64)),
        (
            Alloc("C", ct, (Dim("A", 0), Dim("B", 1)), sid=1),
            LibCall("matmul", ("C",), ("A", "B"), sid=2),
            Assign("s", c(0.0, FLOAT64), sid=3),
            outer,
            Return(("C", "s"), sid=7),
        ),
        results=(ct, FLOAT64),
        result_is_tuple=True,
    )


def scalar_ops() -> Function:
    """NumPy scalar semantics: int8 floor division/modulo/wrap-around, float32, constants."""
    x, y = v("x", I8), v("y", I8)
    locals_ = (("q", I8), ("m", I8), ("w", I8), ("f", F32), ("nn", BOOL), ("z", C128), ("h", FLOAT64))
    body = (
        Assign("q", b("floordiv", x, y, I8), sid=1),
        Assign("m", b("mod", x, y, I8), sid=2),
        Assign("w", b("add", x, c(127, I8), I8), sid=3),
        Assign("f", b("add", Cast(x, F32), c(0.1, PY_FLOAT), F32), sid=4),
        Assign("nn", b("or", Call("isnan", (c(math.nan, FLOAT64),), BOOL), c(False, BOOL), BOOL), sid=5),
        Assign("z", b("mul", c(complex(1.5, -0.0), C128), c(complex(math.inf, 2.0), C128), C128), sid=6),
        Assign(
            "h",
            Call(
                "hypot",
                (c(-0.0, FLOAT64), b("max", c(3.0, FLOAT64), c(-math.inf, FLOAT64), FLOAT64)),
                FLOAT64,
            ),
            sid=7,
        ),
        Return(("q", "m", "w", "f", "nn", "z", "h"), sid=8),
    )
    results = (I8, I8, I8, F32, BOOL, C128, FLOAT64)
    return Function(
        "scalar_ops", (Param("x", I8), Param("y", I8)), locals_, body, results, result_is_tuple=True
    )


def reverse_continue() -> Function:
    """sum(x[i] * (i + 1) for i in reversed(range(len(x))) if x[i] >= 0), a step -1 loop."""
    xi = Load("x", (v("i"),), INT64)
    body = (
        If(b("lt", xi, c(0, INT64), BOOL), (Continue(sid=4),), (), sid=3),
        Assign("s", b("add", v("s"), b("mul", xi, b("add", v("i"), c(1, INT64)))), sid=5),
    )
    loop = For("i", b("sub", Dim("x", 0), c(1)), c(-1), c(-1), body, sid=2)
    return Function(
        "reverse_continue",
        (Param("x", ArrayType("int64", 1, "C")),),
        (("i", INT64), ("s", INT64)),
        (Assign("s", c(0, INT64), sid=1), loop, Return(("s",), sid=6)),
        results=(INT64,),
    )


def parallel_chunks() -> Function:
    """A[k] = 1.0 in chunks of 64, a parallel loop over the chunks that states its inner work."""
    a = ArrayType("float64", 1, "C")
    n = Dim("A", 0)
    lo = b("mul", v("o"), c(64, INT64))
    hi = b("min", b("add", lo, c(64, INT64)), n)
    inner = For("k", lo, hi, c(1, INT64), (Store("A", (v("k"),), Const(1.0, FLOAT64), sid=3),), sid=2)
    chunks = b("floordiv", b("add", n, c(63, INT64)), c(64, INT64))
    work = b("min", c(64, INT64), n)
    outer = For("o", c(0, INT64), chunks, c(1, INT64), (inner,), parallel=True, sid=1, work=work)
    return Function(
        "parallel_chunks", (Param("A", a),), (("o", INT64), ("k", INT64)), (outer, Return((), sid=4)),
        written_params=("A",),
    )  # fmt: skip


def prefetched_rows() -> Function:
    """B[i, j] = A[i, j] in rows, prefetching a line past each row's segment (read and write)."""
    a = ArrayType("float64", 2, "C")
    ahead = b("add", Dim("A", 1), c(7, INT64))
    hints = (Prefetch("A", (v("i"), ahead), sid=2), Prefetch("B", (v("i"), ahead), True, sid=3))
    copy = Store("B", (v("i"), v("j")), Load("A", (v("i"), v("j")), FLOAT64), sid=5)
    outer = count_up("i", Dim("A", 0), (*hints, count_up("j", Dim("A", 1), (copy,), sid=4)), sid=1)
    return Function(
        "prefetched_rows", (Param("A", a), Param("B", a)), (("i", INT64), ("j", INT64)),
        (outer, Return((), sid=6)), written_params=("B",),
    )  # fmt: skip


ALL_SAMPLES = (
    prefetched_rows,
    parallel_chunks,
    loop_nest,
    while_break,
    block_exit,
    neg_views,
    checked_get,
    matmul_sum,
    scalar_ops,
    reverse_continue,
)
