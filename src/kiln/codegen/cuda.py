"""CUDA C code generation: a kernel's per-thread IR -> one ``__global__`` function and a host
launcher, in a module that nvcc builds into a plain shared library (loaded with ctypes).

The thread IR is what the CPU path starts from, before fission: ``kiln_t{x,y,z}`` /
``kiln_b{x,y,z}`` / ``kiln_g{x,y,z}`` become ``threadIdx`` / ``blockIdx`` / ``gridDim``,
shared arrays ``__shared__`` arrays, ``barrier`` ``__syncthreads()``, ``Atomic`` CUDA's
atomics. Expressions render exactly as in the C backend (same NumPy-exact helpers).

Kernel parameters, in order (the launcher takes a pointer to each, as ``cudaLaunchKernel``
does): per array parameter its data pointer, extents and element strides (``long long``);
per scalar its value; then, if the kernel has run-time checks, a ``long long*`` error word.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from kiln.codegen import c_exprs as cx
from kiln.codegen.c_stmts import StmtRenderer
from kiln.codegen.cuda_atomics import render_atomic
from kiln.codegen.cuda_prelude import cuda_prelude
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ConstArg, ScalarType
from kiln.ir.visit import iter_stmts

_INTRINSIC_VARS = {
    **{f"kiln_t{a}": f"threadIdx.{a}" for a in "xyz"},
    **{f"kiln_b{a}": f"blockIdx.{a}" for a in "xyz"},
    **{f"kiln_g{a}": f"gridDim.{a}" for a in "xyz"},
}
ERR_PARAM = "kiln_err"


@dataclass(frozen=True)
class CudaModule:
    """Generated CUDA C: ``body`` holds the kernel and its launcher (names unique to it), so
    several bodies can share one prelude in one translation unit."""

    prelude: str
    body: str
    launcher: str  # extern "C" int launcher(unsigned gx, gy, gz, void** args)
    kernel: str
    checks: tuple[ir.Check, ...]  # numbered from 1 in the error word

    @property
    def source(self) -> str:
        return self.prelude + "\n" + self.body


class _CudaChecks:
    """Stands in for the C renderer's OpenMP region: a failing check records itself in the
    error word and ends the thread (CUDA cannot raise)."""

    def __init__(self) -> None:
        self.checks: list[ir.Check] = []

    def check(self, s: ir.Check, e: cx.ExprRenderer) -> list[str]:
        self.checks.append(s)
        args = [f"(long long)({e(a)})" for a in s.args[:3]] + ["0"] * (3 - len(s.args[:3]))
        fail = f"kiln_fail({ERR_PARAM}, {len(self.checks)}, {', '.join(args)});"
        return [f"if (!({e(s.cond)})) {{ {fail} return; }}"]


class CudaStmtRenderer(StmtRenderer):
    """The C statement renderer with the statements whose CUDA meaning differs replaced."""

    def __init__(self, exprs: cx.ExprRenderer, fn: ir.Function, spaces: dict[str, str]) -> None:
        super().__init__(exprs, fn, _libcall, openmp=False)
        self.checks = _CudaChecks()
        self._parallel = [self.checks]  # type: ignore[list-item]
        self.spaces = spaces

    def _loop_pragmas(self, s: ir.For, lo: str, hi: str) -> list[str]:
        return []

    def _alloc(self, s: ir.Alloc) -> list[str]:
        if s.target in self.spaces:
            return []  # declared at the top of the kernel
        raise UnsupportedError("a new array inside a kernel on a CUDA GPU (use cuda.local.array)", s.loc)

    def _view(self, s: ir.View) -> list[str]:
        if s.base in self.spaces:
            raise UnsupportedError("views of shared or local arrays on a CUDA GPU", s.loc)
        lines = [f"{cx.data_name(s.target)} = {cx.data_name(s.base)} + ({self.e(s.offset)});"]
        for k in range(len(s.shape)):  # all extents and strides first: they may read the base
            lines.append(f"npy_intp ns{k}_ = {self.e(s.shape[k])}, nt{k}_ = {self.e(s.strides[k])};")
        for k in range(len(s.shape)):
            lines.append(f"{cx.shape_name(s.target, k)} = ns{k}_; {cx.stride_var(s.target, k)} = nt{k}_;")
        return ["{", *("    " + x for x in lines), "}"]

    def _atomic(self, s: ir.Atomic) -> list[str]:
        t = self.array_type(s.array)
        address = f"{cx.data_name(s.array)}[{self.e.offset(s.array, s.indices)}]"
        target = cx.scalar_name(s.target) if s.target else ""
        return render_atomic(s, t.dtype, address, self.e(s.value), [self.e(o) for o in s.operands], target)

    def _return(self, s: ir.Return) -> list[str]:
        return ["return;"]


def _libcall(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    if s.func == "barrier":
        return ["__syncthreads();"]
    raise UnsupportedError(f"{s.func} inside a kernel on a CUDA GPU", s.loc)


def _params(fn: ir.Function) -> list[str]:
    out: list[str] = []
    for p in fn.params:
        t = p.type
        if isinstance(t, ConstArg):
            continue
        if isinstance(t, ScalarType):
            out.append(f"{cx.ctype(t)} {cx.scalar_name(p.name)}")
            continue
        out.append(f"{cx.ctype(t)}* {cx.data_name(p.name)}")
        out += [f"npy_intp {cx.shape_name(p.name, k)}" for k in range(t.ndim)]
        out += [f"npy_intp {cx.stride_var(p.name, k)}" for k in range(t.ndim)]
    return out


def _declarations(fn: ir.Function, spaces: dict[str, str]) -> list[str]:
    params = {p.name for p in fn.params}
    allocs = {s.target: s for s in iter_stmts(fn.body) if isinstance(s, ir.Alloc)}
    lines: list[str] = []
    for name, t in fn.var_types().items():
        if name in params:
            continue
        if isinstance(t, ScalarType):
            if t.is_complex:
                raise UnsupportedError("complex numbers in a kernel on a CUDA GPU", fn.loc)
            init = _INTRINSIC_VARS.get(name, "0")
            lines.append(f"{cx.ctype(t)} {cx.scalar_name(name)} = {init};")
            continue
        if name in spaces and name in allocs:
            shape = [int(n.value) for n in allocs[name].shape]  # type: ignore[union-attr,arg-type]
            size = max(1, _product(shape))
            if spaces[name] == "shared":
                lines.append(f"__shared__ {cx.ctype(t)} {cx.data_name(name)}[{size}];")
            else:
                lines.append(f"{cx.ctype(t)} {cx.data_name(name)}[{size}] = {{0}};")
            lines += [f"const npy_intp {cx.shape_name(name, k)} = {n};" for k, n in enumerate(shape)]
            continue
        lines.append(f"{cx.ctype(t)}* {cx.data_name(name)} = 0;")  # a view of a parameter
        lines += [
            f"npy_intp {cx.shape_name(name, k)} = 0, {cx.stride_var(name, k)} = 0;" for k in range(t.ndim)
        ]
    return lines


def _product(xs: list[int]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def render_cuda(fn: ir.Function, block: tuple[int, int, int], spaces: dict[str, str]) -> CudaModule:
    """``fn``: one thread's program (``spaces``: its shared and local arrays by name)."""
    for p in fn.params:
        if isinstance(p.type, ScalarType | ArrayType) and p.type.dtype.startswith("complex"):
            raise UnsupportedError("complex numbers in a kernel on a CUDA GPU", fn.loc)
    arrays = {n: t for n, t in fn.var_types().items() if isinstance(t, ArrayType)}
    stmts = CudaStmtRenderer(cx.ExprRenderer(arrays), fn, spaces)
    decls = _declarations(fn, spaces)
    body = stmts.block(fn.body)
    params = _params(fn)
    if stmts.checks.checks:
        params.append(f"long long* {ERR_PARAM}")
    digest = hashlib.sha256("\n".join([*params, *decls, *body, repr(block)]).encode()).hexdigest()[:16]
    kernel, launcher = f"kiln_{fn.name}_{digest}", f"kiln_launch_{digest}"
    threads = block[0] * block[1] * block[2]
    lines = [
        f"/* kiln kernel: {fn.name}, block {block} */",
        f'extern "C" __global__ void __launch_bounds__({threads}) {kernel}({", ".join(params) or "void"}) {{',
        *("    " + x for x in decls + body),
        "}",
        f'extern "C" int {launcher}(unsigned gx, unsigned gy, unsigned gz, void** args) {{',
        f"    cudaError_t e = cudaLaunchKernel((const void*){kernel}, dim3(gx, gy, gz),"
        f" dim3({block[0]}, {block[1]}, {block[2]}), args, 0, 0);",
        "    if (e == cudaSuccess) e = cudaDeviceSynchronize();",
        "    return (int)e;",
        "}",
    ]
    return CudaModule(cuda_prelude(), "\n".join(lines) + "\n", launcher, kernel, tuple(stmts.checks.checks))
