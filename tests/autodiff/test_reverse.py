"""Reverse mode (grad, value_and_grad, vjp) against central finite differences."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff import kernels as k
from tests.autodiff.ad_support import assert_close, fd_grad

import kiln


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(3)


CASES = [
    (k.branchy, lambda r: (r.standard_normal(9),)),
    (k.carried, lambda r: (r.standard_normal(7), 0.3)),
    (k.inplace_steps, lambda r: (r.uniform(-1, 1, 6),)),
    (k.cond_overwrites, lambda r: (r.uniform(0, 1, 8),)),
    (k.nested, lambda r: (r.standard_normal((4, 5)) * 0.5, r.standard_normal(5))),
    (k.sliced, lambda r: (r.uniform(0, 1, (4, 6)),)),
    (k.matmul_loss, lambda r: (r.standard_normal((3, 4)), r.standard_normal((4, 5)))),
    (k.matvec_loss, lambda r: (r.standard_normal((3, 4)), r.standard_normal(4))),
    (k.log_sum_exp, lambda r: (r.standard_normal(10),)),
]


@pytest.mark.parametrize("optimize_first", [True, False])
@pytest.mark.parametrize(("f", "make"), CASES, ids=[c[0].__name__ for c in CASES])
def test_gradient_matches_finite_differences(f, make, optimize_first, rng) -> None:
    args = make(rng)
    argnums = tuple(i for i, a in enumerate(args) if isinstance(a, np.ndarray | float))
    value, grads = kiln.value_and_grad(f, argnums=argnums, optimize_first=optimize_first)(*args)
    assert value == pytest.approx(f(*args), rel=1e-12)
    for i, g in zip(argnums, grads):
        assert_close(g, fd_grad(f, args, i), rtol=1e-6, atol=1e-8)


def test_grad_of_a_jit_function_and_single_argnum(rng) -> None:
    f = kiln.jit(k.carried)
    x = rng.standard_normal(5)
    assert_close(kiln.grad(f, argnums=1)(x, 0.2), fd_grad(k.carried, (x, 0.2), 1))


def test_vjp_of_in_place_writes(rng) -> None:
    x, out, ct = rng.uniform(0.5, 1, 6), np.zeros(6), rng.standard_normal(6)
    before = out.copy()
    value, (gx, gout) = kiln.vjp(k.norm_into)(x, out, written={1: ct})
    assert value is None and np.array_equal(out, before)  # arguments are left alone
    n = np.linalg.norm(x)
    jac = np.eye(6) / n - np.outer(x, x) / n**3
    assert_close(gx, jac.T @ ct)
    assert_close(gout, np.zeros(6))


def test_vjp_of_an_array_result(rng) -> None:
    x, ct = rng.standard_normal(5), rng.standard_normal(5)
    value, (gx,) = kiln.vjp(k.power_array)(x, cotangent=ct)
    assert_close(value, np.exp(x) * x)
    assert_close(gx, ct * np.exp(x) * (1 + x))


def test_norm_example_is_linear_after_optimization() -> None:
    """After LICM the gradient holds one reduction; differentiated before, one per element."""
    x = np.linspace(0.1, 1.0, 8)
    after = kiln.vjp(k.norm_into)
    before = kiln.vjp(k.norm_into, optimize_first=False)
    ct = {1: np.ones(8)}
    a, b = after(x, np.zeros(8), written=ct)[1][0], before(x, np.zeros(8), written=ct)[1][0]
    assert_close(a, b)
    _, grad_after = after.inspect_ir(x, np.zeros(8))
    _, grad_before = before.inspect_ir(x, np.zeros(8))
    from kiln.ir import nodes as ir

    # LICM versions the loop on whether x and out overlap; the disjoint version is linear
    disjoint = [s.then for s in grad_after.body if isinstance(s, ir.If) and isinstance(s.cond, ir.Unary)]
    assert len(disjoint) == 2  # the forward and the reverse sweep
    assert all(_max_loop_depth(body) == 1 for body in disjoint)
    assert _max_loop_depth(grad_before.body) == 2


def _max_loop_depth(body) -> int:
    from kiln.ir import nodes as ir
    from kiln.ir.visit import bodies

    best = 0
    for s in body:
        inner = max((_max_loop_depth(b) for b in bodies(s)), default=0)
        best = max(best, inner + (1 if isinstance(s, ir.For) else 0))
    return best


@pytest.mark.parametrize(
    ("f", "args"),
    [(k.while_active, (np.array([1.5, 2.0]),)), (k.early_exit, (np.array([0.1, 0.95]),))],
)
def test_constructs_once_refused_are_differentiated(f, args) -> None:
    # a `while` loop and a `return` inside a loop (tests/autodiff/test_early_exits.py has more)
    assert_close(kiln.grad(f)(*args), fd_grad(f, args, 0))


def test_non_float_argument_is_refused() -> None:
    with pytest.raises(TypeError, match="cannot differentiate"):
        kiln.grad(k.carried, argnums=0)(np.arange(3), 0.1)
