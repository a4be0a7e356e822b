"""Running ``@kiln.jit(target="cuda")`` modules without a GPU (the tests, ``kiln.bench.npbench_gpu
--emulate``): the module's CUDA C built as plain C++ (``KILN_EMULATED``) against a small
emulation of the CUDA runtime, in which a launch runs every thread of the grid in turn and
device memory is host memory; kiln's ``runtime.cudart`` is replaced by the same host calls for
the duration.

What this checks is everything the generated code decides: where statements run, indexing,
grid-stride coverage, reductions folded through their words, scalars handed back from
one-thread kernels, the block pool, results and checks. What it cannot check is what needs
threads to run at once (warp shuffles, shared memory: the emulated build leaves those out);
the GPU-marked tests run the real thing where a GPU is.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kiln.gpu_call import GpuFunction
from kiln.runtime import cudart

GXX = shutil.which("g++") or shutil.which("c++")

HEADER = r"""
#include <stdlib.h>
#include <string.h>
#define KILN_EMULATED 1
#define KILN_WARP_FOLDS 0
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(n)
#define __shared__ static
typedef int cudaError_t;
#define cudaSuccess 0
struct dim3 {
    unsigned x, y, z;
    dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
static dim3 blockIdx(0, 0, 0), threadIdx(0, 0, 0), blockDim, gridDim;
static int cudaMalloc(void** p, size_t n) { *p = malloc(n ? n : 1); return *p ? 0 : 2; }
static int cudaFree(void* p) { free(p); return 0; }
static int cudaDeviceSynchronize() { return 0; }
static int cudaGetLastError() { return 0; }
template <class T> static int cudaMemcpyToSymbol(T& symbol, const void* src, size_t n) {
    memcpy(&symbol, src, n); return 0;
}
template <class T> static int cudaMemcpyFromSymbol(void* dst, T& symbol, size_t n) {
    memcpy(dst, &symbol, n); return 0;
}
static unsigned long long atomicCAS(unsigned long long* p, unsigned long long seen, unsigned long long v) {
    unsigned long long old = *p; if (old == seen) *p = v; return old;
}
template <class T> static T __shfl_down_sync(unsigned, T v, int) { return v; }
static void __syncthreads() {}
template <class F> struct kiln_emulated_launch {
    dim3 g, b; F f;
    template <class... A> void operator()(A... a) {
        gridDim = g; blockDim = b;
        for (unsigned bz = 0; bz < g.z; bz++) for (unsigned by = 0; by < g.y; by++)
        for (unsigned bx = 0; bx < g.x; bx++) for (unsigned tz = 0; tz < b.z; tz++)
        for (unsigned ty = 0; ty < b.y; ty++) for (unsigned tx = 0; tx < b.x; tx++) {
            blockIdx = dim3(bx, by, bz); threadIdx = dim3(tx, ty, tz); f(a...);
        }
    }
};
template <class F> static kiln_emulated_launch<F> kiln_emulate(dim3 g, dim3 b, F f) { return {g, b, f}; }
#define KILN_LAUNCH(kernel, grid, block) kiln_emulate(dim3(grid), dim3(block), kernel)
"""

_LIBC = ctypes.CDLL(None)
_LIBC.malloc.restype = ctypes.c_void_p
_LIBC.malloc.argtypes = [ctypes.c_size_t]
_LIBC.free.argtypes = [ctypes.c_void_p]


def build(source: str, folder: Path) -> ctypes.CDLL:
    """The module built as C++ with the emulation in front of it."""
    assert GXX is not None, "no C++ compiler"
    key = hashlib.sha256(source.encode()).hexdigest()[:16]
    so = folder / f"emulated_{key}.so"
    if not so.exists():
        with tempfile.TemporaryDirectory(prefix="kiln-emu-") as work:
            cpp = Path(work) / "module.cpp"
            cpp.write_text(HEADER + source)
            out = Path(work) / so.name
            cmd = [GXX, "-std=c++17", "-O1", "-fPIC", "-shared", "-w", "-o", str(out), str(cpp)]
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, done.stderr[-4000:]
            shutil.move(str(out), so)
    return ctypes.CDLL(str(so))


@contextlib.contextmanager
def host_memory_as_device() -> Iterator[None]:
    """``runtime.cudart`` on host memory: one device present, copies are memmoves."""
    saved = {
        n: getattr(cudart, n) for n in ("malloc", "free", "memcpy", "memset", "device_count", "synchronize")
    }
    cudart.malloc = lambda n: int(_LIBC.malloc(max(1, n)))  # type: ignore[assignment]
    cudart.free = lambda p: _LIBC.free(ctypes.c_void_p(p))  # type: ignore[assignment]
    cudart.memcpy = lambda d, s, n, kind: ctypes.memmove(d, s, n) and None  # type: ignore[assignment]
    cudart.memset = lambda p, v, n: ctypes.memset(p, v, n) and None  # type: ignore[assignment]
    cudart.device_count = lambda: 1  # type: ignore[assignment]
    cudart.synchronize = lambda: None
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(cudart, name, value)


def emulated(jitted: Any, args: tuple[Any, ...], folder: Path) -> GpuFunction:
    """The specialization of ``jitted`` (a CudaJitFunction) for ``args``, built emulated."""
    compiled = jitted._specialize(jitted._bind(args, {}), build=False)
    lib = build(compiled.cuda_source, folder)
    return GpuFunction(compiled.optimized, getattr(lib, compiled.entry), compiled.checks)
