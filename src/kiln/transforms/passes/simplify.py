"""Fold tests that the function's own definitions decide.

``N = x.shape[0]`` at the top of a function, then ``out[:, i] = x[:, i] * 2`` with ``out`` of
shape ``(N, ...)``: the frontend checks that ``x.shape[0]`` broadcasts into ``N``, and fusion
versions the nests on the same equality. Both stay in the loop, where they cost a test per
iteration and, worse, keep the fallback copy of the nest with its temporary array alive: an
allocation in a loop body keeps that loop sequential (NPBench's conv2d: ``for i in
range(H_out)`` never went parallel).

A scalar assigned once in the whole function, by a statement of the function's own body or of
an inlined call's block (not one nested in a loop or branch there), before any exit, from dims
of arrays that are never rebound, constants and earlier such scalars, has that value everywhere
after; so do the extents of an array allocated or viewed once there from such values
(``np.empty((n, m))``). Python reads a name only after it is bound, so every read sees the one
value. An inlined call's scalars are its locals, read only inside its block: there the dims may
be of any array the block does not rebind (the caller's ``x``, re-bound elsewhere), and what the
call computes is known even when it comes after the caller's loops. Tests (``if``, ``check``,
``select`` conditions) whose both sides then read the same, up to casts between 64-bit integers,
fold (integer and boolean tests only: a float may be NaN): ``eq``, ``le``, ``ge`` to true,
``ne``, ``lt``, ``gt`` to false, and through ``and``/``or``/``not``. An ``if`` on a folded test
keeps the branch taken, a passing ``check`` goes. Nothing else changes.

Comparisons with zero fold too when the scalar compared cannot be negative (the
``nonneg_scalars`` analysis): ``a[i]`` with ``i = r + k + 1`` from a loop counter and an
argument specialized as ``>= 0`` loses its wrap-around select, and its subscript becomes affine
for the dependence test.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Callable

from kiln.analysis.signs import is_nonneg
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_exprs, map_shared_exprs, replace_body
from kiln.transforms.apart import without_unused_views
from kiln.transforms.pass_manager import PassContext, register

BOOL = ScalarType("bool")
_SAME = {"eq": True, "le": True, "ge": True, "ne": False, "lt": False, "gt": False}
_PURE = (ir.Const, ir.Var, ir.Dim, ir.Cast, ir.Binary, ir.Unary, ir.Select)


def definition_counts(fn: ir.Function) -> dict[str, int]:
    """How often each name is (re)defined: assignments, allocations, views, loop variables."""
    counts: dict[str, int] = {}
    for s in iter_stmts(fn.body):
        names = [getattr(s, f) for f in ("target", "var") if isinstance(getattr(s, f, None), str)]
        names += list(getattr(s, "outputs", ()) or ())
        for n in names:
            counts[n] = counts.get(n, 0) + 1
    return counts


def _known_values(fn: ir.Function) -> dict[str, ir.Expr]:
    """Scalars with one value everywhere after their definition (see the module docstring)."""
    counts = definition_counts(fn)
    known: dict[str, ir.Expr] = {}

    def pure(e: ir.Expr, rebinds: frozenset[str] | None) -> bool:
        for x in iter_exprs(e):
            if not isinstance(x, _PURE):
                return False
            if isinstance(x, ir.Dim) and _rebound(x, rebinds):
                return False  # an array rebound later: its dims may change
            if isinstance(x, ir.Var) and x.name not in known:
                return False
        return True

    def _rebound(d: ir.Dim, rebinds: frozenset[str] | None) -> bool:
        """``rebinds``: the arrays the walked block binds (None: the function's own body, where
        any binding counts)."""
        bound = counts.get(d.array, 0) > 0 and (rebinds is None or d.array in rebinds)
        return bound and _dim_key(d) not in known

    def walk(stmts: tuple[ir.Stmt, ...], rebinds: frozenset[str] | None = None) -> bool:
        """Record the statements of ``stmts`` (not those nested in loops and branches, which may
        run any number of times) up to the first exit; False there."""
        for s in stmts:
            if isinstance(s, ir.Block):
                if not walk(s.body, rebinds):
                    return False
            elif isinstance(s, ir.Assign | ir.Alloc | ir.View):
                known.update(_defined_values(s, known, counts, lambda e: pure(e, rebinds)))
            elif not isinstance(s, ir.Check | ir.For | ir.While | ir.If):
                return False  # an exit: what follows may not run
        return True

    walk(fn.body)
    everywhere = _reads(fn.body)
    for block in [s for s in iter_stmts(fn.body) if isinstance(s, ir.Block)]:
        _walk_inlined_call(block, known, everywhere, walk)
    return known


def _reads(stmts: tuple[ir.Stmt, ...]) -> Counter[str]:
    """How often ``stmts`` read each scalar and each array extent (by ``_dim_key``)."""
    keys = Counter[str]()
    for e in (e for s in stmts for e in iter_exprs(s)):
        if isinstance(e, ir.Var):
            keys[e.name] += 1
        elif isinstance(e, ir.Dim):
            keys[_dim_key(e)] += 1
    return keys


def _walk_inlined_call(
    block: ir.Block, known: dict[str, ir.Expr], everywhere: Counter[str], walk: Callable[..., bool]
) -> None:
    """An inlined call's block after control flow (``conv2d(padded, w)`` after ``padded`` was
    filled by a loop) has its own straight-line prefix. Its scalars are the call's locals, read
    only inside the block; the dims they read may be of any array the block does not bind (an
    argument the caller rebinds elsewhere): between a scalar and its readers it stays bound.
    ``everywhere``: the function's reads (``_reads``); a value read outside the block goes."""
    before = set(known)
    bound = frozenset(s.target for s in iter_stmts(block.body) if isinstance(s, ir.Alloc | ir.View))
    walk(block.body, bound)
    inside = _reads(block.body)
    for key in set(known) - before:
        if everywhere[key] > inside[key]:
            del known[key]


