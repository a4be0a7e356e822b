"""Lower Python functions to IR for pass tests, and run passes with the verifier after each."""

from __future__ import annotations

import types
from typing import Any

from kiln.api import arg_type
from kiln.frontend.python import lower_function
from kiln.ir import nodes as ir
from kiln.ir.printer import print_function
from kiln.ir.visit import iter_stmts
from kiln.options import Options
from kiln.transforms.pass_manager import PipelineResult, run_passes


def lower(fn: types.FunctionType, *args: Any, parallel: bool = False) -> ir.Function:
    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    return lower_function(fn, types_, Options(parallel=parallel))


def optimize(fn: ir.Function, *passes: str, parallel: bool = False) -> PipelineResult:
    return run_passes(fn, Options(parallel=parallel), tuple(passes), verify=True)


def loops(fn: ir.Function) -> list[ir.For]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.For)]


def text(fn: ir.Function) -> str:
    return print_function(fn)
