"""CUDA C for ``@kiln.jit(target="cuda")``: one optimized function -> a host function that
runs its control flow and scalar code and launches its kernels (``cuda_jit_kernels``), with
every array in device memory. Where each statement runs: ``analysis.device_placement``.

The module exports ``extern "C" int kiln_entry_<digest>(void** args, long long* out, long long* errs)``:
``args`` points at each argument part in order (per array its device data pointer, then its
extents, then its element strides, as ``long long``; per scalar its value); results go to ``out``
(per scalar one 8-byte word; per array its data pointer, the block it lies in when this call
made it, that block's bytes, extents, element strides). It returns 0, the number of a failed
check (its integer arguments in ``errs[1:4]``), -1 for a CUDA error (its code in ``errs[1]``)
or -2 when device memory ran out. Arrays the call made and does not return go back to a pool
of device blocks that later calls take from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from kiln.analysis.device_placement import DEVICE, LAUNCH, LIBRARY, placement
from kiln.codegen import c_exprs as cx
from kiln.codegen.cuda_jit_kernels import TAG, KernelBuilder
from kiln.codegen.cuda_jit_prelude import jit_prelude
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ConstArg, ScalarType
from kiln.ir.visit import array_names, iter_exprs, iter_stmts

_CPU_ONLY_CALLS = frozenset({"worker_id", "worker_count"})


@dataclass(frozen=True)
class GpuModule:
    prelude: str
    body: str  # its kernels and entry, named after its digest
    entry: str
    checks: tuple[ir.Check, ...]  # numbered from 1, host and device alike

    @property
    def source(self) -> str:
        return self.prelude + self.body


class _Exprs(cx.ExprRenderer):
    """Expressions as C renders them, but for spans, which C++ spells without compound literals."""

    def span(self, array: str) -> str:
        t = self.arrays[array]
        shapes = ", ".join(cx.shape_name(array, k) for k in range(t.ndim)) or "0"
        strides = ", ".join(self.stride(array, k) for k in range(t.ndim)) or "0"
        return (
            f"kiln_span_of({cx.data_name(array)}, {t.ndim}, kiln_dims{{{{{shapes}}}}}, "
            f"kiln_dims{{{{{strides}}}}}, sizeof({cx.ctype(t)}))"
        )


def _indent(lines: list[str]) -> list[str]:
    return ["    " + x for x in lines]


class HostRenderer:
    def __init__(self, fn: ir.Function) -> None:
        self.fn = fn
        self.types = fn.var_types()
        self.e = _Exprs({n: t for n, t in self.types.items() if isinstance(t, ArrayType)})
        self.checks: list[ir.Check] = []
        self.kernels = KernelBuilder(fn, self.e, self.checks)
        self.sources: list[str] = []
        self._fresh = 0
        self._labels: dict[str, str] = {}
        params = {p.name for p in fn.params}
        rebound = {s.base for s in iter_stmts(fn.body) if isinstance(s, ir.View)}
        rebound |= {s.target for s in iter_stmts(fn.body) if isinstance(s, ir.View)}
        # an array no view is made of or bound to holds the only pointer to its block
        self._sole_owners = (
            {s.target for s in iter_stmts(fn.body) if isinstance(s, ir.Alloc)} - rebound - params
        )

    def fresh(self, stem: str) -> str:
        self._fresh += 1
        return f"k_{stem}{self._fresh}"

    def block(self, stmts: tuple[ir.Stmt, ...]) -> list[str]:
        lines: list[str] = []
        run: list[ir.Stmt] = []
        for s in stmts:
            if placement(s) == DEVICE:
                run.append(s)
                continue
            if run:
                lines += self._serial(tuple(run))
                run = []
            lines += self.stmt(s)
        if run:
            lines += self._serial(tuple(run))
        return lines

    def stmt(self, s: ir.Stmt) -> list[str]:
        where = placement(s)
        if where == LAUNCH:
            assert isinstance(s, ir.For)
            kernel = self.kernels.launch(s, self.fresh("g"))
            self.sources.append(kernel.source)
            return kernel.launch
        if where == LIBRARY:
            assert isinstance(s, ir.LibCall)
            return self._matmul(s)
        method = getattr(self, "_" + type(s).__name__.lower(), None)
        if method is None:
            raise UnsupportedError(f"{type(s).__name__.lower()} statements on the GPU", s.loc)
        lines: list[str] = method(s)
        return lines

    def _serial(self, run: tuple[ir.Stmt, ...]) -> list[str]:
        inside = {id(x) for x in iter_stmts(run)}
        outside = {a for x in iter_stmts(self.fn.body) if id(x) not in inside for a in array_names(x)}
        kernel = self.kernels.serial(run, outside, self.fresh("s"))
        self.sources.append(kernel.source)
        return kernel.launch

    # ---------------------------------------------------------------- simple
    def _assign(self, s: ir.Assign) -> list[str]:
        return [f"{cx.scalar_name(s.target)} = {self.e(s.value)};"]

    def _check(self, s: ir.Check) -> list[str]:
        self.checks.append(s)
        k = len(self.checks)
        args = [f"kiln_errs[{i + 1}] = (long long)({self.e(a)});" for i, a in enumerate(s.args[:3])]
        fail = " ".join([f"kiln_errs[0] = {k};", *args, f"kiln_status = {k}; goto kiln_cleanup;"])
        return [f"if (!({self.e(s.cond)})) {{ {fail} }}"]

    def _view(self, s: ir.View) -> list[str]:
        t = self.types[s.target]
        assert isinstance(t, ArrayType)
        lines = [f"{cx.ctype(t)}* nd_ = {cx.data_name(s.base)} + ({self.e(s.offset)});"]
        for k in range(t.ndim):
            lines.append(f"npy_intp ns{k}_ = {self.e(s.shape[k])}, nt{k}_ = {self.e(s.strides[k])};")
        lines.append(f"{cx.data_name(s.target)} = nd_;")
        for k in range(t.ndim):
            lines.append(f"{cx.shape_name(s.target, k)} = ns{k}_; {cx.stride_var(s.target, k)} = nt{k}_;")
        return ["{", *_indent(lines), "}"]

    def _alloc(self, s: ir.Alloc) -> list[str]:
        t, n = s.type, s.type.ndim
        lines: list[str] = []
        for x in s.shape:
            nonneg = ir.Binary("ge", x, ir.Const(0, x.type), ScalarType("bool"))
            lines += self._check(
                ir.Check(nonneg, "ValueError", "negative dimensions are not allowed", (), loc=s.loc)
            )
        data = cx.data_name(s.target)
        dims = [self.e(x) for x in s.shape]
        inner = [f"npy_intp d_[{max(n, 1)}] = {{{', '.join(dims) or '0'}}};"]
        inner.append(f"size_t b_ = sizeof({cx.ctype(t)}){''.join(f' * (size_t)d_[{k}]' for k in range(n))};")
        if s.target in self._sole_owners:  # its previous block (a loop allocating again) goes back
            inner.append(f"if ({data}) kiln_call.give_back({data});")
        inner.append(f"{data} = ({cx.ctype(t)}*)kiln_call.take(b_);")
        inner.append(f"if (!{data}) {{ kiln_status = -2; goto kiln_cleanup; }}")
        step = "1"
        for k in reversed(range(n)):
            inner.append(f"{cx.shape_name(s.target, k)} = d_[{k}]; {cx.stride_var(s.target, k)} = {step};")
            step = f"{step} * (d_[{k}] > 0 ? d_[{k}] : 1)"
        return lines + ["{", *_indent(inner), "}"]

    def _return(self, s: ir.Return) -> list[str]:
        lines: list[str] = []
        slot = 0
        for v in s.values:
            t = self.types[v]
            if isinstance(t, ScalarType):
                lines.append(f"memcpy(&kiln_out[{slot}], &{cx.scalar_name(v)}, sizeof({cx.scalar_name(v)}));")
                slot += 1
                continue
            data = cx.data_name(v)
            lines.append(f"kiln_out[{slot}] = (long long){data};")
            lines.append(
                f"kiln_out[{slot + 1}] = (long long)kiln_call.hand_out({data}, &kiln_out[{slot + 2}]);"
            )
            for k in range(t.ndim):
                lines.append(f"kiln_out[{slot + 3 + k}] = {cx.shape_name(v, k)};")
                lines.append(f"kiln_out[{slot + 3 + t.ndim + k}] = {self.e.stride(v, k)};")
            slot += 3 + 2 * t.ndim
        return [*lines, "goto kiln_cleanup;"]

    def _break(self, s: ir.Break) -> list[str]:
        return ["break;"]

    def _continue(self, s: ir.Continue) -> list[str]:
        return ["continue;"]

    def _exit(self, s: ir.Exit) -> list[str]:
        return [f"goto {self._labels[s.label]};"]

    # -------------------------------------------------------------- compound
    def _if(self, s: ir.If) -> list[str]:
        lines = [f"if ({self.e(s.cond)}) {{", *_indent(self.block(s.then))]
        if s.orelse:
            lines += ["} else {", *_indent(self.block(s.orelse))]
        return [*lines, "}"]

    def _while(self, s: ir.While) -> list[str]:
        return [f"while ({self.e(s.cond)}) {{", *_indent(self.block(s.body)), "}"]

    def _for(self, s: ir.For) -> list[str]:
        lo, st, n, k = (self.fresh(x) for x in ("lo", "st", "n", "k"))
        lines = [f"const long long {lo} = {self.e(s.start)}, {st} = {self.e(s.step)};"]
        if not isinstance(s.step, ir.Const):
            nonzero = ir.Binary("ne", s.step, ir.Const(0, s.step.type), ScalarType("bool"))
            lines += self._check(
                ir.Check(nonzero, "ValueError", "range() arg 3 must not be zero", (), loc=s.loc)
            )
        lines.append(f"const long long {n} = kiln_trips({lo}, {self.e(s.stop)}, {st});")
        lines.append(f"for (long long {k} = 0; {k} < {n}; {k}++) {{")
        lines.append(f"    {cx.scalar_name(s.var)} = kiln_nth({lo}, {k}, {st});")
        lines += [*_indent(self.block(s.body)), "}"]
        return ["{", *_indent(lines), "}"]

    def _block(self, s: ir.Block) -> list[str]:
        name = self.fresh(f"exit_{s.label}_")
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

    # --------------------------------------------------------------- library
    def _matmul(self, s: ir.LibCall) -> list[str]:
        (c,), (a, b) = s.outputs, s.inputs
        ta, tb, tc = (self.types[x] for x in (a, b, c))
        assert isinstance(ta, ArrayType) and isinstance(tb, ArrayType) and isinstance(tc, ArrayType)
        if ta.ndim > 2 or tb.ndim > 2:
            raise UnsupportedError("stacked matrix products on the GPU", s.loc)
        if not (ta.dtype == tb.dtype == tc.dtype) or tc.dtype in ("bool", "complex64", "complex128"):
            raise UnsupportedError(f"matrix products of {ta.dtype} and {tb.dtype} on the GPU", s.loc)
        st = self.e.stride
        m = cx.shape_name(a, 0) if ta.ndim == 2 else "1"
        kk = cx.shape_name(a, ta.ndim - 1)
        n = cx.shape_name(b, 1) if tb.ndim == 2 else "1"
        a_st = (st(a, 0), st(a, 1)) if ta.ndim == 2 else ("0", st(a, 0))
        b_st = (st(b, 0), st(b, 1)) if tb.ndim == 2 else (st(b, 0), "0")
        if tc.ndim == 2:
            c_st = (st(c, 0), st(c, 1))
        elif tc.ndim == 1:
            c_st = ("0", st(c, 0)) if ta.ndim == 1 else (st(c, 0), "0")
        else:
            c_st = ("0", "0")
        args = [cx.data_name(a), *a_st, cx.data_name(b), *b_st, cx.data_name(c), *c_st, m, n, kk]
        grid = f"dim3((unsigned)(({n} + 15) / 16), (unsigned)(({m} + 15) / 16))"
        return [
            f"if ({m} > 0 && {n} > 0) {{",
            f"    KILN_LAUNCH(kiln_matmul_tiles<{cx.ctype(tc)}>, {grid}, dim3(16, 16))({', '.join(args)});",
            "    KILN_CUDA(cudaGetLastError());",
            "}",
        ]

    # ---------------------------------------------------------------- module
    def declarations(self) -> list[str]:
        lines = []
        for name, t in self.types.items():
            if isinstance(t, ScalarType):
                if t.is_complex:
                    raise UnsupportedError("complex numbers on the GPU", self.fn.loc)
                lines.append(f"{cx.ctype(t)} {cx.scalar_name(name)} = 0;")
                continue
            if t.dtype.startswith("complex"):
                raise UnsupportedError("complex numbers on the GPU", self.fn.loc)
            lines.append(f"{cx.ctype(t)}* {cx.data_name(name)} = 0;")
            lines += [
                f"npy_intp {cx.shape_name(name, k)} = 0, {cx.stride_var(name, k)} = 0;" for k in range(t.ndim)
            ]
        return lines

    def unpack(self) -> list[str]:
        lines, i = [], 0
        for p in self.fn.params:
            t = p.type
            if isinstance(t, ConstArg):
                continue
            if isinstance(t, ArrayType):
                lines.append(f"{cx.data_name(p.name)} = *({cx.ctype(t)}**)args[{i}];")
                i += 1
                for k in range(t.ndim):  # all extents, then all strides (kernel.gpu.array_parts)
                    lines.append(f"{cx.shape_name(p.name, k)} = *(long long*)args[{i + k}];")
                    lines.append(f"{cx.stride_var(p.name, k)} = *(long long*)args[{i + t.ndim + k}];")
                i += 2 * t.ndim
                continue
            assert isinstance(t, ScalarType)
            lines.append(f"{cx.scalar_name(p.name)} = *({cx.ctype(t)}*)args[{i}];")
            i += 1
        return lines


def render_gpu_function(fn: ir.Function) -> GpuModule:
    """The CUDA C of ``fn`` (optimized by the ``cuda`` pipeline) as host code and kernels."""
    if fn.helpers:
        raise UnsupportedError("recursive functions on the GPU", fn.loc)
    if fn.result_nesting or fn.list_results or fn.record_results:
        raise UnsupportedError("nested, list or record results on the GPU", fn.loc)
    for s in iter_stmts(fn.body):
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Call) and e.func in _CPU_ONLY_CALLS:
                raise UnsupportedError(f"{e.func} (a CPU worker's number) on the GPU", s.loc)
    host = HostRenderer(fn)
    declarations = host.declarations()
    unpack = host.unpack()
    body = host.block(fn.body)
    device_checks = host.kernels.count > 0
    reset = "KILN_CUDA(cudaMemcpyToSymbol(kiln_err_word, kiln_zero4, sizeof(kiln_zero4)));"
    cleared = "for (size_t k_ = 0; k_ < kiln_call.blocks.size(); k_++) kiln_call.blocks[k_].handed = 0;"
    entry = [
        f"/* kiln: {fn.name} on a CUDA GPU */",
        f'extern "C" int kiln_entry_{TAG}(void** args, long long* kiln_out, long long* kiln_errs) {{',
        *_indent([
            "std::lock_guard<std::mutex> kiln_guard(kiln_mutex);",
            "int kiln_status = 0;",
            "cudaError_t kiln_cerr = cudaSuccess;",
            "kiln_call_blocks kiln_call;",
            "const long long kiln_zero4[4] = {0, 0, 0, 0};",
            *declarations,
            *unpack,
            reset if device_checks else "(void)kiln_zero4;",
            *body,
            "goto kiln_cleanup;",
        ]),
        "kiln_cuda_fail:",
        "    kiln_status = -1; kiln_errs[1] = (long long)kiln_cerr;",
        "kiln_cleanup:",
        *_indent([
            "{",
            "    cudaError_t e_ = cudaDeviceSynchronize();",
            "    if (kiln_status == 0 && e_ != cudaSuccess) {",
            "        kiln_status = -1; kiln_errs[1] = (long long)e_;",
            "    }",
            "}",
            "if (kiln_status == 0 && kiln_device_failed(kiln_errs)) kiln_status = (int)kiln_errs[0];",
            f"if (kiln_status != 0) {cleared}  /* no result leaves a failed call */",
            "kiln_call.end();",
            "return kiln_status;",
        ]),
        "}",
    ]  # fmt: skip
    text = "\n".join([*host.sources, *entry]) + "\n"
    tag = hashlib.sha256(text.encode()).hexdigest()[:16]
    return GpuModule(jit_prelude(), text.replace(TAG, tag), f"kiln_entry_{tag}", tuple(host.checks))
