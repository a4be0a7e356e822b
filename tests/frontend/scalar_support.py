"""Differential checking for the scalar / control-flow tests.

``check(jf, *args)`` runs a ``@kiln.jit`` function and its plain Python original
(``jf.py_func``) on deep copies of the same arguments and compares everything
observable: the result's exact Python type (``int`` vs ``np.int64`` vs ``float`` vs
``np.float32``), its value (NaN equal to NaN, the sign of zero included), arrays'
dtype/shape/contents, and every array argument afterwards. When Python raises,
kiln must raise the same exception type.
"""

from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np
from differential_support import call_kiln_and_compare, call_python


def _is_nan(x: Any) -> bool:
    try:
        return bool(np.isnan(x))
    except TypeError:
        return False


def assert_same(got: Any, want: Any, rtol: float = 0.0, what: str = "result") -> None:
    """``got`` equals ``want`` in Python type, dtype, shape and value."""
    assert type(got) is type(want), (
        f"{what}: type {type(got).__name__} != {type(want).__name__} ({got!r} vs {want!r})"
    )
    if isinstance(want, tuple):
        assert len(got) == len(want), f"{what}: tuple length {len(got)} != {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, rtol, f"{what}[{k}]")
    elif isinstance(want, np.ndarray):
        assert got.dtype == want.dtype, f"{what}: dtype {got.dtype} != {want.dtype}"
        assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
        if rtol and want.dtype.kind in "fc":
            np.testing.assert_allclose(got, want, rtol=rtol, atol=0, equal_nan=True, err_msg=what)
        else:
            np.testing.assert_array_equal(got, want, err_msg=what, strict=True)
    elif want is None:
        pass
    elif _is_nan(want):
        assert _is_nan(got), f"{what}: {got!r} != {want!r}"
    elif isinstance(want, complex | np.complexfloating):
        assert_same(float(got.real), float(want.real), rtol, f"{what}.real")
        assert_same(float(got.imag), float(want.imag), rtol, f"{what}.imag")
    elif rtol and isinstance(want, float | np.floating) and math.isfinite(want):
        assert math.isclose(got, want, rel_tol=rtol, abs_tol=0.0), f"{what}: {got!r} != {want!r}"
    else:
        assert got == want, f"{what}: {got!r} != {want!r}"
        if isinstance(want, float | np.floating) and want == 0:
            assert np.signbit(got) == np.signbit(want), f"{what}: sign of zero {got!r} != {want!r}"


def check(jf: Any, *args: Any, rtol: float = 0.0) -> Any:
    """Run ``jf`` and ``jf.py_func`` on copies of ``args``; compare results and arguments."""
    k_args, p_args = copy.deepcopy(args), copy.deepcopy(args)
    want, error = call_python(jf.py_func, p_args)
    if error is not None:
        try:
            jf(*k_args)
        except type(error):
            return None
        raise AssertionError(f"Python raised {error!r}; kiln did not raise {type(error).__name__}")
    return call_kiln_and_compare(jf, k_args, p_args, want, lambda g, w, what: assert_same(g, w, rtol, what))


def parallel_loops(jf: Any, *args: Any) -> int:
    """How many OpenMP parallel loops kiln generated for ``jf`` specialized to ``args`` (the
    ``collapse(2)`` copy of a nest counts with the nest)."""
    c_source = jf.inspect(*args).split("==== c ====", 1)[1]
    return c_source.count("#pragma omp parallel ") - c_source.count("#pragma omp parallel for collapse(2)")
