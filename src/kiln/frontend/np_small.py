"""Small NumPy functions, each NumPy's definition in kiln's terms: ``np.shape``, ``np.size``,
``np.ndim``, ``np.isscalar``, ``np.iscomplexobj``/``isrealobj`` (known when compiling),
``np.iscomplex``/``isreal``, ``np.isposinf``/``isneginf``, ``np.ediff1d``, ``np.trim_zeros``
(a view of the kept part), ``np.tril_indices_from``/``triu_indices_from``, ``np.append``,
``np.delete`` of one index, ``np.asarray_chkfinite``, ``np.asfortranarray`` (the array itself
when it is Fortran-ordered, else a copy) and ``np.broadcast_shapes``."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, broadcast_shapes, elementwise, emit_loop_nest, materialize
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_axis, is_none, shape_arg
from kiln.frontend.context import Context
from kiln.frontend.np_shapes import sequence_operand
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value, whole_view
from kiln.frontend.views import SliceSpec, contiguous_order, subscript, transpose
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, PY_BOOL, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]


def _operand(ctx: Context, value: Value, what: str) -> Scalar | ArrayView | Lazy:
    if isinstance(value, Scalar | ArrayView | Lazy):
        return value
    return sequence_operand(ctx, value, what)


def _dtype(x: Scalar | ArrayView | Lazy) -> ScalarType:
    return x.type if isinstance(x, Scalar) else ScalarType(x.dtype)


def _python_int(e: ir.Expr) -> Scalar:
    return Scalar(E.cast(e, PY_INT))


def np_shape(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    a = _operand(ctx, bind_args(ctx, "shape", args, kwargs, [("a", REQUIRED)])["a"], "shape")
    return TupleValue(() if isinstance(a, Scalar) else tuple(_python_int(d) for d in a.shape))


def np_ndim(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    a = _operand(ctx, bind_args(ctx, "ndim", args, kwargs, [("a", REQUIRED)])["a"], "ndim")
    return Scalar(ir.Const(0 if isinstance(a, Scalar) else a.ndim, PY_INT))


def np_size(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "size", args, kwargs, [("a", REQUIRED), ("axis", None)])
    a = _operand(ctx, b["a"], "size")
    shape = () if isinstance(a, Scalar) else a.shape
    if is_none(b["axis"]):
        return _python_int(E.product(shape))
    axis = const_axis(ctx, b["axis"])
    if not isinstance(axis, int) or not -len(shape) <= axis < len(shape):
        raise ShapeError(f"axis {axis} is out of bounds for array of dimension {len(shape)}", ctx.loc)
    return _python_int(shape[axis])


def np_isscalar(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Numbers are scalars (Python's and NumPy's); arrays, 0-d ones too, are not."""
    element = bind_args(ctx, "isscalar", args, kwargs, [("element", REQUIRED)])["element"]
    scalar = isinstance(element, Scalar) or (isinstance(element, Const) and isinstance(element.value, str))
    return Scalar(ir.Const(scalar, PY_BOOL))


def complex_object(complex_: bool) -> Handler:
    """``np.iscomplexobj`` / ``np.isrealobj``: by the dtype, known when compiling."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        name = "iscomplexobj" if complex_ else "isrealobj"
        x = _operand(ctx, bind_args(ctx, name, args, kwargs, [("x", REQUIRED)])["x"], name)
        return Scalar(ir.Const(_dtype(x).is_complex == complex_, PY_BOOL))

    return handler


def complex_values(complex_: bool) -> Handler:
    """``np.iscomplex`` / ``np.isreal``: whether each imaginary part is (not) zero."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        name = "iscomplex" if complex_ else "isreal"
        x = _operand(ctx, bind_args(ctx, name, args, kwargs, [("x", REQUIRED)])["x"], name)
        t = _dtype(x)

        def test(xs: list[ir.Expr]) -> ir.Expr:
            if not t.is_complex:
                return ir.Const(not complex_, BOOL)
            imag = ir.Call("imag", (xs[0],), ScalarType("float32" if t.dtype == "complex64" else "float64"))
            return E.compare("ne" if complex_ else "eq", imag, E.cast(E.ZERO, imag.type))

        result = elementwise(ctx, [_strong(x)], test, "bool")
        return Scalar(E.cast(result.expr, BOOL)) if isinstance(result, Scalar) else result

    return handler


