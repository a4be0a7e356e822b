"""``from kiln import cuda``: the names of ``numba.cuda`` that kernels use, so a numba.cuda
kernel runs on kiln after changing its import.

Kernels run on the CPU (blocks on OpenMP workers). ``to_device`` / ``device_array`` give
host arrays with numba's ``copy_to_host``; on a machine with a GPU and nvcc, kiln's CUDA
backend (``kiln.codegen.cuda``) renders the same kernels as CUDA C.
"""

from __future__ import annotations

import math
import types
from typing import Any

import numpy as np

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
    "DeviceNDArray", "atomic", "blockDim", "blockIdx", "device_array", "device_array_like", "grid",
    "gridDim", "gridsize", "is_available", "jit", "libdevice", "local", "shared", "synchronize",
    "syncthreads", "threadIdx", "to_device",
]  # fmt: skip

libdevice = math  # numba.cuda.libdevice-style math calls map onto Python's math module


class DeviceNDArray(np.ndarray):
    """A kernel argument array; ``copy_to_host`` returns (or fills) a host copy."""

    def copy_to_host(self, ary: np.ndarray | None = None, stream: object = None) -> np.ndarray:
        host = self.view(np.ndarray)
        if ary is None:
            return host.copy()
        np.copyto(ary, host)
        return ary

    def copy_to_device(self, ary: np.ndarray, stream: object = None) -> None:
        np.copyto(self.view(np.ndarray), ary)

    def __kiln_host__(self) -> np.ndarray:
        return self.view(np.ndarray)


def to_device(
    ary: np.ndarray, stream: object = None, copy: bool = True, to: DeviceNDArray | None = None
) -> DeviceNDArray:
    if to is not None:
        to.copy_to_device(ary)
        return to
    return np.array(ary, copy=True).view(DeviceNDArray)


def device_array(
    shape: int | tuple[int, ...], dtype: Any = np.float64, order: str = "C", stream: object = None
) -> DeviceNDArray:
    return np.empty(shape, dtype=dtype, order=order).view(DeviceNDArray)  # type: ignore[arg-type]


def device_array_like(ary: np.ndarray, stream: object = None) -> DeviceNDArray:
    return np.empty_like(ary).view(DeviceNDArray)


def synchronize() -> None:
    """Launches finish before they return."""


def is_available() -> bool:
    return True


def jit(fn: types.FunctionType | None = None, *, device: bool = False, **options: Any) -> Any:
    """``@cuda.jit`` kernels; ``@cuda.jit(device=True)`` functions are inlined where called."""

    def wrap(f: types.FunctionType) -> Kernel | types.FunctionType:
        if device:
            return f
        return kernel(
            f, fastmath=bool(options.get("fastmath", False)), cache=bool(options.get("cache", True))
        )

    return wrap(fn) if fn is not None else wrap
