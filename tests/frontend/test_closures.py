"""``lambda`` and nested ``def`` inside compiled code: called directly, bound to names, passed to
other functions; free names read from the defining scope when called (late binding), defaults
evaluated at the definition. Differential against CPython, and the located refusals."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def twice(f, x):
    return f(f(x))


def apply_rows(f, a):
    out = np.empty(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = f(a[i])
    return out


def lambda_on_arrays(a):
    f = lambda x: x * 2 + 1  # noqa: E731 - lambdas are what is tested
    return f(a) + f(a[0])


def late_binding(a):
    k = 2.0
    f = lambda x: x * k  # noqa: E731
    k = 3.0
    return f(a)


def defaults_at_definition(a):
    k = 2.0

    def g(x, s=k, *, t=1.0):
        return x * s + t

    k = 5.0
    return g(a), g(a, 3.0), g(a, t=0.5), g(x=a, s=1.0), k


def nested_closures(a):
    def outer(x):
        def inner(y):
            return y + x

        return inner(x) * 2

    return outer(a[0]) + outer(a)


def in_a_loop(a):
    total = 0.0
    sq = lambda v: v * v  # noqa: E731
    for i in range(a.shape[0]):
        total += sq(a[i])
    return total


def passed_to_helpers(a):
    return twice(lambda v: v * 3 - 1, a), apply_rows(lambda r: r.sum(), a.reshape(2, -1))


def closure_writes_an_array(a, b):
    out = np.zeros_like(a)

    def put(i, v):
        out[i] = v + b[i]

    for i in range(a.shape[0]):
        put(i, a[i])
    return out


def own_locals(a):
    x = 1.0

    def g(y):
        x = y * 10  # local to g: the outer x stays 1.0
        return x

    return g(a[0]) + x


def early_return(a):
    def first_big(limit):
        for i in range(a.shape[0]):
            if a[i] > limit:
                return i
        return -1

    return first_big(2.5), first_big(100.0)


def integer_and_bool(n):
    is_even = lambda k: k % 2 == 0  # noqa: E731
    count = 0
    for k in range(n):
        if is_even(k):
            count += 1
    return count


CASES = [
    (lambda_on_arrays, lambda a: (a,)),
    (late_binding, lambda a: (a,)),
    (defaults_at_definition, lambda a: (a,)),
    (nested_closures, lambda a: (a,)),
    (in_a_loop, lambda a: (a,)),
    (passed_to_helpers, lambda a: (a,)),
    (closure_writes_an_array, lambda a: (a, a[::-1].copy())),
    (own_locals, lambda a: (a,)),
    (early_return, lambda a: (a,)),
]


def _same(got, want) -> None:
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12)
    assert np.asarray(got).dtype == np.asarray(want).dtype


@pytest.mark.parametrize(("fn", "make"), CASES, ids=[c[0].__name__ for c in CASES])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_matches_python(fn, make, dtype: str) -> None:
    a = np.arange(6).astype(dtype)
    _same(kiln.jit(fn)(*make(a)), fn(*make(a)))


@pytest.mark.parametrize("n", [0, 1, 7])
def test_scalar_closures(n: int) -> None:
    assert kiln.jit(integer_and_bool)(n) == integer_and_bool(n)


def recursive(a):
    def r(x):
        return r(x)

    return r(a)


def returned(a):
    return lambda x: x


def decorated(a):
    @staticmethod
    def g(x):
        return x

    return g(a)


def star_args(a):
    def g(*xs):
        return xs[0]

    return g(a)


def too_many(a):
    f = lambda x: x  # noqa: E731
    return f(a, a)


def missing(a):
    def g(x, y):
        return x + y

    return g(a)


def unknown_keyword(a):
    def g(x):
        return x

    return g(a, z=1)


@pytest.mark.parametrize(
    ("fn", "error", "message"),
    [
        (recursive, kiln.UnsupportedError, "recursive call to 'r'"),
        (returned, kiln.UnsupportedError, "returning"),
        (decorated, kiln.UnsupportedError, "decorators"),
        (star_args, kiln.UnsupportedError, r"\*args"),
        (too_many, TypeError, r"<lambda>\(\) takes 1 positional arguments but 2 were given"),
        (missing, TypeError, "g\\(\\) missing required argument: 'y'"),
        (unknown_keyword, TypeError, "unexpected keyword argument 'z'"),
    ],
)
def test_refusals_are_located(fn, error, message: str) -> None:
    with pytest.raises(error, match=message) as info:
        kiln.jit(fn)(np.ones(3))
    assert getattr(info.value, "loc", None) is not None and info.value.loc.line > 0
