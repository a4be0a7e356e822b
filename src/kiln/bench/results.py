"""What a benchmark run produces: measurements per implementation, as plain data that becomes JSON."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any, Protocol

# Keys of Result.measurements: the reference (NumPy or plain Python), kiln, and Numba when installed.
BASELINE = "baseline"
KILN = "kiln"
NUMBA = "numba"

OK = "ok"
FAIL = "FAIL"


@dataclass(frozen=True)
class RunConfig:
    """How to run a suite.

    repeat:   timed runs per implementation (medians are reported), after one warm-up call.
    quick:    tiny problem sizes, so that tests can exercise every code path in seconds.
    numba:    also run ``numba.njit`` versions when Numba can be imported.
    parallel: compile with ``kiln.jit(parallel=True)``.
    seed:     seed of the random inputs.
    """

    repeat: int = 5
    quick: bool = False
    numba: bool = True
    parallel: bool = False
    seed: int = 0


@dataclass
class Measurement:
    """Repeated samples of one figure (seconds, seconds per call or bytes) of one implementation."""

    samples: list[float]
    unit: str

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def to_json(self) -> dict[str, Any]:
        return {
            "median": self.median,
            "min": min(self.samples),
            "max": max(self.samples),
            "runs": len(self.samples),
            "unit": self.unit,
            "samples": list(self.samples),
        }


@dataclass
class Result:
    """One row of a report: a kernel (or probe) measured for each implementation.

    ``status`` is FAIL when kiln could not compile the kernel or computed something other than the
    reference; ``error`` then says what. A failure of the optional Numba column is only a note.
    """

    name: str
    section: str
    size: str
    baseline: str | None
    status: str = OK
    error: str | None = None
    measurements: dict[str, Measurement] = field(default_factory=dict)
    first_call_s: dict[str, float] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)

    def median(self, impl: str) -> float | None:
        m = self.measurements.get(impl)
        return m.median if m is not None else None

    def speedup(self, impl: str) -> float | None:
        """How many times smaller ``impl``'s median is than the baseline's (time or memory)."""
        base, other = self.median(BASELINE), self.median(impl)
        if base is None or other is None or other <= 0:
            return None
        return base / other

    def fail(self, error: str) -> Result:
        self.status = FAIL
        self.error = error
        return self

    def to_json(self) -> dict[str, Any]:
        impls = [k for k in (BASELINE, KILN, NUMBA) if k in self.measurements]
        return {
            "name": self.name,
            "section": self.section,
            "size": self.size,
            "baseline": self.baseline,
            "status": self.status,
            "error": self.error,
            "median": {k: self.measurements[k].median for k in impls},
            "speedup": {k: self.speedup(k) for k in impls if k != BASELINE and BASELINE in self.measurements},
            "first_call_s": dict(self.first_call_s),
            "measurements": {k: self.measurements[k].to_json() for k in impls},
            "notes": dict(self.notes),
        }


class Benchmark(Protocol):
    """Anything a suite can run: a kernel case or a probe (call overhead, compile time, memory)."""

    @property
    def name(self) -> str: ...

    @property
    def section(self) -> str: ...

    def run(self, cfg: RunConfig) -> list[Result]: ...


def describe_error(exc: BaseException) -> str:
    """One readable string for a report: the exception's type and its (possibly multi-line) message."""
    return f"{type(exc).__name__}: {exc}"
