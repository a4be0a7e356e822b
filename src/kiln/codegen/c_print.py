"""C for ``Print``: each value boxed as the Python object the same code would have produced (a
Python number for a weak type, a NumPy scalar otherwise), formatted by Python itself
(``repr``/``str``/``format``), the pieces joined and written to ``sys.stdout`` as ``print`` writes:
output matches CPython's and interleaves in order with Python's own prints. Prints never run
on OpenMP threads (the passes keep them out of parallel loops and team regions), so the calling
thread holds the GIL."""

from __future__ import annotations

from collections.abc import Callable

from kiln.codegen import c_exprs as cx
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.visit import iter_stmts

_SUPPORT = r"""
/* kiln: print */
static int kiln_print_text(PyObject* pieces, const char* text) {
    PyObject* t = PyUnicode_FromString(text);
    if (!t) return -1;
    int rc = PyList_Append(pieces, t);
    Py_DECREF(t);
    return rc;
}

static int kiln_print_value(PyObject* pieces, PyObject* value, const char* format) {
    PyObject* converted;
    switch (format[0]) {
        case 'r': converted = PyObject_Repr(value); break;
        case 's': converted = PyObject_Str(value); break;
        case 'a': converted = PyObject_ASCII(value); break;
        default: converted = value; Py_INCREF(value);
    }
    if (!converted) return -1;
    PyObject* spec = PyUnicode_FromString(format + 1);
    PyObject* text = spec ? PyObject_Format(converted, spec) : NULL;
    Py_XDECREF(spec);
    Py_DECREF(converted);
    if (!text) return -1;
    int rc = PyList_Append(pieces, text);
    Py_DECREF(text);
    return rc;
}

/* list(arr): the items of a 1-d array as NumPy scalars (steals arr) */
static PyObject* kiln_sequence_list(PyObject* arr) {
    if (!arr) return NULL;
    PyObject* list = PySequence_List(arr);
    Py_DECREF(arr);
    return list;
}

/* text[0] values[0] text[1] ... text[n] written to sys.stdout (nothing when it is None), as
   print() writes; the references in values are stolen (NULL where boxing failed, its error
   set). 0, or -1 with a Python error set. */
static int kiln_print(int n, const char* const* text, PyObject** values, const char* const* formats,
                      int flush) {
    PyObject* pieces = PyList_New(0);
    int failed = !pieces || kiln_print_text(pieces, text[0]) < 0;
    for (int k = 0; k < n; k++) {
        if (!failed)
            failed = !values[k] || kiln_print_value(pieces, values[k], formats[k]) < 0
                     || kiln_print_text(pieces, text[k + 1]) < 0;
        Py_XDECREF(values[k]);
    }
    PyObject* joined = NULL;
    if (!failed) {
        PyObject* empty = PyUnicode_FromString("");
        joined = empty ? PyUnicode_Join(empty, pieces) : NULL;
        Py_XDECREF(empty);
        failed = !joined;
    }
    Py_XDECREF(pieces);
    PyObject* out = failed ? NULL : PySys_GetObject("stdout"); /* borrowed */
    if (out && out != Py_None) {
        failed = PyFile_WriteObject(joined, out, Py_PRINT_RAW) < 0;
        if (!failed && flush) {
            PyObject* r = PyObject_CallMethod(out, "flush", NULL);
            failed = !r;
            Py_XDECREF(r);
        }
    }
    Py_XDECREF(joined);
    return failed ? -1 : 0;
}
"""


def support_code(fn: ir.Function) -> str:
    """The print helpers, where ``fn`` prints (nothing otherwise: other modules are unchanged)."""
    return _SUPPORT if any(isinstance(s, ir.Print) for s in iter_stmts(fn.body)) else ""


def c_literal(text: str) -> str:
    """``text`` as a C string literal of its UTF-8 bytes (all but plain ASCII as octal escapes)."""
    out = []
    for byte in text.encode("utf-8"):
        ch = chr(byte)
        if ch in '"\\?' or not (32 <= byte < 127):
            out.append(f"\\{byte:03o}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def render_print(s: ir.Print, expr: Callable[[ir.Expr], str], box_array: Callable[[str], str]) -> list[str]:
    """The block that prints: values evaluated in order into C locals, then boxed (an array as
    a NumPy array viewing its elements, a list built in compiled code as a Python list)."""
    lines = ["{"]
    boxed = []
    formats_c = []
    values, arrays = iter(s.values), iter(s.arrays)
    for k, f in enumerate(s.formats):
        if f[:1] in ir.PRINT_ARRAY_KINDS:
            boxed.append(_ARRAY_ITEM[f[0]].format(box_array(next(arrays))))
            formats_c.append(f[1:])
            continue
        value = next(values)
        t = value.type
        local = f"kiln_pv{k}_"
        lines.append(f"    {cx.ctype(t)} {local} = {expr(value)};")
        boxed.append(box_scalar(local, t))
        formats_c.append(f)
    texts = ", ".join(c_literal(t) for t in s.text)
    formats = ", ".join(c_literal(f) for f in formats_c) or "NULL"
    values_c = ", ".join(boxed) or "NULL"
    lines += [
        f"    const char* kiln_text_[] = {{{texts}}};",
        f"    const char* kiln_formats_[] = {{{formats}}};",
        f"    PyObject* kiln_values_[] = {{{values_c}}};",
        f"    if (kiln_print({len(s.formats)}, kiln_text_, kiln_values_, kiln_formats_, {int(s.flush)}) < 0)",
        "        goto kiln_fail;",
        "}",
    ]
    return lines


# An array item's Python object, from the new reference to the array (see ir.print_item_value).
_ARRAY_ITEM = {"A": "{}", "L": "kiln_list_of({})", "N": "kiln_sequence_list({})"}


def box_scalar(local: str, t: ScalarType) -> str:
    """The new reference to the Python object of the C scalar ``local``: a Python number for a
    weak type, a NumPy scalar otherwise (what the same Python code would have made)."""
    if not t.weak:
        return f"kiln_box_scalar(&{local}, {cx.NPY_TYPENUM[t.dtype]})"
    if t.is_bool:
        return f"PyBool_FromLong({local})"
    if t.is_integer:
        return f"PyLong_FromLongLong({local})"
    if t.is_float:
        return f"PyFloat_FromDouble({local})"
    return f"PyComplex_FromDoubles(creal({local}), cimag({local}))"
