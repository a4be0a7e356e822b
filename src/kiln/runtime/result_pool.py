"""Reuse the memory of large returned arrays across calls (a NumPy memory handler).

glibc maps every block above 32 MiB afresh and unmaps it at ``free`` (kiln.runtime.heap keeps
the smaller ones). A function returning such an array to a caller that drops it before the next
call then makes the kernel zero every page of the next result at its first write: NPBench's
softmax at preset M (a 64 MiB result) spent about a fifth of its time on two threads in the
kernel's page clearing.

Temporaries avoid that through kiln.runtime.scratch, whose arrays borrow a pooled block. A
returned array must stay an ordinary NumPy array (it owns its data, has no base, can be resized),
so it gets its memory from a NumPy memory handler (NEP 49) instead: the generated code installs
the handler around the allocation of a result of ``KILN_RESULT_POOL_MIN`` bytes or more, and the
array keeps using it for ``free`` and ``realloc``. Freed blocks stay in the pool, at most
``KILN_SCRATCH_BYTES`` of them (the scratch pool's budget, default 1 GiB; 0 turns the pool off),
the oldest dropped first; ``kiln.release_memory()`` frees them all. A block serves requests of
at least half its size. The pool has a lock of its own: NumPy may free an array on any thread.
"""

from __future__ import annotations

import threading
from typing import Any

from kiln.options import Options, env_scratch_bytes

C_SOURCE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <numpy/arrayobject.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Each block starts with a header holding its capacity; callers get the bytes after it. */
#define KILN_HEADER 64
#define KILN_MAX_FREE 64

typedef struct { char* base; size_t cap; } kiln_free_block;

static pthread_mutex_t kiln_lock = PTHREAD_MUTEX_INITIALIZER;
static kiln_free_block kiln_free_list[KILN_MAX_FREE]; /* oldest first */
static int kiln_nfree = 0;
static size_t kiln_free_bytes = 0, kiln_budget = 0;
static long long kiln_taken = 0, kiln_missed = 0, kiln_kept = 0, kiln_dropped = 0;

static size_t kiln_cap_of(void* p) { return *(size_t*)((char*)p - KILN_HEADER); }

static void* kiln_new_block(size_t size) {
    void* base = NULL;
    if (posix_memalign(&base, 4096, size + KILN_HEADER) != 0) return NULL;
#ifdef MADV_HUGEPAGE
    if (size >= ((size_t)1 << 22)) { /* as NumPy does: 2 MiB pages, 512 times fewer faults */
        uintptr_t start = ((uintptr_t)base + 4095) & ~(uintptr_t)4095;
        uintptr_t end = ((uintptr_t)base + size + KILN_HEADER) & ~(uintptr_t)4095;
        if (end > start) madvise((void*)start, (size_t)(end - start), MADV_HUGEPAGE);
    }
#endif
    *(size_t*)base = size;
    return (char*)base + KILN_HEADER;
}

/* Take entry i out of the free list; returns its block (the caller's pointer). */
static char* kiln_remove(int i) {
    char* p = kiln_free_list[i].base;
    kiln_free_bytes -= kiln_free_list[i].cap;
    size_t later = (size_t)(kiln_nfree - i - 1);
    memmove(&kiln_free_list[i], &kiln_free_list[i + 1], sizeof(kiln_free_block) * later);
    kiln_nfree--;
    return p;
}

/* The smallest free block of [size, 2 size] bytes, taken out of the pool; NULL if none. */
static void* kiln_take(size_t size) {
    int best = -1;
    for (int i = 0; i < kiln_nfree; i++) {
        size_t cap = kiln_free_list[i].cap;
        if (cap >= size && cap / 2 <= size && (best < 0 || cap < kiln_free_list[best].cap)) best = i;
    }
    if (best < 0) { kiln_missed++; return NULL; }
    kiln_taken++;
    return kiln_remove(best);
}

static void* kiln_malloc(void* ctx, size_t size) {
    (void)ctx;
    pthread_mutex_lock(&kiln_lock);
    void* p = kiln_take(size);
    pthread_mutex_unlock(&kiln_lock);
    return p ? p : kiln_new_block(size);
}

static void* kiln_calloc(void* ctx, size_t nelem, size_t elsize) {
    if (elsize && nelem > SIZE_MAX / elsize) return NULL;
    void* p = kiln_malloc(ctx, nelem * elsize);
    if (p) memset(p, 0, nelem * elsize);
    return p;
}

static void kiln_free(void* ctx, void* p, size_t size) {
    (void)ctx; (void)size;
    if (!p) return;
    size_t cap = kiln_cap_of(p);
    char* base = (char*)p - KILN_HEADER;
    pthread_mutex_lock(&kiln_lock);
    char* drop[KILN_MAX_FREE + 1];
    int ndrop = 0;
    if (cap > kiln_budget) {
        drop[ndrop++] = base;
    } else {
        if (kiln_nfree == KILN_MAX_FREE) drop[ndrop++] = kiln_remove(0) - KILN_HEADER; /* oldest first */
        kiln_free_list[kiln_nfree].base = (char*)p; kiln_free_list[kiln_nfree].cap = cap;
        kiln_nfree++; kiln_free_bytes += cap; kiln_kept++;
        while (kiln_free_bytes > kiln_budget && kiln_nfree > 0) drop[ndrop++] = kiln_remove(0) - KILN_HEADER;
    }
    kiln_dropped += ndrop;
    pthread_mutex_unlock(&kiln_lock);
    for (int i = 0; i < ndrop; i++) free(drop[i]);
}

