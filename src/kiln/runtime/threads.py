"""How many threads kiln's compiled code runs on: ``kiln.set_num_threads`` / ``kiln.get_num_threads``.

Compiled code runs on two thread pools: OpenMP's team (parallel loops, kernels) and the BLAS
that kiln calls directly (NumPy's bundled OpenBLAS: ``?gemm``, ``?gemv``, ``?syrk``, LAPACK).
Setting one without the other leaves a "one-thread" run using every core inside BLAS, so both
are set together. OpenMP's count belongs to the calling thread (kiln's calls run on it);
OpenBLAS's count is process-wide, as in OpenBLAS itself, so it also applies to NumPy's own
matrix products until it is set again.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

from kiln.runtime.loader import bounded_openmp_spinning

_OPENMP_RUNTIMES = ("libgomp.so.1", "gomp", "libomp.so", "omp")


@cache
def _openmp() -> ctypes.CDLL:
    """The OpenMP runtime compiled modules link (libgomp's soname is shared process-wide)."""
    bounded_openmp_spinning()  # loading the runtime here must not skip kiln's wait policy
    for name in _OPENMP_RUNTIMES:
        path = name if name.endswith((".so", ".1")) else ctypes.util.find_library(name)
        if not path:
            continue
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    raise RuntimeError("kiln: no OpenMP runtime (libgomp or libomp) to set the thread count with")


@cache
def _blas_setter() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """OpenBLAS's thread-count setter in NumPy's bundled library, or None (another BLAS)."""
    from kiln.runtime.lapack import BLAS_THREAD_SETTERS, library

    lib = library()
    if lib is None:
        return None
    for name in BLAS_THREAD_SETTERS:
        setter = getattr(lib, name, None)
        if setter is not None:
            setter.restype = None
            setter.argtypes = [ctypes.c_int]
            return setter
    return None


def set_num_threads(n: int) -> None:
    """Run kiln's parallel loops, kernels and BLAS calls on ``n`` threads from now on."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"kiln.set_num_threads: the thread count must be an int, not {type(n).__name__}")
    if n < 1:
        raise ValueError(f"kiln.set_num_threads: the thread count must be at least 1, got {n}")
    _openmp().omp_set_num_threads(ctypes.c_int(n))
    setter = _blas_setter()
    if setter is not None:
        setter(n)


def get_num_threads() -> int:
    """The number of threads kiln's next parallel loop runs on (OpenMP's setting)."""
    return int(_openmp().omp_get_max_threads())


def blas_threads_settable() -> bool:
    """Whether ``set_num_threads`` also reaches the BLAS (NumPy's bundled OpenBLAS)."""
    return _blas_setter() is not None
