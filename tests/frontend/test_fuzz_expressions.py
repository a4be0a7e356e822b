"""Property-based differential fuzzing of element-wise expressions.

hypothesis draws small expression trees over three arguments ``a, b, c`` (arrays of several dtypes,
shapes, layouts and views, or Python/NumPy scalars) and literal constants: the binary operators,
comparisons and bitwise operators, unary minus, ``np.abs/sqrt/exp/sin/minimum/maximum/where``, and
sometimes a reduction (``sum/max/mean``) at the root. Each expression becomes the source of a real
module file (kiln compiles from source), is loaded with importlib and run both plainly and through
``kiln.jit`` on the same inputs: the same exception type, or the same type, dtype, shape and values.

The generator tracks, for every sub-expression, a *representative* value (the operation applied to
size-1 stand-ins of its operands) so that it knows the exact NumPy/Python result type as it builds
the tree: it steers away from float16 results (kiln has no float16) and mostly away from operations
NumPy refuses, keeping a few of those to check that kiln refuses them too.
"""

from __future__ import annotations

import hashlib
import importlib.util
import operator
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import kiln

DTYPES = ["float64", "float32", "int64", "int32", "bool", "complex128"]
ARG_NAMES = ("a", "b", "c")

BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne, "&": operator.and_, "|": operator.or_, "^": operator.xor,
}  # fmt: skip
# A last-bit difference in an operand may flip these: keep inexact operands away from them.
DISCONTINUOUS = {"//", "%", "<", "<=", ">", ">=", "==", "!="}
UNARY: dict[str, Callable[[Any], Any]] = {
    "-": operator.neg, "np.abs": np.abs, "np.sqrt": np.sqrt, "np.exp": np.exp, "np.sin": np.sin,
}  # fmt: skip
# exp and sin differ between libms (NumPy's SIMD versions vs the C library) in the last bit.
TRANSCENDENTAL = {"np.exp", "np.sin"}

# Literal constants; the int out of int32's range checks NEP 50's OverflowError.
CONSTANTS = [
    "0", "1", "2", "3", "(-1)", "(-3)", "7", "0.5", "(-1.5)", "2.0", "0.0", "np.nan", "np.inf",
    "True", "False", "1j", "(2-1j)", "np.float32(1.5)", "np.int32(-3)", "np.int64(2)",
    "np.float64(-0.25)", "3000000000",
]  # fmt: skip
SCALAR_ARGS = [
    "3", "(-2)", "0", "0.75", "(-1.5)", "True", "(1+2j)", "np.float32(1.25)", "np.int32(-3)",
    "np.int64(5)", "np.float64(2.5)", "np.bool_(False)", "np.complex128(0.5-1j)",
]  # fmt: skip
VIEWS_1D = ["", "", "[1:]", "[::-1]", "[::2]"]
VIEWS_2D = ["", "", "[1:]", "[::-1]", "[:, ::2]", "[:, 1:]", "[::-1, ::2]"]
ARRAY_LAYOUTS = ["C", "C", "F", "strided", "reversed"]


@dataclass(frozen=True)
class Node:
    """A generated sub-expression: its source, a representative value (or the exception the
    operation raises in NumPy/Python), ``inexact``: the machine epsilon of the least precise
    result of an operation whose last bit may differ between NumPy and C (0.0: none), and
    ``complex_muldiv``: whether it multiplies or divides complex numbers, where kiln's
    infinities differ from NumPy's (see test_complex_multiply_by_infinity)."""

    src: str
    rep: Any
    inexact: float = 0.0
    complex_muldiv: bool = False


def node(src: str, rep: Any, children: tuple[Node, ...], inexact: float = 0.0, muldiv: bool = False) -> Node:
    """A node whose flags also hold when they hold for any child."""
    inexact = max([inexact, *(c.inexact for c in children)])
    return Node(src, rep, inexact, muldiv or any(c.complex_muldiv for c in children))


