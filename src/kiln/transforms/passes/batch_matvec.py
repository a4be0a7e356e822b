"""Batched products: a loop whose every iteration multiplies row or column ``i`` of a matrix by
a slice of another, neither of which the loop writes, computes ``block`` iterations' products as
one matrix product and gives each iteration its row of the result.

NPBench's covariance, ``for i in range(M): cov[i, i:M] = data[:, i] @ data[:, i:M]``, reads all
of ``data[:, i:M]`` again for each ``i``: 1400 vector-matrix products at preset M, each a pass
over up to 20 MB. In blocks of 64 rows, ``data[:, i0:i0 + 64].T @ data[:, lo:hi]`` (``lo`` and
``hi`` the smallest and largest column any of the 64 slices takes) reads it once per block, and
BLAS multiplies it at its matrix-matrix speed. The products of the rows whose slices start later
than ``lo`` include a few entries nobody reads.

``for v in range(start, stop)`` with, at the top of its body,

- ``vec = view(X, offset=E * stride(X, a), shape=[n], strides=[s])``, where ``E`` is ``v`` plus a
  value the loop does not change (row ``E`` of ``X`` when ``a`` is 0, column ``E`` when 1),
- ``mat`` either an array the loop does not bind or ``view(Y, offset=LO * stride(Y, 1),
  shape=[m, LEN], strides=[stride(Y, 0), stride(Y, 1)])`` (columns ``LO:LO + LEN`` of ``Y``),
- ``alloc out, shape=[LEN]`` and ``matmul(out, vec, mat)``,

where ``E``, ``n``, ``s``, ``LO``, ``LEN`` and ``m`` are arithmetic of ``v`` and values the loop
does not change (the scalars the body assigns before them substituted), becomes::

    for t in range(start, stop, block):
        e = min(t + block, stop)
        lo, hi = min and max over v in [t, e) of LO and LO + LEN
        if E(t) >= 0 and E(e - 1) < dim(X, a) and 0 <= lo <= hi <= dim(Y, 1) and n == m:
            T = X[E(t):E(t) + e - t] (rows along a) @ Y[:, lo:hi]
            for v in range(t, e): the body, with out = view of T's row v - t, columns LO - lo ...
        else:
            for v in range(t, e): the body as it was

Legal when nothing the loop does writes or binds ``X`` or ``Y`` (an array that may share their
storage, a parameter checked at run time), ``out`` is not mentioned outside the loop and bound
only there, and the element types agree and suit BLAS. The products of a block are taken before
its iterations run: an iteration that raises or leaves the loop leaves the block's later products
unread, and the test before the block keeps every read inside ``X`` and ``Y`` (the iterations
themselves run their own checks as before). Sums run in BLAS's order for matrix products, not
its order for a vector times a matrix: the results agree to rounding, as NumPy's own
``matmul`` differs between the two.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kiln.analysis.definitions import Definitions, record, substituted
from kiln.analysis.effects import array_roots, effects_of, effects_outside
from kiln.ir import nodes as ir
from kiln.ir.types import BLAS_DTYPES, ArrayType, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts, max_sid, var_names
from kiln.transforms.fresh import fresh_local, fresh_scalar
from kiln.transforms.pass_manager import PassContext, register
from kiln.transforms.recipes import Step, find_loop, register_transformation
from kiln.transforms.reorder import put_in_place
from kiln.transforms.versioning import all_of, renumbered

INT64 = ScalarType("int64")
BOOL = ScalarType("bool")
BLOCK = 64
_ARITHMETIC = (ir.Const, ir.Var, ir.Dim, ir.Stride, ir.Unary, ir.Binary, ir.Cast, ir.Select)
_TRAPPING = frozenset({"truediv", "floordiv", "mod", "pow", "lshift", "rshift"})


@dataclass(frozen=True)
class Batch:
    """A loop's product to batch, its operands' terms in ``v`` and values the loop keeps."""

    loop: ir.For
    alloc: ir.Alloc
    call: ir.LibCall
    x: str  # the array whose rows or columns the vector walks
    axis: int  # 0: rows of x, 1: columns
    index: ir.Expr  # E: which row or column, v plus an invariant
    length: ir.Expr  # n: the vector's length
    step: ir.Expr  # s: the distance between its elements
    y: str  # the matrix's array
    lo: ir.Expr  # LO: its first column
    width: ir.Expr  # LEN: its columns
    rows: ir.Expr  # m: its rows
    overlap_checks: frozenset[tuple[str, str]]  # parameter pairs that must not overlap


def _int(op: str, a: ir.Expr, b: ir.Expr) -> ir.Binary:
    return ir.Binary(op, a, b, INT64)


def _test(op: str, a: ir.Expr, b: ir.Expr) -> ir.Binary:
    return ir.Binary(op, a, b, BOOL)


def _steps_with(e: ir.Expr, var: str) -> bool:
    """``e`` is ``var`` plus a term without ``var`` (through integer casts)."""
    if isinstance(e, ir.Var):
        return e.name == var
    if isinstance(e, ir.Cast):  # to a 64-bit integer: no wrap-around
        return e.type.dtype == "int64" and _steps_with(e.operand, var)
    if isinstance(e, ir.Binary) and e.op in ("add", "sub"):
        if var not in var_names(e.rhs) and _steps_with(e.lhs, var):
            return True
        return e.op == "add" and var not in var_names(e.lhs) and _steps_with(e.rhs, var)
    return False


def _scaled_stride(offset: ir.Expr, array: str) -> tuple[ir.Expr, int] | None:
    """(k, a) when ``offset`` is ``k * stride(array, a)``."""
    if isinstance(offset, ir.Binary) and offset.op == "mul":
        for k, s in ((offset.lhs, offset.rhs), (offset.rhs, offset.lhs)):
            if isinstance(s, ir.Stride) and s.array == array:
                return k, s.axis
    return None


class _Scan:
    """The loop's invariants: what its terms may read."""

    def __init__(self, fn: ir.Function, loop: ir.For) -> None:
        self.loop = loop
        self.effects = effects_of([loop])
        self.types = fn.var_types()

    def keeps(self, e: ir.Expr, var_ok: bool = True) -> bool:
        """``e`` can be evaluated anywhere in or before the loop with the same meaning (apart from
        its reading the loop's variable, when ``var_ok``)."""
        if not all(isinstance(x, _ARITHMETIC) for x in iter_exprs(e)):
            return False  # loads and calls; a Binary that may trap below
        if any(isinstance(x, ir.Binary) and x.op in _TRAPPING for x in iter_exprs(e)):
            return False
        names = var_names(e) - ({self.loop.var} if var_ok else set())
        if names & self.effects.writes:
            return False
        measured = {x.array for x in iter_exprs(e) if isinstance(x, ir.Dim | ir.Stride)}
        return not measured & self.effects.array_binds


