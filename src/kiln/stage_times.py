"""Where compile time goes: the compiler's stages time themselves while a recording is active.

``with recording() as times: f(*args)`` collects, for the compiles that call makes in this thread,
the seconds spent in each named stage (``frontend``, ``pass:NAME``, ``verify``, ``codegen``,
``cc``, ``load``) and a few sizes (``c_lines``, ``loops``). Outside a recording ``stage`` costs
one context-variable read. ``kiln bench compile`` reports it for every NPBench kernel.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class StageTimes:
    seconds: dict[str, float] = field(default_factory=dict)  # per stage, in the order first seen
    sizes: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    def total(self, prefix: str = "") -> float:
        return sum(s for name, s in self.seconds.items() if name.startswith(prefix))


_active: ContextVar[StageTimes | None] = ContextVar("kiln_stage_times", default=None)


@contextmanager
def recording() -> Iterator[StageTimes]:
    times = StageTimes()
    token = _active.set(times)
    try:
        yield times
    finally:
        _active.reset(token)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Time the block as stage ``name`` when a recording is active (nested stages count in both)."""
    times = _active.get()
    if times is None:
        yield
        return
    start = time.perf_counter()
    try:
        yield
    finally:
        times.add(name, time.perf_counter() - start)


def recording_now() -> bool:
    """Whether a recording is active: sizes cost a walk, worth it only then."""
    return _active.get() is not None


def note_size(name: str, value: int) -> None:
    """Record a size (the last value wins) when a recording is active."""
    times = _active.get()
    if times is not None:
        times.sizes[name] = value