@dataclass(frozen=True)
class ArgSpec:
    """One argument: an array (dtype, shape seen by the expression, view, memory layout) or a
    scalar whose source is ``scalar``."""

    name: str
    dtype: str = ""
    shape: tuple[int, ...] = ()
    view: str = ""
    layout: str = "C"
    scalar: str = ""

    def leaf(self) -> Node:
        if self.scalar:
            return Node(self.name, eval(self.scalar, {"np": np}))
        return Node(self.name + self.view, np.ones((1,) * len(self.shape), self.dtype))

    def base_shape(self) -> tuple[int, ...]:
        """The shape of the array that ``self.view`` turns into ``self.shape``."""
        s = list(self.shape)
        if self.view.startswith("[1:"):
            s[0] += 1
        if self.view.startswith("[::2"):
            s[0] *= 2
        if self.view.endswith(", ::2]"):
            s[1] *= 2
        if self.view.endswith(", 1:]"):
            s[1] += 1
        return tuple(s)


@dataclass(frozen=True)
class Case:
    src: str
    inner: str  # the expression under a root reduction, or "" when there is none
    reduction: str  # sum, max, mean or ""
    inexact: float  # the expression's Node.inexact
    complex_muldiv: bool  # the expression's Node.complex_muldiv
    # what the representatives raised: an error kiln may find at compile time, so before any
    # error NumPy meets earlier at run time (operands that do not broadcast); then kiln may also
    # refuse, as a TypeError, operations above it that the representatives never reached
    static_error: type[Exception] | None
    args: tuple[ArgSpec, ...]
    seed: int
    special: bool


def apply(fn: Callable[..., Any], *reps: Any) -> Any:
    """fn on representatives; a raised exception becomes the representative."""
    for r in reps:
        if isinstance(r, BaseException):
            return r
    try:
        with np.errstate(all="ignore"):
            return fn(*reps)
    except Exception as e:  # the exception is the value tracked
        return e


def is_float16(rep: Any) -> bool:
    return getattr(rep, "dtype", None) == np.float16


def epsilon(rep: Any) -> float:
    """The machine epsilon of a representative's (inexact) type; 0.0 for exact types."""
    dtype = np.result_type(rep) if not isinstance(rep, Exception) else np.dtype(bool)
    return float(np.finfo(dtype).eps) if dtype.kind in "fc" else 0.0


def is_complex(rep: Any) -> bool:
    return isinstance(rep, complex) or getattr(rep, "dtype", np.dtype(int)).kind == "c"


# ------------------------------------------------------------------ expression strategy
def keep_error(draw: st.DrawFn) -> bool:
    """Most operations NumPy refuses are replaced; one in eight stays to test kiln refuses it too."""
    return draw(st.integers(0, 7)) == 7


def binary_node(draw: st.DrawFn, args: tuple[ArgSpec, ...], depth: int) -> Node:
    x = expr_node(draw, args, depth - 1)
    op = draw(st.sampled_from(list(BINARY)))
    if op == "**":
        exponent = draw(st.integers(0, 3))
        y = Node(str(exponent), exponent)
    else:
        y = expr_node(draw, args, depth - 1)
    inexact = max(x.inexact, y.inexact)
    if op in DISCONTINUOUS and inexact:
        op = "+"
    rep = apply(BINARY[op], x.rep, y.rep)
    if isinstance(rep, Exception) and not isinstance(x.rep, Exception) and not keep_error(draw):
        op, y = ("*", y) if op == "**" else ("+", y)
        rep = apply(BINARY[op], x.rep, y.rep)
    # pow vs repeated multiplication, Smith's vs C's complex division: last-bit differences
    muldiv = op in ("*", "/") and is_complex(rep)
    cube = op == "**" and y.rep >= 3 and not isinstance(x.rep, int)
    if cube or muldiv or (op == "**" and is_complex(rep)):
        inexact = max(inexact, epsilon(rep))
    return node(f"({x.src} {op} {y.src})", rep, (x, y), inexact, muldiv)


