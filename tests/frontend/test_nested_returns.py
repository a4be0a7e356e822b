"""Returning nested tuples: the IR keeps its results flat and says how they group
(``Function.result_nesting``); the generated C, the interpreter, the printer and the parser
all follow it. Differential against CPython."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.ir.interpreter import run_function
from kiln.ir.parser import parse_function
from kiln.ir.printer import print_function
from kiln.ir.verifier import IRVerifyError, verify_function


def array_and_pair(a):
    return a, (a.sum(), 2)


def deep(a):
    return ((a[0],), (a * 2, (a.max(), (1.5,))))


def by_branch(a):
    if a[0] > 0:
        return a, (1, 2.0)
    return a * 2, (3, 4.5)


def pair_helper(a):
    return a.min(), (a.max(), a.sum())


def through_helper(a):
    lo, (hi, s) = pair_helper(a)
    return hi - lo + s, pair_helper(a[1:])


CASES = [array_and_pair, deep, by_branch, through_helper]


def _same(got, want):
    assert type(got) is type(want) or (np.isscalar(got) and np.isscalar(want))
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        np.testing.assert_allclose(got, want)


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("a", [np.arange(4.0), -np.arange(1.0, 3.0), np.arange(6, dtype=np.int32)[::2]])
def test_against_python(f, a):
    _same(kiln.jit(f)(a), f(a))


def _lowered(f, *args):
    jitted = kiln.jit(f)
    jitted(*args)
    (compiled,) = jitted._compiled.values()
    return compiled.lowered


def test_ir_prints_parses_and_interprets_the_grouping():
    a = np.arange(4.0)
    fn = _lowered(deep, a)
    assert fn.result_nesting == ((0,), (1, (2, (3,))))
    text = print_function(fn)
    assert text.splitlines()[0].endswith(
        "-> tuple((float64), (array[float64, 1d, C], (float64, (py_float64))))"
    )
    assert print_function(parse_function(text)) == text
    _same(run_function(fn, (a,)), deep(a))


def test_verifier_checks_the_grouping():
    fn = _lowered(array_and_pair, np.arange(3.0))
    import dataclasses

    with pytest.raises(IRVerifyError, match="result_nesting"):
        verify_function(dataclasses.replace(fn, result_nesting=(1, (0, 2))))


def test_derivatives_refuse_nested_results():
    def f(a):
        return a, (a.sum(), a)

    with pytest.raises(kiln.UnsupportedError, match="nested tuples"):
        kiln.jvp(f)(np.ones(2), tangents=(np.ones(2),))


def test_returns_of_another_grouping_are_refused():
    def mixed(a):
        if a[0] > 0:
            return a, (1, 2)
        return a, 1, 2

    with pytest.raises(kiln.UnsupportedError, match="same kind"):
        kiln.jit(mixed)(np.ones(2))
