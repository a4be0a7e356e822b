"""The OpenMP threshold counts operations (kiln.ir.op_count), inner loops under an ``if``
included, so a parallel loop goes parallel when its whole nest is large enough."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np

import kiln
from kiln.codegen.prelude import prelude
from kiln.ir import nodes as ir
from kiln.ir.op_count import body_ops, stmt_ops
from kiln.ir.types import ScalarType
from kiln.runtime.toolchain import resolve_cc

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
    assert tests and all(", &kiln_team)" in t for t in tests), tests
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


_DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
@THRESHOLD@
int main(void) {
    int64_t seen = 0;
    /* ops of the loops a call reaches, in order: a row below KILN_PAR_NEAR, loops between
       KILN_PAR_NEAR and KILN_PAR_SWEEP (which never add up), sweeps of KILN_PAR_SWEEP or more
       (which do), then the small loops again */
    int64_t loops[] = {1000, 60000, 60000, 60000, 60000, 60000,
                       100000, 100000, 100000, 1000, 60000, 300000, 20000};
    for (int k = 0; k < (int)(sizeof loops / sizeof loops[0]); k++)
        printf("%d", kiln_worth_team(loops[k], &seen));
    int64_t fresh = 0;
    printf(" %d", kiln_worth_team(INT64_C(1) << 62, &fresh));
    printf("%d", kiln_worth_team(20000, &fresh));
    printf("\n");
    return 0;
}
"""


def _threshold_source() -> str:
    """The prelude's threshold: the two constants and the decision function."""
    text = prelude()
    defines = re.findall(r"#define KILN_PAR_(?:MIN|NEAR|SWEEP) \d+", text)
    assert len(defines) == 3, defines
    start = text.index("KILN_INLINE int kiln_worth_team(")
    function = text[start : text.index("\n}\n", start) + 3]
    return "\n".join([*defines, "#define KILN_INLINE static inline", function])


def test_small_parallel_loops_that_add_up_join_the_team(tmp_path: Path) -> None:
    # Sweeps between KILN_PAR_SWEEP and KILN_PAR_MIN stay on one thread until they have added
    # up to KILN_PAR_MIN operations (3 x 100000 here), and loops above KILN_PAR_NEAR run on the
    # team from then on; smaller loops neither count nor join before. A loop above KILN_PAR_MIN
    # starts the team by itself, and the count cannot overflow.
    source = tmp_path / "threshold.c"
    source.write_text(_DRIVER.replace("@THRESHOLD@", _threshold_source()))
    binary = tmp_path / "threshold"
    subprocess.run([resolve_cc(), "-O2", str(source), "-o", str(binary)], check=True)
    out = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["0000000000111", "11"]


_TRIPS_DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
#define KILN_INLINE static inline
@TRIPS@
int main(void) {
    for (int64_t lo = -7; lo <= 7; lo++)
        for (int64_t hi = -7; hi <= 7; hi++)
            for (int64_t st = -4; st <= 4; st++)
                printf("%lld ", (long long)kiln_trips(lo, hi, st));
    printf("\n");
    return 0;
}
"""


def test_trip_counts_follow_range_for_every_step(tmp_path: Path) -> None:
    # The work estimate counts an inner loop's iterations as len(range(lo, hi, st)): a loop
    # counting down once had a negative count, so its nest never left one thread.
    text = prelude()
    start = text.index("KILN_INLINE int64_t kiln_trips(")
    function = text[start : text.index("\n}\n", start) + 3]
    source = tmp_path / "trips.c"
    source.write_text(_TRIPS_DRIVER.replace("@TRIPS@", function))
    binary = tmp_path / "trips"
    subprocess.run([resolve_cc(), "-O2", str(source), "-o", str(binary)], check=True)
    out = subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout
    want = [
        len(range(lo, hi, st)) if st else 0
        for lo in range(-7, 8)
        for hi in range(-7, 8)
        for st in range(-4, 5)
    ]
    assert [int(v) for v in out.split()] == want


def backward_rows(img, b1, b2):
    y = np.empty_like(img)
    y[:, -1] = 0.0
    y[:, -2] = img[:, -1]
    for j in range(img.shape[1] - 3, -1, -1):
        y[:, j] = img[:, j + 1] + b1 * y[:, j + 1] + b2 * y[:, j + 2]
    return y


def test_a_nest_counting_down_has_positive_work() -> None:
    # deriche's backward recursion: interchanged, each row runs its j loop from the end. The
    # threshold counts that loop's trips with its step; with hi - lo the work was negative.
    img = np.random.default_rng(4).random((64, 50))
    f = kiln.jit(backward_rows, parallel=True)
    source = kiln.inspect(f, img, 0.5, -0.25).split("==== c ====")[1]
    tests = [t for t in _thresholds(source) if "INT64_C(-1))" in t]
    assert tests and all("kiln_trips(" in t for t in tests), _thresholds(source)
    default = kiln.get_num_threads()
    for threads in (1, 2):
        kiln.set_num_threads(threads)
        try:
            np.testing.assert_allclose(f(img, 0.5, -0.25), backward_rows(img, 0.5, -0.25), rtol=1e-12)
        finally:
            kiln.set_num_threads(default)
