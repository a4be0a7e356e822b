"""Differential checking for the array tests: run a ``@kiln.jit`` function and its plain
Python original on identically built arguments and compare everything observable."""

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


def assert_same(got: Any, want: Any, what: str = "result") -> None:
    """``got`` equals ``want`` in type, dtype, shape and value (exact for ints and bools)."""
    shared.assert_same_structure(got, want, what, _same_values)


def _same_values(got: Any, want: Any, what: str) -> None:
    if isinstance(want, np.ndarray | np.generic):
        rtol = shared.tolerance(want.dtype)
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
    want, exc = shared.call_python(jf.py_func, p_args, quiet=False)
    if exc is not None:
        with pytest.raises(builtin_base(type(exc))):
            jf(*k_args)
        return None, k_args
    return shared.call_kiln_and_compare(jf, k_args, p_args, want, assert_same), k_args


# ------------------------------------------------------------------ argument makers
def values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Deterministic values of ``dtype`` (small integers, so sums and products stay exact)."""
    return shared.random_values(shape, dtype, seed, ints=(-50, 50), floats=(0.5, 4.0))


LAYOUTS_2D = ("C", "F", "strided", "T")
LAYOUTS_1D = ("C", "strided", "reversed")


def arr(shape: tuple[int, ...], dtype: str = "float64", layout: str = "C", seed: int = 0) -> np.ndarray:
    out = in_layout(values(shape, dtype, seed), layout)
    assert out.shape == shape
    return out
