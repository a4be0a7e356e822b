"""Whether the machine's cores are all there right now: a compute-only loop timed at one thread
and at several, for scaling benchmarks to record next to each measurement.

On a shared virtual machine a core can be away for seconds at a time (its host thread runs another
guest). A two-thread measurement taken then shows no gain whatever the code does: the two threads
take turns on one core. The probe does no memory traffic, so on a machine with its cores present
it scales with the thread count (1.9-2.0x from 1 to 2); a probe near 1.0x marks the measurements
around it as taken without the second core.
"""

from __future__ import annotations

import time
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
    from kiln.runtime.threads import get_num_threads, set_num_threads

    before = get_num_threads()
    out = np.full(_LANES, 0.5)
    best = {1: float("inf"), threads: float("inf")}
    try:
        for n in (1, threads):
            set_num_threads(n)
            _chains(out, _STEPS)
            for _ in range(2):
                t0 = time.perf_counter()
                _chains(out, _STEPS)
                best[n] = min(best[n], time.perf_counter() - t0)
    finally:
        set_num_threads(before)
    return best[1] / best[threads]
