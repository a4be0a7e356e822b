"""C for the LAPACK library calls (``solve``, ``inv``, ``cholesky``, ``cholesky_upper``).

Each matrix of a (possibly stacked, possibly broadcast) operand is packed into a
column-major work buffer and handed to the LAPACK routines NumPy itself uses (``?gesv``'s
two steps ``?getrf`` and ``?getrs``, ``?potrf``), from the library NumPy ships, found when the
module loads; so results match NumPy's bit for bit. Without such a library the call goes
through ``numpy.linalg``. Errors are NumPy's: ``LinAlgError`` for non-square, singular or
non-positive-definite matrices. Operands already have the computation dtype (float64 or complex128).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiln.codegen import c_exprs as cx
from kiln.ir import nodes as ir
from kiln.runtime.lapack import Lapack, find_lapack, thread_count_symbols

if TYPE_CHECKING:
    from kiln.codegen.c_stmts import StmtRenderer

LAPACK_CALLS = frozenset({"solve", "inv", "cholesky", "cholesky_upper"})

_COMMON = r"""
typedef struct { void* data; int nd; const npy_intp* shape; const npy_intp* strides; } kiln_mat;

static void kiln_linalg_error(const char* msg) {
    PyObject* m = PyImport_ImportModule("numpy.linalg");
    if (!m) return;
    PyObject* e = PyObject_GetAttrString(m, "LinAlgError");
    Py_DECREF(m);
    if (!e) return;
    PyErr_SetString(e, msg);
    Py_DECREF(e);
}
static int kiln_require_square(const kiln_mat* a) {
    if (a->shape[a->nd - 1] == a->shape[a->nd - 2]) return 0;
    kiln_linalg_error("Last 2 dimensions of the array must be square");
    return -1;
}
/* Whether x's batch axes (all but its ``core`` last ones) broadcast to out's. */
static int kiln_batch_fits(const kiln_mat* x, int core, const kiln_mat* out, int out_core) {
    int xb = x->nd - core, nb = out->nd - out_core;
    for (int k = 0; k < xb; k++) {
        npy_intp d = x->shape[k];
        if (d != 1 && d != out->shape[nb - xb + k]) {
            PyErr_SetString(PyExc_ValueError, "operands could not be broadcast together");
            return 0;
        }
    }
    return 1;
}
/* Element offset of x's matrix at batch index ``idx`` (size-1 batch axes broadcast). */
static npy_intp kiln_batch_offset(const kiln_mat* x, int core, int nb, const npy_intp* idx) {
    int xb = x->nd - core;
    npy_intp off = 0;
    for (int k = 0; k < xb; k++)
        if (x->shape[k] != 1) off += idx[nb - xb + k] * x->strides[k];
    return off;
}
static int kiln_batch_next(int nb, const npy_intp* shape, npy_intp* idx) {
    for (int k = nb - 1; k >= 0; k--) {
        if (++idx[k] < shape[k]) return 1;
        idx[k] = 0;
    }
    return 0;
}
static npy_intp kiln_batch_count(int nb, const npy_intp* shape) {
    npy_intp n = 1;
    for (int k = 0; k < nb; k++) n *= shape[k];
    return n;
}
static int kiln_solve_shapes(const kiln_mat* out, const kiln_mat* a, const kiln_mat* b, int b_vector) {
    if (kiln_require_square(a) < 0) return -1;
    if (b) {
        npy_intp n = a->shape[a->nd - 1], bn = b->shape[b->nd - (b_vector ? 1 : 2)];
        if (bn != n) {
            PyErr_Format(PyExc_ValueError,
                         "%s: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                         "signature %s (size %lld is different from %lld)",
                         b_vector ? "solve1" : "solve", b_vector ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)",
                         (long long)bn, (long long)n);
            return -1;
        }
    }
    int out_core = b_vector ? 1 : 2;
    if (!kiln_batch_fits(a, 2, out, out_core)) return -1;
    return b && !kiln_batch_fits(b, out_core, out, out_core) ? -1 : 0;
}
"""

_DIRECT = r"""
typedef {int_t} kiln_lapack_int;
"""

# OpenBLAS factors a matrix (?getrf, n >= 100) on its own thread pool: neither kiln's OpenMP
# team nor the threads callback (kiln.runtime.blas_threads) reaches that path, and the pool's
# threads then spin for a while beside kiln's team (NPBench contour_integral at M: 0.72x on 2
# threads against 1). The factorization runs on one thread; the solve with the right-hand sides
# (?getrs, most of the work for several of them) keeps every thread, through the callback.
_SERIAL = r"""
typedef int (*kiln_blas_get_threads_t)(void);
typedef void (*kiln_blas_set_threads_t)(int);
static kiln_blas_get_threads_t kiln_blas_get_threads = NULL;
static kiln_blas_set_threads_t kiln_blas_set_threads = NULL;
static int kiln_blas_serial_begin(void) {
    static int looked = 0;
    if (!looked) {
        looked = 1;
        kiln_blas_get_threads = (kiln_blas_get_threads_t)kiln_library_sym("{getter}");
        kiln_blas_set_threads = (kiln_blas_set_threads_t)kiln_library_sym("{setter}");
        if (!kiln_blas_get_threads || !kiln_blas_set_threads) {
            kiln_blas_get_threads = NULL;
            kiln_blas_set_threads = NULL;
            PyErr_Clear();
        }
    }
    int n = kiln_blas_get_threads ? kiln_blas_get_threads() : 1;
    if (n > 1) kiln_blas_set_threads(1);
    return n;
}
static void kiln_blas_serial_end(int n) {
    if (n > 1) kiln_blas_set_threads(n);
}
"""

_NOT_SERIAL = r"""
static int kiln_blas_serial_begin(void) { return 1; }
static void kiln_blas_serial_end(int n) { (void)n; }
"""

# One copy per computation dtype: {s} d or z, {t} its C type.
_DIRECT_TYPED = r"""
typedef void (*kiln_getrf_{s}_t)(const kiln_lapack_int*, const kiln_lapack_int*, {t}*, const kiln_lapack_int*,
                                 kiln_lapack_int*, kiln_lapack_int*);
