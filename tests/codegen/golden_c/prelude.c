
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <numpy/arrayobject.h>
#include <math.h>
#include <complex.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#undef I
#define KILN_I _Complex_I
#if defined(__GNUC__)
/* Raising is rare: without this, gcc guesses every error check fails a third of the time, the
   guessed frequency of code after a few dozen checks falls to nothing, and gcc then optimizes
   those loops for size (no vectorization). Cold callees make the error paths never-taken. */
PyAPI_FUNC(PyObject *) PyErr_Format(PyObject *, const char *, ...) __attribute__((cold));
PyAPI_FUNC(void) PyErr_SetString(PyObject *, const char *) __attribute__((cold));
PyAPI_FUNC(PyObject *) PyErr_NoMemory(void) __attribute__((cold));
#endif
#define KILN_SMALL_GEMM 32768
/* A product over a contracted extent this short does a few flops per element of the result:
   memory-bound at any size, where loops match BLAS without its packing and thread start-up. */
#define KILN_THIN_GEMM 4
/* Columns of the result a product by generated loops completes at a time (c_lib): 256 complex
   doubles of a row, and those of up to KILN_THIN_GEMM rows of the right operand, stay in L1. */
#define KILN_GEMM_COLS 256
/* Matrix-vector products call ?gemv directly (strided operands included, no copies); generated
   loops only tie with it on tiny matrices, where the call's fixed cost dominates. Measured against
   single-threaded BLAS (medians of interleaved runs, double): A @ x loops are 4.7x slower at 64x64
   and 6-10x at 100..1000 (their strict-order dot products do not vectorize); x @ A and a strided
   column @ a strided block of rows 1.1-1.8x slower from 100x100 on; all equal at 32x32. */
#define KILN_SMALL_GEMV 1024
/* Operations (kiln.ir.op_count) a parallel loop must hold before it enters an OpenMP region;
   -DKILN_PAR_MIN=... overrides it. */
#ifndef KILN_PAR_MIN
#define KILN_PAR_MIN 262144
#endif
/* Once a call has run a loop on the team, loops of KILN_PAR_NEAR operations run there too: they
   mostly touch the same arrays, and a loop kept on one thread first pulls the other cores'
   halves into its cache, then the next parallel loop pulls them back. Measured on 121x121
   stencils (NPBench cavity_flow at M), 2 threads against 1: 0.66x with the copies between the
   sweeps on one thread, 1.6x with them on the team.
   So do they once the call's parallel loops of KILN_PAR_SWEEP operations or more have added up
   to KILN_PAR_MIN: a time loop of many sweeps then pays the team's wake-up once, and each later
   region only the start of threads that still spin (1-2 us here). Measured on NPBench
   jacobi_1d at M (3000 time steps of two 12000-element sweeps), 2 threads against 1: 1.0x with
   every sweep on one thread, 1.1-1.5x with the sweeps on the team. Smaller loops do not count:
   a C model of those sweeps broke even at 6000 elements (60000 operations) and lost 2x at
   1500, and NPBench durbin (6000 shrinking loops, whose flipped operands move each thread's
   half to the other core) went from 20 to 48 ms on two threads when its loops counted. */
#ifndef KILN_PAR_NEAR
#define KILN_PAR_NEAR 16384
#endif
#ifndef KILN_PAR_SWEEP
#define KILN_PAR_SWEEP 65536
#endif
/* Which OpenMP worker runs, and how many there may be: a kernel's blocks index their
   shared-memory scratch by worker. */
#ifdef _OPENMP
#include <omp.h>
#include <sched.h>
#define kiln_worker_id() ((int64_t)omp_get_thread_num())
#define kiln_worker_count() ((int64_t)omp_get_max_threads())
#define kiln_in_team() omp_in_parallel()
/* The meeting point of a one-region loop's threads (c_team_loop), instead of `omp barrier` and
   the barrier closing an `omp for`: libgomp's last thread to arrive makes a futex system call at
   every meeting, sleepers or not. A C model of NPBench jacobi_1d at M (3000 steps of two
   12000-element sweeps, 18.3 ms on one thread) took 10.2-10.8 ms on two threads with libgomp's
   barriers and 9.3 ms with this one. A waiting thread spins, then yields its core (to a thread
   of the team that a busy machine took off its core). */
#ifndef KILN_BARRIER_SPINS
#define KILN_BARRIER_SPINS 20000
#endif
#if defined(__x86_64__) || defined(__i386__)
#define kiln_cpu_relax() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define kiln_cpu_relax() __asm__ __volatile__("yield")
#else
#define kiln_cpu_relax() ((void)0)
#endif
typedef struct {
    _Alignas(64) int64_t arrived;
    _Alignas(64) int64_t generation;
} kiln_barrier;
static void kiln_barrier_wait(kiln_barrier* b) {
    int64_t seen = __atomic_load_n(&b->generation, __ATOMIC_ACQUIRE);
    if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == omp_get_num_threads()) {
        __atomic_store_n(&b->arrived, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&b->generation, seen + 1, __ATOMIC_RELEASE);
        return;
    }
    for (int64_t spins = 0; __atomic_load_n(&b->generation, __ATOMIC_ACQUIRE) == seen; spins++) {
        if (spins < KILN_BARRIER_SPINS) kiln_cpu_relax(); else sched_yield();
    }
}
#else
#define kiln_worker_id() ((int64_t)0)
#define kiln_worker_count() ((int64_t)1)
#define kiln_in_team() 0
#endif
/* A team of one thread does the loop's work and pays the region's start and end besides
   (about 0.4 us a region, measured on 130 x 520 element-wise loops). */
#define kiln_team_of_many() (kiln_worker_count() > 1)
#if defined(__GNUC__)
#define KILN_INLINE static inline __attribute__((always_inline))
#else
#define KILN_INLINE static inline
#endif
/* The OpenMP threshold's arithmetic: functions, so that a work estimate names each of its
   terms once (a ternary max repeats both arguments, doubling the text at each nesting). */
