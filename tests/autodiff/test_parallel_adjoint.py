"""Reverse mode of parallel loops: the reverse loop stays parallel (scalar adjoints as OpenMP
reductions, array adjoints written at distinct indices, shared ones through atomic adds) and the
gradient matches finite differences. Sizes exceed the OpenMP threshold so threads really run."""

from __future__ import annotations

import math

import numpy as np
import pytest

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts

N = 100_000


@kiln.jit(parallel=True)
def weighted_sum(x, w):
    s = 0.0
    for i in kiln.prange(x.shape[0]):
        s += w[i] * math.tanh(x[i])
    return s


@kiln.jit(parallel=True)
def shared_element(x, w):
    s = 0.0
    for i in kiln.prange(x.shape[0]):
        s += w[i] * x[i] * x[0]
    return s


@kiln.jit(parallel=True)
def shared_pairs(x, w):
    s = 0.0
    for i in kiln.prange(x.shape[0]):
        s += w[i] * x[i] * x[i // 2]  # iterations 2k and 2k + 1 share x[k]
    return s


@kiln.jit(parallel=True)
def scaled_map(x, scale, out):
    for i in kiln.prange(x.shape[0]):
        out[i] = math.sin(x[i]) * scale
    return np.sum(out * out)


def _directional_error(f, args, i, g, rng, eps=1e-6):
    v = rng.standard_normal(np.shape(args[i]))

    def at(sign):
        a = [x.copy() if isinstance(x, np.ndarray) else x for x in args]
        a[i] = a[i] + sign * eps * v
        return float(f(*a))

    want = (at(1.0) - at(-1.0)) / (2 * eps)
    got = float(np.sum(np.asarray(g) * v))
    return abs(got - want) / max(abs(want), float(np.linalg.norm(g) * np.linalg.norm(v)))


def _loops(fn: ir.Function) -> list[ir.For]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.For)]


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(7)


def test_reduction_loop_reverse_is_parallel(rng) -> None:
    x, w = rng.standard_normal(N), rng.standard_normal(N)
    g = kiln.grad(weighted_sum, argnums=(0, 1))
    gx, gw = g(x, w)
    np.testing.assert_allclose(gx, w * (1 - np.tanh(x) ** 2), rtol=1e-12)
    np.testing.assert_allclose(gw, np.tanh(x), rtol=1e-12)
    _, derivative = g.inspect_ir(x, w)
    # forward sweep and reverse sweep both run on threads
    assert sum(lp.parallel for lp in _loops(derivative)) >= 2


def test_shared_adjoint_element_uses_atomic_adds(rng) -> None:
    x, w = rng.standard_normal(N), rng.standard_normal(N)
    g = kiln.grad(shared_pairs)
    gx = g(x, w)
    half = np.arange(N) // 2
    want = w * x[half]
    np.add.at(want, half, w * x)
    np.testing.assert_allclose(gx, want, rtol=1e-9, atol=1e-9)
    _, derivative = g.inspect_ir(x, w)
    atomics = [s for s in iter_stmts(derivative.body) if isinstance(s, ir.Atomic)]
    assert atomics and all(a.op == "add" for a in atomics)
    assert any(lp.parallel and any(isinstance(s, ir.Atomic) for s in lp.body) for lp in _loops(derivative))


def test_invariant_shared_element_becomes_a_reduction(rng) -> None:
    """``x[0]``, read by every iteration, is loaded once before the loop (hoist_loads): its
    adjoint is then a scalar each thread sums, not an atomic add per iteration."""
    x, w = rng.standard_normal(N), rng.standard_normal(N)
    g = kiln.grad(shared_element)
    gx = g(x, w)
    want = w * x[0]
    want[0] += np.sum(w * x)
    np.testing.assert_allclose(gx, want, rtol=1e-9, atol=1e-9)
    _, derivative = g.inspect_ir(x, w)
    assert not any(isinstance(s, ir.Atomic) for s in iter_stmts(derivative.body))
    assert any(lp.parallel and lp.reductions for lp in _loops(derivative))


def test_parallel_map_then_reduction(rng) -> None:
    x, out = rng.standard_normal(N), np.zeros(N)
    g = kiln.grad(scaled_map, argnums=(0, 1))
    gx, gscale = g(x, 1.7, out)
    np.testing.assert_allclose(gx, 2 * 1.7**2 * np.sin(x) * np.cos(x), rtol=1e-9, atol=1e-12)
    assert gscale == pytest.approx(2 * 1.7 * np.sum(np.sin(x) ** 2), rel=1e-9)
    assert _directional_error(scaled_map.py_func, (x, 1.7, out), 0, gx, rng) < 1e-6
    _, derivative = g.inspect_ir(x, 1.7, out)
    assert any(lp.parallel and lp.reductions for lp in _loops(derivative))


def test_parallel_and_sequential_builds_agree(rng) -> None:
    x, w = rng.standard_normal(N), rng.standard_normal(N)
    par = kiln.grad(shared_element)(x, w)
    seq = kiln.grad(shared_element.py_func)(x, w)
    np.testing.assert_allclose(par, seq, rtol=1e-9, atol=1e-9)
    assert _directional_error(shared_element.py_func, (x, w), 0, par, rng) < 1e-6
