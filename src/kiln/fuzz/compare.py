"""Whether kiln's outcome of a program is CPython/NumPy's: the same exception class, or equal
results (dtype, shape, values) and equal arguments afterwards."""

from __future__ import annotations

from typing import Any

import numpy as np

# Exception classes compared by their closest built-in base: NumPy raises UFuncTypeError (a
# TypeError) where kiln raises its TypingError (also a TypeError).
_BASES = (ZeroDivisionError, IndexError, OverflowError, TypeError, ValueError, ArithmeticError)


def exception_kind(exc: BaseException) -> str:
    for base in _BASES:
        if isinstance(exc, base):
            return base.__name__
    return type(exc).__name__


def mismatch(got: Any, want: Any, what: str = "result", single: bool = False) -> str | None:
    """Why ``got`` differs from ``want`` (None when they agree). ``single``: float32 values took
    part, so float64 results too may differ by float32 roundings (kiln's SIMD math and its
    float64 accumulation of float32 sums are documented to round differently)."""
    if isinstance(want, tuple):
        if not isinstance(got, tuple) or len(got) != len(want):
            return f"{what}: {type(got).__name__} for a tuple of {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            if (why := mismatch(g, w, f"{what}[{k}]", single)) is not None:
                return why
        return None
    g, w = np.asarray(got), np.asarray(want)
    if isinstance(want, np.ndarray) != isinstance(got, np.ndarray):
        return f"{what}: {type(got).__name__} for {type(want).__name__}"
    if g.dtype != w.dtype:
        return f"{what}: dtype {g.dtype} for {w.dtype}"
    if g.shape != w.shape:
        return f"{what}: shape {g.shape} for {w.shape}"
    if w.dtype.kind in "fc":
        scale = float(np.max(np.abs(w[np.isfinite(w)]), initial=1.0))
        tol = 2e-4 if single or w.dtype in (np.float32, np.complex64) else 1e-9
        if not np.allclose(g, w, rtol=tol, atol=tol * scale, equal_nan=True):
            return f"{what}: values differ (max abs diff {np.nanmax(np.abs(g - w)):.3g})"
    elif not np.array_equal(g, w):
        return f"{what}: values differ"
    return None
