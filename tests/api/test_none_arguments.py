"""``None`` arguments (and ``y=None`` defaults): a compile-time constant of the specialization,
so ``y is None`` folds; the compiled function still takes the argument."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


@kiln.jit
def plus_optional(x, y=None):
    return x if y is None else x + y


@kiln.jit
def fill_default(x, y=None):
    if y is None:
        y = np.zeros_like(x)
    return x * 2 + y


@kiln.jit
def is_none_flags(a, b=None, c=None):
    return a is None, b is None, c is not None


@kiln.jit
def returns_it(a):
    return a


@kiln.jit
def none_index(a, i):
    return a[i]


def helper(a, b=None):
    if b is None:
        b = 2
    return a * b


@kiln.jit
def calls_helper(x, z=None):
    return helper(x), helper(x, 3), helper(x, z)


@kiln.jit
def rebinds_under_condition(x, y=None):
    if x > 0:
        y = 1
    return y is None


@kiln.jit
def none_in_arithmetic(a, b):
    return a + b


def _same(got: object, want: object) -> None:
    assert type(got) is type(want), (got, want)
    if isinstance(want, np.ndarray):
        np.testing.assert_array_equal(got, want, strict=True)
    else:
        assert got == want


@pytest.mark.parametrize(
    "args, kwargs",
    [((3,), {}), ((3, 4), {}), ((3,), {"y": None}), ((3, None), {}), ((2.5,), {}), ((3, 1.5), {})],
)
def test_optional_scalar(args: tuple, kwargs: dict) -> None:
    _same(plus_optional(*args, **kwargs), plus_optional.py_func(*args, **kwargs))


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_optional_array(layout: str) -> None:
    x = np.arange(12.0).reshape(3, 4)
    x = {"C": x, "F": np.asfortranarray(x), "strided": x[:, ::2]}[layout]
    for f in (plus_optional, fill_default):
        _same(f(x), f.py_func(x))
        _same(f(x, np.ones(x.shape[-1], np.float32)), f.py_func(x, np.ones(x.shape[-1], np.float32)))
        _same(f(x, None), f.py_func(x, None))
    _same(fill_default(np.arange(3)), fill_default.py_func(np.arange(3)))


def test_each_none_pattern_is_its_own_specialization() -> None:
    f = is_none_flags
    for args in [(None,), (1,), (None, 2), (np.zeros(2), None, 3.0), (1, 2, None), (None, None, None)]:
        assert f(*args) == f.py_func(*args)


def test_none_passes_through_as_a_value() -> None:
    assert returns_it(None) is None
    a = np.arange(3)
    _same(none_index(a, None), a[None])  # a[None] adds an axis, as in NumPy


def test_none_into_inlined_helpers() -> None:
    assert calls_helper(5) == calls_helper.py_func(5) == (10, 15, 10)
    assert calls_helper(5, 4) == calls_helper.py_func(5, 4)


def test_reassigning_a_none_parameter_under_control_flow_is_unsupported() -> None:
    """``y`` would be None on some paths only: refused rather than answered wrongly."""
    with pytest.raises(kiln.UnsupportedError, match="'y' is None in this call"):
        rebinds_under_condition(1)
    assert rebinds_under_condition(1, 2) is rebinds_under_condition.py_func(1, 2)


def test_none_in_arithmetic_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        none_in_arithmetic.py_func(None, 1.0)
    with pytest.raises(TypeError, match="None"):
        none_in_arithmetic(None, 1.0)


def test_ir_round_trips_a_none_parameter() -> None:
    from kiln.frontend.python import lower_function
    from kiln.ir import interpreter, parser, printer, serialize
    from kiln.ir.types import NONE, PY_INT
    from kiln.ir.verifier import verify_function
    from kiln.options import Options

    fn = lower_function(plus_optional.py_func, (PY_INT, NONE), Options())
    text = printer.print_function(fn)
    assert "p_y: none" in text
    assert printer.print_function(parser.parse_function(text)) == text
    verify_function(parser.parse_function(text))
    assert serialize.function_from_json(serialize.function_to_json(fn)) == fn
    assert interpreter.run_function(fn, [3, None]) == 3
    assert "p_y" not in kiln.inspect(plus_optional, 3).split("==== c ====")[1]  # the C ignores it


def test_calls_leaving_out_defaults_dispatch_fast_and_stay_right() -> None:
    from kiln.api import NonNegative

    f = kiln.jit(plus_optional.py_func)
    assert f(3) == 3 and f(3, 4) == 7 and f(3) == 3
    assert len(f.signatures) == 2
    # the short call found its entry without binding the defaults (3 is a non-negative int)
    assert (NonNegative(int),) in f._entries
    assert f(2.5) == 2.5 and f(np.int32(2), None) == np.int32(2)


@kiln.jit
def raises_key_error(a):
    a[0] += 1
    raise KeyError("boom")


def test_an_exception_from_the_function_does_not_run_it_twice() -> None:
    a = np.zeros(2)
    for expected in (1.0, 2.0):  # the second call takes the dispatch fast path
        with pytest.raises(KeyError):
            raises_key_error(a)
        assert a[0] == expected
