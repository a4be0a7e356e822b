"""Which reorderings of a perfect band keep every memory dependence (exact, via islpy).

For two accesses of the band's body, one of which writes, at band iterations ``s`` and ``t``
(inner loops of the body free within their bounds), a dependence runs from ``s`` to ``t`` when
they touch one element and ``s`` comes first (lexicographically). A reordering is legal when no
dependence comes to run backwards: interchange (a permutation of the band) needs no ``s -> t``
with ``t`` before ``s`` in the new order; tiling needs the band fully permutable, no ``s -> t``
with ``t_k < s_k`` in any loop ``k``. Each question is the emptiness of integer sets built by
:mod:`kiln.analysis.dependences`' helpers; anything they cannot express counts as a dependence.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from kiln.analysis.dependences import (
    Access,
    Affine,
    NotAffine,
    accesses,
    affine,
    affine_scalars,
    isl_module,
    isl_name,
    isl_symbols,
    isl_term,
    loop_bounds,
    separated_vars,
)
from kiln.analysis.effects import ArrayRoots, effects_of
from kiln.analysis.nests import Band


@dataclass
class BandVerdict:
    reason: str = ""  # non-empty: some dependence would run backwards (or cannot be ruled out)
    overlap_checks: set[tuple[str, str]] = field(default_factory=set)


def lex_before(a: list[str], b: list[str]) -> list[str]:
    """``a`` precedes ``b`` lexicographically, as a list of alternative conjunctions."""
    return [
        " and ".join([*(f"{x} = {y}" for x, y in zip(a[:k], b[:k])), f"{a[k]} < {b[k]}"])
        for k in range(len(a))
    ]


def permutation_order(n: int, order: tuple[int, ...]) -> list[str]:
    """Alternatives under which ``t`` runs before ``s`` once the band's loops run in ``order``."""
    s = [f"s{k}" for k in order]
    t = [f"t{k}" for k in order]
    return lex_before(t, s)


def backwards_in_some_loop(n: int) -> list[str]:
    return [f"t{k} < s{k}" for k in range(n)]


def check_band(band: Band, roots: ArrayRoots, backwards: list[str]) -> BandVerdict:
    """Whether a dependence of ``band`` meets one of the ``backwards`` conditions (over s, t)."""
    outer = band.loops[0]
    subst = affine_scalars(outer.body, outer)
    changed = effects_of(outer.body).writes | {outer.var}
    rebound = effects_of(outer.body).array_binds
    acc = list(accesses(band.body))
    verdict = BandVerdict()
    for x in acc:
        for y in acc:
            if not (x.write or y.write):
                continue
            certain, pairs = roots.conflicts(x.array, y.array)
            if not certain:
                verdict.overlap_checks |= pairs
                continue
            if not roots.same_elements(x.array, y.array) or {x.array, y.array} & rebound:
                return BandVerdict(f"{x.array} and {y.array} may be views of one buffer")
            band_vars = set(band.vars)
            readable = (band_vars | {lp.var for lp in x.loops}, band_vars | {lp.var for lp in y.loops})
            if band_vars <= separated_vars(x, y, subst, changed | band_vars, band_vars, whole=readable):
                continue  # they meet only at one point of the band: no order between two
            isl = isl_module()
            if isl is None:
                return BandVerdict("no integer-set library (islpy) to prove the reordering legal")
            reason = _pair(isl, band, x, y, subst, changed, backwards)
            if reason:
                return BandVerdict(reason)
    return verdict


def _pair(
    isl,  # noqa: ANN001
    band: Band,
    x: Access,
    y: Access,
    subst: dict[str, Affine],
    changed: AbstractSet[str],
    backwards: list[str],
) -> str:
    n = len(band.loops)
    ren_s = {v: f"s{k}" for k, v in enumerate(band.vars)} | {v.var: f"x{k}" for k, v in enumerate(x.loops)}
    ren_t = {v: f"t{k}" for k, v in enumerate(band.vars)} | {v.var: f"y{k}" for k, v in enumerate(y.loops)}
    try:
        ix = [affine(e, subst) for e in x.indices]
        iy = [affine(e, subst) for e in y.indices]
    except NotAffine as exc:
        return f"subscript {exc.args[0]!r} of {x.array} is not affine"
    names = set().union(*ix, *iy) - {""}
    for k in names:
        if k in changed and k not in ren_s and k not in ren_t:
            return f"a subscript of {x.array} depends on {k}, which the nest changes"
    cons = [f"{isl_term(a, ren_s)} = {isl_term(b, ren_t)}" for a, b in zip(ix, iy)]
    for loop in band.loops:
        cons += loop_bounds(loop, subst, ren_s) + loop_bounds(loop, subst, ren_t)
    cons += [c for inner in x.loops for c in loop_bounds(inner, subst, ren_s)]
    cons += [c for inner in y.loops for c in loop_bounds(inner, subst, ren_t)]
    dims = list(dict.fromkeys([*ren_s.values(), *ren_t.values()]))
    symbols = sorted({isl_name(v) for v in names if v not in ren_s and v not in ren_t} | isl_symbols(cons))
    forward = lex_before([f"s{k}" for k in range(n)], [f"t{k}" for k in range(n)])
    for first in forward:
        for back in backwards:
            text = (
                f"[{', '.join(symbols)}] -> {{ [{', '.join(dims)}] : {' and '.join([*cons, first, back])} }}"
            )
            try:
                if not isl.Set(text).is_empty():
                    return f"a dependence on {x.array} would run backwards"
            except isl.Error:
                return f"cannot analyse the subscripts of {x.array}"
    return ""
