"""``with np.errstate(...)``: compiled code gives IEEE results without warning, which is what
NumPy does under "ignore"; settings it cannot honour ("raise", "call") are refused."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import kiln


def safe_ratio(a, b):
    with np.errstate(divide="ignore", invalid="ignore"):
        r = a / b
    return np.where(b == 0, 0.0, r)


def log_or_floor(a):
    with np.errstate(all="ignore"):
        return np.log(a)


def nested_blocks(a):
    with np.errstate(over="ignore"), np.errstate(under="warn"):
        big = np.exp(a)
    with np.errstate(invalid="ignore"):
        big = big - big
    return big


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_results_match_numpy_without_warnings(dtype):
    a = np.array([1.0, 0.0, -2.0, 3.0], dtype=dtype)
    b = np.array([2.0, 0.0, 0.0, -1.0], dtype=dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(kiln.jit(safe_ratio)(a, b), safe_ratio(a, b))
        np.testing.assert_allclose(kiln.jit(log_or_floor)(a), log_or_floor(a), rtol=1e-6)  # libm ulps
        big = np.array([1.0, 1000.0], dtype=dtype)
        np.testing.assert_allclose(kiln.jit(nested_blocks)(big), nested_blocks(big), rtol=1e-6)


def test_settings_compiled_code_cannot_honour_are_refused():
    def raising(a):
        with np.errstate(divide="raise"):
            return 1.0 / a

    def other_manager(a):
        with open("data.txt"):
            return a

    def unknown_key(a):
        with np.errstate(devide="ignore"):
            return a

    with pytest.raises(kiln.UnsupportedError, match=r"errstate\(divide='raise'\)"):
        kiln.jit(raising)(np.ones(2))
    with pytest.raises(kiln.UnsupportedError, match="other than 'with np.errstate"):
        kiln.jit(other_manager)(np.ones(2))
    with pytest.raises(kiln.TypingError, match="unexpected keyword argument 'devide'"):
        kiln.jit(unknown_key)(np.ones(2))
