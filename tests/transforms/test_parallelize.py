"""The parallelize pass on reductions: golden IR for a floating-point sum and an arg-extreme
scan, the recipe step, and the scans it must leave sequential."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize, text

import kiln
from kiln.ir.parser import parse_function
from kiln.ir.verifier import IRVerifyError
from kiln.ir.verifier import verify_function as verify
from kiln.transforms import recipes

GOLDEN = Path(__file__).parent / "golden"


def dot(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s


def first_max(a):
    best = a[0]
    at = 0
    for i in range(a.shape[0]):
        if a[i] > best:
            best = a[i]
            at = i
    return at


def ties_go_last(a):
    best = a[0]
    at = 0
    for i in range(a.shape[0]):
        if a[i] >= best:  # not a strict order: blocks could not be folded in order
            best = a[i]
            at = i
    return at


def best_read_elsewhere(a, out):
    best = a[0]
    at = 0
    for i in range(a.shape[0]):
        out[i] = best
        if a[i] > best:
            best = a[i]
            at = i
    return at


def _golden(name: str, actual: str) -> None:
    path = GOLDEN / name
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        path.write_text(actual)
    assert actual == path.read_text()


@pytest.mark.parametrize("fn, name", [(dot, "parallelize_dot.ir"), (first_max, "parallelize_argmax.ir")])
def test_reduction_loops_golden(fn, name) -> None:
    args = (np.ones(4),) * (2 if fn is dot else 1)
    result = optimize(lower(fn, *args, parallel=True), "parallelize", parallel=True)
    _golden(name, text(result.fn))
    assert [s.transformation for s in result.steps] == ["parallelize"]
    fresh = lower(fn, *args, parallel=True)
    assert text(recipes.replay(fresh, result.steps)) == text(result.fn)
    parsed = parse_function(text(result.fn))  # the select reductions read back and verify
    verify(parsed)
    assert text(parsed) == text(result.fn)


def test_verifier_rejects_a_select_without_its_scan() -> None:
    result = optimize(lower(first_max, np.ones(4), parallel=True), "parallelize", parallel=True)
    broken = text(result.fn).replace("if #6 gt(", "if #6 ge(")
    with pytest.raises(IRVerifyError, match="select reduction"):
        verify(parse_function(broken))


def test_argmax_scan_reductions() -> None:
    result = optimize(lower(first_max, np.ones(4), parallel=True), "parallelize", parallel=True)
    (loop,) = loops(result.fn)
    assert loop.parallel and loop.reductions == (("u_at", "select"), ("u_best", "select"))


@pytest.mark.parametrize("fn", [ties_go_last, best_read_elsewhere])
def test_scans_that_are_not_selects_stay_sequential(fn) -> None:
    args = (np.ones(4),) if fn is ties_go_last else (np.ones(4), np.ones(4))
    result = optimize(lower(fn, *args, parallel=True), "parallelize", parallel=True)
    assert result.steps == []
    assert not any(loop.parallel for loop in loops(result.fn))


def two_sweeps(a, b):
    for i in range(1, a.shape[0] - 1):
        for j in range(1, a.shape[1] - 1):
            b[i, j] = a[i - 1, j] + a[i + 1, j]
    for i in range(1, a.shape[0] - 1):
        for j in range(1, a.shape[1] - 1):
            a[i, j] = b[i, j - 1] + b[i, j + 1]


def counter_read_after(a):
    j = 0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = 1.0
    return j


def test_reused_loop_counters_do_not_serialize_outer_loops() -> None:
    # the second nest assigns i and j before it reads them: neither is live after the first
    a, b = np.ones((5, 6)), np.ones((5, 6))
    result = optimize(lower(two_sweeps, a, b, parallel=True), "parallelize", parallel=True)
    outer = [lp for lp in loops(result.fn) if lp.parallel]
    assert outer and all(any(isinstance(s, type(lp)) for s in lp.body) for lp in outer)  # rows, not columns
    got_a, got_b = a.copy(), b.copy()
    kiln.jit(two_sweeps, parallel=True)(got_a, got_b)
    two_sweeps(a, b)
    np.testing.assert_array_equal(got_a, a)
    np.testing.assert_array_equal(got_b, b)


def test_a_counter_read_after_the_nest_keeps_it_sequential() -> None:
    a = np.ones((5, 6))
    result = optimize(lower(counter_read_after, a, parallel=True), "parallelize", parallel=True)
    (outer, *_) = loops(result.fn)
    assert not outer.parallel
    assert kiln.jit(counter_read_after, parallel=True)(np.ones((5, 6))) == 5


def _rows_then_branch(a, out):
    for i in range(a.shape[0]):
        if a[i, 0] > 0:
            for j in range(a.shape[1]):
                out[i, j] = a[i, j]
    for k in range(a.shape[1]):
        out[0, k] += 1.0


def test_inside_a_loop_sees_through_branches_only_under_loops() -> None:
    from kiln.ir.visit import iter_stmts
    from kiln.transforms.passes.parallelize import _inside_a_loop

    fn = lower(_rows_then_branch, np.ones((3, 4)), np.zeros((3, 4)))
    all_loops = loops(fn)
    nested = [lp for lp in all_loops if any(t is lp for s in all_loops for t in iter_stmts(s.body))]
    assert len(all_loops) == 3 and len(nested) == 1  # j, under the branch in the i loop
    assert [_inside_a_loop(fn, lp) for lp in all_loops] == [lp in nested for lp in all_loops]
