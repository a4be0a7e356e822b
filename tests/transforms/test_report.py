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


def column_walk(A, B):
    for j in range(A.shape[1]):
        for i in range(A.shape[0]):
            A[i, j] += B[i, j] * 2.0


def transpose(A, B):
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            A[i, j] = B[j, i]


def loop_lines(text: str, sid: int) -> list[str]:
    """The lines that describe loop ``sid`` (up to the next loop)."""
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.strip().startswith(f"loop #{sid} "))
    end = next((k for k in range(start + 1, len(lines)) if lines[k].strip().startswith("loop #")), len(lines))
    return [line.strip() for line in lines[start:end]]


def test_report_lists_what_each_loop_went_through() -> None:
    a = np.ones((6, 5))
    f = kiln.jit(column_walk)
    text = kiln.report(f, a, a.copy())
    inner = [line for line in text.splitlines() if line.strip() == "transformed: interchanged, simd"]
    assert len(inner) == 1, text
    sid = int(text.split('"transformation": "simd", "target": [')[1].split("]")[0])
    described = loop_lines(text, sid)
    assert "sequential; vectorized: yes" in described and "simd" in described
    assert "recipe: simd" in described and any(r.startswith("recipe: interchange") for r in described)

    text = kiln.report(kiln.jit(transpose), a, a.T.copy())
    tiled = [line for line in text.splitlines() if line.strip() == "transformed: tiled"]
    assert len(tiled) == 2 and "tiled by (64, 64) when its data exceeds 4 MiB" in text
    assert "not simd: p_B is not walked with unit stride" in text

    text = kiln.report(kiln.jit(column_walk, passes={"unroll": {"factor": 2}}), a, a.copy())
    assert "transformed: interchanged, unrolled" in text and "unrolled by 2" in text
