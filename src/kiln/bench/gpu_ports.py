"""The GPU benchmark kernels hand-ported to plain ``@kiln.jit`` loops (``prange`` where the
iterations are independent): what the kernel path must keep up with on a CPU."""

from __future__ import annotations

import math

import numpy as np

import kiln


@kiln.jit(parallel=True)
def vector_add(a, b, c):
    for i in kiln.prange(c.shape[0]):
        c[i] = a[i] + b[i]


@kiln.jit(parallel=True)
def matmul(A, B, C):
    for i in kiln.prange(A.shape[0]):
        for j in range(B.shape[1]):
            C[i, j] = 0
        for k in range(A.shape[1]):
            for j in range(B.shape[1]):
                C[i, j] += A[i, k] * B[k, j]


@kiln.jit(parallel=True)
def block_sum(a, partial, tpb):
    for b in kiln.prange(partial.shape[0]):
        s = 0.0
        for i in range(b * tpb, min((b + 1) * tpb, a.shape[0])):
            s += a[i]
        partial[b] = s


@kiln.jit
def histogram(x, hist):
    for k in range(x.shape[0]):
        hist[x[k]] += 1


@kiln.jit(parallel=True)
def laplace_step(u, out):
    for i in kiln.prange(1, u.shape[0] - 1):
        for j in range(1, u.shape[1] - 1):
            out[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])


def _cnd(d):
    K = 1.0 / (1.0 + 0.2316419 * abs(d))
    poly = K * (0.31938153 + K * (-0.356563782 + K * (1.781477937 + K * (-1.821255978 + K * 1.330274429))))
    ret = 0.3989422804014327 * math.exp(-0.5 * d * d) * poly
    if d > 0:
        ret = 1.0 - ret
    return ret


@kiln.jit(parallel=True)
def black_scholes(call, put, S, X, T, r, v):
    for i in kiln.prange(S.shape[0]):
        sqrtT = math.sqrt(T[i])
        d1 = (math.log(S[i] / X[i]) + (r + 0.5 * v * v) * T[i]) / (v * sqrtT)
        d2 = d1 - v * sqrtT
        c1 = _cnd(d1)
        c2 = _cnd(d2)
        e = math.exp(-r * T[i])
        call[i] = S[i] * c1 - X[i] * e * c2
        put[i] = X[i] * e * (1.0 - c2) - S[i] * (1.0 - c1)


@kiln.jit(parallel=True)
def hotspot_step(temp, power, out, rx, ry, rz, step, amb):
    n, m = temp.shape
    for i in kiln.prange(n):
        for j in range(m):
            t = temp[i, j]
            ns = temp[max(i - 1, 0), j] + temp[min(i + 1, n - 1), j] - 2.0 * t
            ew = temp[i, max(j - 1, 0)] + temp[i, min(j + 1, m - 1)] - 2.0 * t
            out[i, j] = t + step * (power[i, j] + ns * ry + ew * rx + (amb - t) * rz)


@kiln.jit
def pathfinder(wall, result):
    n = wall.shape[1]
    prev = np.empty(n, np.int32)
    for j in range(n):
        result[j] = wall[0, j]
    for row in range(1, wall.shape[0]):
        for j in range(n):
            prev[j] = result[j]
        for j in range(n):
            best = prev[j]
            if j > 0:
                best = min(best, prev[j - 1])
            if j < n - 1:
                best = min(best, prev[j + 1])
            result[j] = wall[row, j] + best


@kiln.jit
def needleman_wunsch(score, ref, penalty):
    n = score.shape[0]
    for i in range(1, n):
        for j in range(1, n):
            diag = score[i - 1, j - 1] + ref[i, j]
            score[i, j] = max(diag, score[i - 1, j] - penalty, score[i, j - 1] - penalty)


@kiln.jit(parallel=True)
def srad_step(J, c, dN, dS, dW, dE, q0sqr, lam):
    n, m = J.shape
    for i in kiln.prange(n):
        for j in range(m):
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
    for i in kiln.prange(n):
        for j in range(m):
            cs = c[min(i + 1, n - 1), j]
            ce = c[i, min(j + 1, m - 1)]
            D = c[i, j] * dN[i, j] + cs * dS[i, j] + c[i, j] * dW[i, j] + ce * dE[i, j]
            J[i, j] = J[i, j] + 0.25 * lam * D


@kiln.jit(parallel=True)
def backprop_layer(inputs, weights, hidden):
    m = weights.shape[1]
    for j in kiln.prange(m):
        hidden[j] = 0
    for i in range(inputs.shape[0]):
        for j in range(m):
            hidden[j] += inputs[i] * weights[i, j]
    for j in kiln.prange(m):
        hidden[j] = np.float32(1.0) / (np.float32(1.0) + np.exp(-hidden[j]))


@kiln.jit(parallel=True)
def lud(a):
    n = a.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            a[i, k] = a[i, k] / a[k, k]
        for i in kiln.prange(k + 1, n):
            for j in range(k + 1, n):
                a[i, j] -= a[i, k] * a[k, j]
