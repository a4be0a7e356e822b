"""A matrix product whose only reader scales it and adds it to another array becomes one BLAS
call that does both: ``?gemm``/``?gemv`` with alpha and beta, straight on the destination.

The frontend lowers ``D[...] = alpha * A @ B + beta * C`` (also ``D += A @ B`` and a fresh
``alpha * A @ B + C``) as NumPy computes it: the product into a temporary ``mm``, then a loop
nest (versioned on broadcasting) whose every element is ``alpha * mm[i] + Y[i]``. When

- ``mm = alloc(...)`` and ``matmul(mm, A, B)`` stand together, of one BLAS dtype, ``A`` and
  ``B`` matrices or a matrix and a vector, and the statements between them and the nest only
  check, assign scalars and bind arrays other than ``A`` and ``B``;
- the nest (or one it runs under ``if``s of one-statement branches: broadcasting versions,
  overlap guards) is perfect, walks the product's shape from 0 in unit steps, and stores a sum
  with one term ``alpha * mm[i]`` (``alpha`` a value the nest does not change; the other terms,
  ``Y``, not reading ``mm``) to ``D`` of the product's dtype, at indices that each follow one
  loop of the nest affinely;
- nothing else reads ``mm``, ``D`` shares no memory with ``A`` or ``B`` (tested at run time
  for parameters; no fusion when they certainly overlap), and the product is large enough that
  the C code would give it to BLAS (small and thin products run as generated loops),

the nest stores ``Y`` alone and a ``gemm`` call adds ``alpha * A @ B`` to the view of ``D`` the
nest walks; when ``Y`` is ``beta * D[i]`` at the stored element itself, the nest goes and
``beta`` is the call's. The original code runs whenever the run-time test fails (another shape
that broadcasts, overlapping arrays). Sums run in BLAS's order: the results agree to rounding,
as they would with NumPy's own choice of kernel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from kiln.analysis.effects import array_roots
from kiln.analysis.nests import store_nest
from kiln.errors import SourceLoc
from kiln.ir import nodes as ir
from kiln.ir.types import BLAS_DTYPES, SMALL_GEMM, SMALL_GEMV, THIN_GEMM, ArrayType, ScalarType
from kiln.ir.visit import array_names, iter_exprs, iter_stmts, map_runs, max_sid, var_names
from kiln.transforms.fresh import fresh_local
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.versioning import all_of, apart, renumbered

INT64 = ScalarType("int64")
BOOL = ScalarType("bool")
_PRODUCT_RANKS = {(2, 2): 2, (2, 1): 1, (1, 2): 1}


@dataclass(frozen=True)
class Epilogue:
    """What a product's consumer does with it: ``D[at(i)] = alpha * mm[i] + rest``."""

    loops: tuple[ir.For, ...]  # the perfect nest, outermost first
    store: ir.Store
    alpha: ir.Expr | None  # None: 1
    rest: ir.Expr  # the element added to the scaled product
    places: tuple[tuple[int, ir.Expr, ir.Expr], ...]  # per loop: D's axis, offset, step


def _is_const(e: ir.Expr, value: int) -> bool:
    return isinstance(e, ir.Const) and e.value == value


def _scaled_load(e: ir.Expr, mm: str) -> tuple[ir.Expr | None, ir.Load] | None:
    """(alpha, the load) when ``e`` is ``mm[...]`` or ``alpha * mm[...]`` (either order)."""
    if isinstance(e, ir.Load) and e.array == mm:
        return None, e
    if isinstance(e, ir.Binary) and e.op == "mul":
        for load, scale in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if isinstance(load, ir.Load) and load.array == mm:
                return scale, load
    return None


def _affine(e: ir.Expr, var: str) -> tuple[ir.Expr, ir.Expr] | None:
    """(offset, step) with ``e == offset + step * var``, neither reading ``var``."""
    if isinstance(e, ir.Var) and e.name == var:
        return ir.Const(0, INT64), ir.Const(1, INT64)
    if isinstance(e, ir.Binary) and e.op == "add":
        for inner, offset in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            found = _affine(inner, var) if var not in var_names(offset) else None
            if found is not None and _is_const(found[0], 0):
                return offset, found[1]
    if isinstance(e, ir.Binary) and e.op == "mul":
        for inner, step in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if isinstance(inner, ir.Var) and inner.name == var and var not in var_names(step):
                return ir.Const(0, INT64), step
    return None


