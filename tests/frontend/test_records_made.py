"""NamedTuple and dataclass instances made in compiled code (positional and keyword fields,
defaults), their fields read there, passed to helpers, and returned: as the result, inside a
tuple, nested in another record, from several return statements; differential against
CPython; and what is refused with a located error."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


class Point(NamedTuple):
    x: float
    y: float = 0.0


@dataclasses.dataclass
class Stats:
    mean: float
    spread: float
    count: int = 0


@dataclasses.dataclass(frozen=True)
class Fit:
    coefficients: np.ndarray
    residual: float
    where: Point


def midpoint(a, b):
    return Point((a.x + b.x) / 2, y=(a.y + b.y) / 2)


def summary(v):
    s = Stats(v.mean(), v.std(), count=v.shape[0])
    return s


def both(v, n):
    p = Point(v[0])
    q = midpoint(p, Point(v[1], v[2]))
    return (q, Stats(spread=q.x * 2, mean=q.y)), n


def fitted(x, y):
    a = np.vstack((x, np.ones_like(x))).T
    coefficients = np.linalg.solve(a.T @ a, a.T @ y)
    residual = np.sum((a @ coefficients - y) ** 2)
    return Fit(coefficients, residual, Point(x[0], y[0]))


def branches(v, n):
    if n > 0:
        return Point(v[0], v[1])
    return Point(-1.0)


def _check(fn, *args):
    want = fn(*args)
    got = kiln.jit(fn)(*args)
    assert type(got) is type(want)
    _same(got, want)


def _same(got, want):
    assert type(got) is type(want) or (isinstance(want, float) and isinstance(got, float))
    if dataclasses.is_dataclass(want):
        for f in dataclasses.fields(want):
            _same(getattr(got, f.name), getattr(want, f.name))
    elif isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("n", [3, 0])
def test_records_made_and_returned(n):
    v = np.array([1.0, 4.0, -2.0, 0.5])
    _check(midpoint, Point(1.0, 2.0), Point(3.0, -1.0))
    _check(summary, v)
    _check(both, v, n)
    _check(branches, v, n)


def test_a_record_holding_an_array_and_a_record():
    rng = np.random.default_rng(0)
    x = rng.random(20)
    _check(fitted, x, 3.0 * x + 1.0 + rng.random(20) * 0.01)


def test_missing_and_unknown_fields_raise_pythons_errors():
    def missing(v):
        return Stats(v[0])

    def unknown(v):
        return Point(v[0], z=1.0)

    with pytest.raises(TypeError, match="spread"):
        kiln.jit(missing)(np.ones(2))
    with pytest.raises(TypeError, match="'z'"):
        kiln.jit(unknown)(np.ones(2))


def test_a_class_defined_in_a_function_is_refused():
    class Local(NamedTuple):
        a: float

    def make(v):
        return Local(v[0])

    with pytest.raises(UnsupportedError, match="defined inside a function"):
        kiln.jit(make)(np.ones(2))


def test_record_results_print_parse_and_interpret():
    """``records:`` in the IR's text form round-trips; the interpreter makes the records too."""
    from kiln.api import arg_type
    from kiln.frontend.python import lower_function
    from kiln.ir.interpreter import run_function
    from kiln.ir.parser import parse_function
    from kiln.ir.printer import print_function
    from kiln.options import Options

    v = np.array([1.0, 4.0, -2.0])
    fn = lower_function(both, (arg_type(v, 0), arg_type(3, 1)), Options())
    assert [path for path, _ in fn.record_results] == [(0, 0), (0, 1)]
    text = print_function(fn)
    parsed = parse_function(text)
    assert parsed.record_results == fn.record_results and print_function(parsed) == text
    _same(run_function(fn, [v, 3]), both(v, 3))


def test_a_returned_string_is_refused_clearly():
    def make(v):
        return v[0] + 1.0, "label"

    with pytest.raises(UnsupportedError, match="returning 'label'"):
        kiln.jit(make)(np.ones(2))