def _strong(x: Scalar | ArrayView | Lazy) -> Scalar | ArrayView | Lazy:
    return Scalar(E.cast(x.expr, x.type.strong())) if isinstance(x, Scalar) else x


def infinity(positive: bool) -> Handler:
    """``np.isposinf`` / ``np.isneginf``: infinite with the sign; never for integers."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        name = "isposinf" if positive else "isneginf"
        b = bind_args(ctx, name, args, kwargs, [("x", REQUIRED), ("out", None)])
        if not is_none(b["out"]):
            raise UnsupportedError(f"np.{name}(out=...)", ctx.loc)
        x = _operand(ctx, b["x"], name)
        t = _dtype(x)
        if t.is_complex:
            raise TypingError(
                "This operation is not supported for complex values because it would be ambiguous.", ctx.loc
            )

        def test(xs: list[ir.Expr]) -> ir.Expr:
            if not t.is_float:
                return ir.Const(False, BOOL)
            inf = ir.Call("isinf", (xs[0],), BOOL)
            negative = E.compare("lt", ir.Call("copysign", (ir.Const(1.0, t), xs[0]), t), ir.Const(0.0, t))
            sign = ir.Unary("not", negative, BOOL) if positive else negative
            return ir.Binary("and", inf, sign, BOOL)

        result = elementwise(ctx, [_strong(x)], test, "bool")
        return Scalar(E.cast(result.expr, BOOL)) if isinstance(result, Scalar) else result

    return handler


def np_ediff1d(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """The differences of the flattened array, in its dtype (no ``to_begin``/``to_end``)."""
    from kiln.frontend.numpy_ops import np_ravel

    params = [("ary", REQUIRED), ("to_end", None), ("to_begin", None)]
    b = bind_args(ctx, "ediff1d", args, kwargs, params)
    if not (is_none(b["to_end"]) and is_none(b["to_begin"])):
        raise UnsupportedError("np.ediff1d with to_begin or to_end", ctx.loc)
    flat = np_ravel(ctx, [_operand(ctx, b["ary"], "ediff1d")], {})
    assert isinstance(flat, ArrayView | Lazy)
    lazy = as_lazy(flat)
    if lazy.dtype == "bool":
        raise TypingError("numpy boolean subtract, the `-` operator, is not supported", ctx.loc)
    n = ctx.temp(E.imax(E.sub(lazy.shape[0], E.ONE), E.ZERO), "n")
    t = ScalarType(lazy.dtype)

    def step(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return ir.Binary("sub", lazy.element((E.add(idx[0], E.ONE),)), lazy.element(idx), t)

    return materialize(ctx, Lazy(lazy.dtype, (n,), step, lazy.reads))


def np_trim_zeros(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``filt[first:last]`` of a 1-d array: without the leading ("f") and trailing ("b") zeros."""
    b = bind_args(ctx, "trim_zeros", args, kwargs, [("filt", REQUIRED), ("trim", "fb"), ("axis", None)])
    trim = b["trim"].value if isinstance(b["trim"], Const) else b["trim"]
    if isinstance(trim, str) and not trim:
        raise ShapeError("unexpected character(s) in `trim`: ''", ctx.loc)
    if not isinstance(trim, str) or not set(trim.lower()) <= {"f", "b"}:
        raise UnsupportedError("np.trim_zeros(trim=...) other than a string of 'f' and 'b'", ctx.loc)
    filt = _operand(ctx, b["filt"], "trim_zeros")
    if isinstance(filt, Scalar) or filt.ndim != 1 or not is_none(b["axis"]):
        raise UnsupportedError("np.trim_zeros of other than a 1-d array", ctx.loc)
    view = filt if isinstance(filt, ArrayView) else materialize(ctx, filt)
    n = ctx.temp(view.shape[0], "n")
    t = ScalarType(view.dtype)
    first, last = ctx.variable("first", n), ctx.variable("last", E.ZERO)  # all zeros: filt[n:0] is empty

    def note(idx: tuple[ir.Expr, ...]) -> None:
        nonzero = E.compare("ne", view.load(idx), E.cast(E.ZERO, t))
        with ctx.block() as seen:
            ctx.emit(ir.Assign(first.name, E.imin(first, idx[0])))
            ctx.emit(ir.Assign(last.name, E.add(idx[0], E.ONE)))
        ctx.emit(ir.If(nonzero, tuple(seen)))

    emit_loop_nest(ctx, (n,), note, parallel=False)
    start = first if "f" in trim.lower() else E.ZERO
    stop = E.imax(last, start) if "b" in trim.lower() else n
    kept = subscript(ctx, view, [SliceSpec(ctx.temp(start, "start"), ctx.temp(stop, "stop"), 1)])
    assert isinstance(kept, ArrayView)
    return kept


