"""``np.hanning``, ``np.hamming``, ``np.blackman`` and ``np.bartlett`` against NumPy: NumPy's
formulas in NumPy's order, so the values agree to the few ulp that kiln's ``cos`` and NumPy's
differ by (README: libm functions), and exactly where no cosine is taken (``bartlett``, ``M``
of 0, 1 and 2); lengths, dtype and the refusal of a non-integer ``M``."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def windows(m):
    return np.hanning(m), np.hamming(m), np.blackman(m), np.bartlett(m)


@pytest.mark.parametrize("m", [-4, 0, 1, 2, 3, 8, 51, 256])
def test_windows_against_numpy(m):
    got, want = kiln.jit(windows)(m), windows(m)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype == np.float64 and g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=4e-16, atol=4e-16)
    np.testing.assert_array_equal(got[3], want[3])  # no cosine in it
    if m <= 2:
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


def test_a_fractional_number_of_points_is_refused():
    with pytest.raises(kiln.TypingError, match="integer number of points"):
        kiln.jit(lambda m: np.hanning(m))(4.5)
