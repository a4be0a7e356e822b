"""simplify: tests the function's own shape definitions decide fold away (golden IR), what it
must leave alone, and results against NumPy; liveness through an inlined call's exit."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import lower, optimize, text

import kiln
from kiln.analysis.liveness import live_after
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_stmts

GOLDEN = Path(__file__).parent / "golden"


def rows_into(x):
    n = x.shape[0]
    out = np.empty((n, 3))
    for j in range(3):
        out[:, j] = x[:, j] * 2.0
    return out


def rows_rebound(x, y):
    n = x.shape[0]
    out = np.empty((n, 3))
    for j in range(3):
        out[:, j] = y[:, j] * 2.0  # y's rows need not be n: the check stays
    return out


def _checks(fn: ir.Function) -> list[ir.Check]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.Check) and "broadcast" in s.message]


def test_broadcast_check_of_a_known_extent_folds_golden() -> None:
    x = np.ones((4, 3))
    before = lower(rows_into, x)
    assert _checks(before)
    got = optimize(before, "simplify").fn
    assert not _checks(got)
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / "simplify_rows_into.ir").write_text(text(got))
    assert text(got) == (GOLDEN / "simplify_rows_into.ir").read_text()


def test_a_different_array_keeps_its_check() -> None:
    x, y = np.ones((4, 3)), np.ones((4, 3))
    got = optimize(lower(rows_rebound, x, y), "simplify").fn
    assert _checks(got)
    with pytest.raises(ValueError, match="broadcast"):
        kiln.jit(rows_rebound)(x, np.ones((5, 3)))


@pytest.mark.parametrize("shape", [(0, 3), (1, 3), (7, 3)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_folded_function_matches_numpy(shape, dtype) -> None:
    x = np.arange(np.prod(shape), dtype=dtype).reshape(shape)
    np.testing.assert_array_equal(kiln.jit(rows_into)(x), rows_into(x))
    np.testing.assert_array_equal(kiln.jit(rows_into)(np.asfortranarray(x)), rows_into(x))
    np.testing.assert_array_equal(kiln.jit(rows_into)(x[::-1]), rows_into(x[::-1]))


def _conv(input, weights):
    K = weights.shape[0]
    H_out = input.shape[1] - K + 1
    W_out = input.shape[2] - K + 1
    output = np.empty((input.shape[0], H_out, W_out, weights.shape[3]), dtype=np.float32)
    for i in range(H_out):
        for j in range(W_out):
            output[:, i, j, :] = np.sum(
                input[:, i : i + K, j : j + K, :, np.newaxis] * weights[np.newaxis, :, :, :], axis=(1, 2, 3)
            )
    return output


def conv_bias(input, weights, bias):
    return _conv(input, weights) + bias


def test_inlined_convolution_goes_parallel_over_rows() -> None:
    # the fused nest's version test folds, the fallback's temporary goes with it, and the
    # scalars of the inlined call are dead after its exit: the row loop runs on the team
    rng = np.random.default_rng(0)
    args = (
        rng.random((2, 9, 8, 3), np.float32),
        rng.random((3, 3, 3, 4), np.float32),
        rng.random(4, np.float32),
    )
    f = kiln.jit(conv_bias, parallel=True)
    np.testing.assert_allclose(f(*args), conv_bias(*args), rtol=1e-5)
    report = kiln.report(f, *args)
    first = report.split("\n")[2]
    assert first.strip().startswith("parallel"), report


def _conv_named(input, weights):
    K = weights.shape[0]  # NPBench's form: the output's extents are named first
    N = input.shape[0]
    H_out = input.shape[1] - K + 1
    W_out = input.shape[2] - K + 1
    C_out = weights.shape[3]
    output = np.empty((N, H_out, W_out, C_out), dtype=np.float32)
    for i in range(H_out):
        for j in range(W_out):
            output[:, i, j, :] = np.sum(
                input[:, i : i + K, j : j + K, :, np.newaxis] * weights[np.newaxis, :, :, :], axis=(1, 2, 3)
            )
    return output


def two_convs(input, w1, w2):
    a = np.maximum(input, np.float32(0.0))
    b = _conv_named(a, w1)
    c = np.maximum(b, np.float32(0.0))
    return _conv_named(c, w2)


def two_convs_rebound(input, w1, w2):
    x = np.maximum(input, np.float32(0.0))
    x = _conv_named(x, w1)
    x = np.maximum(x, np.float32(0.0))
    return _conv_named(x, w2)


@pytest.mark.parametrize("f", [two_convs, two_convs_rebound])
def test_a_call_inlined_after_a_loop_folds_its_own_tests(f) -> None:
    # each convolution is inlined after a loop (the relu): its own scalars (N, H_out, C_out)
    # still have one value inside its block, the fused nest's version test folds with them,
    # and both row loops run on the team. With ``x`` re-bound, each binding is a variable of
    # its own: the convolution's input and its output are different arrays to fusion
    rng = np.random.default_rng(1)
    args = (
        rng.random((2, 9, 8, 3), np.float32) - 0.5,
        rng.random((3, 3, 3, 4), np.float32) - 0.5,
        rng.random((2, 2, 4, 2), np.float32) - 0.5,
    )
    jitted = kiln.jit(f, parallel=True)
    np.testing.assert_allclose(jitted(*args), f(*args), rtol=1e-5, atol=1e-6)
    report = kiln.report(jitted, *args).split("\n")
    verdicts = [report[k + 1].strip() for k, line in enumerate(report) if "for i in range(H_out)" in line]
    assert len(verdicts) == 2 and all(v.startswith("parallel") for v in verdicts), report


def maxpool2d(x):
    output = np.empty([x.shape[0], x.shape[1] // 2, x.shape[2] // 2, x.shape[3]], dtype=x.dtype)
    for i in range(x.shape[1] // 2):
        for j in range(x.shape[2] // 2):
            output[:, i, j, :] = np.max(x[:, 2 * i : 2 * i + 2, 2 * j : 2 * j + 2, :], axis=(1, 2))
    return output


def relu_then_pool(x):
    return maxpool2d(np.maximum(x, 0))


@pytest.mark.parametrize("f", [maxpool2d, relu_then_pool])
def test_the_extents_of_an_array_allocated_from_known_values_fold(f) -> None:
    # output's dims are the expressions it was allocated with: the fused nest's version test
    # (x.shape[0] against output.shape[0]) folds, at the top of the function or inside the call
    # inlined after the relu's loop, and the pooling's row loop runs on the team
    x = np.random.default_rng(2).random((3, 8, 6, 5)) - 0.5
    got = optimize(lower(f, x, parallel=True), "fusion", "simplify", "contract", parallel=True).fn
    assert not [s for s in iter_stmts(got.body) if isinstance(s, ir.Alloc) and s.target.endswith("_max")]
    jitted = kiln.jit(f, parallel=True)
    np.testing.assert_array_equal(jitted(x), f(x))
    np.testing.assert_array_equal(jitted(np.asfortranarray(x)), f(x))
    np.testing.assert_array_equal(jitted(np.zeros((0, 4, 4, 2))), f(np.zeros((0, 4, 4, 2))))
    report = kiln.report(jitted, x).split("\n")
    header = "for i in range(x.shape[1] // 2)"
    rows = [report[k + 1].strip() for k, line in enumerate(report) if header in line]
    assert rows and rows[0].startswith("parallel"), report


def test_liveness_follows_an_exit_to_what_comes_after_the_block() -> None:
    t = ScalarType("int64")
    loop = ir.For("i", ir.Const(0, t), ir.Const(3, t), ir.Const(1, t), (ir.Assign("x", ir.Var("i", t)),))
    block = ir.Block("call", (loop, ir.Exit("call")))
    reads = (block, ir.Return(("x",)))
    kills = (block, ir.Assign("x", ir.Const(0, t)), ir.Return(("x",)))
    assert live_after(reads, loop, {"x", "i"}) == {"x"}
    assert live_after(kills, loop, {"x", "i"}) == set()


def halves(x):
    r = x.shape[0] * 0.5
    s = x.shape[0] * 0.5
    return 1 if r == s else 0


def test_float_tests_are_not_folded() -> None:
    # a float may be NaN, which is not equal to itself: only integer and boolean tests fold
    fn = optimize(lower(halves, np.ones(3)), "simplify").fn
    assert any(isinstance(s, ir.If) for s in iter_stmts(fn.body)) or "select(eq(" in text(fn)
    assert kiln.jit(halves)(np.ones(3)) == halves(np.ones(3)) == 1
