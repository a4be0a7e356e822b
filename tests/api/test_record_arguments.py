"""NamedTuple and dataclass instances as arguments: fields read as attributes (specialized on
their types), methods and properties inlined, class constants folded; a NamedTuple is also a
tuple, a dataclass is not. Differential against CPython, and the refusals."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np
import pytest

import kiln


class Params(NamedTuple):
    alpha: float
    x: np.ndarray
    n: int = 3

    def scaled(self, k):
        return self.x * self.alpha * k


@dataclasses.dataclass
class Model:
    a: float
    b: np.ndarray
    mode: str = "fast"
    LIMIT = 10

    @property
    def total(self):
        return self.b.sum() * self.a

    def shifted(self, y):
        return y + self.a


@dataclasses.dataclass(frozen=True)
class Nested:
    inner: Params
    weights: tuple


def fields_of_named_tuple(p):
    return p.alpha * p.x + p.n


def named_tuple_as_tuple(p):
    a, x, n = p
    return p.scaled(2.0) + a + p[2] + len(p)


def dataclass_members(m):
    if m.mode == "fast":
        return m.total + m.shifted(1.0) + m.LIMIT
    return -1.0


def nested_records(r):
    return r.inner.scaled(1.0) * r.weights[0] + r.weights[1]


def write_field_array(m):
    m.b[0] = 7.0


X = np.arange(3.0)


@pytest.mark.parametrize(
    ("f", "arg"),
    [
        (fields_of_named_tuple, Params(2.0, X)),
        (fields_of_named_tuple, Params(np.float32(2.0), X.astype(np.float32), 1)),
        (named_tuple_as_tuple, Params(2.0, X, 4)),
        (dataclass_members, Model(1.5, X)),
        (dataclass_members, Model(2, X[::2], "slow")),
        (nested_records, Nested(Params(0.5, X), (2.0, 1))),
    ],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_against_python(f, arg):
    got, want = kiln.jit(f)(arg), f(arg)
    np.testing.assert_allclose(got, want)
    assert np.asarray(got).dtype == np.asarray(want).dtype


def test_arrays_in_fields_are_the_callers():
    m = Model(1.0, np.zeros(2))
    kiln.jit(write_field_array)(m)
    assert m.b.tolist() == [7.0, 0.0]


def test_specialized_on_field_types():
    f = kiln.jit(fields_of_named_tuple)
    f(Params(2.0, X))
    f(Params(3.0, X + 1))
    f(Params(2, X))
    assert len(f.signatures) == 2


def test_refusals_follow_python():
    def missing(m):
        return m.nothing

    def indexed(m):
        return m[0]

    with pytest.raises(kiln.TypingError, match="'Model' object has no attribute 'nothing'"):
        kiln.jit(missing)(Model(1.0, X))
    with pytest.raises(kiln.TypingError, match="not subscriptable"):
        kiln.jit(indexed)(Model(1.0, X))
    with pytest.raises(TypeError, match="argument 0 of type set"):
        kiln.jit(missing)(Model({1}, X))


def test_a_record_passed_in_comes_back_as_one():
    def returned(p, q):
        return p, (q, p.n)

    p, (q, n) = kiln.jit(returned)(Params(1.0, X), Params(2.0, X + 1, 5))
    assert type(p) is Params and type(q) is Params and (p.alpha, q.alpha, q.n, n) == (1.0, 2.0, 5, 3)
    np.testing.assert_array_equal(q.x, X + 1)
