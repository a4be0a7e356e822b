"""A matrix product of a scaled operand, ``(alpha * A) @ B``, becomes ``alpha * (A @ B)``: the
scaled copy of ``A`` is never made, and the scaling moves to the product's readers, where
``fuse_gemm`` can hand it to BLAS as ``alpha`` (``D = alpha * A @ B + beta * C`` is one gemm).

The frontend lowers ``alpha * A @ B`` as Python groups it: ``T = alloc``, a perfect nest storing
``T[i] = alpha * A[i]`` over all of ``T``, then ``matmul(mm, T, B)``. When

- ``T`` is named only there (the nest's store, the product's operand), has ``A``'s extents
  (``dim(A, k)``) and dtype, a floating or complex one that ``mm`` and the other operand share
  (so the two orders differ by rounding alone, as BLAS's own orders do);
- ``alpha`` reads no array and calls nothing, and no statement after the nest assigns a
  variable it reads; the nest's loads of ``A`` are at its loop variables, in order;
- the statements between the nest and the product only allocate, check or assign scalars
  (``A`` cannot change there), and ``mm`` is read after the product only by loads (no view,
  call or return of it: those would see the unscaled values),

the nest goes, the product reads ``A``, and every load of ``mm`` reads ``alpha * mm[...]``.
Either operand may be the scaled one (``A @ (alpha * B)``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kiln.analysis.nests import store_nest
from kiln.ir import nodes as ir
from kiln.ir.types import BLAS_DTYPES, ArrayType, ScalarType
from kiln.ir.visit import array_names, iter_exprs, iter_stmts, map_exprs, map_runs, var_names
from kiln.transforms.pass_manager import PassContext, register

_BETWEEN = (ir.Alloc, ir.Check, ir.Assign)  # statements that may stand between nest and product
_READERS = (ir.Assign, ir.Store, ir.If, ir.For, ir.While, ir.Check)  # may read the product


@dataclass(frozen=True)
class ScaledCopy:
    """``T[i] = alpha * A[i]`` over all of ``T``: the nest, ``A`` and ``alpha``."""

    nest: ir.For
    source: str
    alpha: ir.Expr


def _known_extents(fn: ir.Function) -> dict[str, tuple[ir.Expr, ...]]:
    """The extents of arrays bound once (by an allocation or a view) as their binding spells them,
    where those expressions read only scalars assigned at most once (so they mean one value)."""
    stmts = list(iter_stmts(fn.body))
    targets = [s.target for s in stmts if isinstance(s, ir.Assign)] + [
        s.var for s in stmts if isinstance(s, ir.For)
    ]
    loop_vars = {s.var for s in stmts if isinstance(s, ir.For)}
    bound = [s for s in stmts if isinstance(s, ir.Alloc | ir.View)]
    known: dict[str, tuple[ir.Expr, ...]] = {}
    for s in bound:
        names = set().union(*(var_names(e) for e in s.shape))
        if sum(b.target == s.target for b in bound) == 1 and all(
            targets.count(v) <= 1 and v not in loop_vars for v in names
        ):
            known[s.target] = s.shape
    return known


def _same_extents(alloc: ir.Alloc, source: str, known: dict[str, tuple[ir.Expr, ...]]) -> bool:
    if alloc.shape == tuple(ir.Dim(source, k, e.type) for k, e in enumerate(alloc.shape)):
        return True
    return known.get(source) == alloc.shape


def _scaled_copy(s: ir.Stmt, alloc: ir.Alloc, types: dict, known: dict) -> ScaledCopy | None:
    """``s`` as the nest that fills all of ``alloc``'s array with a scaled copy of another."""
    found = store_nest(s)
    if found is None:
        return None
    loops, store = found
    loop_vars = [f.var for f in loops]
    if store.array != alloc.target or len(loops) != len(alloc.shape):
        return None
    for f, extent in zip(loops, alloc.shape):
        if f.stop != extent:
            return None
    if [e.name if isinstance(e, ir.Var) else None for e in store.indices] != loop_vars:
        return None
    value = store.value
    if not (isinstance(value, ir.Binary) and value.op == "mul" and value.type.dtype == alloc.type.dtype):
        return None
    for load, alpha in ((value.rhs, value.lhs), (value.lhs, value.rhs)):
        if not (isinstance(load, ir.Load) and load.indices == store.indices):
            continue
        source = types.get(load.array)
        if not (isinstance(source, ArrayType) and source.dtype == alloc.type.dtype):
            continue
        if not _same_extents(alloc, load.array, known):
            continue
        if any(isinstance(x, ir.Load | ir.Call | ir.Dim | ir.Stride) for x in iter_exprs(alpha)):
            continue
        if var_names(alpha) & set(loop_vars):
            continue
        return ScaledCopy(loops[0], load.array, alpha)
    return None