static void* kiln_realloc(void* ctx, void* p, size_t size) {
    if (!p) return kiln_malloc(ctx, size);
    size_t cap = kiln_cap_of(p);
    if (size <= cap && cap / 2 <= size) return p;
    void* q = kiln_malloc(ctx, size);
    if (!q) return NULL;
    memcpy(q, p, cap < size ? cap : size);
    kiln_free(ctx, p, cap);
    return q;
}

static PyDataMem_Handler kiln_handler = {
    "kiln_result_pool", 1, {NULL, kiln_malloc, kiln_calloc, kiln_realloc, kiln_free},
};

static PyObject* kiln_capsule = NULL;

static PyObject* kiln_get_handler(PyObject* self, PyObject* args) {
    (void)self; (void)args;
    Py_INCREF(kiln_capsule);
    return kiln_capsule;
}

static PyObject* kiln_set_budget(PyObject* self, PyObject* args) {
    (void)self;
    unsigned long long budget;
    if (!PyArg_ParseTuple(args, "K", &budget)) return NULL;
    pthread_mutex_lock(&kiln_lock);
    kiln_budget = (size_t)budget;
    pthread_mutex_unlock(&kiln_lock);
    Py_RETURN_NONE;
}

/* Free every pooled block; returns how many bytes the pool held. */
static PyObject* kiln_release(PyObject* self, PyObject* args) {
    (void)self; (void)args;
    pthread_mutex_lock(&kiln_lock);
    size_t held = kiln_free_bytes;
    for (int i = 0; i < kiln_nfree; i++) free(kiln_free_list[i].base - KILN_HEADER);
    kiln_nfree = 0; kiln_free_bytes = 0;
    pthread_mutex_unlock(&kiln_lock);
    return PyLong_FromSize_t(held);
}

static PyObject* kiln_stats(PyObject* self, PyObject* args) {
    (void)self; (void)args;
    pthread_mutex_lock(&kiln_lock);
    PyObject* r = Py_BuildValue("{s:L,s:L,s:L,s:L,s:n,s:i}", "taken", kiln_taken, "missed", kiln_missed,
                                "kept", kiln_kept, "dropped", kiln_dropped,
                                "free_bytes", (Py_ssize_t)kiln_free_bytes, "free_blocks", kiln_nfree);
    pthread_mutex_unlock(&kiln_lock);
    return r;
}

static PyMethodDef kiln_methods[] = {
    {"handler", kiln_get_handler, METH_NOARGS, "the NumPy memory handler (a mem_handler capsule)"},
    {"set_budget", kiln_set_budget, METH_VARARGS, "bytes of free blocks the pool may keep"},
    {"release", kiln_release, METH_NOARGS, "free every pooled block"},
    {"stats", kiln_stats, METH_NOARGS, "counters of the pool"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kiln_module = {PyModuleDef_HEAD_INIT, "kiln_result_pool", NULL, -1, kiln_methods};

PyMODINIT_FUNC KILN_INIT_FUNC(void) {
    import_array();
    kiln_capsule = PyCapsule_New(&kiln_handler, "mem_handler", NULL);
    if (!kiln_capsule) return NULL;
    return PyModule_Create(&kiln_module);
}
"""

_lock = threading.Lock()
_state: dict[str, Any] = {}


def _helper() -> Any | None:
    """The compiled pool (built once per process), or None when the budget is 0."""
    with _lock:
        if "helper" not in _state:
            budget = env_scratch_bytes()
            helper = None
            if budget > 0:
                from kiln.runtime.cache import build_module

                try:
                    helper = build_module(C_SOURCE, Options())
                except Exception:  # an optimization only: results then come from NumPy
                    helper = None
                else:
                    helper.set_budget(budget)
            _state["helper"] = helper
        return _state["helper"]


def handler() -> Any:
    """The memory handler capsule the generated code installs around a large result's
    allocation, or None (the result then comes from NumPy's own allocator)."""
    helper = _helper()
    return None if helper is None else helper.handler()


def stats() -> dict[str, int]:
    """The pool's counters: blocks taken and missed, kept and dropped, and what it holds."""
    helper = _state.get("helper")
    if helper is None:
        return {"taken": 0, "missed": 0, "kept": 0, "dropped": 0, "free_bytes": 0, "free_blocks": 0}
    return dict(helper.stats())


def release() -> int:
    """Free the pooled blocks (kiln.release_memory); returns how many bytes the pool held."""
    helper = _state.get("helper")
    return 0 if helper is None else int(helper.release())


def set_budget(nbytes: int) -> None:
    """Keep at most ``nbytes`` of free blocks from now on (the pool's first use reads
    ``KILN_SCRATCH_BYTES``); blocks over it are freed as they come back."""
    helper = _helper()
    if helper is not None:
        helper.set_budget(max(0, int(nbytes)))
