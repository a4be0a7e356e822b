"""Array shrinking (a row buffer per iteration) and hoisted allocations: golden IR, structure,
results against NumPy on one and two threads, and the arrays that must stay whole."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import in_layout, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.transforms import recipes

GOLDEN = Path(__file__).parent / "golden"
BEFORE = ("fusion", "simplify", "recompute", "contract")


def softmax(x):
    tmp_max = np.max(x, axis=-1, keepdims=True)
    tmp_out = np.exp(x - tmp_max)
    tmp_sum = np.sum(tmp_out, axis=-1, keepdims=True)
    return tmp_out / tmp_sum


def normalized_exp(a, out):
    t = np.exp(a)
    out[:] = t / np.sum(t, axis=1, keepdims=True)


def returned_too(x):
    e = np.exp(x)
    return e / np.sum(e, axis=-1, keepdims=True), e  # e escapes: stays whole


def reversed_rows(x):
    e = np.exp(x)
    return e[::-1] * 2.0  # a view of e: stays whole


def allocs(fn: ir.Function, array: str) -> list[ir.Alloc]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.Alloc) and s.target == array]


def test_softmax_row_buffer_golden() -> None:
    x = np.ones((2, 3, 4), np.float32)
    before = optimize(lower(softmax, x, parallel=True), *BEFORE, parallel=True).fn
    assert allocs(before, "u_tmp_out")[0].type.ndim == 3
    result = optimize(before, "shrink", parallel=True)
    assert text(result.fn) == (GOLDEN / "shrink_softmax.ir").read_text()
    [alloc] = allocs(result.fn, "u_tmp_out")
    assert alloc.type.ndim == 1 and len(alloc.shape) == 1
    steps = [s.to_json() for s in result.steps]
    assert steps == [{"transformation": "shrink", "target": [8, 7], "params": {"array": "u_tmp_out"}}]


def test_recipe_replays_and_refuses() -> None:
    x = np.ones((2, 3, 4), np.float32)
    before = optimize(lower(softmax, x, parallel=True), *BEFORE, parallel=True).fn
    result = optimize(before, "shrink", parallel=True)
    steps = recipes.loads(recipes.dumps(result.steps))
    assert text(recipes.replay(before, steps)) == text(result.fn)
    with pytest.raises(recipes.IllegalStep, match="rows do not belong to those loops"):
        recipes.apply_step(before, recipes.Step("shrink", (8,), {"array": "u_tmp_out"}))
    with pytest.raises(recipes.IllegalStep, match="keeps to itself"):
        recipes.apply_step(before, recipes.Step("shrink", (8, 7), {"array": "p_x"}))


@pytest.mark.parametrize("fn", [returned_too, reversed_rows])
def test_escaping_arrays_stay_whole(fn) -> None:  # noqa: ANN001
    x = np.ones((3, 4))
    result = optimize(lower(fn, x, parallel=True), *BEFORE, "shrink", parallel=True)
    assert all(s.transformation != "shrink" for s in result.steps)
    assert all(a.type.ndim == 2 for a in allocs(result.fn, "u_e"))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(0, 5), (1, 1), (3, 0), (5, 7), (2, 3, 33)])
@pytest.mark.parametrize("nthreads", [1, 2])
def test_softmax_matches_numpy(dtype, shape: tuple[int, ...], nthreads: int) -> None:  # noqa: ANN001
    rng = np.random.default_rng(4)
    x = (rng.standard_normal(shape) * 3).astype(dtype)
    f = kiln.jit(softmax, parallel=True)
    with threads(nthreads):
        if 0 in shape[-1:] and shape[0] * (shape[1] if len(shape) > 2 else 1):
            with pytest.raises(ValueError, match="zero-size array"):
                f(x)
            return
        got = f(x)
    np.testing.assert_allclose(got, softmax(x), rtol=2e-6 if dtype == np.float32 else 1e-13, atol=1e-7)
    assert "shrunk" in kiln.report(f, x)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("parallel", [False, True])
def test_layouts_and_aliasing(layout: str, parallel: bool) -> None:
    rng = np.random.default_rng(5)
    a = in_layout(rng.random((6, 9)), layout)
    out = np.zeros((6, 9))
    expected = np.exp(a) / np.sum(np.exp(a), axis=1, keepdims=True)
    f = kiln.jit(normalized_exp, parallel=parallel)
    f(a, out)
    np.testing.assert_allclose(out, expected, rtol=1e-13)
    same = a.copy()
    f(same, same)  # out is a: the whole of t is computed before any of out is written
    np.testing.assert_allclose(same, expected, rtol=1e-13)


def test_parallel_body_gets_a_block_per_thread() -> None:
    x = np.ones((4, 64, 16), np.float32)
    f = kiln.jit(softmax, parallel=True)
    f(x)
    c = f.inspect(x)
    # one block of kiln_worker_count() rows before the loops; each thread points at its own
    assert c.count("kiln_scratch_array(1, d_") == 1
    assert "(npy_intp)kiln_worker_count() *" in c
    block = "(float*)PyArray_DATA((PyArrayObject*)a_u_tmp_out_o)"
    assert f"a_u_tmp_out_d = {block} + (npy_intp)kiln_worker_id()" in c
    pragmas = [line for line in c.splitlines() if "#pragma omp parallel for" in line]
    assert pragmas and all("a_u_tmp_out_d" in p for p in pragmas)


def rows_with_temporary(a, out):
    for i in range(a.shape[0]):
        t = np.empty(a.shape[1])
        for j in range(a.shape[1]):
            t[j] = a[i, j] * 2.0
        s = 0.0
        for j in range(a.shape[1]):
            s += t[j]
        for j in range(a.shape[1]):
            out[i, j] = t[j] / s


def test_private_allocation_lets_the_loop_run_in_parallel() -> None:
    a = np.arange(1.0, 31.0).reshape(5, 6)
    fn = lower(rows_with_temporary, a, np.empty((5, 6)), parallel=True)
    result = optimize(fn, "parallelize", parallel=True)
    loops_ = [s for s in iter_stmts(result.fn.body) if isinstance(s, ir.For)]
    rows = [s for s in loops_ if isinstance(s.body[1], ir.Alloc)]
    assert rows and rows[0].parallel  # the copy that runs with a and out apart
    f = kiln.jit(rows_with_temporary, parallel=True)
    expected = np.empty((5, 6))
    rows_with_temporary(a, expected)
    for n in (1, 2):
        out = np.zeros((5, 6))
        with threads(n):
            f(a, out)
        np.testing.assert_allclose(out, expected, rtol=1e-13)
    c = f.inspect(a, out)
    # one block before each version of the row loop (apart and overlapping), not one per row
    assert c.count("kiln_scratch_array(1, d_") == 2


def test_time_loop_temporary_is_taken_once() -> None:
    def sweeps(a, n):
        for _ in range(n):
            t = a * 0.5
            a[1:] = t[:-1] + 1.0  # t is read shifted: it stays an array
        return a

    f = kiln.jit(sweeps)
    a = np.linspace(0.0, 1.0, 50)
    np.testing.assert_allclose(f(a.copy(), 7), sweeps(a.copy(), 7), rtol=1e-13)
    np.testing.assert_allclose(f(a.copy(), 0), a, rtol=1e-13)
    c = f.inspect(a.copy(), 7).split("==== c ====")[1]
    taken = c.index("kiln_scratch_array(1, d_")
    assert c.count("kiln_scratch_array(1, d_") == 1 and taken < c.index("/* kiln loop #")


def test_negative_extent_still_raises() -> None:
    def make(n, k):
        total = 0.0
        for i in range(k):
            t = np.empty(n)
            t[:] = float(i)
            total += t.sum()
        return total

    f = kiln.jit(make)
    assert f(3, 4) == make(3, 4)
    assert f(-1, 0) == 0.0  # the loop never runs: nothing to raise
    with pytest.raises(ValueError, match="negative dimensions"):
        f(-1, 2)