def _places(store: ir.Store, loop_vars: list[str]) -> tuple[tuple[int, ir.Expr, ir.Expr], ...] | None:
    """Per loop variable: the axis of ``D`` it walks, and that axis' offset and step."""
    found: dict[str, tuple[int, ir.Expr, ir.Expr]] = {}
    for axis, index in enumerate(store.indices):
        walking = [v for v in loop_vars if v in var_names(index)]
        if not walking:
            continue
        if len(walking) > 1 or walking[0] in found:
            return None
        place = _affine(index, walking[0])
        if place is None:
            return None
        found[walking[0]] = (axis, *place)
    return tuple(found[v] for v in loop_vars) if len(found) == len(loop_vars) else None


def epilogue(nest: ir.Stmt, mm: str, rank: int) -> Epilogue | None:
    """The consumer's shape when ``nest`` stores ``alpha * mm[i] + rest`` as above."""
    found = store_nest(nest)
    if found is None:
        return None
    loops, store = found
    loop_vars = [f.var for f in loops]
    value = store.value
    split = _split_sum(value, mm) if len(loops) == rank else None
    if split is None:
        return None
    alpha, load, rest = split
    if [e.name if isinstance(e, ir.Var) else None for e in load.indices] != loop_vars:
        return None
    if _reads_array(rest, mm) or (alpha is not None and not _invariant(alpha, loop_vars)):
        return None
    places = _places(store, loop_vars)
    if places is None:
        return None
    if any(not _invariant(i, loop_vars) for i, _ in _fixed_indices(store, places)):
        return None
    return Epilogue(loops, store, alpha, rest, places)


def _split_sum(e: ir.Expr, mm: str) -> tuple[ir.Expr | None, ir.Load, ir.Expr] | None:
    """(alpha, the load, the other terms) when ``e`` is a sum (of any grouping) with one term
    ``[alpha *] mm[...]``; the other terms keep their order."""
    if not (isinstance(e, ir.Binary) and e.op == "add"):
        return None
    for side, other, first in ((e.lhs, e.rhs, True), (e.rhs, e.lhs, False)):
        scaled = _scaled_load(side, mm)
        if scaled is not None:
            return scaled[0], scaled[1], other
        inner = _split_sum(side, mm)
        if inner is not None:
            alpha, load, rest = inner
            total = ir.Binary("add", rest, other, e.type) if first else ir.Binary("add", other, rest, e.type)
            return alpha, load, total
    return None


def _fixed_indices(
    store: ir.Store, places: tuple[tuple[int, ir.Expr, ir.Expr], ...]
) -> list[tuple[ir.Expr, int]]:
    walked = {axis for axis, _, _ in places}
    return [(i, axis) for axis, i in enumerate(store.indices) if axis not in walked]


def _reads_array(e: ir.Expr, name: str) -> bool:
    return any(isinstance(x, ir.Load | ir.Dim | ir.Stride) and x.array == name for x in iter_exprs(e))


def _invariant(e: ir.Expr, loop_vars: list[str]) -> bool:
    """Evaluable before the nest with the same value: scalars the nest does not assign, no loads."""
    return not (var_names(e) & set(loop_vars)) and not any(
        isinstance(x, ir.Load | ir.Call) for x in iter_exprs(e)
    )


@dataclass(frozen=True)
class Product:
    """``mm = alloc(shape); matmul(mm, a, b)`` at ``at`` and ``at + 1`` of a block."""

    alloc: ir.Alloc
    call: ir.LibCall
    rank: int


def _product(stmts: tuple[ir.Stmt, ...], at: int, types: dict) -> Product | None:
    alloc, call = stmts[at], stmts[at + 1]
    if not (isinstance(alloc, ir.Alloc) and isinstance(call, ir.LibCall) and call.func == "matmul"):
        return None
    if call.outputs != (alloc.target,) or len(call.inputs) != 2 or alloc.hoist:
        return None
    a, b = (types.get(x) for x in call.inputs)
    if not (isinstance(a, ArrayType) and isinstance(b, ArrayType)):
        return None
    rank = _PRODUCT_RANKS.get((a.ndim, b.ndim))
    dtype = alloc.type.dtype
    if rank is None or rank != alloc.type.ndim or dtype not in BLAS_DTYPES or {a.dtype, b.dtype} != {dtype}:
        return None
    return Product(alloc, call, rank)


