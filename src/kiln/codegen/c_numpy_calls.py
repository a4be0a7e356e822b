"""Library calls that run NumPy's own routine on whole arrays (``ir.ops.NUMPY_ROUTINES``: sort
and argsort along the last axis): the operands are wrapped as ndarrays borrowing kiln's memory,
NumPy computes, and the result is copied into the output. Library calls never run on a thread
team (``analysis.loop_plans``), so the call holds the interpreter as the function does."""

from __future__ import annotations

from kiln.codegen.c_lib import wrap_view
from kiln.codegen.c_stmts import StmtRenderer
from kiln.ir import nodes as ir
from kiln.ir.ops import NUMPY_ROUTINES, ROUTINES_WITHOUT_AXIS
from kiln.ir.visit import iter_stmts

_HELPER = r"""
/* out[...] = <module>.<func>(a[, kth][, axis=-1][, kind=kind]); takes the references to out,
   a and kth (NULL: none) */
static int kiln_np_routine(const char* module, const char* func, int axis, const char* kind,
                           PyObject* out, PyObject* a, PyObject* kth) {
    PyObject* r = NULL;
    PyObject* m = PyImport_ImportModule(module);
    PyObject* f = m ? PyObject_GetAttrString(m, func) : NULL;
    PyObject* args = !f ? NULL : kth ? PyTuple_Pack(2, a, kth) : PyTuple_Pack(1, a);
    PyObject* kw = !args ? NULL
        : !axis ? PyDict_New()
        : kind ? Py_BuildValue("{s:i,s:s}", "axis", -1, "kind", kind) : Py_BuildValue("{s:i}", "axis", -1);
    if (kw) r = PyObject_Call(f, args, kw);
    /* a routine may hand back a NumPy scalar (det of one matrix): made an array to copy */
    PyObject* ra = r ? PyArray_FromAny(r, NULL, 0, 0, 0, NULL) : NULL;
    int rc = ra ? PyArray_CopyInto((PyArrayObject*)out, (PyArrayObject*)ra) : -1;
    Py_XDECREF(ra); Py_XDECREF(r); Py_XDECREF(kw); Py_XDECREF(args); Py_XDECREF(f); Py_XDECREF(m);
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
    (out,), (a, *kth) = s.outputs, s.inputs
    kind_c = f'"{kind}"' if kind else "NULL"
    module, _, name = ("numpy." + func).rpartition(".")
    axis = 0 if s.func in ROUTINES_WITHOUT_AXIS else 1
    lines = [
        f"PyObject* w0_ = {wrap_view(r, out)};",
        f"PyObject* w1_ = {wrap_view(r, a)};",
        f"PyObject* w2_ = {wrap_view(r, kth[0]) if kth else 'NULL'};",
        f"if (!w0_ || !w1_{' || !w2_' if kth else ''}) {{",
        "    Py_XDECREF(w0_); Py_XDECREF(w1_); Py_XDECREF(w2_); goto kiln_fail;",
        "}",
        f'if (kiln_np_routine("{module}", "{name}", {axis}, {kind_c}, w0_, w1_, w2_) < 0) goto kiln_fail;',
    ]
    return ["{", *["    " + x for x in lines], "}"]