def unary_node(draw: st.DrawFn, args: tuple[ArgSpec, ...], depth: int) -> Node:
    x = expr_node(draw, args, depth - 1)
    op = draw(st.sampled_from(list(UNARY)))
    rep = apply(UNARY[op], x.rep)
    if is_float16(rep) or (isinstance(rep, Exception) and not keep_error(draw)):
        op = "np.abs"  # sqrt/exp/sin of bool give float16; -bool is refused
        rep = apply(np.abs, x.rep)
    src = f"(-{x.src})" if op == "-" else f"{op}({x.src})"
    return node(src, rep, (x,), epsilon(rep) if op in TRANSCENDENTAL else 0.0)


def minmax_node(draw: st.DrawFn, args: tuple[ArgSpec, ...], depth: int) -> Node:
    x, y = expr_node(draw, args, depth - 1), expr_node(draw, args, depth - 1)
    fn = draw(st.sampled_from(["np.minimum", "np.maximum"]))
    rep = apply(np.minimum if fn == "np.minimum" else np.maximum, x.rep, y.rep)
    return node(f"{fn}({x.src}, {y.src})", rep, (x, y))


def where_node(draw: st.DrawFn, args: tuple[ArgSpec, ...], depth: int) -> Node:
    cond = expr_node(draw, args, depth - 1)
    if cond.inexact:
        cond = leaf_node(draw, args)
    x, y = expr_node(draw, args, depth - 1), expr_node(draw, args, depth - 1)
    rep = apply(np.where, cond.rep, x.rep, y.rep)
    return node(f"np.where({cond.src}, {x.src}, {y.src})", rep, (cond, x, y))


def leaf_node(draw: st.DrawFn, args: tuple[ArgSpec, ...]) -> Node:
    if draw(st.integers(0, 3)) == 3:
        src = draw(st.sampled_from(CONSTANTS))
        return Node(src, eval(src, {"np": np}))
    return draw(st.sampled_from(args)).leaf()


def expr_node(draw: st.DrawFn, args: tuple[ArgSpec, ...], depth: int) -> Node:
    if depth <= 0 or draw(st.integers(0, 4)) == 4:
        return leaf_node(draw, args)
    kind = draw(st.sampled_from([binary_node] * 5 + [unary_node] * 2 + [minmax_node, where_node]))
    return kind(draw, args, depth)


def reduction_src(draw: st.DrawFn, node: Node, fn: str) -> str:
    """``node`` under ``fn`` (sum/max/mean) at the root, in function or method form."""
    ndim = getattr(node.rep, "ndim", 0)
    axis = draw(st.sampled_from([None, 0, -1])) if ndim else None
    keepdims = draw(st.booleans())
    kwargs = "" if axis is None else f"axis={axis}"
    if keepdims:
        kwargs += ", keepdims=True" if kwargs else "keepdims=True"
    # not on 0-d arrays: kiln's np.where gives a NumPy scalar there (test_where_of_0d_operands...)
    if ndim and isinstance(node.rep, np.ndarray) and draw(st.booleans()):
        return f"{node.src}.{fn}({kwargs})"
    return f"np.{fn}({node.src}{', ' + kwargs if kwargs else ''})"


# ------------------------------------------------------------------ argument strategy
@st.composite
def array_specs(draw: st.DrawFn, name: str, m: int, n: int) -> ArgSpec:
    other = draw(st.sampled_from([2, 4, 0]))  # a length that may not broadcast: ValueError in both
    shape = draw(st.sampled_from([(n,), (n,), (1, n), (m, 1), (m, n), (m, n), (), (other,)]))
    views = {0: [""], 1: VIEWS_1D, 2: VIEWS_2D}[len(shape)]
    layouts = ARRAY_LAYOUTS if shape else ["C"]
    dtype, view = draw(st.sampled_from(DTYPES)), draw(st.sampled_from(views))
    return ArgSpec(name, dtype, shape, view, draw(st.sampled_from(layouts)))


