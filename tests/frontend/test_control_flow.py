"""Control flow: range loops (1/2/3 arguments, negative and large steps, empty ranges),
the loop variable after and inside the loop, while, if/elif/else, break, continue,
early returns from nested loops, and what functions return. Differential against the
plain Python function."""

from __future__ import annotations

import numpy as np
import pytest
from scalar_support import check

import kiln


@kiln.jit
def range_forms(n, a, b, c):
    s = 0
    for i in range(n):
        s = s * 3 + i
    t = 0
    for i in range(a, b):
        t = t * 3 + i
    u = 0
    for i in range(a, b, c):
        u = u * 7 + i
    v = 0
    for i in range(b, a, -2):
        v = v * 5 + i
    return s, t, u, v


@pytest.mark.parametrize(
    "n, a, b, c",
    [(5, 2, 9, 2), (0, 5, 2, 1), (3, 9, 2, -2), (3, 9, 2, -3), (1, -3, 4, 3), (4, 0, 10, 20), (2, -5, 5, 4)]
    + [(6, 10, 0, -3), (3, 7, -8, -5), (1, 5, 5, 1), (2, 0, 1, 10)],
)
def test_range_forms(n, a, b, c):
    check(range_forms, n, a, b, c)


def test_range_with_zero_step_raises():
    with pytest.raises(ValueError):
        range_forms(1, 0, 5, 0)


@kiln.jit
def range_numpy_bounds(n):
    s = 0
    for i in range(n):
        s += i
    return s, i


@pytest.mark.parametrize("n", [np.int32(4), np.int64(3), np.uint8(2), np.int16(1), True])
def test_range_of_numpy_integers(n):
    check(range_numpy_bounds, n)


@kiln.jit
def float_range(x):
    total = 0
    for i in range(x):
        total += i
    return total


def test_range_of_a_float_is_a_type_error():
    with pytest.raises(TypeError):
        float_range(2.5)


@kiln.jit
def loop_variable_after(n):
    i = -5
    for i in range(n):  # noqa: B007 - the loop variable is the point
        pass
    j = 100
    for j in range(n, 0, -1):  # noqa: B007
        pass
    return i, j


@pytest.mark.parametrize("n", [0, 1, 5])
def test_loop_variable_after_the_loop(n):
    """The last value, or the value before the loop when the range is empty."""
    check(loop_variable_after, n)


@kiln.jit
def loop_variable_modified(n):
    s = 0
    for i in range(n):
        s += i
        i = i * 10 + 1
        s += i
    k = 0
    for j in range(0, n, 2):
        j += 5
        k = k * 10 + j
    return s, k, i


@pytest.mark.parametrize("n", [1, 4, 7])
def test_assigning_the_loop_variable_does_not_change_the_iteration(n):
    check(loop_variable_modified, n)


@kiln.jit
def unbound_after_empty_loop(n):
    for i in range(n):  # noqa: B007
        pass
    return i


@pytest.mark.parametrize("n", [0, 3])
def test_loop_variable_of_empty_loop_is_unbound(n):
    """Python raises UnboundLocalError when the loop never ran; so does kiln."""
    check(unbound_after_empty_loop, n)
    if n == 0:
        with pytest.raises(UnboundLocalError):
            unbound_after_empty_loop(n)


@kiln.jit
def conditionally_assigned(x):
    if x > 0:
        y = x * 2
    return y


@pytest.mark.parametrize("x", [3, -3])
def test_conditionally_assigned_variable(x):
    check(conditionally_assigned, x)


@kiln.jit
def loop_carried_first_assigned_late(a):
    total = 0.0
    for i in range(a.shape[0]):
        if i > 0:
            total += a[i] - prev  # noqa: F821 - set by the previous iteration
        prev = a[i] * 2  # noqa: F841
    return total


@pytest.mark.parametrize("n", [2, 6])  # (n=1 keeps total a Python float: see test_scalar_loops)
def test_variable_read_before_its_assignment_in_the_loop_body(n):
    check(loop_carried_first_assigned_late, np.arange(float(n)) ** 2)


@kiln.jit
def nested_break_continue(n, m):
    s = 0
    for i in range(n):
        for j in range(i, m):
            if (i + j) % 3 == 0:
                continue
            if j > 7:
                break
            s = s * 2 + i * j
        if s > 10**9:
            break
    return s


@pytest.mark.parametrize("n, m", [(0, 3), (4, 10), (6, 3), (12, 12)])
def test_nested_loops_with_break_and_continue(n, m):
    check(nested_break_continue, n, m)


@kiln.jit
def collatz(x):
    steps = 0
    while x > 1:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        steps += 1
    return steps, x


@pytest.mark.parametrize("x", [1, 6, 27, 0, -4, np.int32(97)])
def test_while(x):
    check(collatz, x)


@kiln.jit
def while_true(n):
    i = 0
    s = 0
    while True:
        i += 1
        if i % 2:
            continue
        if i > n:
            break
        s += i
    return s, i


@pytest.mark.parametrize("n", [0, 5, 10])
def test_while_true_with_break_and_continue(n):
    check(while_true, n)


@kiln.jit
def while_with_guarded_read(a, x):
    i = 0
    while i < a.shape[0] and a[i] < x:
        i += 1
    return i