def _uses(stmts: tuple[ir.Stmt, ...], name: str) -> int:
    return sum(name in array_names(s) for s in iter_stmts(stmts))


def _only_loaded(stmts: tuple[ir.Stmt, ...], name: str) -> bool:
    """Whether every mention of array ``name`` in ``stmts`` is a load or a read of its extents."""
    for s in iter_stmts(stmts):
        if name not in array_names(s):
            continue
        read = {e.array for e in iter_exprs(s, deep=False) if isinstance(e, ir.Load | ir.Dim | ir.Stride)}
        stored = isinstance(s, ir.Store | ir.Atomic) and s.array == name
        if stored or name not in read or not isinstance(s, _READERS):
            return False
        if any(isinstance(e, ir.Overlaps) and name in (e.a, e.b) for e in iter_exprs(s, deep=False)):
            return False
    return True


def _binds(stmts: tuple[ir.Stmt, ...], name: str) -> bool:
    return any(isinstance(s, ir.Alloc | ir.View) and s.target == name for s in stmts)


def _assigns(stmts: tuple[ir.Stmt, ...], names: set[str]) -> bool:
    for s in iter_stmts(stmts):
        if isinstance(s, ir.Assign) and s.target in names:
            return True
        if isinstance(s, ir.For) and s.var in names:
            return True
    return False


def _scaled_reads(s: ir.Stmt, mm: str, alpha: ir.Expr) -> ir.Stmt:
    def scale(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Load) and e.array == mm:
            return ir.Binary("mul", alpha, e, e.type)
        return e

    return map_exprs(s, scale)  # type: ignore[return-value]


def _scale_in_place(copy: ScaledCopy, product: ir.Alloc) -> ir.Stmt | None:
    """``mm[i] = alpha * mm[i]`` over all of the product, on the removed nest's loops (as many of
    them as the product has axes; None when it has more)."""
    loops = [f for f in iter_stmts([copy.nest]) if isinstance(f, ir.For)]
    rank = len(product.shape)
    if not 0 < rank <= len(loops):
        return None
    loops = loops[:rank]
    at = tuple(ir.Var(f.var, f.start.type) for f in loops)
    element = ir.Load(product.target, at, ScalarType(product.type.dtype))
    body: ir.Stmt = ir.Store(  # the removed store's id: ids stay unique
        product.target, at, ir.Binary("mul", copy.alpha, element, element.type), _store_sid(copy), product.loc
    )
    for f, extent in zip(reversed(loops), reversed(product.shape)):
        body = dataclasses.replace(f, stop=extent, body=(body,))
    return body


def _store_sid(copy: ScaledCopy) -> int:
    return next(s.sid for s in iter_stmts([copy.nest]) if isinstance(s, ir.Store))


