"""NumPy advanced indexing: index items that are arrays (boolean masks, integer arrays).

An index with arrays in it is split in two: the *basic* items (slices, integers, newaxis,
Ellipsis) give a symbolic view ``view`` in which each array's axes are left whole, and the
arrays then pick elements along those axes. Where their dimensions go in the result follows
NumPy: in place of the indexed axes when the advanced items (arrays, and integers once an
array is present) are next to each other in the index, else in front of all other axes.

``masks.py`` handles one boolean mask (counted, then compacted), ``fancy.py`` integer arrays
(and boolean masks mixed with them, through their nonzero coordinates).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy, index_adapter, materialize
from kiln.frontend.context import Context
from kiln.frontend.values import ArrayLike, ArrayView, Lazy, Scalar, whole_view
from kiln.frontend.views import NEWAXIS, SliceSpec, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, ArrayType, ScalarType
from kiln.ir.visit import iter_exprs

Item = ir.Expr | SliceSpec | str | None | ArrayView | Lazy  # None: Ellipsis; str: NEWAXIS
IndexFn = Callable[[tuple[ir.Expr, ...]], tuple[ir.Expr, ...]]


def is_array_item(item: object) -> bool:
    return isinstance(item, ArrayView | Lazy)


def has_arrays(index: list[Item]) -> bool:
    return any(is_array_item(x) for x in index)


@dataclass(frozen=True)
class Plan:
    """``base[index]`` as basic view + arrays.

    ``axes[k]`` lists the axes of ``view`` that ``arrays[k]`` indexes (one for an integer
    array, ``ndim`` for a boolean mask); ``orig_axes[k]`` the same axes of the indexed array
    (for error messages); ``front``: the advanced dimensions go first in the result.
    """

    view: ArrayView
    arrays: tuple[ArrayLike, ...]
    axes: tuple[tuple[int, ...], ...]
    orig_axes: tuple[tuple[int, ...], ...]
    front: bool
    whole_mask: bool = False  # the index is one mask over all axes: NumPy's own setitem rules

    @property
    def adv_axes(self) -> tuple[int, ...]:
        return tuple(a for group in self.axes for a in group)

    @property
    def rest_axes(self) -> tuple[int, ...]:
        taken = set(self.adv_axes)
        return tuple(a for a in range(self.view.ndim) if a not in taken)

    @property
    def position(self) -> int:
        """Where the advanced dimensions go among the other (rest) dimensions."""
        if self.front:
            return 0
        first = min(self.adv_axes)
        return sum(1 for a in self.rest_axes if a < first)

    @property
    def is_single_mask(self) -> bool:
        return len(self.arrays) == 1 and self.arrays[0].dtype == "bool"

    def result_shape(self, adv_shape: tuple[ir.Expr, ...]) -> tuple[ir.Expr, ...]:
        rest = tuple(self.view.shape[a] for a in self.rest_axes)
        p = self.position
        return rest[:p] + adv_shape + rest[p:]

    def split(self, idx: tuple[ir.Expr, ...], n_adv: int) -> tuple[tuple[ir.Expr, ...], tuple[ir.Expr, ...]]:
        """A result index -> (advanced part, rest part)."""
        p = self.position
        return idx[p : p + n_adv], idx[:p] + idx[p + n_adv :]

    def join(self, adv: tuple[ir.Expr, ...], rest: tuple[ir.Expr, ...]) -> tuple[ir.Expr, ...]:
        """The result index of (advanced part, rest part)."""
        p = self.position
        return rest[:p] + adv + rest[p:]

    def view_index(self, picked: tuple[ir.Expr, ...], rest: tuple[ir.Expr, ...]) -> tuple[ir.Expr, ...]:
        """The index into ``view``: ``picked`` along the advanced axes, ``rest`` along the others."""
        out: list[ir.Expr] = [E.ZERO] * self.view.ndim
        for a, i in zip(self.adv_axes, picked):
            out[a] = i
        for a, i in zip(self.rest_axes, rest):
            out[a] = i
        return tuple(out)


def _consumed(item: Item) -> int:
    """How many axes of the indexed array ``item`` uses up."""
    if item is None or item == NEWAXIS:
        return 0
    if isinstance(item, ArrayView | Lazy):
        return item.ndim if item.dtype == "bool" else 1
    return 1


def _check_item(ctx: Context, item: Item) -> None:
    if not isinstance(item, ArrayView | Lazy):
        return
    t = ScalarType(item.dtype)
    if not (t.is_integer or t.is_bool):
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    if item.ndim == 0:
        raise UnsupportedError("indexing with a 0-d array", ctx.loc, hint="index with a scalar instead")


def _adjacent(index: list[Item]) -> bool:
    """Whether the advanced items (arrays; integers too once an array is present) are
    next to each other in the index as written (an Ellipsis or newaxis separates them)."""
    marks = [k for k, x in enumerate(index) if is_array_item(x) or isinstance(x, ir.Expr)]
    return marks == list(range(marks[0], marks[-1] + 1))


def plan(ctx: Context, base: ArrayView, index: list[Item]) -> Plan:
    """Split ``base[index]`` (with at least one array in ``index``) into a :class:`Plan`."""
    for item in index:
        _check_item(ctx, item)
    index = [evaluated_once(ctx, x) if is_array_item(x) else x for x in index]  # type: ignore[arg-type]
    first = index[0]
    whole_mask = len(index) == 1 and is_array_item(first) and _consumed(first) == base.ndim
    whole_mask = whole_mask and first.dtype == "bool"  # type: ignore[union-attr]
    if index.count(None) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(_consumed(x) for x in index)
    if used > base.ndim:
        raise IndexError(
            f"too many indices for array: array is {base.ndim}-dimensional, but {used} were indexed"
        )
    full = SliceSpec(None, None, 1)
    basic: list[SliceSpec | ir.Expr | str] = []
    arrays: list[ArrayLike] = []
    axes: list[tuple[int, ...]] = []
    orig: list[tuple[int, ...]] = []
    view_axis = orig_axis = 0
    for item in index if None in index else [*index, None]:
        if item is None:  # the Ellipsis (explicit, or implied at the end)
            fill = base.ndim - used
            basic += [full] * fill
            view_axis, orig_axis = view_axis + fill, orig_axis + fill
        elif isinstance(item, ArrayView | Lazy):
            n = _consumed(item)
            basic += [full] * n
            arrays.append(item)
            axes.append(tuple(range(view_axis, view_axis + n)))
            orig.append(tuple(range(orig_axis, orig_axis + n)))
            view_axis, orig_axis = view_axis + n, orig_axis + n
        else:
            basic.append(item)
            view_axis += 0 if isinstance(item, ir.Expr) else 1
            orig_axis += 0 if item == NEWAXIS else 1
    view = subscript(ctx, base, list(basic))
    assert isinstance(view, ArrayView)
    return Plan(view, tuple(arrays), tuple(axes), tuple(orig), not _adjacent(index), whole_mask)


# ------------------------------------------------------------------ shared helpers
_COSTLY_OPS = frozenset({"pow", "truediv", "floordiv", "mod"})


def evaluated_once(ctx: Context, value: ArrayLike) -> ArrayLike:
    """An index array that will be read more than once (a mask is counted, then walked): an
    element-wise expression with math calls or divisions (``np.abs(z) > 2``) is stored first,
    cheap ones (``a > 0``) are recomputed where they are read."""
    if not isinstance(value, Lazy):
        return value
    sample = value.element(tuple(E.ZERO for _ in value.shape))
    for e in iter_exprs(sample):
        if isinstance(e, ir.Call) or (isinstance(e, ir.Binary) and e.op in _COSTLY_OPS):
            return materialize(ctx, value)
    return value


def mask_matches(ctx: Context, p: Plan, mask: ArrayLike, group: int) -> None:
    """A boolean mask's shape must equal the shape of the axes it indexes (IndexError)."""
    msg = (
        "boolean index did not match indexed array along axis %lld; size of axis is %lld "
        "but size of corresponding boolean axis is %lld"
    )
    for k, (a, o) in enumerate(zip(p.axes[group], p.orig_axes[group])):
        n, m = p.view.shape[a], mask.shape[k]
        if n != m:
            ctx.emit(ir.Check(E.compare("eq", n, m), "IndexError", msg, (E.i64(o), n, m)))


