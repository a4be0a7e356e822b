"""Boolean-mask indexing: ``a[mask]``, ``a[mask] = v``, ``a[:, m]``, ``nonzero(mask)``.

Reading counts the true elements first, allocates exactly that many, then walks the mask in C
order with a running position: the result has a data-dependent extent like any other array.
Under ``parallel=True`` a 1-d mask is counted per block of ``_BLOCK`` elements on the team, a
running sum over the blocks gives each its first position, and the blocks are walked on the
team too (``block_offsets``, ``walk_blocks``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kiln.frontend import exprs as E
from kiln.frontend.advanced import Plan, fit_value, mask_matches, new_array, value_source
from kiln.frontend.arrays import Operand, as_lazy, emit_loop_nest, materialize, setitem_scalar
from kiln.frontend.context import Context
from kiln.frontend.mask_counts import remember_count, reuse_count
from kiln.frontend.values import ArrayLike, ArrayView, Lazy, Scalar
from kiln.frontend.views import same_elements
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

OnTrue = Callable[[tuple[ir.Expr, ...], ir.Expr], None]
PerBlock = Callable[[tuple[ir.Expr, ...], ir.Expr, ir.Expr, ir.Expr], None]
ElementFn = Callable[[tuple[ir.Expr, ...]], ir.Expr]
_BLOCK = 128  # mask elements counted at once before they are visited one by one (< 256)
UINT8 = ScalarType("uint8")


def _int_var(ctx: Context, stem: str, t: ScalarType = INT64) -> ir.Var:
    name = ctx.fresh(stem)
    ctx.declare(name, t)
    return ir.Var(name, t)


def _truth(e: ir.Expr) -> ir.Expr:
    return E.cast(e, ScalarType("bool"))


def _in_blocks(ctx: Context, mask: Lazy, per_block: PerBlock) -> None:
    """Walk ``mask`` in C order, a block of its last axis at a time: for each block, count its
    true elements (a vectorized loop of byte-wide adds), then ``per_block(outer, start, end,
    hits)`` emits what to do with the block: sparse masks cost little more than reading them."""
    blk, i = _int_var(ctx, "blk"), _int_var(ctx, "i")
    hits = _int_var(ctx, "hits", UINT8)
    n = mask.shape[-1]

    def row(outer: tuple[ir.Expr, ...]) -> None:
        with ctx.block() as block:
            end = ctx.temp(E.imin(E.add(blk, E.i64(_BLOCK)), n), "bend")
            _count_block(ctx, mask, outer, (i, hits), (blk, end))
            per_block(outer, blk, end, hits)
        ctx.emit(ir.For(blk.name, E.ZERO, n, E.i64(_BLOCK), tuple(block)))

    emit_loop_nest(ctx, mask.shape[:-1], row, parallel=False)


def _count_block(
    ctx: Context,
    mask: Lazy,
    outer: tuple[ir.Expr, ...],
    vars_: tuple[ir.Var, ir.Var],
    span: tuple[ir.Expr, ir.Expr],
) -> None:
    """``hits`` = the true elements of ``mask[*outer, start:end]``, a vectorized loop of byte-wide
    adds over ``i`` (a block is at most 255 long)."""
    (i, hits), (start, end) = vars_, span
    ctx.emit(ir.Assign(hits.name, ir.Const(0, UINT8)))
    with ctx.block() as count:
        one = E.cast(_truth(mask.element((*outer, i))), UINT8)
        ctx.emit(ir.Assign(hits.name, ir.Binary("add", hits, one, UINT8)))
    ctx.emit(ir.For(i.name, start, end, E.ONE, tuple(count), reductions=((hits.name, "add"),)))


def _block_span(ctx: Context, b: ir.Var, n: ir.Expr) -> tuple[ir.Expr, ir.Expr]:
    """``(start, end)`` of block ``b`` of a 1-d mask of ``n`` elements."""
    start = ctx.temp(E.mul(b, E.i64(_BLOCK)), "bstart")
    return start, ctx.temp(E.imin(E.add(start, E.i64(_BLOCK)), n), "bend")


def count_true(ctx: Context, mask: ArrayLike) -> ir.Expr:
    """The number of true elements of ``mask`` (an int64 variable); an earlier count of the
    same unchanged mask is reused."""
    if isinstance(mask, ArrayView):
        known = reuse_count(ctx, mask)
        if known is not None:
            return known
    total = _int_var(ctx, "count")
    ctx.emit(ir.Assign(total.name, E.ZERO))

    def add(outer: tuple[ir.Expr, ...], start: ir.Expr, end: ir.Expr, hits: ir.Expr) -> None:
        ctx.emit(ir.Assign(total.name, E.add(total, E.as_index(hits))))

    _in_blocks(ctx, as_lazy(mask), add)
    if isinstance(mask, ArrayView):
        remember_count(ctx, mask, total)
    return total


@dataclass(frozen=True)
class _Walks:
    branchy: tuple[ir.Stmt, ...]  # tests each element; ``c`` advances on true ones
    branch_free: tuple[ir.Stmt, ...]  # stores at every element, ``c`` advancing by its value
    dense: tuple[ir.Stmt, ...]  # the block is all true: position ``c + k - start``


def _block_walks(
    ctx: Context,
    mask: Lazy,
    on_true: OnTrue,
    at: tuple[tuple[ir.Expr, ...], ir.Var],
    c: ir.Var,
    span: tuple[ir.Expr, ir.Expr],
    stepped: bool,
) -> _Walks:
    """The loops over ``k`` in ``span`` that visit one block of ``mask`` (``j`` the mask
    index of element ``k``) in each of the ways a walk picks from; ``branch_free`` is empty
    without ``stepped``. A block that is all true (masks of images and of converging iterations
    come in long runs) is visited without a test or a carried position: that loop vectorizes."""
    (j, k), (start, end) = at, span
    with ctx.block() as then:
        on_true(j, c)
        ctx.emit(ir.Assign(c.name, E.add(c, E.ONE)))
    with ctx.block() as each:
        ctx.emit(ir.If(_truth(mask.element(j)), tuple(then)))
    with ctx.block() as branchy:
        ctx.emit(ir.For(k.name, start, end, E.ONE, tuple(each)))
    with ctx.block() as branch_free:
        if stepped:
            with ctx.block() as step:
                on_true(j, c)
                ctx.emit(ir.Assign(c.name, E.add(c, E.cast(_truth(mask.element(j)), INT64))))
            ctx.emit(ir.For(k.name, start, end, E.ONE, tuple(step)))
    with ctx.block() as each_dense:
        on_true(j, E.add(c, E.sub(k, start)))
    with ctx.block() as dense:
        ctx.emit(ir.For(k.name, start, end, E.ONE, tuple(each_dense)))
    return _Walks(tuple(branchy), tuple(branch_free), tuple(dense))


def walk_true(ctx: Context, mask: Lazy, on_true: OnTrue, total: ir.Expr | None = None) -> None:
    """Visit the true elements of ``mask`` in C order: ``on_true(j, c)`` emits the statements
    for mask index ``j``, ``c`` being how many true elements came before it.

    ``total`` (the mask's count) says that ``on_true`` only stores into position ``c`` of an
    array of ``total`` elements: then blocks with a true element after them store at every
    element and advance ``c`` by the mask's value, with no branch to mispredict (a store made
    for a false element lands where the next true one will store)."""
    c = _int_var(ctx, "pos")
    ctx.emit(ir.Assign(c.name, E.ZERO))
    k = _int_var(ctx, "i")

    def visit(outer: tuple[ir.Expr, ...], start: ir.Expr, end: ir.Expr, hits: ir.Expr) -> None:
        walks = _block_walks(ctx, mask, on_true, ((*outer, k), k), c, (start, end), total is not None)
        some = walks.branchy
        if walks.branch_free:
            more = E.compare("lt", E.add(c, E.as_index(hits)), total)  # type: ignore[arg-type]
            with ctx.block() as choice:
                ctx.emit(ir.If(more, walks.branch_free, walks.branchy))
            some = tuple(choice)
        with ctx.block() as advance:
            ctx.emit(ir.Assign(c.name, E.add(c, E.as_index(hits))))
        all_true = E.compare("eq", E.as_index(hits), E.sub(end, start))
        with ctx.block() as partial:
            ctx.emit(ir.If(E.compare("ne", hits, ir.Const(0, UINT8)), some))
        ctx.emit(ir.If(all_true, (*walks.dense, *advance), tuple(partial)))

    _in_blocks(ctx, mask, visit)


def _parallel_walk(ctx: Context, mask: ArrayLike) -> bool:
    """Whether to compact under ``mask`` by blocks on the OpenMP team (see walk_blocks)."""
    return ctx.options.parallel and mask.ndim == 1


def block_offsets(ctx: Context, mask: Lazy) -> tuple[str, ir.Var, ir.Expr]:
    """For a 1-d ``mask``: ``(offs, nblk, count)``, ``offs[b]`` the number of true elements
    before block ``b`` of ``_BLOCK`` elements (``offs[nblk]`` the total, ``count``). The blocks
    are counted on the team, the running sum over them (one per 128 elements) is sequential."""
    n = mask.shape[0]
    nblk = _int_var(ctx, "nblk")
    ctx.emit(ir.Assign(nblk.name, E.floordiv(E.add(n, E.i64(_BLOCK - 1)), E.i64(_BLOCK))))
    offs = new_array(ctx, "offs", "int64", (E.add(nblk, E.ONE),)).base
    b, i = _int_var(ctx, "b"), _int_var(ctx, "i")
    hits = _int_var(ctx, "hits", UINT8)
    with ctx.block() as per_block:
        _count_block(ctx, mask, (), (i, hits), _block_span(ctx, b, n))
        ctx.emit(ir.Store(offs, (E.add(b, E.ONE),), E.as_index(hits)))
    ctx.emit(ir.For(b.name, E.ZERO, nblk, E.ONE, tuple(per_block), parallel=True))
    ctx.emit(ir.Store(offs, (E.ZERO,), E.ZERO))
    with ctx.block() as running:
        before = ir.Load(offs, (b,), INT64)
        ctx.emit(ir.Store(offs, (E.add(b, E.ONE),), E.add(ir.Load(offs, (E.add(b, E.ONE),), INT64), before)))
    ctx.emit(ir.For(b.name, E.ZERO, nblk, E.ONE, tuple(running)))
    count = _int_var(ctx, "count")
    ctx.emit(ir.Assign(count.name, ir.Load(offs, (nblk,), INT64)))
    return offs, nblk, count


def walk_blocks(ctx: Context, mask: Lazy, on_true: OnTrue, offs: str, nblk: ir.Expr) -> None:
    """``walk_true`` for a 1-d mask on the team: each block of ``_BLOCK`` elements starts at
    its position from ``block_offsets``, so the blocks are independent. ``on_true`` must store
    only into position ``c`` (of an array of the mask's count). Within a block whose last
    element is true, the false elements store where a later true one of the same block will:
    no branch; other blocks test each element (their stores must not reach the next block's
    positions, which another thread may be filling)."""
    n = mask.shape[0]
    b, k, c = _int_var(ctx, "b"), _int_var(ctx, "i"), _int_var(ctx, "pos")
    with ctx.block() as per_block:
        start, end = _block_span(ctx, b, n)
        ctx.emit(ir.Assign(c.name, ir.Load(offs, (b,), INT64)))
        hits = ctx.temp(E.sub(ir.Load(offs, (E.add(b, E.ONE),), INT64), c), "bhits")
        walks = _block_walks(ctx, mask, on_true, ((k,), k), c, (start, end), True)
        with ctx.block() as partial:
            with ctx.block() as sparse:
                last_true = _truth(mask.element((E.sub(end, E.ONE),)))
                ctx.emit(ir.If(last_true, walks.branch_free, walks.branchy))
            ctx.emit(ir.If(E.compare("ne", hits, E.ZERO), tuple(sparse)))
        ctx.emit(ir.If(E.compare("eq", hits, E.sub(end, start)), walks.dense, tuple(partial)))
    ctx.emit(ir.For(b.name, E.ZERO, nblk, E.ONE, tuple(per_block), parallel=True))


def _rest_shape(p: Plan) -> tuple[ir.Expr, ...]:
    return tuple(p.view.shape[a] for a in p.rest_axes)


def gather(ctx: Context, p: Plan) -> ArrayView:
    """``view[mask]`` into a new array."""
    mask = p.arrays[0]
    mask_matches(ctx, p, mask, 0)
    if _parallel_walk(ctx, mask):
        offs, nblk, total = block_offsets(ctx, as_lazy(mask))
        out = new_array(ctx, "masked", p.view.dtype, p.result_shape((total,)))
        walk_blocks(ctx, as_lazy(mask), _copier(ctx, p, out), offs, nblk)
        return out
    count = count_true(ctx, mask)
    out = new_array(ctx, "masked", p.view.dtype, p.result_shape((count,)))
    walk_true(ctx, as_lazy(mask), _copier(ctx, p, out), count)
    return out


def _copier(ctx: Context, p: Plan, out: ArrayView) -> OnTrue:
    """Copy the element (and its rest axes) at mask index ``j`` to position ``c`` of ``out``."""

    def copy(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        def one(r: tuple[ir.Expr, ...]) -> None:
            ctx.emit(ir.Store(out.base, p.join((c,), r), p.view.load(p.view_index(j, r))))

        emit_loop_nest(ctx, _rest_shape(p), one, parallel=False)

    return copy


def mask_source(ctx: Context, p: Plan, mask: ArrayLike) -> Lazy:
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
    walk = mask_source(ctx, p, mask)

    def store(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
        def one(r: tuple[ir.Expr, ...]) -> None:
            x = E.cast(element(p.join((c,), r)), dtype)
            ctx.emit(ir.Store(dest.base, dest.base_indices(p.view_index(j, r)), x))

        emit_loop_nest(ctx, _rest_shape(p), one, parallel=False)

    walk_true(ctx, walk, store)


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

    def recorder(coords: tuple[ArrayView, ...]) -> OnTrue:
        def record(j: tuple[ir.Expr, ...], c: ir.Expr) -> None:
            for out, i in zip(coords, j):
                ctx.emit(ir.Store(out.base, (c,), i))

        return record

    if _parallel_walk(ctx, mask):
        offs, nblk, total = block_offsets(ctx, as_lazy(mask))
        coords: tuple[ArrayView, ...] = (new_array(ctx, "nz", "int64", (total,)),)
        walk_blocks(ctx, as_lazy(mask), recorder(coords), offs, nblk)
        return coords
    count = count_true(ctx, mask)
    coords = tuple(new_array(ctx, "nz", "int64", (count,)) for _ in range(mask.ndim))
    walk_true(ctx, as_lazy(mask), recorder(coords), count)
    return coords
