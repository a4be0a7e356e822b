"""Central finite differences and helpers for gradient tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


def fd_grad(f: Callable[..., float], args: tuple[Any, ...], i: int, eps: float = 1e-6) -> Any:
    """d f / d args[i] by central differences (float64)."""
    x = args[i]

    def at(value: Any) -> float:
        a = list(args)
        a[i] = value
        return float(f(*[v.copy() if isinstance(v, np.ndarray) else v for v in a]))

    if np.ndim(x) == 0:
        return (at(x + eps) - at(x - eps)) / (2 * eps)
    g = np.zeros(x.shape)
    for k in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[k] += eps
        xm[k] -= eps
        g[k] = (at(xp) - at(xm)) / (2 * eps)
    return g


def assert_close(got: Any, want: Any, rtol: float = 1e-6, atol: float = 1e-8) -> None:
    np.testing.assert_allclose(
        np.asarray(got, dtype=float), np.asarray(want, dtype=float), rtol=rtol, atol=atol
    )
