"""THE pipeline. Every stage is named; ``KILN_DUMP=stage,...`` prints its output. This is the
only module that sequences compile stages: ``@kiln.jit``, CUDA-style kernels and derivatives
each call one function here with their own stages.

jit:        python source --[lower]--> loop IR --[passes]--> --[schedule]--> optimized IR
            --[codegen]--> C --[build: toolchain + disk cache; a quick -O1 tier first where the
            optimized build is predicted slow]--> loaded module
kernel:     kernel source --[lower]--> one thread's IR --[assemble: ASSEMBLY_STAGES, each
            verified and dumpable as after:NAME: barriers, fission, spills]-->
            CPU IR --[passes]--> [prefetch] --[schedule]--> --[codegen]--> C (OpenMP over
            blocks) --[build]
cuda:       one thread's IR --[cuda_ir]--> --[codegen: CUDA C]--> --[nvcc]--> launcher
jit cuda:   python source --[lower]--> loop IR --[passes: the cuda pipeline]--> optimized IR
            --[codegen: host code launching kernels, CUDA C]--> --[nvcc]--> entry
derivative: loop IR --[passes but library idioms, unless differentiating first]--> --[reverse or
            forward]--> derivative IR --[passes, if not run before]--> --[schedule]-->
            --[codegen]--> --[build]
``schedule`` (the pass pipeline of that name) marks in the IR how loops use memory blocks and
threads; it runs last, on the program codegen prints, so no other stage has to keep its marks.
The verifier runs after every stage that makes IR.
"""

from __future__ import annotations

import ctypes
import dataclasses
import sys
import types
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from kiln.codegen.c import render_function
from kiln.codegen.cuda import CudaModule, render_cuda
from kiln.codegen.cuda_jit import render_gpu_function
from kiln.errors import UnsupportedError
from kiln.frontend.arguments import has_generators
from kiln.frontend.python import lower_function
from kiln.gpu_call import GpuFunction
from kiln.ir import nodes as ir
from kiln.ir.ops import GENERATOR_CALLS
from kiln.ir.printer import print_function
from kiln.ir.types import ArrayType, ConstArg, ScalarType, TupleType
from kiln.ir.verifier import verify_function
from kiln.ir.visit import iter_stmts
from kiln.kernel.assemble import ASSEMBLY_STAGES, KernelReport, start_assembly
from kiln.kernel.gpu import GpuKernel, cuda_ir
from kiln.kernel.lower_intrinsics import KernelConfig
from kiln.kernel.prefetch import prefetch_row_segments
from kiln.options import Options
from kiln.runtime.cache import build_module, start_probing
from kiln.runtime.tiers import build_tiered
from kiln.stage_times import note_size, recording_now, stage
from kiln.transforms.pass_manager import after_step, run_passes, run_pipeline

STAGES = ("ir", "opt", "c", "assembled", "derivative", "cuda")
ArgTypes = tuple[ScalarType | ArrayType | ConstArg | TupleType, ...]
Block = tuple[int, int, int]


@dataclass(frozen=True)
class Compiled:
    """One specialization: its IR before and after the passes, its C, its entry point."""

    lowered: ir.Function
    optimized: ir.Function
    c_source: str
    entry: types.BuiltinFunctionType | None
    steps: tuple[Any, ...] = ()  # recipe steps the passes applied (kiln.transforms.recipes.Step)
    notes: dict[int, list[str]] = field(default_factory=dict)  # loop sid -> what passes said
    tier: str = "final"  # "quick": built at -O1 while ``final`` builds (kiln.runtime.tiers)
    final: Future[ModuleType] | None = None
    arg_types: ArgTypes = ()  # a tuple among them is passed to ``entry`` item by item
    # it draws from random Generators: each call runs in a call scope (kiln.runtime.generators)
    scoped: bool = False


@dataclass(frozen=True)
class CompiledKernel:
    thread_ir: ir.Function  # one thread's program, barriers and shared arrays included
    cpu_ir: ir.Function  # blocks and threads as loops
    c_source: str
    report: KernelReport
    entry: types.BuiltinFunctionType | None


@dataclass(frozen=True)
class CompiledDerivative:
    primal: ir.Function  # the IR that was differentiated
    derivative: ir.Function
    signature: Any  # autodiff's ReverseSignature or ForwardSignature
    entry: Callable[..., Any]