KILN_INLINE int64_t kiln_work_max(int64_t a, int64_t b) { return a > b ? a : b; }
/* A loop marked to poll (ir For/While .poll) asks Python whether a signal handler raised: the
   calling thread runs Python's pending handlers (PyErr_CheckSignals); when one raises, *stop
   tells every thread of the call to leave. Other threads of a team only read *stop: they do not
   hold the GIL. A call costs a few nanoseconds, too much for every row of a sparse matrix, so
   each loop asks every `every` iterations and adapts `every` to its iterations' length: it
   doubles while polls come less than 1 ms apart and halves when they come more than 10 ms
   apart, so a handler runs within a few milliseconds or one iteration, whichever is longer. */
typedef struct { uint32_t left, every; int64_t last_ns; } kiln_poller;
#define KILN_POLLER { 0, 1, 0 }
static int kiln_poll_signals(int* stop, kiln_poller* p) __attribute__((noinline, cold));
static int kiln_poll_signals(int* stop, kiln_poller* p) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    int64_t now = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec, gap = now - p->last_ns;
    if (p->last_ns && gap < 1000000 && p->every < (1u << 24)) p->every *= 2;
    else if (gap > 10000000 && p->every > 1) p->every /= 2;
    p->last_ns = now;
    p->left = p->every - 1;
    if (__atomic_load_n(stop, __ATOMIC_RELAXED)) return 1;
#ifdef _OPENMP
    if (omp_get_thread_num() != 0) return 0;
#endif
    if (__builtin_expect(PyErr_CheckSignals() == 0, 1)) return 0;
    __atomic_store_n(stop, 1, __ATOMIC_RELAXED);
    return 1;
}
#define KILN_POLL(p, stop) (__builtin_expect((p).left-- == 0, 0) && kiln_poll_signals((stop), &(p)))
/* Iterations of range(lo, hi, st), none for an empty range: a loop counting down (deriche's
   backward recursion) has hi < lo, and hi - lo would make its work negative. */
KILN_INLINE int64_t kiln_trips(int64_t lo, int64_t hi, int64_t st) {
    /* in unsigned arithmetic: hi - lo and the step may not fit int64 (range(0, 2**63 - 1, 2**62)) */
    uint64_t n = 0;
    if (st > 0 && hi > lo) n = ((uint64_t)hi - (uint64_t)lo - 1) / (uint64_t)st + 1;
    if (st < 0 && lo > hi) n = ((uint64_t)lo - (uint64_t)hi - 1) / (0 - (uint64_t)st) + 1;
    return n > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)n;
}
/* The k-th value of range(lo, hi, st), wrapping in unsigned arithmetic where k * st alone would
   overflow although the value itself lies between lo and hi. */
KILN_INLINE int64_t kiln_nth(int64_t lo, int64_t k, int64_t st) {
    return (int64_t)((uint64_t)lo + (uint64_t)k * (uint64_t)st);
}
/* *seen: operations of this call's parallel loops of KILN_PAR_SWEEP or more that ran alone;
   KILN_PAR_MIN once a loop ran on the team. */
KILN_INLINE int kiln_worth_team(int64_t ops, int64_t* seen) {
    if (ops > KILN_PAR_MIN || (*seen >= KILN_PAR_MIN && ops > KILN_PAR_NEAR)) {
        *seen = KILN_PAR_MIN;
        return 1;
    }
    if (*seen < KILN_PAR_MIN && ops >= KILN_PAR_SWEEP) *seen += ops; /* both <= KILN_PAR_MIN */
    return 0;
}

/* The address of a routine of the BLAS/LAPACK library NumPy ships (kiln.runtime.lapack.address);
   NULL with a Python error set when it cannot be found. */
static inline void* kiln_library_sym(const char* name) {
    PyObject* m = PyImport_ImportModule("kiln.runtime.lapack");
    if (!m) return NULL;
    PyObject* r = PyObject_CallMethod(m, "address", "s", name);
    Py_DECREF(m);
    if (!r) return NULL;
    void* p = PyLong_AsVoidPtr(r);
    Py_DECREF(r);
    return p;
}

/* Temporaries of KILN_SCRATCH_MIN bytes or more come from kiln.runtime.scratch's pool of
   blocks: the array's base is a lease whose end hands the block back to the pool (malloc would
   unmap a large block at free and fault its pages in again at the next call). */
#define KILN_SCRATCH_MIN 1048576
#if defined(__linux__)
#include <sys/mman.h>
#endif
#define KILN_TRACE_DOMAIN 0x6b696c6e /* blocks are reported to tracemalloc, as NumPy's buffers are */
static void kiln_block_free(PyObject* block) {
    void* p = PyCapsule_GetPointer(block, "kiln.block");
    PyTraceMalloc_Untrack(KILN_TRACE_DOMAIN, (uintptr_t)p);
    free(p);
}
static void kiln_lease_end(PyObject* lease) {
    PyObject* block = (PyObject*)PyCapsule_GetPointer(lease, "kiln.lease");
    PyObject *et, *ev, *tb;
    PyErr_Fetch(&et, &ev, &tb);
    PyObject* m = PyImport_ImportModule("kiln.runtime.scratch");
    if (m) {
        Py_ssize_t bytes = (Py_ssize_t)(uintptr_t)PyCapsule_GetContext(block);
        PyObject* r = PyObject_CallMethod(m, "give", "On", block, bytes);
        Py_XDECREF(r);
        Py_DECREF(m);
    }
    PyErr_Clear(); /* at exit the pool may be gone: the block is then just freed */
    PyErr_Restore(et, ev, tb);
    Py_DECREF(block);
}
/* The bytes of an array of these extents, or -1 where the count overflows (NumPy's own
   allocation then raises its "array is too big"). */
