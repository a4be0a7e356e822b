"""CUDA-style kernels on the CPU against kiln's reference executor and NumPy."""

import numpy as np
import pytest
from tests.kernel import kernels_support as K

import kiln
from kiln import cuda


def _both(kernel, grid, block, *args):
    """Run on the compiled CPU path and on the reference executor, from copies."""
    compiled = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    reference = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    kernel[grid, block](*compiled)
    kernel.simulate(grid, block, *reference)
    return compiled, reference


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32"])
@pytest.mark.parametrize("n", [0, 1, 37, 256])
def test_elementwise_kernel(dtype, n):
    a = (np.arange(n) - 5).astype(dtype)
    out = np.zeros(n, dtype)
    got, ref = _both(K.scale, max(1, (n + 31) // 32), 32, a, out, 3)
    np.testing.assert_array_equal(got[1], ref[1])
    np.testing.assert_array_equal(got[1], a * 3)
    assert got[1].dtype == np.dtype(dtype)


def test_shared_memory_and_barrier():
    a = np.arange(256, dtype=np.float64)
    got, ref = _both(K.reverse_block, 4, 64, a, np.zeros(256))
    np.testing.assert_array_equal(got[1], ref[1])
    np.testing.assert_array_equal(got[1], a.reshape(4, 64)[:, ::-1].ravel())
    report = K.reverse_block.compiled((64, 1, 1), (a, a)).report
    assert report.barriers == 1 and report.regions == 2


def test_returned_threads_skip_later_barriers():
    a = np.arange(32, dtype=np.int64)
    got, ref = _both(K.early_return_then_barrier, 3, 32, a, np.zeros((3, 32), np.int64))
    np.testing.assert_array_equal(got[1], ref[1])
    assert got[1][0, 5] == 6 + 5


def test_barrier_in_divergent_control_flow_is_a_located_error():
    with pytest.raises(kiln.UnsupportedError, match="thread index") as info:
        K.divergent_barrier[1, 8](np.zeros(8))
    assert "kernels_support.py" in str(info.value) and "syncthreads" in str(info.value)
    with pytest.raises(kiln.UnsupportedError, match="loop whose bounds"):
        K.barrier_in_divergent_loop[1, 8](np.zeros(8))


def test_reference_executor_reports_divergent_barriers():
    with pytest.raises(RuntimeError, match="syncthreads"):
        K.divergent_barrier.simulate(1, 8, np.zeros(8))


def test_barrier_elimination():
    a = np.arange(64.0)
    got, ref = _both(K.no_conflict_barrier, 2, 32, a, a, np.zeros(64))
    np.testing.assert_array_equal(got[2], (a + 1) * 2)
    report = K.no_conflict_barrier.compiled((32, 1, 1), (a, a, a)).report
    assert report.barriers == 2 and report.barriers_removed == 2 and report.regions == 1


def test_min_cut_recomputes_indices_and_stores_loads():
    a = np.arange(64.0)
    got, ref = _both(K.live_values, 2, 32, a, np.zeros(64))
    np.testing.assert_array_equal(got[1], ref[1])
    report = K.live_values.compiled((32, 1, 1), (a, a)).report
    assert report.bytes_stored == 8  # only v (a float64) crosses the barrier in memory
    assert report.bytes_all > report.bytes_stored


def test_uniform_while_loop_with_barrier():
    a = np.random.default_rng(1).random(48)
    got, ref = _both(K.uniform_while, 3, 16, a, np.zeros(3))
    np.testing.assert_allclose(got[1], ref[1])
    np.testing.assert_allclose(got[1], a.reshape(3, 16).sum(axis=1))


@pytest.mark.parametrize("dtype", ["int64", "int32", "float64"])
def test_atomics(dtype):
    x = np.random.default_rng(2).integers(-50, 50, 300).astype(dtype)
    args = (np.zeros(4, dtype), np.full(1, 1000, dtype), np.full(1, -1000, dtype), x)
    got, ref = _both(K.atomics, 10, 32, *args)
    for g, r in zip(got, ref):
        np.testing.assert_array_equal(g, r)
    assert got[1][0] == x.min() and got[2][0] == x.max()
    np.testing.assert_array_equal(got[0], np.bincount(np.arange(300) % 4, minlength=4))


def test_three_dimensional_grid():
    out = np.zeros((3, 5, 7), np.int64)
    got, ref = _both(K.grid3, (2, 2, 2), (4, 3, 2), out)
    np.testing.assert_array_equal(got[0], ref[0])
    z, y, x = np.indices(out.shape)
    np.testing.assert_array_equal(got[0], x + 10 * y + 100 * z + 1000 * (8 + 6 + 4))


def test_local_arrays():
    a = np.arange(64.0)
    got, ref = _both(K.local_array, 2, 32, a, np.zeros(64))
    np.testing.assert_array_equal(got[1], a * 6)


def test_cuda_module_is_a_drop_in():
    a = np.arange(100, dtype=np.float32)
    d_a = cuda.to_device(a)
    d_b = cuda.device_array(100, np.float32)
    K.numba_style[4, 32](d_a, d_b)
    np.testing.assert_array_equal(d_b.copy_to_host(), a * 2)


def test_launch_errors():
    with pytest.raises(TypeError, match=r"\[grid, block\]"):
        K.scale(np.zeros(3), np.zeros(3), 1)
    with pytest.raises(ValueError, match="positive"):
        K.scale[0, 32](np.zeros(3), np.zeros(3), 1)