def _dump(options: Options, name: str, text: str, log: list[str] | None = None) -> None:
    if log is not None:
        log.append(f"==== {name} ====\n{text}")
    if options.dumps(name):
        print(f"==== kiln {name} ====\n{text}", file=sys.stderr)


def _verified(fn: ir.Function, options: Options, name: str, log: list[str] | None = None) -> ir.Function:
    """``fn`` as a stage made it: verified, and dumped when asked."""
    with stage("verify"):
        verify_function(fn)
    _dump(options, name, print_function(fn), log)
    return fn


def _rendered(fn: ir.Function, options: Options) -> str:
    """The C of ``fn``, its size noted for ``kiln bench compile``."""
    with stage("codegen"):
        source = render_function(fn, openmp=options.parallel)
    if recording_now():  # kiln bench compile: not worth a walk on every compile otherwise
        note_size("c_lines", source.count("\n"))
        note_size("loops", sum(1 for s in iter_stmts(fn.body) if isinstance(s, ir.For | ir.While)))
    return source


def _scheduled(fn: ir.Function, options: Options) -> ir.Function:
    """``fn`` with its blocks, team regions and loop schedules chosen (the ``schedule``
    pipeline; verified after each pass with ``KILN_VERIFY=passes``, by the caller's stage)."""
    return run_pipeline(fn, options, "schedule")


def _with_helpers_optimized(fn: ir.Function, options: Options) -> ir.Function:
    """``fn`` with each of its helpers (recursive functions) through the same passes; each is
    optimized with the module's helpers beside it, so that its calls verify."""
    if not fn.helpers:
        return fn
    done = []
    for helper in fn.helpers:
        passes = run_passes(dataclasses.replace(helper, helpers=fn.helpers), options)
        done.append(dataclasses.replace(_scheduled(passes.fn, options), helpers=()))
    return dataclasses.replace(fn, helpers=tuple(done))


def compile_function(
    fn: types.FunctionType,
    arg_types: ArgTypes,
    options: Options,
    *,
    build: bool = True,
    log: list[str] | None = None,
    nonneg: frozenset[int] = frozenset(),
) -> Compiled:
    """``nonneg``: positions of integer arguments known to be >= 0 (frontend.arguments.NonNegative)."""
    if build:
        start_probing(options)  # the compiler is found while the stages below run
    with stage("frontend"):
        lowered = lower_function(fn, arg_types, options, nonneg=nonneg)
    lowered = _verified(lowered, options, "ir", log)
    passes = run_passes(lowered, options)  # verified after each pass
    optimized = _verified(
        _with_helpers_optimized(_scheduled(passes.fn, options), options), options, "opt", log
    )
    c_source = _rendered(optimized, options)
    _dump(options, "c", c_source, log)
    if not build:
        return Compiled(lowered, optimized, c_source, None, tuple(passes.steps), passes.notes)
    built = build_tiered(c_source, options)
    entry, steps = built.module.entry, tuple(passes.steps)
    scoped = has_generators(arg_types) or _draws_from_generators(lowered)
    return Compiled(
        lowered, optimized, c_source, entry, steps, passes.notes, built.tier, built.final, arg_types, scoped
    )


def _draws_from_generators(fn: ir.Function) -> bool:
    return any(isinstance(s, ir.LibCall) and s.func in GENERATOR_CALLS for s in iter_stmts(fn.body))


def lower_kernel(
    fn: types.FunctionType,
    arg_types: ArgTypes,
    block: Block,
    options: Options,
    nonneg: frozenset[int] = frozenset(),
) -> ir.Function:
    """One thread's program (what the CUDA code generator renders)."""
    thread = lower_function(fn, arg_types, options, kernel=KernelConfig(block), nonneg=nonneg)
    return _verified(thread, options, "ir")


def compile_kernel(
    fn: types.FunctionType,
    arg_types: ArgTypes,
    block: Block,
    options: Options,
    *,
    build: bool = True,
    nonneg: frozenset[int] = frozenset(),
) -> CompiledKernel:
    """A CUDA-style kernel as one CPU function: blocks and threads become loops."""
    if build:
        start_probing(options)
    thread = lower_kernel(fn, arg_types, block, options, nonneg)
    assembly = start_assembly(thread, block)
    for name, assemble in ASSEMBLY_STAGES:
        with stage(f"assembly:{name}"):
            assembly = assemble(assembly)
        after_step(name, assembly.numbered(), options, verify=True)
    assert assembly.report is not None, "the last assembly stage reports"
    report = assembly.report
    cpu = run_pipeline(_verified(assembly.fn, options, "assembled"), options)
    cpu = prefetch_row_segments(cpu, block)  # hints only: after the passes, which need not know them
    cpu = _verified(_scheduled(cpu, options), options, "opt")
    c_source = _rendered(cpu, options)
    _dump(options, "c", c_source)
    entry = build_module(c_source, options).entry if build else None
    return CompiledKernel(thread, cpu, c_source, report, entry)


