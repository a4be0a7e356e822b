"""CUDA-style kernels on the CPU against kiln's reference executor and NumPy."""

import numpy as np
import pytest
from tests.kernel import kernels_support as K
from tests.kernel.cuda_support import HAS_GPU, assert_cuda_compiles, needs_gpu, run_on_gpu

import kiln
from kiln import cuda


def _samples():
    """The launches of this module's tests, for one nvcc call over all their CUDA C."""
    f64, i64 = np.zeros(256), np.zeros(32, np.int64)
    out = [
        (K.scale, 32, (np.zeros(4, d), np.zeros(4, d), 3)) for d in ("float64", "float32", "int64", "int32")
    ]
    out += [(K.atomics, 32, (np.zeros(4, d), np.zeros(1, d), np.zeros(1, d), np.zeros(3, d)))
            for d in ("int64", "int32", "float64")]  # fmt: skip
    out += [
        (K.reverse_block, 64, (f64, f64)),
        (K.early_return_then_barrier, 32, (i64, np.zeros((3, 32), np.int64))),
        (K.no_conflict_barrier, 32, (f64, f64, f64)),
        (K.live_values, 32, (f64, f64)),
        (K.uniform_while, 16, (f64, f64)),
        (K.grid3, (4, 3, 2), (np.zeros((3, 5, 7), np.int64),)),
        (K.local_array, 32, (f64, f64)),
        (K.numba_style, 32, (np.zeros(3, np.float32), np.zeros(3, np.float32))),
    ]
    return out


def _both(kernel, grid, block, *args):
    """Run on the compiled CPU path and on the reference executor, from copies; check that the
    kernel's CUDA C compiles, and on a GPU that it gives what the reference executor gives."""
    compiled = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    reference = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    kernel.cpu[grid, block](*compiled)
    kernel.simulate(grid, block, *reference)
    assert_cuda_compiles(kernel, block, *args, batch=_samples)
    if HAS_GPU:
        for g, r in zip(run_on_gpu(kernel, grid, block, *args), reference):
            np.testing.assert_allclose(g, r, rtol=1e-12)
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


@pytest.mark.parametrize("target", ["cpu", "cuda"])
def test_barrier_in_divergent_control_flow_is_a_located_error(target):
    def launch(k, *args):
        return k.cpu[1, 8](*args) if target == "cpu" else k.cuda_module(8, *args)

    with pytest.raises(kiln.UnsupportedError, match="thread index") as info:
        launch(K.divergent_barrier, np.zeros(8))
    assert "kernels_support.py" in str(info.value) and "syncthreads" in str(info.value)
    with pytest.raises(kiln.UnsupportedError, match="loop whose bounds"):
        launch(K.barrier_in_divergent_loop, np.zeros(8))


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
    """Device arrays hold GPU memory where there is a GPU (host memory elsewhere)."""
    a = np.arange(100, dtype=np.float32)
    d_a = cuda.to_device(a)
    d_b = cuda.device_array(100, np.float32)
    assert isinstance(d_b, cuda.CudaArray) == HAS_GPU == cuda.is_available()
    K.numba_style[4, 32](d_a, d_b)
    np.testing.assert_array_equal(d_b.copy_to_host(), a * 2)
    K.numba_style.cpu[4, 32](d_b, d_a)  # device arrays on the CPU path too
    np.testing.assert_array_equal(d_a.copy_to_host(), a * 4)
    assert_cuda_compiles(K.numba_style, 32, a, a, batch=_samples)


def test_cuda_c_structure():
    """threadIdx and friends map to CUDA built-ins, shared arrays to __shared__, barriers to
    __syncthreads(), atomics to CUDA's atomics (a CAS loop where CUDA has none)."""
    f64 = np.zeros(64)
    src = K.reverse_block.cuda_module(64, f64, f64).source
    assert "__shared__ double" in src and "__syncthreads();" in src and "threadIdx.x" in src
    assert "__global__" in src and "cudaLaunchKernel" in src
    ints = K.atomics.cuda_module(32, *(np.zeros(4, np.int32),) * 4).body
    assert "atomicAdd((int*)" in ints and "atomicMin((int*)" in ints and "atomicMax((int*)" in ints
    floats = K.atomics.cuda_module(32, *(np.zeros(4),) * 4).body
    assert "atomicAdd((double*)" in floats and floats.count("atomicCAS(") == 2  # min and max
    assert "blockIdx.z" in K.grid3.cuda_module((4, 3, 2), np.zeros((3, 5, 7), np.int64)).body


