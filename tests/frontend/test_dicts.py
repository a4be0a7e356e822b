"""Dicts with keys known when compiling, differential against CPython: a dict of parameters
passed in (specialized on its keys and value types, values of every kind: numbers, arrays,
strings, nested tuples), dict displays, ``d[k]``, ``d.get``, ``in``, ``len``, iteration and
``keys``/``values``/``items`` in insertion order, new values for existing keys in loops and
branches, new keys in straight-line code; and the forms refused with a located error."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


def _same(fn, *args):
    want = fn(*args)
    got = kiln.jit(fn)(*args)
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-14)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-14)


def scaled(x, params):
    return x * params["scale"] + params["shift"]


def with_modes(x, params):
    if params["mode"] == "square":
        return x * x * params["gain"]
    return x * params["gain"]


def with_array(params):
    return params["weights"] @ params["x"] + params["bias"]


def lookups(x, params):
    total = 0.0
    for key in params:
        total += params[key]
    extra = params.get("missing", 10.0) + params.get("scale", -1.0)
    return total, extra, len(params), "scale" in params, "zz" not in params


def pairs(params):
    keys_total, values_total = 0, 0.0
    for k, v in params.items():
        keys_total += len(k)
        values_total += v
    return keys_total, values_total, sum(v for v in params.values())


@pytest.mark.parametrize("x", [np.arange(4.0), np.arange(6.0).reshape(2, 3), 2.5])
def test_a_dict_of_parameters(x):
    params = {"scale": 2.0, "shift": -1}
    _same(scaled, x, params)
    _same(lookups, x, params)
    _same(pairs, {"a": 1.5, "bb": 2.0, "ccc": -4.0})


def test_string_values_and_arrays_in_a_dict():
    _same(with_modes, np.arange(3.0), {"mode": "square", "gain": 3})
    _same(with_modes, np.arange(3.0), {"mode": "linear", "gain": 3})
    rng = np.random.default_rng(0)
    _same(with_array, {"weights": rng.random((3, 4)), "x": rng.random(4), "bias": 0.5})


def test_specialized_on_keys_and_value_types():
    f = kiln.jit(scaled)
    np.testing.assert_array_equal(f(np.ones(2), {"scale": 2.0, "shift": 1.0}), [3.0, 3.0])
    np.testing.assert_array_equal(f(np.ones(2), {"scale": 2, "shift": 1, "other": 5}), [3.0, 3.0])
    np.testing.assert_array_equal(f(np.ones(2), {"shift": 1.0, "scale": 3.0}), [4.0, 4.0])


def built(n):
    d = {"count": 0, "total": 0.0, 3: 1.5}
    for i in range(n):
        d["count"] += 1
        if i % 2 == 0:
            d["total"] = d["total"] + i
    d["mean"] = d["total"] / max(d["count"], 1)
    keys = 0
    for _ in d:
        keys += 1
    return d["count"], d["total"], d["mean"], d[3], keys, len(d), d.get("nope", -1)


def repeated_key(n):
    d = {"a": 1, "b": 2, "a": n}  # noqa: F601 -- a later repeat replaces the value, in place
    return tuple(d.values()), d["a"]


@pytest.mark.parametrize("n", [0, 1, 7])
def test_dict_displays(n):
    _same(built, n)
    _same(repeated_key, n)


def writes_argument(params):
    params["scale"] = 1.0
    return 0


def key_in_branch(n):
    d = {"a": 1}
    if n > 0:
        d["b"] = 2
    return d["a"]


def run_time_key(n):
    d = {"a": 1}
    return d[str(n)]


def missing(n):
    d = {"a": 1}
    return d["b"]


def returns_dict(n):
    return {"a": n}


@pytest.mark.parametrize(
    "fn, arg, error, words",
    [
        (writes_argument, {"scale": 2.0}, UnsupportedError, "writing to a dict passed as an argument"),
        (key_in_branch, 1, UnsupportedError, "adding the key 'b' to a dict under control flow"),
        (run_time_key, 1, UnsupportedError, "not a constant"),
        (missing, 1, KeyError, "KeyError: 'b'"),
        (returns_dict, 1, UnsupportedError, "returning a dict"),
    ],
)
def test_refused_with_a_located_error(fn, arg, error, words):
    with pytest.raises(error, match="test_dicts.py:[0-9]+") as info:
        kiln.jit(fn)(arg)
    assert words in str(info.value)


def test_dicts_with_other_keys_are_refused_as_arguments():
    with pytest.raises(TypeError, match="keys are strings"):
        kiln.jit(scaled)(np.ones(2), {1: 2.0})
