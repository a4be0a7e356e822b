"""Arrays rearranged or built from indices: ``swapaxes``, ``moveaxis``, ``roll``, ``tile``,
``broadcast_to``, ``rot90``, ``diag``, ``diagflat``, ``tri``, ``indices``, ``meshgrid``.

Each result is an element-wise expression of its input's elements (a view where NumPy returns
one of an array: ``swapaxes``, ``moveaxis``); NumPy's read-only views (``broadcast_to``,
``diag`` of a matrix) come back as values, which compiled code cannot write through either.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import fit_value
from kiln.frontend.arrays import as_lazy, materialize
from kiln.frontend.callargs import (
    REQUIRED,
    bind_args,
    const_axis,
    const_bool,
    dtype_arg,
    int_arg,
    is_none,
    shape_arg,
)
from kiln.frontend.context import Context
from kiln.frontend.np_shapes import array_operand, flip_axes
from kiln.frontend.np_trace import diagonal_values
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value
from kiln.frontend.views import SliceSpec, subscript, transpose
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
Index = tuple[ir.Expr, ...]


def _axis(ctx: Context, value: object, ndim: int, what: str = "axis") -> int:
    axis = const_axis(ctx, value)
    if not isinstance(axis, int):
        raise TypingError(f"'{what}' must be an integer", ctx.loc)
    if not -ndim <= axis < ndim:
        raise TypingError(f"{what} {axis} is out of bounds for array of dimension {ndim}", ctx.loc)
    return axis % ndim


def _mod(a: ir.Expr, n: ir.Expr) -> ir.Expr:
    """``a mod n`` in [0, n) (NumPy's integer remainder takes the divisor's sign)."""
    return ir.Binary("mod", a, n, INT64)


def permuted(value: ArrayView | Lazy, order: tuple[int, ...]) -> ArrayView | Lazy:
    """Axis ``j`` of the result is axis ``order[j]`` of ``value`` (``np.transpose``)."""
    if isinstance(value, ArrayView):
        return transpose(value, order)
    lazy = value

    def element(idx: Index) -> ir.Expr:
        full: list[ir.Expr] = [E.ZERO] * lazy.ndim
        for j, i in zip(order, idx):
            full[j] = i
        return lazy.element(tuple(full))

    return Lazy(lazy.dtype, tuple(lazy.shape[j] for j in order), element, lazy.reads)


def np_swapaxes(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "swapaxes", args, kwargs, [("a", REQUIRED), ("axis1", REQUIRED), ("axis2", REQUIRED)])
    a = array_operand(ctx, b["a"], "swapaxes")
    i, j = _axis(ctx, b["axis1"], a.ndim, "axis1"), _axis(ctx, b["axis2"], a.ndim, "axis2")
    order = list(range(a.ndim))
    order[i], order[j] = j, i
    return permuted(a, tuple(order))


def np_moveaxis(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("source", REQUIRED), ("destination", REQUIRED)]
    b = bind_args(ctx, "moveaxis", args, kwargs, params)
    a = array_operand(ctx, b["a"], "moveaxis")
    source, destination = (_axes_in_order(ctx, b[k], a.ndim, k) for k in ("source", "destination"))
    if len(source) != len(destination):
        raise TypingError(
            "`source` and `destination` arguments must have the same number of elements", ctx.loc
        )
    order = [n for n in range(a.ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return permuted(a, tuple(order))


def _axes_in_order(ctx: Context, value: object, ndim: int, what: str) -> tuple[int, ...]:
    items = value.items if isinstance(value, TupleValue) else (value,)
    axes = tuple(_axis(ctx, v, ndim, what) for v in items)
    if len(set(axes)) != len(axes):
        raise TypingError(f"repeated axis in `{what}` argument", ctx.loc)
    return axes


# ----------------------------------------------------------------------- roll
def np_roll(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "roll", args, kwargs, [("a", REQUIRED), ("shift", REQUIRED), ("axis", None)])
    a = as_lazy(array_operand(ctx, b["a"], "roll"))
    shifts = b["shift"].items if isinstance(b["shift"], TupleValue) else (b["shift"],)
    amounts = [int_arg(ctx, s, "shift") for s in shifts]
    if is_none(b["axis"]):
        if len(amounts) != 1:
            raise TypingError("roll() with axis=None takes one shift", ctx.loc)
        flat = raveled(a)
        size = flat.shape[0]
        s = ctx.temp(_mod(amounts[0], size), "shift")
        rolled = Lazy(a.dtype, (size,), lambda idx: flat.element((_mod(E.sub(idx[0], s), size),)), a.reads)
        return _reshaped(rolled, a.shape)
    axes = _axes_list(ctx, b["axis"], a.ndim)
    if len(amounts) == 1:
        amounts *= len(axes)
    if len(amounts) != len(axes):
        raise TypingError("'shift' and 'axis' should be scalars or 1D sequences of the same length", ctx.loc)
    total: dict[int, ir.Expr] = {}
    for k, s in zip(axes, amounts):
        total[k] = E.add(total.get(k, E.ZERO), s)
    offsets = {k: ctx.temp(_mod(s, a.shape[k]), "shift") for k, s in total.items()}

    def element(idx: Index) -> ir.Expr:
        src = tuple(_mod(E.sub(i, offsets[k]), a.shape[k]) if k in offsets else i for k, i in enumerate(idx))
        return a.element(src)

    return Lazy(a.dtype, a.shape, element, a.reads)


def _axes_list(ctx: Context, value: object, ndim: int) -> list[int]:
    items = value.items if isinstance(value, TupleValue) else (value,)
    return [_axis(ctx, v, ndim) for v in items]


def raveled(a: Lazy) -> Lazy:
    """``a``'s elements in C order, as a 1-d value."""
    return Lazy(a.dtype, (E.product(a.shape),), lambda idx: a.element(unravel(idx[0], a.shape)), a.reads)


