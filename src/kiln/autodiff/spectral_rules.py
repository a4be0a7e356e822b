"""Derivatives of spectral decompositions of one matrix: ``eigh``, ``eigvalsh``, ``svdvals``.

With ``A = V diag(w) V^T`` and ``F[i, j] = 1 / (w[j] - w[i])`` off the diagonal:

- forward: ``P = V^T Adot V``; ``wdot = diag(P)``; ``Vdot = V (F * P)``;
- reverse: ``G = V (diag(wbar) + F * (V^T Vbar)) V^T``.

NumPy reads one triangle of ``A`` (``UPLO``): ``Adot`` is the symmetric matrix of that
triangle's tangents, and a read element off the diagonal gets ``G[i, j] + G[j, i]`` (it stands
for both), the other triangle nothing. Where two eigenvalues are equal their eigenvectors are
not determined, nor is their derivative; ``F`` is taken as 0 there, so eigenvalues (the
derivatives ``eigvalsh`` needs) stay right. ``eigvalsh`` gets the eigenvectors it needs from an
``eigh`` of the same matrix in the derivative.

Singular values (``svdvals``, behind ``norm(A, 2)`` and ``'nuc'``), with ``A = U diag(s) Vh``
from an ``svd`` of the same matrix: ``sdot = diag(U^T Adot Vh^T)``, ``Abar += U diag(sbar) Vh``.
"""

from __future__ import annotations

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.common import accumulate
from kiln.autodiff.linalg_builder import LinalgBuilder
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType

EIGH = frozenset({"eigh_L", "eigh_U", "eigvalsh_L", "eigvalsh_U"})
SPECTRAL = EIGH | {"svdvals"}


def _vectors(out: LinalgBuilder, s: ir.LibCall) -> str:
    """The eigenvectors: the call's own, or an ``eigh`` of its matrix."""
    if len(s.outputs) == 2:
        return s.outputs[1]
    a = s.inputs[0]
    n = ir.Dim(a, 0)
    values, vectors = out.array("w", (n,)), out.array("V", (n, n))
    out.stmts.append(ir.LibCall("eigh" + s.func[-2:], (values, vectors), (a,), loc=s.loc))
    return vectors


def _gap_inverse(out: LinalgBuilder, w: str, i: ir.Expr, j: ir.Expr) -> ir.Expr:
    t = ScalarType(out.dtype)
    gap = b.sub(out.load(w, j), out.load(w, i))
    return b.select(b.binary("eq", gap, b.const(0, t)), b.const(0, t), b.div(b.const(1, t), gap))


def _read_triangle(s: ir.LibCall, i: ir.Expr, j: ir.Expr) -> ir.Expr:
    """Whether NumPy reads element ``[i, j]`` (its diagonal and one triangle)."""
    return b.binary("ge", i, j) if s.func.endswith("_L") else b.binary("le", i, j)


def eigh_adjoint(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    a, w = s.inputs[0], s.outputs[0]
    if not act.array(a):
        return
    t = ScalarType(out.dtype)
    vectors = _vectors(out, s)
    n = ir.Dim(a, 0)
    wbar = shadow.get(w)
    rotated = out.matmul(out.transpose(vectors), shadow[vectors]) if vectors in shadow else ""
    inner = out.array("inner", (n, n))

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        value = b.select(b.binary("eq", i, j), out.load(wbar, i), b.const(0, t)) if wbar else b.const(0, t)
        if rotated:
            value = b.add(value, b.mul(_gap_inverse(out, w, i, j), out.load(rotated, i, j)))
        return [ir.Store(inner, idx, value)]

    out.stmts += b.loop_nest(out.names, (n, n), body)
    g = out.matmul(out.matmul(vectors, inner), out.transpose(vectors))

    def gradient(i: ir.Expr, j: ir.Expr) -> ir.Expr:
        both = b.add(out.load(g, i, j), out.load(g, j, i))
        read = b.select(b.binary("eq", i, j), out.load(g, i, i), both)
        return b.select(_read_triangle(s, i, j), read, b.const(0, t))

    out.add_into(shadow[a], gradient)


def eigh_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    a, w = s.inputs[0], s.outputs[0]
    if not act.array(a):
        return
    n = ir.Dim(a, 0)
    da = tangent[a]
    sym = out.array("sym", (n, n))

    def symmetric(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        return [ir.Store(sym, idx, b.select(_read_triangle(s, i, j), out.load(da, i, j), out.load(da, j, i)))]

    out.stmts += b.loop_nest(out.names, (n, n), symmetric)
    vectors = _vectors(out, s)
    p = out.matmul(out.matmul(out.transpose(vectors), sym), vectors)
    if w in tangent:
        dw = tangent[w]
        out.stmts += b.loop_nest(
            out.names, (n,), lambda idx: [ir.Store(dw, idx, out.load(p, idx[0], idx[0]))]
        )
    if len(s.outputs) == 2 and s.outputs[1] in tangent:
        scaled = out.array("scaled", (n, n))

        def weigh(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
            i, j = idx
            return [ir.Store(scaled, idx, b.mul(_gap_inverse(out, w, i, j), out.load(p, i, j)))]

        out.stmts += b.loop_nest(out.names, (n, n), weigh)
        dv = out.matmul(vectors, scaled)
        out.stmts += accumulate(out.names, tangent[s.outputs[1]], dv, ArrayType(out.dtype, 2, "C"))


def _svd(out: LinalgBuilder, s: ir.LibCall) -> tuple[str, str]:
    """``U`` and ``Vh`` of the reduced SVD of ``s``'s matrix."""
    a = s.inputs[0]
    m, n = ir.Dim(a, 0), ir.Dim(a, 1)
    k = ir.Binary("min", m, n, m.type)
    u, values, vh = out.array("U", (m, k)), out.array("s", (k,)), out.array("Vh", (k, n))
    out.stmts.append(ir.LibCall("svd_reduced", (u, values, vh), (a,), loc=s.loc))
    return u, vh


def svdvals_adjoint(out: LinalgBuilder, s: ir.LibCall, act: Activity, shadow: dict[str, str]) -> None:
    a, (values,) = s.inputs[0], s.outputs
    if not act.array(a):
        return
    u, vh = _svd(out, s)
    scaled = out.array("Us", (ir.Dim(u, 0), ir.Dim(u, 1)))
    sbar = shadow[values]
    out.stmts += b.loop_nest(
        out.names,
        (ir.Dim(u, 0), ir.Dim(u, 1)),
        lambda idx: [ir.Store(scaled, idx, b.mul(out.load(u, *idx), out.load(sbar, idx[1])))],
    )
    out.stmts += accumulate(out.names, shadow[a], out.matmul(scaled, vh), ArrayType(out.dtype, 2, "C"))


def svdvals_tangent(out: LinalgBuilder, s: ir.LibCall, act: Activity, tangent: dict[str, str]) -> None:
    a, (values,) = s.inputs[0], s.outputs
    if not act.array(a) or values not in tangent:
        return
    u, vh = _svd(out, s)
    p = out.matmul(out.matmul(out.transpose(u), tangent[a]), out.transpose(vh))
    ds = tangent[values]
    out.stmts += b.loop_nest(
        out.names, (ir.Dim(u, 1),), lambda idx: [ir.Store(ds, idx, out.load(p, idx[0], idx[0]))]
    )
