"""``kiln.prange``: a ``range`` whose iterations kiln may run in parallel."""

from __future__ import annotations


def prange(*args: int) -> range:
    """Like ``range``; inside ``@kiln.jit`` (with ``parallel=True``) the loop runs
    on all cores when its iterations are independent apart from ``+=``/``*=``/min/max
    reductions. Interpreted Python treats it as ``range``."""
    return range(*args)
