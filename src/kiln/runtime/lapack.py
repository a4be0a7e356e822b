"""The LAPACK that NumPy ships (OpenBLAS in NumPy's wheels), found so that generated code can
call it directly: no Python between a kiln function and ``dgesv``.

NumPy's wheels bundle ``libscipy_openblas64_`` in ``numpy.libs`` (Linux), ``numpy/.dylibs``
(macOS) or ``numpy.libs``/``numpy/.libs`` (Windows, older wheels); its routines carry a prefix
and a suffix (``scipy_dgesv_64_``) and, for the ``64`` builds, 64-bit integer arguments. When no
such library is found (NumPy built against a system LAPACK), kiln calls ``numpy.linalg``
instead, so the results are the same either way.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

# (prefix, suffix, integer bits), most specific first.
_SCHEMES: tuple[tuple[str, str, int], ...] = (
    ("scipy_", "_64_", 64),
    ("", "_64_", 64),
    ("", "64_", 64),
    ("scipy_", "_", 32),
    ("", "_", 32),
)
_LIBRARY_GLOBS = ("*openblas*.so*", "*openblas*.dylib", "*openblas*.dll", "*lapack*.so*")
# OpenBLAS's thread-count setters across NumPy's wheels: scipy-openblas (64-bit and 32-bit
# integer builds) and the older numpy-openblas builds; each has a getter of the same shape.
BLAS_THREAD_SETTERS = (
    "scipy_openblas_set_num_threads64_",
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)


@dataclass(frozen=True)
class Lapack:
    path: str
    prefix: str
    suffix: str
    int_bits: int

    def symbol(self, routine: str) -> str:
        """The exported name of a Fortran routine, ``dgesv`` -> ``scipy_dgesv_64_``."""
        return f"{self.prefix}{routine}{self.suffix}"


def _candidates() -> list[Path]:
    package = Path(np.__file__).parent
    dirs = [package.parent / "numpy.libs", package / ".libs", package / ".dylibs"]
    return [p for d in dirs if d.is_dir() for pattern in _LIBRARY_GLOBS for p in sorted(d.glob(pattern))]


@cache
def _load(path: str) -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(path)
    except OSError:
        return None


@cache
def find_lapack() -> Lapack | None:
    """NumPy's bundled LAPACK and its naming scheme, or None when there is none to use."""
    import numpy.linalg  # noqa: F401  (loads the library, with its own dependencies, first)

    for path in _candidates():
        lib = _load(str(path))
        if lib is None:
            continue
        for prefix, suffix, bits in _SCHEMES:
            if all(hasattr(lib, f"{prefix}{r}{suffix}") for r in ("dgesv", "zgesv", "dpotrf", "zpotrf")):
                return Lapack(str(path), prefix, suffix, bits)
    return None


def library() -> ctypes.CDLL | None:
    """NumPy's bundled LAPACK (OpenBLAS), loaded; None when there is none to use."""
    lapack = find_lapack()
    return None if lapack is None else _load(lapack.path)


def address(symbol: str) -> int:
    """The address of ``symbol`` in NumPy's LAPACK (called once per routine by generated code)."""
    lib = library()
    if lib is None:
        raise RuntimeError("kiln: NumPy's LAPACK library is no longer available")
    value = ctypes.cast(getattr(lib, symbol), ctypes.c_void_p).value
    if not value:
        raise RuntimeError(f"kiln: LAPACK routine {symbol} not found")
    return value


def thread_count_symbols() -> tuple[str, str] | None:
    """``(getter, setter)`` of OpenBLAS's thread count in NumPy's library, or None."""
    lib = library()
    for setter in BLAS_THREAD_SETTERS if lib is not None else ():
        getter = setter.replace("_set_", "_get_")
        if hasattr(lib, setter) and hasattr(lib, getter):
            return getter, setter
    return None
