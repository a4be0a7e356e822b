"""``kiln.prange``: a ``range`` whose iterations kiln may run in parallel."""

from __future__ import annotations


def prange(*args: int) -> range:
    """Like ``range``. Inside ``@kiln.jit(parallel=True)`` the loop runs on all cores when its
    iterations are independent, apart from scalar ``+=``/``-=``/``*=``/min/max reductions and
    arg-extreme scans (``if a[i] > best: best = a[i]; at = i``).

    Loops whose iterations depend on each other stay sequential, which is always correct: a
    scalar carried from one iteration to the next (``x = x * 0.5 + a[i]``), an element that one
    iteration stores and another loads or stores (``a[i] += a[i - 1]``, ``h[k] += 1``), a
    ``break``, or a value that some iteration may leave unwritten and is read after the loop.

    Separate array arguments are assumed not to overlap in memory: passing two views of one
    array (``f(a[1:], a[:-1])``) to a parallel loop that writes one of them is outside that
    promise, which the caller makes (as with Numba's ``prange``).

    Without ``parallel=True``, and in interpreted Python, it is ``range``."""
    return range(*args)
