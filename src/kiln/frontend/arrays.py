"""Element-wise array expressions: broadcasting, fusion into one loop nest,
materialization, and assignment with NumPy's aliasing semantics."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.frontend import exprs as E
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Lazy, Scalar, whole_view
from kiln.frontend.views import apart_elements, bind_view, same_elements
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType

Operand = Scalar | ArrayView | Lazy
IndexFn = Callable[[tuple[ir.Expr, ...]], tuple[ir.Expr, ...]]


def as_lazy(value: ArrayView | Lazy) -> Lazy:
    if isinstance(value, Lazy):
        return value
    return Lazy(value.dtype, value.shape, value.load, (value,))


def element_type(value: Operand) -> ScalarType:
    return value.type if isinstance(value, Scalar) else ScalarType(value.dtype)


def _broadcast_dim(ctx: Context, dims: list[ir.Expr]) -> ir.Expr:
    distinct: list[ir.Expr] = []
    for d in dims:
        if d not in distinct:
            distinct.append(d)
    if len(distinct) > 1:
        distinct = [d for d in distinct if E.const_int(d) != 1] or [E.ONE]
    result = distinct[0]
    for d in distinct[1:]:
        ok = ir.Binary(
            "or",
            E.compare("eq", result, d),
            ir.Binary("or", E.compare("eq", result, E.ONE), E.compare("eq", d, E.ONE), ScalarType("bool")),
            ScalarType("bool"),
        )
        msg = "operands could not be broadcast together: dimension %lld vs %lld"
        ctx.emit(ir.Check(ok, "ValueError", msg, (result, d)))
        result = ctx.temp(ir.Select(E.compare("eq", result, E.ONE), d, result, INT64), "bdim")
    return result


def broadcast_shapes(ctx: Context, shapes: list[tuple[ir.Expr, ...]]) -> tuple[ir.Expr, ...]:
    nd = max((len(s) for s in shapes), default=0)
    out = []
    for k in range(nd):
        dims = [s[k - (nd - len(s))] for s in shapes if k - (nd - len(s)) >= 0]
        out.append(_broadcast_dim(ctx, dims))
    return tuple(out)


def index_adapter(shape: tuple[ir.Expr, ...], result: tuple[ir.Expr, ...]) -> IndexFn:
    """Map result indices to an operand's indices (size-1 dims stay at 0)."""
    return _adapters(shape, result)[0]


def _adapters(
    shape: tuple[ir.Expr, ...], result: tuple[ir.Expr, ...]
) -> tuple[IndexFn, IndexFn, list[ir.Expr]]:
    """(general adapter, adapter assuming equal extents, the equalities assumed)."""
    skip = len(result) - len(shape)
    adapt: list[Callable[[ir.Expr], ir.Expr]] = []
    fast: list[Callable[[ir.Expr], ir.Expr]] = []
    assume: list[ir.Expr] = []
    for d, r in zip(shape, result[skip:]):
        if d == r:
            adapt.append(lambda i: i)
            fast.append(lambda i: i)
        elif E.const_int(d) == 1:
            adapt.append(lambda i: E.ZERO)
            fast.append(lambda i: E.ZERO)
        else:
            is_one = E.compare("eq", d, E.ONE)

            def select(i: ir.Expr, c: ir.Expr = is_one) -> ir.Expr:
                return ir.Select(c, E.ZERO, i, INT64)

            adapt.append(select)
            fast.append(lambda i: i)
            assume.append(E.compare("eq", d, r))
    return (
        lambda idx: tuple(f(i) for f, i in zip(adapt, idx[skip:])),
        lambda idx: tuple(f(i) for f, i in zip(fast, idx[skip:])),
        assume,
    )


