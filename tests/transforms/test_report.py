"""kiln.report: per-loop parallelism with reasons, vectorization from gcc, hoisting, recipe."""

from __future__ import annotations

import numpy as np
import pytest

import kiln


def normalize(x, out):
    for i in kiln.prange(x.shape[0]):
        out[i] = x[i] / np.sqrt(np.sum(x * x))


def recurrence(a):
    for i in range(1, a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = a[i - 1, j] + 1


def test_report_shows_hoisting_and_recipe() -> None:
    text = kiln.report(kiln.jit(normalize, parallel=True), np.ones(10), np.ones(10))
    assert "line 12: for i in kiln.prange(x.shape[0]):" in text
    assert "hoisted statements" in text
    assert '{"transformation": "hoist"' in text


def test_report_says_why_a_loop_stays_sequential() -> None:
    text = kiln.report(kiln.jit(recurrence, parallel=True), np.ones((4, 4)))
    lines = text.splitlines()
    outer = lines.index(next(line for line in lines if "for i in range(1, a.shape[0])" in line))
    assert "sequential (iterations of loop" in lines[outer + 1]
    assert "parallel; vectorized: yes" in text  # the inner loop, over unit-stride columns
    assert '{"transformation": "parallelize"' in text


def test_report_needs_a_jit_function() -> None:
    with pytest.raises(TypeError, match="kiln.report expects"):
        kiln.report(normalize, np.ones(2), np.ones(2))  # type: ignore[arg-type]
