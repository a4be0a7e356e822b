"""The benchmark kernels: plain NumPy-style Python, each written once.

The runner compiles every function here with ``@kiln.jit`` (and ``numba.njit`` when Numba is
installed) and runs the undecorated function as the reference, so nothing in this file may
depend on kiln. Functions made of scalar loops are compared with plain Python; the others
with NumPy.
"""

from __future__ import annotations

import numpy as np


def readme_kernel(alpha, A, B, C):
    """The README's example: a row loop around a fused element-wise expression and a reduction."""
    for i in range(A.shape[0]):
        C[i, :] = alpha * np.sqrt(A[i, :]) + B[i, :].sum()
    return C.max()


def axpy_sqrt(alpha, A, B):
    """One fused element-wise expression: NumPy makes temporaries, kiln one loop."""
    return alpha * np.sqrt(A) + B


def floyd_warshall(path):
    """All-pairs shortest paths in place, as three nested scalar loops."""
    n = path.shape[0]
    for k in range(n):
        for i in range(n):
            for j in range(n):
                path[i, j] = min(path[i, j], path[i, k] + path[k, j])


def jacobi_2d(tsteps, A, B):
    """PolyBench's 2-d Jacobi stencil written with slices (as in NPBench)."""
    for _ in range(1, tsteps):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])


def softmax(x):
    """Row-wise softmax: reductions with axis and keepdims, broadcast back."""
    row_max = np.max(x, axis=1, keepdims=True)
    e = np.exp(x - row_max)
    return e / np.sum(e, axis=1, keepdims=True)


def gemm(alpha, beta, C, A, B):
    """PolyBench GEMM: C = alpha * A @ B + beta * C, in place."""
    C[:] = alpha * A @ B + beta * C


def prefix_sum(x):
    """Inclusive running sum as a scalar loop with a carried accumulator."""
    out = np.empty_like(x)
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i]
        out[i] = acc
    return out


def histogram(x, nbins):
    """Counts of values in [0, 1) per bin: scattered integer increments."""
    counts = np.zeros(nbins, dtype=np.int64)
    for i in range(x.shape[0]):
        b = int(x[i] * nbins)
        if b >= nbins:
            b = nbins - 1
        counts[b] += 1
    return counts


def go_fast(a):
    """Numba's introductory example: a scalar loop over the diagonal, then a broadcast add."""
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


def arc_distance(theta_1, phi_1, theta_2, phi_2):
    """Great-circle distances (NPBench): a long chain of trigonometric element-wise operations."""
    temp = (
        np.sin((theta_2 - theta_1) / 2) ** 2
        + np.cos(theta_1) * np.cos(theta_2) * np.sin((phi_2 - phi_1) / 2) ** 2
    )
    return 2 * np.arctan2(np.sqrt(temp), np.sqrt(1 - temp))


def smooth_1d(a, steps):
    """Repeated 3-point smoothing in place: the right-hand side overlaps the target slice."""
    for _ in range(steps):
        a[1:-1] = 0.5 * a[1:-1] + 0.25 * (a[:-2] + a[2:])


def horner(x, coeffs):
    """Polynomial evaluation per element, nested scalar loops."""
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        acc = 0.0
        for k in range(coeffs.shape[0]):
            acc = acc * x[i] + coeffs[k]
        out[i] = acc
    return out


def pairwise_distance(X):
    """All pairwise Euclidean distances via broadcasting with ``None`` axes and a reduction."""
    diff = X[:, None, :] - X[None, :, :]
    return np.sqrt((diff**2).sum(axis=2))


def add_one(x):
    """A trivial kernel on a scalar: measures the cost of a call, not of work."""
    return x + 1.0


def first_element(a):
    """A trivial kernel on an array: the cost of a call including array dispatch."""
    return a[0]
