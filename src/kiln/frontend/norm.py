"""``np.linalg.norm``: vector norms (any ``ord`` NumPy takes for vectors) and the matrix
norms (``'fro'``, 1, -1, inf, -inf as reductions of element-wise expressions; 2, -2, ``'nuc'``
from NumPy's own singular values), following ``numpy.linalg.norm`` step by step so the dtypes
are NumPy's."""

from __future__ import annotations

import math
from typing import cast

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy
from kiln.frontend.callargs import REQUIRED, ShapeError, array_arg, bind_args, const_axis, const_bool
from kiln.frontend.context import Context
from kiln.frontend.reductions import normalize_axes, reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import Const, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import PY_FLOAT, ScalarType

_REAL = {"float32": "float32", "float64": "float64", "complex64": "float32", "complex128": "float64"}


def _ord(ctx: Context, value: Value) -> float | str | None:
    """``ord`` as a compile-time constant (it decides what is computed)."""
    if value is None or (isinstance(value, Const) and value.value is None):
        return None
    if isinstance(value, Const) and isinstance(value.value, str):
        return value.value
    if isinstance(value, Scalar) and isinstance(value.expr, ir.Const) and not value.type.is_complex:
        return float(cast(float, value.expr.value))  # not complex: its type is not
    raise UnsupportedError("np.linalg.norm(ord=...) must be a constant number or string", ctx.loc)


def _squared_magnitude(x: Lazy) -> Lazy:
    """``(x.conj() * x).real``: what NumPy sums for the 2-norm and the Frobenius norm."""
    t = ScalarType(_REAL[x.dtype])
    if x.dtype in ("float32", "float64"):
        return Lazy(
            t.dtype, x.shape, lambda idx: ir.Binary("mul", x.element(idx), x.element(idx), t), x.reads
        )

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        z = x.element(idx)
        re, im = ir.Call("real", (z,), t), ir.Call("imag", (z,), t)
        return ir.Binary("add", ir.Binary("mul", re, re, t), ir.Binary("mul", im, im, t), t)

    return Lazy(t.dtype, x.shape, element, x.reads)


def _sqrt(ctx: Context, v: Value) -> Value:
    return apply_ufunc(ctx, "sqrt", [v])  # type: ignore[list-item]


def _abs(ctx: Context, x: Lazy) -> Operand:
    return apply_ufunc(ctx, "absolute", [x])


def _max_from_zero(ctx: Context, values: Operand, axis: int, keepdims: bool) -> Value:
    """``values.max(axis=axis, initial=0)`` (0 for an empty axis): a 0 ahead of the elements."""
    if isinstance(values, Scalar):
        return values
    lazy = as_lazy(values)
    shape = lazy.shape[:axis] + (E.add(lazy.shape[axis], E.ONE),) + lazy.shape[axis + 1 :]
    zero = E.cast(E.ZERO, ScalarType(lazy.dtype))

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        i = idx[axis]
        shifted = idx[:axis] + (E.sub(i, E.ONE),) + idx[axis + 1 :]
        first = E.compare("eq", i, E.ZERO)
        return ir.Select(first, zero, lazy.element(shifted), ScalarType(lazy.dtype))

    return reduce(ctx, "max", Lazy(lazy.dtype, shape, element, lazy.reads), axis, keepdims)


def _vector_norm(ctx: Context, x: Lazy, p: float | None, axis: int, keepdims: bool) -> Value:
    if p is None or p == 2:
        return _sqrt(ctx, reduce(ctx, "sum", _squared_magnitude(x), axis, keepdims))
    if p == math.inf:
        return _max_from_zero(ctx, _abs(ctx, x), axis, keepdims)
    if p == -math.inf:
        return reduce(ctx, "min", _abs(ctx, x), axis, keepdims)
    real = ScalarType(_REAL[x.dtype])
    if p == 0:
        zero = E.cast(E.ZERO, ScalarType(x.dtype))
        nonzero = Lazy(
            real.dtype,
            x.shape,
            lambda idx: E.cast(ir.Binary("ne", x.element(idx), zero, ScalarType("bool")), real),
            x.reads,
        )
        return reduce(ctx, "sum", nonzero, axis, keepdims)
    if p == 1:
        return reduce(ctx, "sum", _abs(ctx, x), axis, keepdims)
    powered = apply_ufunc(ctx, "power", [_abs(ctx, x), Scalar(ir.Const(p, PY_FLOAT))])
    total = reduce(ctx, "sum", powered, axis, keepdims)
    exponent = Scalar(ir.Const(1.0 / p, real))  # reciprocal(ord, dtype=ret.dtype)
    return apply_ufunc(ctx, "power", [total, exponent])


