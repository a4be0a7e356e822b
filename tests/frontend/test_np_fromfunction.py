"""``np.fromfunction``: the function called once with one coordinate array per axis (float64 by
default, ``dtype=`` otherwise), as NumPy calls it; lambdas, module functions, inner functions,
extra keyword arguments passed through, shapes with 0 and 1 extents and known only when the
code runs; differential against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def _distance(i, j, scale=1.0):
    return np.sqrt(i * i + j * j) * scale


def made(n, m):
    grid = np.fromfunction(lambda i, j: i * 10 + j, (n, m))
    ints = np.fromfunction(lambda i, j: i == j, (n, m), dtype=int)
    far = np.fromfunction(_distance, (n, m), scale=0.5)

    def ramp(k):
        return 2 * k + 1

    line = np.fromfunction(ramp, (m,), dtype=np.int32)
    constant = np.fromfunction(lambda i, j: 3.0, (n, m))  # NumPy returns what the function does
    return grid, ints, far, line, constant


@pytest.mark.parametrize("n, m", [(3, 4), (1, 5), (0, 2), (4, 1)])
def test_against_numpy(n, m):
    got, want = kiln.jit(made)(n, m), made(n, m)
    for g, w in zip(got, want):
        assert type(g) is type(w)
        if isinstance(w, np.ndarray):
            assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g, w)
