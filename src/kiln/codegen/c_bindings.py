"""Binding stacks in C: ``SaveBinding`` / ``RestoreBinding`` (earlier values of re-bound arrays).

A reverse-mode derivative re-binds an array variable as its primal did (``y = y + f(y)`` in a
loop allocates a new ``y`` per iteration) and needs every earlier binding back in its reverse
sweep. A stack entry is the binding itself: the owner (a new reference, which keeps the storage
alive), the data pointer, and the extents and strides. A pop hands that reference to the
variable. Stacks grow by doubling; what is left on them is released when the function returns
or fails. The support code is emitted only into modules that use it.
"""

from __future__ import annotations

from kiln.codegen import c_exprs as cx
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import iter_stmts

SUPPORT = r"""
/* kiln: binding stacks (earlier bindings of re-bound arrays, for reverse sweeps) */
typedef struct { PyObject** owner; void** data; npy_intp* meta; npy_intp n, cap; } kiln_bindings;
static int kiln_bindings_grow(kiln_bindings* s, int nd) {
    npy_intp cap = s->cap ? 2 * s->cap : 16;
    size_t per = (size_t)(nd > 0 ? 2 * nd : 1);
    PyObject** o = (PyObject**)realloc(s->owner, (size_t)cap * sizeof(PyObject*));
    if (o) s->owner = o;
    void** d = o ? (void**)realloc(s->data, (size_t)cap * sizeof(void*)) : NULL;
    if (d) s->data = d;
    npy_intp* m = d ? (npy_intp*)realloc(s->meta, (size_t)cap * per * sizeof(npy_intp)) : NULL;
    if (!m) { PyErr_NoMemory(); return -1; }
    s->meta = m;
    s->cap = cap;
    return 0;
}
/* Push a binding: ``meta`` holds its extents then its strides (``nd`` each). */
static int kiln_bindings_push(kiln_bindings* s, PyObject* owner, void* data, int nd, const npy_intp* meta) {
    if (s->n == s->cap && kiln_bindings_grow(s, nd) < 0) return -1;
    Py_XINCREF(owner);
    s->owner[s->n] = owner;
    s->data[s->n] = data;
    for (int k = 0; k < 2 * nd; k++) s->meta[s->n * 2 * nd + k] = meta[k];
    s->n++;
    return 0;
}
static void kiln_bindings_free(kiln_bindings* s) {
    while (s->n > 0) { s->n--; Py_XDECREF(s->owner[s->n]); }
    free(s->owner); free(s->data); free(s->meta);
}
"""


def binding_stacks(fn: ir.Function) -> list[str]:
    """The binding stacks ``fn`` uses, in order of first use."""
    found: dict[str, None] = {}
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.SaveBinding | ir.RestoreBinding):
            found.setdefault(s.stack, None)
    return list(found)


def stack_name(stack: str) -> str:
    return f"b_{stack}"


def declare_stacks(stacks: list[str]) -> list[str]:
    return [f"kiln_bindings {stack_name(s)} = {{0}};" for s in stacks]


def free_stacks(stacks: list[str]) -> list[str]:
    return [f"kiln_bindings_free(&{stack_name(s)});" for s in stacks]


def render_save(s: ir.SaveBinding, t: ArrayType) -> list[str]:
    n, a = t.ndim, s.array
    meta = [cx.shape_name(a, k) for k in range(n)] + [cx.stride_var(a, k) for k in range(n)]
    return [
        "{",
        f"    npy_intp m_[{max(2 * n, 1)}] = {{{', '.join(meta) or '0'}}};",
        f"    if (kiln_bindings_push(&{stack_name(s.stack)}, {cx.owner_name(a)}, (void*){cx.data_name(a)},"
        f" {n}, m_) < 0) goto kiln_fail;",
        "}",
    ]


def render_restore(s: ir.RestoreBinding, t: ArrayType) -> list[str]:
    n, a, b = t.ndim, s.array, stack_name(s.stack)
    lines = [
        "{",
        f"    npy_intp k_ = --{b}.n;",
        f"    Py_XDECREF({cx.owner_name(a)}); {cx.owner_name(a)} = {b}.owner[k_];",
        f"    {cx.data_name(a)} = ({cx.ctype(t)}*){b}.data[k_];",
    ]
    for k in range(n):
        lines.append(f"    {cx.shape_name(a, k)} = {b}.meta[k_ * {2 * n} + {k}];")
        lines.append(f"    {cx.stride_var(a, k)} = {b}.meta[k_ * {2 * n} + {n + k}];")
    return [*lines, "}"]
