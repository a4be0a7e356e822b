"""Whether the machine's cores are all there right now: a compute-only loop timed at one thread
and at several, for scaling benchmarks to record next to each measurement; and how far the
machine's memory bandwidth scales right now (a STREAM-style triad).

On a shared virtual machine a core can be away for seconds at a time (its host thread runs another
guest). A two-thread measurement taken then shows no gain whatever the code does: the two threads
take turns on one core. The probe does no memory traffic, so on a machine with its cores present
it scales with the thread count (1.9-2.0x from 1 to 2); a probe near 1.0x marks the measurements
around it as taken without the second core.

That probe is latency-bound: one dependent chain per lane leaves most of a core's arithmetic units
idle, so two threads that land on the two hyperthreads of one physical core still run it at
1.9-2.0x. Vectorized kernels and BLAS do not: they need the units the other hyperthread holds. The
throughput probe (eight independent chains per lane, enough to keep a core's floating-point ports
busy) scales only when the two threads have a core each. On the 2-core development machine it
read 1.0-1.2x in some rounds where the latency probe read 2.0x, and a vectorized kernel timed then
gains nothing from its second thread either.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

import kiln

# A probe at or above this through every round of a measurement: it was taken with the cores
# there (the probe gives 1.9-2.0x from 1 to 2 threads on two present cores).
CORES_PRESENT = 1.8
_LANES = 64  # independent chains: enough for any thread count to split evenly
_STEPS = 40000  # about 3 ms on one thread of a 3 GHz core: long next to a team's start


@kiln.jit(parallel=True)
def _chains(out: Any, steps: int) -> None:
    for i in kiln.prange(out.shape[0]):
        x = out[i]
        for _ in range(steps):
            x = x * 0.9999 + 0.0001
        out[i] = x


def probe_scaling(threads: int) -> float:
    """Time of the probe on one thread over its time on ``threads`` threads (best of two each,
    after an untimed call that lets OpenMP settle its team at the new count). Restores the
    thread count it found."""
    out = np.full(_LANES, 0.5)
    return _one_over_many(lambda: _chains(out, _STEPS), threads, tries=2)


@kiln.jit(parallel=True)
def _wide_chains(out: Any, steps: int) -> None:
    for i in kiln.prange(out.shape[0]):
        a0, a1, a2, a3 = out[i, 0], out[i, 1], out[i, 2], out[i, 3]
        a4, a5, a6, a7 = out[i, 4], out[i, 5], out[i, 6], out[i, 7]
        for _ in range(steps):
            a0 = a0 * 0.9999 + 0.0001
            a1 = a1 * 0.9999 + 0.0001
            a2 = a2 * 0.9999 + 0.0001
            a3 = a3 * 0.9999 + 0.0001
            a4 = a4 * 0.9999 + 0.0001
            a5 = a5 * 0.9999 + 0.0001
            a6 = a6 * 0.9999 + 0.0001
            a7 = a7 * 0.9999 + 0.0001
        out[i, 0], out[i, 1], out[i, 2], out[i, 3] = a0, a1, a2, a3
        out[i, 4], out[i, 5], out[i, 6], out[i, 7] = a4, a5, a6, a7


_WIDE_STEPS = 20000  # about 4 ms on one thread: eight chains per lane, a quarter of the steps


def probe_throughput(threads: int) -> float:
    """Time of the throughput probe on one thread over its time on ``threads`` threads (best of
    two each, after an untimed call). Restores the thread count it found."""
    out = np.full((_LANES, 8), 0.5)
    return _one_over_many(lambda: _wide_chains(out, _WIDE_STEPS), threads, tries=2)


def cores_there(threads: int) -> tuple[float, float]:
    """Both compute probes, latency-bound then throughput-bound (see :func:`all_present`)."""
    return probe_scaling(threads), probe_throughput(threads)


def all_present(readings: tuple[float, ...]) -> bool:
    """Whether the machine had its cores when the probes gave ``readings``: each at
    CORES_PRESENT or more."""
    return min(readings) >= CORES_PRESENT


def _one_over_many(run: Callable[[], None], threads: int, tries: int) -> float:
    """Best time of ``run`` on one thread over its best on ``threads`` (``tries`` timed calls
    each, after an untimed one), restoring the thread count it found."""
    from kiln.runtime.threads import get_num_threads, set_num_threads

    before = get_num_threads()
    best = {1: float("inf"), threads: float("inf")}
    try:
        for n in (1, threads):
            set_num_threads(n)
            run()
            for _ in range(tries):
                t0 = time.perf_counter()
                run()
                best[n] = min(best[n], time.perf_counter() - t0)
    finally:
        set_num_threads(before)
    return best[1] / best[threads]


# The triad's three arrays (32 MiB each) are well past the last-level cache of the machines we
# measure on: it runs at the memory's speed. On a shared virtual machine that speed from two
# threads against one varies with the host (1.3-2.0x on the 2-core development machine, from run
# to run, for plain C as for kiln): kernels that stream memory cannot scale further than it.
_TRIAD_LEN = 1 << 22
_triad_arrays: list[np.ndarray] = []  # allocated once per process: no page faults in the probe


@kiln.jit(parallel=True)
def _triad(a: Any, b: Any, c: Any) -> None:
    for i in kiln.prange(a.shape[0]):
        a[i] = b[i] + 1.5 * c[i]


def probe_memory(threads: int) -> float:
    """Time of the triad on one thread over its time on ``threads`` threads (best of three
    each, after an untimed call). Restores the thread count it found."""
    if not _triad_arrays:
        _triad_arrays.extend(np.full(_TRIAD_LEN, float(k)) for k in range(3))
    a, b, c = _triad_arrays
    return _one_over_many(lambda: _triad(a, b, c), threads, tries=3)
