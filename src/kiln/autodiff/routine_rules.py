"""Derivative rules of NumPy routines the compiled code calls whole: sorting and convolution.

* ``sort`` (and ``partition``) along the last axis moves elements: the derivative moves them
  the same way. ``argsort`` (``argpartition``) of the primal input gives the permutation; the
  tangent is gathered through it, the adjoint scattered back. Where elements tie, the values
  (and so the result) do not depend on which goes first; the derivative takes one order.
* ``convolve`` and ``correlate`` (modes full, same, valid) are bilinear: ``a[i] * v[j]`` adds
  to element ``k`` of the full result, ``k = i + j`` (``i + m - 1 - j`` for correlate, which
  runs ``v`` backwards); a mode keeps a window of it from an offset NumPy fixes. Both rules
  loop over the ``i, j`` pairs, as the routine itself does.
"""

from __future__ import annotations

from collections.abc import Callable

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.common import TypeOf, fill_zero
from kiln.ir import nodes as ir
from kiln.ir.ops import ROUTINES_WITH_MODE
from kiln.ir.types import INT64, ArrayType

Index = tuple[ir.Expr, ...]

_ORDERS = {"sort": "argsort", "sort_stable": "argsort_stable", "sort_heapsort": "argsort_heapsort",
           "partition": "argpartition"}  # fmt: skip
ROUTINE_RULES = frozenset(_ORDERS) | ROUTINES_WITH_MODE


def _order(s: ir.LibCall, type_of: TypeOf, names: b.Names) -> tuple[str, list[ir.Stmt]]:
    """The permutation the sort applied to its input (statements computing it)."""
    x = s.inputs[0]
    t = type_of(x)
    assert isinstance(t, ArrayType)
    perm = names.fresh("order", ArrayType("int64", t.ndim, "C"))
    alloc = ir.Alloc(perm, ArrayType("int64", t.ndim, "C"), b.array_shape(x, t.ndim), loc=s.loc)
    return perm, [alloc, ir.LibCall(_ORDERS[s.func], (perm,), s.inputs, loc=s.loc)]


def _moved(
    s: ir.LibCall,
    type_of: TypeOf,
    names: b.Names,
    move: Callable[[tuple[ir.Expr, ...], tuple[ir.Expr, ...]], ir.Stmt],
) -> list[ir.Stmt]:
    """``move(out_index, in_index)`` for every element of the sorted result."""
    (out,) = s.outputs
    t = type_of(out)
    assert isinstance(t, ArrayType)
    perm, stmts = _order(s, type_of, names)

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        return [move(idx, (*idx[:-1], ir.Load(perm, idx, INT64)))]

    return stmts + b.loop_nest(names, b.array_shape(out, t.ndim), body)


def _offset(s: ir.LibCall) -> ir.Expr:
    """Where NumPy's window of the full result starts."""
    a, v = s.inputs
    n, m = ir.Dim(a, 0), ir.Dim(v, 0)
    one, two = b.const(1, INT64), b.const(2, INT64)
    shorter = ir.Binary("min", n, m, INT64)
    if s.func.endswith("_full"):
        return b.const(0, INT64)
    if s.func.endswith("_valid"):
        return b.sub(shorter, one)
    if s.func.startswith("convolve"):
        return ir.Binary("floordiv", b.sub(shorter, one), two, INT64)
    half_v, half_a = ir.Binary("floordiv", b.sub(m, one), two, INT64), ir.Binary("floordiv", n, two, INT64)
    return b.select(b.binary("ge", n, m), half_v, half_a)


def _pairs(
    s: ir.LibCall, names: b.Names, term: Callable[[ir.Expr, ir.Expr, ir.Expr], list[ir.Stmt]]
) -> list[ir.Stmt]:
    """``term(i, j, k)`` for every pair ``a[i] * v[j]`` that lands in element ``k`` of the result."""
    (out,), (a, v) = s.outputs, s.inputs
    n, m = ir.Dim(a, 0), ir.Dim(v, 0)
    offset = names.fresh("offset", INT64)

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        jj = j if s.func.startswith("convolve") else b.sub(b.sub(m, b.const(1, INT64)), j)
        k = b.sub(b.add(i, jj), ir.Var(offset, INT64))
        inside = ir.Binary(
            "and", b.binary("ge", k, b.const(0, INT64)), b.binary("lt", k, ir.Dim(out, 0)), b.BOOL
        )
        return [ir.If(inside, tuple(term(i, j, k)), ())]

    return [ir.Assign(offset, _offset(s), loc=s.loc), *b.loop_nest(names, (n, m), body)]


def routine_adjoint(
    s: ir.LibCall, act: Activity, shadow: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    (out,) = s.outputs
    t = type_of(out)
    assert isinstance(t, ArrayType)
    e, g = t.element, shadow[out]
    if s.func in _ORDERS:
        dx = shadow[s.inputs[0]]

        def scatter(o: tuple[ir.Expr, ...], i: tuple[ir.Expr, ...]) -> ir.Stmt:
            return ir.Store(dx, i, b.add(ir.Load(dx, i, e), ir.Load(g, o, e)))

        return _moved(s, type_of, names, scatter) + fill_zero(names, g, t)
    a, v = s.inputs

    def term(i: ir.Expr, j: ir.Expr, k: ir.Expr) -> list[ir.Stmt]:
        out_: list[ir.Stmt] = []
        gk = ir.Load(g, (k,), e)
        if act.array(a):
            da = shadow[a]
            out_.append(ir.Store(da, (i,), b.add(ir.Load(da, (i,), e), b.mul(gk, ir.Load(v, (j,), e)))))
        if act.array(v):
            dv = shadow[v]
            out_.append(ir.Store(dv, (j,), b.add(ir.Load(dv, (j,), e), b.mul(gk, ir.Load(a, (i,), e)))))
        return out_

    return _pairs(s, names, term) + fill_zero(names, g, t)


def routine_tangent(
    s: ir.LibCall, act: Activity, tangent: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    """The tangent of ``s``'s output (its tangent array already zero)."""
    (out,) = s.outputs
    t = type_of(out)
    assert isinstance(t, ArrayType)
    e, dy = t.element, tangent[out]
    if s.func in _ORDERS:
        dx = tangent[s.inputs[0]]
        return _moved(s, type_of, names, lambda o, i: ir.Store(dy, o, ir.Load(dx, i, e)))
    a, v = s.inputs

    def term(i: ir.Expr, j: ir.Expr, k: ir.Expr) -> list[ir.Stmt]:
        parts: list[ir.Expr] = []
        if act.array(a):
            parts.append(b.mul(ir.Load(tangent[a], (i,), e), ir.Load(v, (j,), e)))
        if act.array(v):
            parts.append(b.mul(ir.Load(a, (i,), e), ir.Load(tangent[v], (j,), e)))
        total = parts[0] if len(parts) == 1 else b.add(parts[0], parts[1])
        return [ir.Store(dy, (k,), b.add(ir.Load(dy, (k,), e), total))]

    return _pairs(s, names, term)