def fit_value(ctx: Context, value: ArrayLike, shape: tuple[ir.Expr, ...]) -> IndexFn:
    """Indices into ``value`` for each index of the indexing result ``shape`` (NumPy's setitem
    broadcasting: leading axes of extent 1 may be dropped); ValueError where it does not fit."""
    lazy = as_lazy(value)
    extra = lazy.ndim - len(shape)
    msg = "shape mismatch: value array could not be broadcast to indexing result (extent %lld vs %lld)"
    for d in lazy.shape[: max(extra, 0)]:
        if E.const_int(d) != 1:
            ctx.emit(ir.Check(E.compare("eq", d, E.ONE), "ValueError", msg, (d, E.ONE)))
    tail = lazy.shape[max(extra, 0) :]
    for d, r in zip(tail, shape[len(shape) - len(tail) :]):
        if d != r and E.const_int(d) != 1:
            ok = ir.Binary("or", E.compare("eq", d, r), E.compare("eq", d, E.ONE), BOOL)
            ctx.emit(ir.Check(ok, "ValueError", msg, (d, r)))
    adapt = index_adapter(tail, shape)
    lead = (E.ZERO,) * max(extra, 0)
    return lambda idx: lead + adapt(idx)


def value_source(ctx: Context, value: Operand, dest: ArrayView) -> Operand:
    """The value to scatter, copied first when it may read memory that the scatter writes."""
    if isinstance(value, Scalar):
        return value
    reads = as_lazy(value).reads
    if any(ctx.may_alias(v.base, dest.base) for v in reads):
        return materialize(ctx, value)
    return value


def new_array(ctx: Context, stem: str, dtype: str, shape: tuple[ir.Expr, ...]) -> ArrayView:
    """A fresh C-ordered array of ``shape`` (uninitialized) that shares memory with nothing."""
    name = ctx.fresh(stem)
    t = ArrayType(dtype, len(shape), "C")
    ctx.declare(name, t)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    return whole_view(name, t, shape)


def list_index(ctx: Context, items: tuple[object, ...]) -> ArrayView:
    """A Python list used as an index (``a[[0, 2, -1]]``): NumPy makes it an array first, a
    boolean mask when every item is a bool, else an intp (int64) array."""
    if not all(isinstance(x, Scalar) and (x.type.is_integer or x.type.is_bool) for x in items):
        raise UnsupportedError(
            "a list index must hold integers or bools only", ctx.loc, hint="index with an array instead"
        )
    scalars = [x for x in items if isinstance(x, Scalar)]
    all_bool = bool(scalars) and all(x.type.is_bool for x in scalars)
    out = new_array(ctx, "listix", "bool" if all_bool else "int64", (E.i64(len(scalars)),))
    for k, x in enumerate(scalars):
        ctx.emit(ir.Store(out.base, (E.i64(k),), E.cast(x.expr, out.base_type.element)))
    return out
