"""One OpenMP region around a sequential loop of parallel sweeps (a time loop) instead of a
region per sweep.

A time loop of mid-sized sweeps pays a team's start and end per sweep. Inside one region each
sweep is an ``omp for`` whose closing barrier is the only meeting of the threads: a C model of
NPBench's jacobi_1d (two sweeps a step, 72 million element updates) took 32-34 ms with a region
per sweep and 27-28 ms in one region at 12000 elements a sweep (60-64 ms against 34-37 ms at
3000).

The loop is a ``for`` loop or a ``while`` loop, whose condition every thread evaluates (NPBench
channel_flow steps until a change made of three sums is small: 134 ms on two threads with a
region per sweep, 116 ms in one region, 205 ms on one thread).

Every thread walks the loop's control flow. What each step computes for itself runs on every
thread into the thread's own copy (``firstprivate``): the counters, scalars no other statement
assigns and nothing after the loop reads, views (which borrow their base's owner, as views in a
parallel loop do), and allocations whose block was taken before the loops (each step only points
the array at it), however often the step binds them, so both threads take the same branches with
no barrier. (NPBench cavity_flow, whose inner loop copies ``p`` into such a block, took 4.8 ms on
two threads with the calling thread pointing at it between barriers, 4.3 ms now.) A failing check,
seen by every thread at once, leaves the loop on all of them; the calling thread records which
check and its values, and the error is raised after the region. Statements with effects others
can see (stores, sequential loops, scalars read after the loop, allocations) run on the calling
thread (``omp master``) between barriers, and an error there leaves the loop after its barrier.
Every sweep is an ``omp for``, however small: its closing barrier costs less than the two
around a block on the calling thread. The threads meet at the prelude's ``kiln_barrier_wait``
(the sweeps are ``nowait``), which spins on a generation counter where libgomp's barrier makes a
system call at every meeting; a sweep with a reduction keeps OpenMP's own barrier, which
completes the reduction. A block (an inlined call's body) is walked like the
statements around it: with no exit in the loop, nothing leaves it.

The region opens only once the loop has shown that its sweeps use the team: the first iterations
run as before, and when ``kiln_team`` says a team ran (``kiln_worth_team``), the remaining ones
run in the region, so small inputs never open it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kiln.codegen import c_exprs as cx
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts
from kiln.transforms.effects import effects_of, effects_outside

if TYPE_CHECKING:
    from kiln.codegen.c_stmts import StmtRenderer
    from kiln.codegen.hoisted_allocs import Hoist

# control flow that leaves a block or a call into a library's own threads: not carried across
# the team. A block (an inlined call's body) stays: with no exit in the loop nothing leaves it,
# and every thread walks it like the statements around it.
_NOT_IN_TEAM = (ir.Return, ir.Break, ir.Continue, ir.Exit, ir.While, ir.Atomic, ir.LibCall)
# in a sweep: a check would need a flag shared by the sweep's threads, an allocation a block each
_NOT_IN_SWEEP = (ir.Check, ir.Alloc)
_BYTES = frozenset({"bool", "int8", "uint8"})


def holds_parallel(s: ir.Stmt) -> bool:
    """Whether ``s`` is or holds a parallel loop."""
    return any(isinstance(t, ir.For) and t.parallel for t in iter_stmts((s,)))


def mentioned_outside(fn: ir.Function, loop: ir.For | ir.While) -> frozenset[str]:
    """The scalars and arrays the function's statements outside ``loop`` mention."""
    effects = effects_outside(fn, loop)
    return effects.arrays | effects.reads | effects.writes


def team_loop_fits(fn: ir.Function, loop: ir.For | ir.While, hoisted_to: set[int]) -> bool:
    """Whether ``loop`` (sequential, with parallel loops inside) can run in one region.

    ``hoisted_to``: the loops allocations were hoisted to (each takes its blocks before it
    starts; a loop every thread walks would take them once per thread)."""
    counted = isinstance(loop, ir.For)
    if counted and (loop.parallel or loop.reductions or not _constant_step(loop)):
        return False
    if not holds_parallel(loop):
        return False
    outside = mentioned_outside(fn, loop)
    if counted and loop.var in outside:
        return False
    types = fn.var_types()
    for s in iter_stmts(loop.body):
        if isinstance(s, _NOT_IN_TEAM):
            return False
        if isinstance(s, ir.For) and s.parallel and not _sweep_fits(s, types):
            return False
        walked_loop = isinstance(s, ir.For) and not s.parallel and holds_parallel(s)
        if walked_loop and (not _constant_step(s) or s.var in outside):
            return False
        if isinstance(s, ir.For) and holds_parallel(s) and s.sid in hoisted_to:
            return False
    return True


