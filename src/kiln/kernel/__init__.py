"""CUDA-style kernels: ``@kiln.kernel`` functions with ``threadIdx``/``blockIdx``,
``syncthreads()``, shared and local arrays and atomics, launched ``k[grid, block](...)``."""

from kiln.kernel.intrinsics import (
    atomic,
    blockDim,
    blockIdx,
    grid,
    gridDim,
    gridsize,
    local,
    shared,
    syncthreads,
    threadIdx,
)
from kiln.kernel.launch import Kernel, kernel

__all__ = [
    "Kernel", "atomic", "blockDim", "blockIdx", "grid", "gridDim", "gridsize", "kernel", "local",
    "shared", "syncthreads", "threadIdx",
]  # fmt: skip
