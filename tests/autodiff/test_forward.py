"""Forward mode (jvp) against finite differences, and the dot-product test <Jv, u> = <v, J^T u>."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff import kernels as k
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(5)


@pytest.mark.parametrize(
    ("f", "shapes"),
    [
        (k.branchy, [(9,)]),
        (k.inplace_steps, [(6,)]),
        (k.cond_overwrites, [(8,)]),
        (k.nested, [(4, 5), (5,)]),
        (k.matmul_loss, [(3, 4), (4, 5)]),
        (k.early_exit, [(6,)]),  # forward mode keeps early exits
        (k.rebind, [(4,)]),
    ],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_jvp_and_dot_product(f, shapes, rng) -> None:
    args = tuple(rng.uniform(0.1, 0.8, s) for s in shapes)
    tangents = tuple(rng.standard_normal(s) for s in shapes)
    value, tangent, _ = kiln.jvp(f)(*args, tangents=tangents)
    assert value == pytest.approx(f(*args), rel=1e-12)
    fd = sum(np.sum(fd_grad(f, args, i) * t) for i, t in enumerate(tangents))
    assert tangent == pytest.approx(fd, rel=1e-6, abs=1e-8)
    if f in (k.early_exit, k.rebind):
        return
    u = 0.7
    _, cts = kiln.vjp(f)(*args, cotangent=u)
    assert tangent * u == pytest.approx(sum(np.sum(c * t) for c, t in zip(cts, tangents)), rel=1e-10)


def test_dot_product_with_written_arrays(rng) -> None:
    x, out = rng.uniform(0.5, 1, 6), np.zeros(6)
    v, w = rng.standard_normal(6), rng.standard_normal(6)
    _, _, written = kiln.jvp(k.norm_into)(x, out, tangents=(v, np.zeros(6)))
    _, (gx, _) = kiln.vjp(k.norm_into)(x, out, written={1: w})
    assert np.dot(written[1], w) == pytest.approx(np.dot(v, gx), rel=1e-10)


def test_jvp_of_an_array_result(rng) -> None:
    x, t = rng.standard_normal(5), rng.standard_normal(5)
    value, tangent, _ = kiln.jvp(k.power_array)(x, tangents=(t,))
    assert_close(tangent, t * np.exp(x) * (1 + x))
