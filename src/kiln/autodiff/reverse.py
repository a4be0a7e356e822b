"""Reverse mode: an IR function -> an IR function computing its value and vector-Jacobian product.

The generated body is the *forward sweep* (the primal, saving the overwritten values the adjoints
need on tapes, see ``needed.py``), the seeding of the results' adjoints, and the *reverse sweep*:
statements' adjoints in reverse order, loops run backwards, branches re-taken on the recorded
condition. Parameters: the primal's, then one shadow array per active array parameter (holding the
cotangent of its final contents on entry, of its initial contents on exit), then one seed per
active result. Results: the primal's results, the adjoint of each active scalar parameter, and the
number of bytes the forward sweep taped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import cast

from kiln.autodiff import build as b
from kiln.autodiff.analysis import activity
from kiln.autodiff.common import (
    accumulate,
    copy_array,
    fill_zero,
    first_write_of_zeroed,
    renumber,
    shadow_view,
)
from kiln.autodiff.exits import is_loop_exit
from kiln.autodiff.exprs import Backprop
from kiln.autodiff.hoist import hoist_invariants
from kiln.autodiff.libcalls import libcall_adjoint
from kiln.autodiff.mincut import Decision, plan_recompute
from kiln.autodiff.needed import NeededValues
from kiln.autodiff.parallel import mark_reverse_loops
from kiln.autodiff.prepare import defs, prepare, reads
from kiln.autodiff.remat import rematerialize
from kiln.autodiff.webs import split_webs
from kiln.errors import SourceLoc, UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType
from kiln.ir.visit import iter_stmts

Code = tuple[list[ir.Stmt], list[ir.Stmt]]  # (forward sweep, reverse sweep)

_FIRST_CAPACITY = 1024  # elements of a tape whose length is not known before its loops run


@dataclass(frozen=True)
class ReverseSignature:
    """How the generated function's extra parameters and results line up with the primal's."""

    shadow_params: tuple[str, ...]  # primal array parameters given a shadow, in order
    seeded_results: tuple[int, ...]  # indices of primal results that take a seed/cotangent
    scalar_grads: tuple[str, ...]  # primal scalar parameters whose adjoints are returned


class _Reverse:
    def __init__(
        self,
        fn: ir.Function,
        active_params: tuple[str, ...],
        threads: bool = False,
        recompute: str = "mincut",
    ) -> None:
        self.fn = fn
        self.threads = threads
        self.policy = recompute
        self.types = fn.var_types()
        self.names = b.Names(set(self.types) | {p.name for p in fn.params})
        self.loops: list[ir.For | ir.While] = []
        self.tape_allocs: list[ir.Stmt] = []
        self.outer_defs: set[str] = set()
        self.active_params = active_params
        self.reverse_loops: dict[str, bool] = {}  # reverse loop variable -> primal loop parallel
        self.decision = Decision()  # values the reverse sweep recomputes instead of taping
        self.tape_counters: list[tuple[str, int]] = []  # (push counter, bytes per element)
        self.scalar_save_bytes = 0

    def type_of(self, name: str) -> ScalarType | ArrayType:
        return self.types.get(name) or self.names.declared[name]

    # ------------------------------------------------------------------ entry
    def run(self) -> tuple[ir.Function, ReverseSignature]:
        fn = self.fn
        from kiln.autodiff.analysis import alias_groups

        body, returns = prepare(fn, alias_groups(fn), self.names)
        body, returns = split_webs(body, returns, {**self.types, **self.names.declared}, self.names)
        fn = replace(fn, locals=fn.locals + tuple(self.names.declared.items()))
        if self.policy == "simple":
            body = rematerialize(fn, body, returns)
        known = {n for n, _ in fn.locals}
        extra = tuple((n, t) for n, t in self.names.declared.items() if n not in known)
        work = replace(fn, body=tuple(body), locals=fn.locals + extra)
        self.types = work.var_types()
        self.act = activity(work, self.active_params)
        if self.policy == "mincut":
            probe = NeededValues(self.act)
            self.decision = plan_recompute(work, body, lambda s: probe.stmt_reads(s))
        needed = NeededValues(self.act, self.decision.recompute, _fixed_scalars(body, self.types))
        needed.run(body)
        self.saves = needed.saves
        self.shadow = self._shadows(work)
        forward, reverse = self.seq(body)
        return self._assemble(forward, reverse, returns)

    def _shadows(self, fn: ir.Function) -> dict[str, str]:
        shadow: dict[str, str] = {}
        for name, t in fn.var_types().items():
            if isinstance(t, ScalarType) and name in self.act.scalars:
                shadow[name] = self.names.fresh("d" + name, t.strong())
            elif isinstance(t, ArrayType) and self.act.array(name):
                shadow[name] = self.names.fresh("d" + name, t.with_layout("C") if self._is_param(name) else t)
        return shadow

    def _is_param(self, name: str) -> bool:
        return any(p.name == name for p in self.fn.params)

    # -------------------------------------------------------------- sequences
    def seq(self, stmts: list[ir.Stmt] | tuple[ir.Stmt, ...]) -> Code:
        forward: list[ir.Stmt] = []
        reverse: list[ir.Stmt] = []
        for s in stmts:
            f, r = self.stmt(s)
            forward += f
            reverse = r + reverse
        return forward, reverse

    def stmt(self, s: ir.Stmt) -> Code:
        handler = getattr(self, "_" + type(s).__name__.lower(), None)
        if handler is None:
            raise UnsupportedError(f"reverse-mode differentiation of {type(s).__name__}", s.loc)
        return handler(s)

    # -------------------------------------------------------------- tapes
    def save(self, value: ir.Expr, restore: Callable[[ir.Expr], list[ir.Stmt]], loc: SourceLoc) -> Code:
        """Save ``value`` in the forward sweep; ``restore(saved)`` gives it back in reverse."""
        t = value.type.strong()
        if not self.loops:
            self.scalar_save_bytes += t.np_dtype.itemsize
            tmp = self.names.fresh("save", t)
            return [ir.Assign(tmp, value, loc=loc)], restore(ir.Var(tmp, t))
        tape = self.names.fresh("tape", ArrayType(t.dtype, 1, "C"))
        count = self.names.fresh("top", INT64)
        self.tape_counters.append((count, t.np_dtype.itemsize))
        capacity = self._capacity()
        top = ir.Var(count, INT64)
        grow = [] if capacity is not None else self._grow(tape, t, top, loc)
        self.tape_allocs += [
            ir.Alloc(
                tape, ArrayType(t.dtype, 1, "C"), (capacity or b.const(_FIRST_CAPACITY, INT64),), loc=loc
            ),
            ir.Assign(count, b.const(0, INT64), loc=loc),
        ]
        forward: list[ir.Stmt] = [
            *grow,
            ir.Store(tape, (top,), value, loc=loc),
            ir.Assign(count, b.add(top, b.const(1, INT64)), loc=loc),
        ]
        reverse: list[ir.Stmt] = [ir.Assign(count, b.sub(top, b.const(1, INT64)), loc=loc)]
        return forward, reverse + restore(ir.Load(tape, (top,), t))

    def _capacity(self) -> ir.Expr | None:
        """How many times the innermost loop body runs per run of the outermost loop, at most;
        None when that is not known before the outermost loop starts (an inner loop's bounds
        change inside an enclosing loop: a triangular nest, extents of a re-bound array)."""
        if any(isinstance(lp, ir.While) for lp in self.loops):
            return None
        loops = [lp for lp in self.loops if isinstance(lp, ir.For)]
        bound_vars = {lp.var for lp in loops}
        total: ir.Expr = b.const(1, INT64)
        for i, lp in enumerate(loops):
            needs = set().union(*(reads(x, self.act.group_of) for x in (lp.start, lp.stop, lp.step)))
            if i and needs & (self.outer_defs | bound_vars):
                return None
            total = b.mul(total, b.trip_count(lp.start, lp.stop, lp.step))
        return total

    def _grow(self, tape: str, t: ScalarType, top: ir.Var, loc: SourceLoc) -> list[ir.Stmt]:
        """A tape of unknown length doubles when full: a new block, the old values copied."""
        size = ir.Dim(tape, 0, INT64)
        bigger = self.names.fresh("grown", ArrayType(t.dtype, 1, "C"))
        i = self.names.fresh("i", INT64)
        copy = ir.Store(bigger, (ir.Var(i, INT64),), ir.Load(tape, (ir.Var(i, INT64),), t), loc=loc)
        grown: list[ir.Stmt] = [
            ir.Alloc(bigger, ArrayType(t.dtype, 1, "C"), (b.mul(size, b.const(2, INT64)),), loc=loc),
            ir.For(i, b.const(0, INT64), size, b.const(1, INT64), (copy,), loc=loc),
            ir.View(
                tape,
                bigger,
                b.const(0, INT64),
                (ir.Dim(bigger, 0, INT64),),
                (ir.Stride(bigger, 0, INT64),),
                loc=loc,
            ),
        ]
        return [ir.If(b.binary("ge", top, size), tuple(grown), (), loc=loc)]

    def _save_scalar(self, name: str, loc: SourceLoc) -> Code:
        t = self.types[name]
        return self.save(ir.Var(name, t), lambda v: [ir.Assign(name, v, loc=loc)], loc)  # type: ignore[arg-type]

    # ------------------------------------------------------------ statements
    def _assign(self, s: ir.Assign) -> Code:
        forward, restore = self._save_scalar(s.target, s.loc) if id(s) in self.saves else ([], [])
        forward.append(s)
        if s.target not in self.act.scalars:
            return forward, restore
        t = self.types[s.target].strong()  # type: ignore[union-attr]
        g = self.names.fresh("g", t)
        d = self.shadow[s.target]
        reverse: list[ir.Stmt] = [
            ir.Assign(g, ir.Var(d, t), loc=s.loc),
            ir.Assign(d, b.const(0, t), loc=s.loc),
            *restore,
        ]
        reverse += Backprop(self.act, self.shadow, self.names, s.loc).run(s.value, ir.Var(g, t))
        return forward, first_write_of_zeroed(reverse, 1)

    def _store(self, s: ir.Store) -> Code:
        forward: list[ir.Stmt] = []
        restore: list[ir.Stmt] = []
        t = self.types[s.array].element  # type: ignore[union-attr]
        if id(s) in self.saves:
            forward, restore = self.save(
                ir.Load(s.array, s.indices, t), lambda v: [ir.Store(s.array, s.indices, v, loc=s.loc)], s.loc
            )
        forward.append(s)
        if not self.act.array(s.array):
            return forward, restore
        g = self.names.fresh("g", t)
        d = self.shadow[s.array]
        reverse: list[ir.Stmt] = [
            ir.Assign(g, ir.Load(d, s.indices, t), loc=s.loc),
            ir.Store(d, s.indices, b.const(0, t), loc=s.loc),
            *restore,
        ]
        reverse += Backprop(self.act, self.shadow, self.names, s.loc).run(s.value, ir.Var(g, t))
        return forward, first_write_of_zeroed(reverse, 1)

    def _for(self, s: ir.For) -> Code:
        return self._loop(s)

    def _while(self, s: ir.While) -> Code:
        return self._loop(s)

    def _break(self, s: ir.Break) -> Code:
        return [s], []  # only as ``if flag: break`` ending a loop's body (``exits.py``)

    def _loop(self, s: ir.For | ir.While) -> Code:
        """A loop's forward sweep, and its reverse: the body's adjoints with the iterations run
        backwards. A ``while`` loop, or one an exit leaves, counts the iterations that ran."""
        outermost = not self.loops
        if outermost:
            saved_allocs, self.tape_allocs = self.tape_allocs, []
            self.outer_defs = defs(s.body, self.act.group_of)
        is_for = isinstance(s, ir.For)
        keep_var = is_for and id(s) in self.saves
        var_save, var_restore = self._save_scalar(s.var, s.loc) if keep_var else ([], [])  # type: ignore[union-attr]
        self.loops.append(s)
        try:
            body_f, body_r = self.seq(s.body)
        finally:
            self.loops.pop()
        counted = not is_for or bool(s.body) and is_loop_exit(s.body[-1])
        count = self.names.fresh("ran", INT64) if counted and body_r else ""
        if count:
            ran = ir.Var(count, INT64)
            body_f = [ir.Assign(count, b.add(ran, b.const(1, INT64)), loc=s.loc), *body_f]
        forward = [*var_save, *([ir.Assign(count, b.const(0, INT64), loc=s.loc)] if count else [])]
        forward.append(self._forward_loop(s, body_f))
        count_restore: list[ir.Stmt] = []
        if count and self.loops:  # each run of the enclosing loops counts anew: keep each count
            keep, count_restore = self.save(ir.Var(count, INT64), lambda v: [ir.Assign(count, v)], s.loc)
            forward += keep
        if outermost:
            forward = self.tape_allocs + forward
            self.tape_allocs = saved_allocs
        if not body_r:
            return forward, var_restore
        trips, k = self.names.fresh("trips", INT64), self.names.fresh("k", INT64)
        self.reverse_loops[k] = isinstance(s, ir.For) and s.parallel and not count
        n, kv = ir.Var(trips, INT64), ir.Var(k, INT64)
        header: list[ir.Stmt] = []
        if isinstance(s, ir.For):
            if self.types[s.var].dtype != "int64":
                raise UnsupportedError("reverse-mode differentiation of a non-int64 loop variable", s.loc)
            back = b.sub(b.sub(n, b.const(1, INT64)), kv)
            value = b.add(b.cast(s.start, INT64), b.mul(back, b.cast(s.step, INT64)))
            header = [ir.Assign(s.var, value, loc=s.loc)]
        recompute = tuple(x for x in s.body if id(x) in self.decision.recompute)
        reverse_loop = ir.For(
            k, b.const(0, INT64), n, b.const(1, INT64), (*header, *recompute, *body_r), loc=s.loc
        )
        ran_or_range = ir.Var(count, INT64) if count else b.trip_count(s.start, s.stop, s.step)  # type: ignore[union-attr]
        reverse: list[ir.Stmt] = [*count_restore, ir.Assign(trips, ran_or_range, loc=s.loc), reverse_loop]
        return forward, reverse + var_restore

    def _forward_loop(self, s: ir.For | ir.While, body_f: list[ir.Stmt]) -> ir.Stmt:
        if isinstance(s, ir.While):
            return replace(s, body=tuple(body_f))
        unchanged = tuple(body_f) == s.body
        return replace(
            s,
            body=tuple(body_f),
            parallel=s.parallel and unchanged,
            reductions=s.reductions if unchanged else (),
            simd=s.simd and unchanged,  # tape pushes carry a dependence (the tape's top) across iterations
        )

    def _if(self, s: ir.If) -> Code:
        then_f, then_r = self.seq(s.then)
        else_f, else_r = self.seq(s.orelse)
        forward: list[ir.Stmt] = [replace(s, then=tuple(then_f), orelse=tuple(else_f))]
        if not then_r and not else_r:
            return forward, []
        return forward, [ir.If(s.cond, tuple(then_r), tuple(else_r), loc=s.loc)]

    def _check(self, s: ir.Check) -> Code:
        return [s], []

    def _print(self, s: ir.Print) -> Code:
        return [s], []  # the forward sweep prints, as the function itself does

    def _alloc(self, s: ir.Alloc) -> Code:
        keep, back = self._keep_binding(s)
        if not self.act.array(s.target):
            return [*keep, s], back
        d = self.shadow[s.target]
        t = cast(ArrayType, self.type_of(d))  # the shadow of an allocated array
        zero = fill_zero(self.names, d, t)
        shadow = ir.Alloc(d, t, s.shape, loc=s.loc)
        if not back and self.loops:  # the next reverse iteration reuses this shadow: clear it
            back = fill_zero(self.names, d, t)
        return [*keep, s, shadow, *zero], back

    def _view(self, s: ir.View) -> Code:
        keep, back = self._keep_binding(s)
        if not self.act.array(s.target):
            return [*keep, s], back
        return [*keep, s, shadow_view(s, self.shadow)], back

    def _keep_binding(self, s: ir.Alloc | ir.View) -> Code:
        """When the reverse sweep needs the binding ``s`` replaces (``needed.py``): save it,
        and its shadow's, before ``s``; restore both where the reverse sweep passes ``s``."""
        if id(s) not in self.saves:
            return [], []
        names = [s.target] + ([self.shadow[s.target]] if self.act.array(s.target) else [])
        stacks = {n: self.names.fresh("bindings", cast(ArrayType, self.type_of(n))) for n in names}
        for stack in stacks.values():
            del self.names.declared[stack]  # a stack is no variable: its statements name it
        keep: list[ir.Stmt] = [ir.SaveBinding(stacks[n], n, loc=s.loc) for n in names]
        return keep, [ir.RestoreBinding(stacks[n], n, loc=s.loc) for n in names]

    def _libcall(self, s: ir.LibCall) -> Code:
        if not any(self.act.array(o) for o in s.outputs):
            return [s], []
        return [s], libcall_adjoint(s, self.act, self.shadow, self.type_of, self.names)

    # -------------------------------------------------------------- assembly
    def _assemble(
        self, forward: list[ir.Stmt], reverse: list[ir.Stmt], returns: tuple[str, ...]
    ) -> tuple[ir.Function, ReverseSignature]:
        fn, names = self.fn, self.names
        params = list(fn.params)
        shadow_params = tuple(
            p.name for p in fn.params if p.name in self.shadow and isinstance(p.type, ArrayType)
        )
        for p in shadow_params:
            params.append(ir.Param(self.shadow[p], self.type_of(self.shadow[p])))
        results: list[str] = []
        seeds: list[ir.Stmt] = []
        seeded: list[int] = []
        for i, name in enumerate(returns):
            t = self.types[name]
            copy = names.fresh("result", t if isinstance(t, ScalarType) else ArrayType(t.dtype, t.ndim, "C"))
            if isinstance(t, ScalarType):
                forward.append(ir.Assign(copy, ir.Var(name, t)))
            else:
                forward.append(ir.Alloc(copy, ArrayType(t.dtype, t.ndim, "C"), b.array_shape(name, t.ndim)))
                forward += copy_array(names, copy, name, t)
            results.append(copy)
            active = name in self.act.scalars or (isinstance(t, ArrayType) and self.act.array(name))
            if not active:
                continue
            seeded.append(i)
            if isinstance(t, ScalarType):
                seed = names.fresh("seed", t.strong())
                params.append(ir.Param(seed, t.strong()))
                d = self.shadow[name]
                seeds.append(ir.Assign(d, b.add(ir.Var(d, t.strong()), ir.Var(seed, t.strong()))))
            else:
                seed = names.fresh("seed", ArrayType(t.dtype, t.ndim, "C"))
                params.append(ir.Param(seed, ArrayType(t.dtype, t.ndim, "C")))
                seeds += accumulate(names, self.shadow[name], seed, t)
        scalar_grads = tuple(
            p.name for p in fn.params if isinstance(p.type, ScalarType) and p.name in self.act.scalars
        )
        results += [self.shadow[p] for p in scalar_grads]
        # the bytes the forward sweep taped (reports compare store-or-recompute policies)
        taped: ir.Expr = b.const(self.scalar_save_bytes, INT64)
        for counter, size in self.tape_counters:
            taped = b.add(taped, b.mul(ir.Var(counter, INT64), b.const(size, INT64)))
        tape_bytes = names.fresh("tape_bytes", INT64)
        forward.append(ir.Assign(tape_bytes, taped))
        results.append(tape_bytes)
        param_names = {p.name for p in params}
        body, _ = renumber(hoist_invariants([*forward, *seeds, *reverse, ir.Return(tuple(results))], names))
        out = ir.Function(
            name=fn.name + "_vjp",
            params=tuple(params),
            locals=tuple(
                (n, t)
                for n, t in self.types.items()
                if n not in param_names and n not in {p.name for p in fn.params}
            )
            + tuple(
                (n, t) for n, t in names.declared.items() if n not in param_names and n not in self.types
            ),
            body=body,
            results=tuple(self.types.get(r) or names.declared[r] for r in results),
            result_is_tuple=True,
            loc=fn.loc,
            written_params=fn.written_params + tuple(self.shadow[p] for p in shadow_params),
        )
        out, _ = mark_reverse_loops(out, self.reverse_loops, set(self.shadow.values()), self.threads)
        out = replace(out, body=renumber(out.body)[0])
        return out, ReverseSignature(shadow_params, tuple(seeded), scalar_grads)


