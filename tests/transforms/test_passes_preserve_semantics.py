"""Every pass of the CPU pipeline keeps what the program computes: each corpus function runs
through the reference interpreter (ir/interpreter.py) before the pipeline and after each pass,
on random inputs, and every result, every argument it writes and what it prints must agree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from tests.transforms.support import lower

from kiln.ir.interpreter import run_function
from kiln.options import Options
from kiln.transforms.pass_manager import PIPELINES, run_passes


def stencil_steps(a, out, steps):
    for _ in range(steps):
        out[1:-1] = 0.25 * (a[:-2] + 2.0 * a[1:-1] + a[2:])
        a[1:-1] = out[1:-1]
    return out.sum()


def fused_temporaries(a, b, c):
    t = a + b
    out = t * c
    return out, (a * b).sum()


def column_walk(a):
    s = 0.0
    for j in range(a.shape[1]):
        for i in range(a.shape[0]):
            s += a[i, j] * (i + 1)
    return s


def triangular_update(a):
    n = a.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            a[i, k] = a[i, k] / (a[k, k] + 10.0)
            for j in range(k + 1, n):
                a[i, j] -= a[i, k] * a[k, j]
    return a


def reductions_with_axes(a):
    return a.sum(axis=0), a.max(axis=1, keepdims=True), np.argmax(a), a.mean()


def masked_and_while(x, tol):
    err = 1.0
    k = 0
    while err > tol and k < 50:
        x[x > 0.5] *= 0.5
        err = np.abs(x).max()
        k += 1
    return err, k


def matvec_rows(a, x):
    out = np.empty(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = a[i, :] @ x
    return out


def products_rebound(a, b, c, steps):
    c[:] = 1.5 * a @ b + 0.5 * c
    d = c * 1.0
    for _ in range(steps):
        d = 0.5 * a @ b + 2.0 * d
    return d, a @ b[:, 0] + c[:, 1]


def scaled_products(alpha, a, x):
    y = alpha * a @ x
    return y, a.T @ (alpha * y) + x[0]


def prints_in_loops(a, b):
    for i in range(a.shape[0]):
        a[i] = a[i] * 2.0
        print("a", i, f"{a[i]:.6f}")
    for i in range(b.shape[0]):
        b[i] = a[i] + b[i]
        if b[i] > 1.0:
            print("b", i)
    return a.sum() + b.sum()


CORPUS: list[tuple[Callable[..., Any], Callable[[np.random.Generator], tuple[Any, ...]]]] = [
    (stencil_steps, lambda r: (r.random(17), np.zeros(17), 3)),
    (fused_temporaries, lambda r: (r.random((4, 5)), r.random((4, 5)), r.random(5))),
    (column_walk, lambda r: (r.random((6, 5)),)),
    (triangular_update, lambda r: (r.random((6, 6)),)),
    (reductions_with_axes, lambda r: (r.standard_normal((5, 4)),)),
    (masked_and_while, lambda r: (r.random(9) * 4, 0.6)),
    (matvec_rows, lambda r: (r.random((7, 3)), r.random(3))),
    (products_rebound, lambda r: (r.random((5, 3)), r.random((3, 4)), r.random((5, 4)), 3)),
    (scaled_products, lambda r: (1.5, r.random((5, 3)), r.random(3))),
    (prints_in_loops, lambda r: (r.random(6), r.random(6))),
]


def _flat(values: Any) -> list[Any]:
    return list(values) if isinstance(values, tuple) else [values]


def _agree(got: Any, want: Any) -> None:
    for g, w in zip(_flat(got), _flat(want), strict=True):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize(("fn", "make"), CORPUS, ids=[c[0].__name__ for c in CORPUS])
def test_each_pass_keeps_results(fn, make, parallel: bool, capsys: pytest.CaptureFixture[str]) -> None:
    rng = np.random.default_rng(11)
    args = make(rng)
    ir_fn = lower(fn, *args, parallel=parallel)
    reference_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    reference = run_function(ir_fn, reference_args)
    printed = capsys.readouterr().out
    for name in PIPELINES["cpu"]:
        ir_fn = run_passes(ir_fn, Options(parallel=parallel), (name,), verify=True).fn
        trial = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        try:
            _agree(run_function(ir_fn, trial), reference)
            for t, r in zip(trial, reference_args, strict=True):
                _agree(t, r)
            assert capsys.readouterr().out == printed, "printed otherwise"
        except AssertionError as exc:
            raise AssertionError(f"after pass {name}: {exc}") from None
