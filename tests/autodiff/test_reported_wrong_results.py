"""Derivatives that were silently wrong or crashed: the maximum of a 2-d array (heap corruption),
a sum of row maxima (the value was 4.0 for 3.5), a complex intermediate of a real objective (a
zero gradient), and forward mode through a state re-bound in a loop. Each is computed right."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


def array_max(a):
    return np.max(a)


def sum_of_row_maxima(a):
    return np.sum(np.max(a, axis=1))


def sum_of_column_minima(a):
    return np.sum(np.min(a, axis=0))


def mean_of_row_sums(a):
    return np.mean(np.sum(a * a, axis=1, keepdims=True))


def complex_intermediate(x):
    z = x[0] * (1 + 2j)
    return z.real**2 + z.imag**2


def rebound_state(h0, w):
    h = h0
    for _ in range(5):
        h = h + 0.05 * np.tanh(h * w)
    return np.sum(h)


@pytest.mark.parametrize("shape", [(2, 3), (40, 12), (200, 300), (1, 1), (3, 1)])
def test_gradient_of_the_maximum_of_a_2d_array(shape) -> None:
    a = np.random.default_rng(sum(shape)).standard_normal(shape)
    g = kiln.grad(array_max)(a)
    expected = np.zeros(shape)
    expected[np.unravel_index(np.argmax(a), shape)] = 1.0
    np.testing.assert_array_equal(g, expected)


def test_reported_row_maxima_value_and_gradient() -> None:
    a = np.array([[0.3, -1.0, 2.0], [1.5, 0.2, -0.4]])
    value, g = kiln.value_and_grad(sum_of_row_maxima)(a)
    assert value == 3.5
    np.testing.assert_array_equal(g, [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])


@pytest.mark.parametrize("f", [sum_of_row_maxima, sum_of_column_minima, mean_of_row_sums])
@pytest.mark.parametrize("shape", [(4, 5), (7, 3), (1, 6)])
def test_reductions_with_an_axis_against_finite_differences(f, shape) -> None:
    a = np.random.default_rng(7).standard_normal(shape)
    value, g = kiln.value_and_grad(f)(a.copy())
    assert value == pytest.approx(f(a.copy()), rel=1e-12)
    assert_close(g, fd_grad(f, (a,), 0), rtol=1e-6, atol=1e-8)
    _, tangent, _ = kiln.jvp(f)(a.copy(), tangents=(np.ones(shape),))
    assert tangent == pytest.approx(float(np.sum(g)), rel=1e-9)


def test_complex_intermediate_gives_the_right_gradient_not_zero() -> None:
    # z = x0 (1 + 2i): |z|^2 = 5 x0^2, so d/dx0 = 10 x0 (it was 0 in both modes, then refused)
    x = np.array([0.7, 0.2])
    np.testing.assert_allclose(kiln.grad(complex_intermediate)(x), [7.0, 0.0], rtol=1e-14)
    _, tangent, _ = kiln.jvp(complex_intermediate)(x, tangents=(np.array([1.0, 0.0]),))
    assert tangent == pytest.approx(7.0, rel=1e-14)


def test_forward_mode_through_a_state_rebound_in_a_loop() -> None:
    rng = np.random.default_rng(1)
    h0, w, dh = rng.standard_normal(8), rng.standard_normal(8), rng.standard_normal(8)
    value, tangent, _ = kiln.jvp(rebound_state)(h0, w, tangents=(dh, np.zeros(8)))
    eps = 1e-6
    fd = (rebound_state(h0 + eps * dh, w) - rebound_state(h0 - eps * dh, w)) / (2 * eps)
    assert np.isfinite(tangent)
    assert value == pytest.approx(rebound_state(h0, w), rel=1e-12)
    assert tangent == pytest.approx(fd, rel=1e-6)


def rebinds_its_condition(x):
    s = x[0]
    if s > 0.5:
        s = s * 2.0
    return s * x[1]


def rebinds_its_bound(x):
    n = 3
    acc = 0.0
    for i in range(n):
        n = 1
        acc += x[i] * x[i]
    return acc


@pytest.mark.parametrize(
    "f, x",
    [
        (rebinds_its_condition, np.array([0.7, 1.5])),
        (rebinds_its_condition, np.array([0.2, 1.5])),
        (rebinds_its_bound, np.array([1.0, 2.0, 3.0])),
    ],
)
def test_top_level_statement_whose_body_rebinds_its_header(f, x) -> None:
    # an if whose body overwrites its condition's variable, or a loop its bound's, at the top of
    # the function, used to leave a nested list in the body to differentiate (TypeError)
    value, grad = kiln.value_and_grad(f)(x.copy())
    assert_close(value, f(x.copy()))
    assert_close(grad, fd_grad(f, (x.copy(),), 0))
