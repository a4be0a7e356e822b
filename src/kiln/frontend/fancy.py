"""Integer-array ("fancy") indexing: ``a[idx]``, ``a[i, j]``, ``a[:, idx]``, ``a[idx] = v``.

The index arrays broadcast together (IndexError where they cannot); each is checked against
the extent of its axis before anything is read or written (IndexError, as NumPy always does),
and negative indices count from the end. A boolean mask among integer arrays stands for its
nonzero coordinates. Stores go in C order of the indexing result, so with repeated indices the
last value wins, as in NumPy (``a[idx] += v`` is a gather, an add and this store).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiln.frontend import exprs as E
from kiln.frontend import masks
from kiln.frontend.advanced import Plan, fit_value, mask_matches, new_array, value_source
from kiln.frontend.arrays import Operand, as_lazy, emit_loop_nest, index_adapter, materialize, setitem_scalar
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Lazy, Scalar
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ScalarType


@dataclass(frozen=True)
class IndexArray:
    """One integer index array, the extent of the axis it indexes and whether its values are
    known to be in range already (coordinates of a mask)."""

    array: ArrayView
    extent: ir.Expr
    axis: int
    trusted: bool


def _index_arrays(ctx: Context, p: Plan, dest: str | None) -> list[IndexArray]:
    """The plan's arrays as integer arrays (masks become their nonzero coordinates). Computed
    index expressions are stored once; with ``dest`` (a scatter), arrays that may share memory
    with it are copied first, so that the stores cannot change the indices."""
    out: list[IndexArray] = []
    for k, arr in enumerate(p.arrays):
        axes, orig = p.axes[k], p.orig_axes[k]
        if arr.dtype == "bool":
            mask_matches(ctx, p, arr, k)
            coords = masks.nonzero(ctx, arr)
            out += [IndexArray(c, p.view.shape[a], o, True) for c, a, o in zip(coords, axes, orig)]
            continue
        copy = isinstance(arr, Lazy) or (dest is not None and ctx.may_alias(arr.base, dest))
        view = materialize(ctx, arr) if copy else arr
        assert isinstance(view, ArrayView)
        out.append(IndexArray(view, p.view.shape[axes[0]], orig[0], False))
    return out


def _broadcast(ctx: Context, shapes: list[tuple[ir.Expr, ...]]) -> tuple[ir.Expr, ...]:
    """The common shape of the index arrays (IndexError when they do not broadcast)."""
    nd = max(len(s) for s in shapes)
    out: list[ir.Expr] = []
    msg = "shape mismatch: indexing arrays could not be broadcast together (extent %lld vs %lld)"
    for k in range(nd):
        dims = list(dict.fromkeys(s[k - nd + len(s)] for s in shapes if k - nd + len(s) >= 0))
        if len(dims) > 1:
            dims = [d for d in dims if E.const_int(d) != 1] or [E.ONE]
        result = dims[0]
        for d in dims[1:]:
            ok = ir.Binary(
                "or",
                E.compare("eq", result, d),
                ir.Binary("or", E.compare("eq", result, E.ONE), E.compare("eq", d, E.ONE), BOOL),
                BOOL,
            )
            ctx.emit(ir.Check(ok, "IndexError", msg, (result, d)))
            result = ctx.temp(ir.Select(E.compare("eq", result, E.ONE), d, result, INT64), "bdim")
        out.append(result)
    return tuple(out)


def _never_negative(ix: IndexArray) -> bool:
    """Mask coordinates and unsigned indices narrower than 64 bits (NumPy converts uint64
    indices to intp the way C does: 2**64 - 1 is -1)."""
    t = ScalarType(ix.array.dtype)
    return ix.trusted or (t.kind == "u" and t.np_dtype.itemsize < 8)


def _check_bounds(ctx: Context, ix: IndexArray) -> None:
    """Every index of ``ix`` must lie in [-extent, extent)."""
    if ix.trusted:
        return
    msg = "index %lld is out of bounds for axis %lld with size %lld"
    n = ix.extent

    def check(i: tuple[ir.Expr, ...]) -> None:
        xi = E.as_index(ix.array.load(i))
        ok = E.compare("lt", xi, n)
        if not _never_negative(ix):
            ok = E.logical_and(E.compare("ge", xi, ir.Unary("neg", n, INT64)), ok)
        ctx.emit(ir.Check(ok, "IndexError", msg, (xi, E.i64(ix.axis), n)))

    emit_loop_nest(ctx, ix.array.shape, check, parallel=False)


def _picked(
    ctx: Context, ixs: list[IndexArray], b: tuple[ir.Expr, ...], shape: tuple[ir.Expr, ...]
) -> tuple[ir.Expr, ...]:
    """The (non-negative) positions the index arrays pick at broadcast index ``b``."""
    out: list[ir.Expr] = []
    for ix in ixs:
        x = ix.array.load(index_adapter(ix.array.shape, shape)(b))
        if _never_negative(ix):
            out.append(E.as_index(x))
            continue
        xi = ctx.temp(E.as_index(x), "ix")
        out.append(ir.Select(E.compare("lt", xi, E.ZERO), E.add(xi, ix.extent), xi, INT64))
    return tuple(out)


def _prepare(ctx: Context, p: Plan, dest: str | None) -> tuple[list[IndexArray], tuple[ir.Expr, ...]]:
    ixs = _index_arrays(ctx, p, dest)
    shape = _broadcast(ctx, [ix.array.shape for ix in ixs])
    for ix in ixs:
        _check_bounds(ctx, ix)
    return ixs, shape


def gather(ctx: Context, p: Plan) -> ArrayView:
    """``view[i, j, ...]`` into a new array."""
    ixs, adv = _prepare(ctx, p, None)
    out = new_array(ctx, "gather", p.view.dtype, p.result_shape(adv))

    def copy(idx: tuple[ir.Expr, ...]) -> None:
        b, r = p.split(idx, len(adv))
        ctx.emit(ir.Store(out.base, idx, p.view.load(p.view_index(_picked(ctx, ixs, b, adv), r))))

    emit_loop_nest(ctx, out.shape, copy)
    return out


def scatter(ctx: Context, p: Plan, value: Operand) -> None:
    """``view[i, j, ...] = value``: in C order of the indexing result, the last store wins."""
    dest = p.view
    ctx.written_arrays.add(dest.base)
    ixs, adv = _prepare(ctx, p, dest.base)
    shape = p.result_shape(adv)
    dtype = ScalarType(dest.dtype)
    value = value_source(ctx, value, dest)
    if isinstance(value, Scalar):
        fill = setitem_scalar(ctx, value, dtype)
        element = lambda idx: fill  # noqa: E731
    else:
        source = as_lazy(value)
        adapt = fit_value(ctx, source, shape)
        element = lambda idx: E.cast(source.element(adapt(idx)), dtype)  # noqa: E731

    def store(idx: tuple[ir.Expr, ...]) -> None:
        b, r = p.split(idx, len(adv))
        at = dest.base_indices(p.view_index(_picked(ctx, ixs, b, adv), r))
        ctx.emit(ir.Store(dest.base, at, element(idx)))

    emit_loop_nest(ctx, shape, store, parallel=False)