typedef void (*kiln_getrs_{s}_t)(const char*, const kiln_lapack_int*, const kiln_lapack_int*, const {t}*,
                                 const kiln_lapack_int*, const kiln_lapack_int*, {t}*, const kiln_lapack_int*,
                                 kiln_lapack_int*, size_t);
typedef void (*kiln_potrf_{s}_t)(const char*, const kiln_lapack_int*, {t}*, const kiln_lapack_int*,
                                 kiln_lapack_int*, size_t);
/* Column-major rows x cols buffer <-> strided matrix (element strides rs, cs). A matrix stored
   by rows is transposed on the way: in tiles of KILN_LA_TILE x KILN_LA_TILE, whose lines on both
   sides stay in cache (row by row, the column-major side strides across the whole matrix:
   NPBench cholesky2's 2200 x 2200 copies took longer than the factorization on two threads). */
#ifndef KILN_LA_TILE
#define KILN_LA_TILE 32
#endif
/* In parallel builds, a copy of this many elements or more is shared by the team. */
#define KILN_LA_TEAM 262144
/* dst[i, j] = src[i, j] for a rows x cols matrix, each side with its own element strides. */
static void kiln_copy_{s}({t}* dst, npy_intp drs, npy_intp dcs, const {t}* src, npy_intp srs,
                          npy_intp scs, npy_intp rows, npy_intp cols) {{
    if (srs <= scs && drs <= dcs) {{ for (npy_intp j = 0; j < cols; j++) for (npy_intp i = 0; i < rows; i++)
        dst[i * drs + j * dcs] = src[i * srs + j * scs]; return; }}
    #pragma omp parallel for schedule(static) if (rows * cols >= KILN_LA_TEAM && !kiln_in_team())
    for (npy_intp i0 = 0; i0 < rows; i0 += KILN_LA_TILE)
        for (npy_intp j0 = 0; j0 < cols; j0 += KILN_LA_TILE) {{
            const npy_intp i1 = i0 + KILN_LA_TILE < rows ? i0 + KILN_LA_TILE : rows;
            const npy_intp j1 = j0 + KILN_LA_TILE < cols ? j0 + KILN_LA_TILE : cols;
            for (npy_intp i = i0; i < i1; i++) for (npy_intp j = j0; j < j1; j++)
                dst[i * drs + j * dcs] = src[i * srs + j * scs];
        }}
}}
static void kiln_pack_{s}({t}* dst, const {t}* src, npy_intp rows, npy_intp cols, npy_intp rs,
                          npy_intp cs) {{
    kiln_copy_{s}(dst, 1, rows, src, rs, cs, rows, cols);
}}
static void kiln_unpack_{s}({t}* dst, const {t}* src, npy_intp rows, npy_intp cols, npy_intp rs,
                            npy_intp cs) {{
    kiln_copy_{s}(dst, rs, cs, src, 1, rows, rows, cols);
}}
/* out = solve(a, b), or inv(a) when b is NULL (NumPy solves against the identity too): ?gesv's
   two steps, the factorization on one thread (kiln_blas_serial_begin). */
