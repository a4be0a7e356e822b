"""Derivatives of ``pinv`` and ``matrix_power`` of one matrix, both modes.

- ``P = pinv(A)`` (where A's rank does not change nearby): ``Pdot = -P Adot P + P P^T Adot^T
  (I - A P) + (I - P A) Adot^T P^T P``; its transpose gives ``Abar += -P^T Pbar P^T + (I - A P)
  Pbar^T P P^T + P^T P Pbar^T (I - P A)``.
- ``Y = matrix_power(A, n)``: with ``B = A`` (``inv(A)`` when ``n < 0``) and ``m = |n|``,
  ``Ydot = sum_k B^k Bdot B^(m-1-k)`` and ``Bbar = sum_k (B^T)^k Ybar (B^T)^(m-1-k)``, each sum
  built by a loop of matrix products at run time (``n`` is a run-time value); ``Bdot = -B Adot B``
  and ``Abar += -B^T Bbar B^T`` through the inverse.
"""

from __future__ import annotations

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.linalg_builder import LinalgBuilder
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ScalarType

MATRIX = frozenset({"pinv", "matrix_power"})


def _minus_product(out: LinalgBuilder, left: str, right: str) -> str:
    """``I - left @ right`` (square)."""
    t = ScalarType(out.dtype)
    product = out.matmul(left, right)
    result = out.array("I_minus", b.array_shape(product, 2))

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        eye = b.select(b.binary("eq", i, j), b.const(1, t), b.const(0, t))
        return [ir.Store(result, idx, b.sub(eye, out.load(product, i, j)))]

    out.stmts += b.loop_nest(out.names, b.array_shape(product, 2), body)
    return result


def pinv_adjoint(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    (p,), (a,) = s.outputs, s.inputs
    if not act.array(a):
        return
    pb, pt, pbt = shadow[p], out.transpose(p), out.transpose(shadow[p])
    t1 = out.matmul(out.matmul(pt, pb), pt)
    t2 = out.matmul(out.matmul(_minus_product(out, a, p), pbt), out.matmul(p, pt))
    t3 = out.matmul(out.matmul(pt, p), out.matmul(pbt, _minus_product(out, p, a)))
    out.add_into(
        shadow[a], lambda i, j: b.add(b.sub(out.load(t2, i, j), out.load(t1, i, j)), out.load(t3, i, j))
    )


def pinv_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    (p,), (a,) = s.outputs, s.inputs
    if not act.array(a):
        return
    da, dat, pt = tangent[a], out.transpose(tangent[a]), out.transpose(p)
    t1 = out.matmul(out.matmul(p, da), p)
    t2 = out.matmul(out.matmul(out.matmul(p, pt), dat), _minus_product(out, a, p))
    t3 = out.matmul(out.matmul(_minus_product(out, p, a), dat), out.matmul(pt, p))
    out.add_into(
        tangent[p], lambda i, j: b.add(b.sub(out.load(t2, i, j), out.load(t1, i, j)), out.load(t3, i, j))
    )


def _copy(out: LinalgBuilder, dst: str, src: str, scale: float = 1.0) -> list[ir.Stmt]:
    t = ScalarType(out.dtype)

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        value = ir.Load(src, idx, t)
        return [ir.Store(dst, idx, value if scale == 1.0 else b.mul(b.const(scale, t), value))]

    return b.loop_nest(out.names, b.array_shape(dst, 2), body)


def _base(out: LinalgBuilder, s: ir.LibCall) -> tuple[str, ir.Expr, ir.Expr]:
    """``B`` (A, or inv(A) for a negative power), whether the power is negative, and ``|n|``."""
    a, power = s.inputs
    n = ir.Load(power, (), INT64)
    negative = b.binary("lt", n, b.const(0, INT64))
    base = out.array("B", b.array_shape(a, 2))
    inverse = ir.LibCall("inv", (base,), (a,), loc=s.loc)
    out.stmts.append(ir.If(negative, (inverse,), tuple(_copy(out, base, a))))
    return base, negative, ir.Binary("max", n, b.neg(n), INT64)


def _power_sum(out: LinalgBuilder, m: ir.Expr, step: str, seed: str) -> tuple[str, list[ir.Stmt]]:
    """``S = sum_k step^k seed step^(m-1-k)`` for ``m >= 1``: ``S = seed``, ``Q = step``, then
    ``m - 1`` times ``S = step S + seed Q``, ``Q = Q step``. The statements are returned, not
    added, for the caller to run under ``m >= 1``."""
    saved, out.stmts = out.stmts, []
    t = ScalarType(out.dtype)
    total = out.array("S", b.array_shape(seed, 2))
    power = out.array("Q", b.array_shape(seed, 2))
    setup = [*out.stmts, *_copy(out, total, seed), *_copy(out, power, step)]
    out.stmts = []
    left, right = out.matmul(step, total), out.matmul(seed, power)

    def both(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        return [ir.Store(total, idx, b.add(ir.Load(left, idx, t), ir.Load(right, idx, t)))]

    out.stmts += b.loop_nest(out.names, b.array_shape(total, 2), both)
    out.stmts += _copy(out, power, out.matmul(power, step))
    j = out.names.fresh("j", INT64)
    loop = ir.For(j, b.const(1, INT64), m, b.const(1, INT64), tuple(out.stmts), loc=out.loc)  # type: ignore[arg-type]
    out.stmts = saved
    return total, [*setup, loop]


def _when_positive(out: LinalgBuilder, m: ir.Expr, stmts: list[ir.Stmt]) -> None:
    out.stmts.append(ir.If(b.binary("ge", m, b.const(1, INT64)), tuple(stmts), ()))


def power_adjoint(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    (y,), a = s.outputs, s.inputs[0]
    if not act.array(a):
        return
    base, negative, m = _base(out, s)
    saved, out.stmts = out.stmts, []
    bt = out.transpose(base)
    bbar, loop = _power_sum(out, m, bt, shadow[y])
    out.stmts += loop
    through = out.matmul(out.matmul(bt, bbar), bt)

    def gradient(i: ir.Expr, j: ir.Expr) -> ir.Expr:
        return b.select(negative, b.neg(out.load(through, i, j)), out.load(bbar, i, j))

    out.add_into(shadow[a], gradient)
    body, out.stmts = out.stmts, saved
    _when_positive(out, m, body)


def power_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    (y,), a = s.outputs, s.inputs[0]
    if not act.array(a):
        return
    base, negative, m = _base(out, s)
    saved, out.stmts = out.stmts, []
    da = tangent[a]
    through = out.matmul(out.matmul(base, da), base)
    dbase = out.array("dB", b.array_shape(a, 2))
    t = ScalarType(out.dtype)

    def rate(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        value = b.select(negative, b.neg(ir.Load(through, idx, t)), ir.Load(da, idx, t))
        return [ir.Store(dbase, idx, value)]

    out.stmts += b.loop_nest(out.names, b.array_shape(dbase, 2), rate)
    dy, loop = _power_sum(out, m, base, dbase)
    out.stmts += loop
    out.add_into(tangent[y], lambda i, j: out.load(dy, i, j))
    body, out.stmts = out.stmts, saved
    _when_positive(out, m, body)
