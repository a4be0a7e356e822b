"""Set the OpenMP thread count of this process between calls (``--scaling`` times one kernel
at 1 and at N threads in turn). Compiled kiln modules link the same OpenMP runtime, so the
setting of the calling thread applies to their next parallel region."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

from kiln.runtime.loader import bounded_openmp_spinning

_RUNTIMES = ("libgomp.so.1", "gomp", "libomp.so", "omp")


@cache
def _runtime() -> ctypes.CDLL:
    bounded_openmp_spinning()  # loading the runtime here must not skip kiln's setting
    for name in _RUNTIMES:
        path = name if name.endswith((".so", ".1")) else ctypes.util.find_library(name)
        if not path:
            continue
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    raise RuntimeError("no OpenMP runtime (libgomp or libomp) to set the thread count with")


def set_threads(n: int) -> None:
    _runtime().omp_set_num_threads(ctypes.c_int(n))


def max_threads() -> int:
    return int(_runtime().omp_get_max_threads())
