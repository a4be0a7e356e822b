"""Library calls that run NumPy's own routine on whole arrays (``ir.ops.NUMPY_ROUTINES``: sort
and argsort along the last axis): the operands are wrapped as ndarrays borrowing kiln's memory,
NumPy computes, and the result is copied into the output. Library calls never run on a thread
team (``analysis.loop_plans``), so the call holds the interpreter as the function does."""

from __future__ import annotations

from kiln.codegen.c_lib import wrap_view
from kiln.codegen.c_stmts import StmtRenderer
from kiln.ir import nodes as ir
from kiln.ir.ops import NUMPY_ROUTINES, ROUTINES_WITH_MODE, ROUTINES_WITHOUT_AXIS
from kiln.ir.visit import iter_stmts

_HELPER = r"""
/* out[...] = part (a NumPy scalar, such as det of one matrix, made an array first); takes part */
static int kiln_np_result(PyObject* out, PyObject* part) {
    PyObject* arr = part ? PyArray_FromAny(part, NULL, 0, 0, 0, NULL) : NULL;
    int rc = arr ? PyArray_CopyInto((PyArrayObject*)out, (PyArrayObject*)arr) : -1;
    Py_XDECREF(arr); Py_XDECREF(part);
    return rc;
}
/* out[...] = <module>.<func>(a[, kth][, axis=-1][, <key>=kind]); with out2 (not NULL), the
   routine's two results go to out and out2. Takes the references to out, out2, a and kth. */
static int kiln_np_routine(const char* module, const char* func, int axis, const char* key,
                           const char* kind, PyObject* out, PyObject* out2, PyObject* a, PyObject* kth) {
    PyObject* r = NULL;
    PyObject* m = PyImport_ImportModule(module);
    PyObject* f = m ? PyObject_GetAttrString(m, func) : NULL;
    PyObject* args = !f ? NULL : kth ? PyTuple_Pack(2, a, kth) : PyTuple_Pack(1, a);
    PyObject* kw = !args ? NULL
        : !axis ? (kind ? Py_BuildValue("{s:s}", key, kind) : PyDict_New())
        : kind ? Py_BuildValue("{s:i,s:s}", "axis", -1, key, kind) : Py_BuildValue("{s:i}", "axis", -1);
    if (kw) r = PyObject_Call(f, args, kw);
    int rc = r ? kiln_np_result(out, out2 ? PySequence_GetItem(r, 0) : (Py_INCREF(r), r)) : -1;
    if (rc == 0 && out2) rc = kiln_np_result(out2, PySequence_GetItem(r, 1));
    Py_XDECREF(r); Py_XDECREF(kw); Py_XDECREF(out2); Py_XDECREF(args); Py_XDECREF(f); Py_XDECREF(m);
    Py_DECREF(out); Py_DECREF(a); Py_XDECREF(kth);
    return rc;
}
"""


def uses_numpy_routines(fn: ir.Function) -> bool:
    return any(isinstance(s, ir.LibCall) and s.func in NUMPY_ROUTINES for s in iter_stmts(fn.body))


def support_code(fn: ir.Function) -> str:
    return _HELPER if uses_numpy_routines(fn) else ""


def render_numpy_routine(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    func, kind = NUMPY_ROUTINES[s.func]
    (out, *out2), (a, *kth) = s.outputs, s.inputs
    kind_c = f'"{kind}"' if kind else "NULL"
    module, _, name = ("numpy." + func).rpartition(".")
    axis = 0 if s.func in ROUTINES_WITHOUT_AXIS else 1
    key = "mode" if s.func in ROUTINES_WITH_MODE else "kind"
    lines = [
        f"PyObject* w0_ = {wrap_view(r, out)};",
        f"PyObject* w1_ = {wrap_view(r, a)};",
        f"PyObject* w2_ = {wrap_view(r, kth[0]) if kth else 'NULL'};",
        f"PyObject* w3_ = {wrap_view(r, out2[0]) if out2 else 'NULL'};",
        f"if (!w0_ || !w1_{' || !w2_' if kth else ''}{' || !w3_' if out2 else ''}) {{",
        "    Py_XDECREF(w0_); Py_XDECREF(w1_); Py_XDECREF(w2_); Py_XDECREF(w3_); goto kiln_fail;",
        "}",
        f'if (kiln_np_routine("{module}", "{name}", {axis}, "{key}", {kind_c}, w0_, w3_, w1_, w2_) < 0)',
        "    goto kiln_fail;",
    ]
    return ["{", *["    " + x for x in lines], "}"]
