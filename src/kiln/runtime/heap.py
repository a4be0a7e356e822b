"""Keep freed heap memory mapped, so the arrays compiled functions return do not page-fault.

glibc's malloc serves a block from the heap when it is below the *mmap threshold*, and gives
the free top of the heap back to the OS when it grows past the *trim threshold*. Both adapt to
the program (up to 32 and 64 MiB). A program calling a compiled function in a loop, freeing the
result and its inputs between calls, keeps crossing them: the next result lands on pages the OS
must map and zero again, page by page at the first write, and two threads writing it fault in
turn. NPBench's arc_distance at preset M (four 8 MB inputs copied before each call, an 8 MB
result) took 9.1 ms a call on one thread and on two that way, and 6.9 and 3.5-4.1 ms with the
freed memory kept.

When the first compiled module loads, kiln fixes the mmap threshold at 32 MiB (glibc's own
ceiling) and the trim threshold at ``KILN_SCRATCH_BYTES`` (the budget the scratch pool keeps,
1 GiB by default): the process keeps up to that much freed memory, as it keeps scratch blocks.
``KILN_SCRATCH_BYTES=0``, any ``MALLOC_*`` setting of the user's, ``GLIBC_TUNABLES``, or a C
library that is not glibc leaves malloc alone. ``kiln.release_memory()`` trims the heap.
"""

from __future__ import annotations

import ctypes
import functools
import os

from kiln.options import env_scratch_bytes

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters
MMAP_THRESHOLD = 32 << 20  # glibc's largest (HEAP_MAX_SIZE / 2 on 64-bit)


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.gnu_get_libc_version  # noqa: B018  (only glibc has it)
    except (OSError, AttributeError):
        return None
    libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    libc.mallopt.restype = ctypes.c_int
    libc.malloc_trim.argtypes = [ctypes.c_size_t]
    libc.malloc_trim.restype = ctypes.c_int
    return libc


def _user_tuned() -> bool:
    return "GLIBC_TUNABLES" in os.environ or any(k.startswith("MALLOC_") for k in os.environ)


@functools.cache
def keep_freed_memory() -> bool:
    """Set the thresholds (once per process); whether they were set."""
    budget = min(env_scratch_bytes(), 2**31 - 1)  # mallopt takes an int
    libc = _glibc()
    if budget == 0 or libc is None or _user_tuned():
        return False
    return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        libc.mallopt(M_TRIM_THRESHOLD, budget)
    )


def trim() -> None:
    """Give the free memory at the top of the heap back to the OS."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
