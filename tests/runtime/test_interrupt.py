"""Compiled loops answer signals: a SIGINT (or a ``signal.alarm``-style handler that raises)
reaches a loop that never ends within 100 ms, on one thread and on two, every thread stops, and
the same function then runs correctly again. Each case runs in a child process, so that a loop
that did not stop cannot hang the test-suite (the child is killed after 60 s)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ._support import SRC_DIR

_CHILD = r"""
import signal, sys, time
import numpy as np
import kiln

parallel, nthreads = sys.argv[1] == "1", int(sys.argv[2])
if parallel:
    kiln.set_num_threads(nthreads)


@kiln.jit(parallel=parallel)
def spin(n):
    x = 0
    while n > 0:
        x = (x * 3 + 1) % 1000003
    return x


@kiln.jit(parallel=parallel)
def time_loop(a, steps):
    for t in range(steps):
        for i in range(a.shape[0]):
            a[i] = a[i] * 0.5 + 1.0
    return a.sum()


@kiln.jit(parallel=parallel)
def spin_in_team(a, reps):
    for i in kiln.prange(a.shape[0]):
        k = 0
        while k < reps:
            a[i] = a[i] * 0.5 + 1.0
            k += 1
    return a.sum()


calls = {
    "spin": (lambda: spin(1), lambda: spin(0) == 0),
    "time_loop": (lambda: time_loop(np.ones(1000), 10**12), lambda: time_loop(np.ones(4), 3) == 4 * 1.875),
    "spin_in_team": (
        lambda: spin_in_team(np.ones(8), 10**15),
        lambda: spin_in_team(np.ones(8), 2) == 8 * 1.75,
    ),
}
run, check = calls[sys.argv[3]]
assert check()  # compiled and right before the interrupt
# Python raises KeyboardInterrupt only where SIGINT is not ignored; a shell starts background
# jobs with it ignored, and children inherit that.
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGALRM, lambda *_: signal.raise_signal(signal.SIGINT))
started = time.perf_counter()
signal.setitimer(signal.ITIMER_REAL, 0.2)
try:
    run()
    print("not interrupted")
    sys.exit(1)
except KeyboardInterrupt:
    latency = time.perf_counter() - started - 0.2
assert check()  # and right after it
print(f"{latency:.6f}")
"""


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", ["spin", "time_loop", "spin_in_team"])
def test_sigint_stops_compiled_loop(case: str, threads: int, tmp_path: Path) -> None:
    script = tmp_path / "child.py"  # kiln compiles from source: the child needs a file
    script.write_text(_CHILD)
    env = {**os.environ, "PYTHONPATH": str(SRC_DIR)}
    argv = [sys.executable, str(script), "1" if threads > 1 else "0", str(threads), case]
    child = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
    assert child.returncode == 0, child.stdout + child.stderr
    assert float(child.stdout.strip().splitlines()[-1]) < 0.1
