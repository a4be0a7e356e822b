"""Indexing and slicing of symbolic array views; binding views to IR variables."""

from __future__ import annotations

from dataclasses import dataclass

from kiln.analysis.dependences import NotAffine, affine
from kiln.frontend import exprs as E
from kiln.frontend.bounds import lower_bound
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayView, Fixed, Walk, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, ArrayType


@dataclass(frozen=True)
class SliceSpec:
    start: ir.Expr | None
    stop: ir.Expr | None
    step: int


NEWAXIS = "newaxis"
Index = ir.Expr | SliceSpec | str  # str: NEWAXIS


def normalize_index(ctx: Context, idx: ir.Expr, extent: ir.Expr, axis: int) -> ir.Expr:
    """A non-negative index (Python's negative indices count from the end)."""
    idx = E.as_index(idx)
    lb = lower_bound(ctx, idx)
    if lb is not None and lb >= 0:
        norm = idx
    else:
        neg = E.compare("lt", idx, E.ZERO)
        norm = ctx.temp(ir.Select(neg, E.add(idx, extent), idx, INT64), "ix")
    if ctx.options.boundscheck:
        inside = E.logical_and(E.compare("ge", norm, E.ZERO), E.compare("lt", norm, extent))
        msg = "index %lld is out of bounds for axis %lld with size %lld"
        ctx.emit(ir.Check(inside, "IndexError", msg, (idx, E.i64(axis), extent)))
    return norm


def _clamp_bound(ctx: Context, value: ir.Expr, n: ir.Expr, low: int, high_offset: int) -> ir.Expr:
    """Python slice-bound clamping: negative counts from the end, then clamp to range."""
    value = E.as_index(value)
    high = E.add(n, E.i64(high_offset))
    c = E.const_int(value)
    lb = lower_bound(ctx, value)
    if lb is not None and lb >= 0:
        return E.imin(value, high)
    if c is not None:  # negative constant
        return E.imax(E.add(value, n), E.i64(low))
    shifted = E.imax(E.add(value, n), E.i64(low))
    return ir.Select(E.compare("lt", value, E.ZERO), shifted, E.imin(value, high), INT64)


def _constant_unit_slice(s: SliceSpec, n: ir.Expr) -> tuple[ir.Expr, ir.Expr] | None:
    """Canonical (start, length) of ``a[c1:]``, ``a[c1:-c2]``, ``a[c1:c2]`` with constant c1 >= 0.

    ``a[1:-1]``, ``a[:-2]`` and ``a[2:]`` all get length ``max(n - 2, 0)``, so
    broadcasting sees equal extents. The start may be ``c1`` itself: it is only
    used when the length is positive, which implies ``c1 < n``.
    """
    c_start = 0 if s.start is None else E.const_int(s.start)
    if s.step != 1 or c_start is None or c_start < 0:
        return None
    if s.stop is None:
        return E.i64(c_start), (n if c_start == 0 else E.imax(E.sub(n, E.i64(c_start)), E.ZERO))
    c_stop = E.const_int(s.stop)
    if c_stop is None:
        return None
    if c_stop < 0:
        return E.i64(c_start), E.imax(E.sub(n, E.i64(c_start - c_stop)), E.ZERO)
    return E.i64(c_start), E.imax(E.sub(E.imin(E.i64(c_stop), n), E.i64(c_start)), E.ZERO)


def normalize_slice(ctx: Context, s: SliceSpec, n: ir.Expr) -> tuple[ir.Expr, ir.Expr]:
    """(first index, length) of ``s`` applied to an axis of extent ``n``."""
    canonical = _constant_unit_slice(s, n)
    if canonical is not None:
        return canonical
    if s.step > 0:
        start = E.ZERO if s.start is None else _clamp_bound(ctx, s.start, n, 0, 0)
        stop = n if s.stop is None else _clamp_bound(ctx, s.stop, n, 0, 0)
        span = E.sub(stop, start)
        if s.step != 1:
            span = E.floordiv(E.add(span, E.i64(s.step - 1)), E.i64(s.step))
    else:
        start = E.sub(n, E.ONE) if s.start is None else _clamp_bound(ctx, s.start, n, -1, -1)
        stop = E.i64(-1) if s.stop is None else _clamp_bound(ctx, s.stop, n, -1, -1)
        span = E.floordiv(E.add(E.sub(start, stop), E.i64(-s.step - 1)), E.i64(-s.step))
    length = span if (s.start is None and s.stop is None and s.step == 1) else E.imax(span, E.ZERO)
    return ctx.temp(start, "lo"), ctx.temp(length, "len")