static int kiln_la_gesv_{s}(const kiln_mat* out, const kiln_mat* a, const kiln_mat* b, int b_vector) {{
    static kiln_getrf_{s}_t getrf = NULL;
    static kiln_getrs_{s}_t getrs = NULL;
    if (kiln_solve_shapes(out, a, b, b_vector) < 0) return -1;
    int out_core = b_vector ? 1 : 2, nb = out->nd - out_core;
    npy_intp n = a->shape[a->nd - 1], nrhs = !b ? n : (b_vector ? 1 : b->shape[b->nd - 1]);
    if (kiln_batch_count(nb, out->shape) == 0 || n == 0 || nrhs == 0) return 0;
    if (!getrf && !(getrf = (kiln_getrf_{s}_t)kiln_library_sym("{getrf}"))) return -1;
    if (!getrs && !(getrs = (kiln_getrs_{s}_t)kiln_library_sym("{getrs}"))) return -1;
    {t}* fa = malloc(sizeof({t}) * (size_t)(n * n + n * nrhs));
    kiln_lapack_int* ipiv = malloc(sizeof(kiln_lapack_int) * (size_t)n);
    if (!fa || !ipiv) {{
        free(fa);
        free(ipiv);
        PyErr_Format(PyExc_MemoryError,
                     "Unable to allocate %zd bytes for LAPACK's copies of an %zd x %zd system",
                     (Py_ssize_t)(sizeof({t}) * (size_t)(n * n + n * nrhs)), (Py_ssize_t)n, (Py_ssize_t)nrhs);
        return -1;
    }}
    {t}* fb = fa + n * n;
    kiln_lapack_int ln = (kiln_lapack_int)n, lrhs = (kiln_lapack_int)nrhs, info = 0;
    npy_intp idx[NPY_MAXDIMS] = {{0}};
    npy_intp ors = out->strides[out->nd - out_core], ocs = b_vector ? 0 : out->strides[out->nd - 1];
    int rc = 0;
    do {{
        kiln_pack_{s}(fa, ({t}*)a->data + kiln_batch_offset(a, 2, nb, idx), n, n, a->strides[a->nd - 2],
                    a->strides[a->nd - 1]);
        if (b) {{
            const {t}* pb = ({t}*)b->data + kiln_batch_offset(b, out_core, nb, idx);
            npy_intp bcs = b_vector ? 0 : b->strides[b->nd - 1];
            kiln_pack_{s}(fb, pb, n, nrhs, b->strides[b->nd - out_core], bcs);
        }} else {{
            for (npy_intp k = 0; k < n * n; k++) fb[k] = 0;
            for (npy_intp k = 0; k < n; k++) fb[k + k * n] = 1;
        }}
        int threads = kiln_blas_serial_begin();
        getrf(&ln, &ln, fa, &ln, ipiv, &info);
        kiln_blas_serial_end(threads);
        if (info == 0) getrs("N", &ln, &lrhs, fa, &ln, ipiv, fb, &ln, &info, 1);
        if (info != 0) {{
            if (info > 0) kiln_linalg_error("Singular matrix");
            else PyErr_Format(PyExc_SystemError, "LAPACK ?getrf/?getrs: bad argument %lld", (long long)-info);
            rc = -1;
            break;
        }}
        kiln_unpack_{s}(({t}*)out->data + kiln_batch_offset(out, out_core, nb, idx), fb, n, nrhs, ors, ocs);
    }} while (kiln_batch_next(nb, out->shape, idx));
    free(fa);
    free(ipiv);
    return rc;
}}
/* out = the lower (or upper) Cholesky factor of each matrix of a; the other triangle is 0. */
static int kiln_la_potrf_{s}(const kiln_mat* out, const kiln_mat* a, int upper) {{
    static kiln_potrf_{s}_t potrf = NULL;
    if (kiln_require_square(a) < 0) return -1;
    int nb = a->nd - 2;
    npy_intp n = a->shape[a->nd - 1];
    if (kiln_batch_count(nb, a->shape) == 0 || n == 0) return 0;
    if (!potrf && !(potrf = (kiln_potrf_{s}_t)kiln_library_sym("{potrf}"))) return -1;
    {t}* fa = malloc(sizeof({t}) * (size_t)(n * n));
    if (!fa) {{
        PyErr_Format(PyExc_MemoryError,
                     "Unable to allocate %zd bytes for LAPACK's copy of a %zd x %zd matrix",
                     (Py_ssize_t)(sizeof({t}) * (size_t)(n * n)), (Py_ssize_t)n, (Py_ssize_t)n);
        return -1;
    }}
    kiln_lapack_int ln = (kiln_lapack_int)n, info = 0;
    npy_intp idx[NPY_MAXDIMS] = {{0}};
    int rc = 0;
    do {{
        kiln_pack_{s}(fa, ({t}*)a->data + kiln_batch_offset(a, 2, nb, idx), n, n, a->strides[a->nd - 2],
                    a->strides[a->nd - 1]);
        potrf(upper ? "U" : "L", &ln, fa, &ln, &info, 1);
        if (info != 0) {{
            if (info > 0) kiln_linalg_error("Matrix is not positive definite");
            else PyErr_Format(PyExc_SystemError, "LAPACK {potrf}: bad argument %lld", (long long)-info);
            rc = -1;
            break;
        }}
        for (npy_intp j = 0; j < n; j++) {{ /* the triangle potrf leaves as it was */
            const npy_intp lo = upper ? j + 1 : 0, hi = upper ? n : j;
            for (npy_intp i = lo; i < hi; i++) fa[i + j * n] = 0;
        }}
        {t}* po = ({t}*)out->data + kiln_batch_offset(out, 2, nb, idx);
        kiln_unpack_{s}(po, fa, n, n, out->strides[out->nd - 2], out->strides[out->nd - 1]);
    }} while (kiln_batch_next(nb, a->shape, idx));
    free(fa);
    return rc;
}}
"""

# Without a LAPACK to call: numpy.linalg computes, kiln copies the result into place.
_THROUGH_NUMPY = r"""
static int kiln_la_numpy(const char* func, PyObject* out, PyObject* a, PyObject* b, int upper) {
    PyObject* r = NULL;
    PyObject* m = PyImport_ImportModule("numpy.linalg");
    PyObject* f = m ? PyObject_GetAttrString(m, func) : NULL;
    if (f && b) r = PyObject_CallFunctionObjArgs(f, a, b, NULL);
    else if (f && upper) {
        PyObject* args = PyTuple_Pack(1, a);
        PyObject* kw = args ? Py_BuildValue("{s:O}", "upper", Py_True) : NULL;
        if (kw) r = PyObject_Call(f, args, kw);
        Py_XDECREF(args); Py_XDECREF(kw);
    } else if (f) r = PyObject_CallFunctionObjArgs(f, a, NULL);
    int rc = r ? PyArray_CopyInto((PyArrayObject*)out, (PyArrayObject*)r) : -1;
    Py_XDECREF(r); Py_XDECREF(f); Py_XDECREF(m);
    Py_DECREF(out); Py_DECREF(a); Py_XDECREF(b);
    return rc;
}
"""


def uses_lapack(fn: ir.Function) -> bool:
    from kiln.ir.visit import iter_stmts

    return any(isinstance(s, ir.LibCall) and s.func in LAPACK_CALLS for s in iter_stmts(fn.body))


def support_code(fn: ir.Function) -> str:
    """The C helpers ``fn``'s LAPACK calls need (nothing when it makes none)."""
    if not uses_lapack(fn):
        return ""
    lapack = find_lapack()
    if lapack is None:
        return _THROUGH_NUMPY
    parts = [_COMMON, _DIRECT.replace("{int_t}", "int64_t" if lapack.int_bits == 64 else "int32_t")]
    names = thread_count_symbols()
    if names is None:
        parts.append(_NOT_SERIAL)
    else:
        parts.append(_SERIAL.replace("{getter}", names[0]).replace("{setter}", names[1]))
    for s, t in (("d", "double"), ("z", "double _Complex")):
        parts.append(_typed(lapack, s, t))
    return "".join(parts)


