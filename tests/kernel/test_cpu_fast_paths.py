"""The CPU fast paths of kernels: the grid-stride idiom walked contiguously, atomics on small
arrays privatized per worker, guarded uniform loops lifted, uniform regions run once per block,
and inner loops versioned on negative-index wrap-around; results against NumPy and the
reference executor, structure from the CPU IR."""

import numpy as np
import pytest
from tests.kernel import kernels_support as K


def _cpu_ir(kernel, grid, block, *args):
    return kernel.inspect(grid, block, *args).split("==== cpu ir ====")[1].split("==== c ====")[0]


@pytest.mark.parametrize("n", [0, 1, 127, 1000, 5003])
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.float64])
def test_grid_stride_histogram(n, dtype):
    x = np.random.default_rng(n).integers(-3, 13, n)
    hist, ref = np.zeros(16, dtype), np.zeros(16, dtype)
    K.strided_hist.cpu[7, 32](x, hist, -3)
    K.strided_hist.simulate(7, 32, x, ref, -3)
    np.testing.assert_array_equal(hist, np.bincount(x + 3, minlength=16).astype(dtype))
    np.testing.assert_array_equal(ref, hist)
    text = _cpu_ir(K.strided_hist, 7, 32, x, hist, -3)
    assert "kiln_priv_" in text  # privatized per worker
    assert "kiln_gidx in range" not in text  # the strided loop is the grid loop
    # each worker's copy is 128 bytes longer: neighbours write no common line
    gap = 128 // np.dtype(dtype).itemsize
    assert f"shape=[kiln_nw, add(dim(p_hist, 0), {gap}: int64): int64]" in text


def test_grid_stride_with_an_offset_start_stays_per_thread():
    x = np.arange(300.0)
    out, ref = np.zeros(300), np.zeros(300)
    K.strided_offset.cpu[3, 16](x, out)
    K.strided_offset.simulate(3, 16, x, ref)
    np.testing.assert_array_equal(out, ref)
    assert "kiln_gidx in range" in _cpu_ir(K.strided_offset, 3, 16, x, out)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.float64, np.float32])