@kiln.jit(boundscheck=True)
def while_with_guarded_read_checked(a, x):
    i = 0
    while i < a.shape[0] and a[i] < x:
        i += 1
    return i


@pytest.mark.parametrize("x", [-1.0, 2.5, 10.0])
def test_while_condition_short_circuits(x):
    """``i < n and a[i] < x`` must not read ``a[n]`` (boundscheck would raise)."""
    check(while_with_guarded_read, np.arange(5.0), x)
    check(while_with_guarded_read_checked, np.arange(5.0), x)


@kiln.jit
def classify(x):
    if x < 0:
        r = -1
    elif x == 0:
        r = 0
    elif x < 10:
        r = 1
    else:
        r = 2
    return r


@pytest.mark.parametrize("x", [-5, 0, 3, 10, 2.5, -0.0, np.int32(11), np.float32(-0.5)])
def test_if_elif_else(x):
    check(classify, x)


@kiln.jit
def first_negative(a):
    n, m = a.shape
    for i in range(n):
        for j in range(m):
            if a[i, j] < 0:
                return i, j
    return -1, -1


@pytest.mark.parametrize(
    "a",
    [
        np.array([[1.0, 2.0], [3.0, -4.0]]),
        np.ones((2, 3)),
        np.ones((0, 3)),
        np.asfortranarray(np.array([[1.0, -2.0], [-3.0, -4.0]])),
        np.array([[1, 2, -3], [4, 5, 6]], dtype=np.int32)[:, ::-1],
    ],
)
def test_early_return_from_nested_loops(a):
    check(first_negative, a)


@kiln.jit
def several_returns(x):
    if x > 10:
        return 3.5
    for i in range(5):
        if i * x > 6:
            return float(i)
    while x < 0:
        x += 4
        if x == 1:
            return -1.0
    return 0.25 * x


@pytest.mark.parametrize("x", [11, 3, 1, -3, -7, 0])
def test_several_return_statements(x):
    check(several_returns, x)


@kiln.jit
def returns_array_or_view(a, flag):
    if flag:
        return a
    return a * 2


def test_returning_an_argument_or_a_new_array():
    a = np.arange(4.0)
    assert returns_array_or_view(a, True) is a
    check(returns_array_or_view, a, True)
    check(returns_array_or_view, a, False)


@kiln.jit
def returns_none(a):
    a[0] = 7.0
    if a[1] > 0:
        return
    a[1] = 1.0


@kiln.jit
def returns_none_implicitly(a):
    a[0] = 5.0


@pytest.mark.parametrize("a", [np.array([0.0, 1.0]), np.array([0.0, -1.0])])
def test_returning_none(a):
    check(returns_none, a)
    check(returns_none_implicitly, a)


@kiln.jit
def returns_tuple(a, x):
    if x > 0:
        return a[0], x, a
    return a[1], -x, a[::-1]


@pytest.mark.parametrize("x", [1, -1])
def test_returning_tuples(x):
    check(returns_tuple, np.array([1.5, 2.5, 3.5]), x)


@kiln.jit
def returns_value_on_some_paths(x):
    if x > 0:
        return x


def test_falling_off_the_end_after_returning_a_value_elsewhere():
    """Python returns None; kiln's result has one type, so it raises instead."""
    assert returns_value_on_some_paths(3) == 3
    with pytest.raises(RuntimeError, match="without returning"):
        returns_value_on_some_paths(-3)


@kiln.jit
def returns_different_kinds(x):
    if x > 0:
        return x
    return x, x


def test_returns_of_different_kinds_are_unsupported():
    with pytest.raises(kiln.UnsupportedError, match="same kind"):
        returns_different_kinds(1)


@kiln.jit
def returns_nested_tuple(x):
    return x, (x, x)


def test_returning_a_nested_tuple():
    assert returns_nested_tuple(1) == (1, (1, 1))  # more in test_nested_returns.py


@kiln.jit
def loop_else(n):
    for _ in range(n):
        pass
    else:
        n = 0
    return n


def test_for_else_is_unsupported():
    with pytest.raises(kiln.UnsupportedError, match="for ... else"):
        loop_else(3)


@kiln.jit
def loop_over_scalar(a):
    s = 0.0
    for x in a:
        s += x
    return s


def test_iterating_a_scalar_is_a_type_error():
    with pytest.raises(kiln.TypingError, match="not iterable"):
        loop_over_scalar(3.0)


@kiln.jit
def pass_and_docstring(x):
    """A docstring is not code."""
    if x:
        pass
    else:
        x = 2
    return x


@pytest.mark.parametrize("x", [0, 1])
def test_pass_and_docstrings(x):
    check(pass_and_docstring, x)


@kiln.jit
def assert_positive(x):
    assert x > 0, "x must be positive"
    return x


def test_assert():
    check(assert_positive, 3)
    with pytest.raises(AssertionError, match="x must be positive"):
        assert_positive(-3)


@kiln.jit
def raise_value_error(x):
    if x < 0:
        raise ValueError("negative input")
    return x + 1


def test_raise():
    check(raise_value_error, 3)
    with pytest.raises(ValueError, match="negative input"):
        raise_value_error(-1)