def elementwise(
    ctx: Context, operands: list[Operand], combine: Callable[[list[ir.Expr]], ir.Expr], dtype: str
) -> Scalar | Lazy:
    """Combine operands element by element; a Scalar if all operands are scalars."""
    if all(isinstance(o, Scalar) for o in operands):
        return Scalar(combine([o.expr for o in operands]))  # type: ignore[union-attr]
    arrays = [as_lazy(o) for o in operands if not isinstance(o, Scalar)]
    shape = broadcast_shapes(ctx, [a.shape for a in arrays])
    parts: list[Callable[[tuple[ir.Expr, ...]], ir.Expr]] = []
    fast_parts: list[Callable[[tuple[ir.Expr, ...]], ir.Expr]] = []
    assume: list[ir.Expr] = []
    for o in operands:
        if isinstance(o, Scalar):
            hoisted = ctx.temp(o.expr, "s")

            def constant(idx: tuple[ir.Expr, ...], h: ir.Expr = hoisted) -> ir.Expr:
                return h

            parts.append(constant)
            fast_parts.append(constant)
        else:
            lazy = as_lazy(o)
            adapt, fast_adapt, needs = _adapters(lazy.shape, shape)
            fast_lazy = lazy.fast()

            def part(idx: tuple[ir.Expr, ...], lz: Lazy = lazy, ad: IndexFn = adapt) -> ir.Expr:
                return lz.element(ad(idx))

            def fast_part(
                idx: tuple[ir.Expr, ...], lz: Lazy = fast_lazy, ad: IndexFn = fast_adapt
            ) -> ir.Expr:
                return lz.element(ad(idx))

            parts.append(part)
            fast_parts.append(fast_part)
            assume += [*lazy.assume, *needs]
    if not shape:  # NumPy: a ufunc of 0-d arrays gives a scalar, not a 0-d array
        return Scalar(combine([p(()) for p in parts]))
    reads = tuple(v for a in arrays for v in a.reads)
    general = lambda idx: combine([p(idx) for p in parts])  # noqa: E731
    if not assume:
        return Lazy(dtype, shape, general, reads)
    fast = lambda idx: combine([p(idx) for p in fast_parts])  # noqa: E731
    return Lazy(dtype, shape, general, reads, fast, tuple(dict.fromkeys(assume)))


def versioned(ctx: Context, lazy: Lazy, emit: Callable[[Lazy], None]) -> None:
    """Emit ``emit(lazy)``, twice when broadcasting is decided at run time: a clean
    loop for equal extents (the common case), the general one otherwise."""
    _two_versions(ctx, lazy.assume, lambda: emit(lazy.fast()), lambda: emit(lazy))


def _two_versions(
    ctx: Context, assume: tuple[ir.Expr, ...], fast: Callable[[], None], general: Callable[[], None]
) -> None:
    if not assume:
        general()
        return
    cond = assume[0]
    for c in assume[1:]:
        cond = E.logical_and(cond, c)
    with ctx.block() as fast_body:
        fast()
    with ctx.block() as general_body:
        general()
    ctx.emit(ir.If(cond, tuple(fast_body), tuple(general_body)))


# --------------------------------------------------------------- loop nests
def emit_loop_nest(
    ctx: Context,
    shape: tuple[ir.Expr, ...],
    body: Callable[[tuple[ir.Expr, ...]], object],
    parallel: bool = True,
) -> None:
    """Loops over ``shape`` (outermost first); ``body`` emits the innermost statements."""
    names = [ctx.fresh("i") for _ in shape]
    for n in names:
        ctx.declare(n, INT64)
    index = tuple(ir.Var(n, INT64) for n in names)

    def level(k: int) -> None:
        if k == len(shape):
            body(index)
            return
        with ctx.block() as inner:
            level(k + 1)
        ctx.emit(ir.For(names[k], E.ZERO, shape[k], E.ONE, tuple(inner), parallel=parallel and k == 0))

    level(0)


