"""CUDA-style kernels: the intrinsics a ``@kiln.kernel`` function uses (``threadIdx``/``blockIdx``,
``syncthreads()``, shared and local arrays, atomics) and the transformations that turn one
thread's program into a CPU function. Launching lives in ``kiln.kernel_launch`` (API level)."""

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

__all__ = [
    "atomic", "blockDim", "blockIdx", "grid", "gridDim", "gridsize", "local", "shared",
    "syncthreads", "threadIdx",
]  # fmt: skip
