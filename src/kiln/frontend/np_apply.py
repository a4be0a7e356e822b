"""Python functions applied over arrays, as NumPy applies them: ``np.vectorize`` (also as a
decorator) and ``np.apply_along_axis``. The function is inlined into a loop over the elements
(or the 1-d slices), so it compiles like any other compiled code.

``np.vectorize`` broadcasts the arguments, keyword arguments too, and calls the function with
Python numbers (NumPy converts the elements to Python objects: a float32 element arrives as a
float, an int32 one as an int); the results are stored as ``otypes``, or else as the types the
function returns for NumPy scalars (NumPy calls it once more, on the first elements as NumPy
scalars, to find them; compiled code knows the types without running that call). A tuple
result gives a tuple of arrays.

``np.apply_along_axis`` calls the function once per 1-d slice, the first slice first; the
result's extents come from that first call, and its axes take the place of ``axis``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, assign, broadcast_shapes, index_adapter, materialize
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, dtype_arg, is_none
from kiln.frontend.np_shapes import sequence_operand
from kiln.frontend.values import ArrayView, Const, Fixed, Lazy, Scalar, TupleValue, Value, Walk, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, PY_BOOL, PY_COMPLEX, PY_FLOAT, PY_INT, ArrayType, ScalarType

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer


@dataclass(frozen=True)
class Vectorized:
    """``np.vectorize(func, otypes)`` made in compiled code."""

    func: Value
    otypes: tuple[str, ...] | None


def make_vectorized(low: Lowerer, args: list[Value], kwargs: dict[str, Value]) -> Value:
    ctx = low.ctx
    params = [("pyfunc", REQUIRED), ("otypes", None), ("doc", None), ("excluded", None)]
    b = bind_args(ctx, "vectorize", args, kwargs, [*params, ("cache", False), ("signature", None)])
    for name in ("excluded", "signature"):
        if not is_none(b[name]):
            raise UnsupportedError(f"np.vectorize({name}=...)", ctx.loc)
    return Const(Vectorized(b["pyfunc"], _otypes(low, b["otypes"])))


def _otypes(low: Lowerer, value: object) -> tuple[str, ...] | None:
    if is_none(value):
        return None
    if isinstance(value, Const) and isinstance(value.value, str):
        return tuple(np.dtype(c).name for c in value.value)
    if isinstance(value, TupleValue):
        names = [dtype_arg(low.ctx, item) for item in value.items]
        if all(n is not None for n in names):
            return tuple(n for n in names if n is not None)
    raise UnsupportedError("np.vectorize(otypes=...) other than dtypes written in the code", low.ctx.loc)


def vectorized_of(f: object) -> Vectorized | None:
    """A vectorized function: one made in compiled code, or a ``np.vectorize`` object."""
    if isinstance(f, Vectorized):
        return f
    if isinstance(f, np.vectorize):
        if f.excluded or f.signature is not None:
            return None
        otypes = tuple(np.dtype(c).name for c in f.otypes) if f.otypes else None
        return Vectorized(Const(f.pyfunc), otypes)
    return None


_PYTHON_NUMBERS = {"b": PY_BOOL, "i": PY_INT, "u": PY_INT, "f": PY_FLOAT, "c": PY_COMPLEX}


def _python_number(e: ir.Expr) -> Scalar:
    """An element as NumPy hands it to a vectorized function: a Python number."""
    return Scalar(E.cast(e, _PYTHON_NUMBERS[e.type.kind]))


def _numpy_scalar(e: ir.Expr) -> Scalar:
    """An element as NumPy hands it to its first call, which finds the result types."""
    return Scalar(E.cast(e, e.type.strong()))


def _element(o: Scalar | Lazy, shape: tuple[ir.Expr, ...], index: tuple[ir.Expr, ...]) -> ir.Expr:
    return o.expr if isinstance(o, Scalar) else o.element(index_adapter(o.shape, shape)(index))


def _operand(low: Lowerer, value: Value) -> Scalar | Lazy:
    operand = (
        value if isinstance(value, Scalar) else as_lazy(sequence_operand(low.ctx, value, "np.vectorize"))
    )
    dtype = operand.type.dtype if isinstance(operand, Scalar) else operand.dtype
    if dtype == "uint64":  # a Python int of 64 unsigned bits: more than compiled integers hold
        raise UnsupportedError("np.vectorize of uint64 values", low.ctx.loc)
    return operand


def call_vectorized(low: Lowerer, vec: Vectorized, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from kiln.frontend.dispatch_call import dispatch_call  # dispatch_call calls this module

    ctx = low.ctx
    operands = [_operand(low, a) for a in args]
    keyword_operands = {k: _operand(low, v) for k, v in kwargs.items()}
    every = [*operands, *keyword_operands.values()]
    arrays = [o for o in every if isinstance(o, Lazy)]
    shape = broadcast_shapes(ctx, [a.shape for a in arrays])
    if vec.otypes is None and shape:
        size = E.product(shape)
        msg = "cannot call `vectorize` on size 0 inputs unless `otypes` is set"
        ctx.emit(ir.Check(E.compare("gt", size, E.ZERO), "ValueError", msg))
    names = [ctx.fresh("i") for _ in shape]
    for n in names:
        ctx.declare(n, INT64)
    index = tuple(ir.Var(n, INT64) for n in names)

    def call(convert: Callable[[ir.Expr], Scalar]) -> tuple[Value, list[Scalar]]:
        keywords: dict[str, Value] = {
            k: convert(_element(o, shape, index)) for k, o in keyword_operands.items()
        }
        positional: list[Value] = [convert(_element(o, shape, index)) for o in operands]
        result = dispatch_call(low, vec.func, positional, keywords)
        results = result.items if isinstance(result, TupleValue) else (result,)
        if not all(isinstance(r, Scalar) for r in results):
            raise UnsupportedError("np.vectorize of a function that returns arrays or other values", ctx.loc)
        return result, [r for r in results if isinstance(r, Scalar)]

    dtypes = vec.otypes
    if dtypes is None:  # NumPy's: of a first call with NumPy scalars, whose code is not kept
        with ctx.block():
            dtypes = tuple(r.type.strong().dtype for r in call(_numpy_scalar)[1])
    with ctx.block() as body:
        result, scalars = call(_python_number)
        if len(dtypes) != len(scalars):
            raise TypingError(f"np.vectorize: {len(dtypes)} otypes for {len(scalars)} results", ctx.loc)
        outs = [ctx.fresh("vectorized") for _ in scalars]
        for name, r, dtype in zip(outs, scalars, dtypes):
            _check_fits(low, r, ScalarType(dtype))
            ctx.emit(ir.Store(name, index, E.cast(r.expr, ScalarType(dtype))))
    views = [_allocated(low, name, dtype, shape) for name, dtype in zip(outs, dtypes)]
    _emit_loops(low, names, shape, body)
    return views[0] if len(views) == 1 and not isinstance(result, TupleValue) else TupleValue(tuple(views))


def _check_fits(low: Lowerer, result: Scalar, t: ScalarType) -> None:
    """A Python int stored into a narrower integer dtype: NumPy raises OverflowError."""
    if not (result.type.weak and result.type.is_integer and t.is_integer and t.dtype != "int64"):
        return
    info = np.iinfo(t.dtype)
    value = low.ctx.temp(E.cast(result.expr, INT64), "result")
    low_ok = E.compare("ge", value, ir.Const(max(int(info.min), -(2**63)), INT64))
    high_ok = E.compare("le", value, ir.Const(min(int(info.max), 2**63 - 1), INT64))
    fits = ir.Binary("and", low_ok, high_ok, ScalarType("bool"))
    low.ctx.emit(
        ir.Check(fits, "OverflowError", f"Python integer %lld out of bounds for {t.dtype}", (value,))
    )


def _emit_loops(low: Lowerer, names: list[str], extents: tuple[ir.Expr, ...], body: list[ir.Stmt]) -> None:
    """``body`` (already lowered) inside loops of ``names`` over ``extents``, outermost first."""
    ctx = low.ctx
    stmts = tuple(body)
    for k in reversed(range(len(names))):
        with ctx.block() as level:
            ctx.emit(ir.For(names[k], E.ZERO, extents[k], E.ONE, stmts))
        stmts = tuple(level)
    for stmt in stmts:
        ctx.emit(stmt)


def _allocated(low: Lowerer, name: str, dtype: str, shape: tuple[ir.Expr, ...]) -> ArrayView:
    ctx = low.ctx
    t = ArrayType(dtype, len(shape), "C")
    ctx.declare(name, t)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    return whole_view(name, t, shape)


def _fixed(view: ArrayView, at: dict[int, ir.Expr]) -> ArrayView:
    """``view`` with the axes in ``at`` held at those indices (in range: loop variables)."""
    kept = [k for k in range(view.ndim) if k not in at]
    maps: list[Fixed | Walk] = []
    for m in view.maps:
        if isinstance(m, Fixed):
            maps.append(m)
        elif m.axis in at:
            maps.append(Fixed(E.add(m.start, E.mul(m.step, at[m.axis]))))
        else:
            maps.append(Walk(kept.index(m.axis), m.start, m.step))
    return ArrayView(view.base, view.base_type, tuple(maps), tuple(view.shape[k] for k in kept))


def _slice_result(low: Lowerer, result: Value) -> Scalar | ArrayView | Lazy:
    if isinstance(result, Scalar | ArrayView | Lazy):
        return result
    if isinstance(result, TupleValue):
        return as_lazy(sequence_operand(low.ctx, result, "apply_along_axis() result"))
    raise UnsupportedError("apply_along_axis() of a function that returns no number or array", low.ctx.loc)


def apply_along_axis(low: Lowerer, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from kiln.frontend.dispatch_call import dispatch_call  # dispatch_call calls this module

    ctx = low.ctx
    kwargs = dict(kwargs)
    given = list(args[:3]) + [
        kwargs.pop(k) for k in ("func1d", "axis", "arr")[len(args[:3]) :] if k in kwargs
    ]
    if len(given) != 3:
        raise TypingError("apply_along_axis() takes func1d, axis and arr", ctx.loc)
    func, axis_value, arr_value = given
    extra = list(args[3:])
    arr = sequence_operand(ctx, arr_value, "apply_along_axis() arr")
    arr = arr if isinstance(arr, ArrayView) else materialize(ctx, arr)
    axis = E.const_int(axis_value.expr) if isinstance(axis_value, Scalar) else None
    if axis is None:
        raise UnsupportedError("apply_along_axis() with an axis not written in the code", ctx.loc)
    nd = arr.ndim
    if not -nd <= axis < nd:
        raise ShapeError(f"axis {axis} is out of bounds for array of dimension {nd}", ctx.loc)
    axis %= nd
    others = [k for k in range(nd) if k != axis]
    count = E.product([arr.shape[k] for k in others])
    msg = "Cannot apply_along_axis when any iteration dimensions are 0"
    ctx.emit(ir.Check(E.compare("gt", count, E.ZERO), "ValueError", msg))

    def call(at: tuple[ir.Expr, ...]) -> Scalar | ArrayView | Lazy:
        slice_ = _fixed(arr, dict(zip(others, at)))
        return _slice_result(low, dispatch_call(low, func, [slice_, *extra], dict(kwargs)))

    first = call(tuple(E.ZERO for _ in others))
    dtype = first.type.strong().dtype if isinstance(first, Scalar) else first.dtype
    inner = () if isinstance(first, Scalar) else tuple(ctx.temp(d, "n") for d in first.shape)
    shape = (*arr.shape[:axis], *inner, *arr.shape[axis + 1 :])
    out = new_array(ctx, "applied", dtype, shape)
    place = list(range(axis)) + list(range(axis + len(inner), len(shape)))

    def store(at: tuple[ir.Expr, ...], value: Scalar | ArrayView | Lazy) -> None:
        dest = _fixed(out, dict(zip(place, at)))
        if isinstance(value, Scalar):
            ctx.emit(ir.Store(out.base, dest.base_indices(()), E.cast(value.expr, ScalarType(dtype))))
            return
        for got, want in zip(value.shape, inner):
            msg = "apply_along_axis(): func1d returned results of different shapes"
            ctx.emit(ir.Check(E.compare("eq", got, want), "ValueError", msg))
        if value.ndim != len(inner):
            raise UnsupportedError("apply_along_axis(): results of different dimensions", ctx.loc)
        assign(ctx, dest, value)

    store(tuple(E.ZERO for _ in others), first)
    flat = [ctx.fresh("i") for _ in others]
    for n in flat:
        ctx.declare(n, INT64)
    at = tuple(ir.Var(n, INT64) for n in flat)
    not_first: ir.Expr = E.bool_false()
    for v in at:
        not_first = ir.Binary("or", not_first, E.compare("ne", v, E.ZERO), ScalarType("bool"))
    with ctx.block() as body:
        with ctx.block() as rest:
            store(at, call(at))
        ctx.emit(ir.If(not_first, tuple(rest)))
    _emit_loops(low, flat, tuple(arr.shape[k] for k in others), body)
    return out
