"""A pool of large scratch blocks, reused by the temporary arrays of compiled functions.

A temporary of 1 MiB or more that the function does not return is allocated from here by the
generated C (``kiln_scratch_array`` in the prelude). Without the pool, each call gets such blocks
from ``malloc``, which maps fresh pages for anything above 32 MiB and unmaps them at ``free``: the
next call then takes a page fault for every 4 KiB it touches, and two threads fault in turn.
NPBench's hdiff at preset M (six temporaries of up to 86 MB) took 25.9 ms a call on one thread that
way and 14.9 ms with the blocks kept.

A block goes back to the pool when the array using it is freed. The pool keeps at most
``KILN_SCRATCH_BYTES`` (default 1 GiB) of free blocks, dropping the oldest first;
``kiln.release_memory()`` frees them all. Blocks are handed out only to requests of at least
half their size, so a small temporary never pins a large block. The 1 MiB floor is
``KILN_SCRATCH_MIN`` in the prelude. Everything here runs under the GIL.
"""

from __future__ import annotations

from typing import Any

from kiln.options import env_scratch_bytes
from kiln.runtime import result_pool
from kiln.runtime.heap import trim

_free: list[tuple[int, Any]] = []  # (bytes, capsule owning the block), most recent last
_stats = {"taken": 0, "missed": 0, "returned": 0, "dropped": 0}


def take(nbytes: int) -> Any:
    """A free block of at least ``nbytes`` and at most twice that, or None."""
    best = -1
    for i, (size, _) in enumerate(_free):
        if nbytes <= size <= 2 * nbytes and (best < 0 or size < _free[best][0]):
            best = i
    if best < 0:
        _stats["missed"] += 1
        return None
    _stats["taken"] += 1
    return _free.pop(best)[1]


def give(block: Any, nbytes: int) -> None:
    """Keep ``block`` for a later call, unless the pool would grow past its limit; then the
    oldest blocks go first (freed when their capsule is)."""
    limit = env_scratch_bytes()
    if nbytes > limit:
        _stats["dropped"] += 1
        return
    _free.append((nbytes, block))
    _stats["returned"] += 1
    while sum(size for size, _ in _free) > limit:
        _free.pop(0)
        _stats["dropped"] += 1


def release_memory() -> int:
    """Free every block the pool holds, and those of large returned arrays
    (kiln.runtime.result_pool), and trim the heap (kiln.runtime.heap); returns how many bytes
    the pools held."""
    held = sum(size for size, _ in _free)
    _free.clear()
    held += result_pool.release()
    trim()
    return held


def stats() -> dict[str, int]:
    """Blocks taken from the pool, requests it could not serve, blocks returned and dropped, and
    the bytes it holds now."""
    return {**_stats, "held_bytes": sum(size for size, _ in _free), "held_blocks": len(_free)}
