"""Loop shapes of kernels on the CPU: kernels without barriers over the global grid, guards as
loop bounds, the inner loop order, uniform loops lifted out of the thread loop; results against
NumPy and the reference executor."""

import numpy as np
import pytest
from tests.kernel import kernels_support as K

_WINDOWS = [(0, 0, 0), (1, 0, 1), (100, 3, 77), (130, -5, 500), (64, 40, 10)]


@pytest.mark.parametrize(("n", "lo", "hi"), _WINDOWS)
def test_guard_bounds(n, lo, hi):
    a = np.arange(float(n))
    out = np.full(n, -1.0)
    K.window.cpu[max(1, (n + 31) // 32), 32](a, out, lo, hi)
    expect = np.full(n, -1.0)
    idx = np.arange(n)
    sel = (idx >= lo) & (idx < hi)
    expect[sel] = a[sel] + 1.0
    np.testing.assert_array_equal(out, expect)
    text = K.window.inspect(1, 32, a, out, lo, hi).split("==== cpu ir ====")[1].split("==== c ====")[0]
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "kiln_gidx in range" in line)
    assert not any(line.strip().startswith("if") for line in lines[at:])  # the guard is the bounds


@pytest.mark.parametrize("shape", [(1, 1), (17, 5), (33, 40)])
def test_thread_loop_order_follows_contiguous_axis(shape):
    u = np.random.default_rng(0).random(shape)
    out = np.zeros(shape)
    grid = ((shape[0] + 7) // 8, (shape[1] + 7) // 8)
    K.rows_by_x.cpu[grid, (8, 8)](u, out)
    np.testing.assert_array_equal(out, 2.0 * u)
    ir_text = K.rows_by_x.inspect(grid, (8, 8), u, out).split("==== cpu ir ====")[1]
    assert "kiln_gidy in range" in ir_text  # the grid's y axis is the inner loop: u[i, j]
    assert "kiln_gidx in range" not in ir_text


@pytest.mark.parametrize(("m", "k", "n"), [(1, 1, 1), (9, 13, 21), (16, 0, 16)])
def test_uniform_loop_lifted(m, k, n):
    rng = np.random.default_rng(1)
    a, b = rng.random((m, k)), rng.random((k, n))
    out, ref = np.zeros((m, n)), np.zeros((m, n))
    grid = ((n + 7) // 8, (m + 7) // 8)
    K.tile_dot.cpu[grid, (8, 8)](a, b, out)
    K.tile_dot.simulate(grid, (8, 8), a, b, ref)
    np.testing.assert_allclose(out, a @ b, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(out, ref, rtol=1e-12, atol=1e-12)
    ir_text = K.tile_dot.inspect(grid, (8, 8), a, b, out).split("==== cpu ir ====")[1]
    assert ir_text.index("kiln_tx in range") > ir_text.index("kiln_slot_")  # threads inside the k loop


@pytest.mark.parametrize(("n", "m"), [(1, 1), (3, 2), (40, 37), (70, 300)])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_stencil_over_the_global_grid(n, m, layout):
    rng = np.random.default_rng(2)
    base = rng.random((2 * n, 2 * m))
    u = {"C": base[:n, :m].copy(), "F": np.asfortranarray(base[:n, :m]), "strided": base[::2, ::2]}[layout]
    out, ref = np.zeros((n, m)), np.zeros((n, m))
    grid = ((n + 15) // 16, (m + 7) // 8)
    K.stencil.cpu[grid, (16, 8)](u, out)
    K.stencil.simulate(grid, (16, 8), u, ref)
    expect = np.zeros((n, m))
    expect[1:-1, 1:-1] = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] - 3.0 * u[1:-1, 2:]
    np.testing.assert_array_equal(out, expect)
    np.testing.assert_array_equal(ref, expect)
    ir_text = K.stencil.inspect(grid, (16, 8), u, out).split("==== cpu ir ====")[1].split("==== c ====")[0]
    # 0 < i bounds i - 1: no negative-index wrap-around (the row decode's selects aside)
    wraps = [line for line in ir_text.splitlines() if "select" in line and " kiln_gid" not in line]
    assert not wraps, wraps
    # a 2-d grid's rows: z is 0, so the decode takes the division-free side at run time
    assert "kiln_gidx = select(lt(kiln_o, " in ir_text or "kiln_gidy = select(lt(kiln_o, " in ir_text


@pytest.mark.parametrize(("grid", "block"), [((3, 2), (4, 8)), ((1, 5), (1, 2)), ((7, 1), (3, 1))])
def test_lone_thread_and_block_indices_over_the_global_grid(grid, block):
    shape = (grid[0] * block[0], grid[1] * block[1])
    out, ref = np.zeros(shape, np.int64), np.zeros(shape, np.int64)
    K.indices.cpu[grid, block](out)
    K.indices.simulate(grid, block, ref)
    np.testing.assert_array_equal(out, ref)
    i, j = np.indices(shape)
    expect = (i % block[0]) + 10 * (j % block[1]) + 100 * (i // block[0]) + 1000 * (j // block[1])
    np.testing.assert_array_equal(out, expect)


def _cpu_ir_and_c(kernel, grid, block, *args):
    text = kernel.inspect(grid, block, *args)
    return text.split("==== cpu ir ====")[1].split("==== c ====")[0], text.split("==== c ====")[1]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(("rows", "cols"), [(1, 3000), (3, 2049), (40, 1024), (5, 1), (2, 200_003)])
def test_grid_rows_decode_once_and_run_their_chunks(threads, rows, cols):
    """The grid loop is parallel over rows; a row's indices are decoded once, and its columns
    run in chunks, as one collapsed loop where there are fewer rows than a few per thread."""
    import kiln

    u = np.random.default_rng(rows).random((rows, cols))
    out = np.zeros_like(u)
    grid = ((rows + 3) // 4, (cols + 63) // 64)
    default = kiln.get_num_threads()
    kiln.set_num_threads(threads)
    try:
        K.rows_by_x.cpu[grid, (4, 64)](u, out)
    finally:
        kiln.set_num_threads(default)
    np.testing.assert_array_equal(out, 2.0 * u)
    ir_text, c_text = _cpu_ir_and_c(K.rows_by_x, grid, (4, 64), u, out)
    outer = next(line for line in ir_text.splitlines() if "kiln_o in range" in line)
    assert "parallel" in outer
    chunk_at = ir_text.index("kiln_chunk in range")
    assert "floordiv" not in ir_text[chunk_at:]  # no division per chunk
    assert "collapse(2)" in c_text


@pytest.mark.parametrize("n", [0, 1, 1023, 1024, 1025, 5000, 300_001])
def test_one_dimensional_grid_on_two_threads(n):
    """Enough work for the team (the last size): its chunks are shared out."""
    import kiln

    a = np.random.default_rng(n).random(n)
    out = np.full(n, -1.0)
    default = kiln.get_num_threads()
    kiln.set_num_threads(2)
    try:
        K.scale.cpu[max(1, (n + 127) // 128), 128](a, out, 3.0)
    finally:
        kiln.set_num_threads(default)
    np.testing.assert_array_equal(out, 3.0 * a)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("shape", [(2, 3, 2500), (5, 1, 1100), (1, 1, 300_001)])
def test_three_dimensional_grid_over_rows_and_chunks(threads, shape):
    """Rows over two outer axes, several chunks along the inner one."""
    import kiln

    out = np.zeros(shape, np.int64)
    block = (128, 1, 1)
    grid = ((shape[2] + 127) // 128, shape[1], shape[0])
    default = kiln.get_num_threads()
    kiln.set_num_threads(threads)
    try:
        K.grid3.cpu[grid, block](out)
    finally:
        kiln.set_num_threads(default)
    z, y, x = np.indices(shape)
    sizes = grid[0] * 128 + grid[1] + grid[2]
    np.testing.assert_array_equal(out, x + 10 * y + 100 * z + 1000 * sizes)


@pytest.mark.parametrize("n", [5000, 400_003])
def test_privatized_histogram_over_many_chunks_on_two_threads(n):
    import kiln

    x = np.random.default_rng(n).integers(-3, 13, n)
    hist = np.zeros(16, np.int64)
    default = kiln.get_num_threads()
    kiln.set_num_threads(2)
    try:
        K.strided_hist.cpu[(n + 127) // 128, 128](x, hist, -3)
    finally:
        kiln.set_num_threads(default)
    np.testing.assert_array_equal(hist, np.bincount(x + 3, minlength=16))
