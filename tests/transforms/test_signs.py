"""nonneg_scalars: which integer scalars are never negative; and what the facts buy: simplify
drops the wrap-around of subscripts built from them, the dependence test proves that a loop
writing rows ``r + k + 1`` never meets row ``k`` (golden IR: the inner loop vectorized, the
element ``a[i, k]`` read once), and results still match Python on dtypes, layouts and sizes."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, optimize, text

import kiln
from kiln.analysis.dependences import carried_dependence
from kiln.analysis.effects import array_roots
from kiln.analysis.signs import nonneg_scalars
from kiln.api import arg_type
from kiln.frontend.python import lower_function
from kiln.ir import nodes as ir
from kiln.ir.parser import parse_function
from kiln.ir.verifier import IRVerifyError, verify_function
from kiln.ir.visit import iter_exprs, iter_stmts
from kiln.options import Options

GOLDEN = Path(__file__).parent / "golden"


def _lower(fn, *args, nonneg=(), parallel=False) -> ir.Function:
    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    return lower_function(fn, types_, Options(parallel=parallel), nonneg=frozenset(nonneg))


def counters(a, k, m):
    total = 0
    for i in range(a.shape[0]):
        total += i  # grows from zero
    half = 0
    for j in range(0, a.shape[0], 2):
        half = j // 2
    below = k - 1
    down = 0
    for _ in range(a.shape[0]):
        down -= 1
    return total + half + below + down + m


def shifted_rows(a, k, w):
    """A CUDA kernel's shape on the CPU: columns in chunks of ``w`` (a start that is no affine
    form), the row computed in the inner loop from an outer counter and an argument."""
    n = a.shape[0]
    for r in range(n - k - 1):
        for c in range(n):
            for j in range(c * w, min(c * w + w, n - k - 1)):
                i = r
                i += k + 1
                jj = j + k + 1
                a[i, jj] -= a[i, k] * a[k, jj]


def test_which_scalars_are_never_negative() -> None:
    fn = _lower(counters, np.ones(4), 2, 3, nonneg={1})
    facts = nonneg_scalars(fn)
    assert fn.nonneg_params == ("p_k",)
    assert {"p_k", "u_total", "u_half"} <= facts
    assert not {"p_m", "u_below", "u_down"} & facts


def test_unsigned_and_reassigned_parameters() -> None:
    def bump(a, k, u):
        k = k + 1
        a[0] = k + u

    fn = _lower(bump, np.ones(2), 1, np.uint32(4), nonneg={1})
    assert fn.nonneg_params == ("p_u",)  # k is re-assigned: its fact would not hold throughout
    assert "p_u" in nonneg_scalars(fn)


def test_nonneg_parameters_print_parse_and_verify() -> None:
    fn = _lower(shifted_rows, np.ones((4, 4)), 1, 2, nonneg={1, 2})
    assert "  nonneg: p_k, p_w\n" in text(fn)
    assert text(parse_function(text(fn))) == text(fn)
    with pytest.raises(IRVerifyError, match="no integer parameter"):
        verify_function(dataclasses.replace(fn, nonneg_params=("p_a",)))
    assigned = parse_function(
        "func f(p_n: py_int64) -> ()\n  nonneg: p_n\n  assign #1 p_n = sub(p_n, 1): py_int64\n"
    )
    with pytest.raises(IRVerifyError, match="assigned in the body"):
        verify_function(assigned)


def _inner(fn: ir.Function) -> ir.For:
    (inner,) = [lp for lp in loops(fn) if lp.var == "k4_it"]
    return inner


def test_signs_make_the_columns_independent_golden() -> None:
    fn = _lower(shifted_rows, np.ones((4, 4)), 1, 2, nonneg={1, 2})
    got = optimize(fn, "simplify", "hoist_loads", "simd").fn
    assert _inner(got).simd
    selects = [e for s in iter_stmts(got.body) for e in iter_exprs(s, deep=False) if isinstance(e, ir.Select)]
    wraps = [e for e in selects if isinstance(e.cond.rhs, ir.Const) and e.cond.rhs.value == 0]  # x < 0 ?
    assert len(selects) == 1 and not wraps  # only min(c * w + w, n - k - 1) is left
    reads = [s for s in iter_stmts(got.body) if isinstance(s, ir.Assign) and s.target.startswith("k_elem")]
    assert len(reads) == 1  # a[i, k], with i's two assignments substituted before the loop
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "signs_shifted_rows.ir").write_text(text(got))
    assert text(got) == (GOLDEN / "signs_shifted_rows.ir").read_text()


def test_the_sign_facts_carry_the_proof() -> None:
    fn = optimize(_lower(shifted_rows, np.ones((4, 4)), 1, 2, nonneg={1, 2}), "simplify").fn
    assert not carried_dependence(_inner(fn), array_roots(fn), nonneg_scalars(fn)).carried
    # without them j may be -1, where a[i, j + k + 1] is the a[i, k] another iteration reads
    assert carried_dependence(_inner(fn), array_roots(fn)).carried
    unsigned_k = optimize(_lower(shifted_rows, np.ones((4, 4)), 1, 2, nonneg={2}), "simplify").fn
    assert carried_dependence(_inner(unsigned_k), array_roots(unsigned_k), nonneg_scalars(unsigned_k)).carried


@pytest.mark.parametrize("k", [0, 1, 3, -2])
@pytest.mark.parametrize("n", [1, 2, 6])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_shifted_rows_match_python(k, n, dtype, layout) -> None:
    base = (np.arange(4 * n * n) % 7 + 1).astype(dtype).reshape(2 * n, 2 * n)
    a = base[::2, ::2] if layout == "strided" else np.array(base[:n, :n], order=layout)
    for w in (1, 2, 4):
        if k < 0 and n < 1 - k:
            continue  # rows k and -1 would not exist
        expected, got = a.copy(), a.copy()
        shifted_rows(expected, k, w)
        kiln.jit(parallel=True)(shifted_rows)(got, k, w)
        np.testing.assert_allclose(got, expected, rtol=1e-6)
