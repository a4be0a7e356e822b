"""``CudaArray``: an array in GPU memory (what ``kiln.cuda.to_device`` returns on a machine
with a CUDA device). C-ordered; freed when the last reference goes."""

from __future__ import annotations

from typing import Any

import numpy as np

from kiln.runtime import cudart


class CudaArray:
    """GPU memory holding a C-ordered array of ``shape`` and ``dtype``."""

    def __init__(self, shape: int | tuple[int, ...], dtype: Any = np.float64) -> None:
        self.shape = (int(shape),) if np.isscalar(shape) else tuple(int(n) for n in shape)  # type: ignore[arg-type,union-attr]
        if any(n < 0 for n in self.shape):
            raise ValueError(f"negative dimensions are not allowed: {self.shape}")
        self.dtype = np.dtype(dtype)
        self.base: object = None
        self.ptr = 0
        self.ptr = cudart.malloc(self.nbytes)

    @classmethod
    def adopt(cls, ptr: int, shape: tuple[int, ...], dtype: Any, base: object = None) -> CudaArray:
        """An array over device memory at ``ptr`` that exists already: freed with this array
        when ``base`` is None (it was handed over), else kept alive by ``base``, which owns it."""
        out = cls.__new__(cls)
        out.shape, out.dtype, out.base, out.ptr = tuple(shape), np.dtype(dtype), base, ptr
        return out

    # ---------------------------------------------------------------- numpy-like
    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def strides(self) -> tuple[int, ...]:
        out, step = [], self.dtype.itemsize
        for n in reversed(self.shape):
            out.append(step)
            step *= max(n, 1)
        return tuple(reversed(out))

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self) -> str:
        return f"<kiln CudaArray shape={self.shape} dtype={self.dtype}>"

    # ------------------------------------------------------------------- copies
    def copy_to_device(self, ary: np.ndarray, stream: object = None) -> None:
        src = np.ascontiguousarray(ary, dtype=self.dtype)
        if src.shape != self.shape:
            raise ValueError(f"cannot copy an array of shape {src.shape} to one of shape {self.shape}")
        cudart.memcpy(self.ptr, src.ctypes.data, self.nbytes, cudart.H2D)

    def copy_to_host(self, ary: np.ndarray | None = None, stream: object = None) -> np.ndarray:
        out = np.empty(self.shape, self.dtype)
        cudart.memcpy(out.ctypes.data, self.ptr, self.nbytes, cudart.D2H)
        if ary is None:
            return out
        np.copyto(ary, out)
        return ary

    def __del__(self) -> None:
        if getattr(self, "ptr", 0) and getattr(self, "base", None) is None:
            cudart.free(self.ptr)
            self.ptr = 0


def to_gpu(ary: np.ndarray) -> CudaArray:
    ary = np.asarray(ary)
    out = CudaArray(ary.shape, ary.dtype)
    out.copy_to_device(ary)
    return out
