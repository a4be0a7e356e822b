"""Passes registered by name, run as named pipelines per target, with analyses cached between them.

A pass is a strategy: it asks analyses what is legal and profitable and applies *steps*
(``kiln.transforms.recipes``) that are recorded, so the same transformations can be replayed on a
fresh IR of the same program. After each pass the verifier runs (when asked: tests always ask), the
IR can be dumped (``KILN_DUMP=after:NAME`` or ``after:all``), and the analysis cache drops what the
pass did not declare preserved.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kiln.analysis.cache import ANALYSES, AnalysisCache, register_analysis
from kiln.ir import nodes as ir
from kiln.ir.printer import print_function
from kiln.ir.verifier import verify_function
from kiln.options import Options
from kiln.stage_times import stage

__all__ = ["ANALYSES", "AnalysisCache", "register_analysis"]  # kept here for the passes


@dataclass
class PassContext:
    """What a pass sees besides the IR: options, its own parameters, analyses, and the logs."""

    options: Options
    analyses: AnalysisCache
    params: Mapping[str, Any] = field(default_factory=dict)
    steps: list[Any] = field(default_factory=list)  # recipes.Step, in the order applied
    notes: dict[int, list[str]] = field(default_factory=dict)  # loop sid -> why / what happened

    def note(self, sid: int, text: str) -> None:
        self.notes.setdefault(sid, []).append(text)


PassFn = Callable[[ir.Function, PassContext], ir.Function]


@dataclass(frozen=True)
class PassSpec:
    name: str
    run: PassFn
    preserves: frozenset[str]  # analyses still valid after the pass; "*" for all
    defaults: Mapping[str, Any]  # the pass's parameters and their default values
    description: str


PASSES: dict[str, PassSpec] = {}
# Pipelines per target. An entry is a pass name or (name, {param: value}).
PipelineEntry = str | tuple[str, Mapping[str, Any]]
# Fusion first: licm's versioning would separate the nests it joins; contraction needs them joined.
# Interchange before licm: hoisting out of an inner loop makes a perfect nest imperfect.
# hoist_loads after licm (which moves whole statements, loops included) and before parallelize:
# it only wraps an innermost loop in a test, which leaves the outer loops' verdicts alone.
# Simplify after fusion: it folds fusion's version tests that the shapes decide, and contract
# can then drop the temporaries only the fallback copy used. Recompute before contract: the
# gathers it removes leave arrays that only the fallback copy read. Simplify again after contract:
# an overlap guard whose general branch no longer allocates goes, which makes its nest perfect for
# interchange. hoist_headers right before interchange: the slice bounds an array statement
# computes in the loop around it make the nest look non-rectangular. strip_outward after
# interchange, which may already have put a parallel loop outermost; both before parallelize,
# which judges the loops they leave. Unswitch before licm: licm hoists nothing out of a loop that
# may raise, and the copy without the checks cannot. Shrink right after contract, which keeps
# single elements in scalars first; what stays an array and lives a row per iteration shrinks.
# poll_signals last: its marks change no nest's shape, and no pass after it must keep them.
PIPELINES: dict[str, tuple[PipelineEntry, ...]] = {
    "cpu": (
        "scale_after_product",
        "rebind_in_place",
        "fuse_gemm",
        "batch_matvec",
        "fusion",
        "simplify",
        "recompute",
        "contract",
        "shrink",
        "simplify",
        "hoist_headers",
        "interchange",
        "strip_outward",
        "tiling",
        "unswitch",
        "licm",
        "hoist_loads",
        "parallelize",
        "unroll",
        "simd",
        "poll_signals",
    ),
    "none": (),
    # Run by the driver after the optimizer on every program C is generated for (derivatives
    # and kernels too, whatever the pipeline): how loops use memory blocks and threads, marked in
    # the IR for codegen to print. Blocks first: a loop with blocks taken before it is never a
    # team's walked loop; teams before schedules: a team's sweeps keep the team's schedule.
    "schedule": ("hoist_blocks", "team_regions", "schedule_loops"),
}
PIPELINES["default"] = PIPELINES["cpu"]
# ``@kiln.jit(target="cuda")``: the same optimizer, without what only a CPU profits from
# (cache tiles, unrolling, SIMD marks, polling for signals) and without the library calls the
# GPU has no implementation of yet (gemm with alpha and beta, batched matrix-vector products).
NOT_FOR_CUDA = frozenset({"fuse_gemm", "batch_matvec", "tiling", "unroll", "simd", "poll_signals"})
PIPELINES["cuda"] = (*(p for p in PIPELINES["cpu"] if p not in NOT_FOR_CUDA), "parallelize_inner")
# A program about to be differentiated is optimized without the passes that make library calls
# no derivative rule knows (gemm with alpha and beta) or overwrite values the derivative reads
# (an array updated in place); its derivative may use them.
NOT_BEFORE_DIFFERENTIATION = frozenset({"rebind_in_place", "fuse_gemm"})
PIPELINES["differentiable"] = tuple(p for p in PIPELINES["cpu"] if p not in NOT_BEFORE_DIFFERENTIATION)


def register(
    name: str,
    *,
    preserves: frozenset[str] = frozenset(),
    defaults: Mapping[str, Any] | None = None,
    description: str = "",
) -> Callable[[PassFn], PassFn]:
    def wrap(p: PassFn) -> PassFn:
        PASSES[name] = PassSpec(name, p, preserves, dict(defaults or {}), description or (p.__doc__ or ""))
        return p

    return wrap


@dataclass
class PipelineResult:
    fn: ir.Function
    steps: list[Any]
    notes: dict[int, list[str]]


def _load_passes() -> None:
    # Importing the package registers every pass module (one pass per file).
    import kiln.transforms.passes  # noqa: F401


def run_passes(
    fn: ir.Function,
    options: Options,
    pipeline: str | tuple[PipelineEntry, ...] = "default",
    verify: bool | None = None,
) -> PipelineResult:
    """Run a pipeline (by name or as a list of entries) and return the IR, steps and notes.
    ``verify``: run the verifier after every pass (default: ``options.verify_passes``; the
    driver verifies what a whole pipeline makes either way)."""
    _load_passes()
    if verify is None:
        verify = options.verify_passes
    entries = PIPELINES[pipeline] if isinstance(pipeline, str) else pipeline
    cache = AnalysisCache(fn)
    steps: list[Any] = []
    notes: dict[int, list[str]] = {}
    for entry in entries:
        name, overrides = (entry, {}) if isinstance(entry, str) else entry
        overrides = {**dict(overrides), **{k: v for n, kv in options.passes if n == name for k, v in kv}}
        spec = PASSES[name]
        unknown = set(overrides) - set(spec.defaults)
        if unknown:
            raise ValueError(f"pass {name} has no parameter {', '.join(sorted(unknown))}")
        ctx = PassContext(options, cache, {**spec.defaults, **overrides}, steps, notes)
        with stage(f"pass:{name}"):
            before, fn = fn, spec.run(fn, ctx)
        cache.update(fn, spec.preserves)
        after_step(name, fn, options, verify and fn is not before)  # unchanged: its input, verified
    return PipelineResult(fn, steps, notes)


def after_step(name: str, fn: ir.Function, options: Options, verify: bool) -> None:
    """What follows a pass (or a stage of kernel assembly): the verifier when ``verify``, and
    the IR printed when ``KILN_DUMP`` asks for ``after:NAME`` or ``after:all``."""
    if verify:
        with stage("verify"):
            verify_function(fn)
    if options.dumps(f"after:{name}") or options.dumps("after:all"):
        print(f"==== kiln after {name} ====\n{print_function(fn)}", file=sys.stderr)


def run_pipeline(
    fn: ir.Function, options: Options, pipeline: str = "default", verify: bool | None = None
) -> ir.Function:
    return run_passes(fn, options, pipeline, verify).fn
