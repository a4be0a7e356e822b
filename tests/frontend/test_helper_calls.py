"""Calls to plain module-level Python functions (inlined by kiln), module-level constants,
calls to other ``@kiln.jit`` functions, recursion, and Python's evaluation order around
calls that modify their array arguments. Differential against the plain Python function."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scalar_support import check

import kiln

SCALE = 3
RATE = 0.5
PAIR = (2, 7)
MIXED = (1.5, 2, True)
BIG = 2**40
DEBUG = False


def scaled(x, y=1, z=2.0):
    return x + y * z


def divmod_pair(a, b):
    return a // b, a % b


def clamp_negatives(a, value):
    for i in range(a.shape[0]):
        if a[i] < 0:
            a[i] = value


def first_negative(a):
    for i in range(a.shape[0]):
        if a[i] < 0:
            return i
    return -1


def outer(x):
    return inner(x) + 1


def inner(x):
    return x * SCALE


def swap(a, i, j):
    t = a[i]
    a[i] = a[j]
    a[j] = t


def norm(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * a[i]
    return math.sqrt(s)


def bump(a):
    a[0] += 10
    return 1


def sign_of(x):
    if x > 0:
        return 1
    if x < 0:
        return -1
    return 0


@kiln.jit
def jitted_double_sum(a):
    return a.sum() * 2


@kiln.jit
def with_defaults_and_keywords(x):
    return scaled(x), scaled(x, 2), scaled(x, z=3), scaled(y=4, x=x), scaled(x, 1, 1)


@pytest.mark.parametrize("x", [2, -3, 2.5, np.float32(2.0), np.int32(-7)])
def test_defaults_and_keyword_arguments(x):
    check(with_defaults_and_keywords, x)


@kiln.jit
def with_tuple_results(a, b):
    q, r = divmod_pair(a, b)
    s, t = divmod_pair(b, 3)
    pair = divmod_pair(a, 4)
    return q * 10 + r, s, t, pair[0], pair[1]


@pytest.mark.parametrize("a, b", [(7, -2), (-9, 4), (np.int32(-9), np.int32(4)), (7.5, 2.0)])
def test_helpers_returning_tuples(a, b):
    check(with_tuple_results, a, b)


@kiln.jit
def modify_in_place(a):
    k = first_negative(a)
    clamp_negatives(a, 0.5)
    return k, first_negative(a)


@pytest.mark.parametrize(
    "a",
    [np.array([1.0, -2.0, 3.0, -4.0]), np.array([1.0, 2.0]), np.zeros(0), np.array([-1.0, 5.0, -3.0])[::2]],
)
def test_helpers_modifying_arrays_and_returning_early_from_loops(a):
    check(modify_in_place, a)


@kiln.jit
def helper_per_row(a):
    total = 0
    for i in range(a.shape[0]):
        k = first_negative(a[i])
        if k >= 0:
            total += k
    return total


@pytest.mark.parametrize("order", ["C", "F"])
def test_helper_with_early_return_called_in_a_loop(order):
    a = np.array([[1.0, -2.0, 3.0], [1.0, 2.0, 3.0], [-1.0, 0.0, 0.0]], order=order)
    check(helper_per_row, a)


@kiln.jit
def nested_helpers(x):
    return outer(x), outer(outer(x)), sign_of(x) * SCALE


@pytest.mark.parametrize("x", [2, -2, 0, 1.5])
def test_nested_helper_calls_and_constants(x):
    check(nested_helpers, x)


@kiln.jit
def module_constants(x):
    return SCALE * RATE, PAIR[1] - x, PAIR[0] + MIXED[0], MIXED[1] * x, MIXED[2], BIG + x, len(PAIR)


@pytest.mark.parametrize("x", [1, -4, 2.5])
def test_module_level_constants(x):
    check(module_constants, x)


@kiln.jit
def returns_constant_tuple():
    return PAIR


def test_returning_a_module_tuple():
    check(returns_constant_tuple)


@kiln.jit
def sort_by_swapping(a):
    for i in range(a.shape[0]):
        for j in range(a.shape[0] - 1 - i):
            if a[j] > a[j + 1]:
                swap(a, j, j + 1)
    return norm(a)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
def test_helpers_with_arrays_and_scalars(dtype):
    a = np.array([3, 1, 2, -5, 0, 7], dtype=dtype)
    check(sort_by_swapping, a, rtol=1e-6 if dtype == np.float32 else 0.0)
    check(sort_by_swapping, a[::-2].copy())


@kiln.jit
def calls_a_jitted_function(a):
    return jitted_double_sum(a) + 1, jitted_double_sum(a[1:])


@pytest.mark.parametrize("a", [np.arange(5.0), np.arange(6, dtype=np.int32)])
def test_calling_another_jitted_function(a):
    check(calls_a_jitted_function, a)


@kiln.jit
def helper_on_rows_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += norm(a[i])
    return s


def test_helper_on_views_of_rows():
    a = np.arange(12.0).reshape(3, 4)
    check(helper_on_rows_sum, a)
    check(helper_on_rows_sum, np.asfortranarray(a))
    check(helper_on_rows_sum, a.T)


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def ping(n):
    return pong(n - 1) if n > 0 else 0


def pong(n):
    return ping(n - 1) if n > 0 else 1


@kiln.jit
def uses_recursion(n):
    return factorial(n)


@kiln.jit
def uses_mutual_recursion(n):
    return ping(n)


@pytest.mark.parametrize("f", [uses_recursion, uses_mutual_recursion])
@pytest.mark.parametrize("n", [0, 1, 4, 7])
def test_recursive_helpers(f, n):  # more in test_recursion.py
    assert f(n) == f.py_func(n)


@kiln.jit
def too_many_arguments(x):
    return sign_of(x, 2)


def test_wrong_number_of_arguments_to_a_helper():
    with pytest.raises(TypeError, match="sign_of"):
        too_many_arguments(1)


@kiln.jit
def call_unsupported(x):
    return math.factorial(x)


def test_call_to_an_unsupported_function():
    with pytest.raises(kiln.UnsupportedError, match="factorial"):
        call_unsupported(4)


# ------------------------------------------------------------ evaluation order
@kiln.jit
def read_then_modify(a):
    t = (a[0], bump(a), a[0])
    return a[0] + bump(a), bump(a) + a[0], a[0] < bump(a) < a[0], t[0], t[2]


@kiln.jit
def augmented_read_then_modify(a):
    a[0] += bump(a)
    return a[0]


@kiln.jit
def array_expression_then_modify(a):
    b = a * 2 + bump(a)
    return b


@kiln.jit
def call_arguments_in_order(a):
    return scaled(a[0], bump(a), a[0])


@pytest.mark.parametrize(
    "f", [read_then_modify, augmented_read_then_modify, array_expression_then_modify, call_arguments_in_order]
)
def test_operands_are_evaluated_before_later_calls_modify_them(f):
    """Python evaluates ``a[0]`` before ``bump(a)`` changes it (and NumPy computes ``a * 2``
    before): kiln's lazily evaluated operands must not see the later store."""
    check(f, np.arange(3.0))
    check(f, np.arange(3))