def _top_defs(body: tuple[ir.Stmt, ...], upto: ir.Stmt) -> dict[int, Definitions]:
    """The definitions in force at each top-level statement of ``body`` up to ``upto``."""
    defs: Definitions = {}
    seen: dict[int, Definitions] = {}
    for s in body:
        seen[s.sid] = dict(defs)
        if s is upto:
            break
        record(s, defs)
    return seen


def _binding(body: tuple[ir.Stmt, ...], name: str) -> ir.Stmt | None:
    """The one statement of ``body`` (anywhere in it) that binds array ``name``, if one does."""
    found = [s for s in iter_stmts(body) if isinstance(s, ir.Alloc | ir.View) and s.target == name]
    return found[0] if len(found) == 1 else None


def find_batch(fn: ir.Function, loop: ir.For, call_sid: int | None = None) -> Batch | str:
    """The product of ``loop`` to batch (the one with id ``call_sid`` when given), or why none."""
    if loop.parallel or not (isinstance(loop.step, ir.Const) and loop.step.value == 1):
        return "the loop is parallel or does not step by 1"
    if _breaks(loop.body):
        return "the loop may break: blocks of it would not leave together"
    calls = [
        s
        for s in loop.body
        if isinstance(s, ir.LibCall) and s.func == "matmul" and (call_sid is None or s.sid == call_sid)
    ]
    reasons = []
    for call in calls:
        found = _match(fn, loop, call)
        if isinstance(found, Batch):
            return found
        reasons.append(found)
    return reasons[0] if reasons else "no vector-matrix product at the top of the loop's body"


