"""Small NumPy functions against NumPy (kiln.frontend.np_small): shape queries, complex and
infinity predicates, ``ediff1d``, ``trim_zeros``, the ``*_indices_from`` pair, ``append``,
``delete``, ``asarray_chkfinite``, ``asfortranarray`` and ``broadcast_shapes``, over dtypes,
empty and one-element shapes, C/F/strided layouts; NumPy's errors."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    if isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
        return
    assert type(got) is type(want) and got == want


def queries(a):
    return (
        np.shape(a),
        np.ndim(a),
        np.size(a),
        np.size(a, 0),
        np.isscalar(a),
        np.isscalar(a.size),
        np.iscomplexobj(a),
        np.isrealobj(a),
        np.iscomplex(a),
        np.isreal(a),
        np.tril_indices_from(a),
        np.triu_indices_from(a, 1),
    )


def edits(a, i):
    return (
        np.ediff1d(a),
        np.append(a, a[:1]),
        np.append(a, a, axis=0),
        np.delete(a, i),
        np.delete(a, i, axis=0),
        np.delete(a, -1, 1),
        np.asarray_chkfinite(a),
        np.asfortranarray(a),
    )


def _layouts(a):
    return {"C": a, "F": np.asfortranarray(a), "strided": np.repeat(a, 2, axis=1)[:, ::2]}


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex128, np.uint8])
@pytest.mark.parametrize("shape", [(1, 1), (2, 3), (3, 3)])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_against_numpy(dtype, shape, layout):
    a = _layouts((np.arange(np.prod(shape)).reshape(shape) % 4).astype(dtype))[layout]
    if dtype == np.complex128:
        a = a * (1 + 1j * (a.real > 1))
    _same(_jit(queries)(a), queries(a))
    _same(_jit(edits)(a, 0), edits(a, 0))


def infinities(x):
    return np.isposinf(x), np.isneginf(x), np.isposinf(x[0]), np.broadcast_shapes((x.size, 1), (1, 3), (3,))


def test_infinities_and_broadcast_shapes():
    x = np.array([np.inf, -np.inf, 0.0, -0.0, np.nan, 1.0])
    _same(_jit(infinities)(x), infinities(x))
    _same(_jit(infinities)(x.astype(np.float32)), infinities(x.astype(np.float32)))
    ints = np.arange(3)
    _same(_jit(infinities)(ints), infinities(ints))
    with pytest.raises(ValueError, match="shape mismatch|broadcast"):
        np.broadcast_shapes((2,), (3,))
    with pytest.raises(ValueError, match="broadcast"):
        _jit(lambda n: np.broadcast_shapes((n,), (3,)))(2)


@pytest.mark.parametrize("filt", [[0, 0, 1, 0, 2, 0], [0, 0, 0], [], [3], [1, 0], [0.0, -0.0, 2.5, 0.0]])
@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF"])
def test_trim_zeros(filt, trim):
    f = np.array(filt, dtype=float if any(isinstance(x, float) for x in filt) else np.int64)
    got = _jit(lambda a, t: np.trim_zeros(a, t))(f, trim)
    want = np.trim_zeros(f, trim)
    _same(got, want)
    if f.size:
        got[...] = 7  # a view, as NumPy's is
        assert (f == 7).sum() == got.size


def test_errors_as_numpy():
    a = np.arange(5.0)
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 0 with size 5"):
        np.delete(a, 7)
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 0 with size 5"):
        _jit(lambda a, i: np.delete(a, i))(a, 7)
    bad = np.array([1.0, np.nan])
    with pytest.raises(ValueError, match="must not contain infs or NaNs"):
        _jit(lambda a: np.asarray_chkfinite(a))(bad)
    with pytest.raises(ValueError, match="2-d"):
        _jit(lambda a: np.tril_indices_from(a))(a)
    with pytest.raises(TypeError, match="complex"):
        _jit(lambda a: np.isposinf(a))(a + 1j)


def test_bad_arguments_raise_as_in_numpy():
    with pytest.raises(ValueError, match="unexpected character"):
        _jit(lambda a: np.trim_zeros(a, ""))(np.arange(3.0))
    with pytest.raises(TypeError, match="'out' must be an array"):
        _jit(lambda a, o: np.sum(a, axis=0, out=(o,)))(np.ones((2, 2)), np.zeros(2))


def test_folded_comparisons_keep_numpy_types():
    def compare(a):
        return np.int8(5) == 5, a.ndim == 2, np.int64(a.shape[0]) != 3

    got, want = _jit(compare)(np.ones((2, 2))), compare(np.ones((2, 2)))
    assert [type(g) for g in got] == [type(w) for w in want]
    assert list(got) == list(want)