def materialize(
    ctx: Context, value: Lazy | ArrayView, target: str | None = None, shown: str | None = None
) -> ArrayView:
    """Store ``value`` into a new C-ordered array (bound to ``target`` if given)."""
    lazy = as_lazy(value)
    reads_target = target is not None and any(ctx.may_alias(v.base, target) for v in lazy.reads)
    name = ctx.fresh("arr") if target is None or reads_target else target
    t = ctx.declare(name, ArrayType(lazy.dtype, lazy.ndim, "C"), shown if name == target else None)
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, ArrayType(lazy.dtype, lazy.ndim, "C"), lazy.shape))
    dest = whole_view(name, t, lazy.shape)
    dtype = ScalarType(lazy.dtype)

    def fill(lz: Lazy) -> None:
        emit_loop_nest(
            ctx, dest.shape, lambda idx: ctx.emit(ir.Store(name, idx, E.cast(lz.element(idx), dtype)))
        )

    versioned(ctx, lazy, fill)
    if name != target and target is not None:
        return bind_view(ctx, dest, target, shown)
    return dest


def assign(ctx: Context, dest: ArrayView, value: Operand, inplace: bool = False) -> None:
    """``dest[...] = value`` with broadcasting; reads complete before writes.

    ``inplace``: the store of an in-place operator (``dest += x``), where NumPy, unlike
    setitem, neither drops leading size-1 axes of ``value`` nor range-checks Python numbers.
    """
    ctx.written_arrays.add(dest.base)
    if isinstance(value, Scalar):
        hoisted = setitem_scalar(ctx, value, ScalarType(dest.dtype), checked=not inplace)
        emit_loop_nest(
            ctx, dest.shape, lambda idx: ctx.emit(ir.Store(dest.base, dest.base_indices(idx), hoisted))
        )
        return
    lazy = as_lazy(value)
    if lazy.ndim > dest.ndim:
        lazy = _drop_leading_axes(ctx, lazy, lazy.ndim - dest.ndim, dest, inplace)
    _check_broadcast_into(ctx, lazy.shape, dest.shape)
    hazards = [
        v
        for v in lazy.reads
        if ctx.may_alias(v.base, dest.base) and not same_elements(v, dest) and not apart_elements(v, dest)
    ]
    if not hazards:
        _store_loop(ctx, dest, lazy)
        return
    dest_var = bind_view(ctx, dest).base
    overlap: ir.Expr = E.bool_false()
    for v in hazards:
        read_var = bind_view(ctx, v).base
        overlap = ir.Binary("or", overlap, ir.Overlaps(dest_var, read_var), ScalarType("bool"))
    with ctx.block() as via_copy:
        _store_loop(ctx, dest, as_lazy(materialize(ctx, lazy)))
    with ctx.block() as direct:
        _store_loop(ctx, dest, lazy)
    ctx.emit(ir.If(overlap, tuple(via_copy), tuple(direct)))


def _drop_leading_axes(ctx: Context, lazy: Lazy, count: int, dest: ArrayView, inplace: bool) -> Lazy:
    """NumPy's setitem accepts extra leading axes of extent 1 (``a2d[:] = x[None]``)."""
    if inplace:  # NumPy raises when the statement runs, so a branch never taken stays valid
        text = f"non-broadcastable output operand: a {lazy.ndim}-d result into a {dest.ndim}-d array"
        ctx.emit(ir.Check(E.bool_false(), "ValueError", text))
    msg = "could not broadcast input array: a leading axis of extent %lld does not fit the destination"
    for d in lazy.shape[:count]:
        if E.const_int(d) != 1:
            ctx.emit(ir.Check(E.compare("eq", d, E.ONE), "ValueError", msg, (d,)))
    lead = (E.ZERO,) * count
    return Lazy(lazy.dtype, lazy.shape[count:], lambda idx: lazy.element(lead + tuple(idx)), lazy.reads)


