"""A compiled function returning a fresh array, for the heap policy tests (kiln compiles from
source, so it lives in a module)."""

import numpy as np

import kiln


@kiln.jit(parallel=True)
def fresh_result(a):
    out = np.empty_like(a)
    for i in kiln.prange(a.shape[0]):
        out[i] = a[i] * 2.0
    return out
