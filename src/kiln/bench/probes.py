"""In-process probes: the cost of a cached call, and the peak memory of an expression."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kiln.bench.cases import ArgsFactory, SizedCase, prepare_versions
from kiln.bench.results import BASELINE, KILN, Measurement, Result, RunConfig
from kiln.bench.timing import peak_traced_bytes, per_call_seconds, result_bytes


@dataclass(frozen=True)
class CallOverheadCase:
    """Seconds per call of a trivial kernel, called in a tight loop once compiled and cached.

    The baseline is the same trivial function in plain Python: the floor of any call.
    """

    name: str
    func: Callable[..., Any]
    make_args: ArgsFactory
    calls: int = 100_000
    quick_calls: int = 100
    section: str = "call overhead"

    def run(self, cfg: RunConfig) -> list[Result]:
        calls = self.quick_calls if cfg.quick else self.calls
        result = Result(self.name, self.section, f"{calls} calls", "Python")
        versions = prepare_versions(
            self.func, self.make_args(np.random.default_rng(cfg.seed), 1), cfg, result
        )
        if versions is not None:
            for impl, fn in versions.callables.items():
                samples = per_call_seconds(fn, versions.args, calls, cfg.repeat)
                result.measurements[impl] = Measurement(samples, "s/call")
        return [result]


@dataclass(frozen=True)
class PeakMemoryCase(SizedCase):
    """Peak bytes traced by tracemalloc during one call, NumPy versus kiln.

    NumPy registers its data buffers with tracemalloc, so an expression's temporaries show up.
    Numba's allocator does not, so Numba has no column here.
    """

    section: str = "peak memory"

    def run(self, cfg: RunConfig) -> list[Result]:
        n = self.problem_size(cfg)
        result = Result(self.name, self.section, self.size_label.format(n=n), "NumPy")
        args = self.make_args(np.random.default_rng(cfg.seed), n)
        versions = prepare_versions(self.func, args, cfg, result, numba=False)
        if versions is None:
            return [result]
        for impl in (BASELINE, KILN):
            samples = []
            for _ in range(cfg.repeat):
                out, peak = peak_traced_bytes(versions.callables[impl], versions.args)
                samples.append(float(peak))
            result.measurements[impl] = Measurement(samples, "B")
            result.notes[f"{impl}_peak_over_result"] = min(samples) / max(result_bytes(out), 1)
        result.notes["result_bytes"] = result_bytes(out)
        return [result]
