"""Comparing kiln's results with NumPy's bit for bit: dtype, shape, values (NaN equal to NaN) and
the signs of zeros for arrays; type and value for scalars; tuples and lists item by item."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

import kiln


def assert_same(got: Any, ref: Any) -> None:
    if isinstance(ref, tuple | list):
        assert type(got) is type(ref) and len(got) == len(ref), (got, ref)
        for g, r in zip(got, ref):
            assert_same(g, r)
        return
    if not isinstance(ref, np.ndarray):
        assert type(got) is type(ref), (type(got), type(ref))
        assert got == ref or (got != got and ref != ref), (got, ref)
        return
    got = np.asarray(got)
    assert (got.dtype, got.shape) == (ref.dtype, ref.shape), (got.dtype, got.shape, ref.dtype, ref.shape)
    assert np.array_equal(got, ref, equal_nan=True), (got, ref)
    if got.dtype.kind in "fc":  # -0.0 and 0.0 compare equal; NumPy's results keep their signs
        assert np.array_equal(np.signbit(got.real), np.signbit(ref.real)), (got, ref)
        assert np.array_equal(np.signbit(got.imag), np.signbit(ref.imag)), (got, ref)


def check_against_numpy(fn: Callable[..., Any], *args: Any) -> None:
    """``kiln.jit(fn)(*args)`` is NumPy's ``fn(*args)`` (NumPy's floating-point warnings muted)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert_same(kiln.jit(fn)(*args), fn(*args))