def _expand_ellipsis(index: list[Index | None], ndim: int) -> list[Index]:
    count = sum(1 for x in index if x is not None and x != NEWAXIS)
    if index.count(None) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if count > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but {count} were indexed")
    full = SliceSpec(None, None, 1)
    if None in index:
        at = index.index(None)
        return [*index[:at], *[full] * (ndim - count), *index[at + 1 :]]  # type: ignore[list-item]
    return [*index, *[full] * (ndim - count)]  # type: ignore[list-item]


def subscript(ctx: Context, view: ArrayView, index: list[Index | None]) -> ArrayView | ir.Expr:
    """``view[index]``: a narrower view, or the element expression when fully indexed.

    ``None`` in ``index`` stands for an Ellipsis.
    """
    items = _expand_ellipsis(index, view.ndim)
    per_axis: dict[int, tuple[str, ir.Expr, ir.Expr]] = {}
    new_shape: list[ir.Expr] = []
    new_pos: dict[int, int] = {}
    axis = 0
    for item in items:
        if isinstance(item, str):
            new_shape.append(E.ONE)
            continue
        extent = view.shape[axis]
        if isinstance(item, SliceSpec):
            start, length = normalize_slice(ctx, item, extent)
            per_axis[axis] = ("slice", start, E.i64(item.step))
            new_pos[axis] = len(new_shape)
            new_shape.append(length)
        else:
            per_axis[axis] = ("fixed", normalize_index(ctx, item, extent, axis), E.ZERO)
        axis += 1
    maps: list[Fixed | Walk] = []
    for m in view.maps:
        if isinstance(m, Fixed):
            maps.append(m)
            continue
        kind, a, b = per_axis[m.axis]
        pos = E.add(m.start, E.mul(m.step, a))
        maps.append(Fixed(pos) if kind == "fixed" else Walk(new_pos[m.axis], pos, E.mul(m.step, b)))
    result = ArrayView(view.base, view.base_type, tuple(maps), tuple(new_shape))
    if not new_shape and None not in index:  # NumPy: an Ellipsis makes even a[..., i] a 0-d view
        return result.load(())
    return result


def transpose(view: ArrayView, axes: tuple[int, ...] | None = None) -> ArrayView:
    nd = view.ndim
    order = tuple(reversed(range(nd))) if axes is None else tuple(a % nd if nd else a for a in axes)
    if sorted(order) != list(range(nd)):
        raise ValueError("axes don't match array")
    position = {old: new for new, old in enumerate(order)}
    maps = tuple(Walk(position[m.axis], m.start, m.step) if isinstance(m, Walk) else m for m in view.maps)
    return ArrayView(view.base, view.base_type, maps, tuple(view.shape[a] for a in order))


# ------------------------------------------------------------ binding to vars
def infer_layout(view: ArrayView) -> str:
    base = view.base_type
    if view.is_whole:
        return base.layout
    walks = [m for m in view.maps if isinstance(m, Walk)]
    unit = all(E.const_int(m.step) == 1 for m in walks)
    in_order = [m.axis for m in walks] == sorted(m.axis for m in walks)
    if base.layout == "C" and unit and in_order and _trailing_full(view):
        return "C"
    if base.layout == "F" and _whole_reversed(view):  # the transpose of a Fortran-ordered array
        return "C"
    last = view.maps[-1] if view.maps else None
    if (
        base.layout in ("C", "R")
        and isinstance(last, Walk)
        and last.axis == view.ndim - 1
        and E.const_int(last.step) == 1
    ):
        return "R"
    return "A"


def contiguous_order(view: ArrayView) -> str | None:
    """ "C" or "F" where ``view`` is contiguous in that order as far as the compiler can tell
    (1-d and 0-d contiguous views say "C"); None where it cannot tell or it is not."""
    if infer_layout(view) == "C":
        return "C"
    walks = [m for m in view.maps if isinstance(m, Walk)]
    unit = all(E.const_int(m.step) == 1 for m in walks)
    in_order = [m.axis for m in walks] == sorted(m.axis for m in walks)
    if view.base_type.layout == "F" and unit and in_order and _leading_full(view):
        return "F" if view.ndim > 1 else "C"
    if view.base_type.layout == "C" and _whole_reversed(view):
        return "F" if view.ndim > 1 else "C"
    return None


