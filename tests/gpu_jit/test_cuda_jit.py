"""``@kiln.jit(target="cuda")``: where statements run (host, launched grids, one-thread kernels),
that the CUDA C of every case builds with nvcc (no GPU needed), and, on a machine with a CUDA
device, results equal to NumPy's with host arrays and with arrays kept on the device."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import kiln
from kiln import gpu_emulation as emulation
from kiln.gpu_jit import CudaJitFunction
from kiln.kernel_launch import gpu_present
from kiln.options import Options
from kiln.runtime import cudart
from kiln.runtime.nvcc import check_compiles, find_nvcc

HAS_NVCC = find_nvcc() is not None
HAS_GPU = gpu_present()
needs_nvcc = pytest.mark.skipif(not HAS_NVCC, reason="no nvcc")
needs_gpu = pytest.mark.skipif(not HAS_GPU, reason="no CUDA device")
needs_gxx = pytest.mark.skipif(emulation.GXX is None, reason="no C++ compiler")


def stencil(a, b, steps):
    for _ in range(steps):
        b[1:-1] = 0.25 * (a[:-2] + 2.0 * a[1:-1] + a[2:])
        a[1:-1] = 0.25 * (b[:-2] + 2.0 * b[1:-1] + b[2:])


def reductions(x):
    return np.sum(x), np.max(x), np.min(x), np.prod(x[:5]), x[0] + x[-1]


def axis_sums(m):
    return m.sum(axis=0), m.sum(axis=1), m.max(axis=1)


def elementwise(m, s):
    return np.exp(m) * s + m.T - np.sqrt(np.abs(m))  # m square, else NumPy cannot broadcast


def products(a, b, v):
    return a @ b, a @ v, v @ b, v @ v


def prefix(x):
    out = np.empty_like(x)
    acc = 0.0
    for i in range(x.shape[0]):  # a carried value: runs on one GPU thread
        acc += x[i]
        out[i] = acc
    return out


def heat2d(t, a, b):
    for _ in range(t):
        b[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])
        a[1:-1, 1:-1] = 0.2 * (b[1:-1, 1:-1] + b[1:-1, :-2] + b[1:-1, 2:] + b[2:, 1:-1] + b[:-2, 1:-1])


def integers(x, k):
    return x // k, x % k, np.sum(x * k)


def early_exit(x, limit):
    total = 0.0
    for i in range(x.shape[0]):
        if x[i] > limit:
            break
        total += x[i]
    return total


def lookup(x, i):
    return x[i]


def masked(x, limit):
    keep = x > limit
    return np.sum(keep), np.where(keep, x, 0.0), x[keep].sum()


def narrow(a, b):
    return a * b + 3, (a > b).sum(), np.maximum(a, b)


def _rng() -> np.random.Generator:
    return np.random.default_rng(7)


def _cases() -> dict[str, tuple[object, tuple[object, ...]]]:
    r = _rng()
    m = r.random((33, 17))
    return {
        "stencil": (stencil, (r.random(100), r.random(100), 3)),
        "reductions_f64": (reductions, (r.random(1000) + 0.5,)),
        "reductions_f32": (reductions, ((r.random(257) + 0.5).astype(np.float32),)),
        "reductions_i64": (reductions, (r.integers(-50, 50, 300),)),
        "axis_sums": (axis_sums, (m,)),
        "axis_sums_one_row": (axis_sums, (r.random((1, 9)),)),
        "elementwise": (elementwise, (r.random((19, 19)), 1.5)),
        "elementwise_mismatch": (elementwise, (m, 1.5)),  # raises ValueError, as NumPy does
        "products": (products, (r.random((20, 30)), r.random((30, 7)), r.random(30))),
        "products_f32": (
            products,
            tuple(x.astype(np.float32) for x in (r.random((5, 3)), r.random((3, 4)), r.random(3))),
        ),
        "prefix": (prefix, (r.random(50),)),
        "heat2d": (heat2d, (4, r.random((20, 24)), r.random((20, 24)))),
        "integers": (integers, (r.integers(-100, 100, 64), 7)),
        "early_exit": (early_exit, (r.random(100), 0.9)),
        "empty": (reductions, (np.zeros(0) + 1.0,)),  # raises ValueError, as NumPy does
        "axis_sums_no_rows": (axis_sums, (np.zeros((0, 3)),)),  # max of nothing raises
        "one_element": (reductions, (np.array([2.5]),)),
        "masked": (masked, (r.random(77), 0.5)),
        "narrow_int32": (
            narrow,
            (r.integers(-9, 9, 40).astype(np.int32), r.integers(-9, 9, 40).astype(np.int32)),
        ),
        "narrow_uint8": (
            narrow,
            (r.integers(0, 200, 40).astype(np.uint8), r.integers(0, 200, 40).astype(np.uint8)),
        ),
        "narrow_f32_2d": (narrow, (r.random((5, 6)).astype(np.float32), r.random((5, 6)).astype(np.float32))),
    }


CASES = _cases()


def _compiled(name: str) -> tuple[CudaJitFunction, tuple[object, ...]]:
    fn, args = CASES[name]
    jitted = kiln.jit(fn, target="cuda")
    assert isinstance(jitted, CudaJitFunction)
    return jitted, args


def _source(name: str) -> str:
    jitted, args = _compiled(name)
    return jitted._specialize(tuple(args), build=False).cuda_source


# ------------------------------------------------------------------ no GPU needed
def test_targets():
    assert isinstance(kiln.jit(stencil, target="cuda"), CudaJitFunction)
    assert not isinstance(kiln.jit(stencil, target="cpu"), CudaJitFunction)
    with pytest.raises(ValueError, match="target must be one of"):
        kiln.jit(stencil, target="tpu")
    auto = kiln.jit(stencil, target="auto")
    assert isinstance(auto, CudaJitFunction) == (cudart.device_count() > 0 and HAS_NVCC)


def test_target_from_environment(monkeypatch):
    monkeypatch.setenv("KILN_TARGET", "cuda")
    assert isinstance(kiln.jit(stencil), CudaJitFunction)


def test_stencil_keeps_its_time_loop_on_the_host():
    source = _source("stencil")
    entry = source[source.index('extern "C" int kiln_entry') :]
    assert "for (long long k_k" in entry  # the time loop, on the host
    assert entry.count("KILN_LAUNCH(kiln_par") >= 2  # each array statement a grid
    assert "KILN_LAUNCH(kiln_one" not in entry  # nothing on one thread


def test_reductions_fold_across_threads():
    source = _source("reductions_f64")
    assert source.count("kiln_red_slots") >= 4
    assert "kiln_shfl" in source and "atomicCAS(word" in source


def test_carried_loop_runs_on_one_thread():
    source = _source("prefix")
    assert "KILN_LAUNCH(kiln_one1_" in source and ", 1, 1)(" in source


def test_two_dimensional_grids_run_along_rows():
    source = _source("heat2d")
    assert "blockIdx.y" in source and "dim3(32, 8)" in source


@needs_nvcc
def test_generated_cuda_builds():
    check_compiles([_source(name) for name in CASES], Options().cache_dir)


@pytest.mark.skipif(HAS_GPU, reason="a CUDA device is present")
@needs_nvcc
def test_no_device_is_a_clear_error():
    jitted, args = _compiled("reductions_f64")
    with pytest.raises(RuntimeError, match="no CUDA device"):
        jitted(*args)


def test_unsupported_is_refused_clearly():
    def sorts(x):
        return np.sort(x)

    with pytest.raises(kiln.UnsupportedError, match="GPU"):
        kiln.jit(sorts, target="cuda")._specialize((np.zeros(3),), build=False)


# ------------------------------------------------------------------------ on a GPU
def _copies(args: tuple[object, ...]) -> list[object]:
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def _same(expected: object, got: object) -> None:
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for e, g in zip(expected, got):
            _same(e, g)
        return
    e, g = np.asarray(expected), np.asarray(got)
    assert e.shape == g.shape and e.dtype == g.dtype, (e.shape, g.shape, e.dtype, g.dtype)
    if e.dtype.kind in "fc":
        np.testing.assert_allclose(g, e, rtol=1e-5 if e.dtype == np.float32 else 1e-12, atol=1e-6)
    else:
        np.testing.assert_array_equal(g, e)


@needs_gpu
@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_numpy(name):
    fn, args = CASES[name]
    jitted, _ = _compiled(name)
    _agrees_with_numpy(fn, jitted, args)


def _agrees_with_numpy(fn: Callable[..., Any], compiled: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """``compiled`` gives NumPy's results and leaves the arguments as NumPy does, or raises
    the exception NumPy raises."""
    mine, theirs = _copies(args), _copies(args)
    try:
        expected = fn(*theirs)
    except Exception as exc:  # noqa: BLE001 - the compiled function must raise the same
        with pytest.raises(type(exc)):
            compiled(*mine)
        return
    _same(expected, compiled(*mine))
    for e, g in zip(theirs, mine):
        if isinstance(e, np.ndarray):
            _same(e, g)


@needs_gpu
@pytest.mark.gpu
def test_arrays_stay_on_the_device():
    from kiln import cuda

    r = _rng()
    a, b = r.random(1000), r.random(1000)
    jitted = kiln.jit(stencil, target="cuda")
    da, db = cuda.to_device(a), cuda.to_device(b)
    for _ in range(3):
        jitted(da, db, 2)
    stencil(a, b, 6)
    np.testing.assert_allclose(da.copy_to_host(), a, rtol=1e-12)
    assert jitted.transfers(da, db, 2).startswith("transfers: 0 to the device")
    m = cuda.to_device(r.random((8, 8)))
    sums = kiln.jit(axis_sums, target="cuda")(m)
    assert all(isinstance(s, cuda.CudaArray) for s in sums)


@needs_gpu
@pytest.mark.gpu
def test_checks_raise_like_the_cpu_build():
    x = np.arange(5.0)
    with pytest.raises(IndexError):
        kiln.jit(lookup, target="cuda", boundscheck=True)(x, 7)
    with pytest.raises(ValueError, match="could not broadcast"):
        kiln.jit(stencil, target="cuda")(np.zeros(5), np.zeros(6), 1)


# ------------------------------------------------------------------ the core kernels
def _core_sources() -> tuple[list[str], list[str]]:
    """The CUDA C of every core benchmark kernel at its test size, and the kernels refused."""
    from kiln.bench.core import DEMO_CASES, MORE_CASES

    sources, refused = [], []
    for case in (*DEMO_CASES, *MORE_CASES):
        args = case.make_args(np.random.default_rng(0), case.quick_size)
        try:
            sources.append(
                kiln.jit(case.func, target="cuda")._specialize(tuple(args), build=False).cuda_source
            )
        except kiln.UnsupportedError as exc:
            assert "GPU" in str(exc) or "kernel" in str(exc), str(exc)
            refused.append(case.name)
    return sources, refused


@needs_nvcc
def test_core_kernels_build_for_the_gpu():
    sources, refused = _core_sources()
    check_compiles(sources, Options().cache_dir)
    assert refused == []


@needs_gxx
def test_emulated_core_kernels_match_their_reference(build_folder):
    from kiln.bench.core import DEMO_CASES, MORE_CASES

    for case in (*DEMO_CASES, *MORE_CASES):
        args = case.make_args(np.random.default_rng(0), case.quick_size)
        mine, theirs = _copies(args), _copies(args)
        with emulation.host_memory_as_device():
            call = emulation.emulated(kiln.jit(case.func, target="cuda"), tuple(mine), build_folder)
            got = call(*mine)
        expected = case.func(*theirs)
        if isinstance(expected, np.ndarray) and expected.dtype == np.float32:
            np.testing.assert_allclose(got, expected, rtol=2e-6, err_msg=case.name)
        else:
            _same(expected, got)
        for e, g in zip(theirs, mine):
            if isinstance(e, np.ndarray):
                np.testing.assert_allclose(g, e, rtol=1e-6, err_msg=case.name)


# ------------------------------------------------- emulated: every thread in turn, on the CPU
@pytest.fixture(scope="module")
def build_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("emulated")


@needs_gxx
@pytest.mark.parametrize("name", sorted(CASES))
def test_emulated_matches_numpy(name, build_folder):
    fn, args = CASES[name]
    jitted, _ = _compiled(name)
    with emulation.host_memory_as_device():
        _agrees_with_numpy(fn, emulation.emulated(jitted, tuple(args), build_folder), args)


@needs_gxx
def test_emulated_device_arrays_and_checks(build_folder):
    from kiln.kernel.device_array import CudaArray, to_gpu

    r = _rng()
    a, b = r.random(300), r.random(300)
    with emulation.host_memory_as_device():
        da, db = to_gpu(a), to_gpu(b)
        call = emulation.emulated(kiln.jit(stencil, target="cuda"), (da, db, 2), build_folder)
        for _ in range(3):
            call(da, db, 2)
        stencil(a, b, 6)
        np.testing.assert_allclose(da.copy_to_host(), a, rtol=1e-12)
        assert call.transfers.to_device == 0 and call.transfers.to_host == 0
        m = to_gpu(r.random((8, 5)))
        sums = emulation.emulated(kiln.jit(axis_sums, target="cuda"), (m,), build_folder)(m)
        assert all(isinstance(s, CudaArray) for s in sums)
        np.testing.assert_allclose(sums[1].copy_to_host(), m.copy_to_host().sum(axis=1), rtol=1e-12)
        look = emulation.emulated(
            kiln.jit(lookup, target="cuda", boundscheck=True), (np.arange(5.0), 7), build_folder
        )
        with pytest.raises(IndexError):
            look(np.arange(5.0), 7)
        wrap = emulation.emulated(kiln.jit(lookup, target="cuda"), (np.arange(5.0), -1), build_folder)
        assert wrap(np.arange(5.0), -1) == 4.0  # a negative index counts from the end
        del da, db, m, sums


# ------------------------------------------------------------ transfers and the report
def shaped_like(x, template, steps):
    out = np.empty_like(template)  # template: only its shape is used
    out[:] = 0.0
    for _ in range(steps):
        out[:] = out + x
    acc = 0.0
    for i in range(x.shape[0]):
        acc = acc * 0.5 + x[i]
    return out, acc


def test_transfer_plan_moves_only_what_is_read_or_written():
    from kiln.analysis.device_placement import transfer_plan

    jitted = kiln.jit(shaped_like, target="cuda")
    fn = jitted._specialize((np.ones(4), np.ones(4), 2), build=False).optimized
    assert transfer_plan(fn) == {"p_x": "in", "p_template": "none"}
    compiled = kiln.jit(stencil, target="cuda")._specialize((np.ones(4), np.ones(4), 2), build=False)
    assert transfer_plan(compiled.optimized) == {"p_a": "in/out", "p_b": "in/out"}


def test_report_says_where_loops_run():
    text = kiln.report(kiln.jit(shaped_like, target="cuda"), np.ones(4), np.ones(4), 2)
    assert "on a CUDA GPU" in text
    assert "loop: on the host, launching what is inside" in text  # the steps loop
    assert "a GPU thread per iteration" in text
    assert "one GPU thread (iterations depend on each other)" in text  # the carried acc
    assert "host arrays per call: x in, template none" in text


@needs_gxx
def test_emulated_shape_only_argument_never_crosses(build_folder):
    x, template = np.arange(6.0), np.full(6, np.nan)
    with emulation.host_memory_as_device():
        call = emulation.emulated(kiln.jit(shaped_like, target="cuda"), (x, template, 3), build_folder)
        out, acc = call(x, template, 3)
    expected_out, expected_acc = shaped_like(x, template, 3)
    np.testing.assert_allclose(out, expected_out)
    assert acc == pytest.approx(expected_acc)
    assert call.transfers.to_device == 1 and call.transfers.bytes_to_device == x.nbytes


def copy_shifted(dst, src):
    dst[1:] = src[:-1]


@needs_gxx
def test_emulated_layouts_and_aliasing(build_folder):
    r = _rng()
    m = r.random((6, 7))
    with emulation.host_memory_as_device():
        for layout in (m, np.asfortranarray(m), m[::2, 1::2]):  # C, F, strided
            call = emulation.emulated(kiln.jit(axis_sums, target="cuda"), (layout,), build_folder)
            _same(axis_sums(layout), call(layout))
        a, b = r.random(50), r.random(50)
        mine, theirs = a.copy(), a.copy()
        call = emulation.emulated(kiln.jit(stencil, target="cuda"), (mine, mine, 2), build_folder)
        call(mine, mine, 2)  # one array as both arguments: writes through one seen by the other
        stencil(theirs, theirs, 2)
        np.testing.assert_allclose(mine, theirs, rtol=1e-12)
        strided = b[::2].copy()
        call = emulation.emulated(kiln.jit(copy_shifted, target="cuda"), (b[1:], b[:-1]), build_folder)
        with pytest.raises(kiln.UnsupportedError, match="share memory"):
            call(b[1:], b[:-1])
        target = np.zeros(50)[::2]  # a strided argument the function writes
        call = emulation.emulated(kiln.jit(copy_shifted, target="cuda"), (target, strided), build_folder)
        call(target, strided)
        expected = np.zeros(50)[::2]
        copy_shifted(expected, strided)
        np.testing.assert_array_equal(target, expected)


def gather(x, idx):
    out = np.empty(idx.shape[0])
    for i in range(idx.shape[0]):
        out[i] = x[idx[i]]
    return out


@needs_gxx
def test_emulated_checks_inside_kernels_raise(build_folder):
    x, good, bad = np.arange(10.0), np.array([3, 1, -2, 9]), np.array([3, 1, 12, 0])
    with emulation.host_memory_as_device():
        call = emulation.emulated(kiln.jit(gather, target="cuda", boundscheck=True), (x, good), build_folder)
        np.testing.assert_array_equal(call(x, good), gather(x, good))
        with pytest.raises(IndexError, match="index 12 is out of bounds"):
            call(x, bad)
        np.testing.assert_array_equal(call(x, good), gather(x, good))  # the error word was cleared
    source = kiln.jit(gather, target="cuda", boundscheck=True)._specialize((x, good), build=False).cuda_source
    assert "kiln_fail(kiln_err_word" in source  # the check runs in the kernel
