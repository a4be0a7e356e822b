"""Does a store overwrite an element that an earlier-executed read still needs?

The reverse sweep restores an array element a store overwrote when an adjoint that runs later in
the reverse sweep (earlier in the forward one) reads the old value. Tracking pending reads per
array only (``needed.py``'s ``@group`` tokens) tapes every store into an array some adjoint
reads: explicit time stepping ``Y[t + 1, i] = f(Y[t, i], ...)`` would tape the old contents of
each new row although no earlier read touches a row that is written later. Each pending read is
kept as a *site* (its loop nest and subscripts); the store skips its tape when, for every site,
the exact integer-set test (islpy) finds no element the read could have read at an iteration
not after the store's. A subscript that is not affine, or reads a scalar that may change while
the loops run, leaves its dimension unconstrained (as does such a loop bound): never a missed
overlap.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiln.analysis.dependences import (
    NotAffine,
    affine,
    affine_scalars,
    isl_name,
    isl_symbols,
    isl_term,
    loop_bounds,
)
from kiln.ir import nodes as ir


@dataclass(frozen=True)
class Site:
    """An access: its array, the loops around it (outermost first) and its subscripts; ``older``:
    names whose newest storage it cannot touch (``storage.py``), nor any they get later."""

    array: str
    loops: tuple[ir.For, ...]
    indices: tuple[ir.Expr, ...]
    older: frozenset[str] = frozenset()


def _common(a: tuple[ir.For, ...], b: tuple[ir.For, ...]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] is b[n]:
        n += 1
    return n


def _not_after(common: int) -> str:
    """The read's iteration of the common loops is lexicographically <= the store's."""
    if common == 0:
        return ""
    alts = []
    for k in range(common):
        eq = [f"r{j} = s{j}" for j in range(k)]
        alts.append("(" + " and ".join([*eq, f"r{k} < s{k}"]) + ")")
    alts.append("(" + " and ".join(f"r{j} = s{j}" for j in range(common)) + ")")
    return "(" + " or ".join(alts) + ")"


def may_read_before(read: Site, store: Site, fixed: set[str], cache: dict[int, dict] | None = None) -> bool:
    """Whether ``read`` may touch the element ``store`` writes, at an iteration not after it.
    ``cache`` keeps each outermost loop's affine scalars between calls (keyed by ``id``: the
    caller keeps the loops alive)."""
    if read.array != store.array or len(read.indices) != len(store.indices):
        return True  # views of one buffer: subscripts are not comparable
    try:
        import islpy as isl
    except ImportError:  # pragma: no cover - islpy is a dependency
        return True
    cache = {} if cache is None else cache

    def scalars(loops: tuple[ir.For, ...]) -> dict:
        if not loops:
            return {}
        if id(loops[0]) not in cache:
            cache[id(loops[0])] = affine_scalars(loops[0].body, loops[0])
        return cache[id(loops[0])]

    subst_r, subst_s = scalars(read.loops), scalars(store.loops)
    ren_r = {lp.var: f"r{k}" for k, lp in enumerate(read.loops)}
    ren_s = {lp.var: f"s{k}" for k, lp in enumerate(store.loops)}
    fixed_isl = {isl_name(f) for f in fixed}

    def known(words: set[str]) -> bool:  # symbols that stay put while the loops run
        return all(w[2:].startswith("dim_") or w in fixed_isl for w in words)

    cons: list[str] = []
    for a, b in zip(read.indices, store.indices):
        try:
            text = f"{isl_term(affine(a, subst_r), ren_r)} = {isl_term(affine(b, subst_s), ren_s)}"
        except NotAffine:
            continue  # this subscript says nothing: any element along it
        if known(isl_symbols([text])):
            cons.append(text)
    for loops, ren, subst in ((read.loops, ren_r, subst_r), (store.loops, ren_s, subst_s)):
        for lp in loops:
            cons += [c for c in loop_bounds(lp, subst, ren) if known(isl_symbols([c]))]
    order = _not_after(_common(read.loops, store.loops))
    if order:
        cons.append(order)
    symbols = isl_symbols(cons)
    dims = [*ren_r.values(), *ren_s.values()]
    text = f"[{', '.join(sorted(symbols))}] -> {{ [{', '.join(dims)}] : {' and '.join(cons) or 'true'} }}"
    try:
        return not isl.Set(text).is_empty()
    except isl.Error:
        return True
