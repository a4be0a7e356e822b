"""hoist_loads: an invariant element of an array the loop writes elsewhere is read once before the
loop (golden IR); what must stay in the loop; results against Python on several dtypes, shapes and
layouts, and with aliasing arguments."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize, text

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_exprs, iter_stmts

GOLDEN = Path(__file__).parent / "golden"


def lu_rows(a):
    n = a.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                a[i, j] -= a[i, k] * a[k, j]


def store_then_read(a, out, k):
    for j in range(k, k + 1):  # one iteration: no dependence between iterations
        a[j] = 5.0
        out[j] = a[k]  # must see the 5.0 just stored


def guarded_read(a, out, k):
    n = out.shape[0]
    for j in range(n):
        out[j] = a[k] if k < a.shape[0] else -1.0


def scaled_copy(a, b, k):
    for j in range(a.shape[0]):
        a[j] = b[k] * 2.0 + b[j]


def _hoisted_reads(fn: ir.Function) -> list[ir.Assign]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.Assign) and s.target.startswith("k_elem")]


def _loads(loop: ir.For) -> int:
    return sum(isinstance(e, ir.Load) for s in iter_stmts(loop.body) for e in iter_exprs(s, deep=False))


def test_invariant_element_is_read_once_golden() -> None:
    before = lower(lu_rows, np.ones((4, 4)))
    got = optimize(before, "hoist_loads").fn
    (read,) = _hoisted_reads(got)
    assert isinstance(read.value, ir.Load) and read.value.array == "p_a"
    (inner_before,) = [lp for lp in loops(before) if lp.var == "k3_it"]
    (inner,) = [lp for lp in loops(got) if lp.var == "k3_it"]
    assert _loads(inner) == _loads(inner_before) - 1 == 2  # a[i, j] and a[k, j] stay
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "hoist_loads_lu_rows.ir").write_text(text(got))
    assert text(got) == (GOLDEN / "hoist_loads_lu_rows.ir").read_text()


def test_a_store_before_the_read_keeps_it_in_the_loop() -> None:
    got = optimize(lower(store_then_read, np.ones(4), np.ones(4), 1), "hoist_loads").fn
    assert not _hoisted_reads(got)


def test_a_read_under_a_select_stays() -> None:
    got = optimize(lower(guarded_read, np.ones(4), np.ones(4), 1), "hoist_loads").fn
    assert not _hoisted_reads(got)


def test_parameters_that_may_overlap_keep_the_read() -> None:
    got = optimize(lower(scaled_copy, np.ones(4), np.ones(4), 1), "hoist_loads").fn
    assert not _hoisted_reads(got)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 17])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_lu_rows_matches_python(n, dtype, layout) -> None:
    rng = np.random.default_rng(n)
    if np.issubdtype(dtype, np.integer):
        if n > 5:
            pytest.skip("integer entries grow doubly exponentially without division")
        base = rng.integers(-1, 2, (2 * n, 2 * n)).astype(dtype)
    else:  # diagonally dominant: no growth
        base = (rng.random((2 * n, 2 * n)) + (2 * n + 1) * np.eye(2 * n)).astype(dtype)
    if layout == "strided":
        a = base.copy()[::2, ::2]
    else:
        a = np.asarray(base[:n, :n], order=layout).copy()
    expected = np.array(a, copy=True)
    lu_rows(expected)
    f = kiln.jit(parallel=True)(lu_rows)
    f(a)
    np.testing.assert_allclose(a, expected, rtol=1e-5)


@pytest.mark.parametrize("k", [0, 2, 3])
def test_one_iteration_loops_see_their_own_store(k) -> None:
    a, out = np.arange(4.0), np.zeros(4)
    ea, eout = a.copy(), out.copy()
    store_then_read(ea, eout, k)
    kiln.jit(store_then_read)(a, out, k)
    np.testing.assert_array_equal(a, ea)
    np.testing.assert_array_equal(out, eout)


def test_aliasing_arguments_match_python() -> None:
    a = np.arange(6.0)
    expected = a.copy()
    scaled_copy(expected, expected, 2)
    kiln.jit(scaled_copy)(a, a, 2)
    np.testing.assert_array_equal(a, expected)


def test_recipe_step_replays() -> None:
    from kiln.transforms.recipes import dumps, loads, replay

    before = lower(lu_rows, np.ones((4, 4)))
    got = optimize(before, "hoist_loads")
    assert [s.transformation for s in got.steps] == ["hoist_loads"]
    assert text(replay(before, loads(dumps(got.steps)))) == text(got.fn)


SELECT_ARM = """\
func select_arm(p_a: array[float64, 2d, C], p_k: int64) -> ()
  locals: j: int64
  written: p_a
  for #3 j in range(0: int64, dim(p_a, 1), 1: int64):
    store #1 p_a[0: int64, j] = add(load(p_a, [0: int64, j]): float64, {value}): float64
"""


@pytest.mark.parametrize(
    "value, hoisted",
    [
        ("load(p_a, [1: int64, p_k]): float64", 1),
        # evaluated only when its test holds: p_k may be out of bounds otherwise
        ("select(lt(p_k, dim(p_a, 1)): bool, load(p_a, [1: int64, p_k]): float64, 0.0: float64): float64", 0),
        ("mul(2.0: float64, select(lt(p_k, dim(p_a, 1)): bool, load(p_a, [1: int64, p_k]): float64, "
         "0.0: float64): float64): float64", 0),
    ],
)  # fmt: skip
def test_only_loads_every_iteration_evaluates_move(value: str, hoisted: int) -> None:
    from kiln.ir.parser import parse_function

    fn = parse_function(SELECT_ARM.format(value=value))
    got = optimize(fn, "hoist_loads").fn
    assert len(_hoisted_reads(got)) == hoisted
