"""strip_outward: a row recurrence ``y[i, :] = a * x[i, :] + b * y[i - 1, :]`` (NPBench deriche's
row sweeps) runs its columns' strips outermost and in parallel, one region for the nest; a
recurrence that crosses columns keeps its order; without threads nothing changes."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import golden, in_layout, loops, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.transforms import recipes

PIPELINE = ("fusion", "simplify", "contract", "simplify", "interchange", "strip_outward", "parallelize")


def row_recurrence(x, a, b):
    y = x.copy()
    for i in range(1, x.shape[0]):
        y[i, :] = a * x[i, :] + b * y[i - 1, :]
    return y


def diagonal_rows(x):
    y = x.copy()
    for i in range(1, x.shape[0]):
        y[i, 1:] = y[i, 1:] + 0.5 * y[i - 1, :-1]
    return y


def _args() -> tuple:
    return np.ones((6, 5)), 0.5, 0.25


def test_row_strips_run_outermost_in_parallel() -> None:
    # the passes before strip_outward, then it and parallelize (simplify records no steps: the
    # replay starts from what it left)
    before = optimize(lower(row_recurrence, *_args(), parallel=True), *PIPELINE[:-2], parallel=True).fn
    result = optimize(before, "strip_outward", "parallelize", parallel=True)
    golden("strip_outward_rows.ir", text(result.fn))
    strips = next(lp for lp in loops(result.fn) if lp.var.endswith("strip"))
    rows = next(s for s in strips.body if isinstance(s, ir.For))
    columns = next(s for s in rows.body if isinstance(s, ir.For))
    assert strips.parallel and not rows.parallel and not columns.parallel
    assert isinstance(strips.step, ir.Const) and strips.step.value == 256
    assert isinstance(columns.stop, ir.Binary) and columns.stop.op == "min"
    assert [s.transformation for s in result.steps] == ["strip_outward", "parallelize"]
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


def test_a_recurrence_across_columns_keeps_its_order() -> None:
    result = optimize(lower(diagonal_rows, np.ones((6, 5)), parallel=True), *PIPELINE, parallel=True)
    assert not any(lp.var.endswith("strip") for lp in loops(result.fn))
    assert "strip_outward" not in [s.transformation for s in result.steps]


def test_without_threads_nothing_moves() -> None:
    result = optimize(lower(row_recurrence, *_args()), *PIPELINE)
    assert not any(lp.var.endswith("strip") for lp in loops(result.fn))


def test_the_step_checks_its_target() -> None:
    fn = lower(row_recurrence, *_args(), parallel=True)
    outer = next(lp for lp in loops(fn) if lp.var.endswith("it"))
    step = recipes.Step("strip_outward", (outer.sid,), {"size": 8})
    with pytest.raises(recipes.IllegalStep, match="outer loop and the loop right inside it"):
        recipes.replay(fn, [step])


@pytest.mark.parametrize("nthreads", [1, 2])
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (3, 255), (5, 257), (40, 600)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_recurrences_match_python(nthreads, shape, dtype, layout) -> None:
    x0 = (np.arange(int(np.prod(shape))) % 7 - 3).astype(dtype).reshape(shape)
    want_rows = row_recurrence(x0, 2, 1)
    with threads(nthreads):
        got_rows = kiln.jit(parallel=True)(row_recurrence)(in_layout(x0, layout), 2, 1)
        if dtype != np.int64:
            got_diag = kiln.jit(parallel=True)(diagonal_rows)(in_layout(x0, layout))
            np.testing.assert_allclose(got_diag, diagonal_rows(x0), rtol=1e-6)
    np.testing.assert_array_equal(got_rows, want_rows)
