"""The BLAS that NumPy ships, found the way ``runtime.lapack`` finds its LAPACK: the same
library and naming scheme (``scipy_dgemm_64_``), so generated code calls ``?gemm``/``?gemv``
directly, as NumPy's own matmul does. None when the library lacks them; kiln then multiplies
through NumPy."""

from __future__ import annotations

from functools import cache

from kiln.runtime.lapack import Lapack, find_lapack, library

BLAS_ROUTINES = tuple(f"{s}{r}" for s in "sdcz" for r in ("gemm", "gemv", "syrk"))


@cache
def find_blas() -> Lapack | None:
    """NumPy's bundled library when it exports every ``?gemm``/``?gemv``/``?syrk`` kiln calls."""
    lapack, lib = find_lapack(), library()
    if lapack is None or lib is None:
        return None
    return lapack if all(hasattr(lib, lapack.symbol(r)) for r in BLAS_ROUTINES) else None
