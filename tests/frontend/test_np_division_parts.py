"""``np.divmod``, ``np.modf`` and ``np.fix`` against NumPy, value, dtype and sign of zero:
floats with signed zeros, infinities and NaN, integers of both signs, float32, Python numbers,
C/F/strided layouts."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import kiln

_jit = functools.cache(kiln.jit)


def parts(x, y):
    return np.divmod(x, y), np.modf(x), np.fix(x), np.divmod(7, y), np.fix(2.5)


def _flat(value):
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _flat(item)]
    return [value]


CASES = {
    "float64": ([-0.0, np.inf, -np.inf, np.nan, -3.0, 2.5, 7.5, -7.5], [2.0, 3, -2, 1, 2, -1.5, 2, 2]),
    "float32": ([1.5, -2.5, -0.0, 4.0, 1e30, -7.25, 3.0, 0.5], [0.5, 2.0, 3.0, -3.0, 7.0, 2.0, -0.0, 1.0]),
    "int64": ([7, -7, 3, 0, -1, 9, -9, 100], [2, 2, -2, 5, 3, -4, 4, 7]),
    "int32": ([7, -8, 5, -5, 0, 1, 2, 3], [3, 3, -3, -3, 1, 1, 1, 1]),
}


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's own, for inf and division by 0
@pytest.mark.parametrize("dtype", list(CASES))
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_against_numpy(dtype, layout):
    x, y = (np.array(v, dtype=dtype).reshape(2, 4) for v in CASES[dtype])
    x = {"C": x, "F": np.asfortranarray(x), "strided": np.repeat(x, 2, axis=1)[:, ::2]}[layout]
    got, want = _jit(parts)(x, y), parts(x, y)
    for g, w in zip(_flat(got), _flat(want), strict=True):
        assert type(g) is type(w) and np.asarray(g).dtype == np.asarray(w).dtype
        np.testing.assert_array_equal(g, w)
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w))


def test_modf_of_small_integers_is_refused():  # NumPy gives float16, which kiln does not have
    with pytest.raises(kiln.KilnError, match="modf"):
        _jit(lambda x: np.modf(x))(np.arange(3, dtype=np.int8))
