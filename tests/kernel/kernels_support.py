"""Kernels for the kernel tests (module-level: kiln compiles from source)."""

import numpy as np

import kiln
from kiln import cuda


@kiln.kernel
def scale(a, out, k):
    i = kiln.grid(1)
    if i < a.shape[0]:
        out[i] = a[i] * k


@kiln.kernel
def reverse_block(a, out):
    s = kiln.shared.array(64, np.float64)
    t = kiln.threadIdx.x
    i = kiln.grid(1)
    s[t] = a[i]
    kiln.syncthreads()
    out[i] = s[63 - t]


@kiln.kernel
def early_return_then_barrier(a, out):
    s = kiln.shared.array(32, np.int64)
    t = kiln.threadIdx.x
    s[t] = t
    if t >= 20:
        return
    kiln.syncthreads()
    out[kiln.blockIdx.x, t] = s[(t + 1) % 20] + a[t]


@kiln.kernel
def divergent_barrier(a):
    t = kiln.threadIdx.x
    if t < 4:
        kiln.syncthreads()
    else:
        kiln.syncthreads()
    a[t] = t


@kiln.kernel
def barrier_in_divergent_loop(a):
    t = kiln.threadIdx.x
    for _ in range(t):
        kiln.syncthreads()
    a[t] = t


@kiln.kernel
def no_conflict_barrier(a, b, out):
    s = kiln.shared.array(32, np.float64)
    i = kiln.grid(1)
    s[kiln.threadIdx.x] = 1.0
    kiln.syncthreads()
    kiln.syncthreads()
    out[i] = (a[i] + 1.0) * 2.0


@kiln.kernel
def live_values(a, out):
    """Index arithmetic is recomputed after the barrier; the loaded value is stored."""
    s = kiln.shared.array(32, np.float64)
    t = kiln.threadIdx.x
    i = kiln.blockIdx.x * 32 + t
    j = i * 2 + 1
    v = a[i]
    s[t] = v
    kiln.syncthreads()
    out[i] = s[31 - t] + v + j


@kiln.kernel
def uniform_while(a, out):
    s = kiln.shared.array(16, np.float64)
    t = kiln.threadIdx.x
    s[t] = a[kiln.blockIdx.x * 16 + t]
    kiln.syncthreads()
    step = 8
    while step > 0:
        if t < step:
            s[t] = s[t] + s[t + step]
        kiln.syncthreads()
        step = step // 2
    if t == 0:
        out[kiln.blockIdx.x] = s[0]


@kiln.kernel
def atomics(counts, mins, maxs, x):
    i = kiln.grid(1)
    if i < x.shape[0]:
        kiln.atomic.add(counts, i % 4, 1)
        kiln.atomic.min(mins, 0, x[i])
        kiln.atomic.max(maxs, 0, x[i])


@kiln.kernel
def grid3(out):
    x, y, z = kiln.grid(3)
    nx, ny, nz = kiln.gridsize(3)
    if x < out.shape[2] and y < out.shape[1] and z < out.shape[0]:
        out[z, y, x] = x + 10 * y + 100 * z + 1000 * (nx + ny + nz)


@kiln.kernel
def local_array(a, out):
    i = kiln.grid(1)
    tmp = kiln.local.array(4, np.float64)
    for k in range(4):
        tmp[k] = a[i] * k
    out[i] = tmp[0] + tmp[1] + tmp[2] + tmp[3]


@cuda.jit
def numba_style(a, b):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bw = cuda.blockDim.x
    i = tx + bx * bw
    if i < a.size:
        b[i] = a[i] * 2


@kiln.kernel
def window(a, out, lo, hi):
    """Guards bounding the thread index from both sides, one through a negated index."""
    i = kiln.grid(1)
    if lo <= i and i < hi and a.shape[0] - i > 0:
        out[i] = a[i] + 1.0


@kiln.kernel
def rows_by_x(u, out):
    i, j = kiln.grid(2)
    if i < u.shape[0] and j < u.shape[1]:
        out[i, j] = 2.0 * u[i, j]


@kiln.kernel
def tile_dot(a, b, out):
    """A thread-uniform inner loop reading b along threadIdx.x."""
    x, y = kiln.grid(2)
    acc = 0.0
    for k in range(a.shape[1]):
        acc += a[min(y, a.shape[0] - 1), k] * b[k, min(x, b.shape[1] - 1)]
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = acc


@kiln.kernel
def stencil(u, out):
    i, j = kiln.grid(2)
    if 0 < i < u.shape[0] - 1 and 0 < j < u.shape[1] - 1:
        out[i, j] = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] - 3.0 * u[i, j + 1]


@kiln.kernel
def indices(out):
    i, j = kiln.grid(2)
    t = kiln.threadIdx.x + 10 * kiln.threadIdx.y
    out[i, j] = t + 100 * kiln.blockIdx.x + 1000 * kiln.blockIdx.y


@kiln.kernel
def strided_hist(x, hist, lo):
    """The grid-stride idiom: every thread walks x with the whole grid's stride."""
    i = kiln.grid(1)
    for k in range(i, x.shape[0], kiln.gridsize(1)):
        kiln.atomic.add(hist, x[k] - lo, 1)


@kiln.kernel
def strided_offset(x, out):
    """Not the idiom (the loop starts past the thread's index): stays per thread."""
    i = kiln.grid(1)
    for k in range(i + 1, x.shape[0], kiln.gridsize(1)):
        out[k] = x[k] * 2.0