def unravel(flat: ir.Expr, shape: tuple[ir.Expr, ...]) -> Index:
    idx: list[ir.Expr] = []
    for d in reversed(shape[1:]):
        idx.append(_mod(flat, d))
        flat = E.floordiv(flat, d)
    return (flat, *reversed(idx)) if shape else ()


def _reshaped(flat: Lazy, shape: tuple[ir.Expr, ...]) -> Lazy:
    """A 1-d value of ``prod(shape)`` elements seen with ``shape`` (C order)."""

    def element(idx: Index) -> ir.Expr:
        f: ir.Expr = E.ZERO
        for i, d in zip(idx, shape):
            f = E.add(E.mul(f, d), i)
        return flat.element((f,))

    return Lazy(flat.dtype, shape, element, flat.reads)


# ------------------------------------------------------------ tile, broadcast
def np_tile(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "tile", args, kwargs, [("A", REQUIRED), ("reps", REQUIRED)])
    a = as_lazy(array_operand(ctx, b["A"], "tile"))
    items = b["reps"].items if isinstance(b["reps"], TupleValue) else (b["reps"],)
    reps = [ctx.temp(E.imax(int_arg(ctx, r, "reps"), E.ZERO), "reps") for r in items]
    nd = max(len(reps), a.ndim)
    reps = [E.ONE] * (nd - len(reps)) + reps
    source = (E.ONE,) * (nd - a.ndim) + a.shape
    shape = tuple(E.mul(d, r) for d, r in zip(source, reps))
    lead = nd - a.ndim

    def element(idx: Index) -> ir.Expr:
        return a.element(tuple(_mod(i, d) for i, d in zip(idx[lead:], a.shape)))

    return Lazy(a.dtype, tuple(ctx.temp(d, "len") for d in shape), element, a.reads)