@kiln.jit
def short_circuit_skips_calls(a, flag):
    r = flag and bump(a) > 0
    s = (not flag) or bump(a) > 0
    t = bump(a) if flag else 0
    return r, s, t, a[0]


@pytest.mark.parametrize("flag", [False, True])
def test_short_circuit_skips_helper_side_effects(flag):
    check(short_circuit_skips_calls, np.zeros(2), flag)


@kiln.jit
def chained_comparison_skips_calls(a, x):
    return 0 < x < bump(a), a[0]


@pytest.mark.parametrize("x", [-1, 1])
def test_chained_comparison_evaluates_lazily(x):
    check(chained_comparison_skips_calls, np.zeros(2), x)


@kiln.jit
def constant_short_circuit(a, x):
    r = DEBUG and bump(a) > 0
    s = (not DEBUG) and x
    t = DEBUG or x
    return r, s, t, a[0]


@pytest.mark.parametrize("x", [0, 2.5])
def test_short_circuit_decided_by_a_constant(x):
    check(constant_short_circuit, np.zeros(2), x)


def test_numpy_python_functions_are_not_inlined() -> None:
    @kiln.jit
    def rotate(a):
        return np.piecewise(a, [a > 0], [1.0])  # a Python function inside NumPy kiln lacks

    with pytest.raises(kiln.UnsupportedError, match="call to 'numpy.piecewise' is not supported"):
        rotate(np.ones(4))


def set_first_return_second(a):
    a[0] = 1.0
    return a[1]


def second_unless_first_big(a):
    if a[0] > 5:
        return 0.0
    return a[1]


@kiln.jit
def two_helpers(a):
    return set_first_return_second(a) + second_unless_first_big(a)


@pytest.mark.parametrize("a", [np.array([9.0, 2.0, 3.0]), np.array([-1.0, 4.0])])
def test_only_early_returns_leave_an_inlined_body_by_exit(a):
    # a return at the end of a helper leaves its block where the block ends anyway: one-region
    # loops (kiln.codegen.c_team_loop) take no loop with an exit in it
    ir_text = two_helpers.inspect(a).split("==== ir ====\n", 1)[1].split("\n==== ", 1)[0]
    assert ir_text.count("exit #") == 1 and "exit #" in ir_text.split("second_unless_first_big:", 1)[1]
    check(two_helpers, a)
