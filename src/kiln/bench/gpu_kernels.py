"""Kernels in the style of numba.cuda's documentation examples and of Rodinia, written
against ``from kiln import cuda`` exactly as one writes them for numba.cuda."""

from __future__ import annotations

import math

import numpy as np

from kiln import cuda

TPB = 16  # tile side of 2-d kernels
TPB1 = 128  # threads per block of 1-d kernels


@cuda.jit
def vector_add(a, b, c):
    i = cuda.grid(1)
    if i < c.shape[0]:
        c[i] = a[i] + b[i]


@cuda.jit
def matmul_tiled(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=np.float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=np.float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tmp = np.float32(0.0)
    for i in range(cuda.gridDim.x):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and tx + i * TPB < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and ty + i * TPB < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


@cuda.jit
def block_sum(a, partial):
    """Tree reduction in shared memory: one partial sum per block."""
    s = cuda.shared.array(TPB1, np.float64)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    s[tid] = a[i] if i < a.shape[0] else 0.0
    cuda.syncthreads()
    step = TPB1 // 2
    while step > 0:
        if tid < step:
            s[tid] += s[tid + step]
        cuda.syncthreads()
        step //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = s[0]


@cuda.jit
def histogram(x, hist):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    for k in range(i, x.shape[0], stride):
        cuda.atomic.add(hist, x[k], 1)


@cuda.jit
def laplace_step(u, out):
    i, j = cuda.grid(2)
    n, m = u.shape
    if 0 < i < n - 1 and 0 < j < m - 1:
        out[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])


@cuda.jit(device=True)
def cnd(d):
    A1, A2, A3, A4, A5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
    K = 1.0 / (1.0 + 0.2316419 * abs(d))
    ret = 0.3989422804014327 * math.exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))))
    if d > 0:
        ret = 1.0 - ret
    return ret


@cuda.jit
def black_scholes(call, put, S, X, T, r, v):
    i = cuda.grid(1)
    if i >= S.shape[0]:
        return
    sqrtT = math.sqrt(T[i])
    d1 = (math.log(S[i] / X[i]) + (r + 0.5 * v * v) * T[i]) / (v * sqrtT)
    d2 = d1 - v * sqrtT
    cndd1 = cnd(d1)
    cndd2 = cnd(d2)
    expRT = math.exp(-r * T[i])
    call[i] = S[i] * cndd1 - X[i] * expRT * cndd2
    put[i] = X[i] * expRT * (1.0 - cndd2) - S[i] * (1.0 - cndd1)


@cuda.jit
def hotspot_step(temp, power, out, rx, ry, rz, step, amb):
    i, j = cuda.grid(2)
    n, m = temp.shape
    if i < n and j < m:
        t = temp[i, j]
        north = temp[max(i - 1, 0), j]
        south = temp[min(i + 1, n - 1), j]
        west = temp[i, max(j - 1, 0)]
        east = temp[i, min(j + 1, m - 1)]
        out[i, j] = t + step * (
            power[i, j] + (north + south - 2.0 * t) * ry + (east + west - 2.0 * t) * rx + (amb - t) * rz
        )


PYRAMID = 16  # pathfinder rows per launch


@cuda.jit
def pathfinder_rows(wall, start, rows, prev, result):
    """``rows`` rows of the dynamic program from row ``start`` in one launch (Rodinia's
    pyramid): a block loads TPB1 columns of the previous row, including ``rows`` columns of
    halo on each side, and its valid window shrinks by one column per side per row; it
    finishes the TPB1 - 2 * rows columns in the middle."""
    s = cuda.shared.array(TPB1, np.int32)
    t = cuda.shared.array(TPB1, np.int32)
    tx = cuda.threadIdx.x
    n = prev.shape[0]
    j = cuda.blockIdx.x * (TPB1 - 2 * rows) - rows + tx
    jc = min(max(j, 0), n - 1)
    s[tx] = prev[jc]
    cuda.syncthreads()
    for r in range(rows):
        if r < tx < TPB1 - 1 - r:
            left = s[tx - 1] if j > 0 else s[tx]
            right = s[tx + 1] if j < n - 1 else s[tx]
            t[tx] = wall[start + r, jc] + min(left, s[tx], right)
        cuda.syncthreads()
        if r < tx < TPB1 - 1 - r:
            s[tx] = t[tx]
        cuda.syncthreads()
    if rows <= tx < TPB1 - rows and 0 <= j < n:
        result[j] = s[tx]