def _dim_key(d: ir.Dim) -> str:
    """The key of an array's extent among the known values (no variable name has parentheses)."""
    return f"dim({d.array}, {d.axis})"


def _substitution(known: dict[str, ir.Expr]) -> Callable[[ir.Expr], ir.Expr]:
    """A scalar or an array's extent replaced by its known value."""

    def sub(x: ir.Expr) -> ir.Expr:
        if isinstance(x, ir.Var):
            return known.get(x.name, x)
        return known.get(_dim_key(x), x) if isinstance(x, ir.Dim) else x

    return sub


def _inline(e: ir.Expr, known: dict[str, ir.Expr]) -> ir.Expr:
    return map_exprs(e, _substitution(known))  # type: ignore[return-value]


def _strip_casts(x: ir.Expr) -> ir.Expr:
    if isinstance(x, ir.Cast) and _int64(x.type) and _int64(x.operand.type):
        return x.operand
    return x


def _same_value(a: ir.Expr, b: ir.Expr, known: dict[str, ir.Expr]) -> bool:
    """Whether ``a`` and ``b`` are one expression once the known values are put in and casts
    between 64-bit integer types (the same C value) are left out. The known values share
    their parts (each is built from earlier ones): walked once each, by shared memos, so that
    long chains of definitions cost their size and not the size of their unfolding."""
    inlined: dict[int, tuple[ir.Expr, ir.Expr]] = {}
    normal: dict[int, tuple[ir.Expr, ir.Expr]] = {}
    sub = _substitution(known)

    def norm(e: ir.Expr) -> ir.Expr:
        return map_shared_exprs(map_shared_exprs(e, sub, inlined), _strip_casts, normal)

    return norm(a) == norm(b)


def _integral(e: ir.Expr) -> bool:
    return isinstance(e.type, ScalarType) and (e.type.is_integer or e.type.is_bool)


