"""Prefetch the row segment a block's neighbour along the row will read.

A block of a tiled kernel reads rows of a global array in segments, ``a[r, c0 + tx]`` for the
threads ``tx`` of its x axis; the next segment of the same rows, ``a[r, c0 + blockDim.x + tx]``,
is read by the next block along x (with OpenMP's static schedule, the one this worker runs
next) or, in a wavefront, by the block of the same index in the next launch. Those blocks touch
rows far apart (a 16 x 16 tile of a 1025-column matrix reads 16 rows 4 KB apart), more streams
than the hardware prefetcher follows, so each row's next line missed the cache: in
Needleman-Wunsch the loads of a tile's rows took a third of its time. Before each thread loop
that reads or writes such a segment this pass issues a prefetch of the cache line just past
the segment's last element.

It runs on the CPU function after the optimizing pipeline: a ``Prefetch`` reads nothing, and
no pass needs to reason about it. Only segments whose row index does not depend on the thread
and whose column is the thread index plus a thread-independent offset, of C-ordered parameter
arrays of two or more axes, are prefetched; indices that divide are left alone, since the
prefetch evaluates its index unconditionally, before the loop's guards.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

import numpy as np

from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType
from kiln.ir.visit import bodies, iter_exprs, map_stmts, max_sid, replace_body
from kiln.kernel.analysis import assignment_counts, expr_vars
from kiln.kernel.guards import affine_form, substitute
from kiln.kernel.lower_intrinsics import TID

LINE_BYTES = 64
MAX_PER_LOOP = 4  # prefetches before one thread loop at most
_DIVIDING = frozenset({"floordiv", "mod", "truediv", "div", "pow"})


def prefetch_row_segments(fn: ir.Function, block: tuple[int, int, int]) -> ir.Function:
    """``fn`` (a kernel's CPU function) with prefetches before its x thread loops."""
    types = dict(fn.var_types())
    arrays = {
        p.name: t
        for p in fn.params
        if isinstance(t := types.get(p.name), ArrayType) and t.ndim >= 2 and t.layout == "C"
    }
    if not arrays or block[0] < 2:
        return fn
    body = _walk(fn.body, arrays, block[0])
    sids = itertools.count(max_sid(fn) + 1)
    return dataclasses.replace(fn, body=map_stmts(body, lambda s: _numbered(s, sids)))


def _numbered(s: ir.Stmt, sids: Iterator[int]) -> ir.Stmt | None:
    return dataclasses.replace(s, sid=next(sids)) if isinstance(s, ir.Prefetch) else None


def _walk(body: tuple[ir.Stmt, ...], arrays: dict[str, ArrayType], extent: int) -> tuple[ir.Stmt, ...]:
    out: list[ir.Stmt] = []
    for s in body:
        if isinstance(s, ir.For) and s.var == TID[0]:
            out += _prefetches(s, arrays, extent)
            out.append(s)
            continue
        nested = bodies(s)
        out.append(replace_body(s, *(_walk(b, arrays, extent) for b in nested)) if nested else s)
    return tuple(out)


def _prefetches(loop: ir.For, arrays: dict[str, ArrayType], extent: int) -> list[ir.Stmt]:
    """The prefetches for the segments ``loop`` (over the x threads) reads or writes."""
    t = loop.var
    assigned = set(assignment_counts(loop.body))
    found: dict[str, ir.Prefetch] = {}
    for array, indices, write in _accesses(loop.body, {}):
        if array not in arrays or len(found) >= MAX_PER_LOOP:
            continue
        target = _next_line(indices, t, assigned, arrays[array], extent)
        if target is not None:
            key = f"{array}{target}"
            if key not in found or write:
                found[key] = ir.Prefetch(array, target, write)
    return list(found.values())


def _accesses(
    body: tuple[ir.Stmt, ...], defs: dict[str, ir.Expr]
) -> list[tuple[str, tuple[ir.Expr, ...], bool]]:
    """``(array, indices, is_store)`` of the loads and stores in ``body``, their indices in
    terms of values from before the loop (what the body assigns before them substituted)."""
    defs = dict(defs)
    out: list[tuple[str, tuple[ir.Expr, ...], bool]] = []
    for s in body:
        for x in iter_exprs(s, deep=False):  # its own expressions, sub-expressions included
            if isinstance(x, ir.Load):
                out.append((x.array, tuple(substitute(i, defs) for i in x.indices), False))
        if isinstance(s, ir.Store):
            out.append((s.array, tuple(substitute(i, defs) for i in s.indices), True))
        if isinstance(s, ir.Assign):
            defs[s.target] = substitute(s.value, defs)
        elif isinstance(s, ir.If):
            out += _accesses(s.then, defs) + _accesses(s.orelse, defs)
            defs = {k: v for k, v in defs.items() if k not in assignment_counts((s,))}
        elif isinstance(s, ir.For | ir.While | ir.Block):
            for k in assignment_counts((s,)):
                defs.pop(k, None)
    return out


def _next_line(
    indices: tuple[ir.Expr, ...], t: str, assigned: set[str], at: ArrayType, extent: int
) -> tuple[ir.Expr, ...] | None:
    """The index of the element one cache line past the segment's last one, or None where
    the access is no row segment of the x threads."""
    rows, col = indices[:-1], indices[-1]
    if any(t in expr_vars(r) for r in rows):
        return None
    for e in indices:
        used = expr_vars(e) - {t}
        if used & assigned or any(_divides(x) for x in iter_exprs(e)):
            return None
    form = affine_form(col, t)
    if form is None or form[0] != 1:
        return None
    step = max(1, LINE_BYTES // int(np.dtype(at.dtype).itemsize))
    last = ir.Binary("add", form[1], ir.Const(extent - 1 + step, INT64), INT64)
    return (*(r if r.type == INT64 else ir.Cast(r, INT64) for r in rows), last)


def _divides(e: ir.Expr) -> bool:
    return isinstance(e, ir.Load | ir.Call | ir.Overlaps) or (isinstance(e, ir.Binary) and e.op in _DIVIDING)
