"""Store or recompute by a minimum cut: the reverse sweep gets each needed loop value back the
cheaper way, and the gradient is the same whichever way it chooses."""

from __future__ import annotations

import math

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln
from kiln.autodiff.mincut import recompute_cost, store_cost
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

F64 = ScalarType("float64")
N = 40


def fan_out(x, y):
    """``a`` reads ``y[i]``, which the loop then overwrites: it cannot be recomputed, and three
    values the adjoint needs derive from it cheaply."""
    s = 0.0
    for i in range(x.shape[0]):
        a = y[i] * x[i]
        y[i] = 0.5 * a
        b = a * 2.0
        c = a + 1.0
        d = a - 3.0
        s += b * b + c * c + d * d
    return s


def cheap_and_costly(x):
    """``t`` is cheap to recompute from ``x``; ``u`` is not (nested transcendental calls)."""
    s = 0.0
    for i in range(x.shape[0]):
        t = x[i] * 2.0 + 1.0
        u = math.exp(math.sin(math.exp(x[i] * 0.1)))
        s += t * t * u
    return s


def index_copies(x, w):
    """Loop-variable copies and index arithmetic: free to recompute, never taped."""
    n = x.shape[0]
    s = 0.0
    for i in range(n):
        j = (i + 1) % n
        s += x[i] * x[j] * w[i]
    return s


def test_fan_out_stores_one_value_instead_of_three(rng: np.random.Generator) -> None:
    x, y = rng.standard_normal(N), rng.standard_normal(N)
    simple = kiln.grad(fan_out, argnums=(0, 1), recompute="simple")
    mincut = kiln.grad(fan_out, argnums=(0, 1))
    got_simple, got_mincut = simple(x, y), mincut(x, y)
    for i, (gs, gm) in enumerate(zip(got_simple, got_mincut)):
        want = fd_grad(fan_out, (x, y), i)
        assert_close(gs, want)
        assert_close(gm, want)
    # both tape y's overwritten elements; the simple rule also tapes b, c and d, the cut only a
    assert simple.last_tape_bytes == 4 * 8 * N
    assert mincut.last_tape_bytes == 2 * 8 * N


def test_costly_value_is_stored_cheap_one_recomputed(rng: np.random.Generator) -> None:
    x = rng.standard_normal(N)
    g = kiln.grad(cheap_and_costly)
    assert_close(g(x), fd_grad(cheap_and_costly, (x,), 0))
    assert g.last_tape_bytes == 8 * N  # u only
    simple = kiln.grad(cheap_and_costly, recompute="simple")
    assert_close(simple(x), fd_grad(cheap_and_costly, (x,), 0))
    assert simple.last_tape_bytes == 0  # recomputes both, the exp-sin-exp chain included


def test_index_arithmetic_is_recomputed(rng: np.random.Generator) -> None:
    x, w = rng.standard_normal(N), rng.standard_normal(N)
    g = kiln.grad(index_copies, argnums=(0, 1))
    gx, gw = g(x, w)
    assert_close(gx, fd_grad(index_copies, (x, w), 0))
    assert_close(gw, fd_grad(index_copies, (x, w), 1))
    assert g.last_tape_bytes == 0


def test_cost_model_orders_operations() -> None:
    x = ir.Var("x", F64)
    cheap = ir.Binary("mul", x, ir.Const(2.0, F64), F64)
    costly = ir.Call("exp", (ir.Call("sin", (x,), F64),), F64)
    assert recompute_cost(cheap) < store_cost(F64) < recompute_cost(costly)
    # a repeated subexpression is evaluated once
    assert recompute_cost(ir.Binary("add", costly, costly, F64)) == recompute_cost(costly) + 1


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(11)


def rows(u):
    """Each step writes a new row from the previous one: no overwritten element is read earlier."""
    n = u.shape[1]
    for t in range(u.shape[0] - 1):
        for i in range(n):
            u[t + 1, i] = u[t, i] * 0.9 + 0.1 * u[t, (i + 1) % n] ** 2
    return np.sum(u[u.shape[0] - 1, :] ** 2)


def in_place(y):
    """Each step overwrites elements that earlier steps read: their old values are taped."""
    for _ in range(3):
        for i in range(1, y.shape[0]):
            y[i] = y[i] * y[i - 1] * 0.5 + 0.1
    return np.sum(y * y)


def test_new_rows_are_not_taped(rng: np.random.Generator) -> None:
    u = rng.uniform(0, 1, (5, 6))
    g = kiln.grad(rows)
    assert_close(g(u.copy()), fd_grad(rows, (u,), 0))
    assert g.last_tape_bytes == 0


def test_overwritten_elements_read_earlier_are_taped(rng: np.random.Generator) -> None:
    y = rng.uniform(0.5, 1, 7)
    g = kiln.grad(in_place)
    assert_close(g(y.copy()), fd_grad(in_place, (y,), 0))
    assert g.last_tape_bytes == 3 * 6 * 8
