"""Differential checking for the NumPy-function tests (creation, ufuncs, reductions, matmul):
run a ``@kiln.jit`` function and its plain Python original on identically built arguments and
compare results (type, dtype, shape, values) and every array argument afterwards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

try:
    from . import differential_support as shared
except ImportError:
    import differential_support as shared

Factory = Callable[[], Sequence[Any]]
in_layout = shared.in_layout


def assert_same(got: Any, want: Any, what: str = "result", rtol: float | None = None) -> None:
    """``got`` equals ``want`` in type, dtype, shape and value (exact for ints and bools).

    Floating-point values compare with ``rtol`` plus an absolute slack of ``rtol`` times the
    largest magnitude in ``want`` (so sums with cancellation near zero still compare).
    """
    shared.assert_same_structure(got, want, what, lambda g, w, where: _same_values(g, w, where, rtol))


def _same_values(got: Any, want: Any, what: str, rtol: float | None) -> None:
    if isinstance(want, np.ndarray | np.generic):
        tol = shared.tolerance(want.dtype) if rtol is None else rtol
        if want.dtype.kind in "biu" or tol == 0.0:
            np.testing.assert_array_equal(got, want, err_msg=what, strict=True)
            return
        finite = np.abs(want[np.isfinite(want)]) if np.ndim(want) else np.abs(want)
        scale = float(np.max(finite)) if np.size(finite) and np.all(np.isfinite(finite)) else 1.0
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale, err_msg=what, equal_nan=True)
    elif isinstance(want, float | complex):
        np.testing.assert_allclose(got, want, rtol=1e-12 if rtol is None else rtol, err_msg=what)
    else:
        assert got == want, f"{what}: {got!r} != {want!r}"


def run_both(
    jf: Any, make: Factory, rtol: float | None = None, raises: type | tuple[type, ...] | None = None
) -> Any:
    """Call ``jf`` and ``jf.py_func`` on two fresh argument sets from ``make``.

    Results and every array argument afterwards must match. With ``raises``, Python must raise
    that exception type (or a subclass) and kiln the very type Python raised. Returns kiln's
    result.
    """
    k_args, p_args = list(make()), list(make())
    want, exc = shared.call_python(jf.py_func, p_args)
    if exc is not None:
        if raises is None or not isinstance(exc, raises):
            raise AssertionError(f"the plain Python function raised unexpectedly: {exc!r}") from exc
        with pytest.raises(public_type(type(exc))):
            jf(*k_args)
        return None
    assert raises is None, f"the plain Python function did not raise {raises}"
    return shared.call_kiln_and_compare(
        jf, k_args, p_args, want, lambda g, w, what: assert_same(g, w, what, rtol)
    )


def public_type(exc_type: type) -> type:
    """The exception type kiln must mirror: NumPy's private classes (``_UFuncNoLoopError``)
    stand for their first public base (``TypeError``)."""
    while "._" in exc_type.__module__:
        exc_type = exc_type.__base__  # type: ignore[assignment]
    return exc_type


def check(
    jf: Any, *args: Any, rtol: float | None = None, raises: type | tuple[type, ...] | None = None
) -> Any:
    """``run_both`` with arguments copied (layout kept) for each run."""
    return run_both(jf, lambda: [clone(a) for a in args], rtol, raises)


def clone(a: Any) -> Any:
    """A copy of ``a`` with the same strides pattern (C, F, transposed, stepped, reversed)."""
    if not isinstance(a, np.ndarray):
        return a
    if a.flags.c_contiguous:
        return a.copy(order="C")
    if a.flags.f_contiguous:
        return a.copy(order="F")
    base = a.base if isinstance(a.base, np.ndarray) else a
    while isinstance(base.base, np.ndarray):
        base = base.base
    offset = a.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    buf = base.copy(order="K")
    assert buf.strides == base.strides, "clone() needs a contiguous base"
    return np.ndarray(a.shape, a.dtype, buffer=buf, offset=offset, strides=a.strides)


# ------------------------------------------------------------------ argument makers
def values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Deterministic values of ``dtype`` (small integers, so sums and products stay exact)."""
    return shared.random_values(shape, dtype, seed, ints=(-9, 10), floats=(-2.0, 2.0))


def arr(shape: tuple[int, ...], dtype: str = "float64", layout: str = "C", seed: int = 0) -> np.ndarray:
    out = in_layout(values(shape, dtype, seed), layout)
    assert out.shape == shape
    return out
