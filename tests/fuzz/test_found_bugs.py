"""Programs the fuzzer found kiln getting wrong, pinned once fixed (seed: what was wrong)."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def _sqrt_of_bool(a):
    return np.sqrt(a)


def test_result_dtype_kiln_does_not_compile_is_a_refusal() -> None:
    """np.sqrt of a bool array is float16 in NumPy: kiln refuses it (it raised a TypingError,
    which reads as an error in the program)."""
    with pytest.raises(kiln.UnsupportedError, match="float16"):
        kiln.jit(_sqrt_of_bool)(np.ones(3, bool))
