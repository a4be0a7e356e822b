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
thread (``omp master``); one that may fail runs between meetings of the threads and an error
there leaves the loop after the second. Every sweep is an ``omp for``, however small: a sweep
on the calling thread would cost more meetings than it saves.

The threads meet only where a statement needs it: before one that writes a name (a scalar, an
array's elements, an array's binding) some thread may still be reading or have written since
they last met, or reads one some thread may have written (the calling thread's blocks and the
sweeps, ``nowait``, leave their reads and writes unmet). Arrays compare by what they may share
(``array_roots``; two parameters may be one buffer). A loop body ends with a meeting when what
it leaves unmet conflicts with a statement of the body or the loop's test. NPBench gramschmidt
meets four times a step where it met nine. The threads meet at the prelude's
``kiln_barrier_wait``, which spins on a generation counter where libgomp's barrier makes a
system call at every meeting; a sweep with a reduction keeps OpenMP's own barrier, which
completes the reduction. A block (an inlined call's body) is walked like the statements around
it: with no exit in the loop, nothing leaves it.

The region opens only once the loop has shown that its sweeps use the team: the first iterations
run as before, and when ``kiln_team`` says a team ran (``kiln_worth_team``), the remaining ones
run in the region, so small inputs never open it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from kiln.analysis.effects import array_roots, effects_of
from kiln.analysis.regions import holds_parallel, mentioned_outside
from kiln.codegen import c_exprs as cx
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import expr_reads, iter_stmts

if TYPE_CHECKING:
    from kiln.codegen.c_stmts import StmtRenderer


def _own_alloc(s: ir.Stmt) -> bool:
    """Whether ``s`` is an allocation whose one block was taken before the loops: its statement
    only points the array at that block, which every thread can do for itself."""
    return isinstance(s, ir.Alloc) and s.hoist > 0 and not s.per_thread


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
    """Renders a ``team`` loop (passes/team_regions.py): its iterations as before until a team ran, then the
    rest inside one ``omp parallel`` region."""

    def __init__(self, r: StmtRenderer, loop: ir.For | ir.While) -> None:
        self.r = r
        self.loop = loop
        self.flag = r.fresh("terr")
        self.meeting = r.fresh("bar")  # the team's kiln_barrier (prelude)
        self.checks: list[tuple[int, ir.Check]] = []
        self._blocks = 0
        # Since the threads last met: the names (scalars, arrays) some thread may still be reading,
        # and those some thread wrote where the others may not see it yet. A statement meets the
        # others first only when it writes a name of either set or reads one of the second.
        self.unmet_reads: set[str] = set()
        self.unmet_writes: set[str] = set()
        self.roots = array_roots(r.fn)
        self.arrays = frozenset(n for n, t in r.fn.var_types().items() if isinstance(t, ArrayType))
        walked = [s for s in _walked(loop.body) if isinstance(s, ir.Assign | ir.View) or _own_alloc(s)]
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
            body = self.block(s.body, [f"{cx.scalar_name(s.var)} = {t};"]) + self.end_of_body(s.body)
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
            test = _expr_names(s.cond)
            self.unmet_reads |= test  # every thread reads the condition
            body = self.block(s.body) + self.end_of_body(s.body, test)
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
                lines += self._on_master(tuple(pending))
                pending = []
                reads = _access([s])[0]
                lines += self.meet_before(reads, frozenset()) + self._as_own(s)
                self.unmet_reads |= reads  # what it writes is the thread's own copy
            elif holds_parallel(s):
                lines += self._on_master(tuple(pending))
                pending = []
                lines += self._holder(s)
            else:
                pending.append(s)
        return lines + self._on_master(tuple(pending))

    def _is_own(self, s: ir.Stmt) -> bool:
        if isinstance(s, ir.Assign):
            return s.target in self.own_scalars
        if isinstance(s, ir.View):
            return s.target in self.own_views
        if isinstance(s, ir.Alloc):  # any other allocation of the name keeps it from own_allocs
            return s.target in self.own_allocs
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
        """Statements the calling thread runs, as outside a region (:meth:`master`)."""
        if not stmts:
            return []
        with self.r.in_team(None):
            lines = self.r.block(stmts)
        return self.master(lines, None if effects_of(stmts).control else _access(stmts))

    def _holder(self, s: ir.Stmt) -> list[str]:
        if isinstance(s, ir.For) and s.parallel:
            return self.r.stmt(s)  # StmtRenderer._team_sweep
        if isinstance(s, ir.Block):  # no exit leaves it (team_loop_fits): no label to jump to
            return ["{", *_indent(self.block(s.body), 1), "}"]
        if isinstance(s, ir.For):
            lo, hi, st, t = (self.r.fresh(x) for x in ("lo", "hi", "st", "t"))
            e = self.r.e
            # the first iteration starts with what is unmet here, the others with what the body
            # leaves unmet: each meets first when that conflicts with the body or the bounds
            bounds = frozenset().union(*(_expr_names(x) for x in (s.start, s.stop, s.step)))
            entry = self.meet_before(*self._loop_access(s.body, bounds))
            self.unmet_reads |= bounds
            body = self.block(s.body, [f"{cx.scalar_name(s.var)} = {t};"]) + self.end_of_body(s.body)
            return [
                *entry,
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
        test = _expr_names(s.cond)
        lines = self.meet_before(test, frozenset())
        self.unmet_reads |= test  # every thread reads the test
        before = (set(self.unmet_reads), set(self.unmet_writes))
        then = self.block(s.then)
        after_then = (self.unmet_reads, self.unmet_writes)
        self.unmet_reads, self.unmet_writes = set(before[0]), set(before[1])
        orelse = self.block(s.orelse)
        # both threads took the same branch: after the if, what either branch left unmet
        self.unmet_reads |= after_then[0]
        self.unmet_writes |= after_then[1]
        lines += [f"if ({self.r.e(s.cond)}) {{", *_indent(then, 1)]
        if orelse:
            lines += ["} else {", *_indent(orelse, 1)]
        return lines + ["}"]

    def end_of_body(self, body: tuple[ir.Stmt, ...], header: frozenset[str] = frozenset()) -> list[str]:
        """A meeting closing a loop body when what it left unmet conflicts with a statement of
        the body (the next iteration's) or with what the loop's ``header`` reads. What does not
        conflict may stay unmet into the next iteration, whose statements it cannot touch."""
        return self.meet_before(*self._loop_access(body, header))

    def _loop_access(self, body: tuple[ir.Stmt, ...], header: frozenset[str]) -> Access:
        """What a loop's iterations read and write of what the other threads see."""
        reads, writes = _access(body)
        return reads | header, writes - self._private_names

    @functools.cached_property
    def _private_names(self) -> frozenset[str]:
        """Names each thread binds for itself (its copies): no other thread sees them."""
        own = self.own_views | self.own_allocs
        return frozenset([*self.own_scalars, *self.counters, *(_META + v for v in own)])

    def meet(self) -> list[str]:
        """A meeting, when anything is unmet."""
        return [self.barrier()] if self.unmet_reads or self.unmet_writes else []

    def meet_before(self, reads: Iterable[str], writes: Iterable[str]) -> list[str]:
        """A meeting of the team before a statement that ``reads`` and ``writes`` (names), when
        it writes what a thread may still read or have written, or reads what a thread may
        have written, since they last met."""
        reads, writes = set(reads), set(writes)
        unmet = self.unmet_reads | self.unmet_writes
        if not (self._overlap(writes, unmet) or self._overlap(reads, self.unmet_writes)):
            return []
        return [self.barrier()]

    def _overlap(self, a: set[str], b: set[str]) -> bool:
        if a & b:
            return True
        for x in a & self.arrays:
            for y in b & self.arrays:
                certain, pairs = self.roots.conflicts(x, y)
                if certain or pairs:  # two parameters may share memory (NumPy lets callers)
                    return True
        return False

    def barrier(self) -> str:
        """A meeting of the team's threads (``kiln_barrier_wait``, prelude): all is met."""
        self._all_met()
        return f"kiln_barrier_wait(&{self.meeting});"

    def _all_met(self) -> None:
        self.unmet_reads.clear()
        self.unmet_writes.clear()

    def sweep(self, s: ir.For, parallel: list[str], nowait: bool) -> list[str]:
        """A parallel loop: an ``omp for`` of the team, whatever its size, after a meeting when
        it conflicts with what is unmet (:meth:`meet_before`). ``nowait``: the loop leaves out its
        own closing barrier; the threads meet when a later statement needs it. A sweep with a
        reduction keeps OpenMP's barrier, which completes the reduction. On the calling thread
        a sweep would meet the others before it (when they read since the last meeting) and
        after. Measured on NPBench at M, two threads, with the sweeps below 16384 operations on
        the calling thread and then on the team: channel_flow 164 and 145 ms, cavity_flow 6.3
        and 5.7 ms, heat_3d 2.6 and 2.5 ms, jacobi_1d 10.7 and 10.3 ms, fourteen other kernels
        with a region unchanged."""
        reads, writes = _sweep_access(s)
        wait = self.meet_before(reads, writes)
        if not nowait:  # OpenMP's barrier closes it: all is met
            self._all_met()
        else:
            self.unmet_reads |= reads
            self.unmet_writes |= writes
        return wait + parallel

    def master(self, body: list[str], touched: Access | None = None) -> list[str]:
        """``body`` on the calling thread. With what it ``touched`` (names read, written) and no
        way to fail, the others go on past it; they meet it where a later statement conflicts
        with it. Otherwise (an error there leaves the loop on every thread) it runs between
        meetings: the first waits for threads that may still read what ``body`` writes, so every
        thread sees the values the master saw when it took the same branches."""
        if not body:
            return []
        if touched is not None and not any("goto kiln_fail;" in line for line in body):
            reads, writes = touched
            wait = self.meet_before(reads, writes)
            self.unmet_reads |= reads
            self.unmet_writes |= writes
            return [*wait, "#pragma omp master", "{", *_indent(body, 1), "}"]
        number = self._next()
        fail, done = self.r.fresh("tfail"), self.r.fresh("tdone")
        body = [line.replace("goto kiln_fail;", f"goto {fail};") for line in body]
        return [
            *self.meet(),
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


Access = tuple[frozenset[str], frozenset[str]]  # names read, names written

# An array's name stands for its elements; with this prefix, for its binding (data pointer,
# extents, strides), which only an allocation or a view of that name changes.
_META = "meta:"


def _names(scalars: Iterable[str], elements: Iterable[str], bindings: Iterable[str]) -> frozenset[str]:
    return frozenset((*scalars, *elements, *(_META + a for a in bindings)))


def _expr_names(e: ir.Expr) -> frozenset[str]:
    """What an expression reads (:func:`_access`)."""
    read = expr_reads(e)
    return _names(read.scalars, read.elements, read.bindings)


def _access(stmts: Iterable[ir.Stmt]) -> Access:
    """(names read, names written) by ``stmts``: scalars, array elements, array bindings."""
    eff = effects_of(stmts)
    reads = _names(eff.reads, eff.element_reads, eff.binding_reads)
    return reads, _names(eff.writes, eff.array_writes | eff.array_binds, eff.array_binds)


def _sweep_access(s: ir.For) -> Access:
    """What a parallel loop reads and writes of what the other threads see: not the scalars
    and bindings each iteration makes (its thread's own), but the reductions it completes and
    the elements it stores, views' included (their elements are their bases')."""
    reads, writes = _access([s])
    mine = {t.target for t in iter_stmts([s]) if isinstance(t, ir.Assign)}
    mine |= {t.var for t in iter_stmts([s]) if isinstance(t, ir.For)}
    mine |= {_META + t.target for t in iter_stmts([s]) if isinstance(t, ir.Alloc | ir.View)}
    mine -= {v for v, _ in s.reductions}
    return reads - mine, writes - mine


def _cond(s: ir.For, t: str, hi: str) -> str:
    assert isinstance(s.step, ir.Const)
    return f"{t} < {hi}" if s.step.value > 0 else f"{t} > {hi}"  # type: ignore[operator]


def _indent(lines: list[str], levels: int) -> list[str]:
    pad = "    " * levels
    return [pad + line for line in lines]


def _c_string(text: str) -> str:
    from kiln.codegen.c_stmts import c_string

    return c_string(text)
