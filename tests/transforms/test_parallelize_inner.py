"""parallelize_inner (the cuda pipeline): the loop that is a parallel loop's whole body and has
no dependence between its iterations is marked parallel too (a second grid dimension); a loop
that carries a value, or that is not the whole body, keeps its order."""

from __future__ import annotations

import numpy as np
from tests.transforms.support import golden, loops, lower, optimize, text

BEFORE = ("fusion", "simplify", "contract", "simplify", "parallelize")


def scaled_sum(a, b):
    return 2.0 * a + b


def row_prefix(a):
    out = a.copy()
    for i in range(a.shape[0]):
        for j in range(1, a.shape[1]):
            out[i, j] = out[i, j - 1] + a[i, j]
    return out


def _marked(fn) -> list[bool]:
    return [loop.parallel for loop in loops(fn)]


def test_elementwise_nest_gets_two_parallel_loops() -> None:
    before = optimize(
        lower(scaled_sum, np.ones((4, 5)), np.ones((4, 5)), parallel=True), *BEFORE, parallel=True
    ).fn
    after = optimize(before, "parallelize_inner", parallel=True).fn
    assert not all(_marked(before)) and all(_marked(after))  # each version of the nest
    golden("parallelize_inner_elementwise_before.ir", text(before))
    golden("parallelize_inner_elementwise_after.ir", text(after))


def test_a_carried_row_keeps_its_order() -> None:
    before = optimize(lower(row_prefix, np.ones((4, 5)), parallel=True), *BEFORE, parallel=True).fn
    after = optimize(before, "parallelize_inner", parallel=True).fn
    assert text(after) == text(before)
    assert not all(_marked(after))
