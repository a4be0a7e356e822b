"""Loops the optimizer marked ``simd`` keep that mark in a derivative only where it still holds:
a forward sweep that pushes onto a tape carries the tape's top from one iteration to the next
(its loop once stayed ``omp simd`` and wrote the tape out of place, or crashed), and the tangent
of a max reduction is no reduction gcc may split into lanes."""

from __future__ import annotations

import numpy as np
from tests.autodiff.ad_support import assert_close, fd_grad
from tests.autodiff.test_store_recompute_cases import stencil_rows

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts


def running_max(x):
    m = x[0] * x[0]
    for i in range(x.shape[0]):
        m = np.maximum(m, x[i] * x[i])
    return m


def test_taped_loop_is_not_simd_and_gradient_is_right() -> None:
    u = np.random.default_rng(2).uniform(0, 1, (6, 5))
    f = kiln.value_and_grad(stencil_rows, argnums=(0,), recompute="simple")
    value, (g,) = f(u.copy())
    assert value == stencil_rows(u.copy())
    assert_close(g, fd_grad(stencil_rows, (u,), 0))
    _, derivative = f.inspect_ir(u.copy())
    tape_loops = [
        s for s in iter_stmts(derivative.body)
        if isinstance(s, ir.For) and any(isinstance(x, ir.Store) and "tape" in x.array for x in s.body)
    ]  # fmt: skip
    assert tape_loops and not any(s.simd for s in tape_loops)


def test_tangent_of_max_reduction() -> None:
    x = np.random.default_rng(3).standard_normal(37)
    dx = np.random.default_rng(4).standard_normal(37)
    value, tangent, _ = kiln.jvp(running_max)(x, tangents=(dx,))
    k = int(np.argmax(x * x))
    assert value == running_max(x)
    assert np.isclose(tangent, 2 * x[k] * dx[k], rtol=1e-12)