@st.composite
def cases(draw: st.DrawFn) -> Case:
    # hypothesis tries (and shrinks towards) the first choices first: make those the typical ones
    m, n = draw(st.sampled_from([3, 2, 1, 4, 0])), draw(st.sampled_from([5, 3, 1, 2, 4, 0]))
    args = [draw(array_specs(name, m, n)) for name in ARG_NAMES[:2]]
    if draw(st.booleans()):
        args.append(draw(array_specs("c", m, n)))
    else:
        args.append(ArgSpec("c", scalar=draw(st.sampled_from(SCALAR_ARGS))))
    node = expr_node(draw, tuple(args), draw(st.integers(1, 4)))
    inner = reduction = ""
    src = node.src
    if not isinstance(node.rep, Exception) and draw(st.integers(0, 3)) == 3:
        reduction = draw(st.sampled_from(["sum", "max", "mean"]))
        inner, src = node.src, reduction_src(draw, node, reduction)
    seed, special = draw(st.integers(0, 2**16)), draw(st.booleans())
    static = type(node.rep) if isinstance(node.rep, Exception) else None
    return Case(src, inner, reduction, node.inexact, node.complex_muldiv, static, tuple(args), seed, special)


# ------------------------------------------------------------------ inputs
def values(shape: tuple[int, ...], dtype: str, rng: np.random.Generator, special: bool) -> np.ndarray:
    """Small exactly representable values (ties for comparisons and min/max), plus extremes when
    ``special``: NaN, infinities and -0.0 for floats, the integer limits for ints."""
    if dtype == "bool":
        return np.asarray(rng.random(shape) < 0.5)
    if dtype.startswith("int"):
        out = np.asarray(rng.integers(-5, 6, size=shape), dtype)
        pool = [np.iinfo(dtype).min, np.iinfo(dtype).max, -1, 0]
    else:
        real = dtype.replace("complex128", "float64")
        out = np.asarray(rng.integers(-8, 9, size=shape) / 4, real)
        pool = [np.nan, np.inf, -np.inf, -0.0]
        if dtype.startswith("complex"):
            out = np.asarray(out + 1j * (rng.integers(-8, 9, size=shape) / 4))
    if special and out.size:
        mask = rng.random(shape) < 0.3
        out[mask] = rng.choice(np.array(pool, dtype=out.dtype), size=int(mask.sum()))
    return out


def in_layout(x: np.ndarray, layout: str) -> np.ndarray:
    if layout == "F":
        return np.asfortranarray(x)
    if layout == "strided":  # every other element of a twice longer last axis
        big = np.zeros(x.shape[:-1] + (2 * x.shape[-1],), x.dtype)
        big[..., ::2] = x
        return big[..., ::2]
    if layout == "reversed":  # negative first-axis stride
        return x[::-1].copy()[::-1]
    return x.copy(order="C")  # np.ascontiguousarray would make a 0-d array 1-d


def make_args(case: Case) -> tuple[Any, ...]:
    rng = np.random.default_rng(case.seed)
    out: list[Any] = []
    for spec in case.args:
        if spec.scalar:
            out.append(eval(spec.scalar, {"np": np}))
        else:
            out.append(in_layout(values(spec.base_shape(), spec.dtype, rng, case.special), spec.layout))
    return tuple(out)


# ------------------------------------------------------------------ running and comparing
@pytest.fixture(scope="module")
def module_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz_exprs")


def load_function(directory: Path, expr: str) -> Any:
    """``def f(a, b, c): return <expr>`` from a real file, as kiln reads the source."""
    src = f"import numpy as np\n\n\ndef f(a, b, c):\n    return {expr}\n"
    name = "fuzz_" + hashlib.sha1(src.encode()).hexdigest()[:16]
    path = directory / f"{name}.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.f


