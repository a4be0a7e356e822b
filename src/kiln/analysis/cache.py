"""Analyses by name, and the cache that keeps their results for one function until a pass
changes it without preserving them (the pass manager drives it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kiln.ir import nodes as ir

Analysis = Callable[[ir.Function], Any]
ANALYSES: dict[str, Analysis] = {}


def register_analysis(name: str) -> Callable[[Analysis], Analysis]:
    def wrap(a: Analysis) -> Analysis:
        ANALYSES[name] = a
        return a

    return wrap


class AnalysisCache:
    """Analysis results of one function, computed on first use and kept until invalidated."""

    def __init__(self, fn: ir.Function) -> None:
        self.fn = fn
        self._results: dict[str, Any] = {}
        self.computed = 0  # how many analyses ran (tests check that caching works)

    def get(self, name: str) -> Any:
        if name not in self._results:
            self._results[name] = ANALYSES[name](self.fn)
            self.computed += 1
        return self._results[name]

    def update(self, fn: ir.Function, preserves: frozenset[str]) -> None:
        """The function changed into ``fn``; keep only the analyses the change preserved."""
        if fn is self.fn:
            return
        self.fn = fn
        if "*" not in preserves:
            self._results = {k: v for k, v in self._results.items() if k in preserves}
