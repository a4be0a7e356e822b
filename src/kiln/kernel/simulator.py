"""kiln's reference executor: a kernel's Python function run by real threads, one block at a
time, the threads of a block in lockstep at each ``syncthreads()``.

Slow and obvious, like the IR interpreter: what the tests compare compiled kernels against.
Threads that return stop counting at barriers (as on current GPUs); threads of one block that
meet at different ``syncthreads()`` calls are reported as an error.
"""

from __future__ import annotations

import itertools
import sys
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from kiln.kernel import intrinsics as K

BARRIER_TIMEOUT_S = 60.0


class KernelBarrier:
    """A barrier for the live threads of one block (threads that returned do not count)."""

    def __init__(self, parties: int) -> None:
        self.cond = threading.Condition()
        self.live = parties
        self.arrived = 0
        self.generation = 0
        self.sites: set[tuple[str, int]] = set()
        self.error: str | None = None

    def wait(self) -> int:
        frame = sys._getframe(2)
        site = (frame.f_code.co_filename, frame.f_lineno)
        with self.cond:
            self.sites.add(site)
            self.arrived += 1
            generation = self.generation
            if self.arrived == self.live:
                self._release()
            elif not self.cond.wait_for(lambda: self.generation != generation, BARRIER_TIMEOUT_S):
                raise threading.BrokenBarrierError
            if self.error:
                raise RuntimeError(self.error)
        return 0

    def leave(self) -> None:
        with self.cond:
            self.live -= 1
            if self.arrived and self.arrived == self.live:
                self._release()

    def _release(self) -> None:
        if len(self.sites) > 1:
            where = ", ".join(f"line {line}" for _, line in sorted(self.sites))
            self.error = f"threads of one block met at different syncthreads() calls ({where})"
        self.arrived = 0
        self.sites = set()
        self.generation += 1
        self.cond.notify_all()


def dim3(value: int | tuple[int, ...]) -> tuple[int, int, int]:
    items = (value,) if isinstance(value, int | np.integer) else tuple(value)
    if not 1 <= len(items) <= 3 or any(int(v) < 1 for v in items):
        raise ValueError(f"a grid or block shape must be 1 to 3 positive integers, got {value!r}")
    padded = tuple(int(v) for v in items) + (1,) * (3 - len(items))
    return padded  # type: ignore[return-value]


def simulate(fn: Callable[..., Any], grid: Any, block: Any, args: tuple[Any, ...]) -> None:
    """Run ``fn[grid, block](*args)`` on the reference executor (arrays change in place)."""
    g, b = dim3(grid), dim3(block)
    atomic_lock = threading.Lock()
    for bz, by, bx in itertools.product(range(g[2]), range(g[1]), range(g[0])):
        _run_block(fn, (bx, by, bz), b, g, args, atomic_lock)


def _run_block(
    fn: Callable[..., Any],
    bid: tuple[int, int, int],
    bdim: tuple[int, int, int],
    gdim: tuple[int, int, int],
    args: tuple[Any, ...],
    atomic_lock: threading.Lock,
) -> None:
    n = bdim[0] * bdim[1] * bdim[2]
    barrier = KernelBarrier(n)
    state = K.BlockState(barrier, threading.Lock())
    errors: list[BaseException] = []

    def body(tid: tuple[int, int, int]) -> None:
        K.CURRENT.state = K.ThreadState(tid, bid, bdim, gdim, state, atomic_lock)
        try:
            fn(*args)
        except BaseException as exc:  # reported after the block, in the launching thread
            errors.append(exc)
        finally:
            K.CURRENT.state = None
            barrier.leave()

    threads = [
        threading.Thread(target=body, args=((tx, ty, tz),), daemon=True)
        for tz, ty, tx in itertools.product(range(bdim[2]), range(bdim[1]), range(bdim[0]))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
