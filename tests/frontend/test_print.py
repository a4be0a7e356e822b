"""``print``, f-strings and ``str(x)`` in compiled code: output byte for byte as CPython prints
the same values (NumPy scalars and arrays as NumPy formats them, lists built in compiled code
as Python lists), in order with Python's own prints, also from loops the optimizer transforms.
A string bound to a name says what it said when it was made. The IR form round-trips and the
interpreter agrees."""

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
    def to_stderr(a):
        print(a[0], file=sys.stderr)

    def bad_keyword(a):
        print(a[0], color="red")

    with pytest.raises(kiln.UnsupportedError, match="file=...") as info:
        kiln.jit(to_stderr)(np.zeros(2))
    assert "test_print.py" in str(info.value)
    with pytest.raises(kiln.TypingError, match="'color' is an invalid keyword argument"):
        kiln.jit(bad_keyword)(np.zeros(2))


def whole_arrays(a):
    print(a)
    print(a, a * 2, a[::-1], sep=" | ")
    print(f"a={a} r={a!r}", str(a[:1]))
    print("sum of", a, "is", a.sum())


def rows(m):
    for i in range(m.shape[0]):
        print(i, m[i])
    print(m.T)


def text_bound_before_changes(a, x):
    s = f"{x} {a[0]} {a}"
    t = "a: " + str(a)
    x = x + 1
    a[0] = 7
    print(s)
    print(t, x)
    print(a)


def lists_printed(n, x):
    floats = [0.5 * k for k in range(n)]
    ints = []
    for k in range(n):
        ints.append(k * k)
    flags = [k % 2 == 0 for k in range(n)]
    scalars = [x, x * 2]
    print(floats, ints, flags)
    print(f"{scalars}", [])


ARRAYS = {
    "float64": np.array([0.5, -2.25, 1e10, np.nan]),
    "float32": np.array([1.5, 0.1], dtype=np.float32),
    "int16": np.array([[1, -2, 3], [4, 5, 600]], dtype=np.int16),
    "bool": np.array([True, False, True]),
    "complex": np.array([1 + 2j, -0.5j]),
    "empty": np.zeros(0),
    "one": np.ones(1),
    "fortran": np.asfortranarray(np.arange(6.0).reshape(2, 3)),
    "strided": np.arange(20.0)[::3],
    "long": np.arange(2000.0),
}


@pytest.mark.parametrize("name", ARRAYS)
def test_arrays_as_numpy_prints_them(capsys, name):
    _same_output(capsys, whole_arrays, ARRAYS[name])


@pytest.mark.parametrize(
    "m", [np.arange(6.0).reshape(2, 3), np.zeros((0, 2)), np.ones((3, 1), dtype=np.int8)]
)
def test_rows_and_transposes(capsys, m):
    _same_output(capsys, rows, m)


@pytest.mark.parametrize("dtype", [np.float64, np.int32])
def test_a_string_says_what_it_said_when_made(capsys, dtype):
    a, b = np.array([1, 2, 3], dtype=dtype), np.array([1, 2, 3], dtype=dtype)
    want = text_bound_before_changes(a, 1.5)
    expected = capsys.readouterr().out
    assert expected.splitlines()[0] in ("1.5 1 [1 2 3]", "1.5 1.0 [1. 2. 3.]")
    assert kiln.jit(text_bound_before_changes)(b, 1.5) == want
    assert capsys.readouterr().out == expected
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_lists_as_python_prints_them(capsys, n):
    _same_output(capsys, lists_printed, n, np.float32(0.25))
    _same_output(capsys, lists_printed, n, 2)


def test_array_format_spec_raises_as_python(capsys):
    def spec(a):
        print(f"{a:.2f}")

    with pytest.raises(TypeError) as want:
        spec(np.zeros(2))
    with pytest.raises(TypeError) as got:
        kiln.jit(spec)(np.zeros(2))
    assert str(got.value) == str(want.value)


def test_print_options_of_numpy_apply(capsys):
    a = np.array([1 / 3, 2 / 3])
    with np.printoptions(precision=3):
        _same_output(capsys, whole_arrays, a)


def test_array_print_ir_round_trip_and_interpreter(capsys):
    a = np.arange(4.0)
    jitted = kiln.jit(whole_arrays)
    jitted(a)
    expected = capsys.readouterr().out
    (compiled,) = jitted._compiled.values()
    text = print_function(compiled.lowered)
    assert "array(" in text
    assert print_function(parse_function(text)) == text
    run_function(compiled.lowered, (a,))
    assert capsys.readouterr().out == expected
    run_function(compiled.optimized, (a,))
    assert capsys.readouterr().out == expected
