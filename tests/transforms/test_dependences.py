"""The exact dependence test and the parallelize pass built on it."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize

import kiln
from kiln.analysis.dependences import carried_dependence
from kiln.analysis.effects import array_roots
from kiln.ir import nodes as ir


def triangle(m, data):
    out = np.zeros((m, m))
    for i in range(m):
        for j in range(i, m):
            s = 0
            for k in range(data.shape[0]):
                s += data[k, i] * data[k, j]
            out[i, j] = s
            out[j, i] = s
    return out


def shift_in_place(a):
    for i in range(a.shape[0] - 1):
        a[i] = a[i + 1] * 2


def even_odd(a):
    for i in range(a.shape[0] // 2):
        a[2 * i] = a[2 * i + 1] + 1


def squares(a):
    for i in range(a.shape[0]):
        a[(i * i) % a.shape[0]] = i


def rows(a):
    for i in range(a.shape[0]):
        for j in range(1, a.shape[1]):
            a[i, j] = a[i, j - 1] + 1


def columns(a):
    for i in range(1, a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = a[i - 1, j] + 1


@pytest.mark.parametrize(
    ("kernel", "args", "carried"),
    [
        (shift_in_place, (np.ones(8),), True),  # iteration i reads what i + 1 writes
        (even_odd, (np.ones(8),), False),  # even and odd elements never meet
        (squares, (np.ones(8),), True),  # not affine: assumed dependent
        (rows, (np.ones((4, 5)),), False),  # the dependence is carried by j, not i
        (columns, (np.ones((4, 5)),), True),
    ],
)
def test_carried_dependence_of_the_outer_loop(kernel, args, carried: bool) -> None:
    fn = lower(kernel, *args)
    loop = loops(fn)[0]
    assert carried_dependence(loop, array_roots(fn)).carried is carried


def test_triangular_nest_is_independent_across_rows() -> None:
    data = np.ones((3, 4))
    fn = lower(triangle, 4, data)
    sequential = [lp for lp in loops(fn) if not lp.parallel]
    assert not carried_dependence(sequential[0], array_roots(fn)).carried


def test_parameters_that_may_overlap_are_checked_at_run_time() -> None:
    def copy_shifted(a, b):
        for i in range(a.shape[0] - 1):
            b[i] = a[i + 1]

    fn = lower(copy_shifted, np.ones(4), np.ones(4))
    deps = carried_dependence(loops(fn)[0], array_roots(fn))
    assert not deps.carried and deps.overlap_checks == {("p_a", "p_b")}


@pytest.mark.parametrize(
    ("kernel", "parallel_loops"),
    [(rows, 1), (columns, 1), (shift_in_place, 0), (even_odd, 1), (squares, 0)],
)
def test_parallelize_marks_only_legal_loops(kernel, parallel_loops: int) -> None:
    a = np.ones((6, 5)) if kernel in (rows, columns) else np.ones(8)
    result = optimize(lower(kernel, a), "parallelize", parallel=True)
    assert sum(lp.parallel for lp in loops(result.fn)) == parallel_loops
    assert len(result.steps) == parallel_loops


@pytest.mark.parametrize("kernel", [rows, columns, shift_in_place, even_odd, squares])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_parallelized_loops_match_python(kernel, layout: str) -> None:
    base = np.arange(2 * 37 * 6, dtype=np.float64).reshape(74, 6)
    a = {"C": base.copy(), "F": np.asfortranarray(base), "strided": base[::2]}[layout]
    if kernel not in (rows, columns):
        a = a[:, 0]
    expected, got = a.copy(), a.copy()
    kernel(expected)
    kiln.jit(kernel, parallel=True)(got)
    np.testing.assert_array_equal(got, expected)


def test_triangle_runs_in_parallel_and_matches() -> None:
    data = np.random.default_rng(0).random((30, 17))
    result = optimize(lower(triangle, 17, data), "parallelize", parallel=True)
    assert result.steps and result.steps[0].transformation == "parallelize"
    np.testing.assert_allclose(kiln.jit(triangle, parallel=True)(17, data), triangle(17, data), rtol=1e-12)


def test_overlapping_arguments_take_the_sequential_copy() -> None:
    def copy_shifted(a, b):
        for i in range(a.shape[0] - 1):
            b[i] = a[i + 1]

    buf = np.arange(100.0)
    expected = buf.copy()
    copy_shifted(expected[1:], expected[:-1])
    kiln.jit(copy_shifted, parallel=True)(buf[1:], buf[:-1])
    np.testing.assert_array_equal(buf, expected)


def test_float_reductions_are_parallel() -> None:
    def total(a):
        s = 0.0
        for i in range(a.shape[0]):
            s += a[i]
        return s

    result = optimize(lower(total, np.ones(5)), "parallelize", parallel=True)
    assert loops(result.fn)[0].reductions == (("u_s", "add"),)
    a = np.random.default_rng(2).standard_normal(100001)
    np.testing.assert_allclose(kiln.jit(total, parallel=True)(a), np.sum(a), rtol=1e-9)


def test_complex_min_stays_sequential() -> None:
    def smallest(a):
        m = a[0]
        for i in range(a.shape[0]):
            m = min(m, a[i])
        return m

    result = optimize(lower(smallest, np.ones(5, np.complex128)), "parallelize", parallel=True)
    assert result.steps == [] or not loops(result.fn)[0].parallel


def test_integer_reduction_is_parallel() -> None:
    def count(a):
        c = 0
        for i in range(a.shape[0]):
            if a[i] > 0:
                c += 1
        return c

    result = optimize(lower(count, np.ones(5)), "parallelize", parallel=True)
    assert loops(result.fn)[0].reductions == (("u_c", "add"),)
    a = np.random.default_rng(1).standard_normal(100001)
    assert kiln.jit(count, parallel=True)(a) == count(a)


def column_then_rows(a):
    n = a.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            a[i, k] = a[i, k] / a[k, k]
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                a[i, j] -= a[i, k] * a[k, j]


def _fused_row_loop(fn):
    return [
        lp for lp in loops(fn) if sum(isinstance(s, ir.Assign) and s.target == "u_i" for s in lp.body) == 2
    ]


def test_fused_loops_with_one_header_twice_stay_independent() -> None:
    """Fusion leaves ``i = it`` twice in the joined body; the test still reads ``i`` as ``it``."""
    fused = optimize(lower(column_then_rows, np.ones((5, 5))), "fusion").fn
    (row_loop,) = _fused_row_loop(fused)
    assert not carried_dependence(row_loop, array_roots(fused)).carried
    par = optimize(
        lower(column_then_rows, np.ones((5, 5)), parallel=True), "fusion", "parallelize", parallel=True
    )
    (row_loop,) = _fused_row_loop(par.fn)
    assert row_loop.parallel


def test_a_header_whose_operand_changes_between_its_copies_is_not_substituted() -> None:
    from kiln.analysis.dependences import affine_scalars
    from kiln.ir.types import PY_INT

    it, m = ir.Var("it", PY_INT), ir.Var("m", PY_INT)
    body = (
        ir.Assign("i", it, sid=1),
        ir.Assign("m", ir.Binary("add", m, ir.Const(1, PY_INT), PY_INT), sid=2),
        ir.Assign("i", it, sid=3),
        ir.Assign("j", ir.Binary("add", it, m, PY_INT), sid=4),
        ir.Assign("q", ir.Binary("add", it, m, PY_INT), sid=5),
        ir.Assign("j", ir.Binary("add", it, m, PY_INT), sid=6),
    )
    loop = ir.For("it", ir.Const(0, PY_INT), ir.Const(4, PY_INT), ir.Const(1, PY_INT), body, sid=7)
    subst = affine_scalars(body, loop)
    assert subst["i"] == {"it": 1}  # the same value twice, "it" unchanged in between
    assert "j" in subst  # m does not change between the two copies of j either
    body_changed = (*body[:4], ir.Assign("m", it, sid=8), body[5])
    assert "j" not in affine_scalars(body_changed, dataclasses.replace(loop, body=body_changed))
