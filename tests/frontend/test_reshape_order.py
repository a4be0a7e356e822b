"""``order=`` of reshape, ravel and flatten (functions and methods) against NumPy: "C", "F",
"A" and "K" over C, F and strided arrays of 2 and 3 dimensions, with -1 extents; writes
through the result reach the array exactly where NumPy's result is a view of it.

Regression: ``a.reshape(shape, order="F")`` used to give the C-order result, silently."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)


def orders(a):
    return (
        a.reshape((3, 4), order="F"),
        np.reshape(a, (4, -1), order="F"),
        np.reshape(a, (2, 6), "A"),
        a.reshape(12, order="C"),
        np.ravel(a, order="F"),
        np.ravel(a, "A"),
        a.ravel(order="F"),
        a.ravel(),
        a.flatten("F"),
        a.flatten(order="A"),
        np.ravel(a),
    )


def memory_order(a):
    return np.ravel(a, order="K"), a.flatten("K")


def _layouts(shape):
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    return {
        "C": a,
        "F": np.asfortranarray(a),
        "strided": np.repeat(a, 2, axis=-1)[..., ::2],
        "transposed": np.ascontiguousarray(a.T).T,
    }


@pytest.mark.parametrize("layout", ["C", "F", "strided", "transposed"])
@pytest.mark.parametrize("shape", [(2, 6), (3, 4), (2, 3, 2)])
def test_orders_as_numpy(layout, shape):
    a = _layouts(shape)[layout]
    for got, want in zip(_jit(orders)(a), orders(a), strict=True):
        assert got.shape == want.shape
        np.testing.assert_array_equal(got, want)
    if layout != "strided":
        for got, want in zip(_jit(memory_order)(a), memory_order(a), strict=True):
            np.testing.assert_array_equal(got, want)


def write_through_f(a):
    b = a.reshape((a.shape[1], a.shape[0]), order="F")
    b[0, 1] = -1.0
    return a


@pytest.mark.parametrize("layout", ["C", "F"])
def test_writes_reach_the_array_where_numpy_gives_a_view(layout):
    a, b = _layouts((2, 3))[layout], _layouts((2, 3))[layout].copy(order="K")
    np.testing.assert_array_equal(_jit(write_through_f)(a), write_through_f(b))
    np.testing.assert_array_equal(a, b)


def test_bad_orders_are_refused():
    with pytest.raises(kiln.TypingError, match="order must be one of"):
        _jit(lambda a: a.reshape(6, order="K"))(np.ones((2, 3)))
    with pytest.raises(kiln.UnsupportedError, match="layout is not known when compiling"):
        _jit(memory_order)(_layouts((2, 6))["strided"])
    with pytest.raises(kiln.TypingError, match="unexpected keyword argument 'copy'"):
        _jit(lambda a: a.reshape(6, copy=True))(np.ones((2, 3)))


def views_in_memory_order(b, f):
    return (
        b.T.ravel(order="A"),
        b.T.reshape(6, order="A"),
        b.T.flatten(order="A"),
        (b.T * 2).ravel(order="K"),
        (f + 1).ravel(order="K"),
        f[:, 1:3].ravel(order="A"),
        b[:, :2].ravel(order="K"),
        b[0, ::2].ravel(order="K"),
        np.asfortranarray(b).ravel(order="K"),
    )


def test_a_and_k_follow_the_layout_of_views_and_results():
    b = np.arange(6.0).reshape(2, 3)
    f = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    for got, want in zip(_jit(views_in_memory_order)(b, f), views_in_memory_order(b, f), strict=True):
        np.testing.assert_array_equal(got, want)
    with pytest.raises(kiln.UnsupportedError, match="layout is not known"):
        _jit(lambda a: a[::-1, ::2].ravel(order="A"))(np.ones((4, 4)))


def test_asfortranarray_shapes_copies_and_views():
    def fortran(b, z):
        v = np.asfortranarray(b.T)
        v[0, 1] = 100.0  # b.T is already Fortran-ordered: NumPy returns it, so b changes
        return np.asfortranarray(z), b

    b, z = np.arange(6.0).reshape(2, 3), np.array(5.0)
    got, want = _jit(fortran)(b.copy(), z), fortran(b.copy(), z)
    for g, w in zip(got, want, strict=True):
        assert g.shape == w.shape
        np.testing.assert_array_equal(g, w)
