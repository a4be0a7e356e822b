"""kiln.kernel.prefetch: a line past each row segment a block reads or writes is prefetched;
results never change, and accesses that are no row segment of the x threads get no hint."""

import numpy as np
import pytest
from tests.kernel import kernels_support as K

import kiln


def _cpu_ir(kernel, grid, block, *args):
    return kernel.inspect(grid, block, *args).split("==== cpu ir ====")[1].split("==== c ====")[0]


def _prefetches(text):
    return [line.strip() for line in text.splitlines() if line.strip().startswith("prefetch #")]


@kiln.kernel
def column_tile(a, out):
    """Rows indexed by the thread: a column, no row segment."""
    t = kiln.shared.array(16, np.float64)
    tx = kiln.threadIdx.x
    i = kiln.blockIdx.x * 16 + tx
    t[tx] = a[i, 0] if i < a.shape[0] else 0.0
    kiln.syncthreads()
    if i < a.shape[0]:
        out[i, 0] = t[15 - tx]


@kiln.kernel
def gathered_tile(a, idx, out):
    """Columns read through an index array: the next segment is unknown."""
    t = kiln.shared.array(16, np.float64)
    tx = kiln.threadIdx.x
    t[tx] = a[0, idx[tx]]
    kiln.syncthreads()
    out[0, tx] = t[15 - tx]


@kiln.kernel
def int_rows(a, out, k):
    """Two int32 rows of a tile: 16 elements make one line, the hint lands 16 past the end."""
    t = kiln.shared.array((2, 16), np.int32)
    tx = kiln.threadIdx.x
    col = kiln.blockIdx.x * 16 + tx
    for r in range(2):
        t[r, tx] = a[r, col] + k if col < a.shape[1] else 0
    kiln.syncthreads()
    if col < out.shape[1]:
        out[0, col] = t[1, tx] - t[0, tx]


@pytest.mark.parametrize("k", [-2, 0, 3])
@pytest.mark.parametrize("cols", [1, 16, 21, 64])
def test_row_segments_are_prefetched_and_results_unchanged(k, cols):
    a = np.random.default_rng(cols).random((8, cols))
    out, grid = K.run_guarded_tile_copy(a, k)
    hints = _prefetches(_cpu_ir(K.guarded_tile_copy, grid, 16, a, out, k))
    reads = [h for h in hints if " p_a[" in h and not h.endswith(" write")]
    writes = [h for h in hints if " p_out[" in h and h.endswith(" write")]
    assert reads and writes, hints
    # float64: the segment's last element is 15 past its first; one line (8 elements) beyond
    assert all("23: int64" in h for h in reads + writes), hints
    assert "__builtin_prefetch(" in K.guarded_tile_copy.inspect(grid, 16, a, out, k).split("==== c ====")[1]


@pytest.mark.parametrize("cols", [1, 15, 33])
def test_int32_rows_prefetch_a_line_of_sixteen(cols):
    a = np.arange(2 * cols, dtype=np.int32).reshape(2, cols)
    out, ref = np.zeros((1, cols), np.int32), np.zeros((1, cols), np.int32)
    grid = (cols + 15) // 16
    int_rows.cpu[grid, 16](a, out, 5)
    int_rows.simulate(grid, 16, a, ref, 5)
    np.testing.assert_array_equal(out, a[1:] - a[:1])
    np.testing.assert_array_equal(ref, out)
    hints = _prefetches(_cpu_ir(int_rows, grid, 16, a, out, 5))
    assert any(" p_a[" in h and "31: int64" in h for h in hints), hints


def test_fortran_and_strided_arrays_get_no_hint():
    base = np.random.default_rng(1).random((8, 42))
    for a in (np.asfortranarray(base[:, :21]), base[:, ::2]):
        out, grid = K.run_guarded_tile_copy(a, 1)
        hints = _prefetches(_cpu_ir(K.guarded_tile_copy, grid, 16, a, out, 1))
        assert not [h for h in hints if " p_a[" in h], hints


def test_columns_and_gathers_get_no_hint():
    a = np.random.default_rng(2).random((20, 3))
    out, ref = np.zeros((20, 3)), np.zeros((20, 3))
    column_tile.cpu[2, 16](a, out)
    column_tile.simulate(2, 16, a, ref)
    np.testing.assert_array_equal(out, ref)
    assert not _prefetches(_cpu_ir(column_tile, 2, 16, a, out))

    a = np.random.default_rng(3).random((1, 40))
    idx = np.random.default_rng(4).permutation(40)[:16]
    out, ref = np.zeros((1, 16)), np.zeros((1, 16))
    gathered_tile.cpu[1, 16](a, idx, out)
    gathered_tile.simulate(1, 16, a, idx, ref)
    np.testing.assert_array_equal(out, ref)
    np.testing.assert_array_equal(out[0], a[0, idx][::-1])
    assert not [h for h in _prefetches(_cpu_ir(gathered_tile, 1, 16, a, idx, out)) if " p_a[" in h]


def test_one_dimensional_arrays_get_no_hint():
    a = np.random.default_rng(5).random(300)
    partial = np.zeros(5)
    K.tree_sum.cpu[5, 64](a, partial)
    np.testing.assert_allclose(partial, [a[k : k + 64].sum() for k in range(0, 300, 64)])
    assert not _prefetches(_cpu_ir(K.tree_sum, 5, 64, a, partial))
