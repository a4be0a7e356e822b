"""Derivative rules of library calls (``matmul``, ``copy``): whole-array rules, not the loops
inside the library. ``matmul``'s adjoints are matrix products again (BLAS for large operands)."""

from __future__ import annotations

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.common import TypeOf, accumulate, fill_zero
from kiln.autodiff.fft_rules import FFT_RULES, fft_adjoint, fft_tangent
from kiln.autodiff.linalg_rules import LINALG_ADJOINTS, linalg_adjoint
from kiln.autodiff.routine_rules import ROUTINE_RULES, routine_adjoint, routine_tangent
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType


def _transpose(names: b.Names, a: str, t: ArrayType) -> tuple[str, ir.View]:
    view = names.fresh("T", ArrayType(t.dtype, 2, "A"))
    return view, ir.View(view, a, b.const(0, ir.Dim(a, 0).type),
                         (ir.Dim(a, 1), ir.Dim(a, 0)), (ir.Stride(a, 1), ir.Stride(a, 0)))  # fmt: skip


def _product_into(names: b.Names, dst: str, dst_t: ArrayType, x: str, y: str, loc: object) -> list[ir.Stmt]:
    """``dst += x @ y`` through a temporary and the ``matmul`` library call."""
    tmp = names.fresh("mm", ArrayType(dst_t.dtype, dst_t.ndim, "C"))
    tmp_t = ArrayType(dst_t.dtype, dst_t.ndim, "C")
    alloc = ir.Alloc(tmp, tmp_t, b.array_shape(dst, dst_t.ndim), loc=loc)  # type: ignore[arg-type]
    return [alloc, ir.LibCall("matmul", (tmp,), (x, y), loc=loc), *accumulate(names, dst, tmp, tmp_t)]  # type: ignore[arg-type]


def _outer_into(names: b.Names, dst: str, t: ArrayType, u: str, v: str) -> list[ir.Stmt]:
    """``dst[i, j] += u[i] * v[j]``."""
    e = t.element

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        i, j = idx
        term = b.mul(ir.Load(u, (i,), e), ir.Load(v, (j,), e))
        return [ir.Store(dst, idx, b.add(ir.Load(dst, idx, e), term))]

    return b.loop_nest(names, b.array_shape(dst, 2), body)


def _matmul_adjoint(
    s: ir.LibCall, act: Activity, shadow: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    (out,), (a, bb) = s.outputs, s.inputs
    ta, tb, to = type_of(a), type_of(bb), type_of(out)
    assert isinstance(ta, ArrayType) and isinstance(tb, ArrayType) and isinstance(to, ArrayType)
    g = shadow[out]
    stmts: list[ir.Stmt] = []
    if ta.ndim == 2 and tb.ndim == 2:
        if act.array(a):  # dA += G @ B^T
            bt, view = _transpose(names, bb, tb)
            stmts += [view, *_product_into(names, shadow[a], ta, g, bt, s.loc)]
        if act.array(bb):  # dB += A^T @ G
            at, view = _transpose(names, a, ta)
            stmts += [view, *_product_into(names, shadow[bb], tb, at, g, s.loc)]
    elif ta.ndim == 2 and tb.ndim == 1:  # out[i] = A[i, :] . b
        if act.array(a):
            stmts += _outer_into(names, shadow[a], ta, g, bb)
        if act.array(bb):
            at, view = _transpose(names, a, ta)
            stmts += [view, *_product_into(names, shadow[bb], tb, at, g, s.loc)]
    elif ta.ndim == 1 and tb.ndim == 2:  # out[j] = a . B[:, j]
        if act.array(a):
            stmts += _product_into(names, shadow[a], ta, bb, g, s.loc)
        if act.array(bb):
            stmts += _outer_into(names, shadow[bb], tb, a, g)
    else:
        raise UnsupportedError(f"differentiation of a {ta.ndim}-d @ {tb.ndim}-d product", s.loc)
    return stmts + fill_zero(names, g, to)


def libcall_adjoint(
    s: ir.LibCall, act: Activity, shadow: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    if s.func == "matmul":
        return _matmul_adjoint(s, act, shadow, type_of, names)
    if s.func == "copy":
        (out,), (src,) = s.outputs, s.inputs
        t = type_of(out)
        assert isinstance(t, ArrayType)
        stmts = accumulate(names, shadow[src], shadow[out], t) if act.array(src) else []
        return stmts + fill_zero(names, shadow[out], t)
    if s.func in LINALG_ADJOINTS:
        return linalg_adjoint(s, act, shadow, type_of, names)
    if s.func in ROUTINE_RULES:
        return routine_adjoint(s, act, shadow, type_of, names)
    if s.func in FFT_RULES:
        return fft_adjoint(s, act, shadow, type_of, names)
    raise UnsupportedError(f"differentiation of the library call '{s.func}'", s.loc)


def libcall_tangent(
    s: ir.LibCall, act: Activity, tangent: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    """Statements computing the tangent of ``s``'s output (run before ``s`` itself)."""
    (out,) = s.outputs
    t = type_of(out)
    assert isinstance(t, ArrayType)
    stmts = fill_zero(names, tangent[out], t)
    if s.func == "copy":
        return stmts + accumulate(names, tangent[out], tangent[s.inputs[0]], t)
    if s.func in ROUTINE_RULES:
        return stmts + routine_tangent(s, act, tangent, type_of, names)
    if s.func in FFT_RULES:
        return stmts + fft_tangent(s, act, tangent, type_of, names)
    if s.func != "matmul":
        raise UnsupportedError(f"differentiation of the library call '{s.func}'", s.loc)
    a, bb = s.inputs
    if t.ndim == 0:
        raise UnsupportedError("differentiation of a 1-d @ 1-d product", s.loc)
    if act.array(a):
        stmts += _product_into(names, tangent[out], t, tangent[a], bb, s.loc)
    if act.array(bb):
        stmts += _product_into(names, tangent[out], t, a, tangent[bb], s.loc)
    return stmts
