"""The kernels of ``@kiln.jit(target="cuda")``: a parallel loop nest as a grid of threads
(``LaunchKernel``), a run of element-touching statements on one thread (``SerialKernel``).
Statements render as in the CUDA-style kernel backend (``codegen.cuda``), with the module's
checks numbered once for host and device.

A launched nest: one loop, or two when the inner one is the outer one's whole body, has bounds
of its own and is parallel too (or only carries the same reductions); the inner loop runs
along ``threadIdx.x``, so neighbouring threads touch neighbouring elements of a C-ordered
array. Every thread strides over the iterations (any trip count fits the grid). Reductions:
each thread folds its iterations from the op's identity, a warp folds its threads with
shuffles, and one thread per warp folds that into the reduction's word with compare-and-swap.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiln.analysis.device_placement import nest_of, private_allocations
from kiln.codegen import c_exprs as cx
from kiln.codegen.c_ops import render_binary
from kiln.codegen.cuda import CudaStmtRenderer
from kiln.codegen.cuda_jit_prelude import MAX_SLOTS
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import array_names, child_exprs, expr_reads, iter_stmts

TAG = "@KILN_TAG@"  # the module's digest, filled in last: modules may share a translation unit
BLOCK_1D = 256
BLOCK_2D = (32, 8)
REDUCTION_BLOCKS = 2048
_NEGATIVE = (
    "negative dimensions are not allowed"  # enough threads to fill the GPU; few enough words to combine
)


class _ModuleChecks:
    """Stands in for a kernel's error word: a failed check records itself (numbered in the
    module's one list) and leaves the thread's work for the kernel's end."""

    def __init__(self, checks: list[ir.Check]) -> None:
        self.checks = checks

    def check(self, s: ir.Check, e: cx.ExprRenderer) -> list[str]:
        self.checks.append(s)
        args = [f"(long long)({e(a)})" for a in s.args[:3]] + ["0"] * (3 - len(s.args[:3]))
        fail = f"kiln_fail(kiln_err_word, {len(self.checks)}, {', '.join(args)});"
        return [f"if (!({e(s.cond)})) {{ {fail} goto kiln_done; }}"]


class KernelStmts(CudaStmtRenderer):
    """``private``: the arrays a launched grid's iterations allocate, by target: number ``k``
    takes the thread's slice of ``kiln_privK`` (``kiln_privK_n`` elements per thread)."""

    def __init__(
        self, exprs: cx.ExprRenderer, fn: ir.Function, checks: list[ir.Check], private: dict[str, int]
    ) -> None:
        super().__init__(exprs, fn, {})
        self.checks = _ModuleChecks(checks)  # type: ignore[assignment]
        self._parallel = [self.checks]  # type: ignore[list-item]
        self.private = private

    def _alloc(self, s: ir.Alloc) -> list[str]:
        k = self.private.get(s.target)
        if k is None:
            raise UnsupportedError("a new array inside a loop that runs on one GPU thread", s.loc)
        lines = [f"{cx.data_name(s.target)} = kiln_priv{k} + kiln_tid * kiln_priv{k}_n;"]
        step = "1"
        for axis in reversed(range(len(s.shape))):
            extent = self.e(s.shape[axis])
            lines.append(
                f"{cx.shape_name(s.target, axis)} = {extent}; {cx.stride_var(s.target, axis)} = {step};"
            )
            step = f"{step} * ({cx.shape_name(s.target, axis)} > 0 ? {cx.shape_name(s.target, axis)} : 1)"
        return lines

    def _return(self, s: ir.Return) -> list[str]:
        raise UnsupportedError("a return from inside a loop that runs on the GPU", s.loc)

    def _libcall(self, s: ir.LibCall) -> list[str]:
        raise UnsupportedError(f"{s.func} (a library routine) on the GPU", s.loc)


@dataclass(frozen=True)
class Kernel:
    """A kernel's source and the host lines that launch it."""

    source: str
    launch: list[str]


