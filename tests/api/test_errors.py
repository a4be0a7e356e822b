"""Bad input gets a clear, located error: never a crash, a hang or a wrong answer."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import kiln


@kiln.jit
def returns_a_set(a):
    return {x for x in range(3)}


@kiln.jit
def uses_input(a):
    input(a)
    return a


@kiln.jit
def uses_fancy_index(a, idx):
    return a[idx]


@kiln.jit
def recursive(n):
    if n <= 1:
        return 1
    return n * recursive(n - 1)


@kiln.jit
def changes_kind(a):
    x = 1.0
    if a.shape[0] > 1:
        x = a  # a scalar on one path, an array on the other: no single type at the merge
    return x


@kiln.jit
def reads_element(a, i):
    return a[i]


@kiln.jit(boundscheck=True)
def reads_element_checked(a, i):
    return a[i]


@kiln.jit(boundscheck=True)
def writes_2d_checked(a, i, j):
    a[i, j] = 1.0


@kiln.jit
def add(a, b):
    return a + b


def test_unsupported_construct_is_located() -> None:
    with pytest.raises(kiln.UnsupportedError) as info:
        returns_a_set(np.zeros(3))
    text = str(info.value)
    assert "SetComp" in text
    assert f"{__file__}:" in text
    assert "return {x for x in range(3)}" in text  # the source line is shown
    line = info.value.loc.line
    from pathlib import Path

    assert Path(__file__).read_text().splitlines()[line - 1].strip() == "return {x for x in range(3)}"


def test_unsupported_call_names_the_function() -> None:
    with pytest.raises(kiln.UnsupportedError, match="'input'"):
        uses_input(1.0)


def test_zero_d_index_array_is_unsupported_not_wrong() -> None:
    with pytest.raises(kiln.UnsupportedError, match="indexing"):
        uses_fancy_index(np.zeros(4), np.array(1))


def test_recursion_compiles() -> None:  # refused once; tests/frontend/test_recursion.py
    assert recursive(5) == 120


def test_variable_changing_kind_is_a_typing_error() -> None:
    with pytest.raises(kiln.TypingError, match="'x'"):
        changes_kind(np.zeros(2))


# None: test_none_arguments.py; strings and functions: test_constant_arguments.py
@pytest.mark.parametrize("bad", [b"bytes", {1, 2}, object(), [{1}]])
def test_unsupported_argument_types_raise_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="argument 0"):
        add(bad, 1.0)


def test_unsupported_dtype_raises_type_error() -> None:
    with pytest.raises(TypeError, match="float16"):
        add(np.zeros(3, dtype=np.float16), 1.0)


def test_wrong_argument_count() -> None:
    with pytest.raises(TypeError):
        add(1.0)
    with pytest.raises(TypeError):
        add(1.0, 2.0, 3.0)


def test_shape_mismatch_raises_value_error_like_numpy() -> None:
    with pytest.raises(ValueError):
        np.zeros(3) + np.zeros(4)
    with pytest.raises(ValueError, match="broadcast"):
        add(np.zeros(3), np.zeros(4))


def test_boundscheck_raises_index_error() -> None:
    a = np.arange(5.0)
    assert reads_element_checked(a, 4) == 4.0
    assert reads_element_checked(a, -5) == 0.0
    for bad in (5, -6, 1000):
        with pytest.raises(IndexError, match="out of bounds"):
            reads_element_checked(a, bad)


def test_boundscheck_2d_store() -> None:
    a = np.zeros((2, 3))
    writes_2d_checked(a, 1, -1)
    assert a[1, 2] == 1.0
    with pytest.raises(IndexError, match="axis 1"):
        writes_2d_checked(a, 0, 3)
    assert a.sum() == 1.0  # nothing written by the failing call


def test_negative_index_without_boundscheck_wraps() -> None:
    a = np.arange(5.0)
    assert reads_element(a, -1) == 4.0


def test_integer_argument_too_large_for_int64() -> None:
    with pytest.raises(OverflowError):
        add(2**70, 1)


def test_missing_compiler_gives_clear_message(tmp_path) -> None:
    script = textwrap.dedent(
        """
        import numpy as np, kiln
        @kiln.jit
        def f(x):
            return x + 1
        try:
            f(1.0)
        except kiln.ToolchainError as e:
            print("TOOLCHAIN:", e)
        """
    )
    path = tmp_path / "needs_cc.py"
    path.write_text(script)
    env = dict(os.environ, KILN_CC="/nonexistent/cc", KILN_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=120)
    assert "TOOLCHAIN:" in out.stdout, out.stderr
    assert "no C compiler" in out.stdout or "not found" in out.stdout


@kiln.jit
def row_sums(a):
    return a.sum(axis=1)


def test_layouts_with_the_same_flags_get_their_own_code() -> None:
    """Unit-inner-stride views and general strided views must not share a specialization."""
    x = np.arange(24.0).reshape(4, 6)
    for view in (x[:, 1:], x[:, ::2], x[:, 1:], x[::2, ::3], x.T[1:]):
        np.testing.assert_array_equal(row_sums(view), view.sum(axis=1))


@kiln.jit
def divmod_arrays(a, b):
    return a // b, a % b


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
def test_integer_division_edge_cases_do_not_trap(dtype) -> None:
    """MIN // -1 traps in C (SIGFPE); NumPy wraps, and x // 0 gives 0."""
    info = np.iinfo(dtype)
    a = np.array([info.min, info.min, -7, 7, 5, info.max], dtype=dtype)
    b = np.array([-1, 0, 2, -2, 0, -1], dtype=dtype)
    q, r = divmod_arrays(a, b)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(q, a // b)
        np.testing.assert_array_equal(r, a % b)


def test_lambdas_compile_and_unknown_sources_are_refused_with_a_location() -> None:
    square = kiln.jit(lambda x: x * x)  # noqa: E731 - the point of the test
    assert square(3.0) == 9.0
    pair = [kiln.jit(lambda x: x + 1), kiln.jit(lambda x: x - 1)]  # told apart by their columns
    assert pair[1](2) == 1 and pair[0](2) == 3
    scope: dict = {}
    exec("def made(x):\n    return x\n", scope)  # no file to read its source from
    with pytest.raises(kiln.UnsupportedError, match="source of 'made' is not available") as info:
        kiln.jit(scope["made"])(1.0)
    assert info.value.loc.line > 0
