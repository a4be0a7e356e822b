"""Kernels without barriers and shared memory run over the global thread grid.

Where no barrier is left and no shared array exists, the threads of a block need not run
together: CUDA allows any order, so the grid is one iteration space of global indices
``g = blockIdx * blockDim + threadIdx`` per axis. Walking it as blocks (a 16 x 16 tile per
parallel iteration) touches 16 rows per tile and misses the TLB on every row; walking it as

    for o in range(outer_extent) parallel:            # the outer axes: a row of the grid
        gz, gx = ...o...
        for c in range(chunks):                        # chunks of the inner axis
            for gy in range(c * CHUNK, min((c + 1) * CHUNK, ny)):   # contiguous, vectorizable
                body with cuda.grid(k) == g_k

keeps the row order of the data, and ``if i < n`` guards become loop bounds over the whole
grid rather than within each block. The row's indices are decoded once per row: divisions by
run-time extents per chunk cost about as much as a chunk's work in LU's trailing update, and
even once per row a 64-bit division took 14% of it; where the slower axes are 1 (a 2-d grid's
z) the decode takes a division-free side.
``CHUNK`` is a multiple of the block's extent; where there are fewer rows than a few per
thread (one, for a one-dimensional grid), the C backend runs the row and chunk loops as one
collapsed parallel loop, so the chunks share the work.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64, PY_INT
from kiln.ir.visit import iter_exprs, map_exprs
from kiln.kernel.analysis import assignment_counts, expr_vars, read_vars
from kiln.kernel.guards import narrow_thread_loop
from kiln.kernel.interchange import axis_order, thread_deps
from kiln.kernel.lower_intrinsics import BID, GDIM, TID
from kiln.kernel.wrap_version import version_inner

GID = ("kiln_gidx", "kiln_gidy", "kiln_gidz")
OUTER, CHUNKS, CHUNK = "kiln_o", "kiln_chunks", "kiln_chunk"
MIN_CHUNK = 1024  # threads per inner loop at least: enough to amortize the outer iteration


def _i(v: int) -> ir.Const:
    return ir.Const(v, INT64)


def _bin(op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary(op, a, b, INT64)


def _strip(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast) and e.type.is_integer and e.operand.type.is_integer:
        e = e.operand
    return e


def _is_var(e: ir.Expr, name: str) -> bool:
    e = _strip(e)
    return isinstance(e, ir.Var) and e.name == name


def _is_const(e: ir.Expr, value: int) -> bool:
    e = _strip(e)
    return isinstance(e, ir.Const) and int(e.value) == value  # type: ignore[arg-type]


def _grid_axis(e: ir.Expr, block: tuple[int, int, int]) -> int | None:
    """k where ``e`` is ``blockDim.k * blockIdx.k + threadIdx.k`` (``cuda.grid``'s form)."""
    if not (isinstance(e, ir.Binary) and e.op == "add"):
        return None
    for scaled, thread in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
        scaled = _strip(scaled)
        if not (isinstance(scaled, ir.Binary) and scaled.op == "mul"):
            continue
        for k in range(3):
            if not _is_var(thread, TID[k]):
                continue
            for c, b in ((scaled.lhs, scaled.rhs), (scaled.rhs, scaled.lhs)):
                if _is_const(c, block[k]) and _is_var(b, BID[k]):
                    return k
    return None


def to_global_indices(body: tuple[ir.Stmt, ...], block: tuple[int, int, int]) -> tuple[ir.Stmt, ...]:
    """``body`` in terms of the global indices ``GID``: ``cuda.grid`` becomes ``g``, a lone
    ``threadIdx`` ``g % blockDim`` and a lone ``blockIdx`` ``g // blockDim``."""

    def grid(e: ir.Expr) -> ir.Expr:
        k = _grid_axis(e, block)
        return e if k is None else _typed(ir.Var(GID[k], INT64), e.type)

    def lone(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Var) and e.name in TID:
            k = TID.index(e.name)
            return _typed(_bin("mod", ir.Var(GID[k], INT64), _i(block[k])), e.type)
        if isinstance(e, ir.Var) and e.name in BID:
            k = BID.index(e.name)
            g: ir.Expr = ir.Var(GID[k], INT64)
            return _typed(g if block[k] == 1 else _bin("floordiv", g, _i(block[k])), e.type)
        return e

    # two walks: map_exprs rewrites children first, so a lone-index rewrite would hide the
    # grid form from its parent
    return tuple(map_exprs(map_exprs(s, grid), lone) for s in body)  # type: ignore[misc]


def _typed(e: ir.Expr, t: object) -> ir.Expr:
    return e if t == INT64 else ir.Cast(e, t)  # type: ignore[arg-type]


def flat_grid_loop(
    body: tuple[ir.Stmt, ...], block: tuple[int, int, int], head: tuple[ir.Stmt, ...], slot_prefix: str
) -> tuple[ir.Stmt, ir.For]:
    """The chunk count and the parallel loop over the global grid running ``body`` (one
    thread's statements, in thread-index form) for every thread; ``head`` starts each
    parallel iteration."""
    body = to_global_indices(body, block)
    extent = [_bin("mul", ir.Cast(ir.Var(GDIM[k], PY_INT), INT64), _i(block[k])) for k in range(3)]
    order = axis_order(body, [2, 1, 0], thread_deps(body, GID))
    inner, outer = order[-1], order[:-1]
    var, stop = GID[inner], extent[inner]
    strided = grid_stride_loop(body, inner, block[inner])
    if strided is not None:  # the threads' strided loops together cover range(0, stop) once
        body, var, stop = strided
        stop = _bin("max", stop, _i(0))
    chunk = block[inner] * -(-MIN_CHUNK // block[inner])
    count = ir.Assign(CHUNKS, _bin("floordiv", _bin("add", stop, _i(chunk - 1)), _i(chunk)))
    lo = _bin("mul", ir.Var(CHUNK, INT64), _i(chunk))
    hi = _bin("min", _bin("add", lo, _i(chunk)), stop)
    inner_loop = narrow_thread_loop(var, (lo, hi), body, slot_prefix)
    inner_loop = inner_loop or (ir.For(var, lo, hi, _i(1), body),)
    inner_loop = tuple(version_inner(s) for s in inner_loop)
    chunk_loop = ir.For(CHUNK, _i(0), ir.Var(CHUNKS, INT64), _i(1), inner_loop)
    decode: list[ir.Stmt] = []
    rest: ir.Expr = ir.Var(OUTER, INT64)
    rows: ir.Expr = _i(1)
    for n, k in enumerate(reversed(outer)):  # the last outer axis varies fastest
        last = n == len(outer) - 1
        decode.append(ir.Assign(GID[k], rest if last else _decode_mod(rest, extent[k])))
        rest = _decode_div(rest, extent[k])
        rows = _bin("mul", rows, extent[k])
    loop = ir.For(
        OUTER, _i(0), rows, _i(1), (*head, *decode, chunk_loop), parallel=True, work=_bin("max", stop, _i(1))
    )
    return count, loop


def _in_first(rest: ir.Expr, extent: ir.Expr) -> ir.Expr:
    return ir.Binary("lt", rest, extent, BOOL)


def _decode_mod(rest: ir.Expr, extent: ir.Expr) -> ir.Expr:
    """``rest % extent`` without the division where ``rest < extent``: always so when the
    slower axes have extent 1 (a 2-d grid's z), where a 64-bit division per row cost LU's
    trailing update 14% of its time."""
    return ir.Select(_in_first(rest, extent), rest, _bin("mod", rest, extent), INT64)


def _decode_div(rest: ir.Expr, extent: ir.Expr) -> ir.Expr:
    """``rest // extent``, 0 without the division where ``rest < extent`` (see _decode_mod)."""
    return ir.Select(_in_first(rest, extent), _i(0), _bin("floordiv", rest, extent), INT64)


def grid_stride_loop(
    body: tuple[ir.Stmt, ...], axis: int, bdim: int
) -> tuple[tuple[ir.Stmt, ...], str, ir.Expr] | None:
    """A body ``...; for k in range(g, n, gridsize): S`` (the grid-stride idiom) whose ``S``
    does not otherwise depend on the thread, as ``(body for one k, k, n)``: thread ``g`` runs
    the ``k`` with ``k % gridsize == g``, so all threads together run each ``k < n`` once, in
    any order, and the grid loop can walk ``k`` itself, contiguously."""
    if (
        not body
        or not isinstance(body[-1], ir.For)
        or not isinstance(body[-1].step, ir.Var | ir.Binary | ir.Cast)
    ):
        return None
    loop, prefix = body[-1], body[:-1]
    defs: dict[str, ir.Expr] = {}
    thread = {GID[axis]}  # variables whose value depends on the thread
    for s in prefix:
        if not isinstance(s, ir.Assign) or any(isinstance(x, ir.Load | ir.Call) for x in iter_exprs(s.value)):
            return None
        defs[s.target] = _inline(s.value, defs)
        if expr_vars(s.value) & thread:
            thread.add(s.target)
    start, step, stop = (_strip(_inline(e, defs)) for e in (loop.start, loop.step, loop.stop))
    if not (isinstance(start, ir.Var) and start.name == GID[axis]) or not _is_gridsize(step, axis, bdim):
        return None
    if expr_vars(stop) - set(GDIM) or any(isinstance(x, ir.Load | ir.Call) for x in iter_exprs(stop)):
        return None  # the bound must be the same for every thread and known before the loop
    if read_vars(loop.body) & thread or loop.var in assignment_counts(loop.body):
        return None
    kept = tuple(s for s in prefix if s.target not in thread)  # type: ignore[union-attr]
    return (*kept, *loop.body), loop.var, stop if stop.type == INT64 else ir.Cast(stop, INT64)


def _inline(e: ir.Expr, defs: dict[str, ir.Expr]) -> ir.Expr:
    return map_exprs(e, lambda x: defs.get(x.name, x) if isinstance(x, ir.Var) else x)  # type: ignore[return-value]


def _is_gridsize(e: ir.Expr, axis: int, bdim: int) -> bool:
    """``e == blockDim * gridDim`` along ``axis`` (either operand order, through casts)."""
    e = _strip(e)
    if bdim == 1:
        return _is_var(e, GDIM[axis])
    if not (isinstance(e, ir.Binary) and e.op == "mul"):
        return False
    return any(_is_const(c, bdim) and _is_var(g, GDIM[axis]) for c, g in ((e.lhs, e.rhs), (e.rhs, e.lhs)))