def _scalars_in(stmts: tuple[ir.Stmt, ...], extra: tuple[ir.Expr, ...] = ()) -> set[str]:
    names: set[str] = set()
    for s in iter_stmts(stmts):
        for e in child_exprs(s):
            names |= expr_reads(e).scalars
        if isinstance(s, ir.Assign):
            names.add(s.target)
        elif isinstance(s, ir.For):
            names.add(s.var)
    for e in extra:
        names |= expr_reads(e).scalars
    return names


def arrays_in(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    return {a for s in iter_stmts(stmts) for a in array_names(s)}


def views_in(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    return {s.target for s in iter_stmts(stmts) if isinstance(s, ir.View)}


class KernelBuilder:
    """Makes the module's kernels, numbered in order."""

    def __init__(self, fn: ir.Function, exprs: cx.ExprRenderer, checks: list[ir.Check]) -> None:
        self.fn = fn
        self.types = fn.var_types()
        self.e = exprs
        self.checks = checks
        self.count = 0

    # ------------------------------------------------------------------ parts
    def _name(self, kind: str) -> str:
        self.count += 1
        return f"kiln_{kind}{self.count}_{TAG}"

    def _array_params(self, arrays: list[str]) -> tuple[list[str], list[str]]:
        params, args = [], []
        for a in arrays:
            t = self.types[a]
            assert isinstance(t, ArrayType)
            params.append(f"{cx.ctype(t)}* {cx.data_name(a)}")
            args.append(cx.data_name(a))
            for k in range(t.ndim):
                params += [f"npy_intp {cx.shape_name(a, k)}", f"npy_intp {cx.stride_var(a, k)}"]
                args += [cx.shape_name(a, k), cx.stride_var(a, k)]
        return params, args

    def _view_locals(self, views: set[str]) -> list[str]:
        lines = []
        for a in sorted(views):
            t = self.types[a]
            assert isinstance(t, ArrayType)
            lines.append(f"{cx.ctype(t)}* {cx.data_name(a)} = 0;")
            lines += [
                f"npy_intp {cx.shape_name(a, k)} = 0, {cx.stride_var(a, k)} = 0;" for k in range(t.ndim)
            ]
        return lines

    def _scalar_params(self, names: list[str]) -> tuple[list[str], list[str]]:
        params, args = [], []
        for n in names:
            t = self.types[n]
            assert isinstance(t, ScalarType)
            if t.is_complex:
                raise UnsupportedError("complex numbers on the GPU", self.fn.loc)
            params.append(f"{cx.ctype(t)} {cx.scalar_name(n)}")
            args.append(cx.scalar_name(n))
        return params, args

    def _body(self, stmts: tuple[ir.Stmt, ...], private: dict[str, int] | None = None) -> list[str]:
        return KernelStmts(self.e, self.fn, self.checks, private or {}).block(stmts)

    # ------------------------------------------------------------ launched nest
    def launch(self, loop: ir.For, fresh: str) -> Kernel:
        nest = nest_of(loop)
        inner = nest[-1]
        reductions = list(loop.reductions)
        if len(reductions) > MAX_SLOTS:
            raise UnsupportedError("a loop with this many reductions on the GPU", loop.loc)
        own = {x.var for x in nest} | {v for v, _ in reductions}
        headers = tuple(e for x in nest for e in (x.start, x.stop, x.step))
        scalars = sorted(_scalars_in(inner.body, headers) - own)
        private = private_allocations(loop) or []
        views = views_in(inner.body) | {a.target for a in private}
        arrays = sorted(arrays_in(inner.body) - views)
        name = self._name("par")
        a_params, a_args = self._array_params(arrays)
        s_params, s_args = self._scalar_params(scalars)
        dims = [f"long long kiln_lo{d}, long long kiln_st{d}, long long kiln_n{d}" for d in range(len(nest))]
        dims += [f"{cx.ctype(a.type)}* kiln_priv{k}, long long kiln_priv{k}_n" for k, a in enumerate(private)]
        locals_ = [f"{cx.ctype(self._scalar(x.var))} {cx.scalar_name(x.var)} = 0;" for x in nest]
        locals_ += [
            f"{cx.ctype(self._scalar(v))} {cx.scalar_name(v)} = {_identity(op, self._scalar(v))};"
            for v, op in reductions
        ]
        locals_ += self._view_locals(views)
        if private:  # the thread's number in the grid: its slice of each private block
            locals_.append(
                "const long long kiln_tid = ((long long)blockIdx.y * gridDim.x + blockIdx.x)"
                " * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x;"
            )
        body = self._body(inner.body, {a.target: k for k, a in enumerate(private)})
        loops = _grid_loops(nest, body)
        epilogue = self._fold(name, reductions)
        combiners = [self._combiner(name, k, v, op) for k, (v, op) in enumerate(reductions)]
        threads = BLOCK_1D if len(nest) == 1 else BLOCK_2D[0] * BLOCK_2D[1]
        source = "\n".join([
            *combiners,
            f"__global__ void __launch_bounds__({threads})",
            f"{name}({', '.join([*a_params, *s_params, *dims])}) {{",
            *("    " + x for x in [*locals_, *loops, "kiln_done: ;", *epilogue]),
            "}",
        ])  # fmt: skip
        return Kernel(source, self._launch_lines(name, nest, reductions, [*a_args, *s_args], fresh, private))

    def _scalar(self, name: str) -> ScalarType:
        t = self.types[name]
        assert isinstance(t, ScalarType)
        return t

    def _combiner(self, kernel: str, k: int, var: str, op: str) -> str:
        t = self._scalar(var)
        ct = cx.ctype(t)
        both = render_binary(ir.Binary(op, ir.Var("a", t), ir.Var("b", t), t), "a", "b")
        return "\n".join([
            f"static __device__ __forceinline__ {ct} {kernel}_op{k}({ct} a, {ct} b) {{ return {both}; }}",
            f"static __device__ void {kernel}_fold{k}(unsigned long long* word, {ct} v) {{",
            "    unsigned long long old = *word, seen;",
            "    do {",
            f"        seen = old; {ct} now; memcpy(&now, &seen, sizeof(now));",
            f"        {ct} next = {kernel}_op{k}(now, v); unsigned long long bits = seen;",
            "        memcpy(&bits, &next, sizeof(next));",
            "        old = atomicCAS(word, seen, bits);",
            "    } while (old != seen);",
            "}",
        ])  # fmt: skip

    def _fold(self, kernel: str, reductions: list[tuple[str, str]]) -> list[str]:
        if not reductions:
            return []
        lines = ["const int kiln_lane = (threadIdx.x + threadIdx.y * blockDim.x) & 31;"]
        for k, (v, _) in enumerate(reductions):
            x = cx.scalar_name(v)
            lines += [
                "if (KILN_WARP_FOLDS)",
                f"    for (int o = 16; o > 0; o >>= 1) {x} = {kernel}_op{k}({x}, kiln_shfl({x}, o));",
                f"if (!KILN_WARP_FOLDS || kiln_lane == 0) {kernel}_fold{k}(&kiln_red_slots[{k}], {x});",
            ]
        return lines

    def _launch_lines(
        self,
        name: str,
        nest: list[ir.For],
        reductions: list[tuple[str, str]],
        args: list[str],
        fresh: str,
        private: list[ir.Alloc],
    ) -> list[str]:
        lines = ["{"]
        for d, x in enumerate(nest):
            lo, st = f"{fresh}_lo{d}", f"{fresh}_st{d}"
            lines.append(f"    const long long {lo} = {self.e(x.start)}, {st} = {self.e(x.step)};")
            lines.append(f"    const long long {fresh}_n{d} = kiln_trips({lo}, {self.e(x.stop)}, {st});")
        grid_args = [f"{fresh}_lo{d}, {fresh}_st{d}, {fresh}_n{d}" for d in range(len(nest))]
        nonempty = " && ".join(f"{fresh}_n{d} > 0" for d in range(len(nest)))
        cap = REDUCTION_BLOCKS if reductions else 1 << 20
        gx, gy = f"{fresh}_gx", f"{fresh}_gy"
        if len(nest) == 1:
            bx, by = BLOCK_1D, 1
            body = [
                f"const unsigned {gx} = (unsigned)kiln_min_blocks({fresh}_n0, {BLOCK_1D}, {cap}), {gy} = 1;"
            ]
        else:
            bx, by = BLOCK_2D
            ycap = 32 if reductions else 65535
            xcap = REDUCTION_BLOCKS // 32 if reductions else 1 << 20
            body = [
                f"const unsigned {gx} = (unsigned)kiln_min_blocks({fresh}_n1, {bx}, {xcap});",
                f"const unsigned {gy} = (unsigned)kiln_min_blocks({fresh}_n0, {by}, {ycap});",
            ]
        config = f"dim3({gx}, {gy}), dim3({bx}, {by})"
        blocks = self._private_blocks(private, f"(size_t){gx} * {gy} * {bx * by}", fresh)
        body += blocks
        grid_args += [f"{fresh}_p{k}, {fresh}_p{k}_n" for k in range(len(private))]
        if reductions:
            body += [f"unsigned long long kiln_r[{len(reductions)}] = {{0}};"]
            body += [
                f"memcpy(&kiln_r[{k}], &{cx.scalar_name(v)}, sizeof({cx.scalar_name(v)}));"
                for k, (v, _) in enumerate(reductions)
            ]
            body += ["KILN_CUDA(cudaMemcpyToSymbol(kiln_red_slots, kiln_r, sizeof(kiln_r)));"]
        body += [f"KILN_LAUNCH({name}, {config})({', '.join([*args, *grid_args])});"]
        body += ["KILN_CUDA(cudaGetLastError());"]
        if reductions:
            body += ["KILN_CUDA(cudaMemcpyFromSymbol(kiln_r, kiln_red_slots, sizeof(kiln_r)));"]
            body += [
                f"memcpy(&{cx.scalar_name(v)}, &kiln_r[{k}], sizeof({cx.scalar_name(v)}));"
                for k, (v, _) in enumerate(reductions)
            ]
        body += [f"kiln_call.give_back({fresh}_p{k});" for k in range(len(private))]
        lines += [f"    if ({nonempty}) {{", *("        " + x for x in body), "    }", "}"]
        return lines

    def _private_blocks(self, allocs: list[ir.Alloc], threads: str, fresh: str) -> list[str]:
        """Host lines taking a block per private array: a slice for every thread of the grid."""
        lines = []
        for k, a in enumerate(allocs):
            dims = [self.e(x) for x in a.shape]
            self.checks.append(
                ir.Check(ir.Const(False, ScalarType("bool")), "ValueError", _NEGATIVE, loc=a.loc)
            )
            number = len(self.checks)
            fail = f"kiln_errs[0] = {number}; kiln_status = {number}; goto kiln_cleanup;"
            lines += [f"if (({d}) < 0) {{ {fail} }}" for d in dims]
            n, p, t = f"{fresh}_p{k}_n", f"{fresh}_p{k}", cx.ctype(a.type)
            lines.append(f"const long long {n} = 1{''.join(f' * (long long)({d})' for d in dims)};")
            lines.append(f"{t}* {p} = ({t}*)kiln_call.take({threads} * (size_t){n} * sizeof({t}));")
            lines.append(f"if (!{p}) {{ kiln_status = -2; goto kiln_cleanup; }}")
        return lines

    # -------------------------------------------------------------- one thread
    def serial(self, stmts: tuple[ir.Stmt, ...], outside_arrays: set[str], fresh: str) -> Kernel:
        _refuse_escapes(stmts)
        views = views_in(stmts)
        if views & outside_arrays:
            a = sorted(views & outside_arrays)[0]
            raise UnsupportedError(f"a view ({a}) made on the GPU and used by the host", stmts[0].loc)
        scalars = sorted(_scalars_in(stmts))
        written = sorted(
            {s.target for s in iter_stmts(stmts) if isinstance(s, ir.Assign)}
            | {s.var for s in iter_stmts(stmts) if isinstance(s, ir.For)}
        )
        if len(written) > MAX_SLOTS:
            raise UnsupportedError("statements on one GPU thread that set this many scalars", stmts[0].loc)
        arrays = sorted(arrays_in(stmts) - views)
        name = self._name("one")
        a_params, a_args = self._array_params(arrays)
        s_params, s_args = self._scalar_params(scalars)
        back = [
            f"memcpy(&kiln_out_slots[{k}], &{cx.scalar_name(v)}, sizeof({cx.scalar_name(v)}));"
            for k, v in enumerate(written)
        ]
        source = "\n".join([
            f"__global__ void {name}({', '.join([*a_params, *s_params]) or 'void'}) {{",
            *("    " + x for x in [*self._view_locals(views), *self._body(stmts), "kiln_done: ;", *back]),
            "}",
        ])  # fmt: skip
        launch = [
            f"KILN_LAUNCH({name}, 1, 1)({', '.join([*a_args, *s_args])});",
            "KILN_CUDA(cudaGetLastError());",
        ]
        if written:
            launch += [
                "{",
                f"    unsigned long long kiln_o[{len(written)}];",
                "    KILN_CUDA(cudaMemcpyFromSymbol(kiln_o, kiln_out_slots, sizeof(kiln_o)));",
                *(f"    {_unpack_word(v, k)}" for k, v in enumerate(written)),
                "    if (kiln_device_failed(kiln_errs)) {",
                "        kiln_status = (int)kiln_errs[0]; goto kiln_cleanup;",
                "    }",
                "}",
            ]  # fmt: skip
        return Kernel(source, launch)


def _unpack_word(var: str, k: int) -> str:
    return f"memcpy(&{cx.scalar_name(var)}, &kiln_o[{k}], sizeof({cx.scalar_name(var)}));"


def _grid_loops(nest: list[ir.For], body: list[str]) -> list[str]:
    """The grid-stride loops over a nest's iterations; the innermost along x."""
    axes = ["x"] if len(nest) == 1 else ["y", "x"]
    lines: list[str] = []
    for d, (x, axis) in enumerate(zip(nest, axes, strict=True)):
        pad = "    " * d
        i = f"kiln_i{d}"
        lines += [
            f"{pad}for (long long {i} = (long long)blockIdx.{axis} * blockDim.{axis} + threadIdx.{axis}; "
            f"{i} < kiln_n{d}; {i} += (long long)gridDim.{axis} * blockDim.{axis}) {{",
            f"{pad}    {cx.scalar_name(x.var)} = kiln_nth(kiln_lo{d}, {i}, kiln_st{d});",
        ]
    pad = "    " * len(nest)
    lines += [pad + x for x in body]
    for d in reversed(range(len(nest))):
        lines.append("    " * d + "}")
    return lines


def _identity(op: str, t: ScalarType) -> str:
    if op == "add":
        return "0"
    if op == "mul":
        return "1"
    low = op == "max"
    if t.is_float:
        return "-INFINITY" if low else "INFINITY"
    if t.is_bool:
        return "0" if low else "1"
    limits = {
        "int8": ("INT8_MIN", "INT8_MAX"), "int16": ("INT16_MIN", "INT16_MAX"),
        "int32": ("INT32_MIN", "INT32_MAX"), "int64": ("INT64_MIN", "INT64_MAX"),
        "uint8": ("0", "UINT8_MAX"), "uint16": ("0", "UINT16_MAX"), "uint32": ("0", "UINT32_MAX"),
        "uint64": ("0", "UINT64_MAX"),
    }  # fmt: skip
    lo, hi = limits[t.dtype]
    return lo if low else hi


def _refuse_escapes(stmts: tuple[ir.Stmt, ...]) -> None:
    """A run on one thread must end where it began: no break, continue or exit to a loop or
    block of the host around it."""
    labels = {s.label for s in iter_stmts(stmts) if isinstance(s, ir.Block)}

    def walk(body: tuple[ir.Stmt, ...], in_loop: bool) -> None:
        for s in body:
            if isinstance(s, ir.Break | ir.Continue) and not in_loop:
                raise UnsupportedError("a break or continue that leaves GPU code for the host", s.loc)
            if isinstance(s, ir.Exit) and s.label not in labels:
                raise UnsupportedError("leaving GPU code for the host in the middle of a statement", s.loc)
            if isinstance(s, ir.Return):
                raise UnsupportedError("a return from inside a loop that runs on the GPU", s.loc)
            loop = isinstance(s, ir.For | ir.While)
            for field in ("body", "then", "orelse"):
                inner = getattr(s, field, None)
                if isinstance(inner, tuple):
                    walk(inner, in_loop or loop)

    walk(stmts, False)
