"""One thread pool: NumPy's OpenBLAS runs its parallel work on kiln's OpenMP team.

OpenBLAS (the pthreads build NumPy's wheels ship) keeps worker threads of its own, and after
each call they busy-wait for the next one (up to ``OPENBLAS_THREAD_TIMEOUT``, a long time). A
kiln function with parallel loops and matrix products then has two pools fighting for the same
cores: the OpenMP worker of the next parallel loop waits for a core that a spinning OpenBLAS
worker holds. Measured on 2 cores, NPBench's lenet at preset M ran 81 ms on two threads against
16 ms on one; with OpenBLAS single-threaded (one pool), 13.6 ms.

OpenBLAS 0.3.27+ lets a program take over its threading
(``openblas_set_threads_callback_function``): it hands over ``numjobs`` jobs that must all run
at once (its level-3 drivers wait on each other's progress). kiln's callback runs them on an
OpenMP team of exactly ``numjobs`` threads, or on plain threads when it cannot get one (inside
a parallel region, or a thread limit): never fewer threads than jobs. It is installed when kiln
loads its first parallel module, and taken out in a child after ``fork``, where libgomp's pool
does not survive.
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import Any

from kiln.options import env_blas_own_threads

_SETTERS = (
    "scipy_openblas_set_threads_callback_function64_",
    "scipy_openblas_set_threads_callback_function",
    "openblas_set_threads_callback_function64_",
    "openblas_set_threads_callback_function",
)

C_SOURCE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

typedef void (*kiln_dojob)(int, void*, int);
typedef void (*kiln_jobs_fn)(int, kiln_dojob, int, size_t, void*, int);
typedef void (*kiln_setter)(kiln_jobs_fn);

typedef struct { kiln_dojob dojob; int index; void* data; int arg; } kiln_job;

static void* kiln_job_thread(void* p) {
    kiln_job* job = (kiln_job*)p;
    job->dojob(job->index, job->data, job->arg);
    return NULL;
}

/* Jobs 1..n-1 on threads of their own, job 0 here: all of them at once. */
static void kiln_jobs_on_threads(kiln_dojob dojob, int n, size_t elsize, char* data, int arg) {
    pthread_t* tids = (pthread_t*)malloc(sizeof(pthread_t) * (size_t)n);
    kiln_job* jobs = (kiln_job*)malloc(sizeof(kiln_job) * (size_t)n);
    int* started = (int*)calloc((size_t)n, sizeof(int));
    for (int i = 0; i < n; i++) {
        jobs[i].dojob = dojob; jobs[i].index = i; jobs[i].data = data + (size_t)i * elsize; jobs[i].arg = arg;
    }
    for (int i = 1; i < n; i++)
        started[i] = pthread_create(&tids[i], NULL, kiln_job_thread, &jobs[i]) == 0;
    dojob(0, data, arg);
    for (int i = 1; i < n; i++) {
        if (started[i]) pthread_join(tids[i], NULL);
        else dojob(i, jobs[i].data, arg);  /* no thread to be had: the last resort */
    }
    free(tids); free(jobs); free(started);
}

static void kiln_blas_jobs(int sync, kiln_dojob dojob, int n, size_t elsize, void* data, int arg) {
    (void)sync;  /* OpenBLAS always waits for the jobs */
    if (n <= 1) {
        if (n == 1) dojob(0, data, arg);
        return;
    }
    int ran = 0;
    if (!omp_in_parallel()) {
        #pragma omp parallel num_threads(n)
        {
            /* every thread sees the same team size: all run their job, or none does */
            if (omp_get_num_threads() == n) {
                int t = omp_get_thread_num();
                dojob(t, (char*)data + (size_t)t * elsize, arg);
                if (t == 0) ran = 1;
            }
        }
    }
    if (!ran) kiln_jobs_on_threads(dojob, n, elsize, (char*)data, arg);
}

/* setter(kiln_blas_jobs) when installing, setter(NULL) to give OpenBLAS its own threads back */
static PyObject* kiln_set(PyObject* self, PyObject* args) {
    (void)self;
    PyObject* address;
    int install;
    if (!PyArg_ParseTuple(args, "Op", &address, &install)) return NULL;
    void* setter = PyLong_AsVoidPtr(address);
    if (!setter) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "no setter address");
        return NULL;
    }
    ((kiln_setter)setter)(install ? kiln_blas_jobs : NULL);
    Py_RETURN_NONE;
}

/* Self-test of the contract: each job waits (bounded) until all n have started, so only jobs
   that run at once all finish; returns how many finished in time. From inside a parallel region
   when nested, where the OpenMP team is unavailable. */
static int kiln_test_started;
static void kiln_test_job(int i, void* data, int n) {
    __atomic_add_fetch(&kiln_test_started, 1, __ATOMIC_SEQ_CST);
    for (long spin = 0; spin < 2000000000L; spin++)
        if (__atomic_load_n(&kiln_test_started, __ATOMIC_SEQ_CST) >= n) {
            *(int*)data = i + 1;
            return;
        }
}

static PyObject* kiln_selftest(PyObject* self, PyObject* args) {
    (void)self;
    int n, nested;
    if (!PyArg_ParseTuple(args, "ip", &n, &nested)) return NULL;
    if (n < 1 || n > 64) { PyErr_SetString(PyExc_ValueError, "1..64 jobs"); return NULL; }
    int marks[64] = {0};
    kiln_test_started = 0;
    Py_BEGIN_ALLOW_THREADS
    if (nested) {
        #pragma omp parallel num_threads(2)
        {
            #pragma omp single
            kiln_blas_jobs(1, kiln_test_job, n, sizeof(int), marks, n);
        }
    } else {
        kiln_blas_jobs(1, kiln_test_job, n, sizeof(int), marks, n);
    }
    Py_END_ALLOW_THREADS
    int done = 0;
    for (int i = 0; i < n; i++) done += marks[i] == i + 1;
    return PyLong_FromLong(done);
}

static PyMethodDef kiln_methods[] = {
    {"selftest", kiln_selftest, METH_VARARGS, "jobs that must run at once: how many finished"},
    {"set_callback", kiln_set, METH_VARARGS, "install (True) or take out (False) the callback"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kiln_module = {PyModuleDef_HEAD_INIT, "kiln_blas_threads", NULL, -1, kiln_methods};

PyMODINIT_FUNC KILN_INIT_FUNC(void) { return PyModule_Create(&kiln_module); }
"""

