"""libmvec SIMD declarations: emitted where glibc has them, and the vectorized loops stay accurate."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.codegen import vector_math


def test_declarations_follow_the_available_functions() -> None:
    unary, binary = vector_math.available_functions()
    text = vector_math.simd_declarations()
    if not unary:
        assert text == ""
        return
    assert set(binary) <= {"atan2", "hypot", "pow"}
    for name in unary:
        assert f"double {name}(double);" in text and f"float {name}f(float);" in text


def test_unknown_platforms_get_no_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vector_math.platform, "machine", lambda: "riscv64")
    assert vector_math.available_functions() == ((), ())
    assert vector_math.simd_declarations() == ""


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_vectorized_transcendentals_match_numpy(dtype: type) -> None:
    @kiln.jit
    def f(x: np.ndarray) -> np.ndarray:
        return np.exp(x) + np.log1p(np.abs(x)) * np.sin(x) - np.arctan2(x, 1.5) + np.power(np.abs(x), 0.7)

    x = np.linspace(-30, 30, 1001).astype(dtype)
    x[::97] = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1e-300, 88.0, -745.0, 710.0, 3.0, 2.0])[
        : len(x[::97])
    ]
    with np.errstate(all="ignore"):
        expected = np.exp(x) + np.log1p(np.abs(x)) * np.sin(x) - np.arctan2(x, 1.5) + np.power(np.abs(x), 0.7)
    got = f(x)
    assert got.dtype == expected.dtype
    rtol = 1e-5 if dtype == np.float32 else 1e-13
    np.testing.assert_allclose(got, expected, rtol=rtol, equal_nan=True)