static npy_intp kiln_array_bytes(int nd, const npy_intp* dims, npy_intp itemsize) {
    npy_intp bytes = itemsize;
    for (int k = 0; k < nd; k++)
        if (__builtin_mul_overflow(bytes, dims[k], &bytes)) return -1;
    return bytes;
}
static PyObject* kiln_scratch_array(int nd, npy_intp* dims, int typenum) {
    PyArray_Descr* d = PyArray_DescrFromType(typenum);
    if (!d) return NULL;
    Py_ssize_t bytes = kiln_array_bytes(nd, dims, PyDataType_ELSIZE(d));
    if (bytes < KILN_SCRATCH_MIN) { Py_DECREF(d); return PyArray_EMPTY(nd, dims, typenum, 0); }
    PyObject* m = PyImport_ImportModule("kiln.runtime.scratch");
    PyObject* block = m ? PyObject_CallMethod(m, "take", "n", bytes) : NULL;
    Py_XDECREF(m);
    if (!block) { Py_DECREF(d); return NULL; }
    if (block == Py_None) {
        Py_DECREF(block);
        void* p = malloc((size_t)bytes);
        if (!p) {
            Py_DECREF(d);
            const char* what = "Unable to allocate %zd bytes for a temporary array";
            return PyErr_Format(PyExc_MemoryError, what, bytes);
        }
        PyTraceMalloc_Track(KILN_TRACE_DOMAIN, (uintptr_t)p, (size_t)bytes);
#ifdef MADV_HUGEPAGE
        if (bytes >= (1 << 22)) { /* as NumPy does: 2 MiB pages, 512 times fewer faults */
            uintptr_t start = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
            uintptr_t end = ((uintptr_t)p + (uintptr_t)bytes) & ~(uintptr_t)4095;
            if (end > start) madvise((void*)start, (size_t)(end - start), MADV_HUGEPAGE);
        }
#endif
        block = PyCapsule_New(p, "kiln.block", kiln_block_free);
        if (!block) {
            PyTraceMalloc_Untrack(KILN_TRACE_DOMAIN, (uintptr_t)p);
            free(p);
            Py_DECREF(d);
            return NULL;
        }
        PyCapsule_SetContext(block, (void*)(uintptr_t)bytes);
    }
    void* data = PyCapsule_GetPointer(block, "kiln.block");
    PyObject* lease = PyCapsule_New(block, "kiln.lease", kiln_lease_end); /* owns the block reference */
    if (!lease) { Py_DECREF(block); Py_DECREF(d); return NULL; }
    PyObject* arr = PyArray_NewFromDescr(&PyArray_Type, d, nd, dims, NULL, data, NPY_ARRAY_CARRAY, NULL);
    if (!arr) { Py_DECREF(lease); return NULL; }
    if (PyArray_SetBaseObject((PyArrayObject*)arr, lease) < 0) { Py_DECREF(arr); return NULL; }
    return arr;
}

/* A returned array of KILN_RESULT_POOL_MIN bytes or more gets its memory through
   kiln.runtime.result_pool's NumPy memory handler, which keeps the blocks of freed results for
   the next call (glibc would map them afresh, and each page would fault at its first write).
   The array stays an ordinary one that owns its data. */
#ifndef KILN_RESULT_POOL_MIN
#define KILN_RESULT_POOL_MIN 33554432
#endif
static PyObject* kiln_result_array(int nd, npy_intp* dims, int typenum) {
    static PyObject* handler = NULL; /* the capsule, or Py_None without a pool */
    PyArray_Descr* d = PyArray_DescrFromType(typenum);
    if (!d) return NULL;
    npy_intp bytes = kiln_array_bytes(nd, dims, PyDataType_ELSIZE(d));
    Py_DECREF(d);
    if (bytes < KILN_RESULT_POOL_MIN) return PyArray_EMPTY(nd, dims, typenum, 0);
    if (!handler) {
        PyObject* m = PyImport_ImportModule("kiln.runtime.result_pool");
        handler = m ? PyObject_CallMethod(m, "handler", NULL) : NULL;
        Py_XDECREF(m);
        if (!handler) return NULL;
    }
    if (handler == Py_None) return PyArray_EMPTY(nd, dims, typenum, 0);
    PyObject* old = PyDataMem_SetHandler(handler);
    if (!old) return NULL;
    PyObject* arr = PyArray_EMPTY(nd, dims, typenum, 0);
    PyObject* back = PyDataMem_SetHandler(old);
    Py_DECREF(old);
    if (!back) { Py_XDECREF(arr); return NULL; }
    Py_DECREF(back);
    return arr;
}

/* Byte span [lo, hi) of a strided view; empty views span nothing. */
typedef struct { const char* lo; const char* hi; } kiln_span;
KILN_INLINE kiln_span kiln_span_of(const void* data, int nd, const npy_intp* shape,
                                   const npy_intp* strides, npy_intp itemsize) {
    kiln_span s; const char* p = (const char*)data; npy_intp lo = 0, hi = 0;
    for (int k = 0; k < nd; k++) {
        if (shape[k] == 0) { s.lo = p; s.hi = p; return s; }
        npy_intp ext = (shape[k] - 1) * strides[k] * itemsize;
        if (ext < 0) lo += ext; else hi += ext;
    }
    s.lo = p + lo; s.hi = p + hi + itemsize; return s;
}
KILN_INLINE int kiln_spans_overlap(kiln_span a, kiln_span b) {
    return a.lo < a.hi && b.lo < b.hi && a.lo < b.hi && b.lo < a.hi;
}

/* Wrap a kiln view as an ndarray that borrows its memory; a view of a read-only array is
   read-only, as in NumPy. */
static PyObject* kiln_wrap_view(void* data, int nd, const npy_intp* shape, const npy_intp* strides,
                                int typenum, PyObject* owner) {
    npy_intp bstrides[NPY_MAXDIMS];
    PyArray_Descr* d = PyArray_DescrFromType(typenum);
    if (!d) return NULL;
    for (int k = 0; k < nd; k++) bstrides[k] = strides[k] * PyDataType_ELSIZE(d);
    int writeable = !(owner && PyArray_Check(owner) && !PyArray_ISWRITEABLE((PyArrayObject*)owner));
    PyObject* arr = PyArray_NewFromDescr(&PyArray_Type, d, nd, (npy_intp*)shape, bstrides, data,
                                         writeable ? NPY_ARRAY_WRITEABLE : 0, NULL);
    if (!arr) return NULL;
    if (owner) {
        Py_INCREF(owner);
        if (PyArray_SetBaseObject((PyArrayObject*)arr, owner) < 0) { Py_DECREF(arr); return NULL; }
    }
    return arr;
}

