"""``kiln demo``: compile a few example kernels, check them against NumPy, show the speedups."""

from __future__ import annotations

from collections.abc import Sequence

from kiln.bench.core import DEMO_CASES
from kiln.bench.report import failures, kernel_table
from kiln.bench.results import FAIL, Result, RunConfig
from kiln.bench.runner import Progress, run_benchmarks

DEMO_REPEAT = 3

_HEADER = """\
kiln demo: each kernel is an ordinary NumPy-style function (kiln/bench/kernels.py), compiled with
@kiln.jit and checked against the same function run uncompiled (dtype, shape, values, and the
contents of its array arguments). "ref" is NumPy for array code and plain Python for scalar loops.
Medians of {repeat} runs after a warm-up call; "kiln 1st call" includes compiling (or, on a later
run, loading from kiln's disk cache).
"""


def run_demo(cfg: RunConfig, progress: Progress | None = None) -> list[Result]:
    return run_benchmarks(DEMO_CASES, cfg, progress)


def demo_report(results: Sequence[Result], cfg: RunConfig) -> str:
    parts = [_HEADER.format(repeat=cfg.repeat), kernel_table(results, numba=False)]
    notes = failures(results)
    if notes:
        parts.append("\n" + notes)
    failed = sum(r.status == FAIL for r in results)
    parts.append(f"\n{len(results) - failed} of {len(results)} kernels agree with the reference.")
    return "\n".join(parts)
