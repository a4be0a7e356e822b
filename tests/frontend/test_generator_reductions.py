"""``sum``/``min``/``max``/``any``/``all`` of generator expressions and list comprehensions:
differential against CPython over dtypes, empty and one-element inputs, strided and Fortran
layouts, nested clauses, scoping, short-circuiting and Python's errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import kiln
from kiln.errors import TypingError, UnsupportedError


def sum_squares(a):
    return sum(x * x for x in a)


def sum_filtered(a):
    return sum(x for x in a if x > 1 if x < 4)


def sum_zip(a, b):
    return sum(x * y for x, y in zip(a, b))


def sum_enumerate_start(a):
    return sum((i * v for i, v in enumerate(a)), 10)


def sum_start_keyword(a):
    return sum((v for v in a), start=0.5)


def sum_rows(a):
    return sum(row.sum() for row in a)


def sum_nested(a):
    return sum(sum(y for y in row) for row in a)


def sum_pairs(a):
    return sum(a[i] * a[j] for i in range(len(a)) for j in range(i))


def sum_list(a):
    return sum([2 * x for x in a])


def sum_range(n):
    return sum(i * i for i in range(n))


def sum_tuple():
    return sum(c for c in (1.0, 2, 3))


def max_indexed(a):
    return max(a[i] for i in range(len(a)))


def min_plain(a):
    return min(x for x in a)


def max_default(a):
    return max((x for x in a), default=-1.0)


def min_list(a):
    return min([abs(x) for x in a])


def any_above(a):
    return any(x > 3 for x in a)


def all_sorted(a):
    return all(a[i] <= a[i + 1] for i in range(len(a) - 1))


def any_pair(a):
    return any(a[i] + a[j] == 0 for i in range(len(a)) for j in range(i))


def all_and_any(a):
    return all(x > 0 for x in a), any(x > 0 for x in a)


ONE_D = [sum_squares, sum_filtered, sum_enumerate_start, sum_start_keyword, sum_list, max_indexed]
ONE_D += [min_plain, max_default, min_list, any_above, all_sorted, any_pair, all_and_any]
DTYPES = [np.float64, np.float32, np.int64, np.int32]


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    if isinstance(want, float | np.floating) and math.isnan(want):
        assert math.isnan(got)
        return
    assert got == pytest.approx(want, rel=1e-6)
    assert isinstance(got, bool | np.bool_) == isinstance(want, bool | np.bool_)


def _outcome(f, *args):
    try:
        return f(*args)
    except ValueError as exc:
        return exc


def _check(f, *args):
    want, got = _outcome(f, *args), _outcome(kiln.jit(f), *args)
    if isinstance(want, ValueError):
        assert isinstance(got, ValueError) and str(got) == str(want)
    else:
        _same(got, want)


@pytest.mark.parametrize("f", ONE_D, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [0, 1, 2, 7])
def test_one_dimensional(f, dtype, n):
    a = (np.arange(n) * 7 % 5 - 1).astype(dtype)
    _check(f, a)


@pytest.mark.parametrize("f", ONE_D, ids=lambda f: f.__name__)
def test_strided_input(f):
    a = np.array([3.0, 9.0, -1.0, 9.0, 4.0, 9.0, 1.0, 9.0, 5.0])[::2]
    _check(f, a)


@pytest.mark.parametrize("f", [sum_rows, sum_nested], ids=lambda f: f.__name__)
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (3, 4)])
def test_rows(f, order, shape):
    a = np.asarray(np.arange(np.prod(shape), dtype=np.float64).reshape(shape), order=order)
    _check(f, a)


def test_zip_of_two_dtypes():
    _check(sum_zip, np.arange(5.0), np.arange(5, dtype=np.int32))
    _check(sum_zip, np.arange(5.0), np.arange(3.0))  # zip stops at the shorter


@pytest.mark.parametrize("n", [0, 1, 10])
def test_python_ints_stay_ints(n):
    got = kiln.jit(sum_range)(n)
    assert got == sum_range(n) and isinstance(got, int | np.integer)


def test_tuple_iterable():
    assert kiln.jit(sum_tuple)() == sum_tuple()


@pytest.mark.parametrize("f", [max_indexed, min_plain], ids=lambda f: f.__name__)
@pytest.mark.parametrize("values", [[np.nan, 1.0, 2.0], [1.0, np.nan, 2.0], [2.0, 2.0, -0.0, 0.0]])
def test_nan_and_ties_follow_python(f, values):
    _check(f, np.array(values))


def test_comprehension_names_are_their_own():
    def shadow(a):
        x = 5.0
        t = sum(x for x in a)
        return t + x

    _check(shadow, np.arange(4.0))


def test_inside_loops_and_helpers():
    def helper(v):
        return sum(e * e for e in v)

    def rows(a, b):
        out = np.empty(a.shape[0])
        for i in range(a.shape[0]):
            out[i] = sum(a[i, j] * b[j] for j in range(a.shape[1]))
        return out, helper(b) + helper(a[0])

    a, b = np.arange(12.0).reshape(3, 4), np.arange(4.0) - 1.5
    got, want = kiln.jit(rows)(a, b), rows(a, b)
    np.testing.assert_allclose(got[0], want[0])
    assert got[1] == pytest.approx(want[1])


def test_parallel_loop_body():
    def norms(a):
        out = np.empty(a.shape[0])
        for i in kiln.prange(a.shape[0]):
            out[i] = sum(a[i, j] * a[i, j] for j in range(a.shape[1]))
        return out

    a = np.random.default_rng(0).random((40, 5))
    np.testing.assert_allclose(kiln.jit(norms, parallel=True)(a), (a * a).sum(axis=1))


def test_any_stops_at_the_first_true_element():
    def first_positive(a):
        return any(a[i] > 0 for i in range(len(a) + 5))  # past the end only if nothing is > 0

    f = kiln.jit(first_positive, boundscheck=True)
    assert f(np.array([1.0, -1.0])) is True
    with pytest.raises(IndexError):
        f(np.array([-1.0, -1.0]))


def test_gradient_through_a_generator_sum():
    g = kiln.grad(lambda a: sum(x * x for x in a))
    np.testing.assert_allclose(g(np.arange(3.0)), [0.0, 2.0, 4.0])


def test_other_uses_are_refused_with_a_location():
    def as_list(a):
        return list(x for x in a)

    def keyed(a):
        return max((x for x in a), key=abs)

    def unknown_keyword(a):
        return sum((x for x in a), initial=1.0)

    with pytest.raises(
        UnsupportedError, match=r"reductions.py:\d+:\d+: a generator expression is only supported"
    ):
        kiln.jit(as_list)(np.ones(2))
    with pytest.raises(UnsupportedError, match="key="):
        kiln.jit(keyed)(np.ones(2))
    with pytest.raises(TypingError, match="unexpected keyword argument 'initial'"):
        kiln.jit(unknown_keyword)(np.ones(2))
