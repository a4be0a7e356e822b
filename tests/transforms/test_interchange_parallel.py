"""A recurrence along columns of an array the function allocates, ``for j: y[:, j] = a * x[:, j]
+ b * y[:, j - 1]`` (NPBench deriche's shape).

The frontend guards the statement with an overlap test (``y[:, j]`` and ``y[:, j - 1]`` are
views of one array); once fusion and contraction leave its general branch without temporaries,
simplify drops the guard, the nest is perfect, and with threads interchange puts the rows
outermost: parallelize runs them on the threads, each a unit-stride recurrence. Without threads
the nest keeps its order; a diagonal recurrence, whose rows depend on each other, too.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import in_layout, loops, lower, optimize, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts

PIPELINE = ("fusion", "simplify", "contract", "simplify", "interchange", "licm", "parallelize")


def column_recurrence(x, a, b):
    y = x.copy()
    for j in range(1, x.shape[1]):
        y[:, j] = a * x[:, j] + b * y[:, j - 1]
    return y


def diagonal_recurrence(x):
    y = x.copy()
    for j in range(1, y.shape[1]):
        y[1:, j] = y[1:, j] + 0.5 * y[:-1, j - 1]
    return y


def _args(n: int = 6, m: int = 5) -> tuple:
    return np.ones((n, m)), 0.5, 0.25


def test_the_guard_goes_and_the_rows_run_in_parallel() -> None:
    result = optimize(lower(column_recurrence, *_args(), parallel=True), *PIPELINE, parallel=True)
    stmts = list(iter_stmts(result.fn.body))
    assert not any(isinstance(e, ir.Overlaps) for s in stmts for e in iter_exprs(s))
    nest = [lp for lp in loops(result.fn) if any(isinstance(s, ir.For) for s in lp.body)]
    outer = nest[-1]
    inner = next(s for s in outer.body if isinstance(s, ir.For))
    assert not any(isinstance(s, ir.Alloc | ir.View) for s in iter_stmts(outer.body))
    assert outer.parallel and not inner.parallel
    assert inner.var.endswith("it")  # the ``for j`` counter, now inside the rows
    assert any("interchanged" in n for n in result.notes[outer.sid] + result.notes[inner.sid])
    assert [s.transformation for s in result.steps][-2:] == ["interchange", "parallelize"]


def test_without_threads_the_nest_keeps_its_order() -> None:
    result = optimize(lower(column_recurrence, *_args()), *PIPELINE)
    outer = [lp for lp in loops(result.fn) if any(isinstance(s, ir.For) for s in lp.body)][-1]
    inner = next(s for s in outer.body if isinstance(s, ir.For))
    assert outer.var.endswith("it") and inner.parallel
    assert "interchange" not in [s.transformation for s in result.steps]


def test_dependent_rows_keep_the_order() -> None:
    result = optimize(lower(diagonal_recurrence, np.ones((6, 5)), parallel=True), *PIPELINE, parallel=True)
    outer = next(lp for lp in loops(result.fn) if lp.var.endswith("it"))
    assert not outer.parallel
    assert any(isinstance(s, ir.For) and s.parallel for s in iter_stmts(outer.body))
    notes = [n for ns in result.notes.values() for n in ns]
    assert any("no loop of the new order could run in parallel" in n for n in notes)


@pytest.mark.parametrize("nthreads", [1, 2])
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (4, 1), (7, 9), (300, 40)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex64])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_recurrences_match_python(nthreads, shape, dtype, layout) -> None:
    rng = np.random.default_rng(shape[0] + 7 * shape[1])
    x0 = rng.standard_normal(shape).astype(dtype)
    y0 = rng.standard_normal(shape).astype(dtype)
    want_col = column_recurrence(x0, 0.5, 0.25)
    want_diag = diagonal_recurrence(y0)
    with threads(nthreads):
        y = kiln.jit(parallel=True)(column_recurrence)(in_layout(x0, layout), 0.5, 0.25)
        d = kiln.jit(parallel=True)(diagonal_recurrence)(in_layout(y0, layout))
    tol = 1e-5 if dtype != np.float64 else 1e-12
    np.testing.assert_allclose(y, want_col, rtol=tol, atol=tol)
    np.testing.assert_allclose(d, want_diag, rtol=tol, atol=tol)
