"""Lower Python functions to IR for pass tests, and run passes with the verifier after each."""

from __future__ import annotations

import contextlib
import os
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

import kiln
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


def in_layout(a: np.ndarray, layout: str) -> np.ndarray:
    """A copy of a 2-d ``a`` in C or F order, or (``"strided"``) a view with steps of 2 and 3
    into a larger zeroed array."""
    if layout == "strided":
        big = np.zeros((2 * a.shape[0] + 1, 3 * a.shape[1] + 1), a.dtype)
        view = big[1::2, 1::3]
        view[...] = a
        return view
    return np.array(a, order=layout)


@contextlib.contextmanager
def threads(n: int) -> Iterator[None]:
    """kiln's OpenMP thread count set to ``n`` for the block."""
    previous = kiln.get_num_threads()
    kiln.set_num_threads(n)
    try:
        yield
    finally:
        kiln.set_num_threads(previous)


GOLDEN = Path(__file__).parent / "golden"


def golden(name: str, actual: str) -> None:
    """``actual`` equals the golden file ``name`` (rewritten when KILN_UPDATE_GOLDEN is set)."""
    path = GOLDEN / name
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        path.write_text(actual)
    assert actual == path.read_text()
