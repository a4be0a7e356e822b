"""kiln.ir.interpreter: results of the reference interpreter against NumPy."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from ir_samples import (
    C128,
    F32,
    I8,
    I32,
    b,
    block_exit,
    c,
    checked_get,
    loop_nest,
    matmul_sum,
    neg_views,
    prefetched_rows,
    reverse_continue,
    scalar_ops,
    v,
    while_break,
)

from kiln.ir.interpreter import InterpreterError, run_function
from kiln.ir.nodes import (
    Alloc,
    Assign,
    Call,
    Cast,
    Dim,
    Expr,
    Function,
    LibCall,
    Load,
    Overlaps,
    Param,
    Return,
    Store,
    Unary,
    View,
)
from kiln.ir.types import BOOL, FLOAT64, INT64, PY_FLOAT, PY_INT, ArrayType, ScalarType
from kiln.ir.verifier import verify_function

U8 = ScalarType("uint8")


def test_loop_nest(rng: np.random.Generator) -> None:
    a = rng.standard_normal((4, 5))
    expected = a * 1.5 + np.add.outer(np.arange(4), np.arange(5))
    assert run_function(loop_nest(), [a, 1.5]) is None
    np.testing.assert_array_equal(a, expected)


@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (3, 5)])
def test_prefetch_is_a_hint(rng: np.random.Generator, shape: tuple[int, int]) -> None:
    """Its index lies past each row's end: nothing is read or checked."""
    a, out = rng.standard_normal(shape), np.zeros(shape)
    assert run_function(prefetched_rows(), [a, out]) is None
    np.testing.assert_array_equal(out, a)


@pytest.mark.parametrize("t", [-10.0, 0.3, 0.9, 10.0])
def test_while_with_break(rng: np.random.Generator, t: float) -> None:
    x = rng.random(20)[::-2]  # a strided, reversed view
    above = np.flatnonzero(x > t)
    expected = int(above[0]) if above.size else len(x)
    result = run_function(while_break(), [x, np.float64(t)])
    assert isinstance(result, np.int64) and result == expected


@pytest.mark.parametrize("val", [7, 11, 0, 99])
def test_block_exit(val: int) -> None:
    a = (np.arange(12, dtype=np.int32) % 11).reshape(3, 4)
    hits = np.argwhere(a == val)
    expected = tuple(int(k) for k in hits[0]) if len(hits) else (-1, -1)
    assert run_function(block_exit(), [a, np.int32(val)]) == expected


def test_negative_stride_views(rng: np.random.Generator) -> None:
    a = rng.standard_normal(9).astype(np.float32)[1::3]
    big = rng.standard_normal((5, 8))
    A = big[1:, ::2]
    out, t, ov = run_function(neg_views(), [a, A])
    np.testing.assert_array_equal(out, a[::-1])
    assert out.flags.c_contiguous and not np.shares_memory(out, a)
    np.testing.assert_array_equal(t, A[::-1].T)
    assert t.strides == A[::-1].T.strides
    assert np.shares_memory(t, big)  # returned as a view
    assert ov is np.True_
    t[0, 0] = 42.0  # writing through the view writes the caller's array
    assert A[-1, 0] == 42.0


def test_empty_views() -> None:
    out, t, ov = run_function(neg_views(), [np.zeros(0, np.float32), np.zeros((0, 3))])
    assert out.shape == (0,) and t.shape == (3, 0) and ov is np.False_


@pytest.mark.parametrize("k", [0, 4, -1, -5])
def test_check_passes(k: int) -> None:
    a = np.arange(10, 15)
    assert run_function(checked_get(), [a, k]) == a[k]


@pytest.mark.parametrize("k", [5, 99, -6])
def test_check_raises_like_numpy(k: int) -> None:
    a = np.arange(10, 15)
    with pytest.raises(IndexError) as numpy_error:
        a[k]
    with pytest.raises(IndexError) as ours:
        run_function(checked_get(), [a, k])
    assert str(ours.value) == str(numpy_error.value)


def test_matmul_and_parallel_reduction(rng: np.random.Generator) -> None:
    a, b_ = rng.standard_normal((3, 4)), rng.standard_normal((4, 2))
    out, s = run_function(matmul_sum(), [a, b_])
    np.testing.assert_allclose(out, a @ b_)
    assert s == sum(out.ravel().tolist())  # sequential order, bit for bit


