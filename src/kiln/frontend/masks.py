"""Boolean-mask indexing: ``a[mask]``, ``a[mask] = v``, ``a[:, m]``, ``nonzero(mask)``.

Reading counts the true elements first, allocates exactly that many, then walks the mask in C
order with a running position: the result has a data-dependent extent like any other array.
"""

from __future__ import annotations

from collections.abc import Callable

from kiln.frontend import exprs as E
from kiln.frontend.advanced import Plan, fit_value, mask_matches, new_array, value_source
from kiln.frontend.arrays import Operand, as_lazy, emit_loop_nest, materialize, setitem_scalar
from kiln.frontend.context import Context
from kiln.frontend.reductions import reduce
from kiln.frontend.values import ArrayLike, ArrayView, Lazy, Scalar
from kiln.frontend.views import same_elements
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

OnTrue = Callable[[tuple[ir.Expr, ...], ir.Expr], None]
ElementFn = Callable[[tuple[ir.Expr, ...]], ir.Expr]


def count_true(ctx: Context, mask: ArrayLike) -> ir.Expr:
    """The number of true elements of ``mask`` (an int64 variable)."""
    total = reduce(ctx, "sum", mask)
    assert isinstance(total, Scalar)
    return ctx.temp(E.as_index(total.expr), "count")


def _walk_mask(ctx: Context, mask: Lazy, on_true: OnTrue) -> None:
    """Visit the true elements of ``mask`` in C order: ``on_true(j, c)`` emits the statements
    for mask index ``j``, ``c`` being how many true elements came before it."""
    counter = ctx.fresh("pos")
    ctx.declare(counter, INT64)
    ctx.emit(ir.Assign(counter, E.ZERO))
    c = ir.Var(counter, INT64)

    def body(j: tuple[ir.Expr, ...]) -> None:
        with ctx.block() as then:
            on_true(j, c)
            ctx.emit(ir.Assign(counter, E.add(c, E.ONE)))
        ctx.emit(ir.If(E.cast(mask.element(j), ScalarType("bool")), tuple(then)))

    emit_loop_nest(ctx, mask.shape, body, parallel=False)


def _rest_shape(p: Plan) -> tuple[ir.Expr, ...]:
    return tuple(p.view.shape[a] for a in p.rest_axes)


def gather(ctx: Context, p: Plan) -> ArrayView:
    """``view[mask]`` into a new array."""
    mask = p.arrays[0]
    mask_matches(ctx, p, mask, 0)
    count = count_true(ctx, mask)
    out = new_array(ctx, "masked", p.view.dtype, p.result_shape((count,)))

    def copy(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        def one(r: tuple[ir.Expr, ...]) -> None:
            ctx.emit(ir.Store(out.base, p.join((c,), r), p.view.load(p.view_index(j, r))))

        emit_loop_nest(ctx, _rest_shape(p), one, parallel=False)

    _walk_mask(ctx, as_lazy(mask), copy)
    return out


def _mask_source(ctx: Context, p: Plan, mask: ArrayLike) -> Lazy:
    """The mask to walk while storing into ``p.view``: copied first unless every read it makes
    is of the very element about to be stored (``a[a > 0] = 0``), or of other memory."""
    lazy = as_lazy(mask)
    whole_mask = not p.rest_axes
    for v in lazy.reads:
        if ctx.may_alias(v.base, p.view.base) and not (whole_mask and same_elements(v, p.view)):
            return as_lazy(materialize(ctx, lazy))
    return lazy


def scatter(ctx: Context, p: Plan, value: Operand) -> None:
    """``view[mask] = value``."""
    mask = p.arrays[0]
    mask_matches(ctx, p, mask, 0)
    dest = p.view
    ctx.written_arrays.add(dest.base)
    dtype = ScalarType(dest.dtype)
    value = value_source(ctx, value, dest)
    if isinstance(value, Scalar):
        element = _scalar_element(ctx, value, dtype)
    else:
        element = _array_element(ctx, p, value)
    walk = _mask_source(ctx, p, mask)

    def store(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        def one(r: tuple[ir.Expr, ...]) -> None:
            x = E.cast(element(p.join((c,), r)), dtype)
            ctx.emit(ir.Store(dest.base, dest.base_indices(p.view_index(j, r)), x))

        emit_loop_nest(ctx, _rest_shape(p), one, parallel=False)

    _walk_mask(ctx, walk, store)


def _scalar_element(ctx: Context, value: Scalar, dtype: ScalarType) -> ElementFn:
    fill = setitem_scalar(ctx, value, dtype)
    return lambda idx: fill


def _array_element(ctx: Context, p: Plan, value: ArrayLike) -> ElementFn:
    """The value's element for each index of the result; its shape is checked against the
    number of true elements first."""
    source = as_lazy(value)
    if p.whole_mask and source.ndim > 1:  # NumPy raises when the statement runs
        msg = (
            "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, "
            f"input has {source.ndim} dimensions"
        )
        ctx.emit(ir.Check(E.bool_false(), "TypeError", msg))
    adapt = fit_value(ctx, source, p.result_shape((count_true(ctx, p.arrays[0]),)))
    return lambda idx: source.element(adapt(idx))


def nonzero(ctx: Context, mask: ArrayLike) -> tuple[ArrayView, ...]:
    """``np.nonzero(mask)``: one int64 array of coordinates per axis of ``mask``."""
    count = count_true(ctx, mask)
    coords = tuple(new_array(ctx, "nz", "int64", (count,)) for _ in range(mask.ndim))

    def record(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        for out, i in zip(coords, j):
            ctx.emit(ir.Store(out.base, (c,), i))

    _walk_mask(ctx, as_lazy(mask), record)
    return coords
