"""Load a compiled extension module from an explicit file path."""

from __future__ import annotations

import importlib.util
import os
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


# libgomp's default lets an idle worker spin for about 300000 iterations (up to milliseconds)
# before it sleeps. Between two calls, and between the parallel loops of one call, those workers
# take the cores that the sequential code and other processes need; on a machine whose cores are
# shared this made a team of two slower than one thread. A short spin still catches the next
# parallel loop of the same call.
SPIN_COUNT = "10000"


def bounded_openmp_spinning() -> None:
    """Bound libgomp's busy-waiting unless the user chose a wait policy. It reads the variables
    once, when it is loaded: this runs before kiln loads its first compiled module."""
    if "OMP_WAIT_POLICY" not in os.environ and "GOMP_SPINCOUNT" not in os.environ:
        os.environ["GOMP_SPINCOUNT"] = SPIN_COUNT
