"""Integer arguments specialize on their sign: with ``k >= 0`` known, ``a[k]`` needs no
wrap-around and subscripts stay affine, so the dependence test can run loops over ``range(k + 1,
n)`` in parallel; a negative ``k`` gets its own specialization with Python's indexing."""

import numpy as np
import pytest

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts


def rank1_update(a, k):
    n = a.shape[0]
    for i in kiln.prange(k + 1, n):
        for j in range(k + 1, n):
            a[i, j] -= a[i, k] * a[k, j]


def rank1_reference(a, k):
    n = a.shape[0]
    for i in range(k + 1, n):
        for j in range(k + 1, n):
            a[i, j] -= a[i, k] * a[k, j]


def pick(a, k):
    return a[k] + a[k - 1]


def shifted(a, k):
    k = k - 3  # re-assigned: its sign at entry says nothing about it here
    return a[k]


def _optimized(f, *args):
    from kiln.api import arg_type, nonneg_positions
    from kiln.driver import compile_function

    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    nonneg = nonneg_positions(args)
    return compile_function(f.py_func, types_, f.options, build=False, nonneg=nonneg).optimized


def _selects(fn: ir.Function) -> int:
    return sum(isinstance(e, ir.Select) for s in iter_stmts(fn.body) for e in iter_exprs(s))


@pytest.mark.parametrize("k", [0, 3, 9, 10, -1, -4, -10])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("layout", ["C", "F"])
def test_rank1_update_matches_python_for_either_sign(k, dtype, layout):
    f = kiln.jit(parallel=True)(rank1_update)
    base = np.random.default_rng(7).random((11, 11)).astype(dtype)
    a = np.asarray(base, order=layout)
    expected = base.copy()
    rank1_reference(expected, k)
    f(a, k)
    np.testing.assert_allclose(a, expected, rtol=1e-6)


def test_each_sign_gets_its_own_specialization():
    f = kiln.jit(pick)
    a = np.arange(10.0)
    assert f(a, 5) == pick(a, 5)
    assert f(a, 0) == pick(a, 0)  # a[-1] through the non-negative k
    assert f(a, -3) == pick(a, -3)
    assert f(a, np.int64(4)) == pick(a, 4) and f(a, np.int32(-2)) == pick(a, -2)
    kinds = sorted(str(sig[1]) for sig in f.signatures)
    assert len(kinds) == 4, kinds  # int >= 0, int, int64 >= 0, int32


def test_nonnegative_argument_drops_the_wrap_and_parallelizes():
    f = kiln.jit(parallel=True)(rank1_update)
    a = np.zeros((8, 8))
    known = _optimized(f, a, 2)
    unknown = _optimized(f, a, -2)
    assert _selects(known) == 0 and _selects(unknown) > 0
    assert any(isinstance(s, ir.For) and s.parallel for s in iter_stmts(known.body))
    assert not any(isinstance(s, ir.For) and s.parallel for s in iter_stmts(unknown.body))
    report = kiln.report(f, a, 2)
    assert "parallel;" in report and "vectorized: yes" in report


def test_reassigned_parameter_keeps_python_indexing():
    f = kiln.jit(shifted)
    a = np.arange(10.0)
    for k in (0, 2, 3, 9):
        assert f(a, k) == shifted(a, k)


def test_unsigned_parameters_are_nonnegative_without_a_key():
    f = kiln.jit(pick)
    a = np.arange(10.0)
    assert f(a, np.uint32(4)) == pick(a, 4)
    assert _selects(_optimized(f, a, np.uint32(4))) == 1  # a[k - 1] may still be a[-1]


def test_ints_beyond_int64_still_raise():
    f = kiln.jit(pick)
    a = np.arange(10.0)
    with pytest.raises((IndexError, OverflowError)):
        f(a, 2**70)