def _breaks(stmts: tuple[ir.Stmt, ...]) -> bool:
    """A ``break`` of the loop these statements are the body of (not of a loop inside)."""
    for s in stmts:
        if isinstance(s, ir.Break):
            return True
        if isinstance(s, ir.If) and (_breaks(s.then) or _breaks(s.orelse)):
            return True
        if isinstance(s, ir.Block) and _breaks(s.body):
            return True
    return False


def _match(fn: ir.Function, loop: ir.For, call: ir.LibCall) -> Batch | str:
    scan = _Scan(fn, loop)
    types = scan.types
    (out,), (vec, mat) = call.outputs, call.inputs
    tv, tm, to = types[vec], types[mat], types[out]
    if not (isinstance(tv, ArrayType) and isinstance(tm, ArrayType) and isinstance(to, ArrayType)):
        return "the product's operands are not arrays"
    if (tv.ndim, tm.ndim, to.ndim) != (1, 2, 1):
        return "not a vector times a matrix"
    if not (tv.dtype == tm.dtype == to.dtype and to.dtype in BLAS_DTYPES):
        return f"element types {tv.dtype}, {tm.dtype} -> {to.dtype} do not suit BLAS"
    defs_at = _top_defs(loop.body, call)
    alloc, vec_view = _binding(loop.body, out), _binding(loop.body, vec)
    if not (isinstance(alloc, ir.Alloc) and alloc in loop.body and alloc.sid in defs_at):
        return "the product's result is not allocated at the top of the loop's body before it"
    if out in effects_outside(fn, loop).arrays:
        return "the product's result is used outside the loop"
    if not (isinstance(vec_view, ir.View) and vec_view in loop.body and vec_view.sid in defs_at):
        return "the vector is not a view taken at the top of the loop's body"
    defs = defs_at[vec_view.sid]
    offset = _scaled_stride(substituted(vec_view.offset, defs), vec_view.base)
    x = vec_view.base
    if offset is None or not _steps_with(offset[0], loop.var):
        return "the vector is not a row or column the loop steps through"
    index, axis = offset
    length, step = (substituted(e, defs) for e in (vec_view.shape[0], vec_view.strides[0]))
    if not (isinstance(types.get(x), ArrayType) and types[x].ndim == 2):  # type: ignore[union-attr]
        return "the vector is not a row or column of a matrix"
    matrix = _matrix(loop, mat, defs_at, scan)
    if isinstance(matrix, str):
        return matrix
    y, lo, width, rows = matrix
    if substituted(alloc.shape[0], defs_at[alloc.sid]) != width:
        return "the result's length is not the matrix's width"
    terms = (index, length, step, lo, width, rows)
    if not all(scan.keeps(e) for e in terms) or not all(scan.keeps(e, False) for e in (length, step, rows)):
        return "the product's extents change in the loop in ways not known before it"
    bound = scan.effects.array_binds
    if {x, y} & bound or sum(1 for s in iter_stmts(loop.body) if getattr(s, "target", None) == out) != 1:
        return "the loop binds the product's operands or its result more than once"
    checks = _apart(fn, scan, (x, y))
    if isinstance(checks, str):
        return checks
    return Batch(loop, alloc, call, x, axis, index, length, step, y, lo, width, rows, checks)


def _matrix(
    loop: ir.For, mat: str, defs_at: dict[int, Definitions], scan: _Scan
) -> tuple[str, ir.Expr, ir.Expr, ir.Expr] | str:
    """(Y, LO, LEN, m) of the product's matrix."""
    view = _binding(loop.body, mat)
    if view is None and mat not in scan.effects.array_binds:
        return mat, ir.Const(0, INT64), ir.Dim(mat, 1), ir.Dim(mat, 0)
    if not (isinstance(view, ir.View) and view in loop.body and view.sid in defs_at):
        return "the matrix is neither kept by the loop nor a view at the top of its body"
    defs = defs_at[view.sid]
    y = view.base
    offset = substituted(view.offset, defs)
    scaled = _scaled_stride(offset, y)
    if isinstance(offset, ir.Const) and offset.value == 0:
        lo: ir.Expr = ir.Const(0, INT64)
    elif scaled is not None and scaled[1] == 1:
        lo = scaled[0]
    else:
        return "the matrix is not a run of columns of an array"
    if view.strides != (ir.Stride(y, 0), ir.Stride(y, 1)) or scan.types.get(y) is None:
        return "the matrix is not a run of columns of an array"
    y_type = scan.types[y]
    if not (isinstance(y_type, ArrayType) and y_type.ndim == 2):
        return "the matrix is not a run of columns of a matrix"
    rows, width = (substituted(e, defs) for e in view.shape)
    return y, lo, width, rows


