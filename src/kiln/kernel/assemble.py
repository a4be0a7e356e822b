"""From a kernel's per-thread IR to one CPU function: blocks as an OpenMP-parallel loop,
the threads of a block as inner loops (one per region between barriers).

    for b in range(gx * gy * gz) parallel:        # blocks, any order, on OpenMP workers
        w = worker_id(); bx, by, bz = ...b...
        for tz, ty, tx in block: region 0          # constant trip counts: vectorizable
        for tz, ty, tx in block: region 1          # (after a barrier)
        ...lifted loops and ifs around regions...

Shared arrays get one copy per worker (``shared[w, ...]``), local arrays and values that live
across barriers one per worker and thread (``slot[w, t]``): allocated once, before the loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.padding import padded_copy_shape
from kiln.ir.types import INT64, PY_INT, ArrayType, ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts, map_exprs, map_stmts, replace_body
from kiln.kernel.analysis import expr_vars, read_vars, varying_vars
from kiln.kernel.barriers import eliminate_barriers
from kiln.kernel.fission import BlockItem, Region, regions_of, split_at_barriers
from kiln.kernel.flat import CHUNK, CHUNKS, GID, OUTER, flat_grid_loop
from kiln.kernel.guards import narrow_thread_loop
from kiln.kernel.interchange import lift_uniform_loops, thread_deps, thread_order
from kiln.kernel.lower_intrinsics import BID, GDIM, TID, array_space
from kiln.kernel.nonneg import drop_wraparound
from kiln.kernel.privatize import privatize_atomics
from kiln.kernel.spill import SpillPlan, plan_spills
from kiln.kernel.thread_fission import split_at_conditionals
from kiln.kernel.wrap_version import version_inner

WORKER, NWORKERS, BLOCK, DONE, THREAD_EXIT = "kiln_w", "kiln_nw", "kiln_b", "kiln_done", "kiln_thread"
BOOL = ScalarType("bool")


@dataclass(frozen=True)
class KernelReport:
    """What the kernel lowering did (for tests, ``inspect`` and the benchmark)."""

    barriers: int  # in the source
    barriers_removed: int
    regions: int
    bytes_all: int  # per thread, storing every value live across a barrier
    bytes_stored: int  # per thread, what the min-cut stores


def _i(v: int) -> ir.Const:
    return ir.Const(v, INT64)


def _bin(op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Binary(op, a, b, INT64)


def _itemsize(t: ArrayType) -> int:
    return int(np.dtype(t.dtype).itemsize)


def _memory_spaces(types: dict[str, ScalarType | ArrayType]) -> dict[str, str]:
    """The kernel's shared and local arrays, with their space."""
    spaces = {n: array_space(n) for n, t in types.items() if isinstance(t, ArrayType)}
    return {n: s for n, s in spaces.items() if s}