def indices_from(lower: bool) -> Handler:
    """``np.tril_indices_from(arr, k)`` / ``triu_...``: the indices for ``arr``'s shape."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        from kiln.frontend.numpy_ops import lookup_numpy

        name = "tril_indices_from" if lower else "triu_indices_from"
        b = bind_args(ctx, name, args, kwargs, [("arr", REQUIRED), ("k", 0)])
        arr = _operand(ctx, b["arr"], name)
        if isinstance(arr, Scalar) or arr.ndim != 2:
            raise ShapeError("input array must be 2-d", ctx.loc)
        k = Scalar(ir.Const(b["k"], PY_INT)) if isinstance(b["k"], int) else b["k"]
        indices = lookup_numpy(np.tril_indices if lower else np.triu_indices)
        assert indices is not None
        return indices(ctx, [_python_int(arr.shape[-2]), k, _python_int(arr.shape[-1])], {})

    return handler


def np_append(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``concatenate((ravel(arr), ravel(values)))``, or along ``axis`` when it is given."""
    from kiln.frontend.numpy_ops import lookup_numpy, np_ravel

    b = bind_args(ctx, "append", args, kwargs, [("arr", REQUIRED), ("values", REQUIRED), ("axis", None)])
    parts: list[Value] = [_operand(ctx, b["arr"], "append"), _operand(ctx, b["values"], "append")]
    concatenate = lookup_numpy(np.concatenate)
    assert concatenate is not None
    if is_none(b["axis"]):
        flat = [np_ravel(ctx, [p], {}) for p in parts]
        return concatenate(ctx, [TupleValue(tuple(flat))], {})
    return concatenate(ctx, [TupleValue(tuple(parts))], {"axis": b["axis"]})


