"""Check a compiled kernel against its reference: same dtype, same shape, close values, same side effects."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

# Relative tolerances per floating kind; scaled by the largest magnitude for the absolute part, so
# results that cancel to nearly zero are judged against the size of the numbers around them.
_RTOL = {2: 1e-3, 4: 1e-5, 8: 1e-9, 16: 1e-9}


def rtol_for(dtype: np.dtype) -> float:
    """Relative tolerance for a floating or complex dtype (by the size of one real component)."""
    component = dtype.itemsize // 2 if dtype.kind == "c" else dtype.itemsize
    return _RTOL.get(component, 1e-9)


def copy_args(args: Sequence[Any]) -> tuple[Any, ...]:
    """Independent copies of the array arguments, keeping their memory layout (C or Fortran)."""
    return tuple(a.copy(order="K") if isinstance(a, np.ndarray) else a for a in args)


def mutated_positions(before: Sequence[Any], after: Sequence[Any]) -> tuple[int, ...]:
    """Positions of array arguments whose contents the reference call changed."""
    return tuple(
        i
        for i, (b, a) in enumerate(zip(before, after))
        if isinstance(b, np.ndarray) and not np.array_equal(b, a, equal_nan=b.dtype.kind in "fc")
    )


def compare_values(expected: Any, got: Any, what: str = "result") -> list[str]:
    """Problems (empty when none) with ``got`` as a stand-in for ``expected``."""
    if expected is None or got is None:
        return [] if expected is got else [f"{what}: expected {_kind(expected)}, got {_kind(got)}"]
    if isinstance(expected, tuple):
        if not isinstance(got, tuple) or len(got) != len(expected):
            return [f"{what}: expected a tuple of {len(expected)}, got {_kind(got)}"]
        return [
            p for i, (e, g) in enumerate(zip(expected, got)) for p in compare_values(e, g, f"{what}[{i}]")
        ]
    if isinstance(expected, np.ndarray) != isinstance(got, np.ndarray):
        return [f"{what}: expected {_kind(expected)}, got {_kind(got)}"]
    exp, res = np.asarray(expected), np.asarray(got)
    problems = []
    if exp.dtype != res.dtype:
        problems.append(f"{what}: dtype {res.dtype}, expected {exp.dtype}")
    if exp.shape != res.shape:
        return [*problems, f"{what}: shape {res.shape}, expected {exp.shape}"]
    mismatch = _value_mismatch(exp, res)
    return [*problems, f"{what}: {mismatch}"] if mismatch else problems


def compare_outputs(
    expected: Any, expected_args: Sequence[Any], got: Any, got_args: Sequence[Any]
) -> list[str]:
    """Compare the returned values and the contents of every array argument after the call."""
    problems = compare_values(expected, got)
    for i, (e, g) in enumerate(zip(expected_args, got_args)):
        if isinstance(e, np.ndarray):
            problems += compare_values(e, g, f"argument {i} after the call")
    return problems


def _value_mismatch(exp: np.ndarray, res: np.ndarray) -> str | None:
    if exp.size == 0:
        return None
    if exp.dtype.kind in "fc" or res.dtype.kind in "fc":
        dtype = np.result_type(exp.dtype, res.dtype)
        finite = np.abs(exp[np.isfinite(exp)])
        rtol = rtol_for(dtype)
        atol = rtol * float(finite.max()) if finite.size else 0.0
        close = np.isclose(res, exp, rtol=rtol, atol=atol, equal_nan=True)
    else:
        close = res == exp
    if bool(np.all(close)):
        return None
    bad = np.argwhere(~np.asarray(close))
    where = tuple(int(i) for i in bad[0]) if exp.ndim else ()
    return (
        f"{len(bad)} of {exp.size} values differ; first at index {where}: "
        f"got {res[where]!r}, expected {exp[where]!r}"
    )


def _kind(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        return f"an array of {value.dtype} {value.shape}"
    return f"a {type(value).__name__}"
