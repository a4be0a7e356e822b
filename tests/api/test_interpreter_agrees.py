"""The reference interpreter and the compiled C agree on the IR kiln generates,
and the verifier accepts every function the frontend produces."""

from __future__ import annotations

import numpy as np
import pytest

import kiln
from kiln.api import arg_type
from kiln.driver import compile_function
from kiln.ir.interpreter import run_function


def stencil(a, out):
    out[1:-1] = 0.25 * (a[:-2] + 2.0 * a[1:-1] + a[2:])
    return out.sum()


def loops(n, a):
    acc = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        acc += a[i % a.shape[0]] * i
        if acc > 1e6:
            break
    return acc


def reductions(a):
    return a.sum(axis=0), a.max(axis=1, keepdims=True), a.mean()


def aliasing(a):
    a[1:] = a[:-1] * 2.0
    return a


def matmul(a, b):
    return a @ b + 1.0


CASES = [
    (stencil, lambda: (np.arange(10.0), np.zeros(10))),
    (loops, lambda: (50, np.linspace(0.0, 1.0, 7))),
    (reductions, lambda: (np.arange(12.0).reshape(3, 4),)),
    (aliasing, lambda: (np.arange(6.0),)),
    (matmul, lambda: (np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4))),
]


@pytest.mark.parametrize(("fn", "make_args"), CASES, ids=[c[0].__name__ for c in CASES])
def test_interpreter_matches_compiled_code(fn, make_args) -> None:
    jitted = kiln.jit(fn)
    args_c, args_i, args_py = make_args(), make_args(), make_args()
    types = tuple(arg_type(a, i) for i, a in enumerate(args_c))
    lowered = compile_function(fn, types, jitted.options, build=False).lowered
    got_c = jitted(*args_c)
    got_i = run_function(lowered, args_i)
    want = fn(*args_py)
    wants = want if isinstance(want, tuple) else (want,)
    for got in (got_c, got_i):
        for g, w in zip(got if isinstance(got, tuple) else (got,), wants):
            np.testing.assert_allclose(g, w, rtol=1e-12)
    for a_c, a_i, a_py in zip(args_c, args_i, args_py):
        np.testing.assert_allclose(a_c, a_py)
        np.testing.assert_allclose(a_i, a_py)


def softmax(x):
    row_max = np.max(x, axis=1, keepdims=True)
    e = np.exp(x - row_max)
    return e / np.sum(e, axis=1, keepdims=True)


def test_single_assignment_keeps_known_extents() -> None:
    """``row_max`` keeps shape (n, 1): broadcasting needs no run-time checks or index selects."""
    x = np.random.default_rng(3).random((5, 7))
    jitted = kiln.jit(softmax)
    np.testing.assert_allclose(jitted(x), softmax(x), rtol=1e-12)
    optimized = kiln.inspect(jitted, x).split("==== opt ====")[1].split("==== c ====")[0]
    assert "select(" not in optimized
    assert "broadcast" not in optimized


def reassigned_in_loop(x, n):
    m = x[:1]
    for i in range(n):
        m = x[: i + 1]
    return m + x[: m.shape[0]]


def test_rebound_names_do_not_keep_stale_extents() -> None:
    x = np.arange(6.0)
    np.testing.assert_array_equal(kiln.jit(reassigned_in_loop)(x, 4), reassigned_in_loop(x, 4))


def smooth(a, steps):
    for _ in range(steps):
        a[1:-1] = 0.5 * a[1:-1] + 0.25 * (a[:-2] + a[2:])


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10])
def test_constant_slices_share_one_length(n: int) -> None:
    """a[1:-1], a[:-2], a[2:] get the same length expression: no broadcast checks or selects."""
    a, b = np.arange(float(n)) ** 2, np.arange(float(n)) ** 2
    jitted = kiln.jit(smooth)
    jitted(a, 3)
    smooth(b, 3)
    np.testing.assert_allclose(a, b, rtol=1e-15)
    optimized = kiln.inspect(jitted, a, 3).split("==== opt ====")[1].split("==== c ====")[0]
    assert "select(" not in optimized and "broadcast" not in optimized
