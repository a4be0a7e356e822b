"""C for library calls. ``matmul``: generated loops for small or non-BLAS problems, NumPy's
BLAS called directly for large floating-point ones (``c_blas``), NumPy's matmul where a layout
does not suit BLAS."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiln.codegen import c_exprs as cx
from kiln.codegen.c_blas import blas_available, blas_call, render_gemm
from kiln.codegen.c_lapack import LAPACK_CALLS, render_lapack_call
from kiln.errors import KilnError
from kiln.ir import nodes as ir
from kiln.ir.ops import NUMPY_CALLS, NUMPY_ROUTINES

if TYPE_CHECKING:
    from kiln.codegen.c_stmts import StmtRenderer


def render_libcall(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    if s.func == "matmul":
        return _matmul(s, r)
    if s.func == "gemm":
        return render_gemm(s, r)
    if s.func in LAPACK_CALLS:
        return render_lapack_call(s, r)
    if s.func in NUMPY_ROUTINES:
        from kiln.codegen.c_numpy_calls import render_numpy_routine  # it builds on wrap_view here

        return render_numpy_routine(s, r)
    if s.func in NUMPY_CALLS:
        from kiln.codegen.c_numpy_calls import render_numpy_call

        return render_numpy_call(s, r)
    raise KilnError(f"internal: unknown library call {s.func}")


def _element(r: StmtRenderer, name: str, indices: list[str]) -> str:
    terms = []
    for axis, idx in enumerate(indices):
        stride = r.e.stride(name, axis)
        terms.append(idx if stride == "1" else f"({idx})*({stride})")
    return f"{cx.data_name(name)}[{' + '.join(terms) or '0'}]"


def _times(dtype: str, x: str, y: str) -> str:
    """``x * y`` in C; complex numbers as NumPy's loops multiply them (C's ``*`` calls __muldc3,
    which also keeps gcc from vectorizing)."""
    if dtype in ("complex64", "complex128"):
        return f"kiln_cmula_{'c64' if dtype == 'complex64' else 'c128'}({x}, {y})"
    return f"{x} * {y}"


def _matmul_loops(r: StmtRenderer, out: str, a: str, b: str) -> list[str]:
    """out = a @ b for 2-d operands, a block of ``out``'s columns at a time: each block is
    zeroed, then gets ``a[i, k] * b[k, block]`` added for every k in order (the inner loop is
    unit-stride), so its rows stay in cache until they are complete and ``out`` crosses memory
    once. In parallel code, the blocks of a product worth a team are dealt to its threads: a
    thin product (``(2, 2) @ (2, 131072)`` in NPBench's stockham_fft) is a stream over ``b``."""
    t = r.array_type(out)
    ct = cx.ctype(t)
    m, k, n = cx.shape_name(a, 0), cx.shape_name(a, 1), cx.shape_name(b, 1)
    acc = (
        "{o} = {o} || (aik_ && {b});"
        if t.dtype == "bool"
        else "{o} += " + _times(t.dtype, "aik_", "{b}") + ";"
    )
    o_ij, b_kj = _element(r, out, ["i_", "j_"]), _element(r, b, ["k_", "j_"])
    block = [
        f"for (npy_intp j0_ = 0; j0_ < {n}; j0_ += KILN_GEMM_COLS) {{",
        f"    const npy_intp j1_ = j0_ + KILN_GEMM_COLS < {n} ? j0_ + KILN_GEMM_COLS : {n};",
        f"    for (npy_intp i_ = 0; i_ < {m}; i_++) {{",
        f"        for (npy_intp j_ = j0_; j_ < j1_; j_++) {o_ij} = 0;",
        f"        for (npy_intp k_ = 0; k_ < {k}; k_++) {{",
        f"            const {ct} aik_ = {_element(r, a, ['i_', 'k_'])};",
        "            for (npy_intp j_ = j0_; j_ < j1_; j_++) " + acc.format(o=o_ij, b=b_kj),
        "        }",
        "    }",
        "}",
    ]
    if not r.openmp:
        return block
    ops = f"(int64_t){m} * {n} * (2 * {k} + 1)"
    team = f"!kiln_in_team() && kiln_team_of_many() && kiln_worth_team({ops}, &kiln_team)"
    return [
        f"if ({team}) {{",
        "    #pragma omp parallel for schedule(static)",
        *["    " + x for x in block],
        "} else {",
        *["    " + x for x in block],
        "}",
    ]


def _matvec_loops(r: StmtRenderer, out: str, a: str, b: str, a_is_vector: bool) -> list[str]:
    t = r.array_type(out)
    ct = cx.ctype(t)
    if a_is_vector:  # (k,) @ (k, n) -> (n,)
        k, n = cx.shape_name(b, 0), cx.shape_name(b, 1)
        o_j = _element(r, out, ["j_"])
        b_kj = _element(r, b, ["k_", "j_"])
        return [
            f"for (npy_intp j_ = 0; j_ < {n}; j_++) {o_j} = 0;",
            f"for (npy_intp k_ = 0; k_ < {k}; k_++) {{",
            f"    const {ct} ak_ = {_element(r, a, ['k_'])};",
            f"    for (npy_intp j_ = 0; j_ < {n}; j_++) {o_j} += {_times(t.dtype, 'ak_', b_kj)};",
            "}",
        ]
    m, k = cx.shape_name(a, 0), cx.shape_name(a, 1)  # (m, k) @ (k,) -> (m,)
    return [
        f"for (npy_intp i_ = 0; i_ < {m}; i_++) {{",
        f"    {ct} s_ = 0;",
        f"    for (npy_intp k_ = 0; k_ < {k}; k_++) s_ += "
        f"{_times(t.dtype, _element(r, a, ['i_', 'k_']), _element(r, b, ['k_']))};",
        f"    {_element(r, out, ['i_'])} = s_;",
        "}",
    ]


def wrap_view(r: StmtRenderer, name: str) -> str:
    """A new ndarray borrowing array ``name``'s memory (NULL with an exception on failure)."""
    t = r.array_type(name)
    shapes = ", ".join(cx.shape_name(name, k) for k in range(t.ndim))
    strides = ", ".join(r.e.stride(name, k) for k in range(t.ndim))
    return (
        f"kiln_wrap_view({cx.data_name(name)}, {t.ndim}, (npy_intp[]){{{shapes}}}, "
        f"(npy_intp[]){{{strides}}}, {cx.NPY_TYPENUM[t.dtype]}, NULL)"
    )


def _matmul(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    (out,), (a, b) = s.outputs, s.inputs
    ta, tb = r.array_type(a), r.array_type(b)
    dtype = r.array_type(out).dtype
    if ta.ndim == 2 and tb.ndim == 2:
        loops = _matmul_loops(r, out, a, b)
        m, k, n = cx.shape_name(a, 0), cx.shape_name(a, 1), cx.shape_name(b, 1)
        work = f"((int64_t){m} * {k} * {n} <= KILN_SMALL_GEMM || {k} <= KILN_THIN_GEMM)"
    else:
        loops = _matvec_loops(r, out, a, b, a_is_vector=ta.ndim == 1)
        mat = b if ta.ndim == 1 else a
        work = f"(int64_t){cx.shape_name(mat, 0)} * {cx.shape_name(mat, 1)} <= KILN_SMALL_GEMV"
    if dtype not in ("float32", "float64", "complex64", "complex128"):
        return ["{", *["    " + x for x in loops], "}"]
    blas = numpy_product(r, f"{wrap_view(r, out)}", a, b, on_fail="goto kiln_fail;")
    if blas_available(dtype):
        direct = [f"int rc_ = {blas_call(r, out, a, b, '1', None)};", "if (rc_ < 0) goto kiln_fail;"]
        blas = [*direct, "if (rc_ == 0) {", *["    " + x for x in blas], "}"]
    return [
        f"if ({work}) {{",
        *["    " + x for x in loops],
        "} else {",
        *["    " + x for x in blas],
        "}",
    ]


def numpy_product(r: StmtRenderer, out: str, a: str, b: str, on_fail: str) -> list[str]:
    """``out = a @ b`` through NumPy's matmul; ``out`` a C expression of a new reference."""
    return [
        f"PyObject* wo_ = {out};",
        f"PyObject* wa_ = {wrap_view(r, a)};",
        f"PyObject* wb_ = {wrap_view(r, b)};",
        f"if (!wo_ || !wa_ || !wb_) {{ Py_XDECREF(wo_); Py_XDECREF(wa_); Py_XDECREF(wb_); {on_fail} }}",
        f"if (kiln_numpy_matmul(wo_, wa_, wb_) < 0) {{ {on_fail} }}",
    ]
