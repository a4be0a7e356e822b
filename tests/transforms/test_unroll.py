"""Loop unrolling: golden IR, remainder handling, recipes, differential results."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, text

import kiln
from kiln.transforms import recipes

GOLDEN = Path(__file__).parent / "golden"


def scale(a, out):
    for i in range(1, a.shape[0]):
        out[i] = a[i] * 3.0 + a[i - 1]


def last_index(a):
    k = -1
    for i in range(a.shape[0]):
        a[i] = i
        k = i
    return k


def test_unrolled_golden_and_replay() -> None:
    a = np.ones(4)
    fn = lower(scale, a, a.copy())
    step = recipes.Step("unroll", (loops(fn)[0].sid,), {"factor": 2})
    got = recipes.apply_step(fn, step)
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "unroll_scale.ir").write_text(text(got))
    assert text(got) == (GOLDEN / "unroll_scale.ir").read_text()
    assert text(recipes.replay(lower(scale, a, a.copy()), recipes.loads(recipes.dumps([step])))) == text(got)


def test_unroll_refusals() -> None:
    def early(a):
        for i in range(a.shape[0]):
            if a[i] < 0:
                break
            a[i] = 1.0

    fn = lower(early, np.ones(3))
    sid = loops(fn)[0].sid
    with pytest.raises(recipes.IllegalStep, match="breaks"):
        recipes.apply_step(fn, recipes.Step("unroll", (sid,), {"factor": 4}))
    with pytest.raises(recipes.IllegalStep, match="factor"):
        recipes.apply_step(fn, recipes.Step("unroll", (sid,), {"factor": 1}))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 9])
def test_unrolled_remainders_match_python(n: int) -> None:
    f = kiln.jit(scale, passes={"unroll": {"factor": 4}})
    a = np.arange(n, dtype=np.float64)
    expected, got = np.zeros(n), np.zeros(n)
    scale(a, expected)
    f(a, got)
    np.testing.assert_array_equal(got, expected)
    g = kiln.jit(last_index, passes={"unroll": {"factor": 3}})
    b = np.zeros(n, dtype=np.int32)
    assert g(b) == last_index(np.zeros(n, dtype=np.int32))
    np.testing.assert_array_equal(b, np.arange(n, dtype=np.int32))


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.complex128])
def test_unrolled_dtypes_and_strided(dtype) -> None:  # noqa: ANN001
    f = kiln.jit(scale, passes={"unroll": {"factor": 3}})
    a = (np.arange(23) % 7).astype(dtype)[::2]
    expected, got = np.zeros(12, dtype), np.zeros(24, dtype)[::2]
    scale(a, expected)
    f(a, got)
    np.testing.assert_array_equal(got, expected)
    assert "unrolled by 3" in kiln.report(f, a, got)
