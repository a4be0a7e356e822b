"""Loops that run in parallel once their array parameters are known apart.

``C[i, :i + 1] += alpha * A[i, k] * A[:i + 1, k]`` is guarded by the frontend's overlap test,
whose taken branch allocates a temporary; that allocation kept the row loop sequential. The
parallelize pass now judges the copy that runs with ``C`` and ``A`` apart and runs it under
``not overlaps(A, C)``. Also here: a subscript that is not affine leaves the other dimensions
of the dependence test in force, a triangular nest is dealt round-robin (chosen before the loop
runs), and the OpenMP threshold reads such a nest's work at its middle row.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from tests.transforms.support import golden, in_layout, loops, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts
from kiln.transforms import recipes


def rank_update(C, A, alpha):
    for i in range(C.shape[0]):
        C[i, : i + 1] *= 0.5
        for k in range(A.shape[1]):
            C[i, : i + 1] += alpha * A[i, k] * A[: i + 1, k]


def column_updates(C, A, B):
    for i in range(C.shape[0]):
        for j in range(C.shape[1]):
            C[:i, j] += B[i, j] * A[i, :i]


def scatter_columns(C, idx, A):
    for i in range(C.shape[0]):
        for j in range(idx.shape[0]):
            C[i, idx[j]] = A[i, j]


def scatter_rows(C, idx, A):
    for i in range(idx.shape[0]):
        for j in range(C.shape[1]):
            C[idx[i], j] += A[i, j]


def _outer(fn: ir.Function) -> ir.Stmt:
    return next(s for s in fn.body if isinstance(s, ir.If | ir.For))


def test_rank_update_runs_its_apart_copy_in_parallel() -> None:
    args = (np.ones((4, 4)), np.ones((4, 3)), 0.5)
    result = optimize(lower(rank_update, *args, parallel=True), "parallelize", parallel=True)
    golden("parallelize_apart_rank_update.ir", text(result.fn))
    version = _outer(result.fn)
    assert isinstance(version, ir.If)
    assert text_of(version.cond) == "not(overlaps(p_A, p_C)): bool"
    fast, slow = version.then[0], version.orelse[0]
    assert isinstance(fast, ir.For) and fast.parallel
    assert isinstance(slow, ir.For) and not slow.parallel
    # the parallel copy has neither the guard's temporary nor the guard, nor the views it read
    inside = list(iter_stmts(fast.body))
    assert not any(isinstance(s, ir.Alloc | ir.View) for s in inside)
    assert not any(isinstance(e, ir.Overlaps) for s in inside for e in iter_exprs(s))
    assert any(isinstance(s, ir.Alloc) for s in iter_stmts(slow.body))  # the original, untouched
    assert [s.transformation for s in result.steps] == ["parallelize"]
    fresh = lower(rank_update, *args, parallel=True)
    assert text(recipes.replay(fresh, result.steps)) == text(result.fn)


def test_a_loop_inside_another_keeps_its_guards() -> None:
    """NPBench symm's column loop: its copy with the parameters apart would be legal, but as a
    region per row it ran slower on two threads than on one; only outermost loops get one."""
    args = (np.ones((5, 6)), np.ones((5, 5)), np.ones((5, 6)))
    result = optimize(lower(column_updates, *args, parallel=True), "parallelize", parallel=True)
    columns = [lp for lp in loops(result.fn) if lp.var.endswith("it")][1]
    assert not columns.parallel
    assert "allocates" in " ".join(result.notes[columns.sid])


def text_of(e: ir.Expr) -> str:
    from kiln.ir.printer import print_expr

    return print_expr(e)


@pytest.mark.parametrize("nthreads", [1, 2])
@pytest.mark.parametrize("n, m", [(0, 2), (1, 1), (5, 3), (70, 9)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_rank_update_matches_python(nthreads, n, m, dtype, layout) -> None:
    rng = np.random.default_rng(n * 10 + m)
    c0 = rng.standard_normal((n, n)).astype(dtype)
    a0 = rng.standard_normal((n, m)).astype(dtype)
    expected = c0.copy()
    rank_update(expected, a0, 1.5)
    f = kiln.jit(parallel=True)(rank_update)
    with threads(nthreads):
        c = in_layout(c0, layout)
        f(c, in_layout(a0, layout), 1.5)
    tol = 1e-4 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(c, expected, rtol=tol, atol=tol)


@pytest.mark.parametrize("nthreads", [1, 2])
@pytest.mark.parametrize("how", ["same", "columns", "shifted"])
def test_rank_update_with_aliased_arguments_takes_the_original(nthreads, how) -> None:
    """``A`` sharing ``C``'s memory: the run-time test fails and the original loop runs, with the
    guard's temporaries (NumPy semantics: each statement reads its operands before writing)."""
    n = 12
    base = np.arange(n * (n + 3), dtype=np.float64).reshape(n, n + 3) % 7 - 3
    expected = base.copy()
    got = base.copy()

    def operands(buf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        c = buf[:, :n]
        if how == "same":
            return c, c
        if how == "columns":
            return c, buf[:, 2:5]
        return c, buf[:, 1 : n + 1]

    rank_update(*operands(expected), 0.01)
    f = kiln.jit(parallel=True)(rank_update)
    with threads(nthreads):
        f(*operands(got), 0.01)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-9)


