"""Suites by name: ``kiln bench SUITE`` looks them up here (core now; npbench, ad, gpu later)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from kiln.bench.results import Benchmark


@dataclass(frozen=True)
class Suite:
    """A named list of benchmarks, built on demand (building may import optional packages)."""

    name: str
    description: str
    build: Callable[[], list[Benchmark]]


_SUITES: dict[str, Suite] = {}
# Modules that register the suites shipped with kiln. Imported on first lookup, not with the
# package, so that a process which only needs the kernels (a benchmark's subprocess) stays light.
_BUILTIN_MODULES = ("kiln.bench.core", "kiln.bench.opt", "kiln.bench.ad")


def register_suite(suite: Suite) -> Suite:
    """Add (or replace) a suite; returns it so that it can be kept in a module constant."""
    _SUITES[suite.name] = suite
    return suite


def _load_builtin_suites() -> None:
    for module in _BUILTIN_MODULES:
        importlib.import_module(module)


def get_suite(name: str) -> Suite:
    _load_builtin_suites()
    try:
        return _SUITES[name]
    except KeyError:
        raise ValueError(f"unknown benchmark suite {name!r}; known: {', '.join(suite_names())}") from None


def suite_names() -> list[str]:
    _load_builtin_suites()
    return sorted({*_SUITES, "gpu"})  # gpu: CUDA-style kernels, run by kiln.bench.gpu
