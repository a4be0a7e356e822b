"""Loop-carried memory dependences, exact for affine subscripts (integer sets via islpy).

For a loop ``L`` and two accesses of which one writes, a dependence carried by ``L`` exists when two
different iterations ``i != i'`` of ``L`` (inner loop variables free within their bounds) touch the
same element. Subscripts and bounds that are affine in loop variables and in symbols (array extents,
scalars ``L`` does not change) are handled exactly by emptiness of an integer set. Anything else —
a non-affine subscript, accesses through different views of one buffer — counts as a dependence.
Two different parameters may share memory: that is reported as a pair to check at run time.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import cast

from kiln.analysis.effects import ArrayRoots, effects_of
from kiln.analysis.signs import is_nonneg
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts, var_names

Affine = dict[str, int]  # variable or symbol name -> coefficient; "" is the constant term


@dataclass(frozen=True)
class Access:
    array: str
    indices: tuple[ir.Expr, ...]
    write: bool
    loops: tuple[ir.For, ...]  # loops inside L that enclose the access, outermost first


@dataclass
class LoopDependences:
    carried: bool  # a dependence between iterations of L exists (or cannot be ruled out)
    reason: str = ""
    overlap_checks: set[tuple[str, str]] = field(default_factory=set)


def accesses(body: tuple[ir.Stmt, ...], loops: tuple[ir.For, ...] = ()) -> Iterator[Access]:
    for s in body:
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load):
                yield Access(e.array, e.indices, False, loops)
        if isinstance(s, ir.Store):
            yield Access(s.array, s.indices, True, loops)
        if isinstance(s, ir.For):
            yield from accesses(s.body, loops + (s,))
        elif isinstance(s, ir.If):
            yield from accesses(s.then, loops)
            yield from accesses(s.orelse, loops)
        elif isinstance(s, ir.While | ir.Block):
            yield from accesses(s.body, loops)


_WIDENS_TO_INT64 = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32"})


class NotAffine(Exception):
    pass


def affine(e: ir.Expr, subst: dict[str, Affine]) -> Affine:
    """``e`` as an integer affine form, with variables in ``subst`` replaced by their forms."""
    if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return {"": e.value}
    if isinstance(e, ir.Var) and e.type.is_integer:
        return dict(subst.get(e.name, {e.name: 1}))
    if isinstance(e, ir.Dim):
        return {f"dim_{e.array}_{e.axis}": 1}
    if isinstance(e, ir.Cast) and e.type.dtype == "int64" and e.operand.type.dtype in _WIDENS_TO_INT64:
        return affine(e.operand, subst)  # exact: every value of the operand fits
    if isinstance(e, ir.Binary) and e.type.is_integer and e.op in ("add", "sub", "mul"):
        a, b = affine(e.lhs, subst), affine(e.rhs, subst)
        if e.op == "add":
            return _combine(a, b, 1)
        if e.op == "sub":
            return _combine(a, b, -1)
        if set(a) <= {""}:
            return {k: v * a.get("", 0) for k, v in b.items()}
        if set(b) <= {""}:
            return {k: v * b.get("", 0) for k, v in a.items()}
    raise NotAffine(e)


def _combine(a: Affine, b: Affine, sign: int) -> Affine:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + sign * v
    return out


def affine_scalars(body: tuple[ir.Stmt, ...], loop: ir.For) -> dict[str, Affine]:
    """Scalars that hold an affine value wherever they are read: assigned once in L's body, in some
    loop body (L's or an inner loop's) before every read of them, from affine values (``j = it``)."""
    counts: dict[str, int] = {}
    for s in iter_stmts(body):
        if isinstance(s, ir.Assign):
            counts[s.target] = counts.get(s.target, 0) + 1
    subst: dict[str, Affine] = {}
    bodies = [body] + [s.body for s in iter_stmts(body) if isinstance(s, ir.For)]
    for block in bodies:
        for pos, s in enumerate(block):
            if not isinstance(s, ir.Assign) or s.target in subst:
                continue
            if counts[s.target] != 1 and not _same_value_again(block, pos, counts[s.target]):
                chained = _chained_value(body, block, pos, counts[s.target], subst)
                if chained is not None:
                    subst[s.target] = chained
                continue
            if _reads(body, s.target) != _reads(block[pos + 1 :], s.target):
                continue  # read somewhere the assignment does not precede
            with contextlib.suppress(NotAffine):
                subst[s.target] = affine(s.value, subst)
    return subst


def _chained_value(
    body: tuple[ir.Stmt, ...], block: tuple[ir.Stmt, ...], pos: int, count: int, subst: dict[str, Affine]
) -> Affine | None:
    """The last value of ``block[pos]``'s target when all its assignments sit in ``block`` from
    ``pos`` on, each later one computed from the one before (``i = gid; i += k + 1``), and only
    the last value is read elsewhere: then the target holds one affine value wherever read."""
    first = cast(ir.Assign, block[pos])  # the caller passes an assignment
    target = first.target
    at = [p for p in range(pos, len(block)) if _assigns(block[p], target)]
    if len(at) != count:
        return None
    steps = [cast(ir.Assign, block[p]) for p in at]  # ``_assigns`` holds only for assignments
    chain_reads = sum(_var_count(s.value, target) for s in steps[1:])
    if _reads(body, target) != chain_reads + _reads(block[at[-1] + 1 :], target):
        return None  # an intermediate value is read, or a read comes before the first assignment
    between = effects_of(block[pos + 1 : at[-1]])
    values = [s.value for s in steps]
    operands = {e.name for v in values for e in iter_exprs(v) if isinstance(e, ir.Var)} - {target}
    extents = {e.array for v in values for e in iter_exprs(v) if isinstance(e, ir.Dim)}
    if operands & between.writes or extents & between.array_binds:
        return None  # an operand changes along the chain: the steps would mix its old and new value
    try:
        form = affine(first.value, subst)
        for s in steps[1:]:
            form = affine(s.value, {**subst, target: form})
    except NotAffine:
        return None
    return form


def _var_count(e: ir.Expr, var: str) -> int:
    return sum(1 for x in iter_exprs(e) if isinstance(x, ir.Var) and x.name == var)


def _same_value_again(block: tuple[ir.Stmt, ...], pos: int, count: int) -> bool:
    """Whether the other assignments of ``block[pos]``'s target all sit later in ``block`` and
    store the same expression, whose operands nothing assigns in between: then the target holds
    one value, as if assigned once. Fusing ``for i: x[i] = ..`` with ``for i: y[i] = ..`` leaves
    two ``i = it`` in one body."""
    first = block[pos]
    assert isinstance(first, ir.Assign)
    again = [p for p in range(pos + 1, len(block)) if _assigns(block[p], first.target)]
    if len(again) != count - 1 or any(cast(ir.Assign, block[p]).value != first.value for p in again):
        return False
    between = effects_of(block[pos + 1 : again[-1]])
    scalars = var_names(first.value)
    extents = {e.array for e in iter_exprs(first.value) if isinstance(e, ir.Dim)}  # a rebinding changes them
    return not (scalars & between.writes or extents & between.array_binds)


def _assigns(s: ir.Stmt, var: str) -> bool:
    return isinstance(s, ir.Assign) and s.target == var


def _reads(body: tuple[ir.Stmt, ...], var: str) -> int:
    return sum(
        1
        for s in iter_stmts(body)
        for e in iter_exprs(s, deep=False)
        if isinstance(e, ir.Var) and e.name == var
    )


_NAME = re.compile(r"[^A-Za-z0-9_]")


def isl_name(name: str) -> str:
    return "v_" + _NAME.sub("_", name)


def isl_term(coeffs: Affine, rename: dict[str, str]) -> str:
    parts = []
    for k, v in sorted(coeffs.items()):
        if v == 0:
            continue
        parts.append(f"{v}" if k == "" else f"{v}*{rename.get(k, isl_name(k))}")
    return " + ".join(parts) or "0"


def loop_bounds(
    loop: ir.For, subst: dict[str, Affine], rename: dict[str, str], nonneg: frozenset[str] = frozenset()
) -> list[str]:
    """Affine constraints of a loop variable (a constant step). Each bound that is affine gives one;
    a start that is not but cannot be negative (``nonneg``: scalars known ``>= 0``) gives
    ``var >= 0``; the operands of a ``min`` stop each bound the variable on their own."""
    var = rename[loop.var]
    step = loop.step
    if not (isinstance(step, ir.Const) and isinstance(step.value, int) and step.value != 0):
        return []
    k = step.value
    lo = _affine_term(loop.start, subst, rename)
    if k < 0:  # from start down to stop
        hi = _affine_term(loop.stop, subst, rename)
        return ([f"{hi} < {var}"] if hi else []) + ([f"{var} <= {lo}"] if lo else [])
    cons = [f"{lo} <= {var}"] if lo else [f"{var} >= 0"] if is_nonneg(loop.start, nonneg) else []
    # a tiled loop stops at min(tile end, original stop): below each
    cons += [f"{var} < {hi}" for e in _min_operands(loop.stop) if (hi := _affine_term(e, subst, rename))]
    if abs(k) != 1 and lo:
        cons.append(f"exists (t_{var} : {var} = {lo} + {k}*t_{var} and t_{var} >= 0)")
    return cons


def _affine_term(e: ir.Expr, subst: dict[str, Affine], rename: dict[str, str]) -> str:
    """``e`` as an isl term, or "" when it is not affine."""
    try:
        return isl_term(affine(e, subst), rename)
    except NotAffine:
        return ""


def _min_operands(e: ir.Expr) -> list[ir.Expr]:
    if isinstance(e, ir.Binary) and e.op == "min" and e.type.is_integer:
        return _min_operands(e.lhs) + _min_operands(e.rhs)
    return [e]


def separated_vars(
    x: Access,
    y: Access,
    subst: dict[str, Affine],
    changed: AbstractSet[str],
    loop_vars: AbstractSet[str],
    y_view: tuple[dict[str, Affine], dict[str, str]] | None = None,
    whole: tuple[AbstractSet[str], AbstractSet[str]] | None = None,
) -> set[str]:
    """The ``loop_vars`` (of loops around both accesses) ``v`` such that ``x`` and ``y`` touch
    one element only at equal values of ``v``: both have, on one axis, the same affine subscript
    ``c*v + t`` (``c != 0``) whose other terms ``t`` no loop around or inside them changes.
    Such a pair needs no integer-set test to show that different values of ``v`` keep it
    apart: isl would find the same.

    ``y_view``: ``y``'s own scalar forms and the names its loop variables take in ``x``'s loops
    (two nests about to be fused). ``whole``: for tests that judge a pair by all its subscripts
    (bands, fusion), the changed names ``x`` and ``y`` may read; a pair with a subscript that
    is not affine or reads another changed name gets no answer here, as it gets none there."""
    y_subst, rename = y_view if y_view is not None else (subst, {})
    try:
        forms = [(affine(ex, subst), affine(ey, y_subst)) for ex, ey in zip(x.indices, y.indices)]
    except NotAffine:
        if whole is not None:
            return set()
        forms = [pair for pair in _affine_pairs(x, y, subst, y_subst)]
    if whole is not None and any(
        set(a) & changed - whole[0] or set(b) & changed - whole[1] for a, b in forms
    ):
        return set()
    inner = {loop.var for loop in (*x.loops, *y.loops)}
    # A name of x's loops read in y (a loop variable's last value), or of y's read in x, is
    # not the variable of the iteration: an axis that mentions one proves nothing.
    stray_in_y = set(rename.values()) - set(rename)
    stray_in_x = set(rename) - set(rename.values())
    found: set[str] = set()
    for a, b in forms:
        if set(b) & stray_in_y or set(a) & stray_in_x:
            continue
        if {rename.get(k, k): c for k, c in b.items()} != a:
            continue
        terms = [k for k, c in a.items() if k and c]
        moving = [k for k in terms if k in changed or k in inner]
        if len(moving) == 1 and moving[0] in loop_vars and moving[0] not in inner:
            found.add(moving[0])
    return found


def _affine_pairs(
    x: Access, y: Access, subst: dict[str, Affine], y_subst: dict[str, Affine]
) -> Iterator[tuple[Affine, Affine]]:
    """The axes on which both subscripts are affine, as forms."""
    for ex, ey in zip(x.indices, y.indices):
        try:
            yield affine(ex, subst), affine(ey, y_subst)
        except NotAffine:
            continue


def isl_module():  # noqa: ANN201 -- islpy has no type information
    """islpy, imported on the first question that needs it (it costs tens of milliseconds to
    load, which a first compile answered by ``separated_vars`` alone need not pay); None when
    it is missing."""
    try:
        import islpy
    except ImportError:  # pragma: no cover - islpy is a dependency
        return None
    return islpy


def carried_dependence(
    loop: ir.For,
    roots: ArrayRoots,
    nonneg: frozenset[str] = frozenset(),
    private: frozenset[str] = frozenset(),
) -> LoopDependences:
    """Whether iterations of ``loop`` may touch a common element where one of them writes;
    ``nonneg``: integer scalars known to be ``>= 0`` (the ``nonneg_scalars`` analysis);
    ``private``: arrays each iteration allocates for itself (``private_allocs``), which no two
    iterations share."""
    body = loop.body
    changed = effects_of(body).writes | {loop.var}
    subst = affine_scalars(body, loop)
    acc = [a for a in accesses(body) if a.array not in private]
    rebound = effects_of(body).array_binds
    result = LoopDependences(False)
    for x in acc:
        if not x.write:
            continue
        for y in acc:
            certain, pairs = roots.conflicts(x.array, y.array)
            if not certain:
                result.overlap_checks |= pairs
                continue
            if not roots.same_elements(x.array, y.array) or {x.array, y.array} & rebound:
                return LoopDependences(True, f"{x.array} and {y.array} may be views of one buffer")
            if separated_vars(x, y, subst, changed, {loop.var}):
                continue
            isl = isl_module()
            if isl is None:  # be conservative without it
                return LoopDependences(True, "no integer-set library (islpy) to prove independence")
            reason = _pair_dependence(isl, loop, x, y, subst, changed, nonneg)
            if reason:
                return LoopDependences(True, reason)
    return result


def _pair_dependence(
    isl,  # noqa: ANN001
    loop: ir.For,
    x: Access,
    y: Access,
    subst: dict[str, Affine],
    changed: AbstractSet[str],
    nonneg: frozenset[str],
) -> str:
    """Empty string when no two different iterations of ``loop`` make ``x`` and ``y`` meet."""
    inner_x = [inner.var for inner in x.loops]
    inner_y = [inner.var for inner in y.loops]
    ren_x = {loop.var: "i0", **{v: f"x{k}" for k, v in enumerate(inner_x)}}
    ren_y = {loop.var: "i1", **{v: f"y{k}" for k, v in enumerate(inner_y)}}
    # A subscript that is not affine, or reads a scalar the loop changes, may be anything: its
    # dimension adds no equation, and another dimension (the row of ``C[i, select(...)]``) may
    # still keep the iterations apart.
    cons: list[str] = []
    names: set[str] = set()
    unknown = ""
    for ex, ey in zip(x.indices, y.indices):
        try:
            a, b = affine(ex, subst), affine(ey, subst)
        except NotAffine as exc:
            unknown = unknown or f"subscript {exc.args[0]!r} of {x.array} is not affine"
            continue
        moved = [k for k in (*a, *b) if k and k in changed and k not in ren_x and k not in ren_y]
        if moved:
            unknown = unknown or f"subscript of {x.array} depends on {moved[0]}, which the loop changes"
            continue
        names |= set(a) | set(b)
        cons.append(f"{isl_term(a, ren_x)} = {isl_term(b, ren_y)}")
    names -= {""}
    cons += loop_bounds(loop, subst, {loop.var: "i0"}, nonneg) + loop_bounds(
        loop, subst, {loop.var: "i1"}, nonneg
    )
    for inner in x.loops:
        cons += loop_bounds(inner, subst, ren_x, nonneg)
    for inner in y.loops:
        cons += loop_bounds(inner, subst, ren_y, nonneg)
    dims = ["i0", "i1", *ren_x.values(), *ren_y.values()]
    dims = list(dict.fromkeys(dims))
    symbols = sorted({isl_name(n) for n in names if n not in ren_x and n not in ren_y} | isl_symbols(cons))
    cons += sign_constraints(symbols, nonneg)
    for order in ("i0 < i1", "i1 < i0"):
        text = f"[{', '.join(symbols)}] -> {{ [{', '.join(dims)}] : {' and '.join([*cons, order])} }}"
        try:
            if not isl.Set(text).is_empty():
                return unknown or f"iterations of loop {loop.sid} may both access an element of {x.array}"
        except isl.Error:
            return f"cannot analyse the subscripts of {x.array}"
    return ""


_SYMBOL = re.compile(r"\bv_[A-Za-z0-9_]+")


def sign_constraints(symbols: list[str], nonneg: frozenset[str]) -> list[str]:
    """``s >= 0`` for the isl symbols that are array extents or scalars known non-negative."""
    known = {isl_name(n) for n in nonneg}
    return [f"{s} >= 0" for s in symbols if s in known or s.startswith("v_dim_")]


def isl_symbols(cons: list[str]) -> set[str]:
    return {m.group(0) for c in cons for m in _SYMBOL.finditer(c)}
