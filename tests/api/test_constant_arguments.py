"""Functions and strings as arguments of a ``@kiln.jit`` function: each distinct function or
string gets its own specialization (as Numba does for functions), functions are inlined where
they are called, and comparisons of strings fold at compile time."""

from __future__ import annotations

import math

import numpy as np
import pytest

import kiln


def newton(f, df, x0, n):
    x = x0
    for _ in range(n):
        x = x - f(x) / df(x)
    return x


def square_minus_two(x):
    return x * x - 2.0


def twice_x(x):
    return 2.0 * x


def apply(g, a):
    return g(a)


def pad_value(a, mode):
    if mode == "edge":
        return a[0]
    elif mode in ("zero", "zeros"):
        return 0.0 * a[0]
    elif mode != "wrap":
        return -1.0
    return a[-1]


def with_default(a, mode="edge", scale=2.0):
    return pad_value(a, mode) * scale


@pytest.mark.parametrize("x0", [1.0, 3.0])
def test_functions_are_inlined_per_argument(x0: float) -> None:
    got = kiln.jit(newton)(square_minus_two, twice_x, x0, 8)
    assert got == newton(square_minus_two, twice_x, x0, 8)
    cube = kiln.jit(newton)(lambda x: x**3 - 8.0, lambda x: 3.0 * x**2, x0, 30)
    assert cube == pytest.approx(2.0, rel=1e-12)


@pytest.mark.parametrize(
    ("g", "arg"),
    [
        (np.sin, np.linspace(0, 3, 7)),
        (np.sqrt, np.arange(5.0)),
        (abs, -3),
        (math.cos, 0.5),
        (kiln.jit(twice_x), 4.0),
        (twice_x, np.arange(3, dtype=np.float32)),
    ],
)
def test_builtins_ufuncs_and_jit_functions(g, arg) -> None:
    got, want = kiln.jit(apply)(g, arg), apply(g, arg)
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert np.asarray(got).dtype == np.asarray(want).dtype


def test_each_function_and_string_has_its_own_specialization() -> None:
    jitted = kiln.jit(pad_value)
    a = np.array([3.0, 1.0, 7.0])
    for mode in ("edge", "zero", "zeros", "wrap", "other", "edge"):
        assert jitted(a, mode) == pad_value(a, mode)
    assert len(jitted._compiled) == 5
    applied = kiln.jit(apply)
    assert applied(np.sin, 0.0) == 0.0 and applied(np.cos, 0.0) == 1.0
    assert len(applied._compiled) == 2


def test_keywords_and_defaults() -> None:
    a = np.array([3.0, 1.0])
    jitted = kiln.jit(with_default)
    assert jitted(a) == with_default(a)
    assert jitted(a, mode="wrap") == with_default(a, mode="wrap")
    assert jitted(a, "zero", scale=3.0) == with_default(a, "zero", scale=3.0)


def string_in_arithmetic(a, mode):
    return a + mode


def test_strings_in_arithmetic_are_refused_with_a_location() -> None:
    with pytest.raises(TypeError, match="'edge' cannot be used in arithmetic") as info:
        kiln.jit(string_in_arithmetic)(np.ones(2), "edge")
    assert info.value.loc.line > 0


def test_other_objects_are_still_refused() -> None:
    with pytest.raises(TypeError, match="argument 1 of type set is not supported"):
        kiln.jit(apply)(np.sin, {1})