def np_delete(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.delete(arr, index, axis=None)`` of one integer index (negative ones count from the
    end; out of bounds raises IndexError): the parts before and after it, concatenated."""
    from kiln.frontend.numpy_ops import lookup_numpy, np_ravel

    b = bind_args(ctx, "delete", args, kwargs, [("arr", REQUIRED), ("obj", REQUIRED), ("axis", None)])
    obj = b["obj"]
    if not (isinstance(obj, Scalar) and (obj.type.is_integer or obj.type.is_bool)) or obj.type.is_bool:
        raise UnsupportedError("np.delete of other than one integer index", ctx.loc)
    arr = _operand(ctx, b["arr"], "delete")
    if is_none(b["axis"]) or isinstance(arr, Scalar):
        flat = np_ravel(ctx, [arr], {})
        assert isinstance(flat, ArrayView | Lazy)
        arr, axis = flat, 0
    else:
        axis_value = const_axis(ctx, b["axis"])
        if not isinstance(axis_value, int) or not -arr.ndim <= axis_value < arr.ndim:
            raise ShapeError(f"axis {axis_value} is out of bounds for array of dimension {arr.ndim}", ctx.loc)
        axis = axis_value % arr.ndim
    view = arr if isinstance(arr, ArrayView) else materialize(ctx, arr)
    n = ctx.temp(view.shape[axis], "n")
    i = ctx.temp(E.as_index(obj.expr), "index")
    inside = ir.Binary("and", E.compare("ge", i, E.sub(E.ZERO, n)), E.compare("lt", i, n), BOOL)
    msg = f"index %lld is out of bounds for axis {axis} with size %lld"
    ctx.emit(ir.Check(inside, "IndexError", msg, (i, n)))
    at = ctx.temp(ir.Select(E.compare("lt", i, E.ZERO), E.add(i, n), i, INT64), "at")
    whole: list[object] = [SliceSpec(None, None, 1)] * view.ndim
    before = subscript(ctx, view, [*whole[:axis], SliceSpec(None, at, 1), *whole[axis + 1 :]])  # type: ignore[list-item]
    after = subscript(ctx, view, [*whole[:axis], SliceSpec(E.add(at, E.ONE), None, 1), *whole[axis + 1 :]])  # type: ignore[list-item]
    concatenate = lookup_numpy(np.concatenate)
    assert concatenate is not None and isinstance(before, ArrayView) and isinstance(after, ArrayView)
    return concatenate(ctx, [TupleValue((before, after))], {"axis": Scalar(ir.Const(axis, PY_INT))})


def np_asarray_chkfinite(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from kiln.frontend.numpy_ops import lookup_numpy

    b = bind_args(ctx, "asarray_chkfinite", args, kwargs, [("a", REQUIRED), ("dtype", None), ("order", None)])
    asarray = lookup_numpy(np.asarray)
    assert asarray is not None
    a = asarray(ctx, [b["a"]], {} if is_none(b["dtype"]) else {"dtype": b["dtype"]})
    assert isinstance(a, ArrayView | Lazy)
    t = ScalarType(a.dtype)
    if t.is_float or t.is_complex:
        finite = elementwise(ctx, [a], lambda xs: ir.Call("isfinite", (xs[0],), BOOL), "bool")
        from kiln.frontend.reductions import reduce

        every = reduce(ctx, "all", finite)
        assert isinstance(every, Scalar)
        ctx.emit(ir.Check(every.expr, "ValueError", "array must not contain infs or NaNs"))
    return a


def np_asfortranarray(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """The array itself when it is contiguous in Fortran order (NumPy returns it), else a copy
    laid out in Fortran order; a number or 0-d array becomes a 1-element array."""
    from kiln.frontend.numpy_ops import reshape

    b = bind_args(ctx, "asfortranarray", args, kwargs, [("a", REQUIRED), ("dtype", None)])
    a = _operand(ctx, b["a"], "asfortranarray")
    if not is_none(b["dtype"]):
        raise UnsupportedError("np.asfortranarray(dtype=...)", ctx.loc)
    if isinstance(a, Scalar):
        expr = a.expr
        return materialize(ctx, Lazy(a.type.strong().dtype, (E.ONE,), lambda idx: expr, ()))
    if a.ndim == 0:
        return reshape(ctx, materialize(ctx, a), (E.ONE,))
    if isinstance(a, ArrayView) and contiguous_order(a) == ("C" if a.ndim == 1 else "F"):
        return a
    view = a if isinstance(a, ArrayView) else materialize(ctx, a)
    copy = materialize(ctx, transpose(view))  # C-ordered: its transpose is Fortran-ordered
    return transpose(whole_view(copy.base, copy.base_type))


def np_broadcast_shapes(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if kwargs:
        raise TypingError("broadcast_shapes() takes no keyword arguments", ctx.loc)
    shapes = [shape_arg(ctx, a) for a in args]
    return TupleValue(tuple(_python_int(d) for d in broadcast_shapes(ctx, shapes)))


def table() -> dict[object, Handler]:
    return {
        np.shape: np_shape,
        np.ndim: np_ndim,
        np.size: np_size,
        np.isscalar: np_isscalar,
        np.iscomplexobj: complex_object(True),
        np.isrealobj: complex_object(False),
        np.iscomplex: complex_values(True),
        np.isreal: complex_values(False),
        np.isposinf: infinity(True),
        np.isneginf: infinity(False),
        np.ediff1d: np_ediff1d,
        np.trim_zeros: np_trim_zeros,
        np.tril_indices_from: indices_from(True),
        np.triu_indices_from: indices_from(False),
        np.append: np_append,
        np.delete: np_delete,
        np.asarray_chkfinite: np_asarray_chkfinite,
        np.asfortranarray: np_asfortranarray,
        np.broadcast_shapes: np_broadcast_shapes,
    }
