"""Recursive functions, differential against CPython: self-recursion in the function compiled
and in helpers it calls, mutual recursion, result types found by a fixpoint (an int base case
under a float recursion), defaults, dtypes kept, prints in order, exceptions passed up,
Python's recursion limit; the IR (``Invoke`` of a separately compiled helper) verifies and the
interpreter agrees; what is refused says where and why."""

from __future__ import annotations

import contextlib
import dataclasses
import io
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.driver import compile_function
from kiln.errors import UnsupportedError
from kiln.frontend.python import lower_function
from kiln.ir import nodes as ir
from kiln.ir.interpreter import run_function
from kiln.ir.parser import parse_function
from kiln.ir.printer import print_function
from kiln.ir.verifier import verify_function
from kiln.ir.visit import iter_stmts
from kiln.options import Options


def _outcome(fn: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            result = fn(*args)
        kind, value = "returned", result
    except Exception as e:  # noqa: BLE001 -- the exception is what is compared
        kind, value = type(e).__name__, str(e)
    return kind, value, out.getvalue()


def same_as_python(fn: Any, *args: Any) -> Any:
    """``fn`` compiled and as Python: the same value and type (or exception and message), the
    same printed text."""
    want = _outcome(fn, args)
    got = _outcome(kiln.jit(fn), args)
    assert got[0] == want[0], (got, want)
    if want[0] == "returned":
        np.testing.assert_array_equal(np.asarray(got[1]), np.asarray(want[1]), strict=False)
        assert type(got[1]) is type(want[1]), (got[1], want[1])
    else:
        assert got[1] == want[1]
    assert got[2] == want[2]
    return got[1]


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def factorial(n):
    if n <= 1:
        return 1.0
    return n * factorial(n - 1)


def halvings(n):
    if n == 0:
        return 1  # an int base case; the recursion makes floats
    return 0.5 * halvings(n - 1)


def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def collatz(n, steps=0):
    if n == 1:
        return steps
    return collatz(n // 2 if n % 2 == 0 else 3 * n + 1, steps + 1)


def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


def power(x, n):
    if n == 0:
        return 1.0
    half = power(x, n // 2)
    return half * half * (x if n % 2 else 1.0)


def countdown(n):
    if n > 0:
        print("level", n)
        countdown(n - 1)
        print("back", n)


def descend(n):
    if n == 0:
        raise ValueError("reached the bottom")
    return descend(n - 1) + 1


def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


@pytest.mark.parametrize("n", [0, 1, 2, 7, 20])
def test_self_recursion(n):
    assert same_as_python(fib, n) == fib(n)


@pytest.mark.parametrize("n", [0, 1, 5, 20])
def test_float_result(n):
    same_as_python(factorial, n)


@pytest.mark.parametrize("n", [1, 4])
def test_result_type_settles_on_the_join_of_returns(n):
    same_as_python(halvings, n)  # for n == 0 Python returns 1 (an int), the compiled one 1.0 ...


def test_result_type_is_the_join_of_returns():
    # ... as a compiled function has one result type: Python's int 1 comes back as 1.0
    assert kiln.jit(halvings)(0) == 1.0
    assert kiln.jit(halvings)(3) == 0.125


def test_halvings_zero_is_float():
    assert isinstance(kiln.jit(halvings)(0), float)


@pytest.mark.parametrize("m, n", [(0, 0), (1, 2), (2, 3), (3, 3)])
def test_two_parameters_and_nested_calls(m, n):
    same_as_python(ackermann, m, n)


@pytest.mark.parametrize("n", [1, 6, 27])
def test_default_argument(n):
    same_as_python(collatz, n)


@pytest.mark.parametrize("n", [0, 1, 10, 11])
def test_mutual_recursion(n):
    same_as_python(is_even, n)


def test_recursive_helper_called_in_a_loop_keeps_dtypes():
    def lcm_all(x):
        r = x[0]
        for i in range(1, x.shape[0]):
            r = r * x[i] // gcd(r, x[i])
        return r

    for dtype in (np.int64, np.int32, np.uint16):
        x = np.array([4, 6, 10, 15], dtype=dtype)
        got = kiln.jit(lcm_all)(x)
        assert got == lcm_all(x) and type(got) is type(lcm_all(x))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_recursion_over_array_elements(dtype):
    def powers(a, n):
        out = np.empty_like(a)
        for i in range(a.shape[0]):
            out[i] = power(a[i], n)
        return out

    a = np.array([1.5, 2.0, 0.5, -3.0], dtype=dtype)
    np.testing.assert_array_equal(kiln.jit(powers)(a, 9), powers(a, 9))


def test_prints_in_order():
    same_as_python(countdown, 3)


def test_exception_passes_up_through_every_call():
    same_as_python(descend, 4)


def test_python_recursion_limit():
    assert kiln.jit(depth)(300) == 300
    with pytest.raises(RecursionError, match="maximum recursion depth exceeded in compiled 'depth'"):
        kiln.jit(depth)(10**6)


def test_in_a_parallel_loop_runs_serially():
    def gcds(a):
        out = np.empty(a.shape[0], dtype=np.int64)
        for i in kiln.prange(a.shape[0]):
            out[i] = gcd(a[i], 12)
        return out

    a = np.arange(40)
    np.testing.assert_array_equal(kiln.jit(parallel=True)(gcds)(a), gcds(a))


def total(a, i):
    if i < 0:
        return 0.0
    return a[i] + total(a, i - 1)


def halves_sum(a):
    n = a.shape[0]
    if n == 0:
        return 0.0
    if n == 1:
        return a[0] * 1.0
    return halves_sum(a[: n // 2]) + halves_sum(a[n // 2 :])


def quicksort(a, lo, hi):
    if lo >= hi:
        return
    p = a[(lo + hi) // 2]
    i, j = lo, hi
    while i <= j:
        while a[i] < p:
            i += 1
        while a[j] > p:
            j -= 1
        if i <= j:
            a[i], a[j] = a[j], a[i]
            i += 1
            j -= 1
    quicksort(a, lo, j)
    quicksort(a, i, hi)


def merge_sort(a):
    n = a.shape[0]
    if n <= 1:
        return
    left, right = a[: n // 2].copy(), a[n // 2 :].copy()
    merge_sort(left)
    merge_sort(right)
    i = j = 0
    for k in range(n):
        if j >= right.shape[0] or i < left.shape[0] and left[i] <= right[j]:
            a[k] = left[i]
            i += 1
        else:
            a[k] = right[j]
            j += 1


def fill_rows(b, r):
    if r < 0:
        return
    b[r, :] = r
    fill_rows(b, r - 1)


def _arrays(dtype: Any) -> list[np.ndarray]:
    base = np.random.default_rng(3).integers(-50, 50, 41).astype(dtype)
    return [base, base[::3], base[:0], base[:1], np.asfortranarray(base)]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int16])
def test_arrays_read_by_recursion(dtype):
    sum_all = lambda a: total(a, a.shape[0] - 1)  # noqa: E731 -- a lambda is what users pass
    for a in _arrays(dtype):
        assert kiln.jit(sum_all)(a) == sum_all(a)
        assert kiln.jit(halves_sum)(a) == halves_sum(a)


@pytest.mark.parametrize("dtype", [np.float64, np.int32])
@pytest.mark.parametrize(
    "sort", [lambda a: quicksort(a, 0, a.shape[0] - 1), merge_sort], ids=["quick", "merge"]
)
def test_arrays_sorted_in_place_by_recursion(dtype, sort):
    for a in _arrays(dtype):
        want, got = a.copy(), a.copy()
        sort(want)
        assert kiln.jit(sort)(got) is None
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(got, np.sort(a))
    base = np.arange(10.0)[::-1].astype(dtype)
    view = base[2:8]  # a view: the caller's own elements change
    kiln.jit(sort)(view)
    np.testing.assert_array_equal(base, np.r_[[9, 8], [2, 3, 4, 5, 6, 7], [1, 0]].astype(dtype))


def test_two_dimensional_rows_written_in_any_layout():
    fill = lambda b: fill_rows(b, b.shape[0] - 1)  # noqa: E731
    for b in (np.zeros((4, 3)), np.zeros((4, 3), order="F"), np.zeros((8, 6))[::2, ::2]):
        want = b.copy()
        fill(want)
        kiln.jit(fill)(b)
        np.testing.assert_array_equal(b, want)


def test_read_only_arrays_read_but_not_written():
    a = np.arange(6.0)
    a.flags.writeable = False
    assert kiln.jit(lambda a: total(a, a.shape[0] - 1))(a) == 15.0
    with pytest.raises(ValueError, match="read-only"):
        kiln.jit(lambda a: quicksort(a, 0, a.shape[0] - 1))(a)


def _lowered(fn: Any, *args: Any) -> ir.Function:
    return lower_function(fn, tuple(arg_type(a, k) for k, a in enumerate(args)), Options())


def test_ir_invokes_one_helper_per_signature_and_the_interpreter_agrees():
    lowered = _lowered(ackermann, 2, 3)
    verify_function(lowered)
    assert [h.name for h in lowered.helpers] == ["ackermann_1"]
    calls = [s for f in (lowered, *lowered.helpers) for s in iter_stmts(f.body) if isinstance(s, ir.Invoke)]
    assert calls and {s.func for s in calls} == {"ackermann_1"}
    assert run_function(lowered, [2, 3]) == ackermann(2, 3)
    optimized = compile_function(
        ackermann, (arg_type(2, 0), arg_type(3, 1)), Options(), build=False
    ).optimized
    verify_function(optimized)
    assert run_function(optimized, [2, 3]) == ackermann(2, 3)


@pytest.mark.parametrize("fn, args", [(fib, (10,)), (quicksort, (np.zeros(3), 0, 2))], ids=["fib", "sort"])
def test_ir_text_round_trips_with_helpers(fn, args):
    lowered = _lowered(fn, *args)
    text = print_function(lowered)
    assert "invoke" in text and f"func {fn.__name__}_1(" in text
    parsed = parse_function(text)
    assert [h.name for h in parsed.helpers] == [f"{fn.__name__}_1"]
    assert print_function(parsed) == text
    verify_function(parsed)


def test_interpreter_sorts_in_place():
    a = np.random.default_rng(0).random(30)
    lowered = _lowered(quicksort, a, 0, 29)
    got = a.copy()
    run_function(lowered, [got, 0, 29])
    np.testing.assert_array_equal(got, np.sort(a))


def test_verifier_refuses_a_call_of_no_helper():
    lowered = _lowered(fib, 10)
    with pytest.raises(Exception, match="no helper of the module"):
        verify_function(dataclasses.replace(lowered, helpers=()))


def _refused(fn: Any, *args: Any) -> str:
    with pytest.raises(UnsupportedError) as info:
        kiln.jit(fn)(*args)
    return str(info.value)


def test_refused_inside_try():
    def guarded(n):
        try:
            return descend(n)
        except ValueError:
            return -1

    message = _refused(guarded, 3)
    assert "a recursive call inside 'try'" in message and "return descend(n - 1) + 1" in message


def test_refused_with_a_string_argument():
    def repeat(mode, n):
        return 0 if n == 0 else repeat(mode, n - 1) + len(mode)

    message = _refused(repeat, "edge", 3)
    assert "for 'mode'" in message and "takes numbers and arrays" in message


def test_refused_returning_a_tuple():
    def pair(n):
        if n == 0:
            return 0, 1
        a, b = pair(n - 1)
        return b, a + b

    assert "returns one number or nothing" in _refused(pair, 5)


def test_refused_inner_function():
    def outer(n):
        def inner(k):
            return 0 if k == 0 else inner(k - 1)

        return inner(n)

    assert "define it at module level" in _refused(outer, 3)


def test_derivative_refused():
    def smooth(x, n):
        if n == 0:
            return x
        return smooth(x * 0.5, n - 1)

    with pytest.raises(UnsupportedError, match="derivatives of recursive functions"):
        kiln.grad(kiln.jit(smooth))(1.0, 3)


countdown_lambda = lambda n: 0 if n == 0 else 1 + countdown_lambda(n - 1)  # noqa: E731 -- as users write it


def test_lambda_bound_to_a_global_recurses():
    assert kiln.jit(countdown_lambda)(7) == 7