def render_kernel(thread: ir.Function, block: Block) -> CudaModule:
    """The CUDA C of one thread's program."""
    fn, spaces = cuda_ir(thread)
    return render_cuda(fn, block, spaces)


def compile_gpu_kernel(
    fn: types.FunctionType, arg_types: ArgTypes, block: Block, options: Options
) -> GpuKernel:
    """A kernel for a CUDA GPU: CUDA C built by nvcc, launched through its host launcher."""
    from kiln.runtime.nvcc import build_library  # only GPU launches need it

    thread = lower_kernel(fn, arg_types, block, options)
    module = render_kernel(thread, block)
    _dump(options, "cuda", module.source)
    lib = build_library(module.source, options.cache_dir)
    launcher = getattr(lib, module.launcher)
    launcher.restype = ctypes.c_int
    launcher.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p]
    return GpuKernel(tuple(module.checks), thread.params, frozenset(thread.written_params), launcher)


@dataclass(frozen=True)
class CompiledGpu:
    """One specialization of ``@kiln.jit(target="cuda")``."""

    lowered: ir.Function
    optimized: ir.Function
    cuda_source: str
    call: GpuFunction | None  # None when compiled without building
    entry: str = ""  # the module's entry point
    checks: tuple[ir.Check, ...] = ()  # its run-time checks, numbered from 1


def compile_gpu_function(
    fn: types.FunctionType,
    arg_types: ArgTypes,
    options: Options,
    *,
    build: bool = True,
    log: list[str] | None = None,
    nonneg: frozenset[int] = frozenset(),
) -> CompiledGpu:
    """A ``@kiln.jit`` function for a CUDA GPU: the loop IR through the ``cuda`` pipeline,
    then host code and kernels in one CUDA module built by nvcc."""
    with stage("frontend"):
        lowered = _verified(lower_function(fn, arg_types, options, nonneg=nonneg), options, "ir", log)
    optimized = _verified(run_passes(lowered, options, "cuda").fn, options, "opt", log)
    with stage("codegen"):
        module = render_gpu_function(optimized)
    _dump(options, "cuda", module.source, log)
    if not build:
        return CompiledGpu(lowered, optimized, module.source, None, module.entry, module.checks)
    from kiln.runtime.nvcc import build_library  # only GPU builds need it

    lib = build_library(module.source, options.cache_dir)
    call = GpuFunction(optimized, getattr(lib, module.entry), module.checks)
    return CompiledGpu(lowered, optimized, module.source, call, module.entry, module.checks)


def compile_derivative(
    fn: types.FunctionType,
    arg_types: ArgTypes,
    options: Options,
    transform: Callable[[ir.Function], tuple[ir.Function, Any]],
    *,
    optimize_first: bool = True,
    nonneg: frozenset[int] = frozenset(),
) -> CompiledDerivative:
    """``transform`` (reverse or forward mode) applied to ``fn``'s IR, optimized first unless
    ``optimize_first`` is False (then the derivative is optimized instead)."""
    primal = _verified(lower_function(fn, arg_types, options, nonneg=nonneg), options, "ir")
    if primal.helpers:
        raise UnsupportedError("derivatives of recursive functions are not supported", primal.loc)
    if primal.result_nesting:  # derivatives hand back flat tuples of values and tangents
        raise UnsupportedError("derivatives of a function that returns nested tuples", primal.loc)
    if optimize_first:
        primal = _verified(run_pipeline(primal, options, "differentiable"), options, "opt")
    derivative, signature = transform(primal)
    verify_function(derivative)
    if not optimize_first:
        derivative = run_pipeline(derivative, options)
    derivative = _verified(_scheduled(derivative, options), options, "derivative")
    source = _rendered(derivative, options)
    _dump(options, "c", source)
    return CompiledDerivative(primal, derivative, signature, build_module(source, options).entry)