def _apart(fn: ir.Function, scan: _Scan, operands: tuple[str, str]) -> frozenset[tuple[str, str]] | str:
    """Parameter pairs to test at run time so that nothing the loop writes shares the operands'
    storage; a reason when something may share it for certain."""
    roots = array_roots(fn)
    pairs: set[tuple[str, str]] = set()
    for written in scan.effects.array_writes:
        for operand in operands:
            certain, maybe = roots.conflicts(written, operand)
            if certain:
                return f"the loop writes {written}, which may share storage with {operand}"
            pairs |= maybe
    return frozenset(pairs)


# ------------------------------------------------------------------------------ the rewrite


def _at(e: ir.Expr, var: str, value: ir.Expr) -> ir.Expr:
    return substituted(e, {var: value})


def batched(fn: ir.Function, b: Batch, block: int) -> ir.Function:
    """``fn`` with ``b.loop`` run block by block, each block's products taken as one."""
    loop = b.loop
    fn, t = fresh_scalar(fn, f"{loop.var}_blk", INT64)
    fn, end = fresh_scalar(fn, f"{loop.var}_end", INT64)
    fn, lo = fresh_scalar(fn, f"{loop.var}_lo", INT64)
    fn, hi = fresh_scalar(fn, f"{loop.var}_hi", INT64)
    fn, u = fresh_scalar(fn, f"{loop.var}_row", INT64)
    dtype = fn.var_types()[b.alloc.target].dtype
    fn, prod = fresh_local(fn, f"{loop.var}_prod", ArrayType(dtype, 2, "C"))  # the block's product
    fn, left = fresh_local(fn, f"{loop.var}_rows", ArrayType(dtype, 2))  # and its operands
    fn, right = fresh_local(fn, f"{loop.var}_cols", ArrayType(dtype, 2))
    sid = max_sid(fn)

    def next_sid() -> int:
        nonlocal sid
        sid += 1
        return sid

    var = loop.var
    first_lo, first_width = _at(b.lo, var, t), _at(b.width, var, t)
    u_lo, u_width = _at(b.lo, var, u), _at(b.width, var, u)
    rows_of_block = _int("sub", end, t)
    span = ir.Assign(end.name, _int("min", _int("add", t, ir.Const(block, INT64)), loop.stop), next_sid())
    bounds: list[ir.Stmt] = [
        ir.Assign(lo.name, first_lo, next_sid()),
        ir.Assign(hi.name, _int("add", first_lo, first_width), next_sid()),
    ]
    if var in var_names(b.lo) | var_names(b.width):  # the slices move: their union
        bounds.append(
            ir.For(
                u.name,
                _int("add", t, ir.Const(1, INT64)),
                end,
                ir.Const(1, INT64),
                (
                    ir.Assign(lo.name, _int("min", lo, u_lo), next_sid()),
                    ir.Assign(hi.name, _int("max", hi, _int("add", u_lo, u_width)), next_sid()),
                ),
                sid=next_sid(),
                loc=loop.loc,
            )
        )
    last = _int("sub", end, ir.Const(1, INT64))
    fits = [
        _test("ge", _at(b.index, var, t), ir.Const(0, INT64)),
        _test("lt", _at(b.index, var, last), ir.Dim(b.x, b.axis)),
        _test("ge", lo, ir.Const(0, INT64)),
        _test("le", lo, hi),
        _test("le", hi, ir.Dim(b.y, 1)),
    ]
    if b.rows != ir.Dim(b.y, 0):
        fits.append(_test("le", b.rows, ir.Dim(b.y, 0)))
    if b.length != b.rows:
        fits.append(_test("eq", b.length, b.rows))
    start_at = _int("mul", _at(b.index, var, t), ir.Stride(b.x, b.axis))
    product = (
        ir.Alloc(prod, ArrayType(dtype, 2, "C"), (rows_of_block, _int("sub", hi, lo)), next_sid(), loop.loc),
        ir.View(
            left,
            b.x,
            start_at,
            (rows_of_block, b.length),
            (ir.Stride(b.x, b.axis), b.step),
            next_sid(),
            loop.loc,
        ),
        ir.View(
            right,
            b.y,
            _int("mul", lo, ir.Stride(b.y, 1)),
            (b.rows, _int("sub", hi, lo)),
            (ir.Stride(b.y, 0), ir.Stride(b.y, 1)),
            next_sid(),
            loop.loc,
        ),
        ir.LibCall("matmul", (prod,), (left, right), next_sid(), loop.loc),
    )
    here = ir.Var(var, fn.var_types()[var])  # type: ignore[arg-type]
    row_view = ir.View(
        b.alloc.target,
        prod,
        _int(
            "add",
            _int("mul", _int("sub", ir.Cast(here, INT64), t), ir.Stride(prod, 0)),
            _int("sub", b.lo, lo),
        ),
        (b.width,),
        (ir.Stride(prod, 1),),
        b.call.sid,
        b.call.loc,
    )

    fast_body = tuple(row_view if s is b.call else s for s in loop.body if s is not b.alloc)
    fast = dataclasses.replace(loop, start=t, stop=end, body=fast_body)
    slow, last_sid = renumbered((dataclasses.replace(loop, start=t, stop=end),), max(sid, max_sid(fn)))
    split = ir.If(all_of(fits), (*product, fast), slow, sid=last_sid + 1, loc=loop.loc)
    blocks = ir.For(
        t.name,
        loop.start,
        loop.stop,
        ir.Const(block, INT64),
        (span, *bounds, split),
        sid=last_sid + 2,
        loc=loop.loc,
    )
    return put_in_place(fn, loop, (blocks,), set(b.overlap_checks))


