"""The implementations compared: the plain function (reference), ``kiln.jit`` and ``numba.njit``."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any

import kiln
from kiln.bench.results import RunConfig


def kiln_version(func: Callable[..., Any], cfg: RunConfig) -> Callable[..., Any]:
    """``func`` under ``@kiln.jit`` with the run's options (compiled on its first call)."""
    return kiln.jit(parallel=cfg.parallel)(func)


@functools.cache
def numba_module() -> types.ModuleType | None:
    """Numba, or None when it is not installed or does not load (e.g. it rejects this NumPy)."""
    try:
        import numba
    except Exception:  # numba raises ImportError, but also other errors on unsupported NumPy versions
        return None
    return numba


def numba_version(func: Callable[..., Any], cfg: RunConfig) -> Callable[..., Any] | None:
    """``func`` under ``@numba.njit`` when the run asks for Numba and it can be imported."""
    numba = numba_module() if cfg.numba else None
    return numba.njit(func) if numba is not None else None


def numba_version_string() -> str | None:
    numba = numba_module()
    return str(numba.__version__) if numba is not None else None
