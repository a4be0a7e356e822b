"""Every `kiln bench gpu` kernel: compiled for the CPU, against NumPy, its hand port and
kiln's reference executor."""

import copy

import numpy as np
import pytest

from kiln.bench.gpu_cases import CASES, cpu_launch, reference_launch


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
