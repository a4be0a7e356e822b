"""What every module of ``@kiln.jit(target="cuda")`` starts with: the NumPy-exact scalar
helpers for both sides (the host evaluates shapes and scalar code, kernels the rest), the
device words kernels report through (failed checks, reductions, results of one-thread
kernels), a pool of device blocks that outlives calls, and the tiled matrix product."""

from __future__ import annotations

from kiln.codegen.cuda_prelude import scalar_helpers

MAX_SLOTS = 64  # reductions of one kernel, scalars one one-thread kernel hands back

_HEADER = r"""
#ifndef KILN_EMULATED
/* KILN_EMULATED: the module built as plain C++ against an emulation of the runtime that runs
   each thread in turn (tests without a GPU); nothing below depends on threads running at once
   but the warp folds and the shared-memory matrix product, which it leaves out. */
#include <cuda_runtime.h>
#define KILN_LAUNCH(kernel, grid, block) kernel<<<grid, block>>>
#define KILN_WARP_FOLDS 1
#endif
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <mutex>
#include <vector>
#pragma nv_diag_suppress 177
#pragma nv_diag_suppress 550
typedef long long npy_intp;
typedef unsigned char npy_bool;
#define KILN_INLINE static __host__ __device__ __forceinline__
"""

_WORDS = r"""
__device__ long long kiln_err_word[4];
__device__ unsigned long long kiln_red_slots[{slots}];
__device__ unsigned long long kiln_out_slots[{slots}];
static std::mutex kiln_mutex;

/* A failed check inside a kernel records its number and integer arguments (the first
   failure wins); the host reads them at its next synchronization. */
static __device__ void kiln_fail(long long* err, long long which, long long a0, long long a1, long long a2) {{
    if (atomicCAS((unsigned long long*)err, 0ULL, (unsigned long long)which) == 0ULL) {{
        err[1] = a0; err[2] = a1; err[3] = a2;
    }}
}}

{shuffles}
/* Device blocks kept between calls: a temporary of the same size as one given back takes it
   again instead of paying cudaMalloc (which also synchronizes the device). */
struct kiln_block {{ void* ptr; size_t bytes; }};
static std::vector<kiln_block> kiln_pool;
static size_t kiln_pool_bytes = 0;
static const size_t kiln_pool_limit = (size_t)4 << 30;

static void* kiln_pool_get(size_t bytes) {{
    if (bytes == 0) bytes = 1;
    size_t best = (size_t)-1;
    for (size_t k = 0; k < kiln_pool.size(); k++)
        if (kiln_pool[k].bytes >= bytes && kiln_pool[k].bytes <= 2 * bytes
            && (best == (size_t)-1 || kiln_pool[k].bytes < kiln_pool[best].bytes)) best = k;
    if (best != (size_t)-1) {{
        void* p = kiln_pool[best].ptr;
        kiln_pool_bytes -= kiln_pool[best].bytes;
        kiln_pool.erase(kiln_pool.begin() + best);
        return p;
    }}
    void* p = 0;
    if (cudaMalloc(&p, bytes) != cudaSuccess) {{
        cudaGetLastError();
        for (size_t k = 0; k < kiln_pool.size(); k++) cudaFree(kiln_pool[k].ptr);
        kiln_pool.clear(); kiln_pool_bytes = 0;
        if (cudaMalloc(&p, bytes) != cudaSuccess) return 0;
    }}
    return p;
}}

static void kiln_pool_put(void* p, size_t bytes) {{
    if (bytes == 0) bytes = 1;
    if (kiln_pool_bytes + bytes > kiln_pool_limit) {{ cudaFree(p); return; }}
    kiln_pool.push_back(kiln_block{{p, bytes}});
    kiln_pool_bytes += bytes;
}}

/* The blocks one call took: given back at its end, but for those a result lies in. */
struct kiln_taken {{ void* ptr; size_t bytes; int handed; }};
struct kiln_call_blocks {{
    std::vector<kiln_taken> blocks;
    void* take(size_t bytes) {{
        void* p = kiln_pool_get(bytes);
        if (p) blocks.push_back(kiln_taken{{p, bytes ? bytes : 1, 0}});
        return p;
    }}
    void give_back(void* p) {{
        for (size_t k = 0; k < blocks.size(); k++)
            if (blocks[k].ptr == p && !blocks[k].handed) {{
                kiln_pool_put(p, blocks[k].bytes);
                blocks.erase(blocks.begin() + k);
                return;
            }}
    }}
    /* The block ``data`` lies in, handed to the caller (0 when it is no block of this call). */
    void* hand_out(const void* data, long long* bytes) {{
        for (size_t k = 0; k < blocks.size(); k++) {{
            const char* lo = (const char*)blocks[k].ptr;
            if ((const char*)data >= lo && (const char*)data < lo + blocks[k].bytes) {{
                blocks[k].handed = 1; *bytes = (long long)blocks[k].bytes; return blocks[k].ptr;
            }}
        }}
        *bytes = 0; return 0;
    }}
    void end() {{
        for (size_t k = 0; k < blocks.size(); k++)
            if (!blocks[k].handed) kiln_pool_put(blocks[k].ptr, blocks[k].bytes);
        blocks.clear();
    }}
}};

#define KILN_CUDA(call) \
    do {{ kiln_cerr = (call); if (kiln_cerr != cudaSuccess) goto kiln_cuda_fail; }} while (0)
static unsigned long long kiln_min_blocks(long long n, long long per, unsigned long long cap) {{
    unsigned long long b = (unsigned long long)((n + per - 1) / per);
    return b < cap ? b : cap;
}}
/* Whether a kernel's check failed (its number and arguments then in errs). */
static int kiln_device_failed(long long* errs) {{
    long long w[4] = {{0, 0, 0, 0}};
    if (cudaMemcpyFromSymbol(w, kiln_err_word, sizeof w) != cudaSuccess || !w[0]) return 0;
    memcpy(errs, w, sizeof w);
    return 1;
}}

/* Byte span [lo, hi) of a strided view; empty views span nothing. */
struct kiln_dims {{ npy_intp v[32]; }};
typedef struct {{ const char* lo; const char* hi; }} kiln_span;
KILN_INLINE kiln_span kiln_span_of(const void* data, int nd, kiln_dims shape, kiln_dims strides,
                                   npy_intp itemsize) {{
    kiln_span s; const char* p = (const char*)data; npy_intp lo = 0, hi = 0;
    for (int k = 0; k < nd; k++) {{
        if (shape.v[k] == 0) {{ s.lo = p; s.hi = p; return s; }}
        npy_intp ext = (shape.v[k] - 1) * strides.v[k] * itemsize;
        if (ext < 0) lo += ext; else hi += ext;
    }}
    s.lo = p + lo; s.hi = p + hi + itemsize; return s;
}}
KILN_INLINE int kiln_spans_overlap(kiln_span a, kiln_span b) {{
    return a.lo < a.hi && b.lo < b.hi && a.lo < b.hi && b.lo < a.hi;
}}

/* C = A @ B of strided operands (a vector is a 1-row or 1-column matrix), in 16x16 tiles
   staged through shared memory; the generated fallback where no BLAS for the device is used. */
template <class T>
__global__ void __launch_bounds__(256) kiln_matmul_tiles(
    const T* A, long long as0, long long as1, const T* B, long long bs0, long long bs1,
    T* C, long long cs0, long long cs1, long long M, long long N, long long K) {{
#ifdef KILN_EMULATED
    const long long row = (long long)blockIdx.y * 16 + threadIdx.y;
    const long long col = (long long)blockIdx.x * 16 + threadIdx.x;
    T acc = 0;
    for (long long k = 0; k < K; k++)
        if (row < M && col < N) acc += A[row * as0 + k * as1] * B[k * bs0 + col * bs1];
    if (row < M && col < N) C[row * cs0 + col * cs1] = acc;
    return;
#else
    __shared__ T ta[16][17];
    __shared__ T tb[16][17];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const long long row = (long long)blockIdx.y * 16 + ty, col = (long long)blockIdx.x * 16 + tx;
    T acc = 0;
    for (long long k0 = 0; k0 < K; k0 += 16) {{
        ta[ty][tx] = (row < M && k0 + tx < K) ? A[row * as0 + (k0 + tx) * as1] : (T)0;
        tb[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * bs0 + col * bs1] : (T)0;
        __syncthreads();
        for (int k = 0; k < 16; k++) acc += ta[ty][k] * tb[k][tx];
        __syncthreads();
    }}
    if (row < M && col < N) C[row * cs0 + col * cs1] = acc;
#endif
}}
"""


# Warp shuffles of every scalar type: the narrow ones travel as int.
_SHUFFLED = ["double", "float", "long long", "unsigned long long", "long", "unsigned long", "int", "unsigned"]
_WIDENED = ["short", "unsigned short", "signed char", "unsigned char", "char"]


def _shuffles() -> str:
    lines = ["/* Warp shuffles of every scalar type (the narrow ones travel as int). */"]
    head = "static __device__ __forceinline__ {t} kiln_shfl({t} v, int o)"
    for t in _SHUFFLED:
        lines.append(head.format(t=t) + " { return __shfl_down_sync(0xffffffffu, v, o); }")
    for t in _WIDENED:
        lines.append(head.format(t=t) + f" {{ return ({t})__shfl_down_sync(0xffffffffu, (int)v, o); }}")
    return "\n".join(lines)


def jit_prelude() -> str:
    return _HEADER + scalar_helpers() + _WORDS.format(slots=MAX_SLOTS, shuffles=_shuffles())