@kiln.kernel
def extremes(x, lo, hi, total, neg):
    i = kiln.grid(1)
    if i < x.shape[0]:
        kiln.atomic.min(lo, i % 3, x[i])
        kiln.atomic.max(hi, i % 3, x[i])
        kiln.atomic.add(total, 0, x[i])
        kiln.atomic.sub(neg, 0, x[i])


@kiln.kernel
def old_value_read(x, counter, slots):
    """The atomic's old value is used: no privatization."""
    i = kiln.grid(1)
    if i < x.shape[0]:
        slots[i] = kiln.atomic.add(counter, 0, 1)


@kiln.kernel
def guarded_dot(inputs, weights, out):
    """A uniform loop under a per-thread guard, staged through shared memory."""
    s = kiln.shared.array(32, np.float64)
    j = kiln.grid(1)
    tx = kiln.threadIdx.x
    acc = 0.0
    for base in range(0, inputs.shape[0], 32):
        if base + tx < inputs.shape[0]:
            s[tx] = inputs[base + tx]
        kiln.syncthreads()
        if j < weights.shape[1]:
            for k in range(min(32, inputs.shape[0] - base)):
                acc += s[k] * weights[base + k, j]
        kiln.syncthreads()
    if j < out.shape[0]:
        out[j] = acc


@kiln.kernel
def tree_sum(a, partial):
    s = kiln.shared.array(64, np.float64)
    tid = kiln.threadIdx.x
    i = kiln.grid(1)
    s[tid] = a[i] if i < a.shape[0] else 0.0
    kiln.syncthreads()
    step = 32
    while step > 0:
        if tid < step:
            s[tid] += s[tid + step]
        kiln.syncthreads()
        step //= 2
    if tid == 0:
        partial[kiln.blockIdx.x] = s[0]


@kiln.kernel
def shifted_rows(a, out, k):
    """Indices offset by a parameter of unknown sign keep their wrap-around."""
    i = kiln.grid(1)
    if i < out.shape[0]:
        out[i] = a[i + k]


@kiln.kernel
def halo(prev, out):
    """Halo loads by the first and last thread of a block: the thread loop is split."""
    s = kiln.shared.array(18, np.int64)
    tx = kiln.threadIdx.x
    j = kiln.grid(1)
    n = prev.shape[0]
    s[tx + 1] = prev[min(j, n - 1)]
    if tx == 0:
        s[0] = prev[max(j - 1, 0)]
    if tx == 15:
        s[17] = prev[min(j + 1, n - 1)]
    kiln.syncthreads()
    if j < n:
        out[j] = s[tx] + 10 * s[tx + 1] + 100 * s[tx + 2]


@kiln.kernel
def guarded_partial(inputs, weights, partial):
    """A guarded uniform loop followed by a store under the same guard."""
    s = kiln.shared.array(32, np.float64)
    tx = kiln.threadIdx.x
    base = kiln.blockIdx.x * 32
    n = inputs.shape[0]
    if base + tx < n:
        s[tx] = inputs[base + tx]
    kiln.syncthreads()
    if tx < weights.shape[1]:
        acc = 0.0
        for k in range(min(32, n - base)):
            acc += s[k] * weights[base + k, tx]
        partial[kiln.blockIdx.x, tx] = acc


@kiln.kernel
def per_thread_trip(out):
    """The loop's bound differs per thread: not lifted."""
    tx = kiln.threadIdx.x
    if tx < 8:
        m = tx + 1
        acc = 0
        for k in range(m):
            acc += k
        out[tx] = acc


@kiln.kernel
def guarded_tile_copy(a, out, k):
    """A tile row loaded under a bounds guard, at a row offset of unknown sign: the index
    computed inside the ``if`` keeps its wrap-around only in the copy for negative offsets."""
    t = kiln.shared.array((4, 16), np.float64)
    tx = kiln.threadIdx.x
    col = kiln.blockIdx.x * 16 + tx
    for r in range(4):
        t[r, tx] = a[r + k, col] if col < a.shape[1] else -1.0
    kiln.syncthreads()
    for r in range(4):
        if col < out.shape[1]:
            out[r, col] = t[t.shape[0] - 1 - r, tx]


def run_guarded_tile_copy(a, k):
    """``guarded_tile_copy`` of ``a`` compiled and on the reference executor, checked against
    each other and NumPy: ``(out, grid)``."""
    out, ref = np.zeros((4, a.shape[1])), np.zeros((4, a.shape[1]))
    grid = (a.shape[1] + 15) // 16
    guarded_tile_copy.cpu[grid, 16](a, out, k)
    guarded_tile_copy.simulate(grid, 16, a, ref, k)
    np.testing.assert_array_equal(out, ref)
    np.testing.assert_array_equal(out, a[np.arange(3, -1, -1) + k])  # t.shape[0] is 4, not padded
    return out, grid


@kiln.kernel
def clamped_shift(a, out, k):
    """``a[j + k]`` clamped into range: only blocks near the ends need the clamp."""
    j = kiln.grid(1)
    n = a.shape[0]
    if j < out.shape[0]:
        out[j] = a[min(max(j + k, 0), n - 1)] * 2


@cuda.jit
def trailing_update(a, k):
    j, i = cuda.grid(2)
    i += k + 1
    j += k + 1
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] -= a[i, k] * a[k, j]
