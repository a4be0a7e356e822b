"""Reverse mode over arrays a loop re-binds (each iteration's value its own) and tapes whose
length is not known before their loops (triangular nests, extents of re-bound arrays).

The recurrences scientists write (`h = np.tanh(W @ h + x[t])`, `y = y + dt * f(y)`, a
temporary `d = X[i] - mu` or a row `x = xs[t]` per iteration) bind a new array to a name
whose earlier value the reverse sweep still needs: binding stacks keep those values. Every
case is checked against central finite differences in both modes."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts


def rnn(W, xs):
    h = np.zeros(W.shape[0])
    for t in range(xs.shape[0]):
        h = np.tanh(W @ h + xs[t])
    return np.sum(h * h)


def lstm(W, xs):
    n = W.shape[0] // 4
    h = np.zeros(n)
    c = np.zeros(n)
    for t in range(xs.shape[0]):
        z = W @ np.concatenate((h, xs[t]))
        i = 1 / (1 + np.exp(-z[:n]))
        f = 1 / (1 + np.exp(-z[n : 2 * n]))
        o = 1 / (1 + np.exp(-z[2 * n : 3 * n]))
        g = np.tanh(z[3 * n :])
        c = f * c + i * g
        h = o * np.tanh(c)
    return np.sum(h)


def euler(y0, k):
    y = y0.copy()
    for _ in range(10):
        y = y + 0.05 * np.tanh(y * k)
    return np.sum(y * y)


def rk4(y0, k):
    y = y0.copy()
    h = 0.1
    for _ in range(5):
        k1 = -k * y * y
        k2 = -k * (y + h / 2 * k1) ** 2
        k3 = -k * (y + h / 2 * k2) ** 2
        k4 = -k * (y + h * k3) ** 2
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return np.sum(np.sin(y))


def temporary_per_iteration(X, mu):
    s = 0.0
    for i in range(X.shape[0]):
        d = X[i] - mu
        s += np.sum(d * d * d)
    return s


def row_per_iteration(xs, w):
    s = 0.0
    for t in range(xs.shape[0]):
        x = xs[t]
        s += np.dot(x * x, w)
    return s


def growing_prefix(x, w):
    s = 0.0
    for i in range(1, x.shape[0] + 1):
        head = x[:i]
        s += np.sum(np.sin(head) * w[:i])
    return s


def rebound_twice_per_iteration(y0, k):
    y = y0.copy()
    for _ in range(4):
        y = np.sin(y) * k
        y = y * y + 0.5
    return np.sum(y)


def nested_rebinding(y0, k):
    y = y0.copy()
    for _ in range(3):
        for _ in range(2):
            y = y + 0.1 * np.cos(y * k)
    return np.sum(y)


def alias_of_an_earlier_value(y0, k):
    y = y0 * k
    old = y
    y = y * y
    return np.sum(old * y)


def pair_energy(x, k):
    e = 0.0
    for i in range(x.shape[0]):
        for j in range(i + 1, x.shape[0]):
            r = np.sqrt(np.sum((x[i] - x[j]) ** 2) + k)
            e += 1.0 / r
    return e


def cholesky_loops(A, k):
    n = A.shape[0]
    L = np.zeros((n, n))
    M = A @ A.T + n * np.eye(n)
    for j in range(n):
        s = M[j, j]
        for p in range(j):
            s -= L[j, p] * L[j, p]
        L[j, j] = np.sqrt(s)
        for i in range(j + 1, n):
            t = M[i, j]
            for p in range(j):
                t -= L[i, p] * L[j, p]
            L[i, j] = t / L[j, j]
    return np.sum(L * k)


def _args(name: str, dtype: type = np.float64) -> tuple:
    rng = np.random.default_rng(len(name))
    table = {
        "rnn": (0.5 * rng.standard_normal((4, 4)), rng.standard_normal((6, 4))),
        "lstm": (0.3 * rng.standard_normal((12, 6)), rng.standard_normal((4, 3))),
        "euler": (rng.standard_normal(5), 0.7),
        "rk4": (0.5 * rng.standard_normal(4), 0.3),
        "temporary_per_iteration": (rng.standard_normal((5, 3)), rng.standard_normal(3)),
        "row_per_iteration": (rng.standard_normal((5, 3)), rng.standard_normal(3)),
        "growing_prefix": (rng.standard_normal(6), rng.standard_normal(6)),
        "rebound_twice_per_iteration": (rng.standard_normal(4), 0.9),
        "nested_rebinding": (rng.standard_normal(3), 0.8),
        "alias_of_an_earlier_value": (rng.standard_normal(4), 1.3),
        "pair_energy": (rng.standard_normal((5, 3)), 0.1),
        "cholesky_loops": (rng.standard_normal((4, 4)), 0.7),
    }
    return tuple(a.astype(dtype) if isinstance(a, np.ndarray) else a for a in table[name])


CASES = [
    rnn,
    lstm,
    euler,
    rk4,
    temporary_per_iteration,
    row_per_iteration,
    growing_prefix,
    rebound_twice_per_iteration,
    nested_rebinding,
    alias_of_an_earlier_value,
    pair_energy,
    cholesky_loops,
]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_both_modes_against_finite_differences(f) -> None:
    args = _args(f.__name__)
    value, g = kiln.value_and_grad(f, argnums=(0, 1))(*args)
    assert value == pytest.approx(f(*args), rel=1e-12)
    for i in (0, 1):
        assert_close(g[i], fd_grad(f, args, i), rtol=1e-6, atol=1e-8)
    v = np.random.default_rng(3).standard_normal(np.shape(args[0]))
    _, tangent, _ = kiln.jvp(f)(*args, tangents=(v, None))
    assert tangent == pytest.approx(float(np.sum(g[0] * v)), rel=1e-8, abs=1e-10)


@pytest.mark.parametrize("f", [rnn, euler, growing_prefix, pair_energy], ids=lambda f: f.__name__)
@pytest.mark.parametrize("how", ["simple", "differentiate_first"])
def test_other_policies_agree(f, how) -> None:
    args = _args(f.__name__)
    want = kiln.grad(f)(*args)
    if how == "simple":
        got = kiln.grad(f, recompute="simple")(*args)
    else:
        got = kiln.grad(f, optimize_first=False)(*args)
    assert_close(got, want, rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("f", [rnn, euler], ids=lambda f: f.__name__)
def test_float32(f) -> None:
    args = _args(f.__name__, np.float32)
    g = kiln.grad(f)(*args)
    assert g.dtype == np.float32
    want = kiln.grad(f)(*_args(f.__name__))
    assert_close(g, want, rtol=2e-4, atol=1e-5)


def test_the_arguments_are_not_modified() -> None:
    y0 = np.random.default_rng(0).standard_normal(5)
    before = y0.copy()
    kiln.grad(euler)(y0, 0.7)
    np.testing.assert_array_equal(y0, before)


def test_the_derivative_keeps_bindings_on_stacks() -> None:
    args = _args("euler")
    d = kiln.grad(euler)
    d(*args)
    _, derivative = d.inspect_ir(*args)
    saves = [s for s in iter_stmts(derivative.body) if isinstance(s, ir.SaveBinding)]
    restores = [s for s in iter_stmts(derivative.body) if isinstance(s, ir.RestoreBinding)]
    assert saves and sorted(s.stack for s in saves) == sorted(s.stack for s in restores)


def test_the_alloc_per_iteration_tapes_no_elements() -> None:
    # each iteration writes a new array: no store overwrites what an earlier read needed
    args = _args("euler")
    d = kiln.grad(euler)
    d(*args)
    assert d.last_tape_bytes == 0


def test_a_triangular_nest_tapes_what_it_needs_and_no_more() -> None:
    x = np.random.default_rng(2).standard_normal((7, 3))
    d = kiln.grad(pair_energy)
    d(x, 0.1)
    pairs = 7 * 6 // 2
    assert 0 < d.last_tape_bytes <= pairs * 8 * 4
