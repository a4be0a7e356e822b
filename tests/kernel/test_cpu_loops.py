"""Loop shapes of kernels on the CPU: guards as thread-loop bounds, the thread loop order,
uniform loops lifted out of the thread loop; results against NumPy and the reference executor."""

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
    at = next(i for i, line in enumerate(lines) if "kiln_tx in range" in line)
    assert not any(line.strip().startswith("if") for line in lines[at:])  # the guard is the bounds


@pytest.mark.parametrize("shape", [(1, 1), (17, 5), (33, 40)])
def test_thread_loop_order_follows_contiguous_axis(shape):
    u = np.random.default_rng(0).random(shape)
    out = np.zeros(shape)
    grid = ((shape[0] + 7) // 8, (shape[1] + 7) // 8)
    K.rows_by_x.cpu[grid, (8, 8)](u, out)
    np.testing.assert_array_equal(out, 2.0 * u)
    ir_text = K.rows_by_x.inspect(grid, (8, 8), u, out).split("==== cpu ir ====")[1]
    assert ir_text.index("kiln_tx in range") < ir_text.index("kiln_ty in range")  # ty innermost: u[i, j]


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
