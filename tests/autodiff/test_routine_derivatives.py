"""Derivatives through NumPy routines called whole: sorting and convolution.

``np.sort``/``np.partition`` move elements (the derivative moves them the same way);
``np.convolve``/``np.correlate`` are bilinear, each mode a window of the full result. Checked
against central finite differences in both modes, for every mode and for inputs shorter,
longer and as long as each other (NumPy's windows differ between those)."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


def sorted_weighted(x, w):
    return np.sum(np.sort(x) * w)


def sorted_rows(x, w):
    return np.sum(np.sort(x, axis=-1) * w)


def sorted_stable(x, w):
    return np.sum(np.sort(x, kind="stable") * w)


def partitioned(x, w):
    return np.sum(np.partition(x, 2) * w)


def _check(f, args) -> None:
    value, g = kiln.value_and_grad(f, argnums=(0, 1))(*args)
    assert value == pytest.approx(f(*args), rel=1e-12)
    for i in (0, 1):
        assert_close(g[i], fd_grad(f, args, i), rtol=1e-6, atol=1e-8)
    rng = np.random.default_rng(9)
    tangents = tuple(rng.standard_normal(np.shape(a)) for a in args)
    _, tangent, _ = kiln.jvp(f)(*args, tangents=tangents)
    want = sum(float(np.sum(gi * ti)) for gi, ti in zip(g, tangents))
    assert tangent == pytest.approx(want, rel=1e-8, abs=1e-10)


@pytest.mark.parametrize(
    "f, shape",
    [(sorted_weighted, (7,)), (sorted_rows, (3, 5)), (sorted_stable, (6,)), (partitioned, (6,)),
     (sorted_weighted, (1,))],
)  # fmt: skip
def test_sorting(f, shape) -> None:
    rng = np.random.default_rng(len(shape) * 10 + shape[-1])
    _check(f, (rng.standard_normal(shape), rng.standard_normal(shape)))


def convolve_full(a, v):
    return np.sum(np.sin(np.convolve(a, v, mode="full")))


def convolve_same(a, v):
    return np.sum(np.sin(np.convolve(a, v, mode="same")))


def convolve_valid(a, v):
    return np.sum(np.sin(np.convolve(a, v, mode="valid")))


def correlate_full(a, v):
    return np.sum(np.sin(np.correlate(a, v, mode="full")))


def correlate_same(a, v):
    return np.sum(np.sin(np.correlate(a, v, mode="same")))


def correlate_valid(a, v):
    return np.sum(np.sin(np.correlate(a, v, mode="valid")))


def _sizes() -> list:
    """Every mode at lengths shorter, longer and as long as each other; the fast suite takes
    four of the seven pairs (``-m slow`` runs the rest)."""
    out = []
    for f in (convolve_full, convolve_same, convolve_valid, correlate_full, correlate_same, correlate_valid):
        for n, m in [(6, 3), (5, 4), (3, 6), (4, 5), (5, 5), (1, 3), (2, 7)]:
            marks = () if (n, m) in {(6, 3), (4, 5), (5, 5), (2, 7)} else (pytest.mark.slow,)
            out.append(pytest.param(f, n, m, marks=marks, id=f"{f.__name__}-{n}-{m}"))
    return out


@pytest.mark.parametrize("f, n, m", _sizes())
def test_convolution(f, n, m) -> None:
    rng = np.random.default_rng(n * 10 + m)
    _check(f, (rng.standard_normal(n), rng.standard_normal(m)))
