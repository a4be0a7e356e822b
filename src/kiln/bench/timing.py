"""Clocks: one call, repeated calls on fresh inputs, tight loops of calls, peak traced memory."""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np


@contextmanager
def _no_gc() -> Any:
    # As timeit does: a collection in the middle of a timed call measures the collector, not the call.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def timed_call(fn: Callable[..., Any], args: Sequence[Any]) -> tuple[Any, float]:
    """The result of ``fn(*args)`` and the seconds it took."""
    with _no_gc():
        start = time.perf_counter()
        out = fn(*args)
        elapsed = time.perf_counter() - start
    return out, elapsed


def fresh_args(args: Sequence[Any], mutated: Sequence[int]) -> tuple[Any, ...]:
    """``args`` with the arguments the kernel writes to replaced by copies, so every run starts equal."""
    return tuple(a.copy(order="K") if i in mutated else a for i, a in enumerate(args))


def time_repeated(
    fn: Callable[..., Any], args: Sequence[Any], mutated: Sequence[int], repeat: int
) -> list[float]:
    """Seconds of ``repeat`` calls, each on fresh copies of the mutated arguments (copied untimed)."""
    samples = []
    for _ in range(repeat):
        call_args = fresh_args(args, mutated)
        samples.append(timed_call(fn, call_args)[1])
    return samples


def per_call_seconds(fn: Callable[..., Any], args: Sequence[Any], calls: int, repeat: int) -> list[float]:
    """Seconds per call of ``fn(*args)``, from ``repeat`` tight loops of ``calls`` calls each."""
    samples = []
    for _ in range(repeat):
        with _no_gc():
            start = time.perf_counter()
            for _ in range(calls):
                fn(*args)
            samples.append((time.perf_counter() - start) / calls)
    return samples


def peak_traced_bytes(fn: Callable[..., Any], args: Sequence[Any]) -> tuple[Any, int]:
    """The result of ``fn(*args)`` and the peak of memory traced by tracemalloc during the call.

    NumPy reports its data buffers to tracemalloc, so temporaries of an expression count; the
    arguments were allocated before tracing started and do not.
    """
    from kiln.runtime.scratch import release_memory

    gc.collect()
    release_memory()  # kiln's temporaries then count as they are allocated, like NumPy's
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        out = fn(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return out, peak


def result_bytes(value: Any) -> int:
    """Bytes of array data in a result (a tuple's arrays added up)."""
    if isinstance(value, tuple):
        return sum(result_bytes(v) for v in value)
    return int(value.nbytes) if isinstance(value, np.ndarray) else 0