def setitem_scalar(ctx: Context, value: Scalar, dtype: ScalarType, checked: bool = True) -> ir.Expr:
    """``value`` converted for storing into an array of ``dtype``, hoisted into a variable.

    NumPy converts a Python number stored into an integer array through a Python int
    (floats truncate) and raises OverflowError when it does not fit (NaN: ValueError);
    NumPy scalars convert with C casts. ``checked=False`` skips the range checks.
    """
    t, x = value.type, value.expr
    if t.weak and t.is_complex and not (dtype.is_complex or dtype.is_bool):
        ctx.emit(ir.Check(E.bool_false(), "TypeError", f"cannot store a complex number into a {dtype} array"))
    if not (checked and t.weak and dtype.is_integer and (t.is_integer or t.is_float)):
        return ctx.temp(E.cast(x, dtype), "fill")
    if t.is_float:
        x = _float_to_python_int(ctx, x)
    info = np.iinfo(dtype.dtype)
    low, high = max(int(info.min), -(2**63)), min(int(info.max), 2**63 - 1)
    c = E.const_int(x)
    fits: ir.Expr
    if c is not None:
        fits = E.bool_true() if low <= c <= high else E.bool_false()
    else:
        fits = E.logical_and(E.compare("ge", x, E.i64(low)), E.compare("le", x, E.i64(high)))
    if not (isinstance(fits, ir.Const) and fits.value):
        msg = f"Python integer %lld out of bounds for {dtype.dtype}"
        ctx.emit(ir.Check(fits, "OverflowError", msg, (x,)))
    return ctx.temp(E.cast(x, dtype), "fill")


def _float_to_python_int(ctx: Context, x: ir.Expr) -> ir.Expr:
    """``int(x)`` for a Python float, with Python's errors for NaN, infinities and huge values."""
    if isinstance(x, ir.Const) and not isinstance(x.value, complex):
        value = float(x.value)
        error = (
            ("ValueError", "cannot convert float NaN to integer") if value != value
            else ("OverflowError", "cannot convert float infinity to integer") if abs(value) == float("inf")
            else ("OverflowError", "Python int too large to convert to C long") if abs(value) >= 2.0**63
            else None
        )  # fmt: skip
        if error is None:
            return E.i64(int(value))
        ctx.emit(ir.Check(E.bool_false(), *error))
        return E.ZERO
    x = ctx.temp(x, "num")
    bool_t = ScalarType("bool")
    ctx.emit(ir.Check(E.compare("eq", x, x), "ValueError", "cannot convert float NaN to integer"))
    finite = ir.Unary("not", ir.Call("isinf", (x,), bool_t), bool_t)
    ctx.emit(ir.Check(finite, "OverflowError", "cannot convert float infinity to integer"))
    limit = ir.Const(2.0**63, x.type)
    in_long = E.logical_and(E.compare("ge", x, ir.Const(-(2.0**63), x.type)), E.compare("lt", x, limit))
    ctx.emit(ir.Check(in_long, "OverflowError", "Python int too large to convert to C long"))
    return ctx.temp(ir.Cast(x, INT64), "int")  # C truncates toward zero, as int() does


def _check_broadcast_into(ctx: Context, src: tuple[ir.Expr, ...], dst: tuple[ir.Expr, ...]) -> None:
    skip = len(dst) - len(src)
    for d, r in zip(src, dst[skip:]):
        if d == r or E.const_int(d) == 1:
            continue
        ok = ir.Binary("or", E.compare("eq", d, r), E.compare("eq", d, E.ONE), ScalarType("bool"))
        msg = "could not broadcast input array dimension %lld into destination dimension %lld"
        ctx.emit(ir.Check(ok, "ValueError", msg, (d, r)))


def _store_loop(ctx: Context, dest: ArrayView, lazy: Lazy) -> None:
    adapt, fast_adapt, needs = _adapters(lazy.shape, dest.shape)
    dtype = ScalarType(dest.dtype)

    def store(lz: Lazy, ad: IndexFn) -> None:
        emit_loop_nest(
            ctx,
            dest.shape,
            lambda idx: ctx.emit(
                ir.Store(dest.base, dest.base_indices(idx), E.cast(lz.element(ad(idx)), dtype))
            ),
        )

    assume = tuple(dict.fromkeys((*lazy.assume, *needs)))
    _two_versions(ctx, assume, lambda: store(lazy.fast(), fast_adapt), lambda: store(lazy, adapt))
