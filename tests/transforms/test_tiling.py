"""Loop tiling: golden IR, full-permutability legality, recipes, differential results."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, text

import kiln
from kiln.options import Options
from kiln.transforms import recipes
from kiln.transforms.pass_manager import run_passes

GOLDEN = Path(__file__).parent / "golden"


def transpose(A, B):
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            A[i, j] = B[j, i] * 2.0


def anti_diagonal(A):
    for i in range(1, A.shape[0]):
        for j in range(A.shape[1] - 1):
            A[i, j] = A[i - 1, j + 1] + 1.0  # dependence (<, >): not fully permutable


def tile_step(fn, sizes: list[int]) -> recipes.Step:  # noqa: ANN001
    outer, inner = loops(fn)[:2]
    return recipes.Step("tile", (outer.sid, inner.sid), {"sizes": sizes})


def test_transpose_tiled_golden() -> None:
    a = np.ones((3, 4))
    fn = lower(transpose, a, a.T.copy())
    tiled = recipes.apply_step(fn, tile_step(fn, [8, 16]))
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "tiling_transpose.ir").write_text(text(tiled))
    assert text(tiled) == (GOLDEN / "tiling_transpose.ir").read_text()
    again = recipes.replay(
        lower(transpose, a, a.T.copy()), recipes.loads(recipes.dumps([tile_step(fn, [8, 16])]))
    )
    assert text(again) == text(tiled)


def test_not_fully_permutable_band_is_refused() -> None:
    fn = lower(anti_diagonal, np.ones((3, 4)))
    with pytest.raises(recipes.IllegalStep, match="backwards"):
        recipes.apply_step(fn, tile_step(fn, [2, 2]))
    result = run_passes(fn, Options(), (("tiling", {"sizes": (2, 2)}),))
    assert result.steps == [] and any("not tiled" in n for ns in result.notes.values() for n in ns)


def test_bad_sizes_are_refused() -> None:
    fn = lower(transpose, np.ones((3, 4)), np.ones((4, 3)))
    for sizes in ([8], [0, 4], [2.5, 4]):
        with pytest.raises(recipes.IllegalStep, match="size"):
            recipes.apply_step(fn, tile_step(fn, sizes))  # type: ignore[arg-type]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
@pytest.mark.parametrize("shape", [(0, 5), (1, 1), (13, 29)])
def test_tiled_transpose_matches_numpy(dtype, shape: tuple[int, int]) -> None:  # noqa: ANN001
    f = kiln.jit(transpose, passes={"tiling": {"sizes": (4, 8)}})
    b = (np.arange(np.prod(shape), dtype=dtype) % 11).reshape(shape[::-1])
    a = np.zeros(shape, dtype=dtype)
    f(a, b)
    np.testing.assert_array_equal(a, (b.T * 2.0).astype(dtype))


def test_tiled_dependent_nest_matches_python() -> None:
    def diagonal(A):
        for i in range(1, A.shape[0]):
            for j in range(1, A.shape[1]):
                A[i, j] = A[i - 1, j - 1] * 0.5 + A[i, j - 1]  # (<, <) and (=, <): fully permutable

    f = kiln.jit(diagonal, passes={"tiling": {"sizes": (3, 5)}})
    a = np.random.default_rng(1).random((11, 17))
    assert "tile" in kiln.report(f, a)
    expected, got = a.copy(), a.copy()
    diagonal(expected)
    f(got)
    np.testing.assert_array_equal(got, expected)


def test_tiled_aliasing_and_strided_views() -> None:
    f = kiln.jit(transpose, passes={"tiling": {"sizes": (2, 3)}})
    base = np.arange(49.0).reshape(7, 7)
    expected = base.copy()
    transpose(expected, expected)  # A is B: in-place, the order matters
    got = base.copy()
    f(got, got)
    np.testing.assert_array_equal(got, expected)
    b = np.arange(600.0).reshape(20, 30)[::2, ::3][:7, :5]
    a = np.zeros((10, 20))[::2, ::3]
    f(a, b)
    np.testing.assert_array_equal(a, b.T * 2.0)


# ---------------------------------------------------------------- on by default, by the cost model
def matmul_ijk(A, B, C):
    for i in range(A.shape[0]):
        for j in range(B.shape[1]):
            for k in range(A.shape[1]):
                C[i, j] += A[i, k] * B[k, j]


def rows_plus_column(A, B, c):
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            A[i, j] = B[i, j] + c[i]  # every access unit-stride or invariant in j: nothing to gain


def test_transpose_tiled_by_default_golden() -> None:
    a = np.ones((3, 4))
    result = run_passes(lower(transpose, a, a.T.copy()), Options(), ("tiling",), verify=True)
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "tiling_auto_transpose.ir").write_text(text(result.fn))
    assert text(result.fn) == (GOLDEN / "tiling_auto_transpose.ir").read_text()
    (step,) = result.steps
    assert step.params == {"sizes": [64, 64], "min_bytes": 4 << 20}
    again = recipes.replay(lower(transpose, a, a.T.copy()), recipes.loads(recipes.dumps(result.steps)))
    assert text(again) == text(result.fn)


@pytest.mark.parametrize("pipeline", [("tiling",), ("interchange", "tiling"), "default"])
def test_matmul_like_nests_stay_untiled(pipeline) -> None:  # noqa: ANN001
    m = np.ones((5, 5))
    result = run_passes(lower(matmul_ijk, m, m.copy(), m.copy()), Options(), pipeline, verify=True)
    assert not [s for s in result.steps if s.transformation == "tile"]
    result = run_passes(lower(rows_plus_column, m, m.copy(), np.ones(5)), Options(), pipeline, verify=True)
    assert not [s for s in result.steps if s.transformation == "tile"]


def test_auto_tiling_can_be_turned_off() -> None:
    a = np.ones((3, 4))
    result = run_passes(lower(transpose, a, a.T.copy()), Options(passes=(("tiling", (("auto", False),)),)))
    assert result.steps == []


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
@pytest.mark.parametrize("shape", [(0, 700), (1, 1), (800, 700), (70, 3)])
def test_default_tiled_transpose_matches_numpy(dtype, shape: tuple[int, int]) -> None:  # noqa: ANN001
    f = kiln.jit(transpose)
    b = (np.arange(np.prod(shape), dtype=dtype) % 11).reshape(shape[::-1])
    a = np.zeros(shape, dtype=dtype)
    f(a, b)
    np.testing.assert_array_equal(a, (b.T * 2.0).astype(dtype))


def test_default_tiled_transpose_aliasing_and_views() -> None:
    f = kiln.jit(transpose)
    base = np.arange(700.0 * 700).reshape(700, 700)
    expected, got = base.copy(), base.copy()
    transpose(expected, expected)  # in place: the fallback (untiled, original order) must run
    f(got, got)
    np.testing.assert_array_equal(got, expected)
    b = np.arange(1600.0 * 1500).reshape(1600, 1500)[::2, ::2]
    a = np.zeros((750, 800))
    f(a, b)
    np.testing.assert_array_equal(a, b.T * 2.0)
    af = np.zeros((800, 750), order="F")
    f(af.T, b)
    np.testing.assert_array_equal(af.T, b.T * 2.0)
