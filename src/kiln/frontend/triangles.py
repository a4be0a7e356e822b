"""``np.triu`` / ``np.tril``: lazy element-wise selects on the last two axes, so
``np.linalg.cholesky(A) + np.triu(A, k=1)`` stays one loop nest after the library call."""

from __future__ import annotations

from collections.abc import Callable

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, ShapeError, array_arg, bind_args
from kiln.frontend.context import Context
from kiln.frontend.values import Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _offset(ctx: Context, k: Value, name: str) -> ir.Expr:
    if not isinstance(k, Scalar) or not (k.type.is_integer or k.type.is_bool):
        raise TypingError(f"np.{name}(): k must be an integer", ctx.loc)
    return ctx.temp(E.cast(k.expr, INT64), "k")


def _triangle(name: str, keep: str) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, name, args, kwargs, [("m", REQUIRED), ("k", Scalar(E.ZERO))])
        m = as_lazy(array_arg(ctx, b["m"], name))
        k = _offset(ctx, b["k"], name)
        if m.ndim == 0:
            raise ShapeError(f"np.{name}(): the input must be at least 1-d", ctx.loc)
        shape = m.shape if m.ndim >= 2 else (m.shape[0], m.shape[0])
        source = m if m.ndim >= 2 else Lazy(m.dtype, shape, lambda idx: m.element(idx[1:]), m.reads)
        t = ScalarType(m.dtype)
        zero = E.cast(E.ZERO, t)

        def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
            diagonal = E.sub(idx[-1], idx[-2])  # j - i
            inside = E.compare(keep, diagonal, k)
            return ir.Select(inside, source.element(idx), zero, t)

        return Lazy(m.dtype, shape, element, m.reads)

    return handler


np_triu = _triangle("triu", "ge")
np_tril = _triangle("tril", "le")


def np_eye(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.eye(N, M=None, k=0, dtype=float)``: ones on the k-th diagonal, lazy like ``np.zeros``."""
    from kiln.frontend.callargs import dtype_arg, is_none, shape_arg
    from kiln.frontend.values import TupleValue

    params = [("N", REQUIRED), ("M", None), ("k", Scalar(E.ZERO)), ("dtype", None), ("order", None)]
    b = bind_args(ctx, "eye", args, kwargs, params)
    rows = b["N"]
    cols = rows if is_none(b["M"]) else b["M"]
    shape = shape_arg(ctx, TupleValue((rows, cols)))
    dtype = dtype_arg(ctx, b["dtype"], "float64")
    assert dtype is not None
    k = _offset(ctx, b["k"], "eye")
    t = ScalarType(dtype)
    one, zero = E.cast(ir.Const(1, INT64), t), E.cast(E.ZERO, t)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return ir.Select(E.compare("eq", E.sub(idx[1], idx[0]), k), one, zero, t)

    return Lazy(dtype, shape, element, ())


def np_identity(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "identity", args, kwargs, [("n", REQUIRED), ("dtype", None)])
    return np_eye(ctx, [b["n"]], {"dtype": b["dtype"]} if b["dtype"] is not None else {})
