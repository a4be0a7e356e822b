"""The CUDA side of the kernel tests: every kernel's CUDA C must compile with nvcc (when nvcc
is installed; the sources of a test module go through one nvcc call) and, on a machine with a
CUDA device, give what the CPU path and the reference executor give."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pytest

from kiln.kernel_launch import gpu_present
from kiln.options import Options
from kiln.runtime.nvcc import check_compiles, find_nvcc

HAS_NVCC = find_nvcc() is not None
HAS_GPU = gpu_present()
needs_gpu = pytest.mark.skipif(not HAS_GPU, reason="no CUDA device")
Sample = tuple[Any, Any, tuple[Any, ...]]  # kernel, block, arguments


@functools.cache
def _compiled_batch(make: Callable[[], Iterable[Sample]]) -> frozenset[str]:
    sources = [k.cuda_module(block, *args).source for k, block, args in make()]
    check_compiles(sources, Options().cache_dir)
    return frozenset(sources)


def assert_cuda_compiles(
    kernel: Any, block: Any, *args: Any, batch: Callable[[], Iterable[Sample]] | None = None
) -> None:
    """nvcc accepts the kernel's CUDA C (rendered for ``block`` and ``args``); ``batch``
    lists samples compiled together once, so most checks cost nothing more."""
    if not HAS_NVCC:
        return
    source = kernel.cuda_module(block, *args).source
    if batch is None or source not in _compiled_batch(batch):
        check_compiles([source], Options().cache_dir)


def run_on_gpu(kernel: Any, grid: Any, block: Any, *args: Any) -> list[Any]:
    """The kernel launched on the GPU, on copies of ``args`` (NumPy arrays copied back)."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    kernel.gpu[grid, block](*copies)
    return copies
