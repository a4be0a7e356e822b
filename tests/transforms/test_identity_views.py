"""effects.identity_views: the views that alias their base element for element, which the
dependence tests then read as one array."""

from __future__ import annotations

import dataclasses

import numpy as np
from tests.transforms.support import lower

from kiln.analysis.effects import array_roots, identity_views
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts


def keepdims_max(x):
    m = np.max(x, axis=-1, keepdims=True)
    return x - m


def sliced(x, out):
    v = x[1:]
    out[: v.shape[0]] = v * 2.0


def transposed(x, out):
    t = x.T
    out[:] = t + 1.0


def rebound(x, out):
    m = np.max(x, axis=-1, keepdims=True)
    out[:] = x - m
    m = np.min(x, axis=-1, keepdims=True)
    out[:] += m


def _view_of(fn: ir.Function, name: str) -> ir.View:
    return next(s for s in iter_stmts(fn.body) if isinstance(s, ir.View) and s.target == name)


def test_a_keepdims_reduction_is_an_identity_view_of_its_array() -> None:
    fn = lower(keepdims_max, np.ones((3, 4)))
    found = identity_views(fn)
    view = _view_of(fn, "u_m")
    assert found == {"u_m": view.base}
    roots = array_roots(fn)
    assert roots.same_elements("u_m", view.base) and not roots.same_elements("u_m", "p_x")


def test_slices_and_transposes_are_not() -> None:
    x2 = np.ones((3, 4))
    assert "u_v" not in identity_views(lower(sliced, np.ones(5), np.zeros(5)))
    assert "u_t" not in identity_views(lower(transposed, x2, np.zeros((4, 3))))
    # a name bound twice in the source is two names in the IR, each a view of its own array
    fn = lower(rebound, x2, np.zeros((3, 4)))
    found = identity_views(fn)
    assert len(found) == 2 and len(set(found.values())) == 2
    assert all(_view_of(fn, v).base == b for v, b in found.items())


def test_a_name_bound_twice_in_the_ir_is_not() -> None:
    fn = lower(keepdims_max, np.ones((3, 4)))
    view = _view_of(fn, "u_m")
    twice = fn.body + (view,)  # bound again: which binding a read sees is no longer certain
    assert identity_views(dataclasses.replace(fn, body=twice)) == {}


def test_rebound_name_still_computes_what_numpy_does() -> None:
    import kiln

    x = np.random.default_rng(1).random((3, 4))
    expected, got = np.zeros((3, 4)), np.zeros((3, 4))
    rebound(x, expected)
    kiln.jit(rebound)(x, got)
    np.testing.assert_allclose(got, expected)
