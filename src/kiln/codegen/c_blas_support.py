"""C helpers that call NumPy's BLAS (``?gemm``/``?gemv``) on strided operands, no copies.

BLAS is column-major; a kiln view with element strides ``(s0, s1)`` is handed over as it is
when its columns are contiguous (``s0 == 1``, leading dimension ``s1``) and as its transpose
when its rows are (``s1 == 1``, leading dimension ``s0``), so C-ordered, Fortran-ordered,
transposed and sliced operands all go straight to the library. A row-major result is computed
as its transpose (``c^T = b^T a^T``). A helper answers 0 when a layout fits neither way
(the caller then takes its generated or NumPy path), and also when ``alpha`` is 0: BLAS would
skip the product and with it the NaNs NumPy propagates. A ``beta`` of 0 is applied by hand
first (``0 * inf`` is NaN in NumPy; BLAS would not read ``c``). Parallel builds compute a few
rows of float32 times a large row-major matrix with ``kiln_skinny_s`` instead (see ``_SKINNY``).
"""

from __future__ import annotations

from kiln.runtime.lapack import Lapack

BLAS_CTYPES = {"float32": ("s", "float"), "float64": ("d", "double"),
               "complex64": ("c", "float _Complex"), "complex128": ("z", "double _Complex")}  # fmt: skip

_COMMON = r"""
typedef {int_t} kiln_blas_int;
typedef const kiln_blas_int* kiln_blas_iarg;
/* Whether BLAS can take a rows x cols matrix with element strides s0, s1 as stored: 0 as it is
   (column-major, *ld = s1), 1 as its transpose (row-major, *ld = s0), -1 neither. Strides of
   axes of extent <= 1 do not matter. */
static int kiln_blas_layout(npy_intp rows, npy_intp cols, npy_intp s0, npy_intp s1, npy_intp* ld) {{
    npy_intp r1 = rows > 1 ? rows : 1, c1 = cols > 1 ? cols : 1;
    if (rows > KILN_BLAS_INT_MAX || cols > KILN_BLAS_INT_MAX) return -1;
    if ((s0 == 1 || rows <= 1) && (cols <= 1 || s1 >= r1)) {{ *ld = cols <= 1 ? r1 : s1; return 0; }}
    if ((s1 == 1 || cols <= 1) && (rows <= 1 || s0 >= c1)) {{ *ld = rows <= 1 ? c1 : s0; return 1; }}
    return -1;
}}
/* Whether a vector of n elements with element stride inc suits BLAS (*out: the stride to pass). */
static int kiln_blas_vector(npy_intp n, npy_intp inc, npy_intp* out) {{
    if (n > KILN_BLAS_INT_MAX) return 0;
    *out = n <= 1 ? 1 : inc;
    return n <= 1 || inc > 0;
}}
"""