/* Hand a view back to Python: the owning array itself when the view is all of it. */
static PyObject* kiln_box_array(void* data, int nd, const npy_intp* shape, const npy_intp* strides,
                                int typenum, PyObject* owner) {
    if (owner && PyArray_Check(owner)) {
        PyArrayObject* o = (PyArrayObject*)owner;
        int same = PyArray_DATA(o) == data && PyArray_NDIM(o) == nd && PyArray_TYPE(o) == typenum;
        for (int k = 0; same && k < nd; k++)
            same = PyArray_DIM(o, k) == shape[k]
                   && (shape[k] <= 1 || PyArray_STRIDE(o, k) == strides[k] * PyArray_ITEMSIZE(o));
        if (same) { Py_INCREF(owner); return owner; }
    }
    return kiln_wrap_view(data, nd, shape, strides, typenum, owner);
}

/* Python's round(x, n) of a float: x's exact decimal value rounded to n places (to 10^-n for
   n < 0), half to even, read back; as CPython's float.__round__, whose limits it keeps. */
static double kiln_py_round(double x, double digits) {
    if (!isfinite(x) || digits > 323) return x;
    if (digits < -308) return 0.0 * x;
    int n = (int)digits;
    static __thread char text[1500];
    if (n >= 0) {
        snprintf(text, sizeof text, "%.*f", n, x); /* glibc: exact, half to even */
        return strtod(text, NULL);
    }
    int len = snprintf(text, sizeof text, "%.1100f", fabs(x)); /* every digit of x */
    int point = (int)(strchr(text, '.') - text), keep = point + n; /* n < 0 drops -n digits */
    char first = keep >= 0 && keep < point ? text[keep] : '0';
    int sticky = 0;
    for (int k = keep + 1; k < len; k++) sticky |= k >= 0 && text[k] != '0' && text[k] != '.';
    if (keep < 0) return copysign(0.0, x);
    int odd = keep > 0 && (text[keep - 1] - '0') % 2;
    int up = first > '5' || (first == '5' && (sticky || odd));
    text[keep] = '\0';
    for (int k = keep - 1; up && k >= 0; k--) { /* add one to the kept digits */
        if (text[k] == '9') { text[k] = '0'; } else { text[k]++; up = 0; }
    }
    char out[1520]; /* the kept digits (a carry past the first one prepends a 1), then 10^-n */
    const char* kept = keep ? text : (up ? "" : "0");
    snprintf(out, sizeof out, "%s%s%se%d", signbit(x) ? "-" : "", up ? "1" : "", kept, -n);
    return strtod(out, NULL);
}

/* A list built in compiled code, handed back as Python's list of its items (steals arr). */
static PyObject* kiln_list_of(PyObject* arr) {
    if (!arr) return NULL;
    PyObject* list = PyArray_ToList((PyArrayObject*)arr);
    Py_DECREF(arr);
    return list;
}

/* A record made in compiled code: its class, found by module and qualified name, called with
   the fields (steals fields). */
static PyObject* kiln_make_record(PyObject* fields, const char* module, const char* qualname) {
    if (!fields) return NULL;
    PyObject* found = PyImport_ImportModule(module);
    for (const char* at = qualname; found && *at;) {
        const char* dot = strchr(at, '.');
        Py_ssize_t len = dot ? (Py_ssize_t)(dot - at) : (Py_ssize_t)strlen(at);
        PyObject* name = PyUnicode_FromStringAndSize(at, len);
        PyObject* next = name ? PyObject_GetAttr(found, name) : NULL;
        Py_XDECREF(name);
        Py_DECREF(found);
        found = next;
        at += len + (dot ? 1 : 0);
    }
    PyObject* made = found ? PyObject_CallObject(found, fields) : NULL;
    Py_XDECREF(found);
    Py_DECREF(fields);
    return made;
}

/* out = a @ b through NumPy (BLAS); every operand already has out's dtype. */
static int kiln_numpy_matmul(PyObject* out, PyObject* a, PyObject* b) {
    PyObject* r = PyArray_MatrixProduct2(a, b, (PyArrayObject*)out);
    Py_DECREF(a); Py_DECREF(b); Py_DECREF(out);
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}

static PyObject* kiln_box_scalar(const void* value, int typenum) {
    PyArray_Descr* d = PyArray_DescrFromType(typenum);
    if (!d) return NULL;
    PyObject* r = PyArray_Scalar((void*)value, d, NULL);
    Py_DECREF(d);
    return r;
}

