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


# libgomp's default lets a waiting thread busy-wait for about 300000 iterations (up to a
# millisecond) before it sleeps: at the start and end of each parallel loop, and between calls.
# Measured on a 2-core machine, that long spin costs the thread it waits for its core whenever
# other work runs between kiln's parallel loops (NumPy between two calls: arc_distance at preset M
# ran 0.75x on two threads against one), and on a busy machine a team of two ran 10-50x slower
# than one (fdtd_2d, mandelbrot1, gemver at preset S). Not spinning at all makes a kernel
# launched once per row pay a wake-up per launch (LU: 25.7 ms against 9.5 ms). A short spin of
# 3000 iterations (microseconds) kept both: arc_distance 1.86x on two threads, LU 10.0 ms. On a
# busy machine (other runnable threads on every core) kiln does not spin at all. The user's
# OMP_WAIT_POLICY or GOMP_SPINCOUNT always win.
SPIN_COUNT = "3000"
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
