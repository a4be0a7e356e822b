"""poll_signals marks while loops and the outer loops of nests: golden IR, the text form round
trips, and innermost and inner loops stay unmarked."""

from __future__ import annotations

import numpy as np
from tests.transforms.support import golden, lower, optimize, text

from kiln.ir import nodes as ir
from kiln.ir.parser import parse_function
from kiln.ir.visit import iter_stmts


def relax(a, steps, tol):
    err = 1.0
    while err > tol:
        err = 0.0
        for _step in range(steps):
            for i in range(1, a.shape[0] - 1):
                for j in range(1, a.shape[1] - 1):
                    a[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])
        k = 0
        while k < steps:
            err += abs(a[1, 1]) * 1e-3
            k += 1
    for i in range(a.shape[0]):
        a[i, 0] = 0.0
    return err


def test_marks_golden_and_round_trip() -> None:
    fn = optimize(lower(relax, np.ones((4, 4)), 2, 0.5), "poll_signals").fn
    golden("poll_signals_relax.ir", text(fn))
    assert text(parse_function(text(fn))) == text(fn)


def test_which_loops_poll() -> None:
    fn = optimize(lower(relax, np.ones((4, 4)), 2, 0.5), "poll_signals").fn
    whiles = [s for s in iter_stmts(fn.body) if isinstance(s, ir.While)]
    assert [w.poll for w in whiles] == [1, 1]
    fors = [s for s in iter_stmts(fn.body) if isinstance(s, ir.For)]
    # the time loop inside the while loop polls, the rows and columns in it do not, and the last
    # loop is innermost
    assert [f.poll for f in fors] == [1, 0, 0, 0]


def test_outer_for_polls_inner_do_not() -> None:
    def nest(a):
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                for k in range(3):
                    a[i, j] += k

    fn = optimize(lower(nest, np.ones((4, 4))), "poll_signals").fn
    assert [f.poll for f in iter_stmts(fn.body) if isinstance(f, ir.For)] == [1, 0, 0]