class _Mover:
    def __init__(self, fn: ir.Function) -> None:
        self.fn = fn
        self.types = fn.var_types()
        self.known = _known_extents(fn)
        self.dropped: set[str] = set()

    def match(self, block: tuple[ir.Stmt, ...], at: int) -> tuple[list[ir.Stmt], int] | None:
        """At ``alloc T; nest; ...; matmul(mm, T, B)`` in ``block``: the rewritten block tail."""
        alloc = block[at]
        if not (isinstance(alloc, ir.Alloc) and not alloc.hoist and alloc.type.dtype in BLAS_DTYPES):
            return None
        if at + 1 >= len(block):
            return None
        copy = _scaled_copy(block[at + 1], alloc, self.types, self.known)
        if copy is None or _uses(self.fn.body, alloc.target) != 3:  # alloc, store, product
            return None
        k = at + 2
        while k < len(block) and isinstance(block[k], _BETWEEN) and alloc.target not in array_names(block[k]):
            k += 1
        call = block[k] if k < len(block) else None
        if not self._product_of(call, alloc.target):
            return None
        assert isinstance(call, ir.LibCall)
        rest = block[k + 1 :]
        (mm,) = call.outputs
        if _assigns(block[at + 2 :], var_names(copy.alpha)) or _binds(block[at + 2 : k], copy.source):
            return None
        made = [s for s in block[at + 2 : k] if isinstance(s, ir.Alloc) and s.target == mm]
        if _uses(block[: at + 1], mm) or not made:
            return None  # mm made elsewhere: it may be read outside this block
        after = self._scaled_after(list(rest), mm, made[0], copy)
        if after is None:
            return None
        inputs = tuple(copy.source if x == alloc.target else x for x in call.inputs)
        self.dropped |= {alloc.target, *(f.var for f in iter_stmts([copy.nest]) if isinstance(f, ir.For))}
        return [*block[at + 2 : k], dataclasses.replace(call, inputs=inputs), *after], len(block)

    def _scaled_after(
        self, rest: list[ir.Stmt], mm: str, made: ir.Alloc, copy: ScaledCopy
    ) -> list[ir.Stmt] | None:
        """``rest`` reading ``alpha * mm``: its loads scaled; or, where ``mm``'s one reader is
        another product of one dtype (``alpha * A @ B @ C``), that product's readers, and so on;
        else ``mm`` scaled in place once (where it is returned, viewed or handed on)."""
        if _only_loaded(tuple(rest), mm):
            return [_scaled_reads(s, mm, copy.alpha) for s in rest]
        readers = [j for j, s in enumerate(rest) if _uses((s,), mm)]
        if len(readers) == 1 and _uses(tuple(rest), mm) == 1:
            j = readers[0]
            call = rest[j]
            if self._product_of(call, mm) and isinstance(call, ir.LibCall):
                (out,) = call.outputs
                made_out = [s for s in rest[:j] if isinstance(s, ir.Alloc) and s.target == out]
                if made_out and _uses(tuple(rest[:j]), out) == 1:  # its allocation alone
                    tail = self._scaled_after(rest[j + 1 :], out, made_out[0], copy)
                    if tail is not None:
                        return [*rest[: j + 1], *tail]
        scaling = _scale_in_place(copy, made)
        return None if scaling is None else [scaling, *rest]

    def _product_of(self, call: ir.Stmt | None, operand: str) -> bool:
        if not (isinstance(call, ir.LibCall) and call.func == "matmul" and len(call.inputs) == 2):
            return False
        if call.inputs.count(operand) != 1 or len(call.outputs) != 1:
            return False
        types = [self.types.get(x) for x in (*call.outputs, *call.inputs)]
        dtypes = {t.dtype for t in types if isinstance(t, ArrayType)}
        return len(dtypes) == 1 and all(isinstance(t, ArrayType) for t in types)


@register(
    "scale_after_product",
    description="(alpha * A) @ B as alpha * (A @ B): no scaled copy; the product's readers scale",
)
def scale_after_product(fn: ir.Function, ctx: PassContext) -> ir.Function:
    out, dropped = fn, set[str]()
    while True:  # a match rewrites the rest of its block: look again for a later product there
        mover = _Mover(out)
        body = map_runs(out.body, mover.match)
        if body is out.body:
            break
        out, dropped = dataclasses.replace(out, body=body), dropped | mover.dropped
    if out is fn:
        return fn
    named = set().union(*(array_names(s) | var_names(s, deep=False) for s in iter_stmts(out.body)))
    named |= {s.var for s in iter_stmts(out.body) if isinstance(s, ir.For)}
    named |= {s.target for s in iter_stmts(out.body) if isinstance(s, ir.Assign)}
    return dataclasses.replace(out, locals=tuple((n, t) for n, t in out.locals if n not in dropped - named))
