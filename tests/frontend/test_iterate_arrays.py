"""``for`` loops over arrays (first axis: elements of a 1-d array, row views of an n-d one),
``enumerate``, ``zip`` and tuples. Differential against the plain Python function."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_support import arr, check

import kiln

DTYPES = ["float64", "float32", "int64", "int32", "uint8", "bool", "complex128"]
LAYOUTS = ["C", "F", "T", "strided", "reversed"]


@kiln.jit
def sum_elements(a):
    s = a.dtype.type(0)
    for x in a:
        s = s + x
    return s


@kiln.jit
def last_element(a):
    last = a.dtype.type(0)
    for x in a:
        last = x
    return last


@kiln.jit
def row_sums(a):
    out = np.zeros(a.shape[1:], dtype=a.dtype)
    for row in a:
        out += row
    return out


@kiln.jit
def zero_rows(a):
    for row in a:
        row[0] = 0
    return a


@kiln.jit
def enumerate_weights(a):
    s = np.float64(0.0)  # a typed start: the result's type does not depend on the trip count
    for i, x in enumerate(a):
        s += i * x
    return s


@kiln.jit
def enumerate_from(a, start):
    s = 0
    for i, _x in enumerate(a, start):
        s += i
    return s


@kiln.jit
def enumerate_keyword(a):
    t = np.float32(0)
    for k, row in enumerate(a, start=-2):
        t += k * row.sum()
    return t


@kiln.jit
def zip_arrays(a, b):
    s = np.float64(0.0)
    for x, y in zip(a, b):
        s += x * y
    return s


@kiln.jit
def zip_with_range(a, start, stop, step):
    s = np.int64(0)
    for x, k in zip(a, range(start, stop, step)):
        s += x * k
    return s


@kiln.jit
def zip_three(a, b, c):
    s = 0.0
    for x, (y, z) in zip(a, zip(b, c)):
        s += x + 2 * y + 3 * z
    return s


@kiln.jit
def iterate_expression(a):
    s = 0.0
    for x in a * 2 + 1:
        s += x
    return s


@kiln.jit
def rebind_inside(a):
    s = 0.0
    for x in a:
        a = a * 0.0
        s += x
    return s, a


@kiln.jit
def break_and_continue(a):
    n = 0
    for x in a:
        if x < 0:
            continue
        if x > 5:
            break
        n += 1
    return n


@kiln.jit
def over_tuple(a):
    s = 0.0
    for v in (1, 2.5, a.sum(), True):
        s += v
    return s


@kiln.jit
def over_tuple_of_arrays(a, b):
    out = np.zeros(a.shape)
    for m in (a, b, a * b):
        out += m
    return out


@kiln.jit
def nested_rows(a):
    s = 0.0
    for plane in a:
        for row in plane:
            for x in row:
                s += x
    return s


@kiln.jit
def unpack_rows(a):
    p, q = a
    return p * 2, q


@kiln.jit
def unpack_and_write(a):
    x, y, z = a
    a[1], a[2] = x, y
    return x, y, z, a


@kiln.jit
def iterate_scalar(x):
    for _v in x:
        pass
    return 0


@kiln.jit
def tuple_with_break(a):
    for _v in (1, 2):
        break
    return a


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [0, 1, 7])
def test_elements_of_a_vector(dtype: str, n: int) -> None:
    check(sum_elements, arr((n,), dtype))
    check(last_element, arr((n,), dtype))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_elements_in_every_layout(layout: str) -> None:
    a = arr((3, 4), "float64", layout)
    check(sum_elements, a[:, 1])
    check(row_sums, a)
    check(zero_rows, a)


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool"])
@pytest.mark.parametrize("shape", [(0, 3), (1, 4), (4, 1), (3, 2, 2)])
def test_rows_are_views(dtype: str, shape: tuple[int, ...]) -> None:
    check(row_sums, arr(shape, dtype))
    check(zero_rows, arr(shape, dtype))


@pytest.mark.parametrize("n", [0, 1, 5])
def test_enumerate(n: int) -> None:
    check(enumerate_weights, arr((n,), "float64"))
    check(enumerate_weights, arr((n,), "int64", "reversed"))
    check(enumerate_from, arr((n,), "int32"), 3)
    check(enumerate_from, arr((n,), "int32"), -7)
    check(enumerate_keyword, arr((n, 2), "float32"))


def test_zip_stops_at_the_shortest() -> None:
    check(zip_arrays, arr((5,), "float64"), arr((3,), "float64"))
    check(zip_arrays, arr((2,), "float64"), arr((4,), "int32", "strided"))
    check(zip_arrays, arr((0,), "float64"), arr((4,), "int32"))
    check(zip_three, arr((4,)), arr((5,), "int64"), arr((6,), "float32"))


@pytest.mark.parametrize(
    "bounds", [(0, 10, 1), (10, 0, -1), (3, 4, 5), (5, 3, 1), (-4, 9, 3), (9, -4, -3), (2, 2, 1)]
)
def test_zip_with_range(bounds: tuple[int, int, int]) -> None:
    check(zip_with_range, arr((6,), "int64"), *bounds)


def test_iterable_is_evaluated_once() -> None:
    check(iterate_expression, arr((4,), "int32"))
    check(rebind_inside, arr((4,), "float64"))


def test_break_and_continue() -> None:
    check(break_and_continue, np.array([1.0, -2.0, 3.0, 7.0, 1.0]))
    check(break_and_continue, np.array([], dtype=np.float64))


def test_tuples_are_unrolled() -> None:
    check(over_tuple, arr((3,), "float32"))
    check(over_tuple_of_arrays, arr((2, 3)), arr((2, 3), "int64"))


def test_nested_iteration() -> None:
    check(nested_rows, arr((2, 3, 4), "float64", "F"))


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool"])
def test_unpacking_arrays(dtype: str) -> None:
    check(unpack_rows, arr((2,), dtype))
    check(unpack_rows, arr((2, 3), dtype, "F"))
    check(unpack_rows, arr((2, 0), dtype))
    check(unpack_and_write, arr((3,), dtype, "reversed"))
    check(unpack_rows, arr((3,), dtype), raises=ValueError)
    check(unpack_rows, arr((1, 2), dtype), raises=ValueError)


def test_scalars_and_zero_d_arrays_are_not_iterable() -> None:
    with pytest.raises(kiln.TypingError, match="not iterable"):
        iterate_scalar(3)
    with pytest.raises(kiln.TypingError, match="0-d array"):
        iterate_scalar(np.array(2.0))


def test_break_out_of_an_unrolled_loop_is_unsupported() -> None:
    with pytest.raises(kiln.UnsupportedError, match="break/continue"):
        tuple_with_break(np.ones(2))


def nd_walks(a, n):
    s = 0.0
    for (i, j), x in np.ndenumerate(a):
        s += (i + 1) * (j + 2) * x
    t = 0
    for i, j in np.ndindex(n, 3):
        t += i * 10 + j
    for idx in np.ndindex((2, 2)):
        t += idx[0] - idx[1]
    for (k,), x in np.ndenumerate(a[0]):
        s -= k * x
    return s, t


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("shape", [(2, 3), (1, 1), (1, 0)])
def test_ndindex_and_ndenumerate_walk_in_c_order(layout, shape):
    a = np.arange(1.0, 1.0 + np.prod(shape)).reshape(shape)
    a = {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=1)[:, ::2]}[layout]
    got, want = kiln.jit(nd_walks)(a, 4), nd_walks(a, 4)
    assert float(got[0]) == float(want[0]) and got[1] == want[1]
    order = kiln.jit(lambda n: [i * 10 + j for i, j in np.ndindex(n, 2)])
    assert list(order(3)) == [i * 10 + j for i, j in np.ndindex(3, 2)]
