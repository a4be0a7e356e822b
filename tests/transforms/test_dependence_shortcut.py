"""The shortcut that keeps simple access pairs away from the integer-set library
(``analysis.dependences.separated_vars``) decides nothing otherwise than isl: every program
optimizes to the same IR with it and without it, and the cases it must not take (a loop
variable read after its loop, a subscript that is not affine where the band and fusion tests
give up) are left to isl."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.transforms.support import lower, optimize, text
from tests.transforms.test_passes_preserve_semantics import CORPUS

import kiln
from kiln.analysis import band_dependences, dependences, fusion_deps
from kiln.analysis.dependences import carried_dependence, separated_vars
from kiln.analysis.effects import array_roots
from kiln.analysis.fusion_deps import fusion_dependences
from kiln.ir import nodes as ir
from kiln.ir.parser import parse_function
from kiln.transforms.pass_manager import PIPELINES


def transpose_add(a, b):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = a[i, j] + b[j, i]


def swap_halves(a):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = a[j, i]


def shifted_rows(a, out):
    for i in range(1, a.shape[0]):
        for j in range(a.shape[1]):
            out[i, j] = a[i, j] + a[i - 1, j]
    for i in range(1, a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = out[i, j] * 2.0


def offset_scalar(a, k):
    for i in range(a.shape[0] - k):
        a[i + k] = a[i + k] + 1.0


def running_position(a, out):
    pos = 0
    for i in range(a.shape[0]):
        out[pos + i] = a[i]
        pos = pos + 1


def stencil(a, b, steps):
    for _ in range(steps):
        b[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
        a[1:-1, 1:-1] = 0.25 * (b[:-2, 1:-1] + b[2:, 1:-1] + b[1:-1, :-2] + b[1:-1, 2:])


def stale_index(a, b):
    """The second loop reads ``a`` at the first loop's last index: fusing the loops would read
    it before the first loop writes it."""
    n = a.shape[0]
    i = 0
    for i in range(n):
        a[i] = i * 2.0
    for j in range(n):
        b[j] = a[i] + j


def repeat_rows(a, reps):
    """Rows repeated with a subscript that is not affine (``k * reps + r``), then read back by
    a second nest: the first two axes alone keep the nests' iterations apart."""
    n, m = a.shape
    out = np.empty((n, m, 1 * reps))
    for i in range(n):
        for j in range(m):
            for r in range(reps):
                out[i, j, 0 * reps + r] = a[i, j]
    total = np.empty((n, m))
    for i in range(n):
        for j in range(m):
            total[i, j] = out[i, j, 0] + out[i, j, reps - 1] * 2.0
    return total


def _square(rng: np.random.Generator) -> np.ndarray:
    return rng.standard_normal((6, 6))


PROGRAMS: list[tuple[Callable[..., Any], Callable[[np.random.Generator], tuple[Any, ...]]]] = [
    *CORPUS,
    (transpose_add, lambda rng: (_square(rng), _square(rng))),
    (swap_halves, lambda rng: (_square(rng),)),
    (shifted_rows, lambda rng: (_square(rng), np.zeros((6, 6)))),
    (offset_scalar, lambda rng: (rng.standard_normal(9), 2)),
    (running_position, lambda rng: (rng.standard_normal(5), np.zeros(12))),
    (stencil, lambda rng: (_square(rng), _square(rng), 2)),
    (stale_index, lambda rng: (np.zeros(7), np.zeros(7))),
    (repeat_rows, lambda rng: (rng.standard_normal((5, 4)), 3)),
]


def _never_separated(monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing(*args: Any, **kwargs: Any) -> set[str]:
        return set()

    for module in (dependences, band_dependences, fusion_deps):
        monkeypatch.setattr(module, "separated_vars", nothing)


@pytest.mark.parametrize(("fn", "make"), PROGRAMS, ids=[p[0].__name__ for p in PROGRAMS])
@pytest.mark.parametrize("parallel", [False, True])
def test_same_optimized_program_with_and_without_the_shortcut(
    fn, make, parallel: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = make(np.random.default_rng(0))
    lowered = lower(fn, *args, parallel=parallel)
    with_shortcut = text(optimize(lowered, *PIPELINES["cpu"], parallel=parallel).fn)
    _never_separated(monkeypatch)
    assert text(optimize(lowered, *PIPELINES["cpu"], parallel=parallel).fn) == with_shortcut


def test_stale_loop_variable_keeps_the_loops_apart() -> None:
    a, b = np.zeros(7), np.zeros(7)
    want_a, want_b = a.copy(), b.copy()
    stale_index(want_a, want_b)
    kiln.jit(stale_index)(a, b)
    np.testing.assert_array_equal(b, want_b)
    np.testing.assert_array_equal(a, want_a)


def _first_loop_pairs(fn):
    loop = next(s for s in fn.body if isinstance(s, ir.For))
    acc = list(dependences.accesses(loop.body))
    changed = dependences.effects_of(loop.body).writes | {loop.var}
    subst = dependences.affine_scalars(loop.body, loop)
    return loop, acc, subst, changed


def test_equal_subscripts_with_the_loop_variable_separate() -> None:
    fn = lower(transpose_add, np.zeros((4, 4)), np.zeros((4, 4)))
    loop, acc, subst, changed = _first_loop_pairs(fn)
    store = next(x for x in acc if x.write)
    same = next(y for y in acc if not y.write and y.array == store.array)
    assert separated_vars(store, same, subst, changed, {loop.var}) == {loop.var}
    assert not carried_dependence(loop, array_roots(fn)).carried


def test_a_scalar_the_loop_changes_does_not_separate() -> None:
    fn = lower(running_position, np.zeros(4), np.zeros(8))
    loop, acc, subst, changed = _first_loop_pairs(fn)
    store = next(x for x in acc if x.write)
    assert separated_vars(store, store, subst, changed, {loop.var}) == set()


STALE_LOOP_VARIABLE = """\
func stale(p_a: array[float64, 1d, C], p_b: array[float64, 1d, C]) -> ()
  locals: k1_it: int64, k3_it: int64
  written: p_a, p_b
  for #2 k1_it in range(0: int64, dim(p_a, 0), 1: int64):
    store #1 p_a[k1_it] = 1.0: float64
  for #4 k3_it in range(0: int64, dim(p_a, 0), 1: int64):
    store #3 p_b[k3_it] = load(p_a, [k1_it]): float64
"""


def test_a_loop_variable_read_after_its_loop_is_left_to_isl() -> None:
    """The second loop reads ``p_a`` where the first loop's variable was left; renaming the
    second loop's variable to the first's must not make that subscript look like the iteration."""
    fn = parse_function(STALE_LOOP_VARIABLE)
    first, second = (s for s in fn.body if isinstance(s, ir.For))
    assert fusion_dependences([first], [second], array_roots(fn)).reason


def test_a_subscript_that_is_not_affine_is_left_to_isl() -> None:
    """The first two axes would keep the nests apart, but isl's fusion test judges the pair by
    every subscript and gives up on ``k * reps + r``: the shortcut must not fuse what isl keeps
    apart (a fusion here measured slower, and the pipeline's choices must not move)."""
    a = np.random.default_rng(1).standard_normal((5, 4))
    np.testing.assert_array_equal(kiln.jit(repeat_rows)(a, 3), repeat_rows(a, 3))
    fn = optimize(lower(repeat_rows, a, 3), *PIPELINES["cpu"]).fn
    assert len([s for s in fn.body if isinstance(s, ir.For)]) == 2