_TYPED = r"""
typedef void (*kiln_gemm_{s}_t)(const char*, const char*, kiln_blas_iarg, kiln_blas_iarg, kiln_blas_iarg,
                                const {t}*, const {t}*, kiln_blas_iarg, const {t}*, kiln_blas_iarg,
                                const {t}*, {t}*, kiln_blas_iarg, size_t, size_t);
typedef void (*kiln_syrk_{s}_t)(const char*, const char*, kiln_blas_iarg, kiln_blas_iarg, const {t}*,
                                const {t}*, kiln_blas_iarg, const {t}*, {t}*, kiln_blas_iarg, size_t, size_t);
typedef void (*kiln_gemv_{s}_t)(const char*, kiln_blas_iarg, kiln_blas_iarg, const {t}*, const {t}*,
                                kiln_blas_iarg, const {t}*, kiln_blas_iarg, const {t}*, {t}*, kiln_blas_iarg,
                                size_t);
/* c = beta * c (beta_given) or 0 (not): an m x n strided matrix. */
static void kiln_blas_scale_{s}({t}* c, npy_intp m, npy_intp n, npy_intp cs0, npy_intp cs1, int beta_given,
                                {t} beta) {{
    for (npy_intp i = 0; i < m; i++)
        for (npy_intp j = 0; j < n; j++) c[i * cs0 + j * cs1] = beta_given ? beta * c[i * cs0 + j * cs1] : 0;
}}
/* c (n x n, column-major, leading dimension ldc) = alpha * a @ a^T with a n x k stored as it is
   (ta 0) or as its transpose (ta 1): ?syrk fills the upper triangle, copied to the lower one.
   NumPy's matmul does the same for an operand times its own transpose: half the work, and a
   result that is exactly symmetric. */
static int kiln_syrk_{s}(npy_intp n, npy_intp k, {t} alpha, const {t}* a, int ta, npy_intp lda, {t}* c,
                         npy_intp cs0, npy_intp cs1, npy_intp ldc) {{
    static kiln_syrk_{s}_t syrk = NULL;
    if (!syrk && !(syrk = (kiln_syrk_{s}_t)kiln_library_sym("{syrk}"))) return -1;
    {t} zero = 0;
    kiln_blas_int ln = (kiln_blas_int)n, lk = (kiln_blas_int)k;
    kiln_blas_int la = (kiln_blas_int)lda, lc = (kiln_blas_int)ldc;
    syrk("U", ta ? "T" : "N", &ln, &lk, &alpha, a, &la, &zero, c, &lc, 1, 1);
    for (npy_intp j = 0; j < n; j++)
        for (npy_intp i = j + 1; i < n; i++) c[i * cs0 + j * cs1] = c[j * cs0 + i * cs1];
    return 1;
}}
/* c (m x n) = alpha * a (m x k) @ b (k x n) [+ beta * c]: 1 done, 0 not for BLAS, -1 error. */
static int kiln_gemm_{s}(npy_intp m, npy_intp n, npy_intp k, {t} alpha, const {t}* a, npy_intp as0,
                         npy_intp as1, const {t}* b, npy_intp bs0, npy_intp bs1, int beta_given, {t} beta,
                         {t}* c, npy_intp cs0, npy_intp cs1) {{
    static kiln_gemm_{s}_t gemm = NULL;
    npy_intp lda, ldb, ldc;
    if (m == 0 || n == 0) return 1;
    if (alpha == 0 || k > KILN_BLAS_INT_MAX) return 0;{skinny_call}
    int tc = kiln_blas_layout(m, n, cs0, cs1, &ldc);
    if (tc < 0) return 0;
    if (tc == 1) {{  /* a row-major c: c^T = b^T a^T */
        const {t}* p = a; a = b; b = p;
        npy_intp s0 = as0, s1 = as1, mm = m;
        as0 = bs1; as1 = bs0; bs0 = s1; bs1 = s0; m = n; n = mm;
        s0 = cs0; cs0 = cs1; cs1 = s0;
    }}
    int ta = kiln_blas_layout(m, k, as0, as1, &lda), tb = kiln_blas_layout(k, n, bs0, bs1, &ldb);
    if (k > 0 && (ta < 0 || tb < 0)) return 0;
    if (k == 0 || (beta_given && beta == 0)) {{
        kiln_blas_scale_{s}(c, m, n, cs0, cs1, beta_given, beta);
        if (k == 0) return 1;
        beta = 1;
    }} else if (!beta_given) beta = 0;
    if (a == b && m == n && as0 == bs1 && as1 == bs0 && !beta_given && k > 0)
        return kiln_syrk_{s}(m, k, alpha, a, ta, lda, c, cs0, cs1, ldc);
    if (!gemm && !(gemm = (kiln_gemm_{s}_t)kiln_library_sym("{gemm}"))) return -1;
    kiln_blas_int lm = (kiln_blas_int)m, ln = (kiln_blas_int)n, lk = (kiln_blas_int)k;
    kiln_blas_int la = (kiln_blas_int)lda, lb = (kiln_blas_int)ldb, lc = (kiln_blas_int)ldc;
    gemm(ta ? "T" : "N", tb ? "T" : "N", &lm, &ln, &lk, &alpha, a, &la, b, &lb, &beta, c, &lc, 1, 1);
    return 1;
}}
/* y = alpha * a @ x (trans 0) or alpha * x @ a (trans 1) [+ beta * y], a rows x cols. */
static int kiln_gemv_{s}(npy_intp rows, npy_intp cols, int trans, {t} alpha, const {t}* a, npy_intp as0,
                         npy_intp as1, const {t}* x, npy_intp incx, int beta_given, {t} beta, {t}* y,
                         npy_intp incy) {{
    static kiln_gemv_{s}_t gemv = NULL;
    npy_intp ny = trans ? cols : rows, nx = trans ? rows : cols, lda, ix, iy;
    if (ny == 0) return 1;
    if (alpha == 0 || !kiln_blas_vector(nx, incx, &ix) || !kiln_blas_vector(ny, incy, &iy)) return 0;
    int ta = kiln_blas_layout(rows, cols, as0, as1, &lda);
    if (nx > 0 && ta < 0) return 0;
    if (nx == 0 || (beta_given && beta == 0)) {{
        kiln_blas_scale_{s}(y, ny, 1, incy, 0, beta_given, beta);
        if (nx == 0) return 1;
        beta = 1;
    }} else if (!beta_given) beta = 0;
    if (!gemv && !(gemv = (kiln_gemv_{s}_t)kiln_library_sym("{gemv}"))) return -1;
    /* BLAS sees the stored matrix: a itself (ta 0) or its transpose (ta 1). */
    kiln_blas_int sr = (kiln_blas_int)(ta ? cols : rows), sc = (kiln_blas_int)(ta ? rows : cols);
    kiln_blas_int la = (kiln_blas_int)lda, lx = (kiln_blas_int)ix, ly = (kiln_blas_int)iy;
    gemv((trans ^ ta) ? "T" : "N", &sr, &sc, &alpha, a, &la, x, &lx, &beta, y, &ly, 1);
    return 1;
}}
"""


