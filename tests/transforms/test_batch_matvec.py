"""batch_matvec: a loop of vector-matrix products over rows or columns of one matrix takes a
block of them as one matrix product. Golden IR, recipes, refusals, and results against NumPy
(dtypes, sizes around the block, layouts, aliasing, early exits)."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import golden, in_layout, loops, lower, optimize, text, threads

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.transforms import recipes
from kiln.transforms.passes.batch_matvec import find_batch
from kiln.transforms.recipes import IllegalStep, Step


def covariance(M, float_n, data):
    mean = np.mean(data, axis=0)
    data -= mean
    cov = np.zeros((M, M), dtype=data.dtype)
    for i in range(M):
        cov[i:M, i] = cov[i, i:M] = data[:, i] @ data[:, i:M] / (float_n - 1.0)
    return cov


def correlation_tail(M, data):
    corr = np.eye(M, dtype=data.dtype)
    for i in range(M - 1):
        corr[i + 1 : M, i] = corr[i, i + 1 : M] = data[:, i] @ data[:, i + 1 : M]
    return corr


def row_products(A, B, out):
    for i in range(A.shape[0]):
        out[i] = A[i] @ B


def shifted_rows(A, B, out):
    for i in range(A.shape[0] - 1):
        out[i + 1] = A[i] @ B


def products_until(A, B, out, limit):
    for i in range(A.shape[0]):
        out[i] = A[i] @ B
        if out[i, 0] > limit:
            break


def column_products(data, M, out):
    for i in range(M):
        out[i, :] = data[:, i] @ data


def _data(shape: tuple[int, int], dtype, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _close(got: np.ndarray, want: np.ndarray, dtype) -> None:
    single = np.dtype(dtype) in (np.dtype(np.float32), np.dtype(np.complex64))
    rtol = 2e-4 if single else 1e-11
    scale = float(np.abs(want).max()) if want.size else 1.0
    np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol * scale)


def test_row_products_golden() -> None:
    A, B = np.ones((4, 3)), np.ones((3, 5))
    before = lower(row_products, A, B, np.ones((4, 5)))
    result = optimize(before, "batch_matvec")
    golden("batch_matvec_row_products.ir", text(result.fn))
    assert [s.transformation for s in result.steps] == ["batch_matvec"]
    assert result.steps[0].params == {"call": 5, "block": 64}
    # the parameters may share storage: the batched loop runs behind an overlap test
    split = result.fn.body[0]
    assert isinstance(split, ir.If) and "overlaps(p_A, p_out)" in text(result.fn)
    (blocks,) = [s for s in split.then if isinstance(s, ir.For)]
    assert blocks.step == ir.Const(64, blocks.step.type)
    products = [s for s in iter_stmts(split.then) if isinstance(s, ir.LibCall)]
    assert len(products) == 2  # the block's product, and the fallback's own for each row
    assert [result.fn.var_types()[x].ndim for x in products[0].inputs] == [2, 2]
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


def test_covariance_takes_a_block_of_columns_at_once() -> None:
    before = lower(covariance, 5, 7.0, np.ones((7, 5)))
    result = optimize(before, "batch_matvec")
    assert [s.transformation for s in result.steps] == ["batch_matvec"]
    # data is an argument the loop only reads, cov a fresh array: no overlap test
    assert not any(isinstance(s, ir.If) and "overlaps" in text(result.fn) for s in result.fn.body)
    rows = [s for s in iter_stmts(result.fn.body) if isinstance(s, ir.View) and s.target.endswith("_rows")]
    assert len(rows) == 1 and rows[0].strides == (ir.Stride("u_data", 1), ir.Stride("u_data", 0))
    assert text(recipes.replay(before, result.steps)) == text(result.fn)


def test_the_whole_pipeline_batches_covariance() -> None:
    fn = optimize(lower(covariance, 5, 7.0, np.ones((7, 5))), "batch_matvec", "fusion", "simplify", "licm").fn
    assert any(s.var.endswith("_blk") for s in loops(fn))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.complex64])
@pytest.mark.parametrize(("M", "N"), [(0, 3), (1, 1), (2, 5), (63, 4), (64, 7), (65, 9), (130, 17)])
def test_covariance_matches_numpy(dtype, M: int, N: int) -> None:
    data = _data((N, M), dtype, seed=M)
    want = covariance(M, N + 1.5, data.copy())
    got = kiln.jit(covariance)(M, N + 1.5, data.copy())
    _close(got, want, dtype)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@pytest.mark.parametrize("nthreads", [1, 2])
def test_correlation_tail_matches_numpy_in_every_layout(layout: str, nthreads: int) -> None:
    data = in_layout(_data((40, 70), np.float64), layout)
    with threads(nthreads):
        got = kiln.jit(correlation_tail, parallel=True)(70, data)
    _close(got, correlation_tail(70, data), np.float64)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("n", [0, 1, 64, 129])
def test_row_products_match_numpy(dtype, n: int) -> None:
    A, B = _data((n, 6), dtype), _data((6, 11), dtype, seed=1)
    got, want = np.zeros((n, 11), dtype), np.zeros((n, 11), dtype)
    kiln.jit(row_products)(A, B, got)
    row_products(A, B, want)
    _close(got, want, dtype)


@pytest.mark.parametrize(("k", "m"), [(6, 0), (0, 4)])
def test_empty_products_match_numpy(k: int, m: int) -> None:
    A, B = _data((70, k), np.float64), _data((k, m), np.float64)
    got, want = np.ones((70, m)), np.ones((70, m))
    kiln.jit(row_products)(A, B, got)
    row_products(A, B, want)
    np.testing.assert_array_equal(got, want)


def test_column_products_of_a_transposed_argument_match_numpy() -> None:
    data = _data((90, 70), np.float64).T  # F-ordered: its columns are contiguous
    got, want = np.zeros((70, 90)), np.zeros((70, 90))
    kiln.jit(column_products)(data, 70, got)
    column_products(data, 70, want)
    _close(got, want, np.float64)


def test_an_output_that_is_the_input_runs_as_written() -> None:
    """``out[i + 1] = A[i] @ B`` with ``out`` the same array as ``A``: each row reads the row
    the previous iteration wrote, which one product of the block taken first would not see."""
    A, B = _data((100, 100), np.float64) * 0.1, _data((100, 100), np.float64, seed=2) * 0.1
    want, got = A.copy(), A.copy()
    shifted_rows(want, B, want)
    kiln.jit(shifted_rows)(got, B, got)
    _close(got, want, np.float64)
    fn = optimize(lower(shifted_rows, A, B, A), "batch_matvec").fn
    assert "overlaps(p_A, p_out)" in text(fn)


def test_a_loop_that_writes_its_operand_is_not_batched() -> None:
    def self_rows(A, B):
        for i in range(A.shape[0] - 1):
            A[i + 1] = A[i] @ B

    fn = lower(self_rows, np.ones((4, 4)), np.ones((4, 4)))
    reason = find_batch(fn, loops(fn)[0])
    assert reason == "the loop writes p_A, which may share storage with p_A"
    assert not optimize(fn, "batch_matvec").steps


def test_integer_products_are_not_batched() -> None:
    A, B = np.ones((4, 3), np.int64), np.ones((3, 5), np.int64)
    fn = lower(row_products, A, B, np.ones((4, 5), np.int64))
    assert "do not suit BLAS" in str(find_batch(fn, loops(fn)[0]))
    got = np.zeros((4, 5), np.int64)
    kiln.jit(row_products)(A, B, got)
    np.testing.assert_array_equal(got, A @ B)


def test_a_loop_that_leaves_early_writes_what_numpy_writes() -> None:
    """A ``break`` would leave a block's loop and not the loop over blocks: not batched."""
    fn = lower(products_until, np.ones((4, 3)), np.ones((3, 5)), np.ones((4, 5)), 1.0)
    assert "may break" in str(find_batch(fn, loops(fn)[0]))
    A, B = _data((150, 8), np.float64), np.abs(_data((8, 3), np.float64, seed=3))
    A[70:] = np.abs(A[70:]) + 1.0  # the first row past 70 has a large first entry
    got, want = np.zeros((150, 3)), np.zeros((150, 3))
    products_until(A, B, want, 4.0)
    kiln.jit(products_until)(A, B, got, 4.0)
    assert 0 < np.count_nonzero(want.any(axis=1)) < 150
    _close(got, want, np.float64)


