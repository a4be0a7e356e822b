"""Reductions with ``initial=`` and ``where=`` (NumPy's ufunc-reduce keywords): every kind, dtypes,
axes, empty and one-element inputs, C/F/strided layouts, against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def _reducer(name: str, axis: int | None):
    """The function under test for one axis (axis= must be a constant for kiln)."""
    table = {
        "sum_initial": lambda x, start: np.sum(x, axis=axis, initial=start),
        "prod_initial": lambda x, start: np.prod(x, axis=axis, initial=start),
        "max_initial": lambda x, start: np.max(x, axis=axis, initial=start),
        "min_initial": lambda x, start: x.min(axis=axis, initial=start),
        "sum_where": lambda x: np.sum(x, axis=axis, where=x > 0.3),
        "max_where": lambda x, start: np.max(x, axis=axis, initial=start, where=x < 0.7),
        "any_where": lambda x: np.any(x > 0.5, axis=axis, where=x < 0.9),
        "all_where": lambda x: np.all(x > 0.1, axis=axis, where=x < 0.5),
    }
    return table[name]


def prod_where_row_mask(x, mask):
    return np.prod(x, axis=0, where=mask)  # a 1-d mask broadcast along rows


def keepdims_where(x):
    return np.sum(x, axis=1, keepdims=True, where=x > 0.5, initial=1.0)


def _arrays(dtype: str) -> list[np.ndarray]:
    r = np.random.default_rng(3)
    base = r.random((5, 6))
    if dtype != "float64":
        base = (base * 10).astype(dtype) if dtype.startswith("int") else base.astype(dtype)
    return [base, np.asfortranarray(base), base[::2, ::-1], base[:1, :1], base[:0, :]]


def _same(expected, got):
    e, g = np.asarray(expected), np.asarray(got)
    assert e.dtype == g.dtype and e.shape == g.shape, (e.dtype, g.dtype, e.shape, g.shape)
    np.testing.assert_allclose(g, e, rtol=1e-6 if e.dtype == np.float32 else 1e-12)


def _check(fn, *args):
    try:
        expected = fn(*args)
    except Exception as exc:  # noqa: BLE001 - kiln must raise the same
        with pytest.raises(type(exc)):
            kiln.jit(fn)(*args)
        return
    _same(expected, kiln.jit(fn)(*args))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
@pytest.mark.parametrize("name", ["sum_initial", "prod_initial", "max_initial", "min_initial"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_initial(name, axis, dtype):
    fn = _reducer(name, axis)
    for x in _arrays(dtype):
        _check(fn, x, 2)


@pytest.mark.parametrize("name", ["sum_where", "any_where", "all_where"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_where(name, axis):
    fn = _reducer(name, axis)
    for x in _arrays("float64"):
        _check(fn, x)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_max_where_needs_initial_and_uses_it(axis):
    fn = _reducer("max_where", axis)
    for x in _arrays("float64"):
        _check(fn, x, -1.0)


def test_max_where_without_initial_raises_as_numpy_does():
    def no_initial(x):
        return np.max(x, where=x > 0.5)

    with pytest.raises(ValueError, match="to use a where mask one has to specify 'initial'"):
        kiln.jit(no_initial)(np.ones(3))


def test_broadcast_mask_and_keepdims():
    x = np.random.default_rng(4).random((4, 3))
    _check(prod_where_row_mask, x, np.array([True, False, True]))
    _check(keepdims_where, x)


def test_initial_takes_the_result_dtype_and_empty_max_has_one():
    def int_sum(x):
        return np.sum(x, initial=2.5)  # 2.5 becomes 2 in int64, as in NumPy

    def empty_max(x):
        return np.max(x, initial=-3.0)

    _check(int_sum, np.array([1, 2]))
    _check(empty_max, np.zeros(0))


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_mean_with_where(axis, dtype):
    cut = 2 if dtype == "int64" else 0.5  # keeps some elements of each row and column

    def masked_mean(x):
        return np.mean(x, axis=axis, where=x > cut)

    def masked_mean_keepdims(x):
        return x.mean(axis=axis, keepdims=True, where=x > cut)

    for x in _arrays(dtype):
        if x.size:
            _check(masked_mean, x)
            _check(masked_mean_keepdims, x)


def test_mean_of_nothing_kept_is_nan():
    def none_kept(x):
        return np.mean(x, axis=0, where=x > 10.0)

    with np.errstate(invalid="ignore", divide="ignore"):
        expected = none_kept(np.ones((2, 3)))
    np.testing.assert_array_equal(kiln.jit(none_kept)(np.ones((2, 3))), expected)


def test_where_is_keyword_only_where_numpy_says_so():
    def positional_where(x):
        return np.any(x, None, None, False, x > 0)

    with pytest.raises(TypeError):
        positional_where(np.ones(3))
    with pytest.raises(TypeError, match="at most 4 positional"):
        kiln.jit(positional_where)(np.ones(3))
