"""Probes that need fresh processes: compiling into an empty cache, and a first call from a warm one."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import kiln
from kiln.bench.results import KILN, Measurement, Result, RunConfig, describe_error

_TIMEOUT_S = 600.0
_STDERR_LINES = 8
# Starting an interpreter jitters by tens of milliseconds, more than the call being measured:
# the warm first call is taken from at least this many pairs of runs.
_MIN_PAIRS = 10

# Run as `python -c _PRELUDE+body MODE`. Everything but the measured call is the same in every
# mode, so that the difference of two modes' wall times is the cost of that call alone.
_PRELUDE = """
import json, sys, time
import numpy as np
import kiln
from kiln.bench import kernels

def first_call(name, args):
    f = kiln.jit(parallel={parallel})(getattr(kernels, name))
    start = time.perf_counter()
    f(*args)
    return time.perf_counter() - start

x = np.linspace(0.0, 1.0, 1000)
"""

_COLD_BODY = """
first = first_call("axpy_sqrt", (1.5, x, x))
second = first_call("softmax", (x.reshape(10, 100),))
print(json.dumps({"first_s": first, "second_s": second}))
"""

_WARM_BODY = """
if sys.argv[1] == "call":
    print(json.dumps({"call_s": first_call("axpy_sqrt", (1.5, x, x))}))
"""


def run_script(body: str, mode: str, cache_dir: Path, cfg: RunConfig) -> tuple[float, dict[str, Any]]:
    """Wall seconds of a fresh interpreter running ``body`` with kiln's cache in ``cache_dir``,
    and the JSON object it printed (empty when it printed none)."""
    script = _PRELUDE.format(parallel=cfg.parallel) + body
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", script, mode],
        env=_child_env(cache_dir),
        capture_output=True,
        text=True,
        timeout=_TIMEOUT_S,
        check=False,
    )
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        # The end of a traceback says what went wrong; its start is the same every time.
        tail = "\n".join(proc.stderr.strip().splitlines()[-_STDERR_LINES:])
        raise RuntimeError(f"benchmark subprocess exited with {proc.returncode}; its stderr ends:\n{tail}")
    lines = proc.stdout.strip().splitlines()
    return wall, (json.loads(lines[-1]) if lines else {})


def _child_env(cache_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["KILN_CACHE_DIR"] = str(cache_dir)
    env.pop("KILN_DUMP", None)  # dumps would slow the child and flood its stderr
    # The child must import this very kiln, installed or not.
    src = str(Path(kiln.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    return env


@dataclass(frozen=True)
class ColdCompileProbe:
    """First calls in a fresh process with an empty ``KILN_CACHE_DIR``.

    Two rows: a small kernel's first call, which also pays for probing the C compiler, and then
    a second kernel's, which pays for compiling only.
    """

    name: str = "cold_compile"
    section: str = "startup"

    def run(self, cfg: RunConfig) -> list[Result]:
        cold = Result("cold_first_call", self.section, "axpy_sqrt, n=1000, incl. compiler probe", None)
        second = Result(self.name, self.section, "softmax, 10x100", None)
        firsts, seconds = [], []
        try:
            for _ in range(cfg.repeat):
                with tempfile.TemporaryDirectory(prefix="kiln-bench-cold-") as tmp:
                    _, out = run_script(_COLD_BODY, "cold", Path(tmp), cfg)
                firsts.append(out["first_s"])
                seconds.append(out["second_s"])
        except Exception as exc:
            return [cold.fail(describe_error(exc)), second.fail(describe_error(exc))]
        cold.measurements[KILN] = Measurement(firsts, "s")
        second.measurements[KILN] = Measurement(seconds, "s")
        return [cold, second]


@dataclass(frozen=True)
class WarmFirstCallProbe:
    """A kernel's first call in a new process whose disk cache already holds it.

    Measured from outside as (wall time of a script that calls it) minus (wall time of the same
    script without the call), paired run by run (at least ``_MIN_PAIRS`` pairs); the time the
    child measured itself around the call is a note, and the steadier figure.
    """

    name: str = "first_call_warm_cache"
    section: str = "startup"

    def run(self, cfg: RunConfig) -> list[Result]:
        result = Result(self.name, self.section, "axpy_sqrt, n=1000", None)
        try:
            with tempfile.TemporaryDirectory(prefix="kiln-bench-warm-") as tmp:
                run_script(_WARM_BODY, "call", Path(tmp), cfg)  # fills the cache
                n_pairs = cfg.repeat if cfg.quick else max(cfg.repeat, _MIN_PAIRS)
                pairs = [_paired_runs(Path(tmp), cfg) for _ in range(n_pairs)]
        except Exception as exc:
            return [result.fail(describe_error(exc))]
        result.measurements[KILN] = Measurement([with_ - without for with_, without, _ in pairs], "s")
        result.notes["wall_with_call_s"] = statistics.median(p[0] for p in pairs)
        result.notes["wall_without_call_s"] = statistics.median(p[1] for p in pairs)
        result.notes["in_process_call_s"] = statistics.median(p[2] for p in pairs)
        return [result]


def _paired_runs(cache_dir: Path, cfg: RunConfig) -> tuple[float, float, float]:
    with_call, out = run_script(_WARM_BODY, "call", cache_dir, cfg)
    without_call, _ = run_script(_WARM_BODY, "skip", cache_dir, cfg)
    return with_call, without_call, float(out["call_s"])