static int kiln_unbox_scalar(PyObject* obj, void* out, int typenum) {
    PyArray_Descr* d = PyArray_DescrFromType(typenum);
    if (!d) return -1;
    int rc = PyArray_CastScalarToCtype(obj, out, d);
    Py_DECREF(d);
    return rc;
}
/* SIMD variants of libm functions (libmvec) */
__attribute__((simd("notinbranch"))) double acos(double);
__attribute__((simd("notinbranch"))) float acosf(float);
__attribute__((simd("notinbranch"))) double acosh(double);
__attribute__((simd("notinbranch"))) float acoshf(float);
__attribute__((simd("notinbranch"))) double asin(double);
__attribute__((simd("notinbranch"))) float asinf(float);
__attribute__((simd("notinbranch"))) double asinh(double);
__attribute__((simd("notinbranch"))) float asinhf(float);
__attribute__((simd("notinbranch"))) double atan(double);
__attribute__((simd("notinbranch"))) float atanf(float);
__attribute__((simd("notinbranch"))) double atanh(double);
__attribute__((simd("notinbranch"))) float atanhf(float);
__attribute__((simd("notinbranch"))) double cbrt(double);
__attribute__((simd("notinbranch"))) float cbrtf(float);
__attribute__((simd("notinbranch"))) double cos(double);
__attribute__((simd("notinbranch"))) float cosf(float);
__attribute__((simd("notinbranch"))) double cosh(double);
__attribute__((simd("notinbranch"))) float coshf(float);
__attribute__((simd("notinbranch"))) double erf(double);
__attribute__((simd("notinbranch"))) float erff(float);
__attribute__((simd("notinbranch"))) double erfc(double);
__attribute__((simd("notinbranch"))) float erfcf(float);
__attribute__((simd("notinbranch"))) double exp(double);
__attribute__((simd("notinbranch"))) float expf(float);
__attribute__((simd("notinbranch"))) double exp10(double);
__attribute__((simd("notinbranch"))) float exp10f(float);
__attribute__((simd("notinbranch"))) double exp2(double);
__attribute__((simd("notinbranch"))) float exp2f(float);
__attribute__((simd("notinbranch"))) double expm1(double);
__attribute__((simd("notinbranch"))) float expm1f(float);
__attribute__((simd("notinbranch"))) double log(double);
__attribute__((simd("notinbranch"))) float logf(float);
__attribute__((simd("notinbranch"))) double log10(double);
__attribute__((simd("notinbranch"))) float log10f(float);
__attribute__((simd("notinbranch"))) double log1p(double);
__attribute__((simd("notinbranch"))) float log1pf(float);
__attribute__((simd("notinbranch"))) double log2(double);
__attribute__((simd("notinbranch"))) float log2f(float);
__attribute__((simd("notinbranch"))) double sin(double);
__attribute__((simd("notinbranch"))) float sinf(float);
__attribute__((simd("notinbranch"))) double sinh(double);
__attribute__((simd("notinbranch"))) float sinhf(float);
__attribute__((simd("notinbranch"))) double tan(double);
__attribute__((simd("notinbranch"))) float tanf(float);
__attribute__((simd("notinbranch"))) double tanh(double);
__attribute__((simd("notinbranch"))) float tanhf(float);
__attribute__((simd("notinbranch"))) double atan2(double, double);
__attribute__((simd("notinbranch"))) float atan2f(float, float);
__attribute__((simd("notinbranch"))) double hypot(double, double);
__attribute__((simd("notinbranch"))) float hypotf(float, float);
__attribute__((simd("notinbranch"))) double pow(double, double);
__attribute__((simd("notinbranch"))) float powf(float, float);

KILN_INLINE double kiln_cabs(double _Complex z) { return hypot(creal(z), cimag(z)); }
KILN_INLINE float kiln_cabsf(float _Complex z) { return hypotf(crealf(z), cimagf(z)); }

