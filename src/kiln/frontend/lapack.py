"""``np.linalg.solve``, ``inv`` and ``cholesky``: one LAPACK library call each (see
``codegen/c_lapack``), stacked matrices included; ``det``: NumPy's own routine (a library call
that hands it the matrices, ``codegen/c_numpy_calls``).

NumPy computes every one of them in float64 or complex128 and casts the result to the
operands' common type (float32 in, float32 out; integers give float64); kiln does the same, so
the values are NumPy's. Shape errors known at compile time are raised then, with NumPy's
exception types; the rest (non-square extents, singular matrices) at run time.
"""

from __future__ import annotations

import numpy as np

from kiln.errors import LocatedError, TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_bool, fold_int
from kiln.frontend.context import Context
from kiln.frontend.linalg import _operand
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value, describe, whole_view
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType


class LinAlgShapeError(LocatedError, np.linalg.LinAlgError):
    """An operand NumPy's linalg rejects for its number of dimensions, known at compile time."""


def common_types(ctx: Context, what: str, dtypes: list[str]) -> tuple[str, str]:
    """(computation dtype, result dtype), as ``numpy.linalg._commonType`` decides them."""
    single, complex_ = True, False
    for d in dtypes:
        kind = np.dtype(d).kind
        if kind == "c":
            complex_ = True
        if kind not in "fc" or d in ("float64", "complex128"):
            single = False
    if complex_:
        return "complex128", "complex64" if single else "complex128"
    return "float64", "float32" if single else "float64"


def _array(ctx: Context, v: Value, what: str, k: int) -> ArrayView | Lazy:
    if isinstance(v, Scalar):
        e = v.expr
        v = Lazy(v.type.dtype, (), lambda idx: e, ())
    if not isinstance(v, ArrayView | Lazy):
        raise TypingError(f"{what}: unsupported operand {describe(v)}", ctx.loc)
    return v


def _require_stacked_2d(ctx: Context, a: ArrayView | Lazy) -> None:
    if a.ndim < 2:
        msg = f"{a.ndim}-dimensional array given. Array must be at least two-dimensional"
        raise LinAlgShapeError(msg, ctx.loc)


def _alloc(ctx: Context, stem: str, dtype: str, shape: tuple[ir.Expr, ...]) -> str:
    return new_array(ctx, stem, dtype, shape).base


def _call(
    ctx: Context, func: str, out_shape: tuple[ir.Expr, ...], inputs: list[ArrayView], dtype: str
) -> str:
    out = _alloc(ctx, func, dtype, out_shape)
    ctx.emit(ir.LibCall(func, (out,), tuple(v.base for v in inputs)))
    return out


def _matrices(
    ctx: Context, name: str, args: list[Value], kwargs: dict[str, Value]
) -> tuple[ArrayView | Lazy, ArrayView, str, str]:
    """The one operand ``a`` of a function of stacked matrices, as given and as the computation
    dtype's copy, with (computation dtype, result dtype)."""
    b = bind_args(ctx, name, args, kwargs, [("a", REQUIRED)])
    a = _array(ctx, b["a"], name, 0)
    _require_stacked_2d(ctx, a)
    compute, result = common_types(ctx, name, [a.dtype])
    return a, _operand(ctx, a, compute), compute, result


