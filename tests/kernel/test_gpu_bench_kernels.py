"""Every `kiln bench gpu` kernel: compiled for the CPU, against NumPy, its hand port and
kiln's reference executor; its CUDA C compiles with nvcc; on a GPU, against NumPy there."""

import copy
import importlib

import numpy as np
import pytest
from tests.kernel.cuda_support import HAS_NVCC, needs_gpu

from kiln.bench.gpu_cases import (
    CASES,
    ResidentGpu,
    cpu_launch,
    cuda_modules,
    gpu_launch,
    reference_launch,
    resident_run,
)
from kiln.options import Options
from kiln.runtime.nvcc import check_compiles


def _check(outputs, expected, rtol):
    for got, want in zip(outputs, expected, strict=True):
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-6)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_kernel_matches_numpy_and_hand_port(case):
    env = case.make(case.small, np.random.default_rng(0))
    expected = case.reference(copy.deepcopy(env))
    _check(case.run(cpu_launch, copy.deepcopy(env)), expected, case.rtol)
    _check(case.port(copy.deepcopy(env)), expected, case.rtol)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_kernel_matches_reference_executor(case):
    env = case.make(max(8, case.small // 4), np.random.default_rng(1))
    compiled = case.run(cpu_launch, copy.deepcopy(env))
    reference = case.run(reference_launch, copy.deepcopy(env))
    _check(compiled, reference, case.rtol)


@pytest.mark.skipif(not HAS_NVCC, reason="nvcc not installed")
def test_cuda_c_of_every_kernel_compiles():
    modules = [m for case in CASES for m in cuda_modules(case, max(8, case.small // 4))]
    assert len({m.kernel for m in modules}) >= len(CASES)
    check_compiles([m.source for m in modules], Options().cache_dir)  # one nvcc call


@needs_gpu
@pytest.mark.gpu
@pytest.mark.parametrize("resident", [False, True], ids=["copies", "resident"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_kernel_on_gpu_matches_numpy(case, resident):
    """NumPy arguments copied at each launch, or kept on the device between launches."""
    env = case.make(case.small, np.random.default_rng(0))
    expected = case.reference(copy.deepcopy(env))
    got = resident_run(case, copy.deepcopy(env)) if resident else case.run(gpu_launch, copy.deepcopy(env))
    _check(got, expected, case.rtol)


class _Recorder:
    """Stands in for a kernel: ``k.gpu[grid, block](*args)`` records the arguments."""

    def __init__(self):
        self.calls = []

    @property
    def gpu(self):
        return self

    def __getitem__(self, launch):
        return lambda *args: self.calls.append(args)


def test_resident_launcher_uploads_each_array_once(monkeypatch):
    uploads = []

    def fake_to_gpu(host):
        uploads.append(host)
        return ("device", len(uploads))

    monkeypatch.setattr(importlib.import_module("kiln.kernel.device_array"), "to_gpu", fake_to_gpu)
    a, b = np.zeros(3), np.ones(2)
    kernel, launcher = _Recorder(), ResidentGpu()
    launcher(kernel, 1, 1, a, 5, b)
    launcher(kernel, 1, 1, b, a, 7)
    assert [u is a for u in uploads] == [True, False] and uploads[1] is b
    assert kernel.calls == [(("device", 1), 5, ("device", 2)), (("device", 2), ("device", 1), 7)]
    untouched = np.arange(4)
    assert launcher.to_host((untouched,))[0] is untouched
