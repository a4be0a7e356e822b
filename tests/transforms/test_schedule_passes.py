"""The scheduling passes (``hoist_blocks``, ``team_regions``, ``schedule_loops``): what they mark
in the IR (golden IR, text round trip, the verifier's rules for the marks), that the marks are
what the C follows (turning a pass off removes its construct from the C), and that results
match NumPy either way."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest
from tests.transforms.support import golden, lower, optimize, text

import kiln
from kiln.ir import nodes as ir
from kiln.ir.parser import parse_function
from kiln.ir.verifier import IRVerifyError, verify_function
from kiln.ir.visit import iter_stmts, map_stmts
from kiln.transforms.pass_manager import PIPELINES

CPU_THEN_SCHEDULE = (*PIPELINES["cpu"], *PIPELINES["schedule"])


def smooth(a, steps):
    for _ in range(steps):
        tmp = a.copy()
        a[1:-1] = 0.5 * (tmp[:-2] + tmp[2:])


def row_sums(a, out):
    for i in kiln.prange(a.shape[0]):
        row = np.empty(a.shape[1])
        for j in range(a.shape[1]):
            row[j] = a[i, j] * 2.0
        out[i] = row.sum()


def sweeps(steps, a, b):
    for _t in range(steps):
        b[1:-1] = 0.33333 * (a[:-2] + a[1:-1] + a[2:])
        a[1:-1] = 0.33333 * (b[:-2] + b[1:-1] + b[2:])


def relax_until(a, tol):
    err = 1.0
    while err > tol:
        a[1:-1] = 0.5 * (a[:-2] + a[2:])
        err = np.abs(a).max()
    return err


def few_rows(a):
    for i in kiln.prange(3):
        for j in range(a.shape[1]):
            a[i, j] += 1.0


def triangle(a, out):
    for i in kiln.prange(a.shape[0]):
        s = 0.0
        for j in range(i + 1):
            s += a[i, j]
        out[i] = s


def _marked(fn: ir.Function, kind: type, field: str) -> list[object]:
    return [getattr(s, field) for s in iter_stmts(fn.body) if isinstance(s, kind)]


def _scheduled(f, *args, parallel: bool = True) -> ir.Function:
    return optimize(lower(f, *args, parallel=parallel), *CPU_THEN_SCHEDULE, parallel=parallel).fn


def test_blocks_hoisted_out_of_a_time_loop() -> None:
    fn = _scheduled(smooth, np.ones(8), 3, parallel=False)
    golden("schedule_smooth.ir", text(fn))
    assert _marked(fn, ir.Alloc, "hoist") == [1]
    assert _marked(fn, ir.Alloc, "per_thread") == [False]


def test_block_per_thread_in_a_parallel_loop() -> None:
    fn = _scheduled(row_sums, np.ones((4, 5)), np.zeros(4))
    golden("schedule_row_sums.ir", text(fn))
    # two copies of the loop (``a`` and ``out`` may overlap): the parallel one needs a block per
    # thread, the sequential one (whose reduction is what runs in parallel) needs one
    assert _marked(fn, ir.Alloc, "hoist") == [1, 1]
    assert _marked(fn, ir.Alloc, "per_thread") == [True, False]
    # without OpenMP the parallel loop runs on one thread: one block serves it
    seq = _scheduled(row_sums, np.ones((4, 5)), np.zeros(4), parallel=False)
    assert _marked(seq, ir.Alloc, "per_thread") == [False]  # and no overlap copy


def test_team_loops() -> None:
    fn = _scheduled(sweeps, 3, np.ones(9), np.ones(9))
    golden("schedule_sweeps.ir", text(fn))
    fors = [s for s in iter_stmts(fn.body) if isinstance(s, ir.For)]
    assert fors[0].team and not any(f.team for f in fors[1:])
    whiles = _scheduled(relax_until, np.ones(9), 0.1)
    assert _marked(whiles, ir.While, "team") == [True]
    # sequential code has no team to share
    assert not any(_marked(_scheduled(sweeps, 3, np.ones(9), np.ones(9), parallel=False), ir.For, "team"))


def test_collapse_and_adaptive_schedule() -> None:
    fn = _scheduled(few_rows, np.ones((3, 5)))
    golden("schedule_few_rows.ir", text(fn))
    assert _marked(fn, ir.For, "collapse") == [True, False]
    tri = _scheduled(triangle, np.ones((5, 5)), np.zeros(5))
    assert [s for s in _marked(tri, ir.For, "schedule") if s] == ["adaptive"]
    assert not any(_marked(tri, ir.For, "collapse"))  # the inner bounds read the counter


@pytest.mark.parametrize(
    "f, args",
    [
        (smooth, (np.ones(8), 3)),
        (row_sums, (np.ones((4, 5)), np.zeros(4))),
        (sweeps, (3, np.ones(9), np.ones(9))),
        (relax_until, (np.ones(9), 0.1)),
        (few_rows, (np.ones((3, 5)),)),
        (triangle, (np.ones((5, 5)), np.zeros(5))),
    ],
)
def test_marks_round_trip_through_text(f, args) -> None:
    fn = _scheduled(f, *args)
    assert text(parse_function(text(fn))) == text(fn)


def _replace_first(fn: ir.Function, kind: type, **changes: object) -> ir.Function:
    done = []

    def change(s: ir.Stmt) -> ir.Stmt | None:
        if isinstance(s, kind) and not done:
            done.append(s)
            return dataclasses.replace(s, **changes)
        return None

    # map_stmts is bottom-up: the innermost statement of the kind changes first
    return dataclasses.replace(fn, body=map_stmts(fn.body, change))


def test_verifier_rejects_marks_that_cannot_hold() -> None:
    rows = _scheduled(row_sums, np.ones((4, 5)), np.zeros(4))
    with pytest.raises(IRVerifyError, match="hoisted out of 3 of 1 loops"):
        verify_function(_replace_first(rows, ir.Alloc, hoist=3))
    with pytest.raises(IRVerifyError, match="block per thread"):
        verify_function(_replace_first(rows, ir.Alloc, hoist=0, per_thread=True))
    with pytest.raises(IRVerifyError, match="team loop inside a parallel loop"):
        verify_function(_replace_first(rows, ir.For, team=True))  # the inner loop of prange
    with pytest.raises(IRVerifyError, match="collapse or schedule of a sequential loop"):
        verify_function(_replace_first(rows, ir.For, collapse=True))
    with pytest.raises(IRVerifyError, match="loop schedule"):
        outer = _scheduled(few_rows, np.ones((3, 5)))
        changed = dataclasses.replace(outer, body=tuple(
            dataclasses.replace(s, schedule="guided") if isinstance(s, ir.For) else s for s in outer.body
        ))  # fmt: skip
        verify_function(changed)


N = 70_000  # a sweep this long starts the team (KILN_PAR_SWEEP)


@pytest.mark.parametrize("team", [True, False])
def test_team_mark_is_what_the_c_follows(team: bool) -> None:
    f = kiln.jit(sweeps, parallel=True, passes={"team_regions": {"enabled": team}})
    a, b = np.linspace(0.0, 1.0, N), np.zeros(N)
    ra, rb = a.copy(), b.copy()
    for _t in range(12):
        rb[1:-1] = 0.33333 * (ra[:-2] + ra[1:-1] + ra[2:])
        ra[1:-1] = 0.33333 * (rb[:-2] + rb[1:-1] + rb[2:])
    f(12, a, b)
    np.testing.assert_allclose(a, ra, rtol=1e-12)
    np.testing.assert_allclose(b, rb, rtol=1e-12)
    c = f.inspect(12, a, b).split("==== c ====")[-1]
    assert bool(re.search(r"kiln_barrier k_bar\d+ =", c)) == team  # the region's meeting point


@pytest.mark.parametrize("collapse", [True, False])
def test_collapse_mark_is_what_the_c_follows(collapse: bool) -> None:
    f = kiln.jit(few_rows, parallel=True, passes={"schedule_loops": {"collapse": collapse}})
    a = np.arange(3 * 5000, dtype=np.float64).reshape(3, 5000)
    expected = a + 1.0
    f(a)
    np.testing.assert_array_equal(a, expected)
    assert ("collapse(2)" in f.inspect(a)) == collapse
