"""The dispatch fast path refuses what the first call refuses: an array whose strides are not
whole elements once gave wrong sums and wrote to wrong offsets after another array of the same
(dtype, ndim, layout) had compiled the function."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


@kiln.jit
def total(a):
    return a.sum()


@kiln.jit
def fill(a):
    a[:] = 1.0


def _misaligned(shape, strides, offset=1188):
    buf = np.arange(2000.0)
    return np.ndarray(shape, np.float64, buf, offset, strides)


@pytest.mark.parametrize(
    "shape, strides", [((100,), (-12,)), ((100,), (12,)), ((10, 10), (84, 8)), ((10, 10), (80, 12))]
)
def test_misaligned_strides_refused_after_a_compiled_signature(shape, strides):
    aligned = np.arange(200.0)[::-2] if len(shape) == 1 else np.arange(400.0).reshape(20, 20)[::2, :10]
    assert total(aligned) == aligned.sum()
    with pytest.raises(TypeError, match="not multiples of the item size"):
        total(_misaligned(shape, strides))


def test_misaligned_strides_never_written():
    fill(np.zeros(20)[::2])
    a = _misaligned((100,), (12,))
    before = a.base.copy()
    with pytest.raises(TypeError, match="not multiples of the item size"):
        fill(a)
    np.testing.assert_array_equal(a.base, before)