# A float32 product of a few rows (2 <= m <= 8: ``x @ W`` on a small batch) by a large row-major
# matrix: the library packs all of b for a few rows' worth of arithmetic, so b crosses memory
# twice. Here each thread streams its block of b's columns once and keeps that block of c in
# cache. NPBench mlp's 8 x 30000 @ 30000 x 10000: 350 / 178 ms on one / two threads against the
# library's 451 / 257 ms; 3 x 50000 @ 50000 x 1000: 38 / 22 ms against 73 / 42 ms. Not for
# float64 (8 x 30000 @ 30000 x 10000 took 420 ms on two threads against the library's 275 ms:
# this loop is bound by its arithmetic, twice as long in doubles), nor for one row (?gemv is a
# little faster), nor in sequential builds, which keep the library's own threads.
_SKINNY = r"""
static void kiln_skinny_{s}(npy_intp m, npy_intp n, npy_intp k, {t} alpha, const {t}* a, npy_intp as0,
                            npy_intp as1, const {t}* b, npy_intp bs0, int beta_given, {t} beta, {t}* c,
                            npy_intp cs0) {{
    enum {{ COLS = 4096 / sizeof({t}) }};  /* 8 rows of accumulators: 32 KiB */
    npy_intp blocks = (n + COLS - 1) / COLS, workers = kiln_worker_count();
    if (blocks < workers) blocks = n / 64 < workers ? (n / 64 > 1 ? n / 64 : 1) : workers;
    npy_intp width = ((n + blocks - 1) / blocks + 15) / 16 * 16;
    blocks = (n + width - 1) / width;
    #pragma omp parallel for schedule(static) if (blocks > 1 && kiln_team_of_many())
    for (npy_intp blk = 0; blk < blocks; blk++) {{
        npy_intp j0 = blk * width, w = n - j0 < width ? n - j0 : width;
        {t} acc[KILN_SKINNY_ROWS][COLS];
        for (npy_intp i = 0; i < m; i++)
            for (npy_intp j = 0; j < w; j++) acc[i][j] = 0;
        npy_intp p = 0;
        for (; p + 2 <= k; p += 2) {{  /* two rows of b per pass over the accumulators */
            const {t}* restrict u = b + p * bs0 + j0;
            const {t}* restrict v = u + bs0;
            npy_intp i = 0;
            for (; i + 4 <= m; i += 4) {{
                const {t}* x = a + i * as0 + p * as1;
                {t} x0u = x[0], x0v = x[as1], x1u = x[as0], x1v = x[as0 + as1];
                {t} x2u = x[2 * as0], x2v = x[2 * as0 + as1], x3u = x[3 * as0], x3v = x[3 * as0 + as1];
                {t}* restrict r0 = acc[i];
                {t}* restrict r1 = acc[i + 1];
                {t}* restrict r2 = acc[i + 2];
                {t}* restrict r3 = acc[i + 3];
                #pragma omp simd
                for (npy_intp j = 0; j < w; j++) {{
                    {t} bu = u[j], bv = v[j];
                    r0[j] += x0u * bu + x0v * bv;
                    r1[j] += x1u * bu + x1v * bv;
                    r2[j] += x2u * bu + x2v * bv;
                    r3[j] += x3u * bu + x3v * bv;
                }}
            }}
            for (; i < m; i++) {{
                {t} xu = a[i * as0 + p * as1], xv = a[i * as0 + (p + 1) * as1];
                {t}* restrict r = acc[i];
                #pragma omp simd
                for (npy_intp j = 0; j < w; j++) r[j] += xu * u[j] + xv * v[j];
            }}
        }}
        if (p < k)
            for (npy_intp i = 0; i < m; i++) {{
                {t} xu = a[i * as0 + p * as1];
                const {t}* restrict u = b + p * bs0 + j0;
                {t}* restrict r = acc[i];
                #pragma omp simd
                for (npy_intp j = 0; j < w; j++) r[j] += xu * u[j];
            }}
        for (npy_intp i = 0; i < m; i++) {{
            {t}* out = c + i * cs0 + j0;
            if (beta_given)
                for (npy_intp j = 0; j < w; j++) out[j] = alpha * acc[i][j] + beta * out[j];
            else
                for (npy_intp j = 0; j < w; j++) out[j] = alpha * acc[i][j];
        }}
    }}
}}
"""