def test_an_unknown_column_leaves_the_rows_apart() -> None:
    args = (np.zeros((3, 4)), np.array([3, 0, 1]), np.ones((3, 3)))
    result = optimize(lower(scatter_columns, *args, parallel=True), "parallelize", parallel=True)
    assert loops(result.fn)[0].parallel
    rows = optimize(lower(scatter_rows, *args, parallel=True), "parallelize", parallel=True)
    outer = loops(rows.fn)[0]
    assert not outer.parallel  # two iterations may name one row
    assert any(loop.parallel for loop in loops(rows.fn)[1:])  # the columns of a row are apart
    assert any("k3_ix, which the loop changes" in n for n in rows.notes[outer.sid])


@pytest.mark.parametrize("nthreads", [1, 2])
def test_scatters_match_python(nthreads) -> None:
    rng = np.random.default_rng(3)
    a = rng.standard_normal((300, 50))
    cols = rng.permutation(60)[:50]
    rows = rng.integers(0, 20, 300)  # repeated rows: += must accumulate in order
    with threads(nthreads):
        for fn, idx, shape in ((scatter_columns, cols, (300, 60)), (scatter_rows, rows, (20, 50))):
            expected, got = np.zeros(shape), np.zeros(shape)
            fn(expected, idx, a)
            kiln.jit(parallel=True)(fn)(got, idx, a)
            np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_a_triangular_nest_is_dealt_round_robin_and_sized_at_its_middle() -> None:
    f = kiln.jit(parallel=True)(rank_update)
    source = kiln.inspect(f, np.ones((8, 8)), np.ones((8, 3)), 0.5).split("==== c ====")[1]
    lines = source.splitlines()
    at = next(k for k, line in enumerate(lines) if "schedule(runtime)" in line)
    counter = re.match(r"\s*(v_\w+) = k_t\d+;", lines[at + 2])
    assert counter, lines[at + 2]
    # before the region: round-robin when the first row's work and the middle row's differ
    choice = next(line for line in reversed(lines[:at]) if "omp_set_schedule" in line)
    assert "omp_sched_static" in choice and "? 1 : 0" in choice
    threshold = next(line for line in reversed(lines[:at]) if "KILN_PAR_MIN" in line)
    for line in (choice, threshold):  # both run before the loop, where the counter is unset
        assert counter.group(1) not in line
    square = kiln.jit(parallel=True)(scatter_columns)
    plain = kiln.inspect(square, np.zeros((3, 4)), np.array([3, 0, 1]), np.ones((3, 3)))
    assert "schedule(static)" in plain and "schedule(runtime)" not in plain


def tiles(a, out):
    for t in range(0, a.shape[0], 64):
        for i in range(t, min(t + 64, a.shape[0])):
            out[i] = a[i] * 2.0


@pytest.mark.parametrize("nthreads", [1, 2])
@pytest.mark.parametrize("n", [0, 1, 63, 64, 1000])
def test_edge_clamps_keep_blocks_and_results(nthreads, n) -> None:
    """A tile loop's inner bound reads its counter only through the edge clamp: the run-time
    choice keeps whole blocks (the first tile's work equals the middle one's)."""
    a = np.arange(n, dtype=np.float64)
    expected, got = np.zeros(n), np.zeros(n)
    tiles(a, expected)
    f = kiln.jit(parallel=True)(tiles)
    with threads(nthreads):
        f(a, got)
    np.testing.assert_array_equal(got, expected)