_lock = threading.RLock()  # building the helper comes back here, on this thread
_state: dict[str, Any] = {}


def _setter_address() -> int | None:
    from kiln.runtime.lapack import library

    lib = library()
    for name in _SETTERS:
        fn = getattr(lib, name, None) if lib is not None else None
        if fn is not None:
            return ctypes.cast(fn, ctypes.c_void_p).value
    return None


def share_openmp_team(options: Any) -> bool:
    """Install the callback once per process (a no-op after the first call, or where NumPy's
    BLAS is not an OpenBLAS that takes one). Returns whether it is installed."""
    with _lock:
        if "installed" in _state:
            return bool(_state["installed"])
        _state["installed"] = False  # also while building: the helper is a parallel module itself
        setter = _setter_address()
        if setter is None or env_blas_own_threads():
            return False
        from kiln.runtime.cache import build_module

        helper = build_module(C_SOURCE, options.with_(parallel=True))
        helper.set_callback(setter, True)
        _state.update(installed=True, helper=helper, setter=setter)
        os.register_at_fork(after_in_child=_give_back_in_child)
        return True


def _give_back_in_child() -> None:
    """libgomp's pool does not survive ``fork``: the child's BLAS uses OpenBLAS's own threads."""
    if _state.get("installed"):
        _state["helper"].set_callback(_state["setter"], False)
        _state["installed"] = False


def installed() -> bool:
    return bool(_state.get("installed"))
