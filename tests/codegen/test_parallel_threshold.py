"""The OpenMP threshold counts operations (kiln.ir.op_count), inner loops under an ``if``
included, so a parallel loop goes parallel when its whole nest is large enough."""

from __future__ import annotations

import re

import numpy as np

import kiln
from kiln.ir import nodes as ir
from kiln.ir.op_count import body_ops, stmt_ops
from kiln.ir.types import ScalarType

F64 = ScalarType("float64")
I64 = ScalarType("int64")


def _load(name: str) -> ir.Load:
    return ir.Load(name, (ir.Var("i", I64),), F64)


def test_weights() -> None:
    copy = ir.Store("out", (ir.Var("i", I64),), _load("a"))
    scaled = ir.Store("out", (ir.Var("i", I64),), ir.Binary("mul", _load("a"), ir.Const(2.0, F64), F64))
    divided = ir.Store("out", (ir.Var("i", I64),), ir.Binary("truediv", _load("a"), _load("b"), F64))
    called = ir.Store("out", (ir.Var("i", I64),), ir.Call("exp", (_load("a"),), F64))
    assert [stmt_ops(s) for s in (copy, scaled, divided, called)] == [2, 3, 7, 10]


def test_branches_count_the_costlier_side_and_loops_one_pass() -> None:
    cheap = ir.Store("out", (ir.Var("i", I64),), _load("a"))
    costly = ir.Store("out", (ir.Var("i", I64),), ir.Call("exp", (_load("a"),), F64))
    branch = ir.If(ir.Var("c", ScalarType("bool")), (cheap,), (costly, costly))
    loop = ir.For("i", ir.Const(0, I64), ir.Var("n", I64), ir.Const(1, I64), (cheap,))
    assert stmt_ops(branch) == 20
    assert stmt_ops(loop) == 2
    assert body_ops([branch, loop]) == 22


def versioned_rows(a, b):
    b[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])


def _thresholds(c_source: str) -> list[str]:
    lines = (line.strip() for line in c_source.splitlines())
    return [line for line in lines if "kiln_worth_team(" in line and line.startswith("if")]


def test_inner_loops_under_a_version_test_count() -> None:
    # The row loop's inner loop sits under an overlap test (simd versioning); its trip count
    # must be part of the row loop's work, or the nest never leaves one thread.
    a, b = np.ones((6, 7)), np.ones((6, 7))
    source = kiln.inspect(kiln.jit(versioned_rows, parallel=True), a, b).split("==== c ====")[1]
    tests = _thresholds(source)
    assert tests
    assert all(re.search(r"a_p_a_s1|a_p_b_s1", t) for t in tests), tests

    got = b.copy()
    kiln.jit(versioned_rows, parallel=True)(a, got)
    versioned_rows(a, b)
    np.testing.assert_array_equal(got, b)


def sweeps(p, b, nit):
    for _ in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1]) - b[1:-1, 1:-1]
        p[:, -1] = p[:, -2]


def test_loops_near_the_threshold_join_a_team_already_running() -> None:
    # Each parallel loop may also go parallel with KILN_PAR_NEAR operations once a loop of this
    # call ran on the team (the copy between sweeps keeps the sweeps' row partition). At 200 x
    # 200 the sweep is above KILN_PAR_MIN and the copy between the two thresholds.
    p, b = np.random.default_rng(0).random((200, 200)), np.random.default_rng(1).random((200, 200))
    f = kiln.jit(sweeps, parallel=True)
    source = kiln.inspect(f, p, b, 3).split("==== c ====")[1]
    tests = _thresholds(source)
    assert tests and all(", kiln_team)" in t for t in tests), tests
    assert source.count("kiln_team = 1;") == len(tests)
    default = kiln.get_num_threads()
    for threads in (1, 2, 3):
        kiln.set_num_threads(threads)
        try:
            got, want = p.copy(), p.copy()
            f(got, b, 3)
            sweeps(want, b, 3)
            np.testing.assert_array_equal(got, want)
        finally:
            kiln.set_num_threads(default)


def nested_branches(a, out, t):
    for i in kiln.prange(a.shape[0]):
        acc = 0.0
        if a[i, 0] > t:
            if a[i, 1] > t:
                for j in range(a.shape[1]):
                    acc += a[i, j]
            else:
                for j in range(a.shape[1] - 1):
                    acc -= a[i, j]
        else:
            if a[i, 2] > t:
                for j in range(2, a.shape[1]):
                    acc += 2.0 * a[i, j]
            else:
                for j in range(a.shape[1] - 2):
                    acc += a[i, j + 1]
        out[i] = acc


def test_work_of_nested_branches_names_each_branch_once() -> None:
    # The costlier branch's work is a function call: a ternary would print both branches
    # twice at each level of nesting.
    a, out = np.random.default_rng(3).random((40, 9)), np.zeros(40)
    source = kiln.inspect(kiln.jit(nested_branches, parallel=True), a, out, 0.5).split("==== c ====")[1]
    tests = _thresholds(source)
    assert tests and all(t.count("kiln_work_max(") == 3 for t in tests), tests
    got = out.copy()
    kiln.jit(nested_branches, parallel=True)(a, got, 0.5)
    nested_branches(a, out, 0.5)
    np.testing.assert_allclose(got, out)