def outcome(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """The result of fn(*args), or the exception it raised; arguments are copied so that the
    two runs see the same inputs (no expression writes to them, which the copies also check)."""
    copies = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # mean of an empty slice
            return fn(*args)
    except Exception as e:  # compared with NumPy's exception
        return e
    finally:
        for a, c in zip(args, copies):
            if isinstance(a, np.ndarray):
                np.testing.assert_array_equal(a, c, err_msg="an argument was modified")


def builtin_base(exc: type[BaseException]) -> type[BaseException]:
    """The first built-in class of an exception's MRO (NumPy's AxisError is a ValueError)."""
    return next(t for t in exc.__mro__ if t.__module__ == "builtins")


def assert_same(got: Any, want: Any, case: Case, scale: Any) -> None:
    if isinstance(want, Exception):
        static = (case.static_error, TypeError) if case.static_error else ()
        allowed = tuple(builtin_base(t) for t in (type(want), *static))
        assert isinstance(got, allowed), f"NumPy raised {want!r}, kiln gave {got!r}"
        return
    if isinstance(got, Exception):
        raise AssertionError(f"kiln raised, NumPy gave {want!r}") from got
    known_0d_where = case.src.startswith("np.where(") and isinstance(got, np.generic) and np.ndim(want) == 0
    if not known_0d_where:  # see test_where_of_0d_operands_is_a_0d_array
        assert type(got) is type(want), f"type {type(got).__name__} != {type(want).__name__}"
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype, f"dtype {g.dtype} != {w.dtype}"
    assert g.shape == w.shape, f"shape {g.shape} != {w.shape}"
    if w.dtype.kind in "biu":
        np.testing.assert_array_equal(g, w)
        return
    if case.complex_muldiv:  # known: kiln's complex * and / differ from NumPy's at infinities
        finite = np.isfinite(g) & np.isfinite(w)
        g, w = g[finite], w[finite]
    # single precision results, or inexact single precision steps (np.exp(float32) + float64)
    single = w.dtype in (np.float32, np.complex64) or case.inexact > 1e-10
    if case.reduction in ("sum", "mean"):
        rtol = 1e-4 if single else 1e-10
        # summation order may differ: allow rtol of the sum of magnitudes (cancellation)
        magnitudes = np.nan_to_num(np.asarray(scale, np.float64), nan=0.0, posinf=0.0)
        atol = float(magnitudes.max(initial=0.0)) * rtol
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
        return
    np.testing.assert_allclose(g, w, rtol=1e-5 if single else 1e-12, equal_nan=True)


def magnitude_scale(case: Case, args: tuple[Any, ...]) -> Any:
    """For a root sum/mean: the same reduction of the absolute values of the summed terms."""
    if not case.inner:
        return 0.0
    abs_src = case.src.replace(case.inner, f"np.abs({case.inner})", 1)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            return eval(abs_src, {"np": np}, dict(zip(ARG_NAMES, args)))
        except Exception:  # then no extra tolerance
            return 0.0


def check_case(directory: Path, case: Case) -> None:
    args = make_args(case)
    note(f"def f(a, b, c): return {case.src}")
    note("args = " + ", ".join(repr(a) for a in args))
    f = load_function(directory, case.src)
    want = outcome(f, args)
    got = outcome(kiln.jit(f), args)
    assert_same(got, want, case, magnitude_scale(case, args))


FUZZ_SETTINGS = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


@settings(max_examples=40, **FUZZ_SETTINGS)
@given(case=cases())
def test_fuzz_expressions(module_dir: Path, case: Case) -> None:
    check_case(module_dir, case)


@pytest.mark.slow
@settings(max_examples=400, **FUZZ_SETTINGS)
@given(case=cases())
def test_fuzz_expressions_deep(module_dir: Path, case: Case) -> None:
    check_case(module_dir, case)


# ------------------------------------------------------------------ regressions the fuzzer found
def check_same(f: Any, *args: Any) -> None:
    """f and f.py_func agree: type, dtype, shape and values (NaN where NaN)."""
    with np.errstate(all="ignore"):
        want, got = f.py_func(*args), f(*args)
    assert type(got) is type(want), f"type {type(got).__name__} != {type(want).__name__}"
    g, w = np.asarray(got), np.asarray(want)
    assert (g.dtype, g.shape) == (w.dtype, w.shape)
    np.testing.assert_array_equal(g, w)


@kiln.jit
def where_of_scalars(a):
    return np.where(0, a, 1)


@kiln.jit
def sum_keepdims(a):
    return np.sum(a, keepdims=True), a.max(keepdims=True), np.mean(a + 1, keepdims=True)


@kiln.jit
def negate_negative_float(a):
    return a + (-np.float64(-0.25))


@kiln.jit
def squared(a):
    return a**2


@kiln.jit
def complex_power(a, n):
    return a**n, a**1, a**3


@kiln.jit
def complex_muldiv(a, b):
    return a * b, a / b


@kiln.jit
def complex_left_of_float64(x):
    # the complex on the left is the point: Python tries complex.__eq__ first (Yoda on purpose)
    return 1j + x, (2 - 1j) * (x + x), 1j / x, 1j**x, 1j == x, 1j < x, x + 1j  # noqa: SIM300


@kiln.jit
def python_complex_power(z, y):
    return z**y


@pytest.mark.parametrize("x", [np.float64(1.5), np.array(2.0), np.float32(0.5), np.array([1.0, 2.0])])
def test_python_complex_left_of_a_float64_scalar(x: Any) -> None:
    """np.float64 subclasses float: ``1j + x`` is Python's complex.__add__, a Python complex."""
    for got, want in zip(complex_left_of_float64(x), complex_left_of_float64.py_func(x)):
        assert type(got) is type(want)
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("y", [-1, -1.0, -1 + 0j, 1j, np.float64(-2.0)])
def test_python_complex_zero_to_negative_power_raises(y: Any) -> None:
    with pytest.raises(ZeroDivisionError, match="0.0 to a negative or complex power"):
        python_complex_power.py_func(0j, y)
    with pytest.raises(ZeroDivisionError, match="0.0 to a negative or complex power"):
        python_complex_power(0j, y)
    check_same(python_complex_power, 0j, 2.0)
    check_same(python_complex_power, 0j, 0)


@pytest.mark.xfail(
    strict=True,
    reason="np.where of scalars/0-d arrays gives a NumPy scalar in kiln, a 0-d array in NumPy "
    "(np.where is no ufunc); a 0-d array there would make out[i] = np.where(c, x, y) in scalar "
    "loops an array store, which kiln does not support (and would allocate per iteration)",
)
@pytest.mark.parametrize("a", [0, 1.5, np.float32(2.0), np.array(3), np.array(True)])
def test_where_of_0d_operands_is_a_0d_array(a: Any) -> None:
    check_same(where_of_scalars, a)


@pytest.mark.parametrize("a", [np.array(1.5), np.array(7, np.int32), np.array(True)])
def test_reduction_of_0d_array_with_keepdims_is_a_scalar(a: np.ndarray) -> None:
    for got, want in zip(sum_keepdims(a), sum_keepdims.py_func(a)):
        assert type(got) is type(want) and got.dtype == want.dtype and got == want


def test_negation_of_negative_float_constant_compiles() -> None:
    check_same(negate_negative_float, np.arange(3.0))


@pytest.mark.parametrize("dtype", ["bool", "int32", "float32", "complex128"])
@pytest.mark.parametrize("shape", [(3,), ()])
def test_array_squared_has_numpys_operator_dtype(dtype: str, shape: tuple[int, ...]) -> None:
    """``bool_array ** 2`` is np.square's int8 in NumPy 2.4 (np.power gives int64)."""
    check_same(squared, np.ones(shape, dtype))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_complex_small_integer_powers_keep_infinities(n: int) -> None:
    """npy_cpow unrolls the exponents 1, 2 and 3 instead of multiplying 1+0j by the base."""
    a = np.array([complex(np.inf, 0.0), complex(np.inf, -2.0), complex(1.5, np.inf), 1.5 - 2j])
    with np.errstate(all="ignore"):
        pairs = list(zip(complex_power(a, n), complex_power.py_func(a, n)))
    for got, want in pairs:
        np.testing.assert_array_equal(got, want)


def test_complex_multiply_by_infinity() -> None:
    # NumPy's textbook product and Smith's division, not C's Annex G: (inf+0j) * (inf+infj) is
    # nan+nanj, (1.5+0j) / (inf+infj) is nan+nanj.
    a = np.array([complex(np.inf, 0.0), 1.5 + 0j])
    b = np.array([complex(np.inf, np.inf), complex(np.inf, np.inf)])
    with np.errstate(all="ignore"):
        pairs = list(zip(complex_muldiv(a, b), complex_muldiv.py_func(a, b)))
    for got, want in pairs:
        np.testing.assert_array_equal(got, want)