@pytest.mark.parametrize("n", [0, 1, 33, 4000])
def test_privatized_min_max_add_sub(dtype, n):
    rng = np.random.default_rng(3)
    x = (rng.random(n) * 200 - 100).astype(dtype) if n else np.zeros(0, dtype)
    args = (np.full(3, 1000, dtype), np.full(3, -1000, dtype), np.zeros(1, dtype), np.zeros(1, dtype))
    got = tuple(a.copy() for a in args)
    K.extremes.cpu[(n + 63) // 64 or 1, 64](x, *got)
    idx = np.arange(n) % 3
    for r in range(3):
        sel = x[idx == r]
        assert got[0][r] == (sel.min() if sel.size else 1000)
        assert got[1][r] == (sel.max() if sel.size else -1000)
    total = x.sum(dtype=np.float64)
    np.testing.assert_allclose(got[2][0], total, rtol=1e-5)
    np.testing.assert_allclose(got[3][0], -total, rtol=1e-5)
    assert "kiln_priv_" in _cpu_ir(K.extremes, 1, 64, x, *got)


def test_privatized_min_keeps_nan_out_as_the_atomic_does():
    x = np.array([3.0, np.nan, -2.0, 5.0])
    lo, hi = np.full(3, np.inf), np.full(3, -np.inf)
    K.extremes.cpu[1, 64](x, lo, hi, np.zeros(1), np.zeros(1))
    ref_lo, ref_hi = np.full(3, np.inf), np.full(3, -np.inf)
    K.extremes.simulate(1, 64, x, ref_lo, ref_hi, np.zeros(1), np.zeros(1))
    np.testing.assert_array_equal(lo, ref_lo)
    np.testing.assert_array_equal(hi, ref_hi)


def test_privatization_falls_back_when_arrays_overlap():
    buf = np.zeros(40, np.int64)
    x, hist = buf[:30], buf[30:]  # apart: privatized
    x[:] = np.arange(30) % 10
    K.strided_hist.cpu[2, 8](x, hist, 0)
    np.testing.assert_array_equal(hist, np.bincount(np.arange(30) % 10, minlength=10))
    same = np.zeros(16, np.int64)  # the histogram is its own input: the atomic path, as CUDA
    ref = same.copy()
    K.strided_hist.cpu[1, 1](same, same, 0)
    K.strided_hist.simulate(1, 1, ref, ref, 0)
    np.testing.assert_array_equal(same, ref)


def test_atomic_old_value_read_is_not_privatized():
    x = np.zeros(100)
    counter, slots = np.zeros(1, np.int64), np.full(100, -1, np.int64)
    K.old_value_read.cpu[4, 32](x, counter, slots)
    assert counter[0] == 100
    np.testing.assert_array_equal(np.sort(slots), np.arange(100))
    assert "kiln_priv_" not in _cpu_ir(K.old_value_read, 4, 32, x, counter, slots)


@pytest.mark.parametrize(("n", "m"), [(0, 5), (1, 1), (31, 40), (100, 33), (64, 64)])
def test_guarded_uniform_loop_is_lifted(n, m):
    rng = np.random.default_rng(4)
    inputs, weights = rng.random(n), rng.random((n, m))
    grid = (m + 31) // 32
    out, ref = np.zeros(m), np.zeros(m)
    K.guarded_dot.cpu[grid, 32](inputs, weights, out)
    K.guarded_dot.simulate(grid, 32, inputs, weights, ref)
    np.testing.assert_allclose(out, inputs @ weights, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(out, ref, rtol=1e-12, atol=1e-12)
    text = _cpu_ir(K.guarded_dot, grid, 32, inputs, weights, out)
    loops = [line for line in text.splitlines() if line.lstrip().startswith("for ")]
    depth = [len(line) - len(line.lstrip()) for line in loops]
    # the thread loop sits inside the lifted k loop, inside the base loop, inside the blocks
    assert any("kiln_tx in range" in line and d >= 8 for line, d in zip(loops, depth))


@pytest.mark.parametrize("n", [1, 64, 100, 1000])
def test_tree_reduction_uniform_regions(n):
    a = np.random.default_rng(n).random(n)
    blocks = (n + 63) // 64
    partial, ref = np.zeros(blocks), np.zeros(blocks)
    K.tree_sum.cpu[blocks, 64](a, partial)
    K.tree_sum.simulate(blocks, 64, a, ref)
    np.testing.assert_allclose(partial, ref, rtol=1e-13)
    padded = np.zeros(blocks * 64)
    padded[:n] = a
    np.testing.assert_allclose(partial, padded.reshape(blocks, 64).sum(axis=1), rtol=1e-13)
    text = _cpu_ir(K.tree_sum, blocks, 64, a, partial)
    assert "kiln_slot_u_step[kiln_w, 0: int64] = u_step" in text  # once per block, not per thread


@pytest.mark.parametrize("k", [-5, -1, 0, 3])
def test_wraparound_versioning_keeps_negative_offsets(k):
    a = np.arange(20.0)
    out = np.zeros(10)
    K.shifted_rows.cpu[1, 16](a, out, k)
    np.testing.assert_array_equal(out, a[np.arange(10) + k])
    text = _cpu_ir(K.shifted_rows, 1, 16, a, out, k)
    loops = text.split("kiln_gidx in range")[1:]
    with_wrap = [body for body in loops if "select(" in body.split("kiln_gidx in range")[0]]
    if k >= 0:  # the launch specializes on the sign: the wrap-around folds away in every copy
        assert loops and not with_wrap
    else:
        assert 0 < len(with_wrap) < len(loops)  # some copy keeps the wrap-around, another has none


@pytest.mark.parametrize("n", [1, 15, 16, 17, 100])
def test_halo_loads_split_the_thread_loop(n):
    prev = np.arange(n, dtype=np.int64) * 3 + 1
    out, ref = np.zeros(n, np.int64), np.zeros(n, np.int64)
    grid = (n + 15) // 16
    K.halo.cpu[grid, 16](prev, out)
    K.halo.simulate(grid, 16, prev, ref)
    p = np.concatenate([prev[:1], prev, prev[-1:]])
    np.testing.assert_array_equal(out, p[:-2] + 10 * p[1:-1] + 100 * p[2:])
    np.testing.assert_array_equal(ref, out)
    text = _cpu_ir(K.halo, grid, 16, prev, out)
    first_region = text[: text.index("k1_shared[kiln_w, 17")]
    assert "if " not in first_region.split("kiln_tx in range", 1)[1].split("for ")[0]  # no branch


@pytest.mark.parametrize(("n", "m"), [(1, 1), (31, 5), (100, 32), (64, 20)])
def test_guarded_loop_with_a_tail_store(n, m):
    rng = np.random.default_rng(5)
    inputs, weights = rng.random(n), rng.random((n, m))
    blocks = (n + 31) // 32
    got, ref = np.zeros((blocks, 32)), np.zeros((blocks, 32))
    K.guarded_partial.cpu[blocks, 32](inputs, weights, got)
    K.guarded_partial.simulate(blocks, 32, inputs, weights, ref)
    np.testing.assert_allclose(got, ref, rtol=1e-13)
    pad = np.zeros(blocks * 32)
    pad[:n] = inputs
    wpad = np.zeros((blocks * 32, m))
    wpad[:n] = weights
    expect = np.einsum("bk,bkj->bj", pad.reshape(blocks, 32), wpad.reshape(blocks, 32, m))
    np.testing.assert_allclose(got[:, :m], expect, rtol=1e-12, atol=1e-14)


def test_per_thread_trip_counts_are_not_lifted():
    out, ref = np.zeros(16, np.int64), np.zeros(16, np.int64)
    K.per_thread_trip.cpu[1, 16](out)
    K.per_thread_trip.simulate(1, 16, ref)
    expect = np.zeros(16, np.int64)
    expect[:8] = [k * (k + 1) // 2 for k in range(8)]
    np.testing.assert_array_equal(out, expect)
    np.testing.assert_array_equal(ref, expect)


@pytest.mark.parametrize("k", [-3, -1, 0, 2])
@pytest.mark.parametrize("cols", [1, 16, 21])
def test_guarded_loads_are_versioned_on_wraparound(k, cols):
    a = np.random.default_rng(cols).random((8, cols))
    out, grid = K.run_guarded_tile_copy(a, k)
    text = _cpu_ir(K.guarded_tile_copy, grid, 16, a, out, k)
    row = "cast(add(u_r, p_k): py_int64): int64"  # the row index r + k, computed under the guard
    rows = [line.split(" = ", 1)[1] for line in text.splitlines() if "_ix = " in line and row in line]
    if k < 0:
        assert sorted(r.startswith("select(") for r in rows) == [False, True]  # one copy each way
    else:  # specialized on k >= 0: r + k is a plain index, with nothing to version
        assert rows == [] and "select(lt(cast(add(u_r, p_k)" not in text


def test_per_worker_copies_share_no_cache_line():
    a = np.random.default_rng(0).random((8, 40))
    out = np.zeros((4, 40))
    text = _cpu_ir(K.guarded_tile_copy, 3, 16, a, out, 0)
    # 4 x 16 float64 per worker, grown by one 128-byte row so neighbours' copies stay apart
    assert "shape=[kiln_nw, add(4: int64, 1: int64): int64, 16: int64]" in text


@pytest.mark.parametrize("k", [-40, -3, 0, 5, 200])
@pytest.mark.parametrize("n", [1, 100, 1000])
def test_clamped_indices_are_versioned(k, n):
    a = np.random.default_rng(n).random(n)
    out, ref = np.zeros(n), np.zeros(n)
    grid = (n + 15) // 16
    K.clamped_shift.cpu[grid, 16](a, out, k)
    K.clamped_shift.simulate(grid, 16, a, ref, k)
    np.testing.assert_array_equal(out, ref)
    np.testing.assert_array_equal(out, 2 * a[np.clip(np.arange(n) + k, 0, n - 1)])
    text = _cpu_ir(K.clamped_shift, grid, 16, a, out, k)
    clamps = [line.split(" = ", 1)[1] for line in text.splitlines() if "_max = " in line]
    # with k >= 0, max(j + k, 0) is j + k even in the fallback copies
    expected = [False] * 4 if k >= 0 else [False, False, True, True]
    assert sorted(c.startswith("select(") for c in clamps) == expected


@pytest.mark.parametrize("n, k", [(37, 4), (17, 0), (5, 3), (1, 0)])
def test_trailing_update_vectorizes_and_reads_the_pivot_column_once(n, k):
    """``i += k + 1`` with ``k >= 0``: the rows written are below row k, so the inner loop has
    no dependence (simd) and ``a[i, k]`` is read once per row."""
    a = np.random.default_rng(n).random((n, n)) + n * np.eye(n)
    expected = a.copy()
    expected[k + 1 :, k + 1 :] -= np.outer(expected[k + 1 :, k], expected[k, k + 1 :])
    blocks = max(1, (n - k - 1 + 15) // 16)
    ref = a.copy()
    K.trailing_update.simulate((blocks, blocks), (16, 16), ref, k)
    K.trailing_update.cpu[(blocks, blocks), (16, 16)](a, k)
    np.testing.assert_allclose(a, expected, rtol=1e-12)
    np.testing.assert_array_equal(a, ref)
    cpu = _cpu_ir(K.trailing_update, (blocks, blocks), (16, 16), a, k)
    assert ") simd:" in cpu
    assert "k_elem = load(p_a, [" in cpu
