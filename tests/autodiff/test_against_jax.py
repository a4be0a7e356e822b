"""Gradients against JAX's on the same functions written with jax.numpy (skipped without JAX)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.bench import ad_kernels as k

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
jax.config.update("jax_enable_x64", True)


def _jax_logsumexp(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


def _jax_least_squares(A, x, b):
    return 0.5 * jnp.sum((A @ x - b) ** 2)


def _jax_norm(x, w):
    return jnp.sum(x / jnp.sqrt(jnp.sum(x * x)) * w)


def _jax_kmeans(X, c):
    return jnp.sum(jnp.min(jnp.sum((X[:, None, :] - c[None, :, :]) ** 2, axis=2), axis=1))


def _lsq_args(r: np.random.Generator) -> tuple[np.ndarray, ...]:
    return r.standard_normal((30, 7)), r.standard_normal(7), r.standard_normal(30)


def _kmeans_args(r: np.random.Generator) -> tuple[np.ndarray, ...]:
    return r.standard_normal((40, 3)), r.standard_normal((5, 3))


CASES = [
    (k.logsumexp, _jax_logsumexp, lambda r: (r.standard_normal(200),), (0,)),
    (k.least_squares, _jax_least_squares, _lsq_args, (0, 1)),
    (k.norm_example, _jax_norm, lambda r: (r.uniform(0.1, 1, 50), r.standard_normal(50)), (0,)),
    (k.kmeans_objective, _jax_kmeans, _kmeans_args, (1,)),
]


@pytest.mark.parametrize(("f", "jf", "make", "argnums"), CASES, ids=[c[0].__name__ for c in CASES])
def test_matches_jax(f, jf, make, argnums) -> None:
    args = make(np.random.default_rng(5))
    ours = kiln.grad(f, argnums=argnums)(*args)
    theirs = jax.grad(jf, argnums=argnums)(*(jnp.asarray(a) for a in args))
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, np.asarray(b), rtol=1e-10, atol=1e-12)
