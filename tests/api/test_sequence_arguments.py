"""Tuples and lists as arguments: typed item by item (nested, heterogeneous, with arrays, None,
strings and functions among the items), a specialization per structure; differential against
CPython, and the refusals."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def scale_shift(a, t):
    return a * t[0] + t[1]


def reshape_to(a, shape):
    n, m = shape
    return a.reshape(n, m).sum(axis=1)


def unpack_nested(a, t):
    x, (y, z) = t
    return a * x + y.sum() + z


def total_of_arrays(arrays):
    s = 0.0
    for x in arrays:
        s += x.sum()
    return s


def window(a, bounds):
    lo, hi = bounds
    return a[lo:hi]


def length(t):
    return len(t)


def apply_each(pair, x):
    f, mode = pair
    if mode == "twice":
        return f(f(x))
    return f(x)


def weighted(a, weights):
    return sum(w * a[i] for i, w in enumerate(weights))


def fill_first(arrays, value):
    arrays[0][:] = value


A = np.arange(6.0)


@pytest.mark.parametrize(
    ("f", "args"),
    [
        (scale_shift, (A, (2.0, 3))),
        (scale_shift, (A, [2.0, 3.0])),
        (scale_shift, (A.astype(np.int32), (np.int32(2), 1))),
        (scale_shift, (A.astype(np.float32), (np.float32(0.5), 1.5))),
        (reshape_to, (A, (2, 3))),
        (reshape_to, (A, [3, 2])),
        (unpack_nested, (A, (2, (A[::2], 1)))),
        (total_of_arrays, ((A, np.ones((2, 2)), np.arange(3, dtype=np.int64)),)),
        (total_of_arrays, ([A[:0]],)),
        (window, (A, (1, None))),
        (window, (A, (None, -2))),
        (window, (A, [2, 4])),
        (length, ((),)),
        (length, ([1, 2.0, True],)),
        (apply_each, ((np.sin, "twice"), 0.5)),
        (apply_each, ((abs, "once"), -2)),
        (weighted, (A, (0.5, 0.25, 1.0))),
        (weighted, (A[:1], [3])),
    ],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_against_python(f, args):
    got, want = kiln.jit(f)(*args), f(*args)
    np.testing.assert_allclose(got, want)
    assert np.asarray(got).dtype == np.asarray(want).dtype


def test_arrays_in_a_tuple_are_the_callers():
    a, b = np.zeros(3), np.zeros(2)
    kiln.jit(fill_first)((a, b), 4.0)
    assert (a == 4.0).all() and (b == 0.0).all()


def test_read_only_array_in_a_tuple_is_refused():
    a = np.zeros(3)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        kiln.jit(fill_first)((a,), 1.0)


def test_one_specialization_per_structure():
    f = kiln.jit(scale_shift)
    for t in [(2.0, 3), (2.0, 3.0), [2.0, 3], (2, 3), (2.0, 4)]:
        np.testing.assert_allclose(f(A, t), scale_shift(A, t))
    assert len(f.signatures) == 4  # (2.0, 4) reuses the signature of (2.0, 3)


def test_long_sequences_ask_for_an_array():
    with pytest.raises(TypeError, match="pass a NumPy array"):
        kiln.jit(length)(list(range(100)))


def test_unsupported_items_are_named():
    with pytest.raises(TypeError, match="argument 0 of type set"):
        kiln.jit(length)(({1},))


def scaled_sum(a, t):
    return (a * t[0]).sum()


def test_derivatives_take_tuple_arguments():
    # the gradient of a tuple argument is a tuple (tests/autodiff/test_structured_arguments.py)
    g = kiln.grad(scaled_sum, argnums=(0, 1))(A, (2.0,))
    np.testing.assert_allclose(g[0], np.full(A.shape, 2.0))
    assert g[1] == (pytest.approx(A.sum()),)


def test_lists_concatenate_and_return_as_lists():
    def concatenated(a, b):
        return a + b

    assert kiln.jit(concatenated)([1.0], [2.0, 3]) == [1.0, 2.0, 3.0]
    with pytest.raises(kiln.TypingError, match=r'can only concatenate list \(not "tuple"\) to list'):
        kiln.jit(concatenated)([1.0], (2.0,))
    assert kiln.jit(concatenated)((1.0,), (2.0, 3)) == (1.0, 2.0, 3)