def _int64(t: object) -> bool:
    return isinstance(t, ScalarType) and t.dtype == "int64"


def fold_test(
    e: ir.Expr, known: dict[str, ir.Expr] | None = None, signs: frozenset[str] = frozenset()
) -> ir.Const | None:
    """``e`` (a test) as a constant when the known values, or the signs of the scalars it
    compares with zero (``signs``: those never negative), decide it."""
    known = known or {}
    if isinstance(e, ir.Const) and e.type == BOOL:
        return e
    if isinstance(e, ir.Unary) and e.op == "not":
        inner = fold_test(e.operand, known, signs)
        return None if inner is None else ir.Const(not inner.value, BOOL)
    if isinstance(e, ir.Binary) and e.op in ("and", "or"):
        a, b = fold_test(e.lhs, known, signs), fold_test(e.rhs, known, signs)
        decisive = e.op == "or"  # the value that decides alone
        if (a is not None and bool(a.value) == decisive) or (b is not None and bool(b.value) == decisive):
            return ir.Const(decisive, BOOL)
        return ir.Const(not decisive, BOOL) if a is not None and b is not None else None
    # integers only: a float that is NaN (0.0 / 0 from two empty extents) is not equal to itself
    same = isinstance(e, ir.Binary) and e.op in _SAME and _integral(e.lhs) and _integral(e.rhs)
    if same and _same_value(e.lhs, e.rhs, known):  # type: ignore[union-attr]
        return ir.Const(_SAME[e.op], BOOL)  # type: ignore[union-attr]
    sign = _sign_test(e, signs)
    return None if sign is None else ir.Const(sign, BOOL)


def _sign_test(e: ir.Expr, signs: frozenset[str]) -> bool | None:
    """``x < 0`` is false and ``x >= 0`` true (also written ``0 > x``, ``0 <= x``) when ``x``
    cannot be negative: the frontend's wrap-around of ``a[x]`` and kernels' versions on it."""
    if not (isinstance(e, ir.Binary) and e.op in ("lt", "ge", "gt", "le") and _integral(e.lhs)):
        return None
    x, zero, op = (
        (e.lhs, e.rhs, e.op) if e.op in ("lt", "ge") else (e.rhs, e.lhs, {"gt": "lt", "le": "ge"}[e.op])
    )
    if not (isinstance(zero, ir.Const) and zero.type.is_integer and zero.value == 0 and _integral(x)):
        return None
    return (op == "ge") if is_nonneg(x, signs) else None


@register("simplify", description="fold tests that the function's own definitions and signs decide")
def simplify(fn: ir.Function, ctx: PassContext) -> ir.Function:
    folder = _Folder(ctx, definition_counts(fn), ctx.analyses.get("nonneg_scalars"))
    body = folder.body(fn.body, _known_values(fn), top=True)
    if body == fn.body:
        return fn
    return dataclasses.replace(fn, body=without_unused_views(body, frozenset()))