def np_broadcast_to(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(
        ctx, "broadcast_to", args, kwargs, [("array", REQUIRED), ("shape", REQUIRED), ("subok", None)]
    )
    a = as_lazy(array_operand(ctx, b["array"], "broadcast_to"))
    shape = shape_arg(ctx, b["shape"])
    if a.ndim > len(shape):
        raise TypingError("input operand has more dimensions than allowed by the axis remapping", ctx.loc)
    adapt = fit_value(ctx, a, shape)
    return Lazy(a.dtype, shape, lambda idx: a.element(adapt(idx)), a.reads)


# ---------------------------------------------------------------------- rot90
def np_rot90(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "rot90", args, kwargs, [("m", REQUIRED), ("k", Scalar(E.ONE)), ("axes", None)])
    m = array_operand(ctx, b["m"], "rot90")
    first, second = (0, 1) if is_none(b["axes"]) else _axes_in_order(ctx, b["axes"], m.ndim, "axes")
    if m.ndim < 2 or first == second:
        raise TypingError("Axes must be different.", ctx.loc)
    k = const_axis(ctx, b["k"])
    if not isinstance(k, int):
        raise UnsupportedError("rot90() with a k not known at compile time", ctx.loc)
    k %= 4
    if k == 0:
        return m
    if k == 2:
        return flip_axes(flip_axes(m, (first,)), (second,))
    order = list(range(m.ndim))
    order[first], order[second] = order[second], order[first]
    if k == 1:
        return permuted(flip_axes(m, (second,)), tuple(order))
    return flip_axes(permuted(m, tuple(order)), (second,))


# ---------------------------------------------------------- diagonal matrices
def np_diag(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "diag", args, kwargs, [("v", REQUIRED), ("k", Scalar(E.ZERO))])
    v = array_operand(ctx, b["v"], "diag")
    k = ctx.temp(int_arg(ctx, b["k"], "k"), "k")
    if v.ndim == 2:
        return diagonal_values(as_lazy(v), k, 0, 1)
    if v.ndim != 1:
        raise TypingError("Input must be 1- or 2-d.", ctx.loc)
    return _diagonal_matrix(ctx, as_lazy(v), k)


def _diagonal_matrix(ctx: Context, v: Lazy, k: ir.Expr) -> Lazy:
    """The square matrix with ``v`` on diagonal ``k`` and zeros elsewhere."""
    n = ctx.temp(E.add(v.shape[0], E.imax(k, E.sub(E.ZERO, k))), "n")
    zero = E.cast(ir.Const(0, INT64), ScalarType(v.dtype))

    def element(idx: Index) -> ir.Expr:
        i, j = idx
        on = E.compare("eq", E.sub(j, i), k)
        return ir.Select(on, v.element((E.imin(i, j),)), zero, ScalarType(v.dtype))

    return Lazy(v.dtype, (n, n), element, v.reads)


def np_diagflat(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "diagflat", args, kwargs, [("v", REQUIRED), ("k", Scalar(E.ZERO))])
    v = as_lazy(array_operand(ctx, b["v"], "diagflat"))
    return _diagonal_matrix(ctx, raveled(v), ctx.temp(int_arg(ctx, b["k"], "k"), "k"))


def np_tri(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("N", REQUIRED), ("M", None), ("k", Scalar(E.ZERO)), ("dtype", None), ("like", None)]
    b = bind_args(ctx, "tri", args, kwargs, params)
    n = ctx.temp(E.imax(int_arg(ctx, b["N"], "N"), E.ZERO), "n")
    m = n if is_none(b["M"]) else ctx.temp(E.imax(int_arg(ctx, b["M"], "M"), E.ZERO), "m")
    k = ctx.temp(int_arg(ctx, b["k"], "k"), "k")
    dtype = dtype_arg(ctx, b["dtype"], "float64") or "float64"
    t = ScalarType(dtype)
    return Lazy(dtype, (n, m), lambda idx: E.cast(E.compare("le", E.sub(idx[1], idx[0]), k), t), ())


# ----------------------------------------------------------- index grids
def np_indices(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("dimensions", REQUIRED), ("dtype", None), ("sparse", None)]
    b = bind_args(ctx, "indices", args, kwargs, params)
    dims = tuple(ctx.temp(E.imax(d, E.ZERO), "n") for d in shape_arg(ctx, b["dimensions"]))
    dtype = dtype_arg(ctx, b["dtype"], "int64") or "int64"
    t = ScalarType(dtype)
    if not is_none(b["sparse"]) and const_bool(ctx, b["sparse"], "sparse"):
        grids = []
        for k, d in enumerate(dims):
            shape = tuple(d if j == k else E.ONE for j in range(len(dims)))
            grids.append(Lazy(dtype, shape, _coordinate(k, t), ()))
        return TupleValue(tuple(grids))

    def element(idx: Index) -> ir.Expr:
        value: ir.Expr = E.cast(idx[-1], t)
        for k in reversed(range(len(dims) - 1)):
            value = ir.Select(E.compare("eq", idx[0], E.i64(k)), E.cast(idx[k + 1], t), value, t)
        return value

    return Lazy(dtype, (E.i64(len(dims)), *dims), element, ())


def _coordinate(axis: int, t: ScalarType) -> Callable[[Index], ir.Expr]:
    return lambda idx: E.cast(idx[axis], t)


def _along(v: Lazy, axis: int) -> Callable[[Index], ir.Expr]:
    return lambda idx: v.element((idx[axis],))


def np_meshgrid(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    unknown = sorted(set(kwargs) - {"indexing", "sparse", "copy"})
    if unknown:
        raise UnsupportedError(f"meshgrid() argument '{unknown[0]}' is not supported", ctx.loc)
    indexing = kwargs.get("indexing", Const("xy"))
    if not (isinstance(indexing, Const) and indexing.value in ("xy", "ij")):
        raise TypingError("Valid values for `indexing` are 'xy' and 'ij'.", ctx.loc)
    sparse = "sparse" in kwargs and const_bool(ctx, kwargs["sparse"], "sparse")
    vectors = [raveled(as_lazy(array_operand(ctx, a, "meshgrid"))) for a in args]
    nd = len(vectors)
    lengths = [v.shape[0] for v in vectors]
    position = list(range(nd))  # the output axis each input runs along
    if indexing.value == "xy" and nd > 1:
        position[0], position[1] = 1, 0
    full = [lengths[position.index(j)] for j in range(nd)]
    grids = []
    for v, axis in zip(vectors, position):
        shape = tuple((d if j == axis else E.ONE) for j, d in enumerate(full)) if sparse else tuple(full)
        grids.append(Lazy(v.dtype, shape, _along(v, axis), v.reads))
    return TupleValue(tuple(grids))


# ---------------------------------------------------------------------- split
def split_handler(name: str) -> Handler:
    """``np.split`` (equal parts or NumPy's ``ValueError``) and ``np.array_split`` (the first
    ``n % sections`` parts one longer): views of the array, in a list."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        params = [("ary", REQUIRED), ("indices_or_sections", REQUIRED), ("axis", Scalar(E.ZERO))]
        b = bind_args(ctx, name, args, kwargs, params)
        a = b["ary"]
        if not isinstance(a, ArrayView | Lazy) or a.ndim == 0:
            raise TypingError(f"{name}() expects an array of at least one dimension", ctx.loc)
        view = a if isinstance(a, ArrayView) else materialize(ctx, a)
        k = _axis(ctx, b["axis"], view.ndim)
        n = view.shape[k]
        how = b["indices_or_sections"]
        if isinstance(how, TupleValue):
            cuts = [ctx.temp(int_arg(ctx, c, "indices"), "cut") for c in how.items]
            edges: list[ir.Expr | None] = [E.ZERO, *cuts, None]
            bounds = list(zip(edges[:-1], edges[1:]))
        else:
            sections = const_axis(ctx, how)
            if not isinstance(sections, int) or sections <= 0:
                raise TypingError("number sections must be larger than 0.", ctx.loc)
            each, extra = (
                ctx.temp(E.floordiv(n, E.i64(sections)), "each"),
                ctx.temp(_mod(n, E.i64(sections)), "extra"),
            )
            if name == "split":
                equal = E.compare("eq", extra, E.ZERO)
                ctx.emit(ir.Check(equal, "ValueError", "array split does not result in an equal division"))
            starts = [E.add(E.mul(E.i64(i), each), E.imin(E.i64(i), extra)) for i in range(sections + 1)]
            bounds = list(zip(starts[:-1], starts[1:]))
        parts = []
        for lo, hi in bounds:
            index: list[object] = [SliceSpec(None, None, 1) for _ in range(k)]
            index.append(SliceSpec(lo, hi, 1))
            part = subscript(ctx, view, index)  # type: ignore[arg-type]
            assert isinstance(part, ArrayView)
            parts.append(part)
        return TupleValue(tuple(parts), is_list=True)

    return handler


def table() -> dict[object, Handler]:
    return {
        np.swapaxes: np_swapaxes,
        np.moveaxis: np_moveaxis,
        np.roll: np_roll,
        np.tile: np_tile,
        np.broadcast_to: np_broadcast_to,
        np.rot90: np_rot90,
        np.diag: np_diag,
        np.diagflat: np_diagflat,
        np.tri: np_tri,
        np.indices: np_indices,
        np.meshgrid: np_meshgrid,
        np.split: split_handler("split"),
        np.array_split: split_handler("array_split"),
    }