def test_an_index_past_the_columns_raises_after_the_same_rows() -> None:
    def columns(data, M, out):
        for i in range(M):
            out[i, :] = data[:, i] @ data[:, 0:4]

    data = _data((5, 70), np.float64)
    got, want = np.zeros((80, 4)), np.zeros((80, 4))
    with pytest.raises(IndexError):
        columns(data, 80, want)
    with pytest.raises(IndexError):
        kiln.jit(columns, boundscheck=True)(data, 80, got)
    _close(got, want, np.float64)  # rows 0..69 written, the block of 64..79 ran as written


def test_recipe_step_legality() -> None:
    fn = lower(row_products, np.ones((4, 3)), np.ones((3, 5)), np.ones((4, 5)))
    loop = loops(fn)[0]
    with pytest.raises(IllegalStep, match="params.call"):
        recipes.apply_step(fn, Step("batch_matvec", (loop.sid,), {}))
    with pytest.raises(IllegalStep, match="params.block"):
        recipes.apply_step(fn, Step("batch_matvec", (loop.sid,), {"call": 5, "block": 0}))
    with pytest.raises(IllegalStep, match="no such loop"):
        recipes.apply_step(fn, Step("batch_matvec", (999,), {"call": 5}))
    small = recipes.apply_step(fn, Step("batch_matvec", (loop.sid,), {"call": 5, "block": 3}))
    assert any(isinstance(s, ir.For) and s.step == ir.Const(3, s.step.type) for s in iter_stmts(small.body))