def _result(out: str, shape: tuple[ir.Expr, ...], compute: str, result: str) -> ArrayView | Lazy:
    view = whole_view(out, ArrayType(compute, len(shape), "C"), shape)
    if compute == result:
        return view
    lazy, t = as_lazy(view), ScalarType(result)
    return Lazy(result, shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def np_inv(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    a, av, compute, result = _matrices(ctx, "inv", args, kwargs)
    return _result(_call(ctx, "inv", a.shape, [av], compute), a.shape, compute, result)


def np_cholesky(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "cholesky", args, kwargs, [("a", REQUIRED), ("upper", False)])
    upper = const_bool(ctx, b["upper"], "cholesky(upper=...)")
    a = _array(ctx, b["a"], "cholesky", 0)
    _require_stacked_2d(ctx, a)
    compute, result = common_types(ctx, "cholesky", [a.dtype])
    av = _operand(ctx, a, compute)
    func = "cholesky_upper" if upper else "cholesky"
    return _result(_call(ctx, func, a.shape, [av], compute), a.shape, compute, result)


def np_det(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.linalg.det``: NumPy's own routine on the float64 or complex128 copy (the LU
    factorization, the sign and the log of the diagonal NumPy computes), cast to the result
    dtype; a number for a single matrix. NumPy raises for matrices that are not square."""
    a, av, compute, result = _matrices(ctx, "det", args, kwargs)
    shape = a.shape[:-2]
    det = _result(_call(ctx, "det", shape, [av], compute), shape, compute, result)
    if shape:
        return det
    value = as_lazy(det).element(())
    return Scalar(ctx.temp(value, "det"))


def np_slogdet(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.linalg.slogdet``: NumPy's own routine, the signs cast to the result dtype and the
    logs to its real part, as NumPy casts them; a tuple (NumPy's is a named tuple of the same
    two fields), of numbers for a single matrix."""
    a, av, compute, result = _matrices(ctx, "slogdet", args, kwargs)
    shape = a.shape[:-2]
    names = [_alloc(ctx, stem, dtype, shape) for stem, dtype in (("sign", compute), ("logdet", "float64"))]
    ctx.emit(ir.LibCall("slogdet", tuple(names), (av.base,)))
    real = {"complex64": "float32", "complex128": "float64"}.get(result, result)
    sign = _result(names[0], shape, compute, result)
    log = _result(names[1], shape, "float64", real)
    if shape:
        return TupleValue((sign, log))
    return TupleValue(
        tuple(Scalar(ctx.temp(as_lazy(v).element(()), n)) for v, n in ((sign, "sign"), (log, "logdet")))
    )


def np_matrix_power(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.linalg.matrix_power``: NumPy's own routine (its square-and-multiply products), the
    exponent handed over when the call runs. A negative exponent inverts first, which turns
    integer matrices into float64 ones: for integers the exponent must be a constant, so that
    the result's dtype is known. Unlike NumPy's, ``n == 1`` gives a copy, not ``a`` itself."""
    from kiln.frontend.arrays import materialize

    b = bind_args(ctx, "matrix_power", args, kwargs, [("a", REQUIRED), ("n", REQUIRED)])
    a = _array(ctx, b["a"], "matrix_power", 0)
    _require_stacked_2d(ctx, a)
    n = b["n"]
    if not isinstance(n, Scalar) or not (n.type.is_integer or n.type.is_bool):
        raise TypingError("exponent must be an integer", ctx.loc)
    dtype = a.dtype
    if not (ScalarType(a.dtype).is_float or ScalarType(a.dtype).is_complex):
        known = fold_int(n.expr)
        if known is None:
            msg = "matrix_power() of an integer matrix with an exponent known only at run time"
            raise UnsupportedError(msg + " (a negative one makes the result float64)", ctx.loc)
        dtype = "float64" if known < 0 else a.dtype
    power = new_array(ctx, "power", "int64", ())
    ctx.emit(ir.Store(power.base, (), E.as_index(n.expr)))
    source = a if isinstance(a, ArrayView) else materialize(ctx, a)
    out = _call(ctx, "matrix_power", a.shape, [bind_view(ctx, source), power], dtype)
    return whole_view(out, ArrayType(dtype, a.ndim, "C"), a.shape)


def _batch_dim(x: ir.Expr, y: ir.Expr) -> ir.Expr:
    """The broadcast of two batch extents (compatibility is checked by the library call)."""
    if x == y or E.const_int(y) == 1:
        return x
    if E.const_int(x) == 1:
        return y
    return ir.Select(E.compare("eq", x, E.ONE), y, x, INT64)


def np_solve(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    bound = bind_args(ctx, "solve", args, kwargs, [("a", REQUIRED), ("b", REQUIRED)])
    a, b = _array(ctx, bound["a"], "solve", 0), _array(ctx, bound["b"], "solve", 1)
    _require_stacked_2d(ctx, a)
    if b.ndim == 0:
        raise ShapeError("solve: Input operand 1 does not have enough dimensions", ctx.loc)
    compute, result = common_types(ctx, "solve", [a.dtype, b.dtype])
    if b.ndim == 1:
        shape = a.shape[:-1]
    else:
        a_batch, b_batch = a.shape[:-2], b.shape[:-2]
        nb = max(len(a_batch), len(b_batch))
        a_batch = (E.ONE,) * (nb - len(a_batch)) + a_batch
        b_batch = (E.ONE,) * (nb - len(b_batch)) + b_batch
        batch = tuple(ctx.temp(_batch_dim(x, y), "bdim") for x, y in zip(a_batch, b_batch))
        shape = batch + b.shape[-2:]
    av, bv = _operand(ctx, a, compute), _operand(ctx, b, compute)
    return _result(_call(ctx, "solve", shape, [av, bv], compute), shape, compute, result)


def unsupported(name: str):  # noqa: ANN201
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        raise UnsupportedError(f"np.linalg.{name}", ctx.loc)

    return handler
