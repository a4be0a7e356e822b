"""The ``rebind_in_place`` pass: a name re-bound in a loop to an element-wise function of its old
value reuses the old array's memory when nothing else can see it. Golden IR, the cases it must
refuse (a parameter's memory, a second name on the array, a name first bound in the loop, a
read of another element), and values against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import golden, lower, optimize, text

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts


def relax(u, v, steps):
    w = u * 1.0
    for _ in range(steps):
        w = 0.5 * w + v
    return w


def iterate_product(a, b, steps):
    c = np.ones((a.shape[0], b.shape[1]))
    for _ in range(steps):
        c = 1.5 * a @ b + 0.5 * c
    return c


def kept_alias(u, steps):
    w = u * 1.0
    first = w
    for _ in range(steps):
        w = w + 1.0
    return w, first


def parameter_rebound(u, steps):
    for _ in range(steps):
        u = u + 1.0
    return u


def bound_in_loop(u, steps):
    total = 0.0
    for _ in range(steps):
        t = u * 2.0
        t = t + 1.0
        total += t.sum()
    return total


def shifted(u, steps):
    w = u * 1.0
    for _ in range(steps):
        w = w + w[::-1]
    return w


def _in_place(fn: ir.Function) -> bool:
    return any(isinstance(s, ir.If) and s.sid > 0 and _has_plain_copy(s) for s in iter_stmts(fn.body))


def _has_plain_copy(s: ir.If) -> bool:
    return any(isinstance(t, ir.View) for t in s.orelse) and not any(isinstance(t, ir.Alloc) for t in s.then)


def test_relax_golden() -> None:
    before = lower(relax, np.ones(6), np.ones(6), 3)
    after = optimize(before, "rebind_in_place").fn
    golden("rebind_in_place_relax_after.ir", text(after))
    assert _in_place(after)


@pytest.mark.parametrize(
    ("fn", "args"),
    [
        (kept_alias, (np.ones(6), 3)),
        (parameter_rebound, (np.ones(6), 3)),
        (bound_in_loop, (np.ones(6), 3)),
        (shifted, (np.ones(6), 3)),
    ],
)
def test_refused(fn, args) -> None:
    lowered = lower(fn, *args)
    assert optimize(lowered, "rebind_in_place").fn is lowered


@pytest.mark.parametrize("n", [0, 1, 7])
def test_values(n) -> None:
    rng = np.random.default_rng(n)
    u, v = rng.standard_normal(n), rng.standard_normal(n)
    np.testing.assert_allclose(kiln.jit(relax)(u, v, 4), relax(u, v, 4), rtol=1e-12)
    np.testing.assert_allclose(kiln.jit(relax)(u, v[:1], 3), relax(u, v[:1], 3), rtol=1e-12)  # v broadcasts
    np.testing.assert_allclose(kiln.jit(shifted)(u, 3), shifted(u, 3), rtol=1e-12)
    w, first = kiln.jit(kept_alias)(u, 3)
    np.testing.assert_allclose(w, u + 3.0)
    np.testing.assert_allclose(first, u)
    np.testing.assert_allclose(kiln.jit(parameter_rebound)(u.copy(), 2), u + 2.0)
    np.testing.assert_allclose(kiln.jit(bound_in_loop)(u, 2), bound_in_loop(u, 2), rtol=1e-12)
    for k, m in ((3, 4), (40, 40)):  # the second large enough for the gemm path
        a, b = rng.standard_normal((n * 6, k)), rng.standard_normal((k, m))
        want = iterate_product(a, b, 3)
        np.testing.assert_allclose(kiln.jit(iterate_product)(a, b, 3), want, rtol=1e-12)


def test_growing_value_takes_a_new_array() -> None:
    """``c`` starts with one row that the product broadcasts to several: the first iteration's
    value is larger than the old array, so it must get a new one."""

    def grow(a, b, steps):
        c = np.ones((1, b.shape[1]))
        for _ in range(steps):
            c = a @ b + c
        return c

    a, b = np.arange(6.0).reshape(3, 2), np.arange(8.0).reshape(2, 4)
    np.testing.assert_allclose(kiln.jit(grow)(a, b, 3), grow(a, b, 3))