@pytest.mark.parametrize("x", [-128, -7, 0, 7, 127])
@pytest.mark.parametrize("y", [-3, 0, 2, 5])
def test_scalar_semantics_match_numpy(x: int, y: int) -> None:
    q, m, w, f, nn, z, h = run_function(scalar_ops(), [np.int8(x), np.int8(y)])
    with np.errstate(all="ignore"):
        xi, yi = np.int8(x), np.int8(y)
        assert (q, m, w) == (xi // yi, xi % yi, xi + np.int8(127))
        assert q.dtype == np.int8 and m.dtype == np.int8
        expected_f = np.float32(x) + 0.1
        expected_z = np.complex128(complex(1.5, -0.0)) * np.complex128(complex(math.inf, 2.0))
    assert f.dtype == np.float32 and f == expected_f
    assert nn is np.True_
    np.testing.assert_equal(z, expected_z)
    assert h == np.hypot(-0.0, 3.0)


def test_reverse_loop_with_continue() -> None:
    x = np.array([3, -1, 2, 5, -7, 4])
    expected = sum(int(x[i]) * (i + 1) for i in reversed(range(len(x))) if x[i] >= 0)
    assert run_function(reverse_continue(), [x]) == expected
    assert run_function(reverse_continue(), [np.zeros(0, np.int64)]) == 0


# ------------------------------------------------------------- single expressions


def expr_fn(e: Expr, *params: tuple[str, ScalarType | ArrayType]) -> Function:
    fn = Function(
        "expr",
        tuple(Param(n, t) for n, t in params),
        (("r", e.type),),
        (Assign("r", e, sid=1), Return(("r",), sid=2)),
        results=(e.type,),
    )
    verify_function(fn)
    return fn


def eval_binary(op: str, t: ScalarType, x: object, y: object, result: ScalarType | None = None) -> object:
    e = b(op, v("x", t), v("y", t), result or t)
    return run_function(expr_fn(e, ("x", t), ("y", t)), [x, y])


BINARY_CASES = [
    ("add", "int8", 100, 100),
    ("sub", "uint8", 3, 5),
    ("mul", "int32", 2**20, 2**20),
    ("floordiv", "int64", 7, 0),
    ("mod", "int64", 7, 0),
    ("floordiv", "int64", -7, 2),
    ("mod", "int64", 7, -2),
    ("mod", "float64", -7.5, 2.0),
    ("mod", "float64", 7.5, -2.0),
    ("floordiv", "float64", -7.5, 2.0),
    ("floordiv", "float64", 1.0, 0.0),
    ("truediv", "float32", 1.0, 3.0),
    ("pow", "float32", 1.1, 7.5),
    ("pow", "int64", 3, 5),
    ("lshift", "int8", 1, 7),
    ("rshift", "int16", -64, 3),
    ("bitxor", "uint16", 0xF0F0, 0xFFFF),
    ("min", "float64", math.nan, 1.0),
    ("max", "float64", 1.0, math.nan),
    ("fmin", "float64", math.nan, 1.0),
    ("fmax", "float32", 1.0, math.nan),
    ("min", "int8", -3, 4),
]
UFUNC_OF = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "floordiv": np.floor_divide, "mod": np.remainder,
    "truediv": np.true_divide, "pow": np.power, "lshift": np.left_shift, "rshift": np.right_shift,
    "bitxor": np.bitwise_xor, "min": np.minimum, "max": np.maximum, "fmin": np.fmin, "fmax": np.fmax,
}  # fmt: skip


@pytest.mark.parametrize(("op", "dtype", "x", "y"), BINARY_CASES)
def test_binary_ops_match_numpy(op: str, dtype: str, x: object, y: object) -> None:
    t = ScalarType(dtype)
    xs, ys = np.dtype(dtype).type(x), np.dtype(dtype).type(y)
    with np.errstate(all="ignore"):
        expected = UFUNC_OF[op](xs, ys)
    got = eval_binary(op, t, xs, ys)
    assert got.dtype == expected.dtype
    np.testing.assert_equal(got, expected)


def test_int_truediv_and_comparisons() -> None:
    got = eval_binary("truediv", INT64, np.int64(7), np.int64(2), FLOAT64)
    assert got == 3.5 and got.dtype == np.float64
    assert eval_binary("lt", ScalarType("uint64"), np.uint64(2**63), np.uint64(1), BOOL) is np.False_
    assert eval_binary("eq", FLOAT64, math.nan, math.nan, BOOL) is np.False_
    mixed = b("lt", v("x", ScalarType("uint64")), v("y", INT64), BOOL)
    fn = expr_fn(mixed, ("x", ScalarType("uint64")), ("y", INT64))
    assert run_function(fn, [np.uint64(2**63), np.int64(-1)]) == (np.uint64(2**63) < np.int64(-1))


