"""Perfect loop nests (bands): loops whose bodies hold only a pure header and the next loop.

The frontend lowers ``for i in range(n)`` to a loop over a counter whose body starts with
``i = counter``: those copies (any assignment of a pure value of the loop's own counter and of
values the band never changes) form the loop's *header* and travel with the loop when the band
is reordered or tiled. A band is rectangular: no loop's bounds depend on another loop of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import cast

from kiln.analysis.dependences import Affine, NotAffine, affine, affine_scalars
from kiln.analysis.effects import effects_of
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, replace_body, var_names


def store_nest(s: ir.Stmt) -> tuple[tuple[ir.For, ...], ir.Store] | None:
    """``s`` as loops from 0 in unit steps, each holding only the next, around one store: the
    loops (outermost first) and the store; None for any other shape."""
    loops: list[ir.For] = []
    while isinstance(s, ir.For):
        if not (_is_int(s.start, 0) and _is_int(s.step, 1)) or len(s.body) != 1:
            return None
        loops.append(s)
        s = s.body[0]
    return (tuple(loops), s) if loops and isinstance(s, ir.Store) else None


def _is_int(e: ir.Expr, value: int) -> bool:
    return isinstance(e, ir.Const) and e.value == value


@dataclass(frozen=True)
class Band:
    loops: tuple[ir.For, ...]  # outermost first
    headers: tuple[tuple[ir.Stmt, ...], ...]  # per loop, the statements before the next loop
    body: tuple[ir.Stmt, ...]  # what the innermost loop runs after its header

    @property
    def vars(self) -> tuple[str, ...]:
        return tuple(loop.var for loop in self.loops)


def _is_pure(e: ir.Expr) -> bool:
    return not any(isinstance(x, ir.Load | ir.Call) for x in iter_exprs(e))


def _split_header(loop: ir.For) -> tuple[tuple[ir.Stmt, ...], tuple[ir.Stmt, ...]]:
    """The leading pure assignments of ``loop``'s body and the rest."""
    n = 0
    for s in loop.body:
        if not (isinstance(s, ir.Assign) and _is_pure(s.value)):
            break
        n += 1
    return loop.body[:n], loop.body[n:]


def perfect_band(loop: ir.For, depth: int | None = None) -> Band:
    """The deepest perfect band starting at ``loop`` (at most ``depth`` loops)."""
    loops, headers = [loop], []
    while depth is None or len(loops) < depth:
        header, rest = _split_header(loops[-1])
        if not (len(rest) == 1 and isinstance(rest[0], ir.For)):
            break
        headers.append(header)
        loops.append(rest[0])
    header, rest = _split_header(loops[-1])
    headers.append(header)
    return Band(tuple(loops), tuple(headers), rest)


def band_problem(band: Band) -> str:
    """Empty when the band's loops can be reordered as far as its shape goes; else why not."""
    written = effects_of(band.loops[0].body).writes | {band.loops[0].var}
    body_writes = effects_of(band.body).writes
    for k, loop in enumerate(band.loops):
        own = {loop.var} | {s.target for s in band.headers[k] if isinstance(s, ir.Assign)}
        bound_reads = set().union(*(var_names(e) for e in (loop.start, loop.stop, loop.step)))
        if k and bound_reads & written:
            return f"the bounds of loop {loop.sid} change within the nest (not rectangular)"
        for s in band.headers[k]:
            assert isinstance(s, ir.Assign)
            if (var_names(s.value) & written) - own:
                return f"{s.target} = ... in loop {loop.sid} reads a value another loop of the nest sets"
            if s.target in body_writes or any(
                s.target == cast(ir.Assign, t).target  # headers hold only assignments
                for j, h in enumerate(band.headers)
                if j != k
                for t in h
            ):
                return f"{s.target} is assigned elsewhere in the nest"
    if effects_of(band.body).control:
        return "the body can exit early or raise"
    if any(isinstance(s, ir.LibCall | ir.Atomic | ir.Alloc | ir.View | ir.While) for s in _all(band.body)):
        return "the body calls a library routine, allocates, binds a view or has a while loop"
    return ""


def _all(body: tuple[ir.Stmt, ...]) -> list[ir.Stmt]:
    from kiln.ir.visit import iter_stmts

    return list(iter_stmts(body))


def rebuild(loops: list[ir.For], headers: list[tuple[ir.Stmt, ...]], body: tuple[ir.Stmt, ...]) -> ir.For:
    """The nest of ``loops`` (outermost first), each running its header then the next loop."""
    inner: tuple[ir.Stmt, ...] = body
    for loop, header in zip(reversed(loops), reversed(headers)):
        inner = (replace_body(loop, (*header, *inner)),)
    out = inner[0]
    assert isinstance(out, ir.For)
    return out


def perfect_bands(body: tuple[ir.Stmt, ...]) -> list[Band]:
    """The outermost perfect bands of two or more loops (their inner loops are not revisited)."""
    out: list[Band] = []
    for s in body:
        if isinstance(s, ir.For):
            band = perfect_band(s)
            if len(band.loops) >= 2:
                out.append(band)
                out += perfect_bands(band.body)
                continue
        for b in bodies(s):
            out += perfect_bands(b)
    return out


def array_refs(body: tuple[ir.Stmt, ...]) -> list[tuple[str, tuple[ir.Expr, ...]]]:
    """(array, subscripts) of every load and store in ``body``."""
    refs: list[tuple[str, tuple[ir.Expr, ...]]] = []
    for s in iter_stmts(body):
        refs += [(e.array, e.indices) for e in iter_exprs(s, deep=False) if isinstance(e, ir.Load)]
        if isinstance(s, ir.Store):
            refs.append((s.array, s.indices))
    return refs


def strided_refs(
    band: Band, types: Mapping[str, object], min_ndim: int = 1
) -> Iterator[tuple[list[Affine], int]]:
    """For each load and store of a C- or F-ordered array of at least ``min_ndim`` axes in the
    band whose subscripts are affine in its counters: those subscripts, and which of them walks
    memory with unit stride (the last in C order, the first in F order)."""
    subst = affine_scalars(band.loops[0].body, band.loops[0])
    for array, indices in array_refs(band.body):
        t = types.get(array)
        if not isinstance(t, ArrayType) or t.layout not in ("C", "F") or len(indices) < max(min_ndim, 1):
            continue
        try:
            forms = [affine(e, subst) for e in indices]
        except NotAffine:
            continue
        yield forms, len(forms) - 1 if t.layout == "C" else 0