KILN_INLINE int8_t kiln_floordiv_i8(int8_t a, int8_t b) {
    if (b == 0) return 0;
    if (b == -1) return (int8_t)(0 - a);  /* MIN / -1 traps in C; NumPy wraps */
    int8_t q = a / b;
    if (((a % b) != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}
KILN_INLINE int8_t kiln_mod_i8(int8_t a, int8_t b) {
    if (b == 0 || b == -1) return 0;
    int8_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
/* np.fmod: C's remainder (the dividend's sign); 0 for a zero divisor, and for -1 (MIN % -1 traps) */
KILN_INLINE int8_t kiln_fmod_i8(int8_t a, int8_t b) { return (b == 0 || b == -1) ? 0 : a % b; }
KILN_INLINE int8_t kiln_pow_i8(int8_t base, int8_t e) {
    int8_t r = 1;
    if (e < 0) return base == 1 ? 1 : (base == (int8_t)-1 ? ((e & 1) ? (int8_t)-1 : 1) : 0);
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE int16_t kiln_floordiv_i16(int16_t a, int16_t b) {
    if (b == 0) return 0;
    if (b == -1) return (int16_t)(0 - a);  /* MIN / -1 traps in C; NumPy wraps */
    int16_t q = a / b;
    if (((a % b) != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}
KILN_INLINE int16_t kiln_mod_i16(int16_t a, int16_t b) {
    if (b == 0 || b == -1) return 0;
    int16_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
/* np.fmod: C's remainder (the dividend's sign); 0 for a zero divisor, and for -1 (MIN % -1 traps) */
KILN_INLINE int16_t kiln_fmod_i16(int16_t a, int16_t b) { return (b == 0 || b == -1) ? 0 : a % b; }
KILN_INLINE int16_t kiln_pow_i16(int16_t base, int16_t e) {
    int16_t r = 1;
    if (e < 0) return base == 1 ? 1 : (base == (int16_t)-1 ? ((e & 1) ? (int16_t)-1 : 1) : 0);
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE int32_t kiln_floordiv_i32(int32_t a, int32_t b) {
    if (b == 0) return 0;
    if (b == -1) return (int32_t)(0 - a);  /* MIN / -1 traps in C; NumPy wraps */
    int32_t q = a / b;
    if (((a % b) != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}
KILN_INLINE int32_t kiln_mod_i32(int32_t a, int32_t b) {
    if (b == 0 || b == -1) return 0;
    int32_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
/* np.fmod: C's remainder (the dividend's sign); 0 for a zero divisor, and for -1 (MIN % -1 traps) */
KILN_INLINE int32_t kiln_fmod_i32(int32_t a, int32_t b) { return (b == 0 || b == -1) ? 0 : a % b; }
KILN_INLINE int32_t kiln_pow_i32(int32_t base, int32_t e) {
    int32_t r = 1;
    if (e < 0) return base == 1 ? 1 : (base == (int32_t)-1 ? ((e & 1) ? (int32_t)-1 : 1) : 0);
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE int64_t kiln_floordiv_i64(int64_t a, int64_t b) {
    if (b == 0) return 0;
    if (b == -1) return (int64_t)(0 - a);  /* MIN / -1 traps in C; NumPy wraps */
    int64_t q = a / b;
    if (((a % b) != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}
KILN_INLINE int64_t kiln_mod_i64(int64_t a, int64_t b) {
    if (b == 0 || b == -1) return 0;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
/* np.fmod: C's remainder (the dividend's sign); 0 for a zero divisor, and for -1 (MIN % -1 traps) */
KILN_INLINE int64_t kiln_fmod_i64(int64_t a, int64_t b) { return (b == 0 || b == -1) ? 0 : a % b; }
KILN_INLINE int64_t kiln_pow_i64(int64_t base, int64_t e) {
    int64_t r = 1;
    if (e < 0) return base == 1 ? 1 : (base == (int64_t)-1 ? ((e & 1) ? (int64_t)-1 : 1) : 0);
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE uint8_t kiln_floordiv_u8(uint8_t a, uint8_t b) { return b == 0 ? 0 : a / b; }
KILN_INLINE uint8_t kiln_mod_u8(uint8_t a, uint8_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint8_t kiln_fmod_u8(uint8_t a, uint8_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint8_t kiln_pow_u8(uint8_t base, uint8_t e) {
    uint8_t r = 1;
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE uint16_t kiln_floordiv_u16(uint16_t a, uint16_t b) { return b == 0 ? 0 : a / b; }
KILN_INLINE uint16_t kiln_mod_u16(uint16_t a, uint16_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint16_t kiln_fmod_u16(uint16_t a, uint16_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint16_t kiln_pow_u16(uint16_t base, uint16_t e) {
    uint16_t r = 1;
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE uint32_t kiln_floordiv_u32(uint32_t a, uint32_t b) { return b == 0 ? 0 : a / b; }
KILN_INLINE uint32_t kiln_mod_u32(uint32_t a, uint32_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint32_t kiln_fmod_u32(uint32_t a, uint32_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint32_t kiln_pow_u32(uint32_t base, uint32_t e) {
    uint32_t r = 1;
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

KILN_INLINE uint64_t kiln_floordiv_u64(uint64_t a, uint64_t b) { return b == 0 ? 0 : a / b; }
KILN_INLINE uint64_t kiln_mod_u64(uint64_t a, uint64_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint64_t kiln_fmod_u64(uint64_t a, uint64_t b) { return b == 0 ? 0 : a % b; }
KILN_INLINE uint64_t kiln_pow_u64(uint64_t base, uint64_t e) {
    uint64_t r = 1;
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }
    return r;
}

#if defined(_OPENMP) || (defined(__GNUC__) && !defined(__clang__))
#define KILN_SIMD_UDR 1
#else
#define KILN_SIMD_UDR 0
#endif

KILN_INLINE float kiln_mod_f32(float a, float b) {
    if (b == 0) return fmodf(a, b);
    float m = fmodf(a, b);
    if (m != 0) { if ((b < 0) != (m < 0)) m += b; }
    else m = copysignf(0, b);
    return m;
}
KILN_INLINE float kiln_floordiv_f32(float a, float b) {
    if (b == 0) return a / b;
    float m = fmodf(a, b);
    float d = (a - m) / b;
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1;
    if (d != 0) { float fd = floorf(d); if (d - fd > 0.5) fd += 1; d = fd; }
    else d = copysignf(0, a / b);
    return d;
}
KILN_INLINE float kiln_max_f32(float a, float b) { return (a >= b || a != a) ? a : b; }
KILN_INLINE float kiln_min_f32(float a, float b) { return (a <= b || a != a) ? a : b; }
KILN_INLINE float kiln_sign_f32(float a) { return a > 0 ? 1 : (a < 0 ? -1 : (a == 0 ? 0 : a)); }
KILN_INLINE float kiln_rint_f32(float a) { return nearbyintf(a); }

#if KILN_SIMD_UDR
#pragma omp declare reduction(kiln_max_f32: float: omp_out = kiln_max_f32(omp_out, omp_in)) \
    initializer(omp_priv = -INFINITY)
#pragma omp declare reduction(kiln_min_f32: float: omp_out = kiln_min_f32(omp_out, omp_in)) \
    initializer(omp_priv = INFINITY)
#endif

KILN_INLINE double kiln_mod_f64(double a, double b) {
    if (b == 0) return fmod(a, b);
    double m = fmod(a, b);
    if (m != 0) { if ((b < 0) != (m < 0)) m += b; }
    else m = copysign(0, b);
    return m;
}
KILN_INLINE double kiln_floordiv_f64(double a, double b) {
    if (b == 0) return a / b;
    double m = fmod(a, b);
    double d = (a - m) / b;
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1;
    if (d != 0) { double fd = floor(d); if (d - fd > 0.5) fd += 1; d = fd; }
    else d = copysign(0, a / b);
    return d;
}
KILN_INLINE double kiln_max_f64(double a, double b) { return (a >= b || a != a) ? a : b; }
KILN_INLINE double kiln_min_f64(double a, double b) { return (a <= b || a != a) ? a : b; }
KILN_INLINE double kiln_sign_f64(double a) { return a > 0 ? 1 : (a < 0 ? -1 : (a == 0 ? 0 : a)); }
KILN_INLINE double kiln_rint_f64(double a) { return nearbyint(a); }

#if KILN_SIMD_UDR
#pragma omp declare reduction(kiln_max_f64: double: omp_out = kiln_max_f64(omp_out, omp_in)) \
    initializer(omp_priv = -INFINITY)
#pragma omp declare reduction(kiln_min_f64: double: omp_out = kiln_min_f64(omp_out, omp_in)) \
    initializer(omp_priv = INFINITY)
#endif

#ifndef CMPLX
#define CMPLX(x, y) ((double _Complex)((double)(x) + KILN_I * (double)(y)))
#endif
#ifndef CMPLXF
#define CMPLXF(x, y) ((float _Complex)((float)(x) + KILN_I * (float)(y)))
#endif
KILN_INLINE float _Complex kiln_cmul_c64(float _Complex a, float _Complex b) {
    float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
    return CMPLXF(ar * br - ai * bi, ar * bi + ai * br);
}
/* NumPy's array loops multiply complex numbers with fused multiply-adds where the CPU has them
   (its SIMD kernels), its scalars and Python with the plain formula above. */
KILN_INLINE float _Complex kiln_cmula_c64(float _Complex a, float _Complex b) {
#if defined(__FMA__)
    float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
    return CMPLXF(fmaf(ar, br, -(ai * bi)), fmaf(ar, bi, ai * br));
#else
    return kiln_cmul_c64(a, b);
#endif
}
KILN_INLINE float _Complex kiln_cinv_c64(float _Complex b) {
    float br = crealf(b), bi = cimagf(b);
    if (fabsf(br) >= fabsf(bi)) {
        if (br == 0 && bi == 0) return CMPLXF(1 / fabsf(br), 0 / fabsf(bi));
        float rat = bi / br, scl = (float)1 / (br + bi * rat);
        return CMPLXF(scl, -rat * scl);
    }
    float rat = br / bi, scl = (float)1 / (bi + br * rat);
    return CMPLXF(rat * scl, -scl);
}
/* Complex division as NumPy's array loops (Smith's method, scaled by a reciprocal) and Python
   (the same ratios, divided; b == 0 was checked) compute it: C's / calls __divdc3, which
   rounds differently and keeps loops from vectorizing. */
KILN_INLINE float _Complex kiln_cdiv_c64(float _Complex a, float _Complex b, int numpy) {
    float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
    float abr = fabsf(br), abi = fabsf(bi);
    if (abr >= abi) {
        if (abr == 0 && abi == 0) return CMPLXF(ar / abr, ai / abr);
        float rat = bi / br, den = br + bi * rat;
        if (!numpy) return CMPLXF((ar + ai * rat) / den, (ai - ar * rat) / den);
        float scl = (float)1 / den;
        return CMPLXF((ar + ai * rat) * scl, (ai - ar * rat) * scl);
    }
    if (!numpy && !(abi >= abr)) return CMPLXF(NAN, NAN);
    float rat = br / bi, den = bi + br * rat;
    if (!numpy) return CMPLXF((ar * rat + ai) / den, (ai * rat - ar) / den);
    float scl = (float)1 / den;
    return CMPLXF((ar * rat + ai) * scl, (ai * rat - ar) * scl);
}
KILN_INLINE float _Complex kiln_cpow_c64(float _Complex a, float _Complex b, int numpy) {
    float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
    if (br == 0 && bi == 0) return CMPLXF(1, 0);
    if (ar == 0 && ai == 0) return br > 0 ? CMPLXF(0, 0) : CMPLXF(NAN, NAN);
    if (bi == 0 && br == floorf(br) && fabsf(br) < 100) {
        long n = (long)fabsf(br), mask = 1;
        if (numpy && br == 1) return a;  /* no 1+0j factor to turn infinities into NaN */
        if (numpy && br == 2) return kiln_cmul_c64(a, a);
        if (numpy && br == 3) return kiln_cmul_c64(a, kiln_cmul_c64(a, a));
        float _Complex acc = CMPLXF(1, 0), p = a;
        for (;;) {
            if (n & mask) acc = kiln_cmul_c64(acc, p);
            mask <<= 1;
            if (n < mask) break;
            p = kiln_cmul_c64(p, p);
        }
        return br < 0 ? kiln_cinv_c64(acc) : acc;
    }
    return cpowf(a, b);
}
/* NumPy's complex ordering (CGE/CLE): lexicographic, but a NaN imaginary part makes the
   real parts incomparable. maximum/minimum keep a NaN first operand, else take the second
   unless the first wins; fmax/fmin keep the first when the second holds a NaN. */
KILN_INLINE int kiln_cge_c64(float _Complex a, float _Complex b) {
    float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
    return (ar > br && !isnan(ai) && !isnan(bi)) || (ar == br && ai >= bi);
}
KILN_INLINE int kiln_cle_c64(float _Complex a, float _Complex b) {
    float ar = crealf(a), ai = cimagf(a), br = crealf(b), bi = cimagf(b);
    return (ar < br && !isnan(ai) && !isnan(bi)) || (ar == br && ai <= bi);
}
KILN_INLINE int kiln_cnan_c64(float _Complex a) { return isnan(crealf(a)) || isnan(cimagf(a)); }
KILN_INLINE float _Complex kiln_max_c64(float _Complex a, float _Complex b) { return (kiln_cnan_c64(a) || kiln_cge_c64(a, b)) ? a : b; }
KILN_INLINE float _Complex kiln_min_c64(float _Complex a, float _Complex b) { return (kiln_cnan_c64(a) || kiln_cle_c64(a, b)) ? a : b; }
KILN_INLINE float _Complex kiln_fmax_c64(float _Complex a, float _Complex b) { return (kiln_cnan_c64(b) || kiln_cge_c64(a, b)) ? a : b; }
KILN_INLINE float _Complex kiln_fmin_c64(float _Complex a, float _Complex b) { return (kiln_cnan_c64(b) || kiln_cle_c64(a, b)) ? a : b; }
/* NumPy 2's complex sign: z / |z|, 0 for 0; infinite parts give the direction of the
   infinite part, NaN (or two infinities) give nan+nanj. */
KILN_INLINE float _Complex kiln_sign_c64(float _Complex z) {
    float zr = crealf(z), zi = cimagf(z), m = hypotf(zr, zi);
    if (isnan(m)) return CMPLXF(NAN, NAN);
    if (isinf(m)) {
        if (isinf(zr)) return isinf(zi) ? CMPLXF(NAN, NAN) : CMPLXF(zr > 0 ? 1 : -1, 0);
        return CMPLXF(0, zi > 0 ? 1 : -1);
    }
    if (m == 0) return CMPLXF(0, 0);
    return CMPLXF(zr / m, zi / m);
}

#ifndef CMPLX
#define CMPLX(x, y) ((double _Complex)((double)(x) + KILN_I * (double)(y)))
#endif
#ifndef CMPLXF
#define CMPLXF(x, y) ((float _Complex)((float)(x) + KILN_I * (float)(y)))
#endif
KILN_INLINE double _Complex kiln_cmul_c128(double _Complex a, double _Complex b) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    return CMPLX(ar * br - ai * bi, ar * bi + ai * br);
}
/* NumPy's array loops multiply complex numbers with fused multiply-adds where the CPU has them
   (its SIMD kernels), its scalars and Python with the plain formula above. */
KILN_INLINE double _Complex kiln_cmula_c128(double _Complex a, double _Complex b) {
#if defined(__FMA__)
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    return CMPLX(fma(ar, br, -(ai * bi)), fma(ar, bi, ai * br));
#else
    return kiln_cmul_c128(a, b);
#endif
}
KILN_INLINE double _Complex kiln_cinv_c128(double _Complex b) {
    double br = creal(b), bi = cimag(b);
    if (fabs(br) >= fabs(bi)) {
        if (br == 0 && bi == 0) return CMPLX(1 / fabs(br), 0 / fabs(bi));
        double rat = bi / br, scl = (double)1 / (br + bi * rat);
        return CMPLX(scl, -rat * scl);
    }
    double rat = br / bi, scl = (double)1 / (bi + br * rat);
    return CMPLX(rat * scl, -scl);
}
/* Complex division as NumPy's array loops (Smith's method, scaled by a reciprocal) and Python
   (the same ratios, divided; b == 0 was checked) compute it: C's / calls __divdc3, which
   rounds differently and keeps loops from vectorizing. */
KILN_INLINE double _Complex kiln_cdiv_c128(double _Complex a, double _Complex b, int numpy) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    double abr = fabs(br), abi = fabs(bi);
    if (abr >= abi) {
        if (abr == 0 && abi == 0) return CMPLX(ar / abr, ai / abr);
        double rat = bi / br, den = br + bi * rat;
        if (!numpy) return CMPLX((ar + ai * rat) / den, (ai - ar * rat) / den);
        double scl = (double)1 / den;
        return CMPLX((ar + ai * rat) * scl, (ai - ar * rat) * scl);
    }
    if (!numpy && !(abi >= abr)) return CMPLX(NAN, NAN);
    double rat = br / bi, den = bi + br * rat;
    if (!numpy) return CMPLX((ar * rat + ai) / den, (ai * rat - ar) / den);
    double scl = (double)1 / den;
    return CMPLX((ar * rat + ai) * scl, (ai * rat - ar) * scl);
}
KILN_INLINE double _Complex kiln_cpow_c128(double _Complex a, double _Complex b, int numpy) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    if (br == 0 && bi == 0) return CMPLX(1, 0);
    if (ar == 0 && ai == 0) return br > 0 ? CMPLX(0, 0) : CMPLX(NAN, NAN);
    if (bi == 0 && br == floor(br) && fabs(br) < 100) {
        long n = (long)fabs(br), mask = 1;
        if (numpy && br == 1) return a;  /* no 1+0j factor to turn infinities into NaN */
        if (numpy && br == 2) return kiln_cmul_c128(a, a);
        if (numpy && br == 3) return kiln_cmul_c128(a, kiln_cmul_c128(a, a));
        double _Complex acc = CMPLX(1, 0), p = a;
        for (;;) {
            if (n & mask) acc = kiln_cmul_c128(acc, p);
            mask <<= 1;
            if (n < mask) break;
            p = kiln_cmul_c128(p, p);
        }
        return br < 0 ? kiln_cinv_c128(acc) : acc;
    }
    return cpow(a, b);
}
/* NumPy's complex ordering (CGE/CLE): lexicographic, but a NaN imaginary part makes the
   real parts incomparable. maximum/minimum keep a NaN first operand, else take the second
   unless the first wins; fmax/fmin keep the first when the second holds a NaN. */
KILN_INLINE int kiln_cge_c128(double _Complex a, double _Complex b) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    return (ar > br && !isnan(ai) && !isnan(bi)) || (ar == br && ai >= bi);
}
KILN_INLINE int kiln_cle_c128(double _Complex a, double _Complex b) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    return (ar < br && !isnan(ai) && !isnan(bi)) || (ar == br && ai <= bi);
}
KILN_INLINE int kiln_cnan_c128(double _Complex a) { return isnan(creal(a)) || isnan(cimag(a)); }
KILN_INLINE double _Complex kiln_max_c128(double _Complex a, double _Complex b) { return (kiln_cnan_c128(a) || kiln_cge_c128(a, b)) ? a : b; }
KILN_INLINE double _Complex kiln_min_c128(double _Complex a, double _Complex b) { return (kiln_cnan_c128(a) || kiln_cle_c128(a, b)) ? a : b; }
KILN_INLINE double _Complex kiln_fmax_c128(double _Complex a, double _Complex b) { return (kiln_cnan_c128(b) || kiln_cge_c128(a, b)) ? a : b; }
KILN_INLINE double _Complex kiln_fmin_c128(double _Complex a, double _Complex b) { return (kiln_cnan_c128(b) || kiln_cle_c128(a, b)) ? a : b; }
/* NumPy 2's complex sign: z / |z|, 0 for 0; infinite parts give the direction of the
   infinite part, NaN (or two infinities) give nan+nanj. */
KILN_INLINE double _Complex kiln_sign_c128(double _Complex z) {
    double zr = creal(z), zi = cimag(z), m = hypot(zr, zi);
    if (isnan(m)) return CMPLX(NAN, NAN);
    if (isinf(m)) {
        if (isinf(zr)) return isinf(zi) ? CMPLX(NAN, NAN) : CMPLX(zr > 0 ? 1 : -1, 0);
        return CMPLX(0, zi > 0 ? 1 : -1);
    }
    if (m == 0) return CMPLX(0, 0);
    return CMPLX(zr / m, zi / m);
}