_SKINNY_CALL = """
#ifdef _OPENMP
    if (m >= 2 && m <= KILN_SKINNY_ROWS && k >= 256 && k * n >= KILN_SKINNY_MIN && bs1 == 1 && cs1 == 1) {{
        kiln_skinny_{s}(m, n, k, alpha, a, as0, as1, b, bs0, beta_given, beta, c, cs0);
        return 1;
    }}
#endif"""

_SKINNY_DEFINES = """#define KILN_SKINNY_ROWS 8
/* b of fewer elements (16 MiB of float32), or of fewer than 256 rows: the library's packing
   costs little (8 x 3 @ 3 x 30000: 0.15 ms here against its 0.07 ms) */
#define KILN_SKINNY_MIN (1 << 22)"""


def blas_support(blas: Lapack, dtypes: set[str]) -> str:
    """The C helpers for BLAS calls in ``dtypes`` (float32/64, complex64/128)."""
    wide = blas.int_bits == 64
    parts = [
        "#define KILN_BLAS_INT_MAX " + ("((npy_intp)INT64_MAX)" if wide else "((npy_intp)INT32_MAX)"),
        _COMMON.format(int_t="int64_t" if wide else "int32_t"),
        _SKINNY_DEFINES,
    ]
    for dtype in sorted(dtypes):
        s, t = BLAS_CTYPES[dtype]
        names = {r: blas.symbol(f"{s}{r}") for r in ("gemm", "gemv", "syrk")}
        skinny = dtype == "float32"  # see _SKINNY for why float32 only
        if skinny:
            parts.append("#ifdef _OPENMP" + _SKINNY.format(s=s, t=t) + "#endif")
        skinny_call = _SKINNY_CALL.format(s=s) if skinny else ""
        parts.append(_TYPED.format(s=s, t=t, skinny_call=skinny_call, **names))
    return "\n".join(parts)
