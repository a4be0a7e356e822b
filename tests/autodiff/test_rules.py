"""Every IR operation has a derivative rule or is declared non-differentiable; each rule matches
central finite differences."""

from __future__ import annotations

import math

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln
from kiln.autodiff.rules import BINARY_RULES, CALL_RULES, NONDIFFERENTIABLE, UNARY_RULES, UNSUPPORTED
from kiln.codegen.c_ops import _REAL_FUNCS
from kiln.ir.nodes import BINARY_OPS, UNARY_OPS


def test_every_operation_has_a_rule_or_is_declared() -> None:
    declared = set(NONDIFFERENTIABLE) | set(UNSUPPORTED)
    assert set(BINARY_RULES) | declared >= BINARY_OPS
    assert set(UNARY_RULES) | declared >= UNARY_OPS
    calls = set(_REAL_FUNCS) | {"square", "reciprocal", "sign", "isnan", "isinf", "isfinite"}
    assert calls <= set(CALL_RULES) | declared


def unary_terms(x):
    return (
        np.sqrt(x[0]) + np.exp(x[1]) + np.log(x[2]) + np.sin(x[3]) + np.cos(x[4]) + np.tan(x[5])
        + np.tanh(x[6]) + np.arcsin(x[7]) + np.arccos(x[8]) + np.arctan(x[9]) + np.sinh(x[10])
        + np.cosh(x[11]) + np.arcsinh(x[12]) + np.arccosh(x[13] + 1.5) + np.arctanh(x[14])
        + np.log2(x[15]) + np.log10(x[16]) + np.log1p(x[17]) + np.expm1(x[18]) + np.exp2(x[19])
        + np.cbrt(x[20]) + np.abs(x[21] - 0.5) + np.square(x[22]) + np.reciprocal(x[23])
        + math.erf(x[24]) + math.erfc(x[25]) + np.floor(x[26]) + -x[27] + (+x[28])
        + np.float64(x[29]) ** 3
    )  # fmt: skip


def binary_terms(x, y):
    return (
        x[0] * y[0] + x[1] / y[1] + x[2] - y[2] + x[3] ** y[3] + np.maximum(x[4], y[4])
        + np.minimum(x[5], y[5]) + np.arctan2(x[6], y[6]) + np.hypot(x[7], y[7]) + np.fmod(x[8], y[8])
        + x[9] % y[9] + max(x[10], y[10]) + min(x[11], y[11]) + np.copysign(x[12], y[12])
        + np.where(x[13] > y[13], x[13] * 2.0, y[13] * 3.0)
    )  # fmt: skip


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(7)


def test_unary_rules_match_finite_differences(rng: np.random.Generator) -> None:
    x = rng.uniform(0.2, 0.8, 30)
    assert_close(kiln.grad(unary_terms)(x), fd_grad(unary_terms, (x,), 0), rtol=1e-6, atol=1e-7)


def test_binary_rules_match_finite_differences(rng: np.random.Generator) -> None:
    x, y = rng.uniform(0.3, 2.0, 14), rng.uniform(0.3, 2.0, 14)
    y[[4, 5, 10, 11, 13]] = x[[4, 5, 10, 11, 13]] + np.array([0.3, -0.3, -0.2, 0.2, 0.1])
    gx, gy = kiln.grad(binary_terms, argnums=(0, 1))(x, y)
    assert_close(gx, fd_grad(binary_terms, (x, y), 0), atol=1e-7)
    assert_close(gy, fd_grad(binary_terms, (x, y), 1), atol=1e-7)


def test_float32_gradient(rng: np.random.Generator) -> None:
    x = rng.uniform(0.5, 1.0, 8).astype(np.float32)
    g = kiln.grad(lambda_free_sum)(x)
    assert g.dtype == np.float32
    assert_close(g, np.cos(x.astype(float)), rtol=1e-5)


def lambda_free_sum(x):
    return np.sum(np.sin(x))


def gamma_of(x):
    return math.lgamma(x)


def test_unsupported_rule_is_a_located_error() -> None:
    with pytest.raises(kiln.UnsupportedError, match="lgamma"):
        kiln.grad(gamma_of)(1.5)
