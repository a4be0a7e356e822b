"""``np.fft.fftfreq`` / ``np.fft.rfftfreq``: NumPy's values bit for bit (the scale in ``d``'s own
precision), even and odd lengths, 1 and 2, NumPy's errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.frontend.bit_exact import assert_same

import kiln


def frequencies(n, d):
    return np.fft.fftfreq(n), np.fft.fftfreq(n, d), np.fft.rfftfreq(n), np.fft.rfftfreq(n, d=d)


@pytest.mark.parametrize("n", [1, 2, 3, 8, 9, 100])
@pytest.mark.parametrize("d", [0.1, 3, np.float32(0.3), np.float64(1e-3)])
def test_against_numpy(n, d):
    assert_same(kiln.jit(frequencies)(n, d), frequencies(n, d))


def test_errors():
    with pytest.raises(ZeroDivisionError):
        kiln.jit(frequencies)(0, 0.5)
    with pytest.raises(ValueError, match="negative dimensions"):
        kiln.jit(lambda n: np.fft.fftfreq(n, 2.0))(-3)
    assert_same(kiln.jit(lambda n: np.fft.rfftfreq(n, 2.0))(-3), np.fft.rfftfreq(-3, 2.0))
