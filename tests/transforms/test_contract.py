"""Array contraction and dead-array elimination: structure, results, what must stay."""

from __future__ import annotations

import numpy as np
import pytest
from tests.transforms.support import lower, optimize, text

import kiln
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.transforms import recipes


def two_statements(a, b, c, out):
    t = a + b
    out[:] = t * c


def unused_temporary(a):
    t = a * 2.0  # noqa: F841  (never read: the array and its stores go)
    u = a + 1.0
    return u


def returned_temporary(a, out):
    t = a * 2.0
    out[:] = t + 1.0
    return t  # escapes: stays an array


def stores(fn: ir.Function, array: str) -> list[ir.Store]:
    return [s for s in iter_stmts(fn.body) if isinstance(s, ir.Store) and s.array == array]


def test_fused_temporary_becomes_a_scalar() -> None:
    x = np.ones((2, 3))
    result = optimize(lower(two_statements, x, x, x, x.copy()), "fusion", "contract")
    assert {"transformation": "contract", "target": [7], "params": {"array": "u_t", "store": 6}} in [
        s.to_json() for s in result.steps
    ]
    fused = [s for s in iter_stmts(result.fn.body) if isinstance(s, ir.For) and s.sid == 7][0]
    assert [type(s).__name__ for s in fused.body] == ["Assign", "Store"]
    assert "load(u_t" not in text(ir.Function("f", (), (), fused.body))  # the fast path reads the scalar


def test_unread_array_is_removed() -> None:
    x = np.ones(3)
    result = optimize(lower(unused_temporary, x), "fusion", "contract")
    assert stores(result.fn, "u_t") == []
    assert not any(isinstance(s, ir.Alloc) and s.target == "u_t" for s in iter_stmts(result.fn.body))
    assert {"transformation": "drop_array", "target": [], "params": {"array": "u_t"}} in [
        s.to_json() for s in result.steps
    ]


def test_escaping_array_stays() -> None:
    x = np.ones(3)
    result = optimize(lower(returned_temporary, x, x.copy()), "fusion", "contract")
    assert stores(result.fn, "u_t")
    assert all(s.transformation != "contract" for s in result.steps)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.bool_, np.complex64])
@pytest.mark.parametrize("n", [0, 6])
def test_contracted_results_match_numpy(dtype, n: int) -> None:  # noqa: ANN001
    rng = np.random.default_rng(2)
    a, b, c = ((rng.random((n, 3)) * 5).astype(dtype) for _ in range(3))
    out = np.zeros((n, 3), (a + b).dtype)
    kiln.jit(two_statements)(a, b, c, out)
    np.testing.assert_allclose(out, (a + b) * c, rtol=1e-6)
    np.testing.assert_array_equal(kiln.jit(unused_temporary)(a), a + 1.0)
    out2 = np.zeros((n, 3), (a * 2.0 + 1.0).dtype)
    t = kiln.jit(returned_temporary)(a, out2)
    np.testing.assert_allclose(t, a * 2.0, rtol=1e-6)
    np.testing.assert_allclose(out2, a * 2.0 + 1.0, rtol=1e-6)


def test_strided_and_aliased_operands() -> None:
    base = np.arange(24.0).reshape(4, 6)
    a, out = base[:, ::2], base[:, 1::2]  # interleaved views of one buffer
    expected = base.copy()
    two_statements(expected[:, ::2], expected[:, ::2], expected[:, ::2], expected[:, 1::2])
    kiln.jit(two_statements)(a, a, a, out)
    np.testing.assert_array_equal(base, expected)


def test_read_at_another_index_is_not_contracted() -> None:
    def neighbour(a, out):
        t = np.empty(a.shape[0])
        for i in range(a.shape[0]):
            t[i] = a[i] * 2.0
            if i > 0:
                out[i] = t[i - 1]

    a = np.arange(5.0)
    result = optimize(lower(neighbour, a, a.copy()), "contract")
    assert result.steps == []
    out = np.zeros(5)
    kiln.jit(neighbour)(a, out)
    expected = np.zeros(5)
    neighbour(a, expected)
    np.testing.assert_array_equal(out, expected)


def test_recipe_replays_and_refuses() -> None:
    x = np.ones((2, 3))
    result = optimize(lower(two_statements, x, x, x, x.copy()), "fusion", "contract")
    steps = recipes.loads(recipes.dumps(result.steps))
    replayed = recipes.replay(lower(two_statements, x, x, x, x.copy()), steps)
    assert text(replayed) == text(result.fn)
    fresh = lower(two_statements, x, x, x, x.copy())
    with pytest.raises(recipes.IllegalStep, match="contract"):  # unfused, the loads are elsewhere
        recipes.apply_step(fresh, recipes.Step("contract", (7,), {"array": "u_t", "store": 6}))
    with pytest.raises(recipes.IllegalStep, match="read or escapes"):
        recipes.apply_step(fresh, recipes.Step("drop_array", (), {"array": "u_t"}))


def test_value_read_after_the_enclosing_loop_keeps_the_array() -> None:
    def after_loop(a, out):
        for _ in range(2):
            t = a * 2.0
            out[:] = t + 1.0
        out[0] = t[0]

    a = np.arange(1.0, 5.0)
    out, expected = np.zeros(4), np.zeros(4)
    after_loop(a, expected)
    kiln.jit(after_loop)(a, out)
    np.testing.assert_array_equal(out, expected)
