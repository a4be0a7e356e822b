"""``np.convolve`` / ``np.correlate`` (modes full, same, valid; either operand longer; complex
values conjugated as NumPy's correlate does): NumPy's own routine, so bit for bit, with its
errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln


def signals(a, v):
    return (
        np.convolve(a, v),
        np.convolve(a, v, mode="same"),
        np.convolve(v, a, "valid"),
        np.correlate(a, v),
        np.correlate(a, v, mode="full"),
        np.correlate(v, a, mode="same"),
        np.convolve(a, 2.0),
    )


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.complex128, np.bool_])
@pytest.mark.parametrize(("n1", "n2"), [(7, 3), (3, 7), (1, 1), (5, 5), (100, 9)])
def test_against_numpy(dtype, n1, n2):
    rng = np.random.default_rng(16)
    a, v = (rng.standard_normal(n) * 4 for n in (n1, n2))
    if np.issubdtype(dtype, np.complexfloating):
        a, v = a + 1j * a[::-1], v - 2j
    a, v = a.astype(dtype), v.astype(dtype)
    assert_same(kiln.jit(signals)(a, v), signals(a, v))
    assert_same(kiln.jit(signals)(a[::-1], v[::2]), signals(a[::-1], v[::2]))


def test_errors_like_numpy():
    with pytest.raises(ValueError, match="a cannot be empty"):
        kiln.jit(lambda x, y: np.convolve(x, y))(np.zeros(0), np.ones(2))
    with pytest.raises(ValueError, match="second array argument cannot be empty"):
        kiln.jit(lambda x, y: np.correlate(x, y))(np.ones(2), np.zeros(0))
    with pytest.raises(kiln.TypingError, match="too deep"):
        kiln.jit(lambda x, y: np.convolve(x, y))(np.ones((2, 2)), np.ones(2))


def test_interpreter_runs_them_as_numpy():
    from tests.transforms.support import lower

    from kiln.ir.interpreter import run_function

    a, v = np.arange(6.0), np.array([1.0, -2.0, 0.5])
    for g, w in zip(run_function(lower(signals, a, v), [a, v]), signals(a, v)):
        assert np.array_equal(g, w)
