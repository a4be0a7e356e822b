"""Differential checking for the array tests: run a ``@kiln.jit`` function and its plain
Python original on identically built arguments and compare everything observable."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

Factory = Callable[[], Sequence[Any]]


def tolerance(dtype: np.dtype) -> float:
    """rtol for a result of ``dtype``: 0 for exact kinds."""
    if dtype.kind in "biu":
        return 0.0
    return 1e-5 if dtype in (np.float32, np.complex64) else 1e-12


def assert_same(got: Any, want: Any, what: str = "result") -> None:
    """``got`` equals ``want`` in type, dtype, shape and value (exact for ints and bools)."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple), f"{what}: expected a tuple, got {type(got).__name__}"
        assert len(got) == len(want), f"{what}: tuple length {len(got)} != {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, f"{what}[{k}]")
        return
    assert type(got) is type(want), f"{what}: type {type(got).__name__} != {type(want).__name__}"
    if isinstance(want, np.ndarray | np.generic):
        assert got.dtype == want.dtype, f"{what}: dtype {got.dtype} != {want.dtype}"
        assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
        rtol = tolerance(want.dtype)
        if rtol == 0.0:
            np.testing.assert_array_equal(got, want, err_msg=what, strict=True)
        else:
            np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol, err_msg=what, equal_nan=True)
    elif isinstance(want, float):
        np.testing.assert_allclose(got, want, rtol=1e-12, err_msg=what, equal_nan=True)
    else:
        assert got == want, f"{what}: {got!r} != {want!r}"


def builtin_base(cls: type[BaseException]) -> type[BaseException]:
    """The built-in exception class NumPy's ``cls`` derives from (``UFuncTypeError`` -> TypeError)."""
    return next(c for c in cls.__mro__ if c.__module__ == "builtins")


def run_both(jf: Any, make: Factory) -> tuple[Any, list[Any]]:
    """Call ``jf`` and ``jf.py_func`` on two fresh argument sets from ``make``.

    Arguments are built twice (rather than copied) so that aliasing between them (``x, x[1:]``)
    and their layouts are the same in both runs. Results and every array argument afterwards
    must match; if Python raises, kiln must raise the same exception type.
    Returns kiln's result and its arguments (for extra checks such as memory sharing).
    """
    k_args, p_args = list(make()), list(make())
    try:
        want = jf.py_func(*p_args)
    except Exception as exc:  # noqa: BLE001 - any exception type must be mirrored
        with pytest.raises(builtin_base(type(exc))):
            jf(*k_args)
        return None, k_args
    got = jf(*k_args)
    assert_same(got, want)
    for k, (ka, pa) in enumerate(zip(k_args, p_args)):
        if isinstance(pa, np.ndarray):
            assert_same(ka, pa, f"argument {k} after the call")
    return got, k_args


# ------------------------------------------------------------------ argument makers
def values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Deterministic values of ``dtype`` (small integers, so sums and products stay exact)."""
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dt.kind == "u":
        return rng.integers(0, 50, size=shape).astype(dt)
    if dt.kind == "i":
        return rng.integers(-50, 50, size=shape).astype(dt)
    if dt.kind == "c":
        return (rng.uniform(0.5, 4.0, size=shape) + 1j * rng.uniform(-2, 2, size=shape)).astype(dt)
    return rng.uniform(0.5, 4.0, size=shape).astype(dt)


LAYOUTS_2D = ("C", "F", "strided", "T")
LAYOUTS_1D = ("C", "strided", "reversed")


def in_layout(a: np.ndarray, layout: str) -> np.ndarray:
    """``a``'s values in another memory layout: C, F (Fortran), strided, T (transposed view),
    reversed (negative strides). The result is never a copy-equal alias of ``a``."""
    if layout == "C":
        return a.copy(order="C")
    if layout == "F":
        return np.array(a, order="F", copy=True)
    if layout == "T":
        return a.T.copy(order="C").T
    if layout == "reversed":
        flip = (slice(None, None, -1),) * a.ndim
        return a[flip].copy(order="C")[flip]
    if layout == "strided":
        # every axis stepped by 2 and offset by 1 inside a bigger buffer
        big = np.zeros(tuple(2 * n + 1 for n in a.shape), dtype=a.dtype)
        view = big[tuple(slice(1, None, 2) for _ in a.shape)]
        view[...] = a
        return view
    raise ValueError(layout)


def arr(shape: tuple[int, ...], dtype: str = "float64", layout: str = "C", seed: int = 0) -> np.ndarray:
    out = in_layout(values(shape, dtype, seed), layout)
    assert out.shape == shape
    return out