def _own_alloc(s: ir.Stmt, hoists: dict[int, Hoist]) -> bool:
    """Whether ``s`` is an allocation whose one block was taken before the loops: its statement
    only points the array at that block, which every thread can do for itself."""
    hoist = hoists.get(s.sid) if isinstance(s, ir.Alloc) else None
    return hoist is not None and not hoist.per_thread


def _constant_step(loop: ir.For) -> bool:
    return isinstance(loop.step, ir.Const) and loop.step.value != 0


def _sweep_fits(loop: ir.For, types: dict[str, ScalarType | ArrayType]) -> bool:
    if any(op == "select" for _, op in loop.reductions) or loop.work is not None:
        return False
    for s in iter_stmts(loop.body):
        if isinstance(s, _NOT_IN_SWEEP):
            return False
        # A byte store may alias any variable, and in the region the arrays' pointers are
        # shared ones the master writes: gcc reloads them at every element and the loop no
        # longer vectorizes (NPBench azimint_naive's mask: 2t 227-302 ms against 145 ms).
        if isinstance(s, ir.Store) and types[s.array].dtype in _BYTES:
            return False
    return True


def _walked(stmts: tuple[ir.Stmt, ...]) -> list[ir.Stmt]:
    """The statements that hold no parallel loop, found where every thread walks: ``stmts``
    and the bodies of the loops, ifs and blocks in it that hold parallel loops."""
    found: list[ir.Stmt] = []
    for s in stmts:
        if not holds_parallel(s):
            found.append(s)
        elif isinstance(s, ir.If):
            found += _walked(s.then) + _walked(s.orelse)
        elif isinstance(s, ir.Block) or (isinstance(s, ir.For) and not s.parallel):
            found += _walked(s.body)
    return found


