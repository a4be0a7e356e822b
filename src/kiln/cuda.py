"""``from kiln import cuda``: the names of ``numba.cuda`` that kernels use, so a numba.cuda
kernel runs on kiln after changing its import.

On a machine with a CUDA device and nvcc, kernels run on the GPU (CUDA C from
``kiln.codegen.cuda``) and ``to_device`` / ``device_array`` hold GPU memory (``CudaArray``);
elsewhere kernels run on the CPU (blocks on OpenMP workers) and those give host arrays with
numba's ``copy_to_host``. ``@cuda.jit(target="cpu")`` or ``KILN_KERNEL_TARGET=cpu`` keeps
kernels on the CPU.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from kiln.kernel.device_array import CudaArray
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
from kiln.kernel_launch import Kernel, gpu_present, kernel
from kiln.runtime import cudart

__all__ = [
    "CudaArray", "DeviceNDArray", "atomic", "blockDim", "blockIdx", "device_array", "device_array_like",
    "grid", "gridDim", "gridsize", "is_available", "jit", "libdevice", "local", "shared", "synchronize",
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
    ary: np.ndarray, stream: object = None, copy: bool = True, to: Any = None
) -> DeviceNDArray | CudaArray:
    if to is not None:
        to.copy_to_device(ary)
        return to
    if is_available():
        out = CudaArray(np.shape(ary), np.asarray(ary).dtype)
        out.copy_to_device(ary)
        return out
    return np.array(ary, copy=True).view(DeviceNDArray)


def device_array(
    shape: int | tuple[int, ...], dtype: Any = np.float64, order: str = "C", stream: object = None
) -> DeviceNDArray | CudaArray:
    if is_available():
        if order != "C":
            raise ValueError("kiln's GPU arrays are C-ordered")
        return CudaArray(shape, dtype)
    # ``order`` is a plain str here; numpy itself rejects a bad one
    return np.empty(shape, dtype=dtype, order=order).view(DeviceNDArray)  # type: ignore[call-overload]


def device_array_like(ary: np.ndarray, stream: object = None) -> DeviceNDArray | CudaArray:
    if is_available():
        return CudaArray(np.shape(ary), ary.dtype)
    return np.empty_like(ary).view(DeviceNDArray)


def synchronize() -> None:
    """Launches finish before they return; this waits for the device all the same."""
    if is_available():
        cudart.synchronize()


def is_available() -> bool:
    """A CUDA device is present (and nvcc to build kernels for it)."""
    return gpu_present()


def jit(fn: Callable[..., Any] | None = None, *, device: bool = False, **options: Any) -> Any:
    """``@cuda.jit`` kernels; ``@cuda.jit(device=True)`` functions are inlined where called."""

    def wrap(f: Callable[..., Any]) -> Kernel | Callable[..., Any]:
        if device:
            return f
        return kernel(
            f,
            fastmath=bool(options.get("fastmath", False)),
            cache=bool(options.get("cache", True)),
            target=str(options.get("target", "auto")),
        )

    return wrap(fn) if fn is not None else wrap
