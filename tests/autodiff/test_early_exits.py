"""Reverse mode through `while` loops, `break`, `continue` and early `return`s.

Each exit becomes a flag and guards (``autodiff/exits.py``); a `while` loop, or a loop an exit
leaves, counts the iterations that ran and the reverse sweep replays those. Data-dependent
trip counts are the point: the inputs are chosen so exits happen at different iterations,
and both sides of each exit are exercised. Checked against central finite differences in
both modes."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


def doubling_while(x):
    s = x[0]
    while s < 10.0:
        s = s * 2.0 + x[1] * 0.1
    return s


def newton_sqrt(a):
    # a while loop with a tolerance test: the iterations that ran depend on the data
    s = 0.0
    for i in range(a.shape[0]):
        y = a[i]
        err = 1.0
        while err > 1e-12:
            nxt = 0.5 * (y + a[i] / y)
            err = abs(nxt - y)
            y = nxt
        s += y * a[i]
    return s


def break_on_threshold(x):
    s = 0.0
    for i in range(x.shape[0]):
        if s > 2.0:
            break
        s += x[i] * x[i]
    return s


def break_in_the_middle(x):
    s = 0.0
    for i in range(x.shape[0]):
        t = np.sin(x[i])
        if t < -0.5:
            break
        s += t * x[i]
    return s


def continue_on_sign(x):
    s = 0.0
    for i in range(x.shape[0]):
        if x[i] < 0.0:
            continue
        s += np.exp(x[i]) * x[i]
    return s


def break_from_inner_loop(A):
    s = 0.0
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            if A[i, j] > 1.0:
                break
            s += A[i, j] * A[i, j] * (i + 1)
    return s


def while_with_taped_values(x):
    # the loop overwrites what its adjoints need, every iteration: tapes of unknown length
    y = x[0]
    n = 0
    while n < 3 + int(x.shape[0]):
        y = np.sin(y) + x[n % x.shape[0]]
        n += 1
    return y * y


def returns_early(x):
    for i in range(x.shape[0]):
        if x[i] > 0.9:
            return x[i] * 2.0
    return 0.0


def clip(v):
    if v > 0.5:
        return 0.5 + 0.1 * v
    return v * v


def returns_from_a_helper(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += clip(x[i])
    return s


def first_above(x, level):
    for i in range(x.shape[0]):
        if x[i] > level:
            return x[i] * x[i]
    return -1.0


def helper_with_loop_return(x):
    s = 0.0
    for k in range(2):
        s += first_above(x, 0.3 + 0.5 * k)
    return s


CASES = [
    (doubling_while, [np.array([1.5, 2.0]), np.array([0.3, -1.0])]),
    (newton_sqrt, [np.array([2.0, 9.0, 0.5])]),
    (break_on_threshold, [np.array([0.5, 1.2, 0.9, 2.0]), np.array([0.1, 0.2, 0.3, 0.4])]),
    (break_in_the_middle, [np.array([0.3, 1.0, -1.2, 0.5]), np.array([0.3, 1.0, 0.2])]),
    (continue_on_sign, [np.array([0.3, -1.0, 0.7, -0.2, 1.1])]),
    (break_from_inner_loop, [np.array([[0.5, 1.5, 0.2], [0.3, 0.1, 0.9], [2.0, 0.1, 0.1]])]),
    (while_with_taped_values, [np.array([0.3, -0.4, 0.8])]),
    (returns_early, [np.array([0.1, 0.95, 0.3]), np.array([0.1, 0.5, 0.3])]),
    (returns_from_a_helper, [np.array([0.2, 0.7, -0.4, 0.9])]),
    (helper_with_loop_return, [np.array([0.1, 0.4, 0.2, 0.95]), np.array([0.1, 0.2])]),
]


@pytest.mark.parametrize(
    "f, x", [(f, x) for f, xs in CASES for x in xs], ids=lambda v: getattr(v, "__name__", "")
)
def test_both_modes_against_finite_differences(f, x) -> None:
    value, g = kiln.value_and_grad(f)(x.copy())
    assert value == pytest.approx(f(x.copy()), rel=1e-12)
    assert_close(g, fd_grad(f, (x,), 0), rtol=1e-6, atol=1e-8)
    v = np.random.default_rng(5).standard_normal(x.shape)
    _, tangent, _ = kiln.jvp(f)(x.copy(), tangents=(v,))
    assert tangent == pytest.approx(float(np.sum(g * v)), rel=1e-8, abs=1e-10)


@pytest.mark.parametrize("f", [break_on_threshold, newton_sqrt, returns_from_a_helper])
def test_simple_recompute_and_differentiating_first_agree(f) -> None:
    x = dict(CASES)[f][0]
    want = kiln.grad(f)(x.copy())
    assert_close(kiln.grad(f, recompute="simple")(x.copy()), want, rtol=1e-12, atol=1e-14)
    assert_close(kiln.grad(f, optimize_first=False)(x.copy()), want, rtol=1e-12, atol=1e-14)


def returns_an_array_early(x):
    for i in range(x.shape[0]):
        if x[i] > 0.5:
            return x * 2.0
    return x


def test_an_array_returned_early_is_refused() -> None:
    with pytest.raises(kiln.UnsupportedError, match="return inside") as info:
        kiln.vjp(returns_an_array_early)(np.array([0.1, 0.7]), cotangent=np.ones(2))
    assert "test_early_exits.py:" in str(info.value)