@dataclasses.dataclass
class _Folder:
    """Folds each body's tests with the values known where they stand: the function's (see
    :func:`_known_values`), and inside a loop or branch also those of the scalars the body
    itself defined earlier. The frontend spells ``p[1:N - 1, j] = f(p[1:N - 1, j - 1])`` in a
    loop as two lengths from the same expression and a test that they are equal; that test
    keeps a broadcasting copy with its temporary array in the loop, and the nest stays
    sequential (NPBench adi). A scalar assigned once in the function, from values known
    everywhere, has the same value at every read that follows it in its own body."""

    ctx: PassContext
    counts: dict[str, int]
    signs: frozenset[str]

    def body(self, stmts: tuple[ir.Stmt, ...], known: dict[str, ir.Expr], top: bool) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for s in stmts:
            inner = tuple(self.body(b, known, top=False) for b in bodies(s))
            s = replace_body(s, *inner) if inner else s
            s = map_exprs(s, functools.partial(self.select, known=known), deep=False)  # type: ignore[assignment]
            folded = self.stmt(s, known)
            for kept in folded:
                out.append(kept)
                if not top:  # the function's own prefix is in ``known`` already
                    known = _with_definition(kept, known, self.counts)
        return tuple(out)

    def select(self, e: ir.Expr, known: dict[str, ir.Expr]) -> ir.Expr:
        if isinstance(e, ir.Select):
            c = fold_test(e.cond, known, self.signs)
            return e if c is None else (e.if_true if c.value else e.if_false)
        return e

    def stmt(self, s: ir.Stmt, known: dict[str, ir.Expr]) -> tuple[ir.Stmt, ...]:
        if isinstance(s, ir.If):
            c = fold_test(s.cond, known, self.signs)
            if c is not None:
                self.ctx.note(s.sid, f"simplify: the test is always {bool(c.value)}")
                return s.then if c.value else s.orelse
            if _needless_guard(s):
                self.ctx.note(s.sid, "simplify: the overlap guard's general branch no longer allocates")
                return s.then
        if isinstance(s, ir.Check) and (c := fold_test(s.cond, known, self.signs)) is not None and c.value:
            return ()
        return (s,)


def _with_definition(s: ir.Stmt, known: dict[str, ir.Expr], counts: dict[str, int]) -> dict[str, ir.Expr]:
    """``known`` plus what ``s`` defines once, from known values only (a copy when it adds)."""
    added = _defined_values(s, known, counts, lambda e: _pure(e, known, counts))
    return {**known, **added} if added else known


def _defined_values(
    s: ir.Stmt, known: dict[str, ir.Expr], counts: dict[str, int], pure: Callable[[ir.Expr], bool]
) -> dict[str, ir.Expr]:
    """What ``s`` defines once from values ``pure`` accepts: a scalar's value, or an array's
    extents (``np.empty((n, m))``: its dims are n, m); inlined through ``known``."""
    if not (isinstance(s, ir.Assign | ir.Alloc | ir.View) and counts.get(s.target) == 1):
        return {}
    if isinstance(s, ir.Assign):
        ok = isinstance(s.value.type, ScalarType) and pure(s.value)
        return {s.target: _inline(s.value, known)} if ok else {}
    if all(pure(x) for x in s.shape):
        return {_dim_key(ir.Dim(s.target, axis)): _inline(x, known) for axis, x in enumerate(s.shape)}
    return {}


def _pure(e: ir.Expr, known: dict[str, ir.Expr], counts: dict[str, int]) -> bool:
    """``e`` reads only known scalars or ones never assigned (arguments), and dims of arrays
    never bound in the function or known."""
    for x in iter_exprs(e):
        if not isinstance(x, _PURE):
            return False
        if isinstance(x, ir.Dim) and counts.get(x.array, 0) > 0 and _dim_key(x) not in known:
            return False
        if isinstance(x, ir.Var) and x.name not in known and counts.get(x.name, 0) > 0:
            return False
    return True


def _needless_guard(s: ir.If) -> bool:
    """The frontend's overlap guard, ``if overlaps(dest, src) or ...``: its first branch reads
    the operands into temporaries before writing, which is right whether or not they overlap;
    the second writes directly. Once fusion and contraction have turned those temporaries into
    scalars, the first branch costs no more than the second and the test is not needed (and
    the nest around it becomes perfect again, for interchange)."""
    return _overlap_test(s.cond) and not any(isinstance(x, ir.Alloc) for x in iter_stmts(s.then))


def _overlap_test(e: ir.Expr) -> bool:
    if isinstance(e, ir.Binary) and e.op == "or":
        return _overlap_test(e.lhs) and _overlap_test(e.rhs)
    if isinstance(e, ir.Const):
        return e.value is False
    return isinstance(e, ir.Overlaps)
