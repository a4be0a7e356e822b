"""The few CUDA runtime calls kiln needs (device count, memory, copies), through ctypes on
the toolkit's ``libcudart`` -- the same library the kernel libraries link (``-cudart
shared``), so device pointers pass between them."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import glob

from kiln.options import env_no_gpu
from kiln.runtime.nvcc import cuda_lib_dir, find_nvcc

H2D, D2H, D2D = 1, 2, 3


class CudaError(RuntimeError):
    pass


def _candidates() -> list[str]:
    out: list[str] = []
    nvcc = find_nvcc()
    if nvcc:
        out += sorted(glob.glob(str(cuda_lib_dir(nvcc) / "libcudart.so*")), key=len)
    found = ctypes.util.find_library("cudart")
    if found:
        out.append(found)
    return out


@functools.cache
def library() -> ctypes.CDLL | None:
    """libcudart, loaded once with global symbols (None when there is none)."""
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        except OSError:
            continue
        lib.cudaGetErrorString.restype = ctypes.c_char_p
        lib.cudaMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
        lib.cudaFree.argtypes = [ctypes.c_void_p]
        lib.cudaMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        lib.cudaMemset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
        return lib
    return None


@functools.cache
def device_count() -> int:
    """CUDA devices present (0 without a runtime, a driver or a device; ``KILN_NO_GPU=1``: 0)."""
    if env_no_gpu():
        return 0
    lib = library()
    if lib is None:
        return 0
    n = ctypes.c_int(0)
    return n.value if lib.cudaGetDeviceCount(ctypes.byref(n)) == 0 else 0


def check(code: int, what: str) -> None:
    if code != 0:
        lib = library()
        message = lib.cudaGetErrorString(code).decode() if lib is not None else f"error {code}"
        raise CudaError(f"{what}: {message}")


def _lib() -> ctypes.CDLL:
    lib = library()
    if lib is None or device_count() == 0:
        raise CudaError("no CUDA device is available")
    return lib


def malloc(nbytes: int) -> int:
    ptr = ctypes.c_void_p()
    check(_lib().cudaMalloc(ctypes.byref(ptr), max(1, nbytes)), f"cudaMalloc({nbytes})")
    return int(ptr.value or 0)


def free(ptr: int) -> None:
    lib = library()
    if lib is not None and ptr:
        lib.cudaFree(ctypes.c_void_p(ptr))


def memcpy(dst: int, src: int, nbytes: int, kind: int) -> None:
    if nbytes:
        check(_lib().cudaMemcpy(ctypes.c_void_p(dst), ctypes.c_void_p(src), nbytes, kind), "cudaMemcpy")


def memset(ptr: int, value: int, nbytes: int) -> None:
    if nbytes:
        check(_lib().cudaMemset(ctypes.c_void_p(ptr), value, nbytes), "cudaMemset")


def synchronize() -> None:
    check(_lib().cudaDeviceSynchronize(), "cudaDeviceSynchronize")
