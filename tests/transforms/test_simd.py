"""The simd pass: golden IR, exact legality, recipes, the C pragma, differential results."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize, text

import kiln
from kiln.options import Options
from kiln.transforms import recipes
from kiln.transforms.pass_manager import run_passes

GOLDEN = Path(__file__).parent / "golden"


def scale_rows(A, B, c):
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            A[i, j] = B[i, j] * 2.0 + c[j]


def recurrence(a):
    for i in range(1, a.shape[0]):
        a[i] = a[i - 1] * 0.5 + 1.0


def column(A):
    for i in range(1, A.shape[0]):
        A[i, 0] = A[i, 1] * 3.0


def int_sum(a, b):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s


def float_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


def notes_of(fn, *passes: str, fastmath: bool = False) -> list[str]:  # noqa: ANN001
    result = run_passes(fn, Options(fastmath=fastmath), passes, verify=True)
    return [n for ns in result.notes.values() for n in ns]


def test_independent_inner_loop_is_simd_golden() -> None:
    a = np.ones((3, 4))
    result = optimize(lower(scale_rows, a, a.copy(), np.ones(4)), "simd")
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "simd_scale_rows.ir").write_text(text(result.fn))
    assert text(result.fn) == (GOLDEN / "simd_scale_rows.ir").read_text()
    marked = [lp for lp in loops(result.fn) if lp.simd]
    assert len(marked) == 1 and not any(isinstance(s, type(marked[0])) for s in marked[0].body)
    fresh = lower(scale_rows, a, a.copy(), np.ones(4))
    again = recipes.replay(fresh, recipes.loads(recipes.dumps(result.steps)))
    assert text(again) == text(result.fn)


def test_pragma_in_c_source() -> None:
    a = np.ones((3, 4))
    source = kiln.inspect(kiln.jit(scale_rows), a, a.copy(), np.ones(4)).split("==== c ====")[1]
    pragmas = [line.strip() for line in source.splitlines() if "omp simd" in line and "declare" not in line]
    # the loop's scalars are dead after it (the next nest assigns them first): private, not lastprivate
    assert len(pragmas) == 1 and pragmas[0].startswith("#pragma omp simd private(")
    assert "lastprivate" not in pragmas[0]


@pytest.mark.parametrize(
    ("f", "args", "reason"),
    [
        (recurrence, (np.ones(5),), "iterations of loop"),
        (column, (np.ones((4, 3)),), "not walked with unit stride"),
        (float_sum, (np.ones(5),), "floating-point reduction"),
    ],
)
def test_refused_with_reason(f, args, reason: str) -> None:  # noqa: ANN001
    fn = lower(f, *args)
    notes = notes_of(fn, "simd")
    assert any(n.startswith("not simd") and reason in n for n in notes), notes
    with pytest.raises(recipes.IllegalStep):
        recipes.apply_step(fn, recipes.Step("simd", (loops(fn)[-1].sid,)))


def test_reductions_integer_always_float_only_under_fastmath() -> None:
    fn = lower(int_sum, np.ones(5, np.int64), np.ones(5, np.int64))
    result = optimize(fn, "simd")
    (loop,) = loops(result.fn)
    assert loop.simd and [op for _, op in loop.reductions] == ["add"]
    assert "simd" in notes_of(lower(float_sum, np.ones(5)), "simd", fastmath=True)
    src = kiln.inspect(kiln.jit(float_sum, fastmath=True), np.ones(5)).split("==== c ====")[1]
    assert "reduction(+:" in src
    assert kiln.jit(float_sum, fastmath=True)(np.arange(10.0)) == 45.0


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32, np.complex128])
@pytest.mark.parametrize("shape", [(0, 5), (1, 1), (3, 0), (7, 13)])
def test_simd_loop_matches_numpy(dtype, shape: tuple[int, int]) -> None:  # noqa: ANN001
    f = kiln.jit(scale_rows)
    b = (np.arange(np.prod(shape)) % 7).astype(dtype).reshape(shape)
    c = (np.arange(shape[1]) % 5).astype(dtype)
    a = np.zeros(shape, dtype=dtype)
    f(a, b, c)
    np.testing.assert_array_equal(a, (b * 2.0 + c).astype(dtype))


def test_simd_loop_with_aliasing_and_layouts() -> None:
    f = kiln.jit(scale_rows)
    base = np.arange(30.0).reshape(5, 6)
    got, expected = base.copy(), base.copy()
    f(got, got, got[0])  # c is a row of A itself: rows after the first read the updated row
    scale_rows(expected, expected, expected[0])
    np.testing.assert_array_equal(got, expected)
    got, expected = base.copy(), base.copy()
    f(got[1:], got[:-1], np.ones(6))  # shifted overlap between A and B
    scale_rows(expected[1:], expected[:-1], np.ones(6))
    np.testing.assert_array_equal(got, expected)
    for b in (np.asfortranarray(base), base[::2, ::3], base.T.copy().T):
        a = np.zeros(b.shape)
        f(a, b, np.arange(b.shape[1], dtype=float))
        np.testing.assert_array_equal(a, b * 2.0 + np.arange(b.shape[1]))


def test_integer_reduction_matches_numpy() -> None:
    f = kiln.jit(int_sum)
    for dtype in (np.int64, np.int32):
        for n in (0, 1, 37):
            a = np.arange(n, dtype=dtype) - 5
            assert f(a, a[::-1]) == int_sum(a, a[::-1])
