"""Passes registered by name and run as named pipelines, with the verifier after each.

The core pipeline is deliberately short: structural clean-ups only. The
optimizer's passes (dependences, fusion, tiling, ...) register here as they land.
"""

from __future__ import annotations

from collections.abc import Callable

from kiln.ir import nodes as ir
from kiln.ir.verifier import verify_function
from kiln.options import Options

Pass = Callable[[ir.Function, Options], ir.Function]

PASSES: dict[str, Pass] = {}
PIPELINES: dict[str, tuple[str, ...]] = {"default": ("licm",)}


def register(name: str) -> Callable[[Pass], Pass]:
    def wrap(p: Pass) -> Pass:
        PASSES[name] = p
        return p

    return wrap


def _load_passes() -> None:
    """Import the pass modules (each registers itself)."""
    from kiln.transforms import licm  # noqa: F401


def run_pipeline(
    fn: ir.Function, options: Options, pipeline: str = "default", verify: bool = True
) -> ir.Function:
    _load_passes()
    for name in PIPELINES[pipeline]:
        fn = PASSES[name](fn, options)
        if verify:
            verify_function(fn)
    return fn
