"""Loop interchange: golden IR, exact legality, recipes, differential results against Python/NumPy."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize, text

import kiln
from kiln.transforms import recipes

GOLDEN = Path(__file__).parent / "golden"


def column_walk(A, B):
    for j in range(A.shape[1]):
        for i in range(A.shape[0]):
            A[i, j] += B[i, j] * 2.0


def skewed(A):
    for j in range(1, A.shape[1]):
        for i in range(A.shape[0] - 1):
            A[i, j] = A[i + 1, j - 1] + 1.0  # dependence (j: <, i: >): swapping runs it backwards


def diagonal(A):
    for j in range(1, A.shape[1]):
        for i in range(1, A.shape[0]):
            A[i, j] = A[i - 1, j - 1] + 1.0  # dependence (<, <): swapping keeps it forward


def matmul_ijk(A, B, C):
    for i in range(A.shape[0]):
        for j in range(B.shape[1]):
            for k in range(A.shape[1]):
                C[i, j] += A[i, k] * B[k, j]


def matmul_kij(A, B, C):
    for k in range(A.shape[1]):
        for i in range(A.shape[0]):
            for j in range(B.shape[1]):
                C[i, j] += A[i, k] * B[k, j]


def index_read_after(A):
    i = -1
    for j in range(A.shape[1]):
        for i in range(A.shape[0]):
            A[i, j] = 1.0
    return i


def write_golden(name: str, got: str) -> None:
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / name).write_text(got)


def test_column_walk_is_interchanged_golden() -> None:
    a = np.ones((3, 4))
    result = optimize(lower(column_walk, a, a.copy()), "interchange")
    write_golden("interchange_column_walk.ir", text(result.fn))
    assert text(result.fn) == (GOLDEN / "interchange_column_walk.ir").read_text()
    assert [s.to_json() for s in result.steps] == [
        {"transformation": "interchange", "target": [6, 5], "params": {"order": [5, 6]}}
    ]
    fast = loops(result.fn)[0]  # the version for non-overlapping A, B walks rows outermost
    assert fast.sid == 5 and loops(result.fn)[1].sid == 6


def test_recipe_round_trips_and_replays_on_a_fresh_ir() -> None:
    a = np.ones((3, 4))
    result = optimize(lower(column_walk, a, a.copy()), "interchange")
    steps = recipes.loads(recipes.dumps(result.steps))
    assert steps == result.steps
    assert text(recipes.replay(lower(column_walk, a, a.copy()), steps)) == text(result.fn)


def test_backward_dependence_forbids_interchange() -> None:
    a = np.ones((3, 4))
    fn = lower(skewed, a)
    result = optimize(fn, "interchange")
    assert result.steps == []
    assert any("backwards" in n for notes in result.notes.values() for n in notes)
    outer, inner = loops(fn)
    with pytest.raises(recipes.IllegalStep, match="backwards"):
        recipes.apply_step(
            fn, recipes.Step("interchange", (outer.sid, inner.sid), {"order": [inner.sid, outer.sid]})
        )


def test_forward_dependence_allows_interchange() -> None:
    a = np.arange(20.0).reshape(4, 5)
    assert len(optimize(lower(diagonal, a), "interchange").steps) == 1
    expected = a.copy()
    diagonal(expected)
    got = a.copy()
    kiln.jit(diagonal)(got)
    np.testing.assert_array_equal(got, expected)


def test_bad_recipes_are_refused() -> None:
    a = np.ones((3, 4))
    fn = lower(column_walk, a, a.copy())
    outer, inner = loops(fn)
    with pytest.raises(recipes.IllegalStep, match="order"):
        recipes.apply_step(fn, recipes.Step("interchange", (outer.sid, inner.sid), {"order": [1, 2]}))
    with pytest.raises(recipes.IllegalStep, match="perfect nest"):
        recipes.apply_step(
            fn, recipes.Step("interchange", (inner.sid, outer.sid), {"order": [outer.sid, inner.sid]})
        )


def test_matmul_moves_the_column_loop_innermost() -> None:
    a, b = np.ones((2, 3)), np.ones((3, 4))
    result = optimize(lower(matmul_ijk, a, b, np.zeros((2, 4))), "interchange")
    (step,) = result.steps
    i, j, k = step.target
    assert step.params["order"] == [i, k, j]
    rng = np.random.default_rng(0)
    a, b = rng.random((5, 7)), rng.random((7, 6))
    expected, got = np.zeros((5, 6)), np.zeros((5, 6))
    matmul_ijk(a, b, expected)
    kiln.jit(matmul_ijk)(a, b, got)
    np.testing.assert_array_equal(got, expected)  # each element sums over k in the same order


def test_counter_read_after_the_nest_keeps_the_order() -> None:
    a = np.ones((3, 0))
    assert optimize(lower(index_read_after, a), "interchange").steps == []
    for shape in [(3, 0), (0, 3), (3, 4)]:
        assert kiln.jit(index_read_after)(np.ones(shape)) == index_read_after(np.ones(shape))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32])
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (5, 7)])
def test_interchanged_matches_numpy(dtype, shape: tuple[int, int]) -> None:  # noqa: ANN001
    a = np.arange(np.prod(shape), dtype=dtype).reshape(shape)
    b = (np.arange(np.prod(shape), dtype=dtype) % 5).reshape(shape)
    got = a.copy()
    kiln.jit(column_walk)(got, b)
    np.testing.assert_array_equal(
        got, a + b * 2.0 if dtype in (np.float64, np.float32) else a + (b * 2.0).astype(dtype)
    )


@pytest.mark.parametrize("layout", ["F", "transposed", "strided"])
def test_interchanged_layouts(layout: str) -> None:
    base = np.arange(70.0).reshape(7, 10)
    views = {"F": np.asfortranarray(base), "transposed": base.T.copy().T, "strided": base[::2, ::3]}
    a = views[layout]
    b = np.asfortranarray(a * 0.5) if layout == "F" else a * 0.5
    expected = a + b * 2.0
    kiln.jit(column_walk)(a, b)
    np.testing.assert_array_equal(a, expected)


def test_aliasing_arguments_take_the_original_order() -> None:
    def shifted(A, B):
        for j in range(A.shape[1]):
            for i in range(A.shape[0] - 1):
                A[i, j] = B[i + 1, j] + 1.0

    base = np.arange(30.0).reshape(5, 6)
    expected = base.copy()
    shifted(expected[:, :-1], expected[:, 1:])  # A and B overlap: the order decides what is read
    got = base.copy()
    kiln.jit(shifted)(got[:, :-1], got[:, 1:])
    np.testing.assert_array_equal(got, expected)


def test_interchange_in_the_default_pipeline() -> None:
    a = np.ones((4, 5))
    report = kiln.report(kiln.jit(column_walk), a, a.copy())
    assert "interchanged" in report and '"transformation": "interchange"' in report


def test_accumulator_loop_moves_outside_the_innermost_golden() -> None:
    """``k, i, j`` loads and stores each row of C once per k; ``i, k, j`` keeps it in registers
    (or L1) across k. The unit-stride j stays innermost."""
    a, b = np.ones((2, 3)), np.ones((3, 4))
    result = optimize(lower(matmul_kij, a, b, np.zeros((2, 4))), "interchange")
    (step,) = result.steps
    k, i, j = step.target
    assert step.params["order"] == [i, k, j]
    assert any("accumulators stay put" in note for notes in result.notes.values() for note in notes)
    write_golden("interchange_matmul_kij.ir", text(result.fn))
    assert text(result.fn) == (GOLDEN / "interchange_matmul_kij.ir").read_text()
    assert text(recipes.replay(lower(matmul_kij, a, b, np.zeros((2, 4))), result.steps)) == text(result.fn)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("shape", [(0, 3, 2), (1, 1, 1), (5, 7, 6)])
def test_accumulator_interchange_matches_python(dtype, shape) -> None:  # noqa: ANN001
    n, m, p = shape
    rng = np.random.default_rng(1)
    a = (rng.random((n, m)) * 10).astype(dtype)
    b = (rng.random((m, p)) * 10).astype(dtype)
    expected, got = np.ones((n, p), dtype), np.ones((n, p), dtype)
    matmul_kij(a, b, expected)
    kiln.jit(matmul_kij)(a, b, got)
    np.testing.assert_array_equal(got, expected)  # each element still sums over k in order


def test_accumulator_interchange_with_aliasing_arguments() -> None:
    base = np.arange(16.0).reshape(4, 4)
    expected, got = base.copy(), base.copy()
    matmul_kij(expected, expected, expected)  # C is A and B: the order decides what is read
    kiln.jit(matmul_kij)(got, got, got)
    np.testing.assert_array_equal(got, expected)


def test_a_later_loop_over_the_same_counter_does_not_read_it() -> None:
    """A loop that assigns its own counter leaves it unread by its body's reads (a kernel's
    ``kiln_ty`` loops, one after another): the counter's old value is dead after the nest."""
    from kiln.ir import nodes as ir
    from kiln.ir.types import INT64, ScalarType

    FLOAT64 = ScalarType("float64")
    from kiln.analysis.liveness import Fate, fate_in

    ty = ir.Var("ty", INT64)
    body = (ir.Store("a", (ty,), ir.Const(1.0, FLOAT64), sid=1),)
    again = ir.For("ty", ir.Const(0, INT64), ir.Const(4, INT64), ir.Const(1, INT64), body, sid=2)
    assert fate_in((again,), "ty") is Fate.PASSED
    reads_bound = ir.For("x", ir.Const(0, INT64), ty, ir.Const(1, INT64), (), sid=3)
    assert fate_in((reads_bound,), "ty") is Fate.READ
