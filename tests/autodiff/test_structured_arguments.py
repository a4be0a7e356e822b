"""Derivatives of functions whose arguments hold several values: dataclasses, NamedTuples,
dicts, tuples and lists (JAX's pytrees). The gradient of such an argument comes back in its
own shape: the same class with gradients in its fields, ``None`` where a field carries none.
Forward mode takes tangents in the same shape. Checked against central finite differences."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np
import pytest
from tests.autodiff.ad_support import assert_close

import kiln


@dataclasses.dataclass
class Layer:
    weight: np.ndarray
    bias: float
    repeats: int


@dataclasses.dataclass(frozen=True)
class Frozen:
    scale: float
    inner: Layer


class Pair(NamedTuple):
    offset: float
    gains: np.ndarray


def layer_loss(p, x):
    s = 0.0
    for i in range(p.repeats):
        s += np.sum(np.tanh(p.weight @ x + p.bias) ** 2) * (i + 1)
    return s


def nested_loss(f, x):
    return f.scale * layer_loss(f.inner, x)


def pair_loss(q, x):
    return np.sum((q.gains * x - q.offset) ** 2)


def tuple_loss(t, x):
    w, b = t
    return np.sum(np.sin(w * x) + b * x)


def dict_loss(d, x):
    return np.sum(d["w"] * x * x) + d["c"] * np.sum(x)


def list_loss(items, x):
    return np.sum(items[0] * x) * items[1] + items[2]


def _fd_leaf(f, args, get, put, eps=1e-6):
    """d f / d (the leaf ``get`` reads), by central differences; ``put(args, value)`` sets it."""
    leaf = get(args)
    if np.ndim(leaf) == 0:
        return (f(*put(args, leaf + eps)) - f(*put(args, leaf - eps))) / (2 * eps)
    out = np.zeros(np.shape(leaf))
    for idx in np.ndindex(np.shape(leaf)):
        up, down = np.array(leaf, float), np.array(leaf, float)
        up[idx] += eps
        down[idx] -= eps
        out[idx] = (f(*put(args, up)) - f(*put(args, down))) / (2 * eps)
    return out


X = np.array([0.3, -0.5, 0.8])
W = np.array([[0.1, 0.4, -0.3], [0.2, -0.1, 0.5]])


def test_dataclass_gradient_is_a_dataclass() -> None:
    p = Layer(W, 0.2, 2)
    value, g = kiln.value_and_grad(layer_loss)(p, X)
    assert value == pytest.approx(layer_loss(p, X), rel=1e-12)
    assert isinstance(g, Layer) and g.repeats is None
    fd_w = _fd_leaf(
        layer_loss, (p, X), lambda a: a[0].weight, lambda a, v: (dataclasses.replace(a[0], weight=v), a[1])
    )
    fd_b = _fd_leaf(
        layer_loss, (p, X), lambda a: a[0].bias, lambda a, v: (dataclasses.replace(a[0], bias=v), a[1])
    )
    assert_close(g.weight, fd_w)
    assert g.bias == pytest.approx(fd_b, rel=1e-6)


def test_nested_frozen_dataclass() -> None:
    f = Frozen(1.5, Layer(W, -0.1, 1))
    g = kiln.grad(nested_loss)(f, X)
    assert isinstance(g, Frozen) and isinstance(g.inner, Layer)
    assert g.scale == pytest.approx(layer_loss(f.inner, X), rel=1e-12)
    inner = kiln.grad(layer_loss)(f.inner, X)
    assert_close(g.inner.weight, 1.5 * inner.weight, rtol=1e-12)


def test_namedtuple_in_both_modes() -> None:
    q = Pair(0.3, np.array([1.0, 2.0, 3.0]))
    g = kiln.grad(pair_loss)(q, X)
    assert isinstance(g, Pair)
    assert g.offset == pytest.approx(float(-2 * np.sum(q.gains * X - q.offset)))
    assert_close(g.gains, 2 * (q.gains * X - q.offset) * X)
    _, tangent, _ = kiln.jvp(pair_loss)(q, X, tangents=(Pair(1.0, np.array([0.5, 0.0, -1.0])), None))
    assert tangent == pytest.approx(g.offset + float(g.gains @ np.array([0.5, 0.0, -1.0])), rel=1e-12)


@pytest.mark.parametrize(
    "f, arg, kind",
    [
        (tuple_loss, (np.array([0.5, 1.0, 2.0]), 0.7), tuple),
        (dict_loss, {"w": np.ones(3), "c": 0.5}, dict),
        (list_loss, [np.array([0.2, 0.1, -0.4]), 1.5, 0.25], list),
    ],
)
def test_tuples_dicts_and_lists(f, arg, kind) -> None:
    value, (g, gx) = kiln.value_and_grad(f, argnums=(0, 1))(arg, X)
    assert value == pytest.approx(f(arg, X), rel=1e-12)
    assert type(g) is kind
    keys = list(arg) if kind is dict else range(len(arg))
    for key in keys:

        def put(a, v, key=key):
            c = dict(a[0]) if kind is dict else list(a[0])
            c[key] = v
            return (c if kind is not tuple else tuple(c)), a[1]

        want = _fd_leaf(f, (arg, X), lambda a, key=key: a[0][key], put)
        assert_close(g[key], want)


def test_argument_without_a_differentiable_leaf_is_refused() -> None:
    with pytest.raises(TypeError, match="argument 0 .* cannot differentiate it"):
        kiln.grad(list_loss)([np.arange(3), 2, 1], X)
