"""What the differential test helpers share (``arrays_support``, ``numpy_support``,
``scalar_support``): calling the plain Python original of a ``@kiln.jit`` function, then kiln on
its own copy of the arguments and comparing the result and every array argument afterwards,
plus the structural part of the array comparisons, and test arrays' values and memory layouts.

Each helper keeps its own policy for exceptions and for comparing values.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

# ``same(got, want, what)`` asserts that ``got`` matches ``want``; ``what`` names it in messages.
Compare = Callable[[Any, Any, str], None]


def call_python(
    fn: Callable[..., Any], args: Sequence[Any], *, quiet: bool = True
) -> tuple[Any, Exception | None]:
    """``(fn(*args), None)``, or ``(None, exc)`` when ``fn`` raises ``exc``.

    ``quiet`` silences warnings and NumPy floating-point errors during the call.
    """
    try:
        if not quiet:
            return fn(*args), None
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return fn(*args), None
    except Exception as exc:  # noqa: BLE001 - any exception is a result to compare
        return None, exc


def call_kiln_and_compare(
    jf: Any, k_args: Sequence[Any], p_args: Sequence[Any], want: Any, same: Compare
) -> Any:
    """Call ``jf`` on ``k_args``; its result must match ``want`` (what ``jf.py_func`` returned for
    ``p_args``) and each array argument afterwards the corresponding one of ``p_args``.
    Returns kiln's result."""
    got = jf(*k_args)
    same(got, want, "result")
    for k, (ka, pa) in enumerate(zip(k_args, p_args)):
        if isinstance(pa, np.ndarray):
            same(ka, pa, f"argument {k} after the call")
    return got


def tolerance(dtype: np.dtype) -> float:
    """Default rtol for a result of ``dtype``: 0 for exact kinds."""
    if dtype.kind in "biu":
        return 0.0
    return 1e-5 if dtype in (np.float32, np.complex64) else 1e-12


def assert_same_structure(got: Any, want: Any, what: str, values: Compare) -> None:
    """Tuples element by element (``got`` a tuple of the same length), then the exact Python type
    and, for NumPy arrays and scalars, dtype and shape; ``values`` compares the values."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple), f"{what}: expected a tuple, got {type(got).__name__}"
        assert len(got) == len(want), f"{what}: tuple length {len(got)} != {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            assert_same_structure(g, w, f"{what}[{k}]", values)
        return
    assert type(got) is type(want), f"{what}: type {type(got).__name__} != {type(want).__name__}"
    if isinstance(want, np.ndarray | np.generic):
        assert got.dtype == want.dtype, f"{what}: dtype {got.dtype} != {want.dtype}"
        assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
    values(got, want, what)


def random_values(
    shape: tuple[int, ...], dtype: str, seed: int, *, ints: tuple[int, int], floats: tuple[float, float]
) -> np.ndarray:
    """Deterministic values of ``dtype`` from a generator seeded with ``seed``: signed integers in
    ``[ints[0], ints[1])``, unsigned ones in ``[0, ints[1])``, floats (and the real parts of
    complex numbers, whose imaginary parts lie in ``[-2, 2)``) in ``[floats[0], floats[1])``."""
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dt.kind == "u":
        return rng.integers(0, ints[1], size=shape).astype(dt)
    if dt.kind == "i":
        return rng.integers(ints[0], ints[1], size=shape).astype(dt)
    if dt.kind == "c":
        return (rng.uniform(*floats, size=shape) + 1j * rng.uniform(-2, 2, size=shape)).astype(dt)
    return rng.uniform(*floats, size=shape).astype(dt)


def in_layout(a: np.ndarray, layout: str) -> np.ndarray:
    """``a``'s values in another memory layout: C, F (Fortran), strided (step 2 every axis),
    T (transposed view of a C array), reversed (negative strides). The result is never a
    copy-equal alias of ``a``."""
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
