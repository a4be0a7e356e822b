"""Whether two loop nests may run fused: an exact test for affine subscripts (islpy).

Nest ``N1`` runs entirely before nest ``N2``. Fused over their ``k`` outer levels, ``N2``'s
iteration ``J`` runs before ``N1``'s iteration ``I`` exactly when ``J`` precedes ``I`` in the
lexicographic execution order. Fusion is legal when no element is touched by ``N1`` at ``I`` and
by ``N2`` at such a ``J`` with one of the two writing it: ``N2`` then reads only what ``N1``
produced at iterations up to its own, and writes only what ``N1`` no longer needs. Accesses to
different arrays that are views of one buffer count as a conflict; two parameters that may
share memory are returned as pairs to check at run time.
"""

from __future__ import annotations

import contextlib
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
from kiln.ir import nodes as ir


@dataclass
class FusionDependences:
    reason: str = ""  # non-empty: fusion may reverse a dependence
    overlap_checks: set[tuple[str, str]] = field(default_factory=set)


def fusion_dependences(n1: list[ir.For], n2: list[ir.For], roots: ArrayRoots) -> FusionDependences:
    """Whether fusing the ``k = len(n1)`` outer levels of two nests (``n1`` first) is legal."""
    steps = [_const_step(loop) for loop in n1]
    if any(s is None for s in steps):
        return FusionDependences("a loop step is not a constant")
    body1, body2 = n1[-1].body, n2[-1].body
    changed = effects_of(body1).writes | effects_of(body2).writes | {lp.var for lp in n1 + n2}
    sub1, sub2 = affine_scalars(body1, n1[-1]), affine_scalars(body2, n2[-1])
    result = FusionDependences()
    acc1, acc2 = list(accesses(body1)), list(accesses(body2))
    for x in acc1:
        for y in acc2:
            if not (x.write or y.write):
                continue
            certain, pairs = roots.conflicts(x.array, y.array)
            if not certain:
                result.overlap_checks |= pairs
                continue
            if not roots.same_elements(x.array, y.array):
                return FusionDependences(f"{x.array} and {y.array} may be views of one buffer")
            if _apart(n1, n2, x, y, (sub1, sub2), changed):
                continue
            isl = isl_module()
            if isl is None:  # be conservative without it
                return FusionDependences("no integer-set library (islpy) to prove the fusion legal")
            reason = _pair(isl, n1, n2, x, y, (sub1, sub2), changed, steps)  # type: ignore[arg-type]
            if reason:
                return FusionDependences(reason)
    return result


def _apart(
    n1: list[ir.For],
    n2: list[ir.For],
    x: Access,
    y: Access,
    subs: tuple[dict[str, Affine], dict[str, Affine]],
    changed: AbstractSet[str],
) -> bool:
    """Whether ``x`` (first nest) and ``y`` (second) meet only at equal iterations of the fused
    levels, which fusion keeps in order: each level's variable separates them on some axis
    (``separated_vars``, the second nest's variables read as the first's). A name of one nest's
    loops read in the other (a loop variable's last value) proves nothing on its axis."""
    rename = {b.var: a.var for a, b in zip(n1, n2)}
    levels = {lp.var for lp in n1}
    readable = (levels | {lp.var for lp in x.loops}, {lp.var for lp in (*n2, *y.loops)})
    return levels <= separated_vars(x, y, subs[0], changed, levels, (subs[1], rename), readable)


def _const_step(loop: ir.For) -> int | None:
    s = loop.step
    if isinstance(s, ir.Const) and isinstance(s.value, int) and not isinstance(s.value, bool) and s.value:
        return s.value
    return None


def _pair(
    isl,  # noqa: ANN001
    n1: list[ir.For],
    n2: list[ir.For],
    x: Access,
    y: Access,
    subs: tuple[dict[str, Affine], dict[str, Affine]],
    changed: set[str],
    steps: list[int],
) -> str:
    k = len(n1)
    outer_i = {lp.var: f"i{n}" for n, lp in enumerate(n1)}
    outer_j = {lp.var: f"j{n}" for n, lp in enumerate(n2)}
    as_j = {lp.var: f"j{n}" for n, lp in enumerate(n1)}  # N1's bounds, written for N2's iteration
    ren_x = {**outer_i, **{lp.var: f"x{n}" for n, lp in enumerate(x.loops)}}
    ren_y = {**outer_j, **{lp.var: f"y{n}" for n, lp in enumerate(y.loops)}}
    try:
        ix = [affine(e, subs[0]) for e in x.indices]
        iy = [affine(e, subs[1]) for e in y.indices]
    except NotAffine as exc:
        return f"subscript {exc.args[0]!r} of {x.array} is not affine"
    for form, ren in [*((f, ren_x) for f in ix), *((f, ren_y) for f in iy)]:
        for name in form:
            if name and name in changed and name not in ren:
                return f"a subscript of {x.array} depends on {name}, which the loops change"
    cons = [f"{isl_term(a, ren_x)} = {isl_term(b, ren_y)}" for a, b in zip(ix, iy)]
    for lp in n1:
        cons += loop_bounds(lp, subs[0], outer_i) + loop_bounds(lp, subs[0], as_j)
    for lp in x.loops:
        cons += loop_bounds(lp, subs[0], ren_x)
    for lp in y.loops:
        cons += loop_bounds(lp, subs[1], ren_y)
    dims = list(dict.fromkeys([*outer_i.values(), *outer_j.values(), *ren_x.values(), *ren_y.values()]))
    names = {n for form in (*ix, *iy) for n in form if n and n not in ren_x and n not in ren_y}
    symbols = sorted({isl_name(n) for n in names} | isl_symbols(cons))
    for level in range(k):  # N2's iteration J runs before N1's I: J precedes I at this level
        before = "<" if steps[level] > 0 else ">"
        order = [f"j{m} = i{m}" for m in range(level)] + [f"j{level} {before} i{level}"]
        text = f"[{', '.join(symbols)}] -> {{ [{', '.join(dims)}] : {' and '.join([*cons, *order])} }}"
        with contextlib.suppress(isl.Error):
            if isl.Set(text).is_empty():
                continue
            return f"fused, an iteration would access an element of {x.array} before the first nest's"
        return f"cannot analyse the subscripts of {x.array}"
    return ""
