"""NumPy functions that compiled code calls where NumPy's result kind depends on the values
(and NumPy's warnings that compiled code gives):
``eig``, ``eigvals`` and ``roots`` return real arrays for a real input only when every
eigenvalue (or root) is real, complex ones otherwise. A compiled function's result types are
fixed by its argument types: a real input gets real results, and these wrappers raise, with
the reason, where NumPy's result would be complex, rather than drop the imaginary parts."""

from __future__ import annotations

import warnings

import numpy as np


def _real_only(name: str, a: np.ndarray, *results: np.ndarray) -> None:
    if not np.iscomplexobj(a) and any(np.iscomplexobj(r) for r in results):
        raise ValueError(
            f"{name}: this real input has complex results, which NumPy returns as a complex "
            "array; compiled code gives real inputs real results: pass a complex array "
            "(a.astype(complex)) to get complex ones"
        )


def eig(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    w, v = np.linalg.eig(a)
    _real_only("np.linalg.eig", a, w, v)
    return w, v


def eigvals(a: np.ndarray) -> np.ndarray:
    w = np.linalg.eigvals(a)
    _real_only("np.linalg.eigvals", a, w)
    return w


def roots(p: np.ndarray) -> np.ndarray:
    """``np.roots(p)`` for float64 or complex128 coefficients, of the coefficients' kind."""
    r = np.roots(p)
    _real_only("np.roots", p, r)
    if np.iscomplexobj(p) and not np.iscomplexobj(r):
        r = r.astype(p.dtype)  # NumPy's zero or no roots of one coefficient are float64
    return r


def rank_warning() -> None:
    """``np.polyfit``'s warning for a fit whose matrix has lost rank."""
    warnings.warn("Polyfit may be poorly conditioned", np.exceptions.RankWarning, stacklevel=2)
