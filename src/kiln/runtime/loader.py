"""Load a compiled extension module from an explicit file path."""

from __future__ import annotations

import importlib.util
import os
import time
from importlib.machinery import ExtensionFileLoader
from pathlib import Path
from types import ModuleType


def load_extension(path: Path, module_name: str) -> ModuleType:
    """Load the extension at ``path``, whose init function is ``PyInit_<module_name>``.

    This does not go through sys.path: the module is found by path only. kiln does not add it
    to sys.modules itself; CPython records single-phase-init modules there under
    ``module_name``, which is harmless because kiln's names embed a content hash.
    Raises ImportError when the file cannot be loaded or its init function fails.
    """
    bounded_openmp_spinning()
    loader = ExtensionFileLoader(module_name, str(path))
    spec = importlib.util.spec_from_file_location(module_name, str(path), loader=loader)
    if spec is None:
        raise ImportError(f"cannot make an import spec for {path}", name=module_name, path=str(path))
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


# How long an idle OpenMP worker busy-waits before it sleeps, in libgomp's spin iterations (one
# ``pause`` and a load each: about 7 ns on the 2-core development machine, so libgomp's default of
# 300000 is about 2 ms). A worker that slept must be woken at the next parallel loop, and on a
# virtual machine waking an idle virtual CPU can take as long as a short kernel runs. Measured
# there with ``kiln bench npbench --preset M --scaling`` (NumPy, kiln on one thread and kiln on
# two in turn, so the worker idles through the other calls), two runs per setting:
#   - syrk (1.3 ms on one thread): 1.65x and 0.93x from 1 to 2 threads at 3000, 1.00x and 1.67x at
#     300000, 1.59x and 1.61x at 1000000, 1.70x and 1.70x at 10000000;
#   - syr2k (1.1 ms): 1.32x and 0.88x, 1.44x and 1.05x, 1.61x and 1.65x, 1.74x and 1.75x;
#   - arc_distance, trmm, heat_3d, gemver, go_fast, softmax, mandelbrot1, deriche, gramschmidt,
#     cavity_flow, lu: the same within run-to-run noise at 3000 and 10000000, and so were their
#     NumPy and one-thread times, which run while the worker spins.
# An earlier measurement had arc_distance at 0.75x with libgomp's default spin; these runs gave
# 1.92-2.07x at every setting. Not spinning at all makes a kernel launched once per row pay a
# wake-up per launch (`kiln bench gpu`'s LU: 25.7 ms, against 9.5 ms with libgomp's default spin).
# 10000000 iterations spin for about 70 ms after a team's last loop (measured from the worker's
# CPU time), less than the 200 ms Intel's OpenMP runtime spins by default. A spinning worker holds
# a core that another process could use. So on a busy machine (other runnable threads on every
# core, where a spinning team of two once ran 10-50x slower than one thread) kiln does not spin
# at all, and the test-suite, which runs two processes on two cores, sets a short spin itself
# (scripts/test.sh). The user's OMP_WAIT_POLICY or GOMP_SPINCOUNT always win.
SPIN_COUNT = "10000000"
BUSY_SPIN_COUNT = "0"


def machine_is_busy() -> bool:
    """Other runnable threads fill every core right now (three looks, half a millisecond apart).

    The instantaneous count, not the load average: this process's own earlier parallel work (its
    OpenMP and BLAS threads, or a benchmark's previous child) raises the 1-minute average, and
    kiln then turned spinning off for itself and paid a wake-up per parallel loop (heat_3d at
    preset M: 0.2x on two threads)."""
    cpus = os.cpu_count() or 1
    others = []
    for look in range(3):
        running = _runnable_now()
        if running is None:  # no /proc (macOS, Windows): assume a quiet machine
            return False
        others.append(running - 1)  # this thread is running while it reads
        if look < 2:
            time.sleep(0.0005)
    return min(others) >= cpus


def _runnable_now() -> int | None:
    """Runnable threads on the machine now (the fourth field of /proc/loadavg, ``R/total``)."""
    try:
        fields = Path("/proc/loadavg").read_text().split()
        return int(fields[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return None


def bounded_openmp_spinning() -> None:
    """Bound libgomp's busy-waiting (none on a busy machine) unless the user chose a wait
    policy. It reads the variables once, when it is loaded: this runs before kiln loads its
    first compiled module."""
    if "OMP_WAIT_POLICY" in os.environ or "GOMP_SPINCOUNT" in os.environ:
        return
    os.environ["GOMP_SPINCOUNT"] = BUSY_SPIN_COUNT if machine_is_busy() else SPIN_COUNT
