"""Library calls that run NumPy's own routine on whole arrays (``ir.ops.NUMPY_ROUTINES``: sort
and argsort along the last axis): the operands are wrapped as ndarrays borrowing kiln's memory,
NumPy computes, and the result is copied into the output. Library calls never run on a thread
team (``analysis.loop_plans``), so the call holds the interpreter as the function does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kiln.codegen.c_lib import wrap_view
from kiln.codegen.c_stmts import StmtRenderer
from kiln.ir import nodes as ir
from kiln.ir.ops import NUMPY_CALLS, NUMPY_ROUTINES, ROUTINES_WITH_MODE, ROUTINES_WITHOUT_AXIS
from kiln.ir.visit import iter_stmts

_RESULT = r"""
/* out[...] = part (a NumPy scalar, such as det of one matrix, made an array first); takes part */
static int kiln_np_result(PyObject* out, PyObject* part) {
    PyObject* arr = part ? PyArray_FromAny(part, NULL, 0, 0, 0, NULL) : NULL;
    int rc = arr ? PyArray_CopyInto((PyArrayObject*)out, (PyArrayObject*)arr) : -1;
    Py_XDECREF(arr); Py_XDECREF(part);
    return rc;
}"""
_HELPER = (
    _RESULT
    + r"""
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
)


_CALL = r"""
/* The start of out = part; count (0-d) = part's length. Takes part. */
static int kiln_np_prefix(PyObject* out, PyObject* count, PyObject* part) {
    PyObject* arr = part ? PyArray_FromAny(part, NULL, 0, 0, 0, NULL) : NULL;
    Py_XDECREF(part);
    if (!arr) return -1;
    Py_ssize_t n = PyArray_SIZE((PyArrayObject*)arr);
    PyObject* head = PySequence_GetSlice(out, 0, n);
    int rc = head ? PyArray_CopyInto((PyArrayObject*)head, (PyArrayObject*)arr) : -1;
    Py_XDECREF(head); Py_DECREF(arr);
    return rc < 0 ? rc : kiln_np_result(count, PyLong_FromSsize_t(n));
}

/* w[0..nout-1] = the results of <module>.<func>(the npos arrays after them, **kw, and by
   names[k] the k-th of the nnamed 0-d arrays after those, as NumPy scalars[, size=the shape
   of w[0]]): a tuple of nout results when nout > 1. With partial >= 0, result number partial
   fills the start of its output, and its length goes to one more output, w[nout]. Takes the
   references to kw and every w. */
static int kiln_np_call(const char* module, const char* func, PyObject* kw, int npos, int nnamed,
                        const char* const* names, int nout, int size, int partial, PyObject** w) {
    int nw = nout + (partial >= 0), n = nw + npos + nnamed, rc = -1;
    PyObject *m = NULL, *f = NULL, *args = NULL, *r = NULL;
    for (int k = 0; k < n; k++) if (!w[k]) goto done;
    if (!kw) goto done;
    for (int k = 0; k < nnamed; k++) {
        PyObject* v = PyArray_Return((PyArrayObject*)w[nw + npos + k]); /* steals it */
        w[nw + npos + k] = NULL;
        int bad = !v || PyDict_SetItemString(kw, names[k], v) < 0;
        Py_XDECREF(v);
        if (bad) goto done;
    }
    if (size) {
        PyArrayObject* out = (PyArrayObject*)w[0];
        PyObject* shape = PyTuple_New(PyArray_NDIM(out));
        for (int k = 0; shape && k < PyArray_NDIM(out); k++)
            PyTuple_SET_ITEM(shape, k, PyLong_FromSsize_t(PyArray_DIM(out, k)));
        int bad = !shape || PyDict_SetItemString(kw, "size", shape) < 0;
        Py_XDECREF(shape);
        if (bad) goto done;
    }
    m = PyImport_ImportModule(module);
    f = m ? PyObject_GetAttrString(m, func) : NULL;
    args = f ? PyTuple_New(npos) : NULL;
    for (int k = 0; args && k < npos; k++) {
        Py_INCREF(w[nw + k]);
        PyTuple_SET_ITEM(args, k, w[nw + k]);
    }
    r = args ? PyObject_Call(f, args, kw) : NULL;
    if (r) {
        rc = 0;
        for (int k = 0; k < nout && rc == 0; k++) {
            PyObject* item = nout == 1 ? (Py_INCREF(r), r) : PySequence_GetItem(r, k);
            rc = k == partial ? kiln_np_prefix(w[k], w[nout], item) : kiln_np_result(w[k], item);
        }
    }
done:
    Py_XDECREF(r); Py_XDECREF(args); Py_XDECREF(f); Py_XDECREF(m); Py_XDECREF(kw);
    for (int k = 0; k < n; k++) Py_XDECREF(w[k]);
    return rc;
}
"""
_NUMPY_CALL = _RESULT + _CALL


def uses_numpy_routines(fn: ir.Function) -> bool:
    return any(isinstance(s, ir.LibCall) and s.func in NUMPY_ROUTINES for s in iter_stmts(fn.body))


def _uses_numpy_calls(fn: ir.Function) -> bool:
    return any(isinstance(s, ir.LibCall) and s.func in NUMPY_CALLS for s in iter_stmts(fn.body))


def support_code(fn: ir.Function) -> str:
    """Only what ``fn`` uses: other modules' text stays as it was."""
    if not uses_numpy_routines(fn):
        return _NUMPY_CALL if _uses_numpy_calls(fn) else ""
    return _HELPER + (_CALL if _uses_numpy_calls(fn) else "")


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


def render_numpy_call(s: ir.LibCall, r: StmtRenderer) -> list[str]:
    """A call of NumPy's function (``ir.ops.NUMPY_CALLS``), its results copied into the outputs."""
    call = NUMPY_CALLS[s.func]
    module, _, func = call.function.rpartition(".")
    formats = "".join(f"s:{_C_VALUE[type(v)][0]}" for _, v in call.keywords)
    values = "".join(f', "{k}", {_C_VALUE[type(v)][1](v)}' for k, v in call.keywords)
    wrapped = [wrap_view(r, name) for name in (*s.outputs, *s.inputs)]
    names = ", ".join(f'"{n}"' for n in call.named) or "NULL"
    lines = [
        f"PyObject* w_[{len(wrapped)}] = {{{', '.join(wrapped)}}};",
        f"const char* names_[] = {{{names}}};",
        f'PyObject* kw_ = Py_BuildValue("{{{formats}}}"{values});',
        f'if (kiln_np_call("{module}", "{func}", kw_, {call.positional}, {len(call.named)}, names_, '
        f"{call.outputs}, {int(call.size)}, {-1 if call.partial is None else call.partial}, w_) < 0)",
        "    goto kiln_fail;",
    ]
    return ["{", *["    " + x for x in lines], "}"]


# Py_BuildValue's code for a keyword's constant value, and the C that passes it.
_C_VALUE: dict[type, tuple[str, Callable[[Any], str]]] = {
    bool: ("O", lambda v: "Py_True" if v else "Py_False"),
    str: ("s", lambda v: f'"{v}"'),
    int: ("i", str),
    type(None): ("O", lambda v: "Py_None"),
}