def stride_order(view: ArrayView) -> str | None:
    """The order of ``view``'s strides ("K" order): "C" or "F" where its walked axes keep the
    base's order with positive steps, None where the compiler cannot tell."""
    order = contiguous_order(view)
    if order is not None or view.ndim <= 1:
        return order or "C"
    walks = [m for m in view.maps if isinstance(m, Walk)]
    forward = all((E.const_int(m.step) or 0) > 0 for m in walks)
    if forward and [m.axis for m in walks] == sorted(m.axis for m in walks):
        return view.base_type.layout if view.base_type.layout in ("C", "F") else None
    return None


def _leading_full(view: ArrayView) -> bool:
    """Before the last walked base axis, every base axis is walked whole (the F-order mirror
    of ``_trailing_full``): ``f[:, 1:3]`` of a Fortran-ordered ``f`` is contiguous."""
    walked = [k for k, m in enumerate(view.maps) if isinstance(m, Walk)]
    if not walked:
        return True
    for k, m in enumerate(view.maps[: walked[-1]]):
        if not (
            isinstance(m, Walk) and E.const_int(m.start) == 0 and view.shape[m.axis] == ir.Dim(view.base, k)
        ):
            return False
    return True


def _whole_reversed(view: ArrayView) -> bool:
    """Every base axis walked whole, unit step, the last one first (``a.T`` of all of ``a``)."""
    nd = len(view.maps)
    for k, m in enumerate(view.maps):
        if not (isinstance(m, Walk) and m.axis == nd - 1 - k and E.const_int(m.start) == 0):
            return False
        if E.const_int(m.step) != 1 or view.shape[m.axis] != ir.Dim(view.base, k):
            return False
    return len(view.shape) == nd


def _trailing_full(view: ArrayView) -> bool:
    """After the first walked base axis, every base axis is walked whole."""
    seen_walk = False
    for k, m in enumerate(view.maps):
        if isinstance(m, Fixed):
            if seen_walk:
                return False
            continue
        if seen_walk and not (E.const_int(m.start) == 0 and view.shape[m.axis] == ir.Dim(view.base, k)):
            return False
        seen_walk = True
    return True


def bind_view(
    ctx: Context, view: ArrayView, target: str | None = None, shown: str | None = None
) -> ArrayView:
    """Give ``view`` an IR array variable (``target`` or a fresh one); returns its whole view."""
    if target is None and view.is_whole:
        return view
    name = target or ctx.fresh("view")
    offset: ir.Expr = E.ZERO
    strides: list[ir.Expr] = [E.ZERO] * view.ndim
    for k, m in enumerate(view.maps):
        stride = ir.Stride(view.base, k)
        if isinstance(m, Fixed):
            offset = E.add(offset, E.mul(m.index, stride))
        else:
            offset = E.add(offset, E.mul(m.start, stride))
            strides[m.axis] = E.mul(m.step, stride)
    t = ctx.declare(name, ArrayType(view.dtype, view.ndim, infer_layout(view)), shown)
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, ctx.origins_of(view.base))
    ctx.emit(ir.View(name, view.base, offset, view.shape, tuple(strides)))
    return whole_view(name, t, view.shape)


def same_elements(a: ArrayView, b: ArrayView) -> bool:
    """Whether ``a`` and ``b`` address the same element for every index."""
    if a.base != b.base:
        return False
    return (a.is_whole and b.is_whole) or (a.maps == b.maps and a.shape == b.shape)


def apart_elements(a: ArrayView, b: ArrayView) -> bool:
    """Whether ``a`` and ``b`` provably share no element: views of one C- or F-ordered array (its
    distinct subscripts address distinct elements) that hold some axis at subscripts a nonzero
    constant apart, as ``p[1:n - 1, j]`` and ``p[1:n - 1, j - 1]`` hold the column."""
    if a.base != b.base or a.base_type.layout not in ("C", "F"):
        return False
    for ma, mb in zip(a.maps, b.maps, strict=True):
        if isinstance(ma, Fixed) and isinstance(mb, Fixed):
            try:
                gap = _difference(ma.index, mb.index)
            except NotAffine:
                continue
            if gap is not None and gap != 0:
                return True
    return False


def _difference(x: ir.Expr, y: ir.Expr) -> int | None:
    """``x - y`` when it is the same constant for every value of the variables both read."""
    fx, fy = affine(x, {}), affine(y, {})
    terms = {k: fx.get(k, 0) - fy.get(k, 0) for k in fx.keys() | fy.keys()}
    if any(v for k, v in terms.items() if k):
        return None
    return terms.get("", 0)


def bool_const(value: bool) -> ir.Const:
    return ir.Const(value, BOOL)
