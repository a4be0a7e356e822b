"""unswitch: a loop whose checks do not change in it runs without them where they hold, and as
written where they fail (the same exception, after the same writes); licm then hoists out of the
copy without checks. Golden IR, recipes, results against Python/NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import golden, loops, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.options import Options
from kiln.transforms import recipes
from kiln.transforms.pass_manager import run_passes
from kiln.transforms.recipes import IllegalStep, Step


def shifted_norm(x, out, k):
    for i in kiln.prange(x.shape[0]):
        out[i] = (x[i] + k) / np.sqrt(np.sum(x * x))


def dot_norm(x, y, out):
    for i in kiln.prange(x.shape[0]):
        out[i] = x[i] / np.sqrt(np.sum(x * y))


def write_then_shift(x, out, k):
    for i in range(x.shape[0]):
        out[i] = 1.0
        out[i] = x[i] + k


def _capped_shift(v, k):
    if v > 100:
        return v
    return v + k


def capped_shifts(x, out, k):
    for i in range(x.shape[0]):
        out[i] = _capped_shift(x[i], k)


def shifted_rows(x, out, k):
    for i in range(x.shape[0]):
        out[i, :] = x[i, :] + k


def shift_by_index(x, out):
    for i in range(x.shape[0]):
        out[i] = x[i] + i


def shift_by_running_offset(x, out, k):
    for i in range(x.shape[0]):
        k = k + 1
        out[i] = x[i] + k


def test_norm_leaves_a_loop_with_an_invariant_check_golden() -> None:
    x = np.arange(4, dtype=np.int32)
    before = lower(shifted_norm, x, np.empty(4), 3, parallel=True)
    result = optimize(before, "unswitch", "licm", "parallelize", parallel=True)
    golden("unswitch_shifted_norm.ir", text(result.fn))
    split = next(s for s in result.fn.body if isinstance(s, ir.If))
    fast, slow = split.then, split.orelse
    assert not any(isinstance(s, ir.Check) for s in iter_stmts(fast))
    rows = [s for s in iter_stmts(fast) if isinstance(s, ir.For) and s.var == "k1_it"]
    assert any(not any(isinstance(t, ir.For) for t in r.body) for r in rows)  # the norm was hoisted
    slow_loop = next(s for s in slow if isinstance(s, ir.For))
    assert any(isinstance(s, ir.Check) for s in slow_loop.body)
    assert any(isinstance(s, ir.For) for s in slow_loop.body)  # a loop that may raise keeps its norm
    assert [s.transformation for s in result.steps][:2] == ["unswitch", "hoist"]
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.uint8, np.int64])
@pytest.mark.parametrize("n", [0, 1, 7, 300])
@pytest.mark.parametrize("nthreads", [1, 2])
def test_shifted_norm_matches_numpy(dtype, n: int, nthreads: int) -> None:
    x = (np.arange(n) % 50 + 1).astype(dtype)
    out = np.empty(n)
    with threads(nthreads):
        kiln.jit(shifted_norm, parallel=True)(x, out, 3)
    expected = np.empty(n)
    with np.errstate(all="ignore"):  # int8 squares wrap, as in NumPy: a negative sum, a NaN root
        for i in range(n):
            expected[i] = (x[i] + 3) / np.sqrt(np.sum(x * x))
    np.testing.assert_allclose(out, expected, rtol=1e-13)


def test_strided_input_matches_numpy() -> None:
    base = (np.arange(40) % 9).astype(np.int16)
    x, out = base[::3], np.empty(14)
    kiln.jit(shifted_norm, parallel=True)(x, out, -2)
    expected = np.array([(x[i] - 2) / np.sqrt(np.sum(x * x)) for i in range(14)])
    np.testing.assert_allclose(out, expected, rtol=1e-13)


@pytest.mark.parametrize("k", [2**31, -(2**31) - 1, 2**40])
def test_a_failing_check_raises_after_the_same_writes(k: int) -> None:
    x = np.arange(5, dtype=np.int32)
    got, want = np.zeros(5), np.zeros(5)
    with pytest.raises(OverflowError, match="out of bounds for int32") as python_error:
        write_then_shift(x, want, k)
    with pytest.raises(OverflowError, match="out of bounds for int32") as kiln_error:
        kiln.jit(write_then_shift)(x, got, k)
    assert str(kiln_error.value) == str(python_error.value)
    np.testing.assert_array_equal(got, want)  # out[0] = 1.0 ran before the check failed
    assert got[0] == 1.0


def test_a_passing_check_is_gone_from_the_loop_that_runs() -> None:
    x = np.arange(5, dtype=np.int32)
    fn = optimize(lower(write_then_shift, x, np.zeros(5), 7), "unswitch").fn
    split = next(s for s in fn.body if isinstance(s, ir.If))
    assert not any(isinstance(s, ir.Check) for s in iter_stmts(split.then))
    got = np.zeros(5)
    kiln.jit(write_then_shift)(x, got, 7)
    np.testing.assert_array_equal(got, x + 7)


@pytest.mark.parametrize("f", [shift_by_index, shift_by_running_offset])
def test_checks_that_change_in_the_loop_stay(f) -> None:
    x = np.arange(6, dtype=np.int16)
    args = (x, np.zeros(6)) if f is shift_by_index else (x, np.zeros(6), 3)
    before = lower(f, *args)
    result = optimize(before, "unswitch")
    assert not result.steps
    assert not any(isinstance(s, ir.If) for s in result.fn.body)
    got, want = (args[0], np.zeros(6), *args[2:]), (args[0], np.zeros(6), *args[2:])
    kiln.jit(f)(*got)
    f(*want)
    np.testing.assert_array_equal(got[1], want[1])


def test_large_loops_are_not_copied() -> None:
    x = np.arange(4, dtype=np.int32)
    before = lower(shifted_norm, x, np.empty(4), 3, parallel=True)
    size = sum(1 for _ in iter_stmts(loops(before)[:1]))
    kept = run_passes(before, Options(parallel=True), (("unswitch", {"max_stmts": size - 1}),))
    assert not kept.steps
    split = run_passes(before, Options(parallel=True), (("unswitch", {"max_stmts": size}),))
    assert [s.transformation for s in split.steps] == ["unswitch"]
    kept = run_passes(before, Options(parallel=True), (("unswitch", {"growth": 0.5}),))
    assert not kept.steps  # the copy would add more than half the function's statements


def test_a_check_in_a_loop_that_gains_nothing_stays() -> None:
    # the check runs once per row, beside a row loop with nothing invariant to hoist: no copy
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    result = optimize(lower(shifted_rows, x, np.zeros((3, 4), np.int32), 5), "unswitch")
    assert not result.steps
    got = np.zeros((3, 4), np.int32)
    kiln.jit(shifted_rows)(x, got, 5)
    np.testing.assert_array_equal(got, x + 5)


def test_the_step_checks_its_target() -> None:
    x = np.arange(4, dtype=np.int16)
    fn = lower(shift_by_index, x, np.zeros(4))
    loop = loops(fn)[0]
    check = next(s for s in iter_stmts(loop.body) if isinstance(s, ir.Check))
    with pytest.raises(IllegalStep, match="changes in the loop"):
        recipes.apply_step(fn, Step("unswitch", (loop.sid,), {"checks": [check.sid]}))
    with pytest.raises(IllegalStep, match="no such loop"):
        recipes.apply_step(fn, Step("unswitch", (9999,), {"checks": [check.sid]}))


def test_a_copied_inlined_call_gets_labels_of_its_own() -> None:
    # the inlined call's early return is a C label: both copies of the loop hold one
    x = np.array([5, 200, -3, 100, 101], dtype=np.int32)
    fn = optimize(lower(capped_shifts, x, np.zeros(5, np.int32), 7), "unswitch").fn
    blocks = [s for s in iter_stmts(fn.body) if isinstance(s, ir.Block)]
    assert len(blocks) == 2 and blocks[0].label == blocks[1].label
    got, want = np.zeros(5, np.int32), np.zeros(5, np.int32)
    kiln.jit(capped_shifts)(x, got, 7)
    capped_shifts(x, want, 7)
    np.testing.assert_array_equal(got, want)
    with pytest.raises(OverflowError):
        kiln.jit(capped_shifts)(x, got, 2**33)


def test_a_broadcast_checked_norm_leaves_the_loop() -> None:
    # x * y checks that the two broadcast; unswitched, licm hoists the whole versioned sum
    # (each version resets its own accumulator) out of the copy without the check
    x = np.ones(5)
    before = lower(dot_norm, x, x.copy(), x.copy(), parallel=True)
    result = optimize(before, "unswitch", "licm", "parallelize", parallel=True)
    assert [s.transformation for s in result.steps][:2] == ["unswitch", "hoist"]
    split = next(s for s in result.fn.body if isinstance(s, ir.If))
    rows = [s for s in iter_stmts(split.then) if isinstance(s, ir.For) and s.var == "k1_it"]
    assert any(not any(isinstance(t, ir.For) for t in iter_stmts(r.body)) for r in rows)  # hoisted
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


@pytest.mark.parametrize(("n", "m"), [(0, 0), (1, 1), (6, 6), (6, 1), (1, 6), (500, 500)])
def test_dot_norm_matches_numpy(n: int, m: int) -> None:
    x, y = np.linspace(1.0, 2.0, n), np.linspace(2.0, 3.0, m)
    out, expected = np.zeros(n), np.zeros(n)
    kiln.jit(dot_norm, parallel=True)(x, y, out)
    for i in range(n):
        expected[i] = x[i] / np.sqrt(np.sum(x * y))
    np.testing.assert_allclose(out, expected, rtol=1e-13)


def test_dot_norm_of_arrays_that_do_not_broadcast_raises() -> None:
    x, y, out = np.ones(4), np.ones(3), np.zeros(4)
    with pytest.raises(ValueError, match="broadcast"):
        kiln.jit(dot_norm, parallel=True)(x, y, out)
    np.testing.assert_array_equal(out, np.zeros(4))  # the first iteration raised before its store