def test_cuda_rejects_complex_and_array_temporaries():
    with pytest.raises(kiln.UnsupportedError, match="complex"):
        K.scale.cuda_module(32, np.zeros(4, complex), np.zeros(4, complex), 2)


@needs_gpu
@pytest.mark.gpu
def test_gpu_device_arrays_and_targets():
    a = np.arange(100, dtype=np.float32)
    d_a, d_b = cuda.to_device(a), cuda.device_array_like(a)
    K.numba_style.gpu[4, 32](d_a, d_b)
    np.testing.assert_array_equal(d_b.copy_to_host(), a * 2)
    host = np.zeros(100, np.float32)
    K.numba_style.gpu[4, 32](a, host)  # NumPy arguments: copied there and back
    np.testing.assert_array_equal(host, a * 2)


def test_launch_errors():
    with pytest.raises(ValueError, match="target"):
        kiln.kernel(K.scale.py_func, target="tpu")
    with pytest.raises(TypeError, match=r"\[grid, block\]"):
        K.scale(np.zeros(3), np.zeros(3), 1)
    with pytest.raises(ValueError, match="positive"):
        K.scale[0, 32](np.zeros(3), np.zeros(3), 1)


def test_one_launcher_follows_each_launch_s_arguments():
    """A launcher made once (``k = kernel[grid, block]``) keys each launch on its arguments:
    a new dtype, a new layout, an ndarray subclass and a device array each get the right
    specialization and the right result."""
    k = K.scale.cpu[4, 32]
    a = np.arange(100.0)
    out = np.zeros(100)
    k(a, out, 2)
    np.testing.assert_array_equal(out, a * 2)
    out32 = np.zeros(100, np.float32)
    k(a.astype(np.float32), out32, 3)
    np.testing.assert_array_equal(out32, np.arange(100, dtype=np.float32) * 3)
    strided = np.zeros(200)
    k(a, strided[::2], 4)  # a strided output: no unit-stride code for it
    np.testing.assert_array_equal(strided[::2], a * 4)
    assert not strided[1::2].any()
    k(np.ma.masked_array(a), out, 5)  # a subclass runs as its ndarray
    np.testing.assert_array_equal(out, a * 5)
    d_out = cuda.device_array(100, np.float64)
    k(cuda.to_device(a), d_out, 6)
    np.testing.assert_array_equal(d_out.copy_to_host(), a * 6)


def test_target_launchers_are_made_once_per_configuration():
    """``kernel.cpu[grid, block]`` inside a launch loop finds its launcher without making it
    again; an unhashable configuration (lists) still launches, unremembered."""
    assert K.scale.cpu is K.scale.cpu
    assert K.scale.cpu[4, 32] is K.scale.cpu[4, 32]
    assert K.scale.cpu[4, 32] is not K.scale.cpu[4, 16]
    a, out = np.arange(100.0), np.zeros(100)
    K.scale.cpu[[4], [32]](a, out, 3)
    np.testing.assert_array_equal(out, a * 3)


def test_kernel_target_override_is_read_for_auto(monkeypatch):
    from kiln import kernel_launch as launch

    try:
        for value, expected in (("cpu", "cpu"), ("GPU", "gpu"), ("auto", None), ("", None)):
            monkeypatch.setenv("KILN_KERNEL_TARGET", value)
            launch._auto_target.cache_clear()
            expected = expected or ("gpu" if launch.gpu_present() else "cpu")
            assert launch.resolve_target("auto") == expected
            assert launch.resolve_target("cpu") == "cpu"
    finally:
        monkeypatch.undo()
        launch._auto_target.cache_clear()


def test_gpu_launch_path_compiles_through_the_driver(monkeypatch):
    """Without a GPU the GPU branch cannot run; its names must still resolve: it keys the launch,
    types the arguments for the device and asks the driver for the build."""
    from kiln import kernel_launch

    built = []

    class Launched:
        def launch(self, grid, args):
            built.append(grid)

    def fake_compile(fn, types_, block, options):
        assert all(getattr(t, "layout", "C") == "C" for t in types_)
        return Launched()

    monkeypatch.setattr(kernel_launch, "compile_gpu_kernel", fake_compile)
    monkeypatch.setattr(kernel_launch, "resolve_target", lambda target: "gpu")
    a = np.ones(8)
    K.scale.launch((1, 1, 1), (8, 1, 1), (a, a.copy(), 2.0))
    K.scale.launch((2, 1, 1), (8, 1, 1), (a, a.copy(), 2.0))  # the same build, launched again
    assert built == [(1, 1, 1), (2, 1, 1)]
