"""Loop-form kernels for ``kiln bench ad``: each returns a float64 loss."""

from __future__ import annotations

import numpy as np


def gmm_loglik(X, mu, logsig, logw):
    n, d = X.shape
    total = 0.0
    for i in range(n):
        m = -1e300
        for k in range(mu.shape[0]):
            q = 0.0
            for j in range(d):
                z = (X[i, j] - mu[k, j]) * np.exp(-logsig[k, j])
                q += z * z + 2.0 * logsig[k, j]
            m = max(m, logw[k] - 0.5 * q)
        s = 0.0
        for k in range(mu.shape[0]):
            q = 0.0
            for j in range(d):
                z = (X[i, j] - mu[k, j]) * np.exp(-logsig[k, j])
                q += z * z + 2.0 * logsig[k, j]
            s += np.exp(logw[k] - 0.5 * q - m)
        total += m + np.log(s)
    return total


def logsumexp(x):
    m = x[0]
    for i in range(x.shape[0]):
        m = max(m, x[i])
    s = 0.0
    for i in range(x.shape[0]):
        s += np.exp(x[i] - m)
    return m + np.log(s)


def lstm_steps(W, U, b, xs, H, C):
    steps, hidden = H.shape[0] - 1, H.shape[1]
    for t in range(steps):
        for j in range(hidden):
            gi, gf, go, gc = b[0, j], b[1, j], b[2, j], b[3, j]
            for q in range(xs.shape[1]):
                gi += W[0, j, q] * xs[t, q]
                gf += W[1, j, q] * xs[t, q]
                go += W[2, j, q] * xs[t, q]
                gc += W[3, j, q] * xs[t, q]
            for q in range(hidden):
                gi += U[0, j, q] * H[t, q]
                gf += U[1, j, q] * H[t, q]
                go += U[2, j, q] * H[t, q]
                gc += U[3, j, q] * H[t, q]
            i_ = 1.0 / (1.0 + np.exp(-gi))
            f_ = 1.0 / (1.0 + np.exp(-gf))
            o_ = 1.0 / (1.0 + np.exp(-go))
            C[t + 1, j] = f_ * C[t, j] + i_ * np.tanh(gc)
            H[t + 1, j] = o_ * np.tanh(C[t + 1, j])
    return np.sum(H[steps, :])


def kmeans_objective(X, centers):
    total = 0.0
    for i in range(X.shape[0]):
        best = 1e300
        for k in range(centers.shape[0]):
            d = 0.0
            for j in range(X.shape[1]):
                diff = X[i, j] - centers[k, j]
                d += diff * diff
            best = min(best, d)
        total += best
    return total


def euler_ode(y0, rate, Y):
    steps, n = Y.shape[0] - 1, Y.shape[1]
    h = 0.01
    for i in range(n):
        Y[0, i] = y0[i]
    for t in range(steps):
        for i in range(n):
            right = Y[t, (i + 1) % n]
            Y[t + 1, i] = Y[t, i] + h * (-rate * Y[t, i] + np.sin(right))
    return np.sum(Y[steps, :] * Y[steps, :])


def least_squares(A, x, b):
    total = 0.0
    for i in range(A.shape[0]):
        r = -b[i]
        for j in range(A.shape[1]):
            r += A[i, j] * x[j]
        total += 0.5 * r * r
    return total


def norm_example(x, w):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] / np.sqrt(np.sum(x * x))
    return np.sum(out * w)


def rnn_rebound(W, U, xs):
    """A recurrence as NumPy code writes it: the state re-bound every step."""
    h = np.zeros(W.shape[0])
    for t in range(xs.shape[0]):
        h = np.tanh(W @ h + U @ xs[t])
    return np.sum(h * h)


def integrator_rebound(y0, rate):
    """Explicit midpoint steps, each a new array: ``y = y + h * f(y)``."""
    y = y0.copy()
    h = 0.01
    for _ in range(200):
        mid = y + 0.5 * h * (-rate * y + np.sin(np.roll(y, 1)))
        y = y + h * (-rate * mid + np.sin(np.roll(mid, 1)))
    return np.sum(y * y)


def pair_energy(x, eps):
    """A triangular nest over particle pairs (the tapes' length is counted as it runs)."""
    e = 0.0
    for i in range(x.shape[0]):
        for j in range(i + 1, x.shape[0]):
            r2 = np.sum((x[i] - x[j]) ** 2) + 0.5
            e += eps * (1.0 / (r2 * r2 * r2) - 1.0 / (r2 * r2))
    return e
