"""Loop-form functions the gradient tests differentiate (plain Python, NumPy style)."""

from __future__ import annotations

import numpy as np


def branchy(x):
    s = 0.0
    for i in range(x.shape[0]):
        if x[i] > 0:
            s += x[i] * x[i]
        else:
            s -= np.sin(x[i])
    return s


def carried(x, k):
    s = 1.0
    for i in range(x.shape[0]):
        s = s * np.tanh(x[i] * s + k)
    return s


def inplace_steps(x):
    y = x.copy()
    for _step in range(4):
        for i in range(1, y.shape[0]):
            y[i] = y[i] * y[i - 1] * 0.5 + np.cos(y[i])
    return np.sum(y * y)


def cond_overwrites(x):
    s = x[0]
    for i in range(x.shape[0]):
        if s > 0.5:
            s = s * 0.5 + x[i]
        else:
            s = s + x[i] * x[i]
    return s


def nested(A, v):
    total = 0.0
    for i in range(A.shape[0]):
        acc = 0.0
        for j in range(A.shape[1]):
            acc += A[i, j] * v[j]
        total += np.exp(-acc * acc)
    return total


def sliced(A):
    return np.sum(A[1:, ::2] ** 2) + np.sum(np.sqrt(A[0, :] + 2.0)) + A.T[1, 0]


def matmul_loss(A, B):
    C = A @ B
    return np.sum(np.tanh(C))


def matvec_loss(A, x):
    return np.sum((A @ x) ** 2) + np.sum(x @ A.T)


def norm_into(x, out):
    for i in range(x.shape[0]):
        out[i] = x[i] / np.sqrt(np.sum(x * x))


def power_array(x):
    return np.exp(x) * x


def log_sum_exp(x):
    m = np.max(x)
    return m + np.log(np.sum(np.exp(x - m)))


def while_active(x):
    s = x[0]
    while s < 10.0:
        s = s * 2.0
    return s


def rebind(y0):
    y = y0.copy()
    for _step in range(3):
        y = y + 0.1 * y * y
    return np.sum(y)


def early_exit(x):
    for i in range(x.shape[0]):
        if x[i] > 0.9:
            return x[i] * 2.0
    return 0.0