@cuda.jit
def nw_tiles(score, ref, d, penalty):
    """Tiles (bi, d - bi) of one anti-diagonal of TPB x TPB tiles of the Needleman-Wunsch score
    matrix (Rodinia's blocked form): a tile, its reference values and its top and left borders
    go to shared memory, where the block's threads sweep the tile's anti-diagonals, one
    anti-diagonal per barrier; cells past the matrix's end are computed and never stored."""
    t = cuda.shared.array((TPB + 1, TPB + 1), np.int32)
    r = cuda.shared.array((TPB, TPB), np.int32)
    tx = cuda.threadIdx.x
    n = score.shape[0]
    tiles = (n - 2) // TPB + 1
    bi = max(0, d - (tiles - 1)) + cuda.blockIdx.x
    i0 = bi * TPB
    j0 = (d - bi) * TPB
    col = j0 + 1 + tx
    for k in range(TPB):
        r[k, tx] = ref[i0 + 1 + k, col] if i0 + 1 + k < n and col < n else 0
    t[tx + 1, 0] = score[i0 + 1 + tx, j0] if i0 + 1 + tx < n else 0
    t[0, tx + 1] = score[i0, col] if col < n else 0
    if tx == 0:
        t[0, 0] = score[i0, j0]
    cuda.syncthreads()
    for m in range(2 * TPB - 1):
        j = m - tx + 1
        if 1 <= j <= TPB:
            i = tx + 1
            t[i, j] = max(t[i - 1, j - 1] + r[i - 1, j - 1], t[i - 1, j] - penalty, t[i, j - 1] - penalty)
        cuda.syncthreads()
    for k in range(TPB):
        if i0 + 1 + k < n and col < n:
            score[i0 + 1 + k, col] = t[k + 1, tx + 1]


@cuda.jit
def srad_coefficients(J, c, dN, dS, dW, dE, q0sqr):
    i, j = cuda.grid(2)
    n, m = J.shape
    if i < n and j < m:
        jc = J[i, j]
        dN[i, j] = J[max(i - 1, 0), j] - jc
        dS[i, j] = J[min(i + 1, n - 1), j] - jc
        dW[i, j] = J[i, max(j - 1, 0)] - jc
        dE[i, j] = J[i, min(j + 1, m - 1)] - jc
        g2 = (dN[i, j] ** 2 + dS[i, j] ** 2 + dW[i, j] ** 2 + dE[i, j] ** 2) / (jc * jc)
        lap = (dN[i, j] + dS[i, j] + dW[i, j] + dE[i, j]) / jc
        num = 0.5 * g2 - (1.0 / 16.0) * lap * lap
        den = 1.0 + 0.25 * lap
        qsqr = num / (den * den)
        den = (qsqr - q0sqr) / (q0sqr * (1.0 + q0sqr))
        c[i, j] = min(max(1.0 / (1.0 + den), 0.0), 1.0)


@cuda.jit
def srad_update(J, c, dN, dS, dW, dE, lam):
    i, j = cuda.grid(2)
    n, m = J.shape
    if i < n and j < m:
        cs = c[min(i + 1, n - 1), j]
        ce = c[i, min(j + 1, m - 1)]
        D = c[i, j] * dN[i, j] + cs * dS[i, j] + c[i, j] * dW[i, j] + ce * dE[i, j]
        J[i, j] = J[i, j] + 0.25 * lam * D


@cuda.jit
def backprop_partial(inputs, weights, partial):
    """partial[b, j] = sum of inputs[i] * weights[i, j] over block b's TPB1 inputs (Rodinia's
    layer-forward kernel: inputs staged in shared memory, one partial sum per block)."""
    s = cuda.shared.array(TPB1, np.float32)
    tx = cuda.threadIdx.x
    base = cuda.blockIdx.x * TPB1
    n = inputs.shape[0]
    if base + tx < n:
        s[tx] = inputs[base + tx]
    cuda.syncthreads()
    if tx < weights.shape[1]:
        acc = np.float32(0.0)
        for k in range(min(TPB1, n - base)):
            acc += s[k] * weights[base + k, tx]
        partial[cuda.blockIdx.x, tx] = acc


@cuda.jit
def backprop_finish(partial, hidden):
    """hidden[j] = sigmoid(sum of the blocks' partial sums)."""
    j = cuda.grid(1)
    if j < hidden.shape[0]:
        acc = np.float32(0.0)
        for b in range(partial.shape[0]):
            acc += partial[b, j]
        hidden[j] = np.float32(1.0) / (np.float32(1.0) + np.exp(-acc))


@cuda.jit
def lud_column(a, k):
    i = cuda.grid(1) + k + 1
    if i < a.shape[0]:
        a[i, k] = a[i, k] / a[k, k]


@cuda.jit
def lud_trailing(a, k):
    j, i = cuda.grid(2)
    i += k + 1
    j += k + 1
    n = a.shape[0]
    if i < n and j < n:
        a[i, j] -= a[i, k] * a[k, j]
