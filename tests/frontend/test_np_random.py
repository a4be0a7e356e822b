"""``np.random``'s global stream from compiled code: the draws are NumPy's own, bit for bit,
from the state Python code draws from (seeded inside or outside the compiled function), in
the order the code makes them (also in loops and in ``prange`` loops, which then run in
order), with NumPy's shapes, dtypes and Python number types."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


def draws(n):
    np.random.seed(42)
    a = np.random.rand(n)
    b = np.random.randn(2, n)
    c = np.random.uniform(1.0, 2.0, size=(n,))
    d = np.random.normal(0.5, 2.0)
    e = np.random.randint(-3, 10, size=n)
    f = np.random.randint(7)
    g = np.random.poisson(3.0, n)
    h = np.random.random()
    k = np.random.binomial(10, 0.3, size=(2, n))
    m = np.random.exponential(2.0, n), np.random.standard_normal(), np.random.random_sample((n, 1))
    return a, b, c, d, e, f, g, h, k, m


def in_a_loop(x):
    total = 0.0
    for i in range(x.shape[0]):
        x[i] = np.random.rand()
        total += np.random.normal(x[i], 1.0)
    return total


def in_prange(x):
    for i in kiln.prange(x.shape[0]):
        x[i] = np.random.uniform(0.0, i + 1.0)
    return x


def _same(got, want):
    if isinstance(want, tuple):
        for g, w in zip(got, want, strict=True):
            _same(g, w)
        return
    assert type(got) is type(want)
    np.testing.assert_array_equal(got, want, strict=True)


@pytest.mark.parametrize("n", [0, 1, 5])
def test_draws_are_numpys(n):
    want = draws(n)
    _same(kiln.jit(draws)(n), want)


def test_shares_the_state_python_draws_from():
    np.random.seed(7)
    want = (np.random.rand(), in_a_loop(np.zeros(4)), np.random.rand())
    np.random.seed(7)
    got = (np.random.rand(), kiln.jit(in_a_loop)(np.zeros(4)), np.random.rand())
    _same(got, want)


def test_order_kept_in_parallel_loops():
    np.random.seed(3)
    want = in_prange(np.zeros(6))
    np.random.seed(3)
    np.testing.assert_array_equal(kiln.jit(parallel=True)(in_prange)(np.zeros(6)), want)


def test_refused():
    def array_parameter(x):
        return np.random.normal(x, 1.0)

    with pytest.raises(UnsupportedError, match="'loc' must be a real number"):
        kiln.jit(array_parameter)(np.zeros(2))
