"""Loop fusion: golden IR, differential results against NumPy and the unfused program, recipes."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from tests.transforms.support import loops, lower, optimize, text

import kiln
from kiln.transforms import recipes

GOLDEN = Path(__file__).parent / "golden"


def two_statements(a, b, c, out):
    t = a + b
    out[:] = t * c


def user_loops(a, b):
    for i in range(a.shape[0]):
        b[i] = a[i] * 2.0
    for i in range(a.shape[0]):
        a[i] = b[i] + 1.0


def shifted_read(a, b):
    n = a.shape[0]
    for i in range(1, n):
        b[i] = a[i] * 2.0
    for i in range(1, n):
        a[i] = b[i - 1] + 1.0  # reads what the first loop wrote one iteration earlier: legal


def forward_read(a, b):
    n = a.shape[0] - 1
    for i in range(n):
        b[i] = a[i] * 2.0
    for i in range(n):
        a[i] = b[i + 1] + 1.0  # reads what the first loop writes later: illegal


def carried_scalar(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
        b[i] = s
    for i in range(a.shape[0]):
        a[i] = s  # the final sum, not the running one
    return s


def write_golden(name: str, got: str) -> None:
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        (GOLDEN / name).write_text(got)


def test_array_statements_fuse_golden() -> None:
    x = np.ones((2, 3))
    before = lower(two_statements, x, x, x, x.copy())
    result = optimize(before, "fusion")
    write_golden("fusion_two_statements.ir", text(result.fn))
    assert text(result.fn) == (GOLDEN / "fusion_two_statements.ir").read_text()
    assert [s.to_json() for s in result.steps] == [
        {"transformation": "fuse", "target": [8, 36], "params": {}}
    ]
    fused = next(lp for lp in loops(result.fn) if lp.sid == 8)
    inner = fused.body[0]
    assert [type(s).__name__ for s in inner.body] == ["Store", "Store"]  # type: ignore[union-attr]


def test_user_loops_fuse_and_legality() -> None:
    a = np.ones(4)
    assert optimize(lower(user_loops, a, a.copy()), "fusion").steps
    assert optimize(lower(shifted_read, a, a.copy()), "fusion").steps
    assert optimize(lower(forward_read, a, a.copy()), "fusion").steps == []
    assert optimize(lower(carried_scalar, a, a.copy()), "fusion").steps == []


@pytest.mark.parametrize("fn", [user_loops, shifted_read, forward_read, carried_scalar])
@pytest.mark.parametrize("n", [0, 1, 2, 9])
def test_user_loops_match_python(fn, n: int) -> None:  # noqa: ANN001
    a = np.linspace(1.0, 2.0, n)
    b = np.zeros(n)
    ea, eb = a.copy(), b.copy()
    expected = fn(ea, eb)
    got = kiln.jit(fn)(a, b)
    np.testing.assert_allclose(a, ea, rtol=1e-14)
    np.testing.assert_allclose(b, eb, rtol=1e-14)
    if expected is not None:
        assert got == pytest.approx(expected)


def test_aliasing_arguments_take_the_unfused_version() -> None:
    a = np.linspace(1.0, 2.0, 7)
    ea = a.copy()
    shifted_read(ea, ea)  # b is a: each step reads the element the first loop just overwrote
    got = a.copy()
    kiln.jit(shifted_read)(got, got)
    np.testing.assert_allclose(got, ea, rtol=1e-14)
    base = np.linspace(1.0, 2.0, 9)
    expected = base.copy()
    shifted_read(expected[1:8], expected[:7])
    got = base.copy()
    kiln.jit(shifted_read)(got[1:8], got[:7])  # overlapping views of one buffer
    np.testing.assert_allclose(got, expected, rtol=1e-14)


LAYOUTS = {
    "C": lambda x: x,
    "F": np.asfortranarray,
    "strided": lambda x: np.repeat(np.repeat(x, 2, axis=0), 2, axis=1)[::2, ::2],
    "T": lambda x: np.ascontiguousarray(x.T).T,
}


def check_two_statements(dtype, shape: tuple[int, int], layout: str) -> None:  # noqa: ANN001
    rng = np.random.default_rng(0)
    make = LAYOUTS[layout]
    a, b, c = (make((rng.random(shape) * 10).astype(dtype)) for _ in range(3))
    out = make(np.zeros(shape, dtype))
    kiln.jit(two_statements)(a, b, c, out)
    np.testing.assert_allclose(out, (a + b) * c, rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32, np.complex128])
@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (4, 3)])
def test_fused_array_statements_match_numpy(dtype, shape: tuple[int, int]) -> None:  # noqa: ANN001
    check_two_statements(dtype, shape, "C")


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("shape", [(1, 5), (4, 3)])
def test_fused_array_statements_layouts(layout: str, shape: tuple[int, int]) -> None:
    check_two_statements(np.float64, shape, layout)


def test_broadcast_and_in_place_operands() -> None:
    rng = np.random.default_rng(1)
    a, b, c = rng.random((3, 4)), rng.random((1, 4)), rng.random((3, 1))
    out = np.zeros((3, 4))
    kiln.jit(two_statements)(a, b, c, out)
    np.testing.assert_allclose(out, (a + b) * c)
    a2 = a.copy()
    kiln.jit(two_statements)(a2, a2, a2, a2)  # out is every operand
    np.testing.assert_allclose(a2, (a + a) * a)
    bad = np.zeros((2, 4))
    with pytest.raises(ValueError):
        kiln.jit(two_statements)(a, b, c, bad)


def test_stencil_chain_is_not_fused_across_neighbours() -> None:
    def chain(a, b):
        b[1:-1] = a[:-2] + a[2:]
        a[1:-1] = b[:-2] + b[2:]

    a = np.linspace(0.0, 1.0, 8)
    fn = lower(chain, a, a.copy())
    line = {lp.sid: lp.loc.line for lp in loops(fn)}
    for step in optimize(fn, "fusion").steps:  # only each statement's own temporary and copy
        assert line[step.target[0]] == line[step.target[1]]
    ea, eb = a.copy(), np.zeros(8)
    chain(ea, eb)
    ga, gb = a.copy(), np.zeros(8)
    kiln.jit(chain)(ga, gb)
    np.testing.assert_allclose(ga, ea)
    np.testing.assert_allclose(gb, eb)


def test_zeros_then_fill_fuses() -> None:
    def zeros_fill(a):
        z = np.zeros(a.shape[0])
        for i in range(a.shape[0]):
            z[i] = a[i] * 3.0
        return z

    a = np.arange(5.0)
    assert optimize(lower(zeros_fill, a), "fusion").steps
    np.testing.assert_array_equal(kiln.jit(zeros_fill)(a), a * 3.0)
    np.testing.assert_array_equal(kiln.jit(zeros_fill)(np.zeros(0)), np.zeros(0))


def test_recipe_replays_on_a_fresh_ir() -> None:
    x = np.ones((2, 3))
    result = optimize(lower(two_statements, x, x, x, x.copy()), "fusion")
    steps = recipes.loads(recipes.dumps(result.steps))
    replayed = recipes.replay(lower(two_statements, x, x, x, x.copy()), steps)
    assert text(replayed) == text(result.fn)


def test_illegal_fusion_is_refused_with_a_reason() -> None:
    a = np.ones(4)
    fn = lower(forward_read, a, a.copy())
    first, second = (lp.sid for lp in loops(fn))
    with pytest.raises(recipes.IllegalStep, match="fuse on loop"):
        recipes.apply_step(fn, recipes.Step("fuse", (first, second)))
    with pytest.raises(recipes.IllegalStep, match="not adjacent"):
        recipes.apply_step(fn, recipes.Step("fuse", (second, first)))


def three_statements(a, b, c, out):
    t = a + b
    u = t * c
    out[:] = u - a


def test_chain_of_three_fuses_into_one_loop() -> None:
    x = np.ones((2, 3))
    result = optimize(lower(three_statements, x, x, x, x.copy()), "fusion", "contract")
    fused = [s.target for s in result.steps if s.transformation == "fuse"]
    assert fused[0][0] == fused[1][0]  # the second fusion extends the first loop
    rng = np.random.default_rng(3)
    a, b, c = (rng.random((5, 4)) for _ in range(3))
    out = np.zeros((5, 4))
    kiln.jit(three_statements)(a, b, c, out)
    np.testing.assert_allclose(out, (a + b) * c - a)


def test_loop_variable_read_after_the_loop_blocks_fusion() -> None:
    def last_index(a, b):
        i = 0
        for i in range(a.shape[0]):
            b[i] = a[i]
        for j in range(a.shape[0]):
            a[j] = b[j] + i
        return i

    a = np.arange(4.0)
    ea, eb = a.copy(), np.zeros(4)
    expected = last_index(ea, eb)
    ga, gb = a.copy(), np.zeros(4)
    assert kiln.jit(last_index)(ga, gb) == expected
    np.testing.assert_array_equal(ga, ea)
    np.testing.assert_array_equal(gb, eb)


def softmax(x):
    tmp_max = np.max(x, axis=-1, keepdims=True)
    tmp_out = np.exp(x - tmp_max)
    tmp_sum = np.sum(tmp_out, axis=-1, keepdims=True)
    return tmp_out / tmp_sum


def test_keepdims_reductions_fuse_through_their_views_golden() -> None:
    """``tmp_max`` names a view of the reduction's array with the same start, extents and
    strides: the dependence test reads both as one array, and the four nests fuse over their
    three outer levels (before, each pair was refused as "may be views of one buffer")."""
    x = np.ones((2, 3, 4, 5), np.float32)
    result = optimize(lower(softmax, x), "fusion")
    write_golden("fusion_softmax_views.ir", text(result.fn))
    assert text(result.fn) == (GOLDEN / "fusion_softmax_views.ir").read_text()
    fused = [s.to_json()["target"] for s in result.steps if s.transformation == "fuse"]
    assert len(fused) == 3 and len({t[0] for t in fused}) == 1


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (1, 1, 1, 1), (2, 0, 3, 4), (3, 2, 1, 7), (2, 2, 3, 0)])
def test_fused_softmax_matches_numpy(dtype, shape: tuple[int, ...]) -> None:  # noqa: ANN001
    x = np.random.default_rng(5).standard_normal(shape).astype(dtype) * 20
    if x.shape[-1] == 0:  # a max over an empty axis: the same error as NumPy's, from each version
        with pytest.raises(ValueError) as numpy_error:
            softmax(x)
        for parallel in (False, True):
            with pytest.raises(ValueError, match=str(numpy_error.value)):
                kiln.jit(softmax, parallel=parallel)(x)
        return
    expected = softmax(x)
    for parallel in (False, True):
        got = kiln.jit(softmax, parallel=parallel)(x)
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_allclose(got, expected, rtol=2e-6 if dtype == np.float32 else 1e-13)


def test_fused_softmax_on_strided_and_fortran_input() -> None:
    base = np.random.default_rng(6).random((4, 6, 5, 8))
    for x in (base[:, ::2, :, 1::2], np.asfortranarray(base)):
        np.testing.assert_allclose(kiln.jit(softmax)(x), softmax(x), rtol=1e-13)
