"""C for products that go straight to NumPy's BLAS: ``matmul`` (``c = a @ b``) and ``gemm``
(``c = alpha * a @ b + beta * c``, in place; made by ``transforms/passes/fuse_gemm``).

2-d @ 2-d is one ``?gemm``; a matrix times a vector (either side) one ``?gemv``. Strides and
transposes are passed to the library, so no operand is copied (``c_blas_support``). Where a
layout does not fit BLAS, or no BLAS was found, a ``matmul`` takes NumPy's matmul and a
``gemm`` multiplies through NumPy into a temporary and combines it with ``c`` in a loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiln.codegen import c_exprs as cx
from kiln.codegen.c_blas_support import BLAS_CTYPES, blas_support
from kiln.ir import nodes as ir
from kiln.ir.visit import iter_stmts
from kiln.runtime.blas import find_blas

if TYPE_CHECKING:
    from kiln.codegen.c_stmts import StmtRenderer

BLAS_CALLS = frozenset({"matmul", "gemm"})


def support_code(fn: ir.Function) -> str:
    """The BLAS helpers ``fn``'s floating-point products need (nothing when none)."""
    blas = find_blas()
    if blas is None:
        return ""
    types = fn.var_types()
    dtypes = set()
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.LibCall) and s.func in BLAS_CALLS:
            dtype = types[s.outputs[0]].dtype
            if dtype in BLAS_CTYPES:
                dtypes.add(dtype)
    return blas_support(blas, dtypes) if dtypes else ""


def blas_available(dtype: str) -> bool:
    return dtype in BLAS_CTYPES and find_blas() is not None


def blas_call(r: StmtRenderer, out: str, a: str, b: str, alpha: str, beta: str | None) -> str:
    """A C expression: 1 when BLAS computed ``out = alpha * a @ b [+ beta * out]``, 0 when the
    layouts do not suit it, -1 on error. ``alpha``/``beta``: C expressions of ``out``'s type."""
    ta, tb = r.array_type(a), r.array_type(b)
    s, _ = BLAS_CTYPES[r.array_type(out).dtype]
    n, st, d = cx.shape_name, r.e.stride, cx.data_name
    given, b_ = ("1", beta) if beta is not None else ("0", "0")
    if ta.ndim == 2 and tb.ndim == 2:
        return (
            f"kiln_gemm_{s}({n(a, 0)}, {n(b, 1)}, {n(a, 1)}, {alpha}, {d(a)}, {st(a, 0)}, {st(a, 1)}, "
            f"{d(b)}, {st(b, 0)}, {st(b, 1)}, {given}, {b_}, {d(out)}, {st(out, 0)}, {st(out, 1)})"
        )
    mat, vec, trans = (a, b, 0) if ta.ndim == 2 else (b, a, 1)
    return (
        f"kiln_gemv_{s}({n(mat, 0)}, {n(mat, 1)}, {trans}, {alpha}, {d(mat)}, {st(mat, 0)}, {st(mat, 1)}, "
        f"{d(vec)}, {st(vec, 0)}, {given}, {b_}, {d(out)}, {st(out, 0)})"
    )


def render_gemm(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    """``c = alpha * a @ b + beta * c`` (``alpha``, ``beta``: 0-d arrays of ``c``'s dtype)."""
    from kiln.codegen.c_lib import numpy_product

    (c,), (a, b, _, alpha, beta) = s.outputs, s.inputs
    t = r.array_type(c)
    ct = cx.ctype(t)
    lines = [f"const {ct} alpha_ = {cx.data_name(alpha)}[0], beta_ = {cx.data_name(beta)}[0];"]
    fallback = _gemm_through_numpy(r, c, a, b, numpy_product)
    if blas_available(t.dtype):
        lines += [f"int rc_ = {blas_call(r, c, a, b, 'alpha_', 'beta_')};", "if (rc_ < 0) goto kiln_fail;"]
        lines += ["if (rc_ == 0) {", *["    " + x for x in fallback], "}"]
    else:
        lines += fallback
    return ["{", *["    " + x for x in lines], "}"]


def _gemm_through_numpy(r: StmtRenderer, c: str, a: str, b: str, numpy_product) -> list[str]:  # noqa: ANN001
    """``c = alpha_ * (a @ b) + beta_ * c`` with the product from NumPy into a C-ordered temporary."""
    t = r.array_type(c)
    ct = cx.ctype(t)
    dims = ", ".join(cx.shape_name(c, k) for k in range(t.ndim))
    idx = ["i_", "j_"][: t.ndim]
    loops = [f"for (npy_intp {v} = 0; {v} < {cx.shape_name(c, k)}; {v}++)" for k, v in enumerate(idx)]
    flat = "i_ * " + cx.shape_name(c, 1) + " + j_" if t.ndim == 2 else "i_"
    elem = " + ".join(f"{v} * {r.e.stride(c, k)}" for k, v in enumerate(idx))
    cell = f"{cx.data_name(c)}[{elem}]"
    return [
        f"npy_intp dims_[{t.ndim}] = {{{dims}}};",
        f"PyArrayObject* tmp_ = (PyArrayObject*)PyArray_SimpleNew({t.ndim}, dims_, "
        f"{cx.NPY_TYPENUM[t.dtype]});",
        "if (!tmp_) goto kiln_fail;",
        "Py_INCREF(tmp_);",
        *numpy_product(r, "(PyObject*)tmp_", a, b, on_fail="Py_DECREF(tmp_); goto kiln_fail;"),
        f"const {ct}* p_ = (const {ct}*)PyArray_DATA(tmp_);",
        *loops,
        f"    {cell} = alpha_ * p_[{flat}] + beta_ * {cell};",
        "Py_DECREF(tmp_);",
    ]
