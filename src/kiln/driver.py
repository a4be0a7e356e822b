"""THE pipeline. Every stage is named; ``KILN_DUMP=stage,...`` prints its output.

python source --[lower]--> loop IR --[verify]--> --[passes]--> optimized IR
    --[codegen]--> C source --[build: toolchain + disk cache]--> loaded module
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field
from typing import Any

from kiln.codegen.c import render_function
from kiln.frontend.python import lower_function
from kiln.ir import nodes as ir
from kiln.ir.printer import print_function
from kiln.ir.types import ArrayType, NoneType, ScalarType
from kiln.ir.verifier import verify_function
from kiln.options import Options
from kiln.runtime.cache import build_module
from kiln.transforms.pass_manager import run_passes

STAGES = ("ir", "opt", "c")


@dataclass(frozen=True)
class Compiled:
    """One specialization: its IR before and after the passes, its C, its entry point."""

    lowered: ir.Function
    optimized: ir.Function
    c_source: str
    entry: types.BuiltinFunctionType | None
    steps: tuple[Any, ...] = ()  # recipe steps the passes applied (kiln.transforms.recipes.Step)
    notes: dict[int, list[str]] = field(default_factory=dict)  # loop sid -> what passes said


def _dump(options: Options, stage: str, text: str, log: list[str] | None) -> None:
    if log is not None:
        log.append(f"==== {stage} ====\n{text}")
    if options.dumps(stage):
        print(f"==== kiln {stage} ====\n{text}", file=sys.stderr)


def compile_function(
    fn: types.FunctionType,
    arg_types: tuple[ScalarType | ArrayType | NoneType, ...],
    options: Options,
    *,
    build: bool = True,
    log: list[str] | None = None,
    nonneg: frozenset[int] = frozenset(),
) -> Compiled:
    """``nonneg``: positions of integer arguments known to be >= 0 (kiln.api.NonNegative)."""
    lowered = lower_function(fn, arg_types, options, nonneg=nonneg)  # stage: lower
    verify_function(lowered)
    _dump(options, "ir", print_function(lowered), log)
    passes = run_passes(lowered, options)  # stage: passes (verified after each)
    optimized = passes.fn
    _dump(options, "opt", print_function(optimized), log)
    c_source = render_function(optimized, openmp=options.parallel)  # stage: codegen
    _dump(options, "c", c_source, log)
    entry = build_module(c_source, options).entry if build else None  # stage: build + load
    return Compiled(lowered, optimized, c_source, entry, tuple(passes.steps), passes.notes)