class _Assembler:
    def __init__(self, fn: ir.Function, block: tuple[int, int, int]) -> None:
        self.fn = fn
        self.block = block
        self.types = dict(fn.var_types())
        self.nthreads = block[0] * block[1] * block[2]
        self.spaces = _memory_spaces(self.types)
        self.w = ir.Var(WORKER, INT64)
        self.deps: dict[str, set[int]] = {}
        self.flat = False  # threads run over the global grid (see kernel.flat)
        self.varying: set[str] = set()

    def _scalar(self, name: str) -> ScalarType:
        """The type of a value kept in a slot (slots hold scalars)."""
        return cast(ScalarType, self.types[name])

    # ------------------------------------------------------------ thread index
    def flat_thread(self) -> ir.Expr:
        bx, by, _ = self.block
        t: ir.Expr = _i(0)
        for k, extent in ((2, None), (1, by), (0, bx)):
            idx: ir.Expr = ir.Cast(ir.Var(TID[k], PY_INT), INT64) if self.block[k] > 1 else _i(0)
            t = _bin("add", _bin("mul", t, _i(extent)), idx) if extent else idx
        return t

    def thread_loop(self, body: tuple[ir.Stmt, ...], narrow: bool = False) -> tuple[ir.Stmt, ...]:
        """``body`` for every thread of the block; with ``narrow``, a guard on the innermost
        thread index bounds its loop (the body stores no values for later regions)."""
        order = thread_order(body, self.block, self.deps)  # outermost first
        for n, k in enumerate(reversed(order)):
            guarded = (
                narrow_thread_loop(TID[k], self.block[k], body, "kiln_slot_") if narrow and n == 0 else None
            )
            body = guarded or (ir.For(TID[k], _i(0), _i(self.block[k]), _i(1), body),)
            if n == 0:
                body = tuple(version_inner(s) for s in body)
        return body

    # --------------------------------------------------------- memory spaces
    def relocate(self, stmts: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
        """Index shared arrays by worker and local ones by worker and thread."""
        t = self.flat_thread()
        allocs = [s for s in iter_stmts(stmts) if isinstance(s, ir.Alloc) and s.target in self.spaces]
        shapes = {s.target: s.shape for s in allocs}

        def prefix(name: str) -> tuple[ir.Expr, ...]:
            return (self.w,) if self.flat or self.spaces[name] == "shared" else (self.w, t)

        def expr(e: ir.Expr) -> ir.Expr:
            if isinstance(e, ir.Load) and e.array in self.spaces:
                return ir.Load(e.array, prefix(e.array) + e.indices, e.type)
            if isinstance(e, ir.Dim) and e.array in shapes:
                return shapes[e.array][e.axis]  # the copies are padded: the kernel's own extent
            if isinstance(e, ir.Dim | ir.Stride) and e.array in self.spaces:
                return dataclasses.replace(e, axis=e.axis + len(prefix(e.array)))
            return e

        def stmt(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
            if isinstance(s, ir.Alloc) and s.target in self.spaces:
                return ()
            if isinstance(s, ir.View) and (s.base in self.spaces or s.target in self.spaces):
                raise UnsupportedError("views of shared or local arrays", s.loc)
            if isinstance(s, ir.Store | ir.Atomic) and s.array in self.spaces:
                return dataclasses.replace(s, indices=prefix(s.array) + s.indices)
            return None

        moved = map_stmts(_alias_whole_views(stmts, self.spaces), stmt)
        return tuple(map_exprs(s, expr) for s in moved)  # type: ignore[misc]

    def scratch_allocs(self, body: tuple[ir.Stmt, ...], slots: set[str]) -> list[ir.Stmt]:
        """One copy of each shared array per worker, of each local array and slot per worker
        and thread; each worker's copy is padded so no cache line holds two workers' data."""
        nw = ir.Var(NWORKERS, INT64)
        out: list[ir.Stmt] = [ir.Assign(NWORKERS, ir.Call("worker_count", (), INT64))]
        for s in iter_stmts(body):
            if isinstance(s, ir.Alloc) and s.target in self.spaces:
                one_per_worker = self.flat or self.spaces[s.target] == "shared"
                per_worker = s.shape if one_per_worker else (_i(self.nthreads), *s.shape)
                t = ArrayType(s.type.dtype, 1 + len(per_worker), "C")
                self.types[s.target] = t
                copy = padded_copy_shape(per_worker, _itemsize(t))
                out.append(ir.Alloc(s.target, t, (nw, *copy), loc=s.loc))
        for v in sorted(slots):
            vt = self.types[v]
            assert isinstance(vt, ScalarType)
            name = f"kiln_slot_{v}"
            t = ArrayType(vt.dtype, 2, "C")
            self.types[name] = t
            out.append(ir.Alloc(name, t, (nw, *padded_copy_shape((_i(self.nthreads),), _itemsize(t)))))
        return out

    # ---------------------------------------------------------------- returns
    def convert_returns(self, body: tuple[ir.Stmt, ...], flag: bool) -> tuple[ir.Stmt, ...]:
        def stmt(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
            if isinstance(s, ir.Return):
                leave = ir.Exit(THREAD_EXIT, loc=s.loc)
                return (ir.Assign(DONE, ir.Const(True, BOOL), loc=s.loc), leave) if flag else (leave,)
            return None

        return map_stmts(body, stmt)

    # ------------------------------------------------------------- regions
    def region_loop(self, r: Region, plan: SpillPlan) -> tuple[ir.Stmt, ...]:
        t = self.flat_thread()
        need = plan.needed[r.index]
        if self.is_uniform_region(r, plan):
            return self.uniform_region(r, plan)
        # a value the same for every thread is read from thread 0's slot: invariant in the
        # thread loop, so the C compiler sees a scalar rather than a gather
        pre: list[ir.Stmt] = [
            ir.Assign(
                v, ir.Load(f"kiln_slot_{v}", (self.w, t if v in self.varying else _i(0)), self._scalar(v))
            )
            for v in sorted(need & plan.stored)
        ]
        wanted = self._recompute_closure(need, plan)
        pre += [ir.Assign(v, plan.recompute[v]) for v in plan.order if v in wanted]
        outside, pre, body = _hoist_uniform(pre, r.body, self.varying)
        hoisted = {x.target for x in outside}  # type: ignore[union-attr]
        once = [  # uniform values: computed once before the thread loop, stored in thread 0's slot
            ir.Store(f"kiln_slot_{v}", (self.w, _i(0)), ir.Var(v, self._scalar(v)))
            for v in sorted(plan.written[r.index] & hoisted)
        ]
        post = [
            ir.Store(f"kiln_slot_{v}", (self.w, t), ir.Var(v, self._scalar(v)))
            for v in sorted(plan.written[r.index] - hoisted)
        ]
        return (
            *outside,
            *once,
            *self._thread_loops(pre, body, post, need & plan.stored, plan.written[r.index] - hoisted),
        )

    def _thread_loops(
        self,
        pre: list[ir.Stmt],
        body: tuple[ir.Stmt, ...],
        post: Sequence[ir.Stmt],
        loaded: set[str],
        written: set[str],
    ) -> tuple[ir.Stmt, ...]:
        """The thread loop(s) of a region: guards as bounds where the stores allow it."""
        *head, last = body or (None,)
        if post and isinstance(last, ir.If) and not last.orelse and _only_in(written, loaded, head):
            # a thread the guard skips would store back what it loaded: the stores can move
            # under the guard, which then bounds the thread loop
            guarded = dataclasses.replace(last, then=(*last.then, *post))
            return self.thread_loop((*pre, *head, guarded), narrow=True)
        pieces = None if post else split_at_conditionals((*pre, *body), TID, "kiln_slot_")
        if pieces:
            return tuple(x for p in pieces for x in self.thread_loop(p, narrow=True))
        return self.thread_loop((*pre, *body, *post), narrow=not post)

    def is_uniform_region(self, r: Region, plan: SpillPlan) -> bool:
        """Only assignments of values every thread computes alike (``step //= 2``)."""
        if not r.body or not all(isinstance(x, ir.Assign) for x in r.body):
            return False
        targets = {x.target for x in r.body} | plan.written[r.index]  # type: ignore[union-attr]
        return not targets & self.varying and not any(v in self.varying for v in plan.needed[r.index])

    def uniform_region(self, r: Region, plan: SpillPlan) -> tuple[ir.Stmt, ...]:
        """A uniform region runs once per block, its values in thread 0's slots (which is
        where uniform values are read from)."""
        zero = _i(0)
        need = plan.needed[r.index]
        pre: list[ir.Stmt] = [
            ir.Assign(v, ir.Load(f"kiln_slot_{v}", (self.w, zero), self.types[v]))  # type: ignore[arg-type]
            for v in sorted(need & plan.stored)
        ]
        wanted = self._recompute_closure(need, plan)
        pre += [ir.Assign(v, plan.recompute[v]) for v in plan.order if v in wanted]
        post = [
            ir.Store(f"kiln_slot_{v}", (self.w, zero), ir.Var(v, self._scalar(v)))
            for v in sorted(plan.written[r.index])
        ]
        return (*pre, *r.body, *post)

    def _recompute_closure(self, need: set[str], plan: SpillPlan) -> set[str]:
        out: set[str] = set()
        todo = [v for v in need if v in plan.recompute]
        while todo:
            v = todo.pop()
            if v not in out:
                out.add(v)
                todo += [u for u in _vars(plan.recompute[v]) if u in plan.recompute]
        return out

    def block_expr(self, e: ir.Expr, plan: SpillPlan) -> ir.Expr:
        """A condition or bound at block level: thread 0's values (they are uniform)."""

        def sub(x: ir.Expr) -> ir.Expr:
            if isinstance(x, ir.Var) and x.name in TID:
                return ir.Const(0, x.type)
            if isinstance(x, ir.Var) and x.name in plan.stored:
                return ir.Load(f"kiln_slot_{x.name}", (self.w, _i(0)), x.type)
            if isinstance(x, ir.Var) and x.name in plan.recompute:
                return map_exprs(plan.recompute[x.name], sub)  # type: ignore[return-value]
            return x

        return map_exprs(e, sub)  # type: ignore[return-value]

    def materialize(self, items: tuple[BlockItem, ...], plan: SpillPlan) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for it in items:
            if isinstance(it, Region):
                out += self.region_loop(it, plan)
                continue
            new_bodies = [self.materialize(b, plan) for b in bodies(it)]  # type: ignore[arg-type]
            lifted = replace_body(it, *new_bodies)
            out.append(_map_own_exprs(lifted, lambda e: self.block_expr(e, plan)))
        return tuple(out)


def _hoist_uniform(
    pre: list[ir.Stmt], body: tuple[ir.Stmt, ...], varying: set[str]
) -> tuple[list[ir.Stmt], list[ir.Stmt], tuple[ir.Stmt, ...]]:
    """Top-level assignments (of the slot loads and recomputations, then of the region) whose
    values every thread computes alike, to run once before the thread loop: ``(hoisted, the
    rest of pre, the rest of body)``. One stays where it is when the region assigns its
    variable again, reads the variable before it, or computes an operand before it."""
    stmts = [*pre, *body]
    later_assigned: list[set[str]] = []
    seen: set[str] = set()
    for x in reversed(stmts):
        later_assigned.append(set(seen))
        seen |= {y.target for y in iter_stmts((x,)) if isinstance(y, ir.Assign | ir.Atomic)}
        seen |= {y.var for y in iter_stmts((x,)) if isinstance(y, ir.For)}
    later_assigned.reverse()
    hoisted: list[int] = []
    stayed_writes: set[str] = set()
    stayed_reads: set[str] = set()
    for k, x in enumerate(stmts):
        ok = (
            _uniform_assign(x, varying)
            and x.target not in later_assigned[k] | stayed_reads | stayed_writes  # type: ignore[union-attr]
            and not expr_vars(x.value) & stayed_writes  # type: ignore[union-attr]
        )
        if ok:
            hoisted.append(k)
            continue
        stayed_reads |= read_vars((x,))
        stayed_writes |= {y.target for y in iter_stmts((x,)) if isinstance(y, ir.Assign | ir.Atomic)}
        stayed_writes |= {y.var for y in iter_stmts((x,)) if isinstance(y, ir.For)}
    if not hoisted:
        return [], pre, body
    taken = set(hoisted)
    rest_pre = [x for k, x in enumerate(pre) if k not in taken]
    rest_body = tuple(x for k, x in enumerate(body, start=len(pre)) if k not in taken)
    return [stmts[k] for k in hoisted], rest_pre, rest_body


def _uniform_assign(s: ir.Stmt, varying: set[str]) -> bool:
    if not isinstance(s, ir.Assign) or s.target in varying or expr_vars(s.value) & varying:
        return False
    for x in iter_exprs(s.value):
        if isinstance(x, ir.Overlaps | ir.Call):
            return False
        uniform_slot = (
            x.array.startswith("kiln_slot_")
            and all(isinstance(i, ir.Const) or i == ir.Var(WORKER, INT64) for i in x.indices)
            if isinstance(x, ir.Load)
            else True
        )
        if not uniform_slot:
            return False
    return True


def _only_in(written: set[str], loaded: set[str], head: list[ir.Stmt]) -> bool:
    """Every value in ``written`` was loaded from its slot and ``head`` does not change it."""
    changed = {x.target for x in iter_stmts(head) if isinstance(x, ir.Assign | ir.Atomic)}
    return written <= loaded and not written & changed


def _alias_whole_views(stmts: tuple[ir.Stmt, ...], spaces: dict[str, str]) -> tuple[ir.Stmt, ...]:
    """``sA = shared.array(...)`` binds a whole view of the allocation: use the allocation."""
    views = [s for s in iter_stmts(stmts) if isinstance(s, ir.View) and s.base in spaces]
    targets = [v.target for v in views]
    alias = {
        v.target: v.base
        for v in views
        if targets.count(v.target) == 1
        and isinstance(v.offset, ir.Const)
        and v.offset.value == 0
        and v.strides == tuple(ir.Stride(v.base, k) for k in range(len(v.strides)))
    }
    if not alias:
        return stmts

    def expr(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Load | ir.Dim | ir.Stride) and e.array in alias:
            return dataclasses.replace(e, array=alias[e.array])
        return e

    def stmt(s: ir.Stmt) -> ir.Stmt | tuple[ir.Stmt, ...] | None:
        if isinstance(s, ir.View) and s.target in alias:
            return ()
        if isinstance(s, ir.Store | ir.Atomic) and s.array in alias:
            return dataclasses.replace(s, array=alias[s.array])
        return None

    return tuple(map_exprs(s, expr) for s in map_stmts(stmts, stmt))  # type: ignore[misc]


def _vars(e: ir.Expr) -> set[str]:
    from kiln.kernel.analysis import expr_vars

    return expr_vars(e)


def _map_own_exprs(s: ir.Stmt, fn: object) -> ir.Stmt:
    """``s`` with its own expressions (conditions, bounds) mapped, bodies untouched."""
    changes = {}
    for name in ("cond", "start", "stop", "step"):
        if hasattr(s, name):
            changes[name] = fn(getattr(s, name))  # type: ignore[operator]
    return dataclasses.replace(s, **changes)


@dataclass(frozen=True)
class Assembly:
    """A kernel between two assembly stages: the IR the last stage left (one thread's program,
    then the CPU function), which the driver verifies and dumps, and what the report counts."""

    fn: ir.Function
    block: tuple[int, int, int]
    barriers: int  # in the source
    removed: int = 0  # barriers eliminate_barriers found unnecessary
    lifted: bool = False  # lift_uniform_loops moved loops out of the threads
    report: KernelReport | None = None  # set by the last stage

    def numbered(self) -> ir.Function:
        """``fn`` with statement ids for the statements the stages made (which the last stage
        numbers anyway): what the driver verifies and dumps."""
        return dataclasses.replace(self.fn, body=_renumber(self.fn.body))

    def with_body(self, body: tuple[ir.Stmt, ...], **changes: object) -> Assembly:
        return dataclasses.replace(self, fn=dataclasses.replace(self.fn, body=body), **changes)  # type: ignore[arg-type]


def start_assembly(fn: ir.Function, block: tuple[int, int, int]) -> Assembly:
    if fn.results:
        raise UnsupportedError("a kernel cannot return a value", fn.loc)
    barriers = sum(1 for s in iter_stmts(fn.body) if isinstance(s, ir.LibCall) and s.func == "barrier")
    return Assembly(fn, block, barriers)


def _drop_wraparound(a: Assembly) -> Assembly:
    """Index arithmetic the launch bounds keep non-negative loses its wraparound handling."""
    return a.with_body(drop_wraparound(a.fn.body))


def _alias_views(a: Assembly) -> Assembly:
    """Views of a whole shared or local array become the array itself."""
    return a.with_body(_alias_whole_views(a.fn.body, _memory_spaces(a.fn.var_types())))


def _eliminate_barriers(a: Assembly) -> Assembly:
    body, removed = eliminate_barriers(a.fn.body)
    return a.with_body(body, removed=removed)


def _lift_uniform_loops(a: Assembly) -> Assembly:
    """Loops every thread runs alike move out of the threads, around the regions."""
    lifted = lift_uniform_loops(a.fn.body, a.block)
    return a.with_body(lifted, lifted=lifted != a.fn.body)


def _block_loops(a: Assembly) -> Assembly:
    """Threads between barriers as loops (regions), values live across barriers in slots, the
    blocks as one parallel loop (or, without barriers or shared memory, the threads over the
    whole grid, kernel.flat), atomics privatized per worker: the CPU function."""
    fn, block = a.fn, a.block
    asm = _Assembler(fn, block)
    body = fn.body
    has_barrier = a.barriers > a.removed
    asm.flat = not has_barrier and "shared" not in asm.spaces.values() and not a.lifted
    asm.deps = thread_deps(body)
    has_return = any(isinstance(s, ir.Return) for s in iter_stmts(body))
    guarded = has_barrier and has_return
    allocs_source = body
    body = asm.relocate(asm.convert_returns(body, guarded))
    if guarded:
        asm.types[DONE] = BOOL
    # with returns, thread 0 may stop before storing a uniform value: read every thread's own
    asm.varying = varying_vars(body) | (set(asm.types) if has_return else set())
    items = split_at_barriers(body, asm.varying)
    items = _wrap_regions(items, guarded)
    if guarded:  # every thread starts not done; regions after it skip done threads
        items = _reindex((Region((ir.Assign(DONE, ir.Const(False, BOOL)),), -1), *items))
    regions = regions_of(items)
    plan = plan_spills(items, regions, tuple(s for r in regions for s in r.body), asm.types)  # type: ignore[arg-type]
    pre = asm.scratch_allocs(allocs_source, plan.stored)
    if asm.flat:
        (region,) = items
        head = (ir.Assign(WORKER, ir.Call("worker_id", (), INT64)),)
        count, loop = flat_grid_loop(region.body, block, head, "kiln_slot_")  # type: ignore[union-attr]
        pre.append(count)
        asm.types.update((name, INT64) for name in (*GID, OUTER, CHUNKS, CHUNK))
    else:
        loop = _block_loop(asm, asm.materialize(items, plan))
    params = fn.params + tuple(ir.Param(g, PY_INT) for g in GDIM)
    param_names = {p.name for p in params}
    for name in (WORKER, BLOCK, *TID, *BID):
        asm.types.setdefault(name, PY_INT if name in TID + BID else INT64)
    asm.types[WORKER] = INT64
    asm.types[NWORKERS] = INT64
    asm.types[BLOCK] = INT64
    for name in BID:
        asm.types[name] = PY_INT
    array_params = {p.name for p in fn.params if isinstance(p.type, ArrayType)}
    body_out = privatize_atomics(loop, asm.types, array_params, WORKER, NWORKERS)
    local_vars = tuple((n, t) for n, t in asm.types.items() if n not in param_names)
    new_body = _renumber((*pre, *body_out))
    nonneg = (*fn.nonneg_params, *GDIM)  # launches check grid extents are positive
    out = dataclasses.replace(fn, params=params, locals=local_vars, body=new_body, nonneg_params=nonneg)
    report = KernelReport(a.barriers, a.removed, len(regions), plan.bytes_all, plan.bytes_stored)
    return dataclasses.replace(a, fn=out, report=report)


# The assembly's stages in order; the driver runs them, verifying and dumping (after:NAME) each.
ASSEMBLY_STAGES: tuple[tuple[str, Callable[[Assembly], Assembly]], ...] = (
    ("drop_wraparound", _drop_wraparound),
    ("alias_views", _alias_views),
    ("eliminate_barriers", _eliminate_barriers),
    ("lift_uniform_loops", _lift_uniform_loops),
    ("block_loops", _block_loops),
)


def _wrap_regions(items: tuple[BlockItem, ...], guarded: bool) -> tuple[BlockItem, ...]:
    """Each region's body in a block that ``return`` leaves (for this thread only); with
    ``guarded``, skipped by threads that returned in an earlier region."""

    def wrap(r: Region) -> Region:
        label = f"{THREAD_EXIT}{r.index}"

        def relabel(s: ir.Stmt) -> ir.Stmt | None:
            return ir.Exit(label, s.sid, s.loc) if isinstance(s, ir.Exit) and s.label == THREAD_EXIT else None

        body: tuple[ir.Stmt, ...] = r.body
        if any(isinstance(s, ir.Exit) and s.label == THREAD_EXIT for s in iter_stmts(r.body)):
            body = (ir.Block(label, map_stmts(r.body, relabel)),)  # a label only where returns jump
        if guarded:
            body = (ir.If(ir.Unary("not", ir.Var(DONE, BOOL), BOOL), body),)
        return Region(body, r.index)

    def walk(xs: tuple[BlockItem, ...]) -> tuple[BlockItem, ...]:
        return tuple(
            wrap(it) if isinstance(it, Region) else replace_body(it, *(walk(b) for b in bodies(it)))  # type: ignore[arg-type,misc]
            for it in xs
        )

    return walk(items)


def _reindex(items: tuple[BlockItem, ...]) -> tuple[BlockItem, ...]:
    """Region indices in program order from 0 (the guard skips region 0: the initialization)."""
    counter = iter(range(1 << 30))

    def walk(xs: tuple[BlockItem, ...]) -> tuple[BlockItem, ...]:
        out: list[BlockItem] = []
        for it in xs:
            if isinstance(it, Region):
                out.append(Region(it.body, next(counter)))
            else:
                out.append(replace_body(it, *(walk(b) for b in bodies(it))))  # type: ignore[arg-type]
        return tuple(out)

    return walk(items)


def _block_loop(a: _Assembler, blocks: tuple[ir.Stmt, ...]) -> ir.For:
    gx, gy, gz = (ir.Cast(ir.Var(g, PY_INT), INT64) for g in GDIM)
    b = ir.Var(BLOCK, INT64)
    head = [
        ir.Assign(WORKER, ir.Call("worker_id", (), INT64)),
        ir.Assign(BID[0], ir.Cast(_bin("mod", b, gx), PY_INT)),
        ir.Assign(BID[1], ir.Cast(_bin("mod", _bin("floordiv", b, gx), gy), PY_INT)),
        ir.Assign(BID[2], ir.Cast(_bin("floordiv", b, _bin("mul", gx, gy)), PY_INT)),
    ]
    total = _bin("mul", _bin("mul", gx, gy), gz)
    return ir.For(BLOCK, _i(0), total, _i(1), (*head, *blocks), parallel=True)


def _renumber(body: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
    counter = iter(range(1, 1 << 30))

    def walk(stmts: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
        out = []
        for s in stmts:
            inner = bodies(s)
            if inner:
                s = replace_body(s, *(walk(b) for b in inner))
            out.append(dataclasses.replace(s, sid=next(counter)))
        return tuple(out)

    return walk(body)
