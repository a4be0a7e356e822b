"""C rendering of IR statements (structured control flow, arrays, checks)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator

from kiln.analysis.definitions import Definitions, record, substituted
from kiln.analysis.hoisting import Hoist, hoists_in
from kiln.analysis.liveness import live_after
from kiln.analysis.regions import assigned_scalars
from kiln.codegen import c_bindings, c_select
from kiln.codegen import c_exprs as cx
from kiln.codegen.c_print import box_scalar, render_print
from kiln.codegen.c_team_loop import TeamLoop
from kiln.ir import nodes as ir
from kiln.ir import op_count
from kiln.ir.nodes import Nesting
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import bodies, iter_exprs, iter_stmts

LibCallRenderer = Callable[[ir.LibCall, "StmtRenderer"], list[str]]

_OMP_REDUCTION = {"add": "+", "mul": "*", "min": "min", "max": "max"}


def c_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


class _ParallelRegion:
    """Checks inside an OpenMP loop cannot jump to the function's error exit: a failing
    check records itself (the first one wins), skips the rest of its iteration, and
    the exception is raised after the loop."""

    def __init__(self, flag: str, next_label: str) -> None:
        self.flag = flag
        self.next_label = next_label
        self.checks: list[ir.Check] = []
        self.nargs = 0
        self.stopped = False  # a polling loop inside may leave on a signal (stop)

    def check(self, s: ir.Check, e: cx.ExprRenderer) -> list[str]:
        self.checks.append(s)
        self.nargs = max(self.nargs, len(s.args))
        saves = " ".join(f"{self.flag}_a[{k}] = (long long)({e(a)});" for k, a in enumerate(s.args))
        return [
            f"if (!({e(s.cond)})) {{",
            "    #pragma omp critical(kiln_check)",
            f"    {{ if (!{self.flag}) {{ {self.flag} = {len(self.checks)}; {saves} }} }}",
            f"    goto {self.next_label};",
            "}",
        ]

    def stop(self) -> list[str]:
        """Leave the iteration because a signal handler raised (its exception is set already)."""
        self.stopped = True
        return [
            "#pragma omp critical(kiln_check)",
            f"{{ if (!{self.flag}) {self.flag} = -1; }}",
            f"goto {self.next_label};",
        ]

    def declare(self) -> list[str]:
        return [f"int {self.flag} = 0;", f"long long {self.flag}_a[{max(self.nargs, 1)}] = {{0}};"]

    def raise_after(self) -> list[str]:
        lines = [f"if ({self.flag} == -1) goto kiln_fail;"] if self.stopped else []
        for k, s in enumerate(self.checks, 1):
            args = "".join(f", {self.flag}_a[{i}]" for i in range(len(s.args)))
            lines += [
                f"if ({self.flag} == {k}) {{",
                f"    PyErr_Format(PyExc_{s.exc}, {c_string(s.message)}{args});",
                "    goto kiln_fail;",
                "}",
            ]
        return lines


class StmtRenderer:
    # How many nested calls of helpers may follow (Python's recursion limit; see c_helpers).
    call_budget = "Py_GetRecursionLimit()"

    def __init__(
        self, exprs: cx.ExprRenderer, fn: ir.Function, libcall: LibCallRenderer, openmp: bool = False
    ) -> None:
        self.e = exprs
        self.fn = fn
        self.types = fn.var_types()
        self.libcall = libcall
        self.openmp = openmp
        self._fresh = 0
        self._parallel: list[_ParallelRegion] = []  # the OpenMP loop being rendered, if any
        self._serial = 0  # > 0 inside the serial copy of a parallel loop: no OpenMP in there
        self._label_suffix = ""  # C labels of IR blocks; the serial copy of a loop needs its own
        self._emitted_labels: set[str] = set()
        self._labels: dict[str, str] = {}  # IR block label -> C label, for the blocks being rendered
        self.team: TeamLoop | None = None  # inside the region of a one-region loop (c_team_loop)
        self.team_own = False  # rendering a statement every thread of that region runs itself

    @contextlib.contextmanager
    def in_team(self, team: TeamLoop | None, own: bool = False) -> Iterator[None]:
        """Renders inside ``team``'s region (None: as outside one), a statement every thread
        runs itself when ``own``; the previous setting comes back after."""
        saved = self.team, self.team_own
        self.team, self.team_own = team, own
        try:
            yield
        finally:
            self.team, self.team_own = saved

    def fresh(self, stem: str) -> str:
        self._fresh += 1
        return f"k_{stem}{self._fresh}"

    def block(self, stmts: tuple[ir.Stmt, ...]) -> list[str]:
        lines: list[str] = []
        for s in stmts:
            lines += self.stmt(s)
        return lines

    def stmt(self, s: ir.Stmt) -> list[str]:
        method = getattr(self, "_" + type(s).__name__.lower())
        return method(s)

    def array_type(self, name: str) -> ArrayType:
        t = self.types[name]
        assert isinstance(t, ArrayType)
        return t

    # ------------------------------------------------------------ simple ones
    def _assign(self, s: ir.Assign) -> list[str]:
        return [f"{cx.scalar_name(s.target)} = {self.e(s.value)};"]

    def _store(self, s: ir.Store) -> list[str]:
        return [f"{cx.data_name(s.array)}[{self.e.offset(s.array, s.indices)}] = {self.e(s.value)};"]

    def _print(self, s: ir.Print) -> list[str]:
        assert not self._parallel and self.team is None, "a print on an OpenMP thread"
        return render_print(s, self.e, self.box)

    def _invoke(self, s: ir.Invoke) -> list[str]:
        assert not self._parallel and self.team is None, "a call of a helper on an OpenMP thread"
        args = [self.call_budget]
        for name in s.arrays:  # data, owner, extents, strides in elements: see c_helpers
            ndim = self.array_type(name).ndim
            args += [cx.data_name(name), cx.owner_name(name)]
            args += [cx.shape_name(name, k) for k in range(ndim)] + [
                self.e.stride(name, k) for k in range(ndim)
            ]
        args += [self.e(a) for a in s.args]
        if s.target:
            args.append(f"&{cx.scalar_name(s.target)}")
        return [f"if (kiln_fn_{s.func}({', '.join(args)}) < 0) goto kiln_fail;"]

    def _savebinding(self, s: ir.SaveBinding) -> list[str]:
        return c_bindings.render_save(s, self.array_type(s.array))

    def _restorebinding(self, s: ir.RestoreBinding) -> list[str]:
        return c_bindings.render_restore(s, self.array_type(s.array))

    def _prefetch(self, s: ir.Prefetch) -> list[str]:
        # pointer arithmetic, not &a[i]: the element may lie past the array's end
        address = f"(const void*)({cx.data_name(s.array)} + ({self.e.offset(s.array, s.indices)}))"
        return [f"__builtin_prefetch({address}, {int(s.write)}, 3);"]

    def _if(self, s: ir.If) -> list[str]:
        lines = [f"if ({self.e(s.cond)}) {{", *_indent(self.block(s.then))]
        if s.orelse:
            lines += ["} else {", *_indent(self.block(s.orelse))]
        return lines + ["}"]

    def _while(self, s: ir.While) -> list[str]:
        def loop(tail: list[str]) -> list[str]:
            return [f"while ({self.e(s.cond)}) {{", *_indent(self.block(s.body) + tail), "}"]

        if self._one_region_fits(s):
            return self._take_blocks(s) + ["{", *TeamLoop(self, s).while_lines(loop), "}"]
        counter, poll = self._poll(s)
        body = [*poll, *self.block(s.body)]
        loop_lines = [f"while ({self.e(s.cond)}) {{", *_indent(body), "}"]
        if counter:
            loop_lines = ["{", *_indent(counter), *_indent(loop_lines), "}"]
        return self._take_blocks(s) + loop_lines

    def _poll(self, s: ir.For | ir.While) -> tuple[list[str], list[str]]:
        """The poller to declare before a polling loop, and the lines that start its body.

        Threads of a one-region loop do not poll (they would have to agree on where to stop),
        nor does a parallel loop's own iteration (its poller would be shared by the team; the
        loop ends after its trip count, and the while loops inside it poll). The poller is
        declared just before the loop, inside any OpenMP region around it: one per thread."""
        own_region = isinstance(s, ir.For) and s.parallel and bool(self._parallel)
        if not s.poll or self.team is not None or own_region:
            return [], []
        leave = self._parallel[-1].stop() if self._parallel else ["goto kiln_fail;"]
        n = self.fresh("poll")
        return [f"kiln_poller {n} = KILN_POLLER;"], [
            f"if (KILN_POLL({n}, &kiln_stop)) {{",
            *_indent(leave),
            "}",
        ]

    def _break(self, s: ir.Break) -> list[str]:
        return ["break;"]

    def _continue(self, s: ir.Continue) -> list[str]:
        return ["continue;"]

    def _block(self, s: ir.Block) -> list[str]:
        name = f"kiln_exit_{s.label}{self._label_suffix}"
        if name in self._emitted_labels:  # the block was copied in the IR (unswitch, versioning)
            name += self.fresh("_b")
        self._emitted_labels.add(name)
        saved = self._labels.get(s.label)
        self._labels[s.label] = name
        try:
            body = self.block(s.body)
        finally:
            if saved is None:
                del self._labels[s.label]
            else:
                self._labels[s.label] = saved
        return ["{", *_indent(body), "}", f"{name}: ;"]

    def _exit(self, s: ir.Exit) -> list[str]:
        return [f"goto {self._labels.get(s.label, f'kiln_exit_{s.label}')};"]

    def _check(self, s: ir.Check) -> list[str]:
        if self.team is not None and self.team_own:
            return self.team.check(s)
        if self._parallel:
            return self._parallel[-1].check(s, self.e)
        args = "".join(f", (long long)({self.e(a)})" for a in s.args)
        return [
            f"if (!({self.e(s.cond)})) {{",
            f"    PyErr_Format(PyExc_{s.exc}, {c_string(s.message)}{args});",
            "    goto kiln_fail;",
            "}",
        ]

    def _atomic(self, s: ir.Atomic) -> list[str]:
        """A compare-and-swap loop (GCC/Clang ``__atomic`` builtins work on any 1-8 byte type,
        floats included), so every op and dtype takes one path."""
        t = self.array_type(s.array)
        ct = cx.ctype(t)
        new = {
            "add": "old_ + v_", "sub": "old_ - v_", "exch": "v_",
            "min": "(v_ < old_ ? v_ : old_)", "max": "(v_ > old_ ? v_ : old_)",
        }  # fmt: skip
        lines = [
            "{",
            f"    {ct}* p_ = &{cx.data_name(s.array)}[{self.e.offset(s.array, s.indices)}];",
            f"    {ct} v_ = {self.e(s.value)};",
        ]
        if not self._parallel:
            # No other thread runs (generated code holds the GIL and is outside any OpenMP
            # region): a plain read-modify-write is the atomic operation.
            if s.op == "cas":
                lines += [f"    {ct} old_ = *p_;", f"    if (old_ == {self.e(s.operands[0])}) *p_ = v_;"]
            else:
                lines += [f"    {ct} old_ = *p_;", f"    *p_ = {new[s.op]};"]
        elif s.op in ("add", "sub", "exch") and not (
            t.dtype.startswith(("float", "complex")) or t.dtype == "bool"
        ):
            builtin = {
                "add": "__atomic_fetch_add",
                "sub": "__atomic_fetch_sub",
                "exch": "__atomic_exchange_n",
            }
            lines.append(f"    {ct} old_ = {builtin[s.op]}(p_, v_, __ATOMIC_RELAXED);")
        elif s.op == "cas":
            lines += [
                f"    {ct} old_ = {self.e(s.operands[0])};",
                "    __atomic_compare_exchange(p_, &old_, &v_, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);",
            ]
        else:
            lines += [
                f"    {ct} old_, new_;",
                "    __atomic_load(p_, &old_, __ATOMIC_RELAXED);",
                f"    do {{ new_ = {new[s.op]}; }} while (!__atomic_compare_exchange(p_, &old_, &new_, 0,"
                " __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));",
            ]
        if s.target:
            lines.append(f"    {cx.scalar_name(s.target)} = old_;")
        return lines + ["}"]

    def _libcall(self, s: ir.LibCall) -> list[str]:
        return self.libcall(s, self)

    # ------------------------------------------------------------------ loops
    def _for(self, s: ir.For) -> list[str]:
        lo, hi, st, t = (self.fresh(x) for x in ("lo", "hi", "st", "t"))
        lines = [
            "{",
            f"    const int64_t {lo} = {self.e(s.start)}, {hi} = {self.e(s.stop)}, {st} = {self.e(s.step)};",
        ]
        step_sign = s.step.value if isinstance(s.step, ir.Const) else None
        if step_sign is None and self._parallel:  # inside an OpenMP loop: no goto out of it
            nonzero = ir.Binary("ne", s.step, ir.Const(0, s.step.type), ScalarType("bool"))
            check = ir.Check(nonzero, "ValueError", "range() arg 3 must not be zero")
            lines += ["    " + line for line in self._parallel[-1].check(check, self.e)]
        elif step_sign is None:
            lines.append(
                f'    if ({st} == 0) {{ PyErr_SetString(PyExc_ValueError, "range() arg 3 must not be zero");'
                " goto kiln_fail; }"
            )
        if step_sign is None:
            cond = f"({st} > 0 ? {t} < {hi} : {t} > {hi})"
        else:
            cond = f"{t} < {hi}" if step_sign > 0 else f"{t} > {hi}"  # type: ignore[operator]
        header = f"for (int64_t {t} = {lo}; {cond}; {t} += {st}) {{"
        first = f"{cx.scalar_name(s.var)} = {t};"
        extent = (lo, hi)
        if self._one_region_fits(s):
            ordinary = lambda tail: self._loop_lines(s, header, first, [], None, tail)  # noqa: E731
            team = TeamLoop(self, s).lines((lo, hi, st), t, ordinary)
            return self._take_blocks(s) + lines + team + ["}"]
        parallel = s.parallel and self.openmp and not self._parallel
        if step_sign not in (1, -1) or (parallel and step_sign != 1):
            # Count the trips: OpenMP needs a loop whose direction is known, and a counter that
            # steps by more than one may step past INT64_MAX after its last iteration.
            k, trips = self.fresh("k"), self.fresh("n")
            lines.append(f"    const int64_t {trips} = kiln_trips({lo}, {hi}, {st});")  # prelude
            header = f"for (int64_t {k} = 0; {k} < {trips}; {k}++) {{"
            first = f"{cx.scalar_name(s.var)} = kiln_nth({lo}, {k}, {st});"
            extent = ("0", trips)
        return self._take_blocks(s) + lines + self._loop(s, header, first, extent) + ["}"]

    def _loop(self, s: ir.For, header: str, first: str, extent: tuple[str, str]) -> list[str]:
        """The loop statement itself, with its OpenMP pragmas and the checks of a parallel body.

        A parallel loop is emitted twice, behind a test of its amount of work: entering an OpenMP
        region costs microseconds even when its ``if`` clause keeps it on one thread, which small
        loops inside sequential ones (a row at a time) would pay at every iteration."""
        pragmas = self._loop_pragmas(s, *extent)
        if self.team is not None and not self._parallel and not self._serial:
            return self._team_sweep(s, header, first, pragmas)
        if not (pragmas and pragmas[0].startswith("#pragma omp parallel")):
            return self._loop_lines(s, header, first, pragmas, None)
        cond, pragma = _split_if_clause(pragmas[0])
        parallel = self._loop_lines(
            s, header, first, [pragma], _ParallelRegion(self.fresh("perr"), self.fresh("pnext"))
        )
        collapsed = self._collapsed(s, header, first, pragma, extent)
        if collapsed is not None:
            parallel = [collapsed[0], *_indent(collapsed[1]), "    } else {", *_indent(parallel), "    }"]
        serial = self._serial_copy(s, header, first, extent)
        if "schedule(runtime)" in pragma:
            parallel.insert(0, "        " + self._schedule_choice(s))
        return [f"    if ({cond}) {{", *_indent(parallel), "    } else {", *_indent(serial), "    }"]

    def _serial_copy(self, s: ir.For, header: str, first: str, extent: tuple[str, str]) -> list[str]:
        """The lines of a parallel loop's copy that runs on one thread."""
        self._serial += 1
        saved_suffix, self._label_suffix = self._label_suffix, self.fresh("_s")
        try:
            serial_s = _with_parallel(s, False)
            return self._loop_lines(serial_s, header, first, self._loop_pragmas(serial_s, *extent), None)
        finally:
            self._serial -= 1
            self._label_suffix = saved_suffix

    def _one_region_fits(self, s: ir.For | ir.While) -> bool:
        """Whether ``s`` is a loop the IR runs in one OpenMP region (``team``: c_team_loop), in
        parallel code."""
        return s.team and self.openmp and self.team is None and not self._parallel and not self._serial

    def _team_sweep(self, s: ir.For, header: str, first: str, pragmas: list[str]) -> list[str]:
        """A parallel loop inside a one-region loop: an ``omp for`` of the running team."""
        team = self.team
        assert team is not None
        if not (pragmas and pragmas[0].startswith("#pragma omp parallel")):
            return team.master(self._loop_lines(s, header, first, pragmas, None))
        _, pragma = _split_if_clause(pragmas[0])
        pragma = pragma.replace("schedule(runtime)", "schedule(static)")
        pragma = pragma.replace("#pragma omp parallel for ", "#pragma omp for ", 1)
        # the team's barrier closes the loop; a reduction keeps OpenMP's, which completes it
        nowait = "reduction(" not in pragma
        pragma += " nowait" if nowait else ""
        region = _ParallelRegion(self.fresh("perr"), self.fresh("pnext"))
        parallel = self._loop_lines(s, header, first, [pragma], region)
        assert not region.checks, "team_loop_fits admits no checks in a sweep"
        return _indent(team.sweep(s, parallel, nowait))

    def _collapsed(
        self, s: ir.For, header: str, first: str, pragma: str, extent: tuple[str, str]
    ) -> tuple[str, list[str]] | None:
        """A ``collapse`` loop's copy run ``collapse(2)`` (passes/schedule_loops.py): the test
        that chooses it (few outer iterations, not a multiple of the team) and its lines."""
        if not s.collapse:
            return None
        inner, prefix = s.body[-1], s.body[:-1]
        assert isinstance(inner, ir.For), "schedule_loops collapses perfect nests only"
        lo, hi, t = self.fresh("lo"), self.fresh("hi"), self.fresh("t")
        bounds = f"const int64_t {lo} = {self.e(inner.start)}, {hi} = {self.e(inner.stop)};"
        step = self.e(inner.step)
        nest = f"{header.removesuffix(' {')} for (int64_t {t} = {lo}; {t} < {hi}; {t} += {step}) {{"
        both = f"{first} {cx.scalar_name(inner.var)} = {t};"
        flat = dataclasses.replace(s, body=(*prefix, *inner.body), poll=0)  # not every element
        region = _ParallelRegion(self.fresh("perr"), self.fresh("pnext"))
        collapse = pragma.replace("#pragma omp parallel for ", "#pragma omp parallel for collapse(2) ", 1)
        saved_suffix, self._label_suffix = self._label_suffix, self.fresh("_c")  # a third copy
        try:
            lines = ["    " + bounds, *self._loop_lines(flat, nest, both, [collapse], region)]
        finally:
            self._label_suffix = saved_suffix
        trips, nt = f"({extent[1]} - {extent[0]})", "omp_get_max_threads()"
        # an empty inner range leaves the collapsed nest no iteration to set the outer scalars in
        inner_runs = f"({self.e(inner.stop)}) > ({self.e(inner.start)})"
        return f"    if ({trips} < 4 * {nt} && {trips} % {nt} != 0 && {inner_runs}) {{", lines

    def _loop_lines(
        self,
        s: ir.For,
        header: str,
        first: str,
        pragmas: list[str],
        region: _ParallelRegion | None,
        tail: list[str] | None = None,
    ) -> list[str]:
        if region is not None:
            self._parallel.append(region)
        try:
            counter, poll = self._poll(s)
            body = [first, *poll, *self.block(s.body), *(tail or [])]
        finally:
            if region is not None:
                self._parallel.pop()
        lines = counter
        if region is not None and (region.checks or region.stopped):
            lines += _indent(region.declare())
            body.append(f"{region.next_label}: ;")
        # The marker ties the C compiler's per-line reports (vectorized or not) to the IR loop.
        loop = [header + f" /* kiln loop #{s.sid} */", *_indent(body), "}"]
        selects = c_select.loop_selects(s) if region is not None else []
        if selects:
            lines += _indent(c_select.wrap(selects, self.types, self.e, pragmas[0], loop, self.fresh))
        else:
            lines += _indent(pragmas) + _indent(loop)
        if region is not None:
            lines += _indent(region.raise_after())
        return lines

    def _loop_pragmas(self, s: ir.For, lo: str, hi: str) -> list[str]:
        reductions = [(v, op) for v, op in s.reductions if op in _OMP_REDUCTION]
        if not all(self._has_omp_reduction(v, op) for v, op in s.reductions):
            return []  # a reduction OpenMP cannot combine: the loop runs sequentially
        if s.parallel and self.openmp and not self._parallel and not self._serial:  # nested: in a worker
            ops = self._loop_ops(s, lo, hi)
            threshold = f"kiln_worth_team({ops}, &kiln_team)"  # see prelude
            clauses = [f"if(kiln_team_of_many() && ({threshold}))"]
            assigned = [v for v in [s.var, *assigned_scalars(s.body)] if v not in dict(s.reductions)]
            outside = live_after(self.fn.body, s, set(assigned))
            # lastprivate: after the loop a scalar holds what the last iteration wrote; one that
            # no later code reads before assigning it again is plainly private (and no longer
            # live out of the inner loops, which lets the C compiler vectorize them)
            last = [cx.scalar_name(v) for v in dict.fromkeys(assigned) if v in outside]
            private = [cx.scalar_name(v) for v in dict.fromkeys(assigned) if v not in outside]
            if last:
                clauses.append(f"lastprivate({', '.join(last)})")
            private += self._view_parts(s.body) + self._buffer_parts(s.body)
            if private:
                clauses.append(f"private({', '.join(private)})")
            clauses += [self._reduction_clause(v, op) for v, op in reductions]
            schedule = "schedule(runtime)" if s.schedule == "adaptive" else "schedule(static)"
            return [f"#pragma omp parallel for {schedule} " + " ".join(clauses)]
        if s.simd:
            return _guard_user_reductions(" ".join(["#pragma omp simd", *self._simd_clauses(s)]))
        # min/max round nothing; floating-point lanes combine with the NaN-propagating kiln_max_*.
        # An arg-extreme ("select") needs its blocks in order: no simd then.
        whole = len(reductions) == len(s.reductions)
        if reductions and whole and self._is_simple_body(s.body) and not self._integer_only(reductions):
            clauses = [self._reduction_clause(v, op) for v, op in reductions]
            return _guard_user_reductions("#pragma omp simd " + " ".join(clauses))
        return []

    def _loop_ops(self, s: ir.For, lo: str, hi: str) -> str:
        """The operations of a parallel loop, for the OpenMP threshold (see prelude)."""
        if s.work is not None:  # iterations per iteration, each about one pass of the body
            work = f"({self.e(s.work)}) * {max(1, op_count.body_ops(s.body))}"
        else:
            work = self._inner_work(s.body, {s.var: _midpoint(s)})
        return f"({hi} - {lo}) * {work}"

    def _schedule_choice(self, s: ir.For) -> str:
        """An ``adaptive`` loop (passes/schedule_loops.py) deals its iterations round-robin
        (``static, 1``) when the first iteration's work is far from the middle one's, in halves
        otherwise (neighbouring tiles then stay on one thread)."""
        first = self._inner_work(s.body, {s.var: s.start})
        middle = self._inner_work(s.body, {s.var: _midpoint(s)})
        uneven = f"({first}) * 3 < ({middle}) * 2 || ({middle}) * 3 < ({first}) * 2"
        return f"omp_set_schedule(omp_sched_static, ({uneven}) ? 1 : 0);"

    def _view_parts(self, body: tuple[ir.Stmt, ...]) -> list[str]:
        """The C variables of the views a parallel body binds (each iteration binds its own:
        ``private_views`` in kiln.frontend.loops): data, owner, extents and strides."""
        parts: list[str] = []
        for v in dict.fromkeys(s.target for s in iter_stmts(body) if isinstance(s, ir.View)):
            n = self.array_type(v).ndim
            parts += [cx.data_name(v), cx.owner_name(v)]
            parts += [cx.shape_name(v, k) for k in range(n)] + [cx.stride_var(v, k) for k in range(n)]
        return parts

    def _buffer_parts(self, body: tuple[ir.Stmt, ...]) -> list[str]:
        """The C variables a hoisted allocation in a parallel body sets (each thread points them
        at its own block): data, extents and strides; the owner is the shared block."""
        parts: list[str] = []
        for a in iter_stmts(body):
            if isinstance(a, ir.Alloc) and a.sid in self.hoists:
                n = a.type.ndim
                parts.append(cx.data_name(a.target))
                parts += [cx.shape_name(a.target, k) for k in range(n)]
                parts += [cx.stride_var(a.target, k) for k in range(n)]
        return list(dict.fromkeys(parts))

    def _simd_clauses(self, s: ir.For) -> list[str]:
        """Scalars of a ``simd`` loop: private per lane (lastprivate when read after the loop: the
        pass made sure every iteration writes them), reductions combined across lanes."""
        reduced = dict(s.reductions)
        assigned = [v for v in dict.fromkeys([s.var, *assigned_scalars(s.body)]) if v not in reduced]
        outside = live_after(self.fn.body, s, set(assigned))
        last = [cx.scalar_name(v) for v in assigned if v in outside]
        private = [cx.scalar_name(v) for v in assigned if v not in outside]
        clauses = [f"private({', '.join(private)})"] if private else []
        clauses += [f"lastprivate({', '.join(last)})"] if last else []
        return clauses + [self._reduction_clause(v, op) for v, op in s.reductions]

    def _integer_only(self, reductions: list[tuple[str, str]]) -> bool:
        """Integer reductions need no ``omp simd`` to vectorize (integer adds reassociate); with it,
        gcc keeps one accumulator per SIMD lane in memory and combines them one by one, which for
        byte-wide counters costs more than the loop."""
        types = [self.types[v] for v, _ in reductions]
        return all(isinstance(t, ScalarType) and (t.is_integer or t.is_bool) for t in types)

    def _has_omp_reduction(self, var: str, op: str) -> bool:
        """Complex numbers are unordered for OpenMP: it has no min/max reduction for them."""
        t = self.types[var]
        if op == "select":
            return True  # rendered by c_select around the loop
        if op not in _OMP_REDUCTION:
            return False
        return not (op in ("min", "max") and isinstance(t, ScalarType) and t.is_complex)

    def _reduction_clause(self, var: str, op: str) -> str:
        t = self.types[var]
        name = _OMP_REDUCTION[op]
        if op in ("min", "max") and isinstance(t, ScalarType) and t.is_float:
            name = f"kiln_{op}_{cx.SUFFIX[t.dtype]}"
        return f"reduction({name}:{cx.scalar_name(var)})"

    def _inner_work(self, body: tuple[ir.Stmt, ...], defs: Definitions | None = None) -> str:
        """Operations one iteration performs (for the OpenMP threshold, see ``kiln.ir.op_count``):
        those of its loop-free statements plus, for each loop in it, the loop's trip count times
        its own body's. Loops under an ``if`` count too (versioning puts the inner loop of a
        parallel one under an overlap test): the costlier branch; a kernel's block runs several
        thread loops in turn, summed. The test runs before the loop, so a bound that reads what
        the body computes first (``row = a[i, :]``, then ``range(row.shape[0])``) is read through
        those definitions (``defs``: scalar -> value, (view, axis) -> extent)."""
        defs = dict(defs or {})
        static, terms = 0, []
        for s in body:
            if isinstance(s, ir.For):
                bounds = (substituted(e, defs) for e in (s.start, s.stop, s.step))
                trips = "kiln_trips({}, {}, {})".format(*map(self.e, bounds))
                terms.append(f"{trips} * {self._inner_work(s.body, defs)}")
            elif isinstance(s, ir.If) and _holds_loop(s):
                static += sum(op_count.expr_ops(e) for e in iter_exprs(s.cond))
                a, b = self._inner_work(s.then, defs), self._inner_work(s.orelse, defs)
                terms.append(f"kiln_work_max({a}, {b})")
            elif isinstance(s, ir.Block | ir.While) and _holds_loop(s):
                terms.append(self._inner_work(s.body, defs))
            else:
                static += op_count.stmt_ops(s)
            record(s, defs)
        if static or not terms:
            terms.insert(0, str(max(static, 1)))
        return terms[0] if len(terms) == 1 else "(" + " + ".join(terms) + ")"

    @staticmethod
    def _is_simple_body(body: tuple[ir.Stmt, ...]) -> bool:
        return all(isinstance(s, ir.Assign | ir.Store) for s in body)

    # ----------------------------------------------------------------- arrays
    @functools.cached_property
    def _returned_allocs(self) -> frozenset[str]:
        """Allocations whose memory a returned array may use (the caller gets those as plain
        NumPy arrays; the others are temporaries and may come from the scratch pool)."""
        from kiln.analysis.effects import array_roots

        roots = array_roots(self.fn)
        returned = {v for s in iter_stmts(self.fn.body) if isinstance(s, ir.Return) for v in s.values}
        return frozenset(
            r.removeprefix("alloc:") for v in returned for r in roots.of(v) if r.startswith("alloc:")
        )

    @functools.cached_property
    def hoists(self) -> dict[int, Hoist]:
        """The allocations whose blocks are taken before the loops (``Alloc.hoist``), by id."""
        return hoists_in(self.fn)

    def _block_elements(self, s: ir.Alloc) -> str:
        """Elements of one block of a hoisted allocation (negative extents count as empty)."""
        dims = [f"(({self.e(x)}) > 0 ? ({self.e(x)}) : 0)" for x in s.shape]
        return " * ".join(["(npy_intp)1", *dims])

    def _take_blocks(self, loop: ir.Stmt) -> list[str]:
        """Before ``loop``: the blocks of the allocations hoisted to it (one per thread when a
        parallel loop lies in between; a team is never larger than kiln_worker_count)."""
        lines: list[str] = []
        for h in self.hoists.values():
            if h.loop != loop.sid:
                continue
            a, o = h.alloc, self.fresh("o")
            threads = "(npy_intp)kiln_worker_count()" if h.per_thread else "(npy_intp)1"
            lines += [
                "{",
                f"    npy_intp d_[1] = {{{threads} * {self._block_elements(a)}}};",
                f"    PyObject* {o} = kiln_scratch_array(1, d_, {cx.NPY_TYPENUM[a.type.dtype]});",
                f"    if (!{o}) goto kiln_fail;",
                f"    Py_XDECREF({cx.owner_name(a.target)}); {cx.owner_name(a.target)} = {o};",
                "}",
            ]
        return lines

    def _hoisted_alloc(self, s: ir.Alloc, h: Hoist) -> list[str]:
        """An allocation whose block was taken before the loops: point the array at it."""
        lines: list[str] = []
        for x in s.shape:  # what the allocation itself would raise
            if not (isinstance(x, ir.Const) and isinstance(x.value, int) and x.value >= 0) and not isinstance(
                x, ir.Dim
            ):
                nonneg = ir.Binary("ge", x, ir.Const(0, x.type), ScalarType("bool"))
                lines += self._check(ir.Check(nonneg, "ValueError", "negative dimensions are not allowed"))
        t = s.type
        block = f"({cx.ctype(t)}*)PyArray_DATA((PyArrayObject*){cx.owner_name(s.target)})"
        mine = f" + (npy_intp)kiln_worker_id() * {self._block_elements(s)}" if h.per_thread else ""
        lines += ["{", f"    {cx.data_name(s.target)} = {block}{mine};"]
        return lines + _c_order(s.target, [self.e(x) for x in s.shape]) + ["}"]

    def _alloc(self, s: ir.Alloc) -> list[str]:
        hoist = self.hoists.get(s.sid)
        if hoist is not None:
            return self._hoisted_alloc(s, hoist)
        if self._parallel:  # parallelize accepts only allocations hoist_blocks can hoist
            raise AssertionError(f"allocation of {s.target} inside an OpenMP region")
        t, n = s.type, s.type.ndim
        dims = ", ".join(self.e(x) for x in s.shape) or "0"
        o = self.fresh("o")
        returned = s.target in self._returned_allocs  # pools: kiln.runtime.result_pool and .scratch
        new = "kiln_result_array({n}, d_, {tn})" if returned else "kiln_scratch_array({n}, d_, {tn})"
        lines = [
            "{",
            f"    npy_intp d_[{max(n, 1)}] = {{{dims}}};",
            f"    PyObject* {o} = {new.format(n=n, tn=cx.NPY_TYPENUM[t.dtype])};",
            f"    if (!{o}) goto kiln_fail;",
            f"    Py_XDECREF({cx.owner_name(s.target)}); {cx.owner_name(s.target)} = {o};",
            f"    {cx.data_name(s.target)} = ({cx.ctype(t)}*)PyArray_DATA((PyArrayObject*){o});",
        ]
        return lines + _c_order(s.target, [f"d_[{k}]" for k in range(n)]) + ["}"]

    def _view(self, s: ir.View) -> list[str]:
        t = self.array_type(s.target)
        n = t.ndim
        ct = cx.ctype(t)
        lines = ["{", f"    {ct}* nd_ = {cx.data_name(s.base)} + ({self.e(s.offset)});"]
        for k in range(n):
            lines.append(f"    npy_intp ns{k}_ = {self.e(s.shape[k])}, nt{k}_ = {self.e(s.strides[k])};")
        tgt_o, base_o = cx.owner_name(s.target), cx.owner_name(s.base)
        if s.target != s.base and (self._parallel or self.team_own):
            # a thread's private copy, gone with the region: it borrows the owner (reference
            # counts are not for threads without the GIL, and nothing decrements this copy)
            lines.append(f"    {tgt_o} = {base_o};")
        elif s.target != s.base:
            lines.append(f"    Py_XINCREF({base_o}); Py_XDECREF({tgt_o}); {tgt_o} = {base_o};")
        lines.append(f"    {cx.data_name(s.target)} = nd_;")
        for k in range(n):
            lines.append(f"    {cx.shape_name(s.target, k)} = ns{k}_; {cx.stride_var(s.target, k)} = nt{k}_;")
        return lines + ["}"]

    # ---------------------------------------------------------------- returns
    def box(self, name: str) -> str:
        t = self.types[name]
        if isinstance(t, ArrayType):
            shapes = ", ".join(cx.shape_name(name, k) for k in range(t.ndim)) or "0"
            strides = ", ".join(self.e.stride(name, k) for k in range(t.ndim)) or "0"
            return (
                f"kiln_box_array({cx.data_name(name)}, {t.ndim}, (npy_intp[]){{{shapes}}}, "
                f"(npy_intp[]){{{strides}}}, {cx.NPY_TYPENUM[t.dtype]}, {cx.owner_name(name)})"
            )
        return box_scalar(cx.scalar_name(name), t)

    def result(self, values: tuple[str, ...], k: int) -> str:
        """Result ``k`` as a new Python object: a list built in compiled code as a list."""
        boxed = self.box(values[k])
        return f"kiln_list_of({boxed})" if k in self.fn.list_results else boxed

    def _return(self, s: ir.Return) -> list[str]:
        if not self.fn.result_is_tuple:
            if not s.values:
                return ["kiln_result = Py_None; Py_INCREF(Py_None);", "goto kiln_cleanup;"]
            return [
                f"kiln_result = {self.result(s.values, 0)};",
                "if (!kiln_result) goto kiln_fail;",
                "goto kiln_cleanup;",
            ]
        nesting = self.fn.result_nesting or tuple(range(len(s.values)))
        lines = [f"kiln_result = PyTuple_New({len(nesting)});", "if (!kiln_result) goto kiln_fail;"]
        lines += self._tuple_of("kiln_result", nesting, s.values, ())
        whole = dict(self.fn.record_results).get(())
        if whole is not None:
            lines += [
                f"kiln_result = {_make_record('kiln_result', whole)};",
                "if (!kiln_result) goto kiln_fail;",
            ]
        return [*lines, "goto kiln_cleanup;"]

    def _tuple_of(
        self, target: str, nesting: Nesting, values: tuple[str, ...], path: tuple[int, ...]
    ) -> list[str]:
        """Fill the new tuple ``target`` with ``values`` grouped as ``nesting`` says. An inner
        tuple is put in place before it is filled: on failure ``kiln_result`` holds, and
        releases, everything made so far."""
        lines: list[str] = []
        depth = len(path)
        records = dict(self.fn.record_results)
        for k, item in enumerate(nesting):
            inner = f"item{depth or ''}_"  # item_, item1_, ...: a flat tuple reads as before
            if isinstance(item, int):
                made = [f"PyObject* {inner} = {self.result(values, item)};", f"if (!{inner}) goto kiln_fail;"]
                made.append(f"PyTuple_SET_ITEM({target}, {k}, {inner});")
            else:
                made = [f"PyObject* {inner} = PyTuple_New({len(item)});", f"if (!{inner}) goto kiln_fail;"]
                made.append(f"PyTuple_SET_ITEM({target}, {k}, {inner});")
                made += self._tuple_of(inner, item, values, (*path, k))
                named = records.get((*path, k))
                if named is not None:  # the filled tuple becomes the record in its place
                    made += [
                        f"Py_INCREF({inner});",
                        f"PyObject* rec_ = {_make_record(inner, named)};",
                        "if (!rec_) goto kiln_fail;",
                        f"Py_DECREF({inner}); PyTuple_SET_ITEM({target}, {k}, rec_);",
                    ]
            lines += ["{", *("    " + line for line in made), "}"]
        return lines