# ----------------------------------------------------------------------- as a recipe step


def _chosen(fn: ir.Function, step: Step) -> Batch | str:
    loop = find_loop(fn, step.target[0]) if len(step.target) == 1 else None
    if loop is None:
        return "no such loop"
    block = step.params.get("block", BLOCK)
    if not isinstance(block, int) or isinstance(block, bool) or block < 1:
        return "params.block must be a positive integer"
    call = step.params.get("call")
    if not isinstance(call, int) or isinstance(call, bool):
        return "params.call must name the product's statement id"
    return find_batch(fn, loop, call)


def _legal(fn: ir.Function, step: Step) -> str | None:
    found = _chosen(fn, step)
    return found if isinstance(found, str) else None


def _apply(fn: ir.Function, step: Step) -> ir.Function:
    found = _chosen(fn, step)
    assert isinstance(found, Batch)
    return batched(fn, found, int(step.params.get("block", BLOCK)))


register_transformation("batch_matvec", _legal, _apply)


@register(
    "batch_matvec",
    defaults={"block": BLOCK},
    description="take a loop's vector-matrix products a block of iterations at a time",
)
def batch_matvec(fn: ir.Function, ctx: PassContext) -> ir.Function:
    block = int(ctx.params["block"])
    done: set[int] = set()
    changed = True
    while changed:
        changed = False
        for loop in (s for s in iter_stmts(fn.body) if isinstance(s, ir.For) and s.sid not in done):
            done.add(loop.sid)
            found = find_batch(fn, loop)
            if isinstance(found, str):
                continue
            step = Step("batch_matvec", (loop.sid,), {"call": found.call.sid, "block": block})
            before = {s.sid for s in iter_stmts(fn.body) if isinstance(s, ir.For)}
            fn = batched(fn, found, block)
            done.update(s.sid for s in iter_stmts(fn.body) if isinstance(s, ir.For) and s.sid not in before)
            ctx.analyses.update(fn, frozenset())
            ctx.steps.append(step)
            ctx.note(loop.sid, f"products of {block} iterations at a time (statement {found.call.sid})")
            changed = True
            break
    return fn