def _fixed_scalars(body: list[ir.Stmt], types: dict[str, ScalarType | ArrayType]) -> set[str]:
    """Scalars assigned at most once and outside every loop: constant while any loop runs."""
    counts: dict[str, int] = {}
    in_loops: set[str] = set()
    for s in iter_stmts(body):
        if isinstance(s, ir.Assign):
            counts[s.target] = counts.get(s.target, 0) + 1
        if isinstance(s, ir.For | ir.While):
            for x in iter_stmts(s.body):
                if isinstance(x, ir.Assign):
                    in_loops.add(x.target)
                elif isinstance(x, ir.For):
                    in_loops.add(x.var)
            if isinstance(s, ir.For):
                in_loops.add(s.var)
    return {
        n
        for n, t in types.items()
        if isinstance(t, ScalarType) and counts.get(n, 0) <= 1 and n not in in_loops
    }


def reverse_function(
    fn: ir.Function, active_params: tuple[str, ...], threads: bool = False, recompute: str = "mincut"
) -> tuple[ir.Function, ReverseSignature]:
    """The vector-Jacobian-product function of ``fn`` with respect to ``active_params``;
    ``threads``: the code is built with OpenMP (reverse loops of parallel loops may use threads);
    ``recompute``: "mincut" (store or recompute by a minimum cut, ``mincut.py``) or "simple"
    (recompute only values of loop variables and unchanged inputs, ``remat.py``)."""
    if recompute not in ("mincut", "simple"):
        raise ValueError(f"recompute must be 'mincut' or 'simple', not {recompute!r}")
    return _Reverse(fn, active_params, threads, recompute).run()
