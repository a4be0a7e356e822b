"""Module-level NumPy arrays (read-only constants baked in at compilation), helper functions
next to the kernel (tuples returned, defaults, keywords), and while-loops whose condition is
a reduction over an array. Differential against the plain Python function."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_support import arr, check

import kiln

WEIGHTS = np.array([0.5, -1.0, 2.0])
TABLE = np.arange(12, dtype=np.int32).reshape(3, 4)
FLAGS = np.array([True, False, True])
PHASES = np.array([1 + 2j, -0.5j])
LIMITS = (WEIGHTS, 3)
SPECIAL = np.array([np.nan, np.inf, -np.inf, -0.0, 1e-310])
ZERO_D = np.array(3.5)
EXTREMES = np.array([2**64 - 1, 0], dtype=np.uint64)
SINGLE = np.array([1 + 2j], dtype=np.complex64)
HUGE = np.zeros(100_000)
STRANGE = np.array(["a", "b"])


def weighted(x, w=WEIGHTS):
    return x * w


def stats(x, scale=1.0, shift=0):
    return x.sum() * scale + shift, x.max()


def nested(x):
    s, m = stats(x, shift=2)
    return weighted(x).sum() + s - m


@kiln.jit
def use_weights(a):
    return a * WEIGHTS + WEIGHTS[1]


@kiln.jit
def use_table(i):
    return TABLE[i].sum(), TABLE.T.copy(), FLAGS.copy(), PHASES * 2


@kiln.jit
def special_values(x):
    return SPECIAL * x, ZERO_D * x, EXTREMES[0], EXTREMES >> 1, SINGLE * 2


@kiln.jit
def table_in_a_loop(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * TABLE[i % 3, i % 4]
    return s


@kiln.jit
def tuple_with_array(a):
    w, n = LIMITS
    return a[:n] + w


@kiln.jit
def write_global(a):
    WEIGHTS[0] = a
    return a


@kiln.jit
def write_global_view(a):
    v = TABLE[1:]
    v += a
    return a


@kiln.jit
def use_huge(a):
    return HUGE[0] + a


@kiln.jit
def use_strange(a):
    return STRANGE[0]


@kiln.jit
def helpers(a):
    p = weighted(a)
    s, m = stats(a)
    t, _ = stats(a, 2.5)
    u, v = stats(shift=-1, x=a)
    return p, s, m, t, u, v, nested(a)


@kiln.jit
def drain(a):
    n = 0
    mask = a > 0
    while np.any(mask):
        a = a - 1
        mask = a > 0
        n += 1
    return n, a


@kiln.jit
def halve_until(r, tol):
    it = 0
    while np.sqrt(np.sum(r * r)) > tol:
        r = r * 0.5
        it += 1
    return it, r


@kiln.jit
def shrink_in_place(a, limit):
    while a.max() > limit and not np.all(a == 0):
        a[:] = a // 2
    return a


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_global_arrays(layout: str) -> None:
    check(use_weights, arr((4, 3), "float32", layout))
    check(use_table, 1)
    check(use_table, -1)
    check(table_in_a_loop, arr((5,), "int64", layout))
    check(tuple_with_array, arr((4,), "float64"))


def test_global_arrays_keep_every_value_and_dtype() -> None:
    check(special_values, 2.0)
    check(special_values, np.float32(-1.0))


def test_global_arrays_are_read_only() -> None:
    with pytest.raises(kiln.UnsupportedError, match="global NumPy array"):
        write_global(3.0)
    with pytest.raises(kiln.UnsupportedError, match="global NumPy array"):
        write_global_view(1)
    assert WEIGHTS[0] == 0.5 and TABLE[1, 0] == 4


def test_large_or_odd_global_arrays_are_unsupported() -> None:
    with pytest.raises(kiln.UnsupportedError, match="100000 elements"):
        use_huge(1.0)
    with pytest.raises(kiln.UnsupportedError, match="dtype <U1"):
        use_strange(1.0)


@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_helpers_with_tuples_defaults_and_keywords(dtype: str) -> None:
    check(helpers, arr((3,), dtype))


@pytest.mark.parametrize("dtype", ["float64", "int64", "float32"])
def test_while_on_reductions(dtype: str) -> None:
    check(drain, arr((5,), dtype))
    check(drain, arr((0,), dtype))
    check(halve_until, arr((4,), dtype).astype(np.float64) + 1, 0.01)
    check(shrink_in_place, np.abs(arr((2, 3), "int64")) * 7, 3)
