"""parallel=True: OpenMP code computes what NumPy computes (reductions keep NaN semantics)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


@kiln.jit(parallel=True)
def reductions(c):
    return c.max(), c.min(), c.sum(), c.max(axis=0), c.mean(axis=1)


@kiln.jit(parallel=True)
def fused(alpha, a, b):
    return alpha * np.sqrt(a) + b


@kiln.jit(parallel=True)
def prange_sum(a):
    s = 0.0
    for i in kiln.prange(a.shape[0]):
        s += a[i] * a[i]
    return s


@kiln.jit(parallel=True)
def prange_rows(a, out):
    for i in kiln.prange(a.shape[0]):
        acc = 0.0
        for j in range(a.shape[1]):
            acc += a[i, j]
        out[i] = acc


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("shape", [(300, 300), (1, 5), (0, 3)])
def test_parallel_reductions_match_numpy(dtype, shape) -> None:
    c = np.random.default_rng(0).random(shape).astype(dtype)
    if c.size == 0:
        with pytest.raises(ValueError, match="zero-size"):
            reductions(c)
        return
    got = reductions(c)
    want = (c.max(), c.min(), c.sum(), c.max(axis=0), c.mean(axis=1))
    rtol = 1e-5 if dtype == np.float32 else 1e-10
    for g, w in zip(got, want):
        assert np.asarray(g).dtype == np.asarray(w).dtype
        np.testing.assert_allclose(g, w, rtol=rtol)


def test_parallel_min_max_propagate_nan() -> None:
    c = np.random.default_rng(1).random((400, 400))
    c[123, 45] = np.nan
    got = reductions(c)
    assert np.isnan(got[0]) and np.isnan(got[1]) and np.isnan(got[2])
    assert np.isnan(got[3][45]) and not np.isnan(got[3][44])


def test_parallel_elementwise_and_prange() -> None:
    rng = np.random.default_rng(2)
    a, b = rng.random(10**6), rng.random(10**6)
    np.testing.assert_allclose(fused(2.0, a, b), 2.0 * np.sqrt(a) + b, rtol=1e-15)
    np.testing.assert_allclose(prange_sum(a), (a * a).sum(), rtol=1e-10)
    m = rng.random((500, 70))
    out = np.zeros(500)
    prange_rows(m, out)
    np.testing.assert_allclose(out, m.sum(axis=1), rtol=1e-12)


def test_prange_loops_are_parallel_in_the_ir() -> None:
    text = kiln.inspect(prange_sum, np.zeros(4))
    assert "parallel reduce(" in text.split("==== opt ====")[1]
    assert "#pragma omp parallel for" in text
