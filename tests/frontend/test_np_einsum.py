"""``np.einsum``: differential against NumPy over explicit and implicit outputs, ``...``,
diagonals, sums, one to three operands, every dtype class, shapes with 0 and 1 extents, C,
Fortran and strided layouts; the matrix-product path and its broadcasting fallback; NumPy's
errors."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.errors import UnsupportedError


@kiln.jit
def one(s, a):
    return np.einsum(s, a)


@kiln.jit
def two(s, a, b):
    return np.einsum(s, a, b)


@kiln.jit
def three(s, a, b, c):
    return np.einsum(s, a, b, c)


def _same(got, want):
    assert np.asarray(got).dtype == np.asarray(want).dtype
    assert np.shape(got) == np.shape(want)
    assert isinstance(got, np.ndarray) == isinstance(want, np.ndarray)
    if np.asarray(want).dtype.kind in "fc":
        tol = 1e-5 if np.asarray(want).dtype in (np.float32, np.complex64) else 1e-12
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    else:
        np.testing.assert_array_equal(got, want)


def _array(rng, shape, dtype):
    if dtype is bool:
        return rng.random(shape) > 0.5
    values = rng.integers(-4, 5, shape) if np.dtype(dtype).kind in "iu" else rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


ONE = ["ij->ji", "ij", "ji", "ii", "ii->i", "ij->", "ij->i", "ij->j", "ijk->kji", "i...->..."]
ONE += ["...ii->...i", "i->"]
TWO = ["ij,jk->ik", "ij,jk", "ij,kj->ik", "ji,jk->ki", "i,i", "i,j->ij", "ij,j->i", "ij,ij->ij", "ij,ij"]
TWO += ["bij,bjk->bik", "...j,jk->...k", "ij,ij->", "i,i->i", "ij,jk->"]
DTYPES = [np.float64, np.float32, np.int64, np.int32, np.complex128, bool]


def _shape(s, dims):
    """Operand shapes for subscripts ``s`` (``...`` is two axes) from label extents ``dims``."""
    lhs = s.split("->")[0]
    return [tuple(d for c in term.replace("...", "XY") for d in [dims[c]]) for term in lhs.split(",")]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("s", ONE + TWO)
def test_subscripts_and_dtypes(s, dtype):
    rng = np.random.default_rng(len(s))
    dims = {"i": 3, "j": 4, "k": 2, "b": 2, "X": 2, "Y": 3}
    if s in ("ii", "ii->i", "...ii->...i"):
        dims["j"] = dims["i"]
    ops = [_array(rng, sh, dtype) for sh in _shape(s, dims)]
    f = one if len(ops) == 1 else two
    _same(f(s, *ops), np.einsum(s, *ops))


EXTENTS = [{"i": 0, "j": 3, "k": 2}, {"i": 1, "j": 1, "k": 1}, {"i": 2, "j": 0, "k": 3}]


@pytest.mark.parametrize("dims", EXTENTS)
@pytest.mark.parametrize("s", ["ij,jk->ik", "ij,jk", "ij->", "ij,ij->i", "ij->ji"])
def test_empty_and_unit_extents(s, dims):
    rng = np.random.default_rng(1)
    ops = [rng.standard_normal(sh) for sh in _shape(s, dims)]
    f = one if len(ops) == 1 else two
    _same(f(s, *ops), np.einsum(s, *ops))


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_layouts(layout):
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((6, 8)), rng.standard_normal((8, 10))
    if layout == "F":
        a, b = np.asfortranarray(a), np.asfortranarray(b)
    elif layout == "strided":
        a, b = rng.standard_normal((12, 8))[::2], rng.standard_normal((8, 20))[:, ::2]
    for s in ("ij,jk->ik", "ij,jk->ki", "ij,kj->ik"):
        bb = b if s != "ij,kj->ik" else b.T
        _same(two(s, a, bb), np.einsum(s, a, bb))
    _same(three("ab,bc,cd->ad", a, b, b.T), np.einsum("ab,bc,cd->ad", a, b, b.T))


def test_summed_extent_of_one_broadcasts():
    """The matrix-product path needs equal extents; an extent of 1 broadcasts as in NumPy."""
    a, b = np.arange(6.0).reshape(2, 3), np.arange(4.0).reshape(1, 4)
    _same(two("ij,jk->ik", a, b), np.einsum("ij,jk->ik", a, b))
    _same(two("i,i", np.ones(3), np.ones(1)), np.einsum("i,i", np.ones(3), np.ones(1)))


def test_transpose_is_a_view_and_dtype_keyword():
    a = np.arange(6.0).reshape(2, 3)

    @kiln.jit
    def transposed(a):
        t = np.einsum("ij->ji", a)
        t[0, 1] = -1.0
        return t

    @kiln.jit
    def widened(a):
        return np.einsum("ij,ij->i", a, a, dtype=np.complex128)

    b = a.copy()
    assert transposed(b)[0, 1] == -1.0 and b[1, 0] == -1.0
    _same(widened(a), np.einsum("ij,ij->i", a, a, dtype=np.complex128))


@pytest.mark.parametrize(
    "s, shapes",
    [
        ("ij,jk", [(2, 3), (2, 3)]),
        ("ii", [(2, 3)]),
        ("ij->ii", [(2, 3)]),
        ("ij->k", [(2, 3)]),
        ("ij,jk->ik", [(2, 3)]),
        ("ijk", [(2, 3)]),
        ("ij", [(2, 3, 4)]),
        ("...i->i", [(2, 3)]),
        ("i1", [(2, 3)]),
    ],
)
def test_errors_are_numpys(s, shapes):
    ops = [np.ones(sh) for sh in shapes]
    with pytest.raises(ValueError):
        np.einsum(s, *ops)
    with pytest.raises(ValueError):
        (one if len(ops) == 1 else two)(s, *ops)


def test_refused_forms():
    @kiln.jit
    def interleaved(a):
        return np.einsum(a, [0, 1], [1, 0])

    with pytest.raises(UnsupportedError, match="subscripts"):
        interleaved(np.ones((2, 2)))
