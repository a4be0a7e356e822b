"""Atomics on a small array become updates of a per-worker copy, merged after the grid.

A histogram kernel updates 64 bins from every thread with ``atomic.add``; on a CPU the workers
then fight over the same cache lines and every update is a locked instruction. When the kernel
touches the array *only* through atomics whose old value nobody reads, the order of the updates
is unobservable until the kernel ends, so each worker can accumulate into a private copy
(plain loads and stores) and the copies are folded into the array afterwards, as OpenMP does for
a reduction. The copies cost ``workers x size`` elements, so this applies below a size limit,
and only where the array shares no memory with another array the kernel accesses; both are
checked when the kernel runs, with the atomic loop kept as the other branch.

``add``/``sub`` (integers wrap as the atomics do; float sums are regrouped, as the atomics'
order already varies run to run), ``min`` and ``max`` (the same comparison as the atomic: a NaN
never replaces a value) are privatized.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from kiln.ir import nodes as ir
from kiln.ir.padding import padded_copy_shape
from kiln.ir.types import INT64, ArrayType, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts, map_stmts
from kiln.kernel.analysis import read_vars

PRIVATE_LIMIT = 1 << 16  # elements of the array; the copies are this times the worker count
BOOL = ScalarType("bool")
_FAMILY = {"add": "sum", "sub": "sum", "min": "min", "max": "max"}


def _i(v: int) -> ir.Const:
    return ir.Const(v, INT64)


def candidates(loop: ir.For, types: dict[str, ScalarType | ArrayType], params: set[str]) -> dict[str, str]:
    """Parameter arrays ``loop`` touches only through privatizable atomics -> their family."""
    family: dict[str, str] = {}
    bad: set[str] = set()
    read = read_vars(loop.body)
    for s in iter_stmts(loop.body):
        if isinstance(s, ir.Atomic):
            kind = _FAMILY.get(s.op)
            if kind is None or s.target in read or family.get(s.array, kind) != kind:
                bad.add(s.array)
            family[s.array] = kind or ""
        elif isinstance(s, ir.Store):
            bad.add(s.array)
        elif isinstance(s, ir.View):
            bad |= {s.base, s.target}
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load):
                bad.add(e.array)
    return {
        a: k
        for a, k in family.items()
        if a not in bad and a in params and _numeric(types[a])  # type: ignore[arg-type]
    }


def _numeric(t: ArrayType) -> bool:
    return t.dtype.startswith(("int", "uint", "float"))


def _accessed(loop: ir.For) -> set[str]:
    out: set[str] = set()
    for s in iter_stmts(loop.body):
        if isinstance(s, ir.Store | ir.Atomic):
            out.add(s.array)
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load):
                out.add(e.array)
    return out


def _identity(kind: str, dtype: str) -> ir.Const:
    t = ScalarType(dtype)
    if kind == "sum":
        return ir.Const(0, t)
    big = float("inf") if dtype.startswith("float") else int(np.iinfo(dtype).max)
    lo = float("-inf") if dtype.startswith("float") else int(np.iinfo(dtype).min)
    return ir.Const(big if kind == "min" else lo, t)


def _combine(op: str, old: ir.Expr, v: ir.Expr, t: ScalarType) -> ir.Expr:
    if op in ("add", "sub"):
        return ir.Binary(op, old, v, t)
    cmp = "lt" if op == "min" else "gt"
    return ir.Select(ir.Binary(cmp, v, old, BOOL), v, old, t)


def _over_elements(
    array: str, ndim: int, body: Callable[[tuple[ir.Expr, ...]], tuple[ir.Stmt, ...]], names: list[str]
) -> tuple[ir.Stmt, ...]:
    """Loops over every element index of ``array``; ``body(index)`` inside."""
    idx = tuple(ir.Var(n, INT64) for n in names)
    stmts: tuple[ir.Stmt, ...] = body(idx)
    for k in reversed(range(ndim)):
        stmts = (ir.For(names[k], _i(0), ir.Dim(array, k), _i(1), stmts),)
    return stmts


def _small(a: str, ndim: int) -> ir.Expr:
    size: ir.Expr = _i(1)
    for k in range(ndim):
        size = ir.Binary("mul", size, ir.Dim(a, k), INT64)
    return ir.Binary("le", size, _i(PRIVATE_LIMIT), BOOL)


def _copies(
    a: str, kind: str, p: str, types: dict[str, ScalarType | ArrayType], nw: ir.Expr
) -> tuple[list[ir.Stmt], list[ir.Stmt]]:
    """The per-worker copies ``p`` of ``a`` set to the identity, and their merge into ``a``."""
    t: ArrayType = types[a]  # type: ignore[assignment]
    elem = ScalarType(t.dtype)
    types[p] = ArrayType(t.dtype, t.ndim + 1, "C")
    names = [f"kiln_pe{k}_{a}" for k in range(t.ndim)]
    types.update((n, INT64) for n in names)
    wn = f"kiln_pw_{a}"
    types[wn] = INT64
    pw = ir.Var(wn, INT64)
    copy = padded_copy_shape(tuple(ir.Dim(a, k) for k in range(t.ndim)), np.dtype(t.dtype).itemsize)
    alloc = ir.Alloc(p, types[p], (nw, *copy))  # type: ignore[arg-type]

    def init(i: tuple[ir.Expr, ...]) -> tuple[ir.Stmt, ...]:
        return (ir.Store(p, (pw, *i), _identity(kind, t.dtype)),)

    def merged(i: tuple[ir.Expr, ...]) -> tuple[ir.Stmt, ...]:
        op = "add" if kind == "sum" else kind
        return (ir.Store(a, i, _combine(op, ir.Load(a, i, elem), ir.Load(p, (pw, *i), elem), elem)),)

    setup: list[ir.Stmt] = [alloc, ir.For(wn, _i(0), nw, _i(1), _over_elements(a, t.ndim, init, names))]
    return setup, [ir.For(wn, _i(0), nw, _i(1), _over_elements(a, t.ndim, merged, names))]


def privatize_atomics(
    loop: ir.For, types: dict[str, ScalarType | ArrayType], params: set[str], worker: str, nworkers: str
) -> tuple[ir.Stmt, ...]:
    """``loop`` (the parallel loop over blocks or the grid), with its privatizable atomics on
    per-worker copies where the run-time checks pass; ``types`` gains the new names."""
    found = candidates(loop, types, params)
    if not found:
        return (loop,)
    private = {a: f"kiln_priv_{a}" for a in found}
    w, nw = ir.Var(worker, INT64), ir.Var(nworkers, INT64)
    pre: list[ir.Stmt] = []
    post: list[ir.Stmt] = []
    checks: list[ir.Expr] = []
    others = _accessed(loop) & params
    for a, kind in sorted(found.items()):
        checks.append(_small(a, types[a].ndim))  # type: ignore[union-attr]  # an array: atomics write arrays
        checks += [ir.Unary("not", ir.Overlaps(a, b), BOOL) for b in sorted(others - {a})]
        setup, merge = _copies(a, kind, private[a], types, nw)
        pre += setup
        post += merge

    def stmt(s: ir.Stmt) -> ir.Stmt | None:
        if not (isinstance(s, ir.Atomic) and s.array in private):
            return None
        elem = ScalarType(types[s.array].dtype)
        idx = (w, *s.indices)
        v = s.value if s.value.type == elem else ir.Cast(s.value, elem)
        new = _combine(s.op, ir.Load(private[s.array], idx, elem), v, elem)
        return ir.Store(private[s.array], idx, new, s.sid, s.loc)

    fast = dataclasses.replace(loop, body=map_stmts(loop.body, stmt))
    cond = checks[0]
    for c in checks[1:]:
        cond = ir.Binary("and", cond, c, BOOL)
    return (ir.If(cond, (*pre, fast, *post), (loop,)),)
