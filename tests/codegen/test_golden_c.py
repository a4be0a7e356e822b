"""A corpus of generated C, compared byte for byte: a refactoring that is meant to change no
generated code proves it here. Where a change to the C is intended, rewrite the files with
``KILN_UPDATE_GOLDEN=1`` and say in the commit why the C changed."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import kiln
from kiln.codegen.prelude import prelude
from kiln.driver import compile_function
from kiln.frontend.arguments import arg_type, nonneg_positions
from kiln.options import Options

GOLDEN_C = Path(__file__).parent / "golden_c"


def jacobi_2d(a, b, steps):
    for _ in range(steps):
        b[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])
        a[1:-1, 1:-1] = 0.2 * (b[1:-1, 1:-1] + b[1:-1, :-2] + b[1:-1, 2:] + b[2:, 1:-1] + b[:-2, 1:-1])


def axpy_sqrt(alpha, a, b):
    return alpha * np.sqrt(a) + b


def softmax(x):
    row_max = np.max(x, axis=1, keepdims=True)
    e = np.exp(x - row_max)
    return e / np.sum(e, axis=1, keepdims=True)


def lu(a):
    n = a.shape[0]
    for i in range(n):
        for j in range(i):
            a[i, j] -= a[i, :j] @ a[:j, j]
            a[i, j] /= a[j, j]
        for j in range(i, n):
            a[i, j] -= a[i, :i] @ a[:i, j]


def floyd_warshall(path):
    n = path.shape[0]
    for k in range(n):
        for i in range(n):
            for j in range(n):
                path[i, j] = min(path[i, j], path[i, k] + path[k, j])


def prange_norm(x, out):
    for i in kiln.prange(x.shape[0]):
        out[i] = x[i] / np.sqrt((x * x).sum())


def histogram(x, bins):
    h = np.zeros(bins, np.int64)
    for i in range(x.shape[0]):
        k = int(x[i] * bins)
        if 0 <= k < bins:
            h[k] += 1
    return h


def masked_relax(x, tol):
    err = 1.0
    while err > tol:
        x[x > 0.5] *= 0.5
        err = np.abs(x).max()
    return err


CORPUS = [
    (jacobi_2d, (np.zeros((8, 8)), np.zeros((8, 8)), 3)),
    (axpy_sqrt, (2.0, np.zeros(8), np.zeros(8))),
    (softmax, (np.zeros((4, 8), np.float32),)),
    (lu, (np.zeros((8, 8)),)),
    (floyd_warshall, (np.zeros((8, 8), np.int32),)),
    (prange_norm, (np.zeros(8), np.zeros(8))),
    (histogram, (np.zeros(8), 4)),
    (masked_relax, (np.zeros(8), 0.1)),
]


def _c_source(fn, args, parallel: bool) -> str:
    """The function's C after the prelude every module shares (compared once, below)."""
    types = tuple(arg_type(a, i) for i, a in enumerate(args))
    options = Options(parallel=parallel)
    c = compile_function(fn, types, options, build=False, nonneg=nonneg_positions(args)).c_source
    assert c.startswith(prelude())
    return c[len(prelude()) :]


def _compare(path: Path, actual: str) -> None:
    if os.environ.get("KILN_UPDATE_GOLDEN"):
        path.write_text(actual)
    assert path.exists(), f"no golden C for {path.name}: run with KILN_UPDATE_GOLDEN=1"
    assert actual == path.read_text(), f"generated C changed: {path.name} (KILN_UPDATE_GOLDEN=1 rewrites it)"


def test_prelude_is_unchanged() -> None:
    _compare(GOLDEN_C / "prelude.c", prelude())


@pytest.mark.parametrize("parallel", [False, True], ids=["seq", "par"])
@pytest.mark.parametrize(("fn", "args"), CORPUS, ids=[c[0].__name__ for c in CORPUS])
def test_generated_c_is_unchanged(fn, args, parallel: bool) -> None:
    _compare(GOLDEN_C / f"{fn.__name__}_{'par' if parallel else 'seq'}.c", _c_source(fn, args, parallel))