class _Fuser:
    """Finds and rewrites the products of one function, block by block."""

    def __init__(self, fn: ir.Function) -> None:
        self.types = fn.var_types()
        self.roots = array_roots(fn)
        self.last_sid = max_sid(fn)
        self.declared = fn  # the function with the locals the rewrite adds
        self.mentions: dict[str, int] = {}
        for s in iter_stmts(fn.body):
            for name in array_names(s):
                self.mentions[name] = self.mentions.get(name, 0) + 1

    def fresh(self, stem: str, type_: ArrayType) -> str:
        self.declared, name = fresh_local(self.declared, stem, type_)
        return name

    def sid(self) -> int:
        self.last_sid += 1
        return self.last_sid

    def fuse_at(self, stmts: tuple[ir.Stmt, ...], at: int) -> tuple[list[ir.Stmt], int] | None:
        """The statements that replace the product at ``at`` and its consumer, and the position
        after them (``map_runs``'s contract); None when there is nothing to fuse there."""
        if at + 2 >= len(stmts):
            return None
        product = _product(stmts, at, self.types)
        if product is None:
            return None
        mm = product.alloc.target
        between = at + 2
        # checks, scalars and bindings of other arrays: they may run before the product, which
        # must then mean what it meant (its operands and extents not re-bound or re-assigned)
        shape = [e for x in product.alloc.shape for e in iter_exprs(x)]
        operands = {mm, *product.call.inputs, *(e.array for e in shape if isinstance(e, ir.Dim | ir.Stride))}
        scalars = {e.name for e in shape if isinstance(e, ir.Var)}
        while between < len(stmts) and isinstance(stmts[between], ir.Check | ir.Assign | ir.Alloc | ir.View):
            s = stmts[between]
            rebinds = isinstance(s, ir.Alloc | ir.View) and s.target in operands
            if mm in array_names(s) or rebinds or (isinstance(s, ir.Assign) and s.target in scalars):
                return None
            between += 1
        if between == len(stmts):
            return None
        consumer = stmts[between]
        # mm named by its alloc, its matmul and statements inside the consumer only
        inside = sum(1 for s in iter_stmts([consumer]) if mm in array_names(s))
        if self.mentions.get(mm, 0) != 2 + inside or inside == 0:
            return None
        fused = self._fused(product, consumer)
        if fused is None:
            return None
        return [*stmts[at + 2 : between], *fused], between + 1

    def _fused(self, product: Product, consumer: ir.Stmt) -> list[ir.Stmt] | None:
        mm = product.alloc.target
        found = next(
            ((conds, ep) for conds, nest in _versions(consumer) if (ep := epilogue(nest, mm, product.rank))),
            None,
        )
        if found is None:
            return None
        chosen, ep = found
        dest = ep.store.array
        dest_type = self.types.get(dest)
        if not isinstance(dest_type, ArrayType) or dest_type.dtype != product.alloc.type.dtype:
            return None
        tests = [_worth_a_call(product, self.types), *chosen]  # the cheapest test first
        for extent, loop in zip(product.alloc.shape, ep.loops):
            if extent != loop.stop:
                tests.append(ir.Binary("eq", extent, loop.stop, BOOL))
        for operand in product.call.inputs:
            certain, pairs = self.roots.conflicts(dest, operand)
            if certain:
                return None
            if pairs:
                tests.append(apart(dest, operand))
        direct = self._direct(product, ep)
        if not tests:
            return direct
        general = (product.alloc, product.call, consumer)
        return [ir.If(all_of(tests), tuple(direct), general, sid=self.sid(), loc=product.call.loc)]

    def _direct(self, product: Product, ep: Epilogue) -> list[ir.Stmt]:
        """The nest storing ``rest`` alone (none when that is ``beta * D[i]`` in place), then
        ``gemm`` on the view of ``D`` the nest walks."""
        dtype = product.alloc.type.dtype
        loc = product.call.loc
        beta = _in_place_scale(ep.rest, ep.store, [f.var for f in ep.loops])
        out: list[ir.Stmt] = []
        if beta is None:
            stored = dataclasses.replace(ep.store, value=ep.rest)
            nest, self.last_sid = renumbered((_rebuilt_nest(ep.loops, stored),), self.last_sid)
            out.extend(nest)
            beta = ir.Const(1.0, ScalarType(dtype))
        target = self._destination(ep, dtype, loc, out)
        scales = []
        for stem, value in (("k_alpha", ep.alpha), ("k_beta", beta)):
            name = self.fresh(stem, ArrayType(dtype, 0, "C"))
            element = ScalarType(dtype)
            scale = ir.Const(1.0, element) if value is None else value
            if scale.type != element:
                scale = ir.Cast(scale, element)
            out += [ir.Alloc(name, ArrayType(dtype, 0, "C"), (), sid=self.sid(), loc=loc)]
            out += [ir.Store(name, (), scale, sid=self.sid(), loc=loc)]
            scales.append(name)
        a, b = product.call.inputs
        out.append(ir.LibCall("gemm", (target,), (a, b, target, *scales), sid=self.sid(), loc=loc))
        return out

    def _destination(self, ep: Epilogue, dtype: str, loc: SourceLoc, out: list[ir.Stmt]) -> str:
        """The elements of ``D`` the nest stores, as an array of the product's shape: ``D``
        itself when they are all of it, else a view appended to ``out``."""
        dest = ep.store.array
        parts = [offset_term(i, dest, axis) for i, axis in _fixed_indices(ep.store, ep.places)]
        parts += [offset_term(offset, dest, axis) for axis, offset, _ in ep.places]
        terms = [t for t in parts if t is not None]
        offset = terms[0] if terms else ir.Const(0, INT64)
        for t in terms[1:]:
            offset = ir.Binary("add", offset, t, INT64)
        shape = tuple(f.stop for f in ep.loops)
        strides = tuple(_times(step, ir.Stride(dest, axis)) for axis, _, step in ep.places)
        if _whole(dest, self.types[dest], offset, shape, strides):
            return dest
        name = self.fresh("k_gemm_out", ArrayType(dtype, len(ep.loops), "A"))
        out.append(ir.View(name, dest, offset, shape, strides, sid=self.sid(), loc=loc))
        return name