def _matrix_norm(
    ctx: Context, x: Lazy, p: float | str | None, axes: tuple[int, int], keepdims: bool
) -> Value:
    row, col = axes
    if p is None or p == "fro":
        return _sqrt(ctx, reduce(ctx, "sum", _squared_magnitude(x), axes, keepdims))
    if p in (2, -2, "nuc"):
        return _singular_value_norm(ctx, x, {2: "max", -2: "min", "nuc": "sum"}[p], axes, keepdims)
    if p not in (1, -1, math.inf, -math.inf):
        raise ShapeError("Invalid norm order for matrices.", ctx.loc)
    summed, kept = (row, col) if p in (1, -1) else (col, row)  # 1: column sums; inf: row sums
    sums = reduce(ctx, "sum", _abs(ctx, x), summed, keepdims)
    if not keepdims and kept > summed:
        kept -= 1
    if p > 0:
        return _max_from_zero(ctx, sums, kept, keepdims)
    return reduce(ctx, "min", sums, kept, keepdims)


def _singular_value_norm(ctx: Context, x: Lazy, kind: str, axes: tuple[int, int], keepdims: bool) -> Value:
    """The largest or smallest singular value, or their sum, of each matrix: NumPy's steps
    (the two axes moved last, ``svd(compute_uv=False)``, the reduction over its last axis,
    the axes put back as extents of 1 with ``keepdims``)."""
    from kiln.frontend.np_decompositions import singular_values

    rest = [k for k in range(x.ndim) if k not in axes]
    order = (*rest, *axes)

    def moved_element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return x.element(tuple(idx[order.index(k)] for k in range(x.ndim)))

    moved = Lazy(x.dtype, tuple(x.shape[k] for k in order), moved_element, x.reads)
    values = singular_values(ctx, moved)
    if kind == "max":  # NumPy's amax(..., initial=0): 0 for empty matrices
        result = _max_from_zero(ctx, values, len(rest), False)
    else:
        result = reduce(ctx, kind, values, len(rest), False)
    if not keepdims:
        return result
    kept = as_lazy(cast(Lazy, result)) if not isinstance(result, Scalar) else None
    shape = tuple(E.ONE if k in axes else x.shape[k] for k in range(x.ndim))

    def kept_element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        if kept is None:
            return cast(Scalar, result).expr
        return kept.element(tuple(idx[k] for k in rest))

    dtype = kept.dtype if kept is not None else cast(Scalar, result).type.dtype
    return Lazy(dtype, shape, kept_element, kept.reads if kept is not None else ())


def np_norm(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "norm", args, kwargs, [("x", REQUIRED), ("ord", None), ("axis", None), ("keepdims", False)]
    )
    x = b["x"]
    if isinstance(x, Scalar):
        e = x.expr
        x = Lazy(x.type.dtype, (), lambda idx: e, ())
    x = as_lazy(array_arg(ctx, x, "norm"))
    if x.dtype not in _REAL:  # integers and bools: NumPy converts to float64 first
        source, t = x, ScalarType("float64")
        x = Lazy("float64", source.shape, lambda idx: E.cast(source.element(idx), t), source.reads)
    p = _ord(ctx, b["ord"])
    keepdims = const_bool(ctx, b["keepdims"], "norm(keepdims=...)")
    axis = const_axis(ctx, b["axis"])
    if axis is None:
        if p is None:
            return _sqrt(ctx, reduce(ctx, "sum", _squared_magnitude(x), None, keepdims))
        if x.ndim not in (1, 2):
            raise ShapeError("Improper number of dimensions to norm.", ctx.loc)
        axis = tuple(range(x.ndim))
    axes = axis if isinstance(axis, tuple) else (axis,)
    if len(axes) == 1:
        if isinstance(p, str):
            raise ShapeError("Invalid norm order for vectors.", ctx.loc)
        (k,) = normalize_axes(ctx, axes, x.ndim)
        return _vector_norm(ctx, x, p, k, keepdims)
    if len(axes) == 2:
        pair = tuple(normalize_axes(ctx, a, x.ndim)[0] for a in axes)
        if pair[0] == pair[1]:
            raise ShapeError("Duplicate axes given.", ctx.loc)
        return _matrix_norm(ctx, x, p, (pair[0], pair[1]), keepdims)
    raise ShapeError("Improper number of dimensions to norm.", ctx.loc)