def _typed(lapack: Lapack, s: str, t: str) -> str:
    getrf, getrs, potrf = (lapack.symbol(f"{s}{r}") for r in ("getrf", "getrs", "potrf"))
    return _DIRECT_TYPED.format(s=s, t=t, getrf=getrf, getrs=getrs, potrf=potrf)


def _mat(r: StmtRenderer, name: str) -> str:
    t = r.array_type(name)
    shapes = ", ".join(cx.shape_name(name, k) for k in range(t.ndim))
    strides = ", ".join(r.e.stride(name, k) for k in range(t.ndim))
    return f"{{{cx.data_name(name)}, {t.ndim}, (npy_intp[]){{{shapes}}}, (npy_intp[]){{{strides}}}}}"


def render_lapack_call(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    if find_lapack() is None:
        return _render_through_numpy(s, r)
    (out,), ins = s.outputs, s.inputs
    suffix = "z" if r.array_type(out).dtype == "complex128" else "d"
    lines = [f"const kiln_mat m_out_ = {_mat(r, out)};", f"const kiln_mat m_a_ = {_mat(r, ins[0])};"]
    if s.func == "solve":
        lines.append(f"const kiln_mat m_b_ = {_mat(r, ins[1])};")
        vector = int(r.array_type(ins[1]).ndim == 1)
        call = f"kiln_la_gesv_{suffix}(&m_out_, &m_a_, &m_b_, {vector})"
    elif s.func == "inv":
        call = f"kiln_la_gesv_{suffix}(&m_out_, &m_a_, NULL, 0)"
    else:
        call = f"kiln_la_potrf_{suffix}(&m_out_, &m_a_, {int(s.func == 'cholesky_upper')})"
    return ["{", *["    " + x for x in lines], f"    if ({call} < 0) goto kiln_fail;", "}"]


def _render_through_numpy(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    from kiln.codegen.c_lib import wrap_view

    names = [*s.outputs, *s.inputs]
    lines = [f"PyObject* w{k}_ = {wrap_view(r, n)};" for k, n in enumerate(names)]
    b = "w2_" if s.func == "solve" else "NULL"
    func = "cholesky" if s.func.startswith("cholesky") else s.func
    upper = int(s.func == "cholesky_upper")
    ok = " || ".join(f"!w{k}_" for k in range(len(names)))
    lines += [
        f"if ({ok}) {{ {' '.join(f'Py_XDECREF(w{k}_);' for k in range(len(names)))} goto kiln_fail; }}",
        f'if (kiln_la_numpy("{func}", w0_, w1_, {b}, {upper}) < 0) goto kiln_fail;',
    ]
    return ["{", *["    " + x for x in lines], "}"]