class TeamLoop:
    """Renders a :func:`team_loop_fits` loop: its iterations as before until a team ran, then the
    rest inside one ``omp parallel`` region."""

    def __init__(self, r: StmtRenderer, loop: ir.For | ir.While) -> None:
        self.r = r
        self.loop = loop
        self.flag = r.fresh("terr")
        self.meeting = r.fresh("bar")  # the team's kiln_barrier (prelude)
        self.checks: list[tuple[int, ir.Check]] = []
        self._blocks = 0
        # since the last barrier, the threads' own statements read: array elements (a sweep or
        # a master block may write them), anything (a master block may write it)
        self.read_elements = False
        self.read_any = False
        hoists = r.hoists
        walked = [
            s for s in _walked(loop.body) if isinstance(s, ir.Assign | ir.View) or _own_alloc(s, hoists)
        ]
        walked_ids = {id(s) for s in walked}
        rest = effects_of([s for s in iter_stmts(loop.body) if id(s) not in walked_ids], deep=False)
        outside = mentioned_outside(r.fn, loop)
        assigns = frozenset(s.target for s in walked if isinstance(s, ir.Assign))
        views = frozenset(s.target for s in walked if isinstance(s, ir.View))
        allocs = frozenset(s.target for s in walked if isinstance(s, ir.Alloc))
        # A name every binding of which some walked statement makes is the same on every thread
        # at every point (each thread runs those bindings in the same order), however often the
        # loop rebinds it (NPBench cavity_flow: ``pn = p.copy()`` in its inner loop is a hoisted
        # allocation and a view of it).
        self.own_scalars = assigns - rest.writes - outside
        self.own_views = (views - allocs) - rest.array_binds - outside
        self.own_allocs = (allocs - views) - rest.array_binds - outside
        self.counters = [
            s.var
            for s in iter_stmts((loop,))
            if isinstance(s, ir.For) and not s.parallel and holds_parallel(s)
        ]

    # ----------------------------------------------------------------- entry
    def lines(
        self, bounds: tuple[str, str, str], cur: str, ordinary: Callable[[list[str]], list[str]]
    ) -> list[str]:
        """``bounds``: the C names of the loop's start, stop and step; ``cur`` its counter's.
        ``ordinary(tail)``: the loop as rendered without a region, ``tail`` ending its body."""
        s, (lo, hi, st) = self.loop, bounds
        assert isinstance(s, ir.For)
        go, start, t = self.r.fresh("go"), self.r.fresh("from"), self.r.fresh("t")
        switch = f"{start} = {cur} + {st}; {go} = 1; break;"
        lines = [f"    int {go} = 0;", f"    int64_t {start} = {lo};"]
        lines += ordinary([f"if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) {{ {switch} }}"])
        with self.r.in_team(self):
            body = self.block(s.body, [f"{cx.scalar_name(s.var)} = {t};"]) + self.end_of_body()
        header = f"for (int64_t {t} = {start}; {_cond(s, t, hi)}; {t} += {st}) {{"
        return lines + self._region(go, header, body)

    def while_lines(self, ordinary: Callable[[list[str]], list[str]]) -> list[str]:
        """A ``while`` loop: its iterations as before until a team ran, then the rest in the
        region, where every thread evaluates the condition (``ordinary`` as in :meth:`lines`)."""
        s = self.loop
        assert isinstance(s, ir.While)
        go = self.r.fresh("go")
        lines = [f"    int {go} = 0;"]
        lines += ordinary([f"if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) {{ {go} = 1; break; }}"])
        with self.r.in_team(self):
            self.read_any = True  # the condition: every thread reads it before a master block writes
            self.read_elements = any(isinstance(e, ir.Load) for e in iter_exprs(s.cond))
            body = self.block(s.body) + self.end_of_body()
        return lines + self._region(go, f"while ({self.r.e(s.cond)}) {{", body)

    def _region(self, go: str, header: str, body: list[str]) -> list[str]:
        """The region that runs the loop's remaining iterations (``header`` opens the loop)."""
        nargs = max([len(c.args) for _, c in self.checks] + [1])
        private = self._private()
        clause = f" firstprivate({', '.join(private)})" if private else ""
        return [
            f"    if ({go}) {{",
            f"        int {self.flag} = 0;",
            f"        long long {self.flag}_a[{nargs}] = {{0}};",
            f"        kiln_barrier {self.meeting} = {{0, 0}};",
            f"        #pragma omp parallel{clause}",
            "        {",
            f"            {header}",
            *_indent(body, 4),
            "            }",
            "        }",
            "        kiln_team = KILN_PAR_MIN;",
            *_indent(self._raise_after(), 2),
            "    }",
        ]

    def _private(self) -> list[str]:
        names = [cx.scalar_name(v) for v in dict.fromkeys([*self.counters, *sorted(self.own_scalars)])]
        for v in sorted(self.own_views | self.own_allocs):
            n = self.r.array_type(v).ndim
            # a hoisted allocation's owner is its block, taken before the region and shared
            names += [cx.data_name(v)] + ([cx.owner_name(v)] if v in self.own_views else [])
            names += [cx.shape_name(v, k) for k in range(n)] + [cx.stride_var(v, k) for k in range(n)]
        return names

    def _raise_after(self) -> list[str]:
        lines = []
        for number, c in self.checks:
            args = "".join(f", {self.flag}_a[{i}]" for i in range(len(c.args)))
            lines += [
                f"if ({self.flag} == {number}) PyErr_Format(PyExc_{c.exc}, {_c_string(c.message)}{args});",
            ]
        return [*lines, f"if ({self.flag}) goto kiln_fail;"]

    # ------------------------------------------------------------ the body
    def block(self, stmts: tuple[ir.Stmt, ...], first: list[str] | None = None) -> list[str]:
        """Statements inside the region (see the module's docstring)."""
        lines = list(first or [])
        pending: list[ir.Stmt] = []
        for s in stmts:
            if self._is_own(s):
                lines += self.master(self._on_master(tuple(pending)))
                pending = []
                lines += self._as_own(s)
                self.read_any = True
                self.read_elements |= any(isinstance(e, ir.Load) for e in iter_exprs(s))
            elif holds_parallel(s):
                lines += self.master(self._on_master(tuple(pending)))
                pending = []
                lines += self._holder(s)
            else:
                pending.append(s)
        return lines + self.master(self._on_master(tuple(pending)))

    def _is_own(self, s: ir.Stmt) -> bool:
        if isinstance(s, ir.Assign):
            return s.target in self.own_scalars
        if isinstance(s, ir.View):
            return s.target in self.own_views
        if isinstance(s, ir.Alloc):
            return s.target in self.own_allocs and _own_alloc(s, self.r.hoists)
        return isinstance(s, ir.Check)

    def _as_own(self, s: ir.Stmt) -> list[str]:
        with self.r.in_team(self, own=True):
            return self.r.stmt(s)

    def check(self, s: ir.Check) -> list[str]:
        """A check every thread evaluates: all leave the loop; the calling thread records it."""
        number = self._next()
        self.checks.append((number, s))
        saves = " ".join(f"{self.flag}_a[{k}] = (long long)({self.r.e(a)});" for k, a in enumerate(s.args))
        return [
            f"if (!({self.r.e(s.cond)})) {{",
            f"    if (omp_get_thread_num() == 0) {{ {self.flag} = {number}; {saves} }}",
            "    break;",
            "}",
        ]

    def _on_master(self, stmts: tuple[ir.Stmt, ...]) -> list[str]:
        """The C of statements the calling thread runs, as outside a region."""
        with self.r.in_team(None):
            return self.r.block(stmts)

    def _holder(self, s: ir.Stmt) -> list[str]:
        if isinstance(s, ir.For) and s.parallel:
            return self.r.stmt(s)  # StmtRenderer._team_sweep
        if isinstance(s, ir.Block):  # no exit leaves it (team_loop_fits): no label to jump to
            return ["{", *_indent(self.block(s.body), 1), "}"]
        if isinstance(s, ir.For):
            lo, hi, st, t = (self.r.fresh(x) for x in ("lo", "hi", "st", "t"))
            e = self.r.e
            self.read_any = True  # the bounds: read by every thread before a master block writes
            body = self.block(s.body, [f"{cx.scalar_name(s.var)} = {t};"]) + self.end_of_body()
            return [
                "{",
                f"    const int64_t {lo} = {e(s.start)}, {hi} = {e(s.stop)}, {st} = {e(s.step)};",
                f"    for (int64_t {t} = {lo}; {_cond(s, t, hi)}; {t} += {st}) {{ /* kiln loop #{s.sid} */",
                *_indent(body, 2),
                "    }",
                "}",
                self.barrier(),  # every thread has left the inner loop, at one point
                f"if ({self.flag}) break;",
            ]
        assert isinstance(s, ir.If)
        self.read_any = True  # the test: every thread reads it before a master block may write
        before = (self.read_elements, self.read_any)
        then = self.block(s.then)
        after_then = (self.read_elements, self.read_any)
        self.read_elements, self.read_any = before
        orelse = self.block(s.orelse)
        self.read_elements |= after_then[0]
        self.read_any |= after_then[1]
        lines = [f"if ({self.r.e(s.cond)}) {{", *_indent(then, 1)]
        if orelse:
            lines += ["} else {", *_indent(orelse, 1)]
        return lines + ["}"]

    def end_of_body(self) -> list[str]:
        """A barrier closing a loop body whose last statements the threads ran themselves: the
        next iteration's master block or sweep may write what they read."""
        wait = [self.barrier()] if self.read_any or self.read_elements else []
        self.read_elements = self.read_any = False
        return wait

    def barrier(self) -> str:
        """A meeting of the team's threads (``kiln_barrier_wait``, prelude)."""
        return f"kiln_barrier_wait(&{self.meeting});"

    def sweep(self, parallel: list[str], nowait: bool) -> list[str]:
        """A parallel loop: an ``omp for`` of the team, whatever its size (a barrier first when
        the threads' own statements read array elements it may write). ``nowait``: the loop
        leaves out its own closing barrier, and the team's follows it. Its closing barrier is
        the only cost: one on the calling thread would pay a barrier before it (when the threads
        read since the last one) and one after. Measured on NPBench at M, two threads, with the
        sweeps below 16384 operations on the calling thread and then on the team: channel_flow
        164 and 145 ms, cavity_flow 6.3 and 5.7 ms, heat_3d 2.6 and 2.5 ms, jacobi_1d 10.7 and
        10.3 ms, fourteen other kernels with a region unchanged."""
        wait = [self.barrier()] if self.read_elements else []
        self.read_elements = self.read_any = False
        return wait + parallel + ([self.barrier()] if nowait else [])

    def master(self, body: list[str]) -> list[str]:
        """``body`` on the calling thread between barriers; an error there leaves the loop. The
        first barrier waits for threads that may still read what ``body`` writes: every thread
        must see the values the master saw when it took the same branches."""
        if not body:
            return []
        number = self._next()
        fail, done = self.r.fresh("tfail"), self.r.fresh("tdone")
        body = [line.replace("goto kiln_fail;", f"goto {fail};") for line in body]
        wait = [self.barrier()] if self.read_any else []  # the others may still read
        self.read_elements = self.read_any = False
        return [
            *wait,
            "#pragma omp master",
            "{",
            *_indent(body, 1),
            f"    goto {done};",
            f"    {fail}: {self.flag} = {number};",
            f"    {done}: ;",
            "}",
            self.barrier(),
            f"if ({self.flag} == {number}) break;",
        ]

    def _next(self) -> int:
        self._blocks += 1
        return self._blocks


def _cond(s: ir.For, t: str, hi: str) -> str:
    assert isinstance(s.step, ir.Const)
    return f"{t} < {hi}" if s.step.value > 0 else f"{t} > {hi}"  # type: ignore[operator]


def _indent(lines: list[str], levels: int) -> list[str]:
    pad = "    " * levels
    return [pad + line for line in lines]


def _c_string(text: str) -> str:
    from kiln.codegen.c_stmts import c_string

    return c_string(text)
