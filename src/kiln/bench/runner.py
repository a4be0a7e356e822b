"""Run a suite: every benchmark in turn, failures recorded rather than raised, then one JSON payload."""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from kiln.bench.environment import collect_environment
from kiln.bench.registry import Suite
from kiln.bench.report import geomean_speedups
from kiln.bench.results import FAIL, Benchmark, Result, RunConfig, describe_error

SCHEMA = "kiln-bench/1"

Progress = Callable[[str], None]


def select(benchmarks: Sequence[Benchmark], filters: Sequence[str]) -> list[Benchmark]:
    """The benchmarks whose name contains any of ``filters`` (case-insensitive); all when none."""
    wanted = [f.lower() for f in filters]
    return [b for b in benchmarks if not wanted or any(w in b.name.lower() for w in wanted)]


def run_benchmark(bench: Benchmark, cfg: RunConfig) -> list[Result]:
    """The benchmark's results; an unexpected error becomes one FAIL row instead of ending the run."""
    try:
        return bench.run(cfg)
    except Exception as exc:
        return [Result(bench.name, bench.section, "", None).fail(describe_error(exc))]


def run_benchmarks(
    benchmarks: Sequence[Benchmark], cfg: RunConfig, progress: Progress | None = None
) -> list[Result]:
    results: list[Result] = []
    for i, bench in enumerate(benchmarks, 1):
        start = time.perf_counter()
        rows = run_benchmark(bench, cfg)
        results += rows
        if progress is not None:
            status = FAIL if any(r.status == FAIL for r in rows) else "ok"
            elapsed = time.perf_counter() - start
            progress(f"[{i}/{len(benchmarks)}] {bench.name}: {status} ({elapsed:.1f} s)")
    return results


def run_suite(
    suite: Suite, cfg: RunConfig, filters: Sequence[str] = (), progress: Progress | None = None
) -> list[Result]:
    return run_benchmarks(select(suite.build(), filters), cfg, progress)


def payload(
    suite: Suite, cfg: RunConfig, filters: Sequence[str], results: Sequence[Result]
) -> dict[str, Any]:
    """Everything measured, with the configuration and the environment, as one JSON object."""
    failed = [r.name for r in results if r.status == FAIL]
    return {
        "schema": SCHEMA,
        "suite": suite.name,
        "description": suite.description,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "config": {**asdict(cfg), "filters": list(filters)},
        "environment": collect_environment(cfg),
        "summary": {
            "results": len(results),
            "ok": len(results) - len(failed),
            "failed": failed,
            "geomean_speedup": geomean_speedups(results),
        },
        "results": [r.to_json() for r in results],
    }
