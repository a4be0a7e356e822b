"""``print``, f-strings and ``str(x)`` in compiled code: output byte for byte as CPython prints
the same values (NumPy scalars as NumPy formats them), in order with Python's own prints, also
from loops the optimizer transforms. The IR form round-trips and the interpreter agrees."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import kiln
from kiln.ir.interpreter import run_function
from kiln.ir.parser import parse_function
from kiln.ir.printer import print_function


def scalars_of_each_kind(a, n, x):
    print(a[0], n, x, a[0] > 0, n == 2, None, "text")
    print(a[1], a[2] + a[2], a[0] * 0, -0.0 * x)


def formatted(a, n):
    for i in range(n):
        print(f"{i:>3}|{a[i]:.3f}|{a[i]!r}|{a[i]:e}|{i * 1000:,}|{a[i] > 1}")


def separators(a):
    print("x", a[0], sep="", end="")
    print(" and", a[1], sep=", ", end=";\n", flush=True)
    print()
    print("to stdout", file=sys.stdout)


def containers(a, n):
    print((n, a[0]), (n,), [a[0], 2.5], ())


def text_values(a, n):
    label = "n=" + str(n)
    print(label + " first " + str(a[0]), f"{label}!")


def loops_and_arrays(a, b):
    for i in range(a.shape[0]):
        a[i] = i * 2.0
        print("a", i, a[i])
    for i in range(b.shape[0]):
        b[i] = a[i] + 1.0
        print("b", i, b[i])
    total = 0.0
    for i in range(b.shape[0]):
        total += b[i]
    print("total", total)
    return total


def helper(v):
    print("helper sees", v)
    return v * 2


def through_helpers(a):
    return helper(a[0]) + helper(a[1])


DTYPES = [np.float64, np.float32, np.int64, np.int32, np.uint8, np.bool_, np.complex128]


def _same_output(capsys, f, *args):
    want = f(*args)
    expected = capsys.readouterr().out
    got = kiln.jit(f)(*args)
    assert capsys.readouterr().out == expected
    return got, want


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_scalars_of_each_dtype(capsys, dtype):
    a = np.array([1.5, -0.25, 3.0]).astype(dtype)
    _same_output(capsys, scalars_of_each_kind, a, 2, 0.1)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_format_specs(capsys, dtype):
    _same_output(capsys, formatted, np.array([0.1, 1.25, np.nan, -np.inf], dtype=dtype), 4)


@pytest.mark.parametrize(
    "f", [separators, containers, text_values, through_helpers], ids=lambda f: f.__name__
)
def test_print_forms(capsys, f):
    args = (np.array([0.5, 2.0]),) if f in (separators, through_helpers) else (np.array([0.5, 2.0]), 3)
    got, want = _same_output(capsys, f, *args)
    assert got == want


def test_prints_keep_their_order_through_the_optimizer(capsys):
    got, want = _same_output(capsys, loops_and_arrays, np.zeros(3), np.zeros(3))
    assert got == want


def test_a_parallel_loop_that_prints_runs_in_order(capsys):
    def fill(a):
        for i in kiln.prange(a.shape[0]):
            a[i] = i
            print("i", i)
        return a

    expected = "".join(f"i {i}\n" for i in range(50))
    np.testing.assert_array_equal(kiln.jit(fill, parallel=True)(np.zeros(50)), np.arange(50.0))
    assert capsys.readouterr().out == expected


def test_interleaves_with_python_prints(capsys):
    f = kiln.jit(through_helpers)
    print("before")
    f(np.array([1.0, 2.0]))
    print("after")
    assert capsys.readouterr().out == "before\nhelper sees 1.0\nhelper sees 2.0\nafter\n"


def test_gradient_of_a_function_that_prints(capsys):
    def loss(a):
        s = 0.0
        for i in range(a.shape[0]):
            s += a[i] * a[i]
        print("loss", s)
        return s

    np.testing.assert_allclose(kiln.grad(loss)(np.arange(3.0)), [0.0, 2.0, 4.0])
    assert capsys.readouterr().out == "loss 5.0\n"


def test_ir_round_trip_and_interpreter(capsys):
    a = np.array([0.5, 2.0])
    jitted = kiln.jit(formatted)
    jitted(a, 2)
    expected = capsys.readouterr().out
    (compiled,) = jitted._compiled.values()
    text = print_function(compiled.lowered)
    assert "print #" in text
    assert print_function(parse_function(text)) == text
    run_function(compiled.lowered, (a, 2))
    assert capsys.readouterr().out == expected


def test_refusals_are_located():
    def whole_array(a):
        print(a)

    def to_stderr(a):
        print(a[0], file=sys.stderr)

    def bad_keyword(a):
        print(a[0], color="red")

    with pytest.raises(kiln.UnsupportedError, match="printing or formatting an array"):
        kiln.jit(whole_array)(np.zeros(2))
    with pytest.raises(kiln.UnsupportedError, match="file=...") as info:
        kiln.jit(to_stderr)(np.zeros(2))
    assert "test_print.py" in str(info.value)
    with pytest.raises(kiln.TypingError, match="'color' is an invalid keyword argument"):
        kiln.jit(bad_keyword)(np.zeros(2))
