"""Loop-invariant code motion: golden IR, differential results, aliasing, recipes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize, text

import kiln
from kiln.ir import nodes as ir
from kiln.transforms import recipes


def normalize(x, out):
    for i in kiln.prange(x.shape[0]):
        out[i] = x[i] / np.sqrt(np.sum(x * x))


GOLDEN = Path(__file__).parent / "golden"


def test_norm_leaves_the_parallel_loop_golden() -> None:
    x = np.ones(4)
    before = lower(normalize, x, x.copy(), parallel=True)
    outer = loops(before)[0]
    assert any(isinstance(s, ir.For) for s in outer.body)  # the norm is recomputed per iteration
    result = optimize(before, "licm")
    assert text(result.fn) == (GOLDEN / "licm_normalize.ir").read_text()
    assert [s.to_json() for s in result.steps] == [
        {"transformation": "hoist", "target": [7], "params": {"stmts": [2, 4]}}
    ]


@pytest.mark.parametrize("n", [0, 1, 7, 1000])
@pytest.mark.parametrize("parallel", [False, True])
def test_hoisted_norm_matches_numpy(n: int, parallel: bool) -> None:
    f = kiln.jit(normalize, parallel=parallel)
    x = np.linspace(0.5, 3.0, n)
    out, expected = np.empty(n), np.empty(n)
    f(x, out)
    for i in range(n):
        expected[i] = x[i] / np.sqrt(np.sum(x * x))
    np.testing.assert_allclose(out, expected, rtol=1e-13)


def test_aliasing_output_takes_the_unhoisted_version() -> None:
    def running(x, out):
        for i in range(x.shape[0]):
            out[i] = x[i] / np.sqrt(np.sum(x * x))

    x = np.linspace(1.0, 2.0, 6)
    expected = x.copy()
    running(expected, expected)  # out is x: each norm sees the elements written so far
    got = x.copy()
    kiln.jit(running)(got, got)
    np.testing.assert_allclose(got, expected, rtol=1e-13)
    separate = np.empty(6)
    kiln.jit(running)(x, separate)
    np.testing.assert_allclose(separate, x / np.sqrt(np.sum(x * x)), rtol=1e-13)


def test_accumulator_carried_between_iterations_stays() -> None:
    def carried(x):
        s = 0.0
        t = 0.0
        for _ in range(x.shape[0]):
            for j in range(x.shape[0]):
                s += x[j]
            t += s
        return t

    x = np.arange(5.0)
    fn = optimize(lower(carried, x), "licm")
    assert fn.steps == []
    assert kiln.jit(carried)(x) == carried(x)


def test_statement_reading_an_array_the_loop_writes_stays() -> None:
    def writes(x):
        for i in range(x.shape[0]):
            x[i] = np.sum(x) + i
        return x

    x = np.arange(4.0)
    assert optimize(lower(writes, x), "licm").steps == []
    np.testing.assert_array_equal(kiln.jit(writes)(x.copy()), writes(x.copy()))


def test_zero_trip_loop_does_not_run_hoisted_code() -> None:
    def maybe(x, n, out):
        for i in range(n):
            out[i] = x[i] + x[7] * np.sum(x)  # x[7] exists only when the loop runs

    x = np.arange(3.0)
    out = np.zeros(3)
    kiln.jit(maybe)(x, 0, out)
    np.testing.assert_array_equal(out, np.zeros(3))


def test_recipe_replays_on_a_fresh_ir() -> None:
    x = np.ones(4)
    result = optimize(lower(normalize, x, x.copy(), parallel=True), "licm")
    steps = recipes.loads(recipes.dumps(result.steps))
    replayed = recipes.replay(lower(normalize, x, x.copy(), parallel=True), steps)
    assert text(replayed) == text(result.fn)


def test_illegal_hoist_is_refused_with_a_reason() -> None:
    def writes(x):
        for i in range(x.shape[0]):
            x[i] = np.sum(x) + i

    fn = lower(writes, np.ones(3))
    loop = loops(fn)[0]
    inner = [s.sid for s in loop.body if isinstance(s, ir.For)]
    with pytest.raises(recipes.IllegalStep, match="hoist on loop"):
        recipes.apply_step(fn, recipes.Step("hoist", (loop.sid,), {"stmts": inner}))
    with pytest.raises(recipes.IllegalStep, match="no such loop"):
        recipes.apply_step(fn, recipes.Step("hoist", (999,), {"stmts": [1]}))