def test_weak_operands_follow_nep50() -> None:
    # float32 + python float stays float32; a weak result comes back as a Python number
    e = b("add", v("x", F32), c(0.1, PY_FLOAT), F32)
    assert run_function(expr_fn(e, ("x", F32)), [np.float32(1)]) == np.float32(1) + 0.1
    w = b("mul", v("x", PY_FLOAT), c(3, PY_INT), PY_FLOAT)
    got = run_function(expr_fn(w, ("x", PY_FLOAT)), [0.1])
    assert type(got) is float and got == 0.1 * 3


def test_short_circuit_and_or() -> None:
    a = ArrayType("float64", 1, "C")
    out_of_range = b("gt", Load("a", (c(100, INT64),), FLOAT64), c(0.0, FLOAT64), BOOL)
    e_and = b("and", c(False, BOOL), out_of_range, BOOL)
    e_or = b("or", c(True, BOOL), out_of_range, BOOL)
    assert run_function(expr_fn(e_and, ("a", a)), [np.zeros(3)]) is np.False_
    assert run_function(expr_fn(e_or, ("a", a)), [np.zeros(3)]) is np.True_
    with pytest.raises(InterpreterError, match="out of range"):
        run_function(expr_fn(b("or", c(False, BOOL), out_of_range, BOOL), ("a", a)), [np.zeros(3)])


@pytest.mark.parametrize(
    ("func", "dtype", "args", "result"),
    [
        ("sqrt", "float32", (2.0,), "float32"),
        ("exp", "float64", (1.0,), "float64"),
        ("abs", "complex128", (3 + 4j,), "float64"),
        ("abs", "int8", (-128,), "int8"),
        ("isnan", "float64", (math.nan,), "bool"),
        ("isfinite", "float32", (math.inf,), "bool"),
        ("arctan2", "float64", (1.0, -1.0), "float64"),
        ("hypot", "float32", (3.0, 4.0), "float32"),
        ("sign", "float64", (-0.0,), "float64"),
        ("rint", "float64", (2.5,), "float64"),
        ("floor", "float64", (-2.5,), "float64"),
        ("square", "int16", (300,), "int16"),
        ("reciprocal", "float32", (3.0,), "float32"),
        ("copysign", "float64", (2.0, -0.0), "float64"),
        ("real", "complex64", (1 - 2j,), "float32"),
        ("imag", "complex128", (1 - 2j,), "float64"),
        ("conj", "complex128", (1 - 2j,), "complex128"),
        ("log1p", "float64", (1e-20,), "float64"),
        ("arccosh", "float64", (0.5,), "float64"),
    ],
)
def test_math_calls_match_numpy(func: str, dtype: str, args: tuple, result: str) -> None:
    t = ScalarType(dtype)
    names = [f"x{i}" for i in range(len(args))]
    e = Call(func, tuple(v(n, t) for n in names), ScalarType(result))
    values = [np.dtype(dtype).type(a) for a in args]
    with np.errstate(all="ignore"):
        expected = getattr(np, "absolute" if func == "abs" else func)(*values)
    got = run_function(expr_fn(e, *((n, t) for n in names)), values)
    assert got.dtype == expected.dtype
    np.testing.assert_equal(got, expected)


@pytest.mark.parametrize(
    ("src", "value", "dst"),
    [("float64", -2.7, "int32"), ("float64", 2.7, "uint8"), ("int64", 300, "int8"), ("float64", 0.5, "bool"),
     ("complex128", 1.5 - 2j, "float64"), ("int64", 2**53 + 1, "float64"), ("bool", True, "float32")],
)  # fmt: skip
def test_casts_like_astype(src: str, value: object, dst: str) -> None:
    e = Cast(v("x", ScalarType(src)), ScalarType(dst))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = np.array(value, dtype=src).astype(dst)[()]
    got = run_function(expr_fn(e, ("x", ScalarType(src))), [np.dtype(src).type(value)])
    assert got.dtype == expected.dtype and got == expected


