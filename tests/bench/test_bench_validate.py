"""The validation logic that decides ok/FAIL: dtype, shape, values, side effects on arguments."""

from __future__ import annotations

import numpy as np
import pytest

from kiln.bench.timing import fresh_args, result_bytes, time_repeated
from kiln.bench.validate import compare_outputs, compare_values, copy_args, mutated_positions, rtol_for


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "bool", "complex128"])
def test_identical_arrays_agree(dtype: str, rng: np.random.Generator) -> None:
    a = (rng.random((3, 4)) * 10).astype(dtype)
    assert compare_values(a, a.copy()) == []


@pytest.mark.parametrize("shape", [(0,), (1,), (5,), (2, 3), (0, 4)])
def test_shapes_of_every_size_agree_with_themselves(shape: tuple[int, ...]) -> None:
    a = np.ones(shape)
    assert compare_values(a, np.ones(shape)) == []


def test_dtype_mismatch_is_a_problem_even_with_equal_values() -> None:
    problems = compare_values(np.arange(4, dtype=np.int64), np.arange(4, dtype=np.int32))
    assert len(problems) == 1 and "dtype int32, expected int64" in problems[0]


def test_shape_mismatch_is_a_problem() -> None:
    problems = compare_values(np.zeros((2, 3)), np.zeros((3, 2)))
    assert any("shape (3, 2), expected (2, 3)" in p for p in problems)


def test_broadcastable_but_different_shape_is_a_problem() -> None:
    assert compare_values(np.zeros((1, 3)), np.zeros(3)) != []


def test_float64_values_within_rounding_agree() -> None:
    a = np.linspace(1.0, 2.0, 50)
    assert compare_values(a, a * (1 + 1e-14)) == []


def test_float64_values_beyond_tolerance_disagree_and_say_where() -> None:
    a = np.linspace(1.0, 2.0, 50)
    b = a.copy()
    b[7] += 1e-6
    (problem,) = compare_values(a, b)
    assert "1 of 50 values differ" in problem and "(7,)" in problem


def test_float32_tolerance_is_looser_than_float64() -> None:
    assert rtol_for(np.dtype(np.float32)) > rtol_for(np.dtype(np.float64))
    a = np.linspace(1.0, 2.0, 10, dtype=np.float32)
    assert compare_values(a, a * np.float32(1 + 1e-6)) == []
    assert compare_values(a, a * np.float32(1 + 1e-3)) != []


def test_integers_must_match_exactly() -> None:
    a = np.arange(10**6, 10**6 + 5, dtype=np.int64)
    b = a.copy()
    b[-1] += 1
    assert compare_values(a, b) != []


def test_near_zero_results_are_judged_against_the_scale_of_the_others() -> None:
    # Cancellation leaves tiny values whose relative error is large; the absolute part covers them.
    a = np.array([1e3, 1e-13])
    assert compare_values(a, np.array([1e3, 2e-13])) == []


def test_nan_in_the_same_place_agrees_and_in_another_does_not() -> None:
    a = np.array([1.0, np.nan, 3.0])
    assert compare_values(a, a.copy()) == []
    assert compare_values(a, np.array([np.nan, 2.0, 3.0])) != []


def test_scalar_results() -> None:
    assert compare_values(np.float64(2.5), np.float64(2.5)) == []
    assert compare_values(2.5, 2.5) == []
    assert compare_values(np.float64(2.5), np.float32(2.5)) != []
    assert compare_values(3, 4) != []


def test_array_versus_scalar_and_none() -> None:
    assert compare_values(np.ones(1), 1.0) != []
    assert compare_values(None, np.ones(1)) != []
    assert compare_values(np.ones(1), None) != []
    assert compare_values(None, None) == []


def test_tuples_are_compared_element_by_element() -> None:
    assert compare_values((1.0, np.ones(2)), (1.0, np.ones(2))) == []
    problems = compare_values((1.0, np.ones(2)), (1.0, np.zeros(2)))
    assert len(problems) == 1 and problems[0].startswith("result[1]")
    assert compare_values((1.0, 2.0), (1.0,)) != []


def test_in_place_effects_on_arguments_are_compared() -> None:
    expected_args = (1.5, np.array([1.0, 2.0]))
    got_args = (1.5, np.array([1.0, 3.0]))
    (problem,) = compare_outputs(None, expected_args, None, got_args)
    assert problem.startswith("argument 1 after the call")


def test_copy_args_keeps_layout_and_leaves_scalars() -> None:
    f = np.asfortranarray(np.ones((3, 2)))
    copies = copy_args((2.0, f))
    assert copies[0] == 2.0
    assert copies[1].flags.f_contiguous and copies[1] is not f


def test_mutated_positions_finds_written_arguments() -> None:
    before = (1.0, np.zeros(3), np.ones(2), np.array([np.nan]))
    after = (1.0, np.zeros(3), np.array([1.0, 5.0]), np.array([np.nan]))
    assert mutated_positions(before, after) == (2,)


def test_timed_runs_start_from_fresh_copies_of_mutated_arguments() -> None:
    seen: list[float] = []

    def bump(a: np.ndarray) -> None:
        seen.append(float(a[0]))
        a += 1

    x = np.zeros(3)
    samples = time_repeated(bump, (x,), mutated=(0,), repeat=4)
    assert len(samples) == 4 and all(s >= 0 for s in samples)
    assert seen == [0.0] * 4 and x[0] == 0.0
    assert fresh_args((x, 2), ())[0] is x


def test_result_bytes() -> None:
    assert result_bytes(np.ones(10)) == 80
    assert result_bytes((np.ones(2, np.float32), 3.0, np.ones(1))) == 16
    assert result_bytes(None) == 0
