"""recompute: ``vals @ x[cols]`` reads ``x[cols[k]]`` in the dot product itself instead of a
gathered temporary, so a loop over CSR rows (NPBench's spmv) allocates nothing and runs its rows
in parallel; a gather whose sources change, or that is read in a nested loop, stays."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import golden, loops, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.transforms import recipes

PIPELINE = ("fusion", "simplify", "recompute", "contract", "simplify", "parallelize")


def csr_rows(row, col, val, x):
    y = np.empty(row.size - 1, val.dtype)
    for i in range(row.size - 1):
        cols = col[row[i] : row[i + 1]]
        vals = val[row[i] : row[i + 1]]
        y[i] = vals @ x[cols]
    return y


def gather_then_write(x, idx):
    t = x[idx]
    x[0] = 100.0
    return t * 2.0


def gather_in_place(x, idx):
    x[:] = x[idx] * 2.0
    return x


def outer_of_gather(x, idx):
    t = x[idx]
    out = np.empty((idx.size, idx.size), x.dtype)
    for i in range(idx.size):
        for j in range(idx.size):
            out[i, j] = t[i] * t[j]
    return out


def returned_gather(x, idx):
    return x[idx]


def _csr(rows: int, cols: int, per_row: list[int], index_dtype, dtype, rng) -> tuple:
    counts = np.array([per_row[i % len(per_row)] for i in range(rows)], dtype=np.int64)
    row = np.concatenate([[0], np.cumsum(counts)]).astype(index_dtype)
    col = rng.integers(0, max(cols, 1), int(counts.sum())).astype(index_dtype)
    val = (rng.integers(-4, 5, int(counts.sum()))).astype(dtype)
    return row, col, val


def _args(rows: int = 5, cols: int = 7) -> tuple:
    rng = np.random.default_rng(0)
    row, col, val = _csr(rows, cols, [2, 0, 3], np.int64, np.float64, rng)
    return row, col, val, rng.random(cols)


def test_the_gather_is_read_in_place_and_the_rows_run_in_parallel() -> None:
    fn = lower(csr_rows, *_args(), parallel=True)
    before = optimize(fn, "fusion", "simplify", parallel=True).fn
    result = optimize(before, *PIPELINE[2:], parallel=True)
    golden("recompute_csr_rows.ir", text(result.fn))
    rows = next(lp for lp in loops(result.fn) if lp.var.endswith("it"))
    assert rows.parallel
    assert not any(isinstance(s, ir.Alloc) for s in iter_stmts(rows.body))
    assert [s.transformation for s in result.steps][:1] == ["recompute"]
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


def test_a_gather_whose_source_changes_stays() -> None:
    x, idx = np.arange(6.0), np.array([0, 2, 0])
    result = optimize(lower(gather_then_write, x, idx), *PIPELINE)
    assert "recompute" not in [s.transformation for s in result.steps]
    assert np.array_equal(kiln.jit(gather_then_write)(x.copy(), idx), gather_then_write(x.copy(), idx))


def test_a_gather_read_in_a_nested_loop_stays() -> None:
    x, idx = np.arange(6.0), np.array([5, 1, 3])
    result = optimize(lower(outer_of_gather, x, idx), *PIPELINE)
    assert "recompute" not in [s.transformation for s in result.steps]
    assert np.array_equal(kiln.jit(outer_of_gather)(x, idx), outer_of_gather(x, idx))


def test_a_returned_gather_stays() -> None:
    x, idx = np.arange(6.0), np.array([5, 1])
    result = optimize(lower(returned_gather, x, idx), *PIPELINE)
    assert "recompute" not in [s.transformation for s in result.steps]


def test_the_step_checks_its_target() -> None:
    fn = lower(csr_rows, *_args(), parallel=True)
    rows = next(lp for lp in loops(fn) if lp.var.endswith("it"))
    with pytest.raises(recipes.IllegalStep, match="not a loop whose body is one store"):
        recipes.replay(fn, [recipes.Step("recompute", (rows.sid,), {"array": "k8_gather"})])


@pytest.mark.parametrize("nthreads", [1, 2])
@pytest.mark.parametrize(
    "rows, per_row", [(0, [1]), (1, [1]), (1, [0]), (4, [0, 0]), (37, [3, 0, 1, 5]), (300, [2])]
)
@pytest.mark.parametrize("index_dtype", [np.int32, np.int64, np.uint32])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_csr_rows_match_numpy(nthreads, rows, per_row, index_dtype, dtype) -> None:
    rng = np.random.default_rng(rows)
    row, col, val = _csr(rows, 9, per_row, index_dtype, dtype, rng)
    x = (rng.integers(-3, 4, 9)).astype(dtype)
    want = csr_rows(row, col, val, x)
    with threads(nthreads):
        got = kiln.jit(parallel=True)(csr_rows)(row, col, val, x)
    assert got.dtype == want.dtype
    assert np.array_equal(got, want)


@pytest.mark.parametrize("nthreads", [1, 2])
def test_strided_sources_and_negative_columns(nthreads) -> None:
    rng = np.random.default_rng(3)
    row, col, val = _csr(50, 8, [2, 3], np.int64, np.float64, rng)
    col = col - 8  # every column counted from the end, as NumPy allows
    x = rng.random(24)[::3]
    val_strided = np.repeat(val, 2)[::2]
    with threads(nthreads):
        got = kiln.jit(parallel=True)(csr_rows)(row, col, val_strided, x)
    assert np.allclose(got, csr_rows(row, col, val_strided, x), rtol=1e-12)


def test_a_column_out_of_bounds_raises_like_numpy() -> None:
    row, col, val, x = _args()
    col = col.copy()
    col[-1] = x.size
    with pytest.raises(IndexError):
        csr_rows(row, col, val, x)
    with pytest.raises(IndexError, match="out of bounds"):
        kiln.jit(parallel=True)(csr_rows)(row, col, val, x)


@pytest.mark.parametrize("nthreads", [1, 2])
def test_a_gather_into_its_own_source(nthreads) -> None:
    x = np.arange(10.0)
    idx = np.array([9, 0, 3, 3, 1, 2, 8, 7, 6, 5])
    with threads(nthreads):
        got = kiln.jit(parallel=True)(gather_in_place)(x.copy(), idx)
    assert np.array_equal(got, gather_in_place(x.copy(), idx))


def gather_into_float32(x, idx):
    t = np.empty(idx.size, np.float32)
    t[:] = x[idx]
    out = np.empty(idx.size)
    for k in range(idx.size):
        out[k] = t[k] * 3.0
    return out


@pytest.mark.parametrize("nthreads", [1, 2])
def test_a_gather_into_another_dtype_rounds_first(nthreads) -> None:
    x = np.array([0.1, 1.0 / 3.0, 2.0 / 3.0, 1e-9])
    idx = np.array([3, 1, 2, 1, 0])
    with threads(nthreads):
        got = kiln.jit(parallel=True)(gather_into_float32)(x, idx)
    assert np.array_equal(got, gather_into_float32(x, idx))  # rounded to float32 first, as NumPy


def measured_before_filled(x, idx):
    t = np.empty(idx.size)
    n = t.shape[0]
    t[:] = x[idx]
    out = np.empty(n)
    for k in range(n):
        out[k] = t[k] + 1.0
    return out


def test_a_temporary_used_before_the_gather_stays() -> None:
    x, idx = np.arange(5.0), np.array([4, 0, 2])
    fn = lower(measured_before_filled, x, idx)
    assert kiln.jit(measured_before_filled)(x, idx).tolist() == measured_before_filled(x, idx).tolist()
    optimize(fn, *PIPELINE)  # the verifier runs after each pass: no dangling use of the temporary