def test_unary_ops() -> None:
    neg = Unary("neg", v("x", I8), I8)
    assert run_function(expr_fn(neg, ("x", I8)), [np.int8(-128)]) == np.int8(-128)
    inv = Unary("invert", v("p", BOOL), BOOL)
    assert run_function(expr_fn(inv, ("p", BOOL)), [True]) is np.False_
    inv_u8 = Unary("invert", v("x", U8), U8)
    assert run_function(expr_fn(inv_u8, ("x", U8)), [np.uint8(5)]) == np.uint8(250)
    assert run_function(expr_fn(Unary("not", v("p", BOOL), BOOL), ("p", BOOL)), [False]) is np.True_


# ------------------------------------------------------------- arrays and errors


def test_overlaps_on_spans() -> None:
    vec = ArrayType("float64", 1, "A")
    fn = expr_fn(Overlaps("a", "b"), ("a", vec), ("b", vec))
    base = np.arange(10.0)
    assert run_function(fn, [base[0:6:2], base[1:7:2]]) is np.True_  # interleaved spans intersect
    assert run_function(fn, [base[:5], base[5:]]) is np.False_
    assert run_function(fn, [base[:0], base]) is np.False_
    assert run_function(fn, [base[::-1], base[3:4]]) is np.True_


def test_matmul_with_vector_operands(rng: np.random.Generator) -> None:
    vec, mat, d0 = ArrayType("float64", 1, "A"), ArrayType("float64", 2, "A"), ArrayType("float64", 0, "C")
    body = (
        Alloc("d", d0, (), sid=1),
        LibCall("matmul", ("d",), ("x", "x"), sid=2),
        Alloc("y", ArrayType("float64", 1, "C"), (Dim("m", 1),), sid=3),
        LibCall("matmul", ("y",), ("x", "m"), sid=4),
        Return(("d", "y"), sid=5),
    )
    fn = Function(
        "mm",
        (Param("x", vec), Param("m", mat)),
        (("d", d0), ("y", ArrayType("float64", 1, "C"))),
        body,
        results=(d0, ArrayType("float64", 1, "C")),
        result_is_tuple=True,
    )
    verify_function(fn)
    x, m = rng.standard_normal(4), rng.standard_normal((4, 3))
    d, y = run_function(fn, [x, m])
    assert d.shape == () and d[()] == np.matmul(x, x)
    np.testing.assert_array_equal(y, np.matmul(x, m))


def store_fn(index: Expr, view_shape: int = 3) -> Function:
    vec = ArrayType("float64", 1, "A")
    body = (
        View("w", "a", c(1), (c(view_shape),), (c(2),), sid=1),
        Store("w", (index,), c(1.0, FLOAT64), sid=2),
        Return((), sid=3),
    )
    return Function("st", (Param("a", vec),), (("w", vec),), body)


def test_contract_violations_are_reported() -> None:
    a = np.zeros(7)
    run_function(store_fn(c(2, INT64)), [a])
    assert a[5] == 1.0
    with pytest.raises(InterpreterError, match="out of range"):
        run_function(store_fn(c(3, INT64)), [np.zeros(7)])
    with pytest.raises(InterpreterError, match="out of range"):
        run_function(store_fn(c(-1, INT64)), [np.zeros(7)])
    with pytest.raises(InterpreterError, match="outside its allocation"):
        run_function(store_fn(c(0, INT64), view_shape=4), [np.zeros(7)])
    with pytest.raises(InterpreterError, match="read-only"):
        ro = np.zeros(7)
        ro.flags.writeable = False
        run_function(store_fn(c(0, INT64)), [ro])


def test_argument_checks() -> None:
    with pytest.raises(TypeError, match="takes 2 arguments"):
        run_function(loop_nest(), [np.zeros((2, 2))])
    with pytest.raises(TypeError, match="must be array\\[float64, 2d, C\\]"):
        run_function(loop_nest(), [np.zeros((2, 2), np.float32), 1.0])
    with pytest.raises(TypeError, match="layout C"):
        run_function(loop_nest(), [np.zeros((2, 2))[:, ::-1], 1.0])


def test_missing_return_and_unassigned_reads() -> None:
    fn = Function("f", (), (("x", I32),), (Assign("x", v("x", I32), sid=1),), results=(I32,))
    with pytest.raises(InterpreterError, match="read before it was assigned"):
        run_function(fn, [])
    fn2 = Function("g", (), (), (), results=(C128,))
    with pytest.raises(InterpreterError, match="without returning"):
        run_function(fn2, [])