def _whole(
    base: str, base_type: object, offset: ir.Expr, shape: tuple[ir.Expr, ...], strides: tuple[ir.Expr, ...]
) -> bool:
    """Whether a view of ``base`` with these numbers is ``base`` itself."""
    rank = len(shape)
    return (
        isinstance(base_type, ArrayType)
        and base_type.ndim == rank
        and _is_const(offset, 0)
        and shape == tuple(ir.Dim(base, d, INT64) for d in range(rank))
        and strides == tuple(ir.Stride(base, d, INT64) for d in range(rank))
    )


def offset_term(index: ir.Expr, array: str, axis: int) -> ir.Expr | None:
    return None if _is_const(index, 0) else _times(index, ir.Stride(array, axis))


def _times(k: ir.Expr, stride: ir.Expr) -> ir.Expr:
    if _is_const(k, 1):
        return stride
    return ir.Binary("mul", k if k.type == INT64 else ir.Cast(k, INT64), stride, INT64)


def _worth_a_call(product: Product, types: dict) -> ir.Expr:
    """The product is one the C code would give to BLAS anyway: too large for generated loops
    (a small or thin product goes through loops and the nest, as it was)."""
    a, b = product.call.inputs
    rows, inner = ir.Dim(a, 0, INT64), ir.Dim(a, types[a].ndim - 1, INT64)

    def more(x: ir.Expr, limit: int) -> ir.Expr:
        return ir.Binary("gt", x, ir.Const(limit, INT64), BOOL)

    def times(x: ir.Expr, y: ir.Expr) -> ir.Expr:
        return ir.Binary("mul", x, y, INT64)

    if product.rank == 2:
        cols = ir.Dim(b, 1, INT64)
        return ir.Binary(
            "and", more(times(times(rows, inner), cols), SMALL_GEMM), more(inner, THIN_GEMM), BOOL
        )
    matrix = a if types[a].ndim == 2 else b
    return more(times(ir.Dim(matrix, 0, INT64), ir.Dim(matrix, 1, INT64)), SMALL_GEMV)


def _versions(s: ir.Stmt) -> Iterator[tuple[list[ir.Expr], ir.Stmt]]:
    """The loop nests ``s`` may run, each with the conditions under which it does: ``s`` itself,
    or through ``if``s (broadcasting versions, overlap guards) whose branch is one statement."""
    if isinstance(s, ir.For):
        yield [], s
    elif isinstance(s, ir.If):
        for branch, cond in ((s.then, s.cond), (s.orelse, ir.Unary("not", s.cond, BOOL))):
            if len(branch) == 1:
                for conds, nest in _versions(branch[0]):
                    yield [cond, *conds], nest


def _in_place_scale(rest: ir.Expr, store: ir.Store, loop_vars: list[str]) -> ir.Expr | None:
    """beta when ``rest`` is ``D[i]`` (1) or ``beta * D[i]`` at the element stored, beta the
    same in every iteration."""
    here = ir.Load(store.array, store.indices, store.value.type)
    if rest == here:
        return ir.Const(1.0, store.value.type)
    if isinstance(rest, ir.Binary) and rest.op == "mul":
        for load, scale in ((rest.lhs, rest.rhs), (rest.rhs, rest.lhs)):
            if load == here and _invariant(scale, loop_vars):
                return scale
    return None


def _rebuilt_nest(loops: tuple[ir.For, ...], store: ir.Store) -> ir.Stmt:
    inner: ir.Stmt = store
    for loop in reversed(loops):
        inner = dataclasses.replace(loop, body=(inner,))
    return inner


@register("fuse_gemm", description=__doc__.split("\n\n")[0])
def fuse_gemm(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if not any(isinstance(s, ir.LibCall) and s.func == "matmul" for s in iter_stmts(fn.body)):
        return fn
    fuser = _Fuser(fn)
    body = map_runs(fn.body, fuser.fuse_at)
    if body is fn.body:
        return fn
    return dataclasses.replace(fuser.declared, body=body)
