"""Edge cases of splitting reused names, storing or recomputing loop values and marking reverse
loops: every policy's gradient matches finite differences."""

from __future__ import annotations

import math

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


def reused_temp(x):
    s = 0.0
    for i in range(x.shape[0]):
        t = math.exp(x[i])
        s += t * t
    for i in range(x.shape[0]):
        t = math.sin(x[i]) * s
        s += t * x[i]
    return s + t


def read_after_inner(A, v):
    total = 0.0
    for i in range(A.shape[0]):
        c = 0.0
        for j in range(A.shape[1]):
            c += A[i, j] * v[j]
        q = c * c + v[0]
        total += q * math.tanh(c)
        c = total * 0.1
        total += c
    return total


def index_after_loop(x):
    s = 0.0
    j = 0
    for j in range(x.shape[0]):
        s += x[j] * x[j]
    return s * x[j]


def overwrite_then_read(y, x):
    s = 0.0
    for _ in range(3):
        for i in range(x.shape[0]):
            a = y[i] * x[i]
            y[i] = math.cos(a)
            s += a * a + y[i]
    return s


def branch_defs(x):
    s = 0.0
    for i in range(x.shape[0]):
        if x[i] > 0:
            u = x[i] * 3.0
        else:
            u = math.exp(x[i])
        s += u * u
    return s


def stencil_rows(u):
    n = u.shape[1]
    s = 0.0
    for t in range(u.shape[0] - 1):
        for i in range(n):
            left = u[t, (i - 1) % n]
            u[t + 1, i] = u[t, i] + 0.1 * (left - u[t, i]) * math.sin(left)
    for i in range(n):
        s += u[u.shape[0] - 1, i] ** 2
    return s


CASES = [
    (reused_temp, lambda r: (r.uniform(-0.5, 0.5, 7),)),
    (read_after_inner, lambda r: (r.standard_normal((4, 5)) * 0.5, r.standard_normal(5))),
    (index_after_loop, lambda r: (r.standard_normal(6),)),
    (overwrite_then_read, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    (branch_defs, lambda r: (r.standard_normal(9),)),
    (stencil_rows, lambda r: (r.uniform(0, 1, (6, 5)),)),
]


@pytest.mark.parametrize("recompute", ["mincut", "simple"])
@pytest.mark.parametrize(("f", "make"), CASES, ids=[c[0].__name__ for c in CASES])
def test_gradient(f, make, recompute) -> None:
    args = make(np.random.default_rng(2))
    argnums = tuple(range(len(args)))
    value, grads = kiln.value_and_grad(f, argnums=argnums, recompute=recompute)(*[a.copy() for a in args])
    assert value == pytest.approx(f(*[a.copy() for a in args]), rel=1e-12)
    for i, g in zip(argnums, grads):
        assert_close(g, fd_grad(f, args, i), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize(("f", "make"), CASES, ids=[c[0].__name__ for c in CASES])
def test_parallel_build_agrees(f, make) -> None:
    args = make(np.random.default_rng(4))
    argnums = tuple(range(len(args)))
    seq = kiln.grad(f, argnums=argnums)(*[a.copy() for a in args])
    par = kiln.grad(kiln.jit(f, parallel=True), argnums=argnums)(*[a.copy() for a in args])
    for a, b in zip(seq, par):
        assert_close(a, b, rtol=1e-12, atol=1e-12)