def _make_record(fields: str, named: str) -> str:
    """C making the record class ``named`` ("module:qualname") of the tuple ``fields``."""
    module, _, qualname = named.partition(":")
    return f'kiln_make_record({fields}, "{module}", "{qualname}")'


def _split_if_clause(pragma: str) -> tuple[str, str]:
    """``#pragma omp parallel for ... if(COND) ...`` -> (COND, the pragma without the clause)."""
    start = pragma.index(" if(") + 4
    depth, end = 1, start
    while depth:
        depth += {"(": 1, ")": -1}.get(pragma[end], 0)
        end += 1
    return pragma[start : end - 1], pragma[: start - 4] + pragma[end:]


def _guard_user_reductions(pragma: str) -> list[str]:
    """A simd pragma reducing with the prelude's kiln_max_*/kiln_min_* only where the compiler
    declared them (``KILN_SIMD_UDR``); elsewhere the loop runs without it."""
    if "reduction(kiln_" not in pragma:
        return [pragma]
    return ["#if KILN_SIMD_UDR", pragma, "#endif"]


def _c_order(array: str, extents: list[str]) -> list[str]:
    """The lines that give a C-ordered ``array`` its ``extents`` (C expressions) and strides."""
    n = len(extents)
    lines = [f"    {cx.shape_name(array, k)} = {x};" for k, x in enumerate(extents)]
    for k in reversed(range(n)):
        nxt = f"{cx.stride_var(array, k + 1)} * {extents[k + 1]}" if k + 1 < n else "1"
        lines.append(f"    {cx.stride_var(array, k)} = {nxt};")
    return lines


def _with_parallel(s: ir.For, parallel: bool) -> ir.For:
    if parallel:
        return dataclasses.replace(s, parallel=True)
    return dataclasses.replace(s, parallel=False, collapse=False, schedule="")


def _holds_loop(s: ir.Stmt) -> bool:
    return any(isinstance(t, ir.For) for t in iter_stmts(inner for b in bodies(s) for inner in b))


def _midpoint(loop: ir.For) -> ir.Expr:
    """The loop variable's middle value: the OpenMP threshold, tested before the loop, reads
    inner bounds that depend on it (a triangular nest) at their average."""
    t = loop.start.type
    half = ir.Binary("floordiv", ir.Binary("sub", loop.stop, loop.start, t), ir.Const(2, t), t)
    return ir.Binary("add", loop.start, half, t)
