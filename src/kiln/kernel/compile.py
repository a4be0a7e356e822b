"""The kernel pipeline: Python kernel -> per-thread IR -> barrier elimination, fission,
spills -> one CPU function -> C (OpenMP over blocks) -> cached extension module."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass

from kiln.codegen.c import render_function
from kiln.frontend.python import lower_function
from kiln.ir import nodes as ir
from kiln.ir.printer import print_function
from kiln.ir.types import ArrayType, NoneType, ScalarType
from kiln.ir.verifier import verify_function
from kiln.kernel.assemble import KernelReport, assemble_kernel
from kiln.kernel.lower_intrinsics import KernelConfig
from kiln.kernel.prefetch import prefetch_row_segments
from kiln.options import Options
from kiln.runtime.cache import build_module
from kiln.transforms.pass_manager import run_pipeline


@dataclass(frozen=True)
class CompiledKernel:
    thread_ir: ir.Function  # one thread's program, barriers and shared arrays included
    cpu_ir: ir.Function  # blocks and threads as loops
    c_source: str
    report: KernelReport
    entry: types.BuiltinFunctionType | None


def lower_kernel(
    fn: types.FunctionType,
    arg_types: tuple[ScalarType | ArrayType | NoneType, ...],
    block: tuple[int, int, int],
    options: Options,
    nonneg: frozenset[int] = frozenset(),
) -> ir.Function:
    """One thread's program (what the CUDA code generator renders); ``nonneg``: positions of
    integer arguments known to be >= 0 (kiln.api.NonNegative)."""
    thread = lower_function(fn, arg_types, options, kernel=KernelConfig(block), nonneg=nonneg)
    verify_function(thread)
    return thread


def compile_kernel(
    fn: types.FunctionType,
    arg_types: tuple[ScalarType | ArrayType | NoneType, ...],
    block: tuple[int, int, int],
    options: Options,
    *,
    build: bool = True,
    nonneg: frozenset[int] = frozenset(),
) -> CompiledKernel:
    thread = lower_kernel(fn, arg_types, block, options, nonneg)
    cpu, report = assemble_kernel(thread, block)
    verify_function(cpu)
    cpu = run_pipeline(cpu, options)
    cpu = prefetch_row_segments(cpu, block)  # hints only: after the passes, which need not know them
    verify_function(cpu)
    c_source = render_function(cpu, openmp=options.parallel)
    if options.dumps("ir"):
        print(f"==== kiln kernel ir ====\n{print_function(thread)}", file=sys.stderr)
    if options.dumps("opt"):
        print(f"==== kiln kernel cpu ir ====\n{print_function(cpu)}", file=sys.stderr)
    if options.dumps("c"):
        print(f"==== kiln kernel c ====\n{c_source}", file=sys.stderr)
    entry = build_module(c_source, options).entry if build else None
    return CompiledKernel(thread, cpu, c_source, report, entry)
