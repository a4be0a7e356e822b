"""Reverse-mode rules of the linear-algebra library calls on one matrix (2-d operands; stacked
matrices are refused): each adjoint is built from library calls again (``solve``, ``inv``,
``matmul``), the primal's result read back.

- ``X = solve(A, B)``: ``Y = solve(A^T, Xbar)``; ``Bbar += Y``; ``Abar -= Y @ X^T``.
- ``W = inv(A)``: ``Abar -= W^T @ Wbar @ W^T``.
- ``L = cholesky(A)`` (NumPy reads A's lower triangle): with ``Phi`` the lower triangle with
  half the diagonal, ``S = L^-T Phi(L^T Lbar) L^-1``; a lower element of A gets
  ``S[i, j] + S[j, i]``, a diagonal one ``S[i, i]``, the upper triangle nothing.
- ``d = det(A)``: ``Abar += dbar * d * inv(A)^T``; ``slogdet``: ``Abar += logdetbar * inv(A)^T``.
- ``eigh``/``eigvalsh``, ``svdvals``: ``spectral_rules.py``; ``pinv``, ``matrix_power``:
  ``matrix_rules.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.common import TypeOf, accumulate, fill_zero
from kiln.autodiff.linalg_builder import LinalgBuilder
from kiln.autodiff.matrix_rules import MATRIX, pinv_adjoint, pinv_tangent, power_adjoint, power_tangent
from kiln.autodiff.spectral_rules import (
    EIGH,
    SPECTRAL,
    eigh_adjoint,
    eigh_tangent,
    svdvals_adjoint,
    svdvals_tangent,
)
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType

LINALG_ADJOINTS = frozenset({"solve", "inv", "cholesky", "det", "slogdet"}) | SPECTRAL | MATRIX


def linalg_adjoint(
    s: ir.LibCall, act: Activity, shadow: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    a = s.inputs[0]
    ta = type_of(a)
    assert isinstance(ta, ArrayType)
    if ta.ndim != 2:
        raise UnsupportedError(f"reverse-mode differentiation of '{s.func}' of stacked matrices", s.loc)
    if ta.dtype != "float64":
        raise UnsupportedError(f"reverse-mode differentiation of '{s.func}' of {ta.dtype} matrices", s.loc)
    out = LinalgBuilder(names, type_of, ta.dtype, s.loc)
    _RULES[s.func](out, s, act, shadow)
    for o in s.outputs:
        t = type_of(o)
        if o in shadow and isinstance(t, ArrayType):
            out.stmts += fill_zero(names, shadow[o], t)
    return out.stmts


def _solve(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    (x,), (a, rhs) = s.outputs, s.inputs
    g, ndim = shadow[x], out.ndim(x)
    y = out.call("solve", (out.transpose(a), g), b.array_shape(x, ndim))
    if act.array(rhs):
        out.stmts += accumulate(out.names, shadow[rhs], y, ArrayType(out.dtype, ndim, "C"))
    if act.array(a):
        if ndim == 1:
            out.add_into(shadow[a], lambda i, j: b.neg(b.mul(out.load(y, i), out.load(x, j))))
        else:
            product = out.matmul(y, out.transpose(x))
            out.stmts += accumulate(out.names, shadow[a], product, ArrayType(out.dtype, 2, "C"), -1.0)


def _inv(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    (w,), (a,) = s.outputs, s.inputs
    if not act.array(a):
        return
    wt = out.transpose(w)
    product = out.matmul(out.matmul(wt, shadow[w]), wt)
    out.stmts += accumulate(out.names, shadow[a], product, ArrayType(out.dtype, 2, "C"), -1.0)


def _cholesky(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    (chol,), (a,) = s.outputs, s.inputs
    if not act.array(a):
        return
    p = out.matmul(out.transpose(chol), shadow[chol])
    t = ScalarType(out.dtype)
    out.phi(p)
    inverse = out.call("inv", (chol,), b.array_shape(chol, 2))
    sym = out.matmul(out.matmul(out.transpose(inverse), p), inverse)

    def gradient(i: ir.Expr, j: ir.Expr) -> ir.Expr:
        both = b.add(out.load(sym, i, j), out.load(sym, j, i))
        lower = b.select(b.binary("eq", i, j), out.load(sym, i, i), both)
        return b.select(b.binary("lt", i, j), b.const(0, t), lower)

    out.add_into(shadow[a], gradient)


def _determinant(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    a = s.inputs[0]
    if not act.array(a):
        return
    inverse = out.call("inv", (a,), b.array_shape(a, 2))
    if s.func == "det":
        (d,) = s.outputs
        scale = b.mul(out.load(shadow[d]), out.load(d))
    else:  # slogdet: the sign carries no gradient
        log = s.outputs[1]
        scale = out.load(shadow[log]) if log in shadow else b.const(0, ScalarType(out.dtype))
    out.add_into(shadow[a], lambda i, j: b.mul(scale, out.load(inverse, j, i)))


_RULES: dict[str, Callable[[LinalgBuilder, ir.LibCall, Activity, dict[str, str]], None]] = {
    "solve": _solve,
    "inv": _inv,
    "cholesky": _cholesky,
    "det": _determinant,
    "slogdet": _determinant,
    **dict.fromkeys(EIGH, eigh_adjoint),
    "svdvals": svdvals_adjoint,
    "pinv": pinv_adjoint,
    "matrix_power": power_adjoint,
}


def linalg_tangent(
    s: ir.LibCall, act: Activity, tangent: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    """Statements computing the tangents of ``s``'s outputs, run after ``s`` (they read its
    result): ``Xdot = solve(A, Bdot - Adot @ X)``, ``Wdot = -W @ Adot @ W``,
    ``Ldot = L Phi(L^-1 Sdot L^-T)`` (``Sdot`` the symmetric matrix of Adot's lower triangle),
    ``ddot = d * tr(inv(A) @ Adot)``, ``logdetdot = tr(inv(A) @ Adot)``."""
    a = s.inputs[0]
    ta = type_of(a)
    assert isinstance(ta, ArrayType)
    if ta.ndim != 2 or ta.dtype != "float64":
        raise UnsupportedError(
            f"forward-mode differentiation of '{s.func}' of {ta.ndim}-d {ta.dtype} arrays", s.loc
        )
    out = LinalgBuilder(names, type_of, ta.dtype, s.loc)
    for o in s.outputs:
        t = type_of(o)
        if o in tangent and isinstance(t, ArrayType):
            out.stmts += fill_zero(names, tangent[o], t)
    _TANGENTS[s.func](out, s, act, tangent)
    return out.stmts


def _solve_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    (x,), (a, rhs) = s.outputs, s.inputs
    ndim = out.ndim(x)
    residual = out.array("rhs", b.array_shape(x, ndim))
    t = ArrayType(out.dtype, ndim, "C")
    out.stmts += fill_zero(out.names, residual, t)
    if act.array(rhs):
        out.stmts += accumulate(out.names, residual, tangent[rhs], t)
    if act.array(a):
        product = out.call("matmul", (tangent[a], x), b.array_shape(x, ndim))
        out.stmts += accumulate(out.names, residual, product, t, -1.0)
    out.stmts += accumulate(
        out.names, tangent[x], out.call("solve", (a, residual), b.array_shape(x, ndim)), t
    )


def _inv_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    (w,), (a,) = s.outputs, s.inputs
    if act.array(a):
        product = out.matmul(out.matmul(w, tangent[a]), w)
        out.stmts += accumulate(out.names, tangent[w], product, ArrayType(out.dtype, 2, "C"), -1.0)


def _cholesky_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    (chol,), (a,) = s.outputs, s.inputs
    if not act.array(a):
        return
    sym = out.array("sym", b.array_shape(a, 2))
    da = tangent[a]

    def symmetric(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        return [ir.Store(sym, idx, b.select(b.binary("lt", i, j), out.load(da, j, i), out.load(da, i, j)))]

    out.stmts += b.loop_nest(out.names, b.array_shape(sym, 2), symmetric)
    inverse = out.call("inv", (chol,), b.array_shape(chol, 2))
    inner = out.matmul(out.matmul(inverse, sym), out.transpose(inverse))
    out.phi(inner)
    out.stmts += accumulate(out.names, tangent[chol], out.matmul(chol, inner), ArrayType(out.dtype, 2, "C"))


def _determinant_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    a = s.inputs[0]
    if not act.array(a):
        return
    t = ScalarType(out.dtype)
    inverse = out.call("inv", (a,), b.array_shape(a, 2))
    trace = out.names.fresh("trace", t)
    out.stmts.append(ir.Assign(trace, b.const(0, t)))

    def term(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        step = b.mul(out.load(inverse, j, i), out.load(tangent[a], i, j))
        return [ir.Assign(trace, b.add(b.var(trace, t), step))]

    out.stmts += b.loop_nest(out.names, b.array_shape(a, 2), term)
    if s.func == "det":
        (d,) = s.outputs
        value = b.mul(out.load(d), b.var(trace, t))
        target = tangent[d]
    else:
        target = tangent.get(s.outputs[1], "")
        value = b.var(trace, t)
    if target:
        out.stmts.append(ir.Store(target, (), value))


_TANGENTS: dict[str, Callable[[LinalgBuilder, ir.LibCall, Activity, dict[str, str]], None]] = {
    "solve": _solve_tangent,
    "inv": _inv_tangent,
    "cholesky": _cholesky_tangent,
    "det": _determinant_tangent,
    "slogdet": _determinant_tangent,
    **dict.fromkeys(EIGH, eigh_tangent),
    "svdvals": svdvals_tangent,
    "pinv": pinv_tangent,
    "matrix_power": power_tangent,
}
