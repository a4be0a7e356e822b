"""Reductions with ``out=`` against NumPy: every kind, as functions and as methods, into outputs
of the same, wider, narrower and other-kind dtypes (the loop runs in the common dtype of the
operand and ``out``, the result is cast unsafely), along every axis, with ``keepdims``, over C,
F and strided operands and outputs; the output is written and returned; NumPy's errors."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)
KINDS = ("sum", "prod", "mean", "min", "max", "any", "all")


# the method form of each kind, as a function of the array and the output
METHODS = {
    "sum": lambda a, o: a.sum(axis=1, out=o),
    "prod": lambda a, o: a.prod(axis=1, out=o),
    "mean": lambda a, o: a.mean(axis=1, out=o),
    "min": lambda a, o: a.min(axis=1, out=o),
    "max": lambda a, o: a.max(axis=1, out=o),
    "any": lambda a, o: a.any(axis=1, out=o),
    "all": lambda a, o: a.all(axis=1, out=o),
}


def along(a, o0, o1, f, method):
    return f(a, axis=0, out=o0), method(a, o1)


def every_form(a, o0, o1, whole, kept, f, method):
    return (
        f(a, axis=0, out=o0),
        method(a, o1),
        f(a, out=whole),
        f(a, axis=1, keepdims=True, out=kept),
    )


def _operand(dtype, layout):
    base = (np.arange(12).reshape(3, 4) * 37 % 11 - 4) / 3
    if np.dtype(dtype).kind in "iub":
        base = np.round(base * 3)
    a = base.astype(dtype)
    return {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=1)[:, 1::2]}[layout]


def _run(f, a, outs, kind):
    mine = [o.copy() for o in outs]
    theirs = [o.copy() for o in outs]
    got = _jit(f)(a, *mine, getattr(np, kind), METHODS[kind])
    want = f(a, *theirs, getattr(np, kind), METHODS[kind])
    for g, w in zip(mine, theirs):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        assert isinstance(g, np.ndarray) and g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)


_DTYPES = [
    (np.float64, np.float64),
    (np.float64, np.int64),  # in float64, then cast
    (np.bool_, np.int64),
]
# the pairs where out= changes the dtype the loop runs in
_LOOP_DTYPES = [
    (np.float32, np.float64),  # the loop runs in float64
    (np.int8, np.int8),  # wraps around in int8
    (np.int32, np.float32),
]
_CASES = [(k, *d) for k in KINDS for d in _DTYPES]
_CASES += [(k, *d) for k in ("sum", "prod", "mean") for d in _LOOP_DTYPES]


@pytest.mark.parametrize(("kind", "dtype", "out_dtype"), _CASES)
def test_into_outputs_of_every_dtype(kind, dtype, out_dtype):
    a = _operand(dtype, "C")
    outs = [
        np.zeros(4, out_dtype),
        np.zeros(3, out_dtype),
        np.zeros((), out_dtype),
        np.zeros((3, 1), out_dtype),
    ]
    _run(every_form, a, outs, kind)


@pytest.mark.parametrize("kind", ["sum", "max", "mean"])
@pytest.mark.parametrize("layout", ["F", "strided"])
def test_layouts_of_operand_and_output(kind, layout):
    a = _operand(np.float64, layout)
    o0 = np.zeros((4, 2))[:, 1]  # a strided output
    o1 = np.asfortranarray(np.zeros((3, 1)))[:, 0]
    _run(along, a, [o0, o1], kind)


def test_the_output_is_written_in_place_and_returned():
    def f(a, o):
        r = a.sum(axis=0, out=o[1])
        r += 1.0
        return o

    a = np.ones((2, 3))
    np.testing.assert_array_equal(_jit(f)(a, np.zeros((2, 3))), f(a, np.zeros((2, 3))))


def test_errors_as_numpy():
    a = np.ones((2, 3))
    with pytest.raises(ValueError, match="wrong number of dimensions"):
        np.sum(a, axis=0, out=np.zeros((1, 3)))
    with pytest.raises(ValueError, match="wrong number of dimensions"):
        _jit(along)(a, np.zeros((1, 3)), np.zeros(2), np.sum, METHODS["sum"])
    with pytest.raises(ValueError):
        np.sum(a, axis=0, out=np.zeros(4))
    with pytest.raises(ValueError, match="wrong shape"):
        _jit(along)(a, np.zeros(4), np.zeros(2), np.sum, METHODS["sum"])
