"""A column recurrence ``p[1:N - 1, j] = f(p[1:N - 1, j - 1])`` with its slice bounds given by an
argument (NPBench adi's sweeps): the frontend sees the two columns apart (no overlap guard),
simplify folds the broadcast tests of two lengths spelled alike inside the loop, hoist_headers
moves the slice's start and length in front of the nest (equal values once), and interchange then
runs the rows outermost, in parallel. What must stay: headers that divide, read the counter or are
read after the loop; overlap guards of columns that may coincide."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from tests.transforms.support import golden, in_layout, loops, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts
from kiln.transforms import recipes
from kiln.transforms.passes.hoist_headers import hoistable

PIPELINE = (
    *("fusion", "simplify", "recompute", "contract", "simplify"),
    *("hoist_headers", "interchange", "parallelize"),
)


def column_sweep(N, a, b, c, p):
    for j in range(1, N - 1):
        p[1 : N - 1, j] = -c / (a * p[1 : N - 1, j - 1] + b)
    return p


def same_column_shifted(N, p):
    for j in range(1, N - 1):
        p[1 : N - 1, j] = p[0 : N - 2, j] * 0.5  # the same column: overlap is real
    return p


def last_column_of_first(p):
    for _ in range(p.shape[1]):
        p[:, 0] = p[:, -1] + 1.0  # one column when p has one: may coincide
    return p


def header_divides(n, m, p):
    for j in range(n):
        k = n // m
        for i in range(m):
            p[i, j] = k
    return p


def header_read_after(n, p):
    for j in range(n):
        w = n * 2
        for i in range(p.shape[0]):
            p[i, j] = w
    return w


def _sweep_args(n: int = 9, order: str = "C") -> tuple:
    rng = np.random.default_rng(n)
    return n, 0.3, 1.7, -0.4, np.array(rng.random((n, n)) + 1.0, order=order)


def _overlap_tests(fn: ir.Function) -> list[ir.Overlaps]:
    return [e for s in iter_stmts(fn.body) for e in iter_exprs(s, deep=False) if isinstance(e, ir.Overlaps)]


def test_columns_a_constant_apart_need_no_overlap_guard() -> None:
    assert not _overlap_tests(lower(column_sweep, *_sweep_args()))
    assert _overlap_tests(lower(same_column_shifted, 9, np.ones((9, 9))))
    assert _overlap_tests(lower(last_column_of_first, np.ones((4, 1))))


def test_column_sweep_runs_rows_outermost_in_parallel() -> None:
    before = optimize(lower(column_sweep, *_sweep_args(), parallel=True), *PIPELINE[:5], parallel=True).fn
    result = optimize(before, *PIPELINE[5:], parallel=True)
    golden("hoist_headers_column_sweep.ir", text(result.fn))
    outer = loops(result.fn)[0]
    inner = next(s for s in outer.body if isinstance(s, ir.For))
    assert outer.parallel and not inner.parallel
    assert [s.transformation for s in result.steps] == ["hoist_header", "interchange", "parallelize"]
    # the two equal slice starts are computed once: the loop reads one of them
    hoisted = [s for s in result.fn.body if isinstance(s, ir.Assign)]
    assert len({s.value for s in hoisted}) == len(hoisted)
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


def test_folded_tests_leave_no_broadcast_version_in_the_loop() -> None:
    fn = optimize(lower(column_sweep, *_sweep_args()), "simplify").fn
    loop = loops(fn)[0]
    assert not [s for s in iter_stmts(loop.body) if isinstance(s, ir.Check)]
    assert not [s for s in iter_stmts(loop.body) if isinstance(s, ir.If)]


def test_headers_that_divide_or_are_read_after_stay() -> None:
    p = np.zeros((3, 4))
    fn = optimize(lower(header_divides, 4, 3, p), "hoist_headers").fn
    assert not optimize(fn, "hoist_headers").steps
    assert any(isinstance(s, ir.Assign) and s.target == "u_k" for s in loops(fn)[0].body)
    fn = lower(header_read_after, 4, p)
    assert not optimize(fn, "hoist_headers").steps


def test_an_illegal_hoist_step_is_refused() -> None:
    fn = lower(header_divides, 4, 3, np.zeros((3, 4)))
    outer = loops(fn)[0]
    division = next(s for s in outer.body if isinstance(s, ir.Assign) and s.target == "u_k")
    step = recipes.Step("hoist_header", (outer.sid,), {"stmts": [division.sid]})
    with pytest.raises(recipes.IllegalStep):
        recipes.apply_step(fn, step)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 9, 40])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("workers", [1, 2])
def test_column_sweep_matches_numpy(n: int, layout: str, workers: int) -> None:
    *scalars, p = _sweep_args(max(n, 1))
    p = in_layout(p[:n, :n], layout)
    want = column_sweep(n, *scalars[1:], p.copy())
    with threads(workers):
        got = kiln.jit(column_sweep, parallel=True)(n, *scalars[1:], p.copy())
    np.testing.assert_allclose(got, want, rtol=1e-13)


@pytest.mark.parametrize("N", [1, 5, 8])  # slices shorter than the array, and its full length
def test_slice_bounds_inside_the_array_match_numpy(N: int) -> None:
    _, a, b, c, p = _sweep_args(8)
    np.testing.assert_allclose(
        kiln.jit(column_sweep, parallel=True)(N, a, b, c, p.copy()), column_sweep(N, a, b, c, p.copy())
    )


def test_a_column_past_the_array_raises_when_bounds_are_checked() -> None:
    _, a, b, c, p = _sweep_args(8)
    with pytest.raises(IndexError, match="out of bounds for axis 1"):
        kiln.jit(column_sweep, parallel=True, boundscheck=True)(12, a, b, c, p)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_guarded_statements_still_match_numpy(dtype) -> None:
    p = np.arange(36, dtype=dtype).reshape(6, 6)
    one = np.arange(4, dtype=dtype).reshape(4, 1)
    cases = ((same_column_shifted, (6, p)), (last_column_of_first, (one,)), (header_read_after, (3, p)))
    for f, args in cases:
        want = f(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
        got = kiln.jit(f)(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
        np.testing.assert_array_equal(got, want)


def test_a_header_scalar_an_atomic_also_sets_stays() -> None:
    fn = optimize(lower(column_sweep, *_sweep_args()), *PIPELINE[:5]).fn
    outer = loops(fn)[0]
    movable = hoistable(fn, outer)
    header = next(s for s in outer.body if isinstance(s, ir.Assign) and s.sid in movable)
    inner = next(s for s in outer.body if isinstance(s, ir.For))
    one = ir.Const(1.0, ScalarType("float64"))
    atomic = ir.Atomic(
        "add", "p_p", (ir.Const(0, INT64), ir.Const(0, INT64)), one, target=header.target, sid=999
    )
    nest = dataclasses.replace(
        outer,
        body=tuple(
            s if s is not inner else dataclasses.replace(inner, body=(*inner.body, atomic))
            for s in outer.body
        ),
    )
    fn = dataclasses.replace(fn, body=tuple(nest if s is outer else s for s in fn.body))
    assert header.sid not in hoistable(fn, nest)
