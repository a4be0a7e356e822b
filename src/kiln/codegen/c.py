"""C code generation: one IR function -> one CPython extension module source.

The module exposes ``entry`` (METH_FASTCALL). Arrays live in C as a data
pointer, an owning ``PyObject*`` (a reference the function holds), extents and
element strides; constant strides implied by the layout are rendered as
constants so the C compiler can vectorize. Errors set a Python exception and
jump to one cleanup path, so no path leaks a reference.
"""

from __future__ import annotations

from kiln.codegen import c_bindings
from kiln.codegen import c_exprs as cx
from kiln.codegen.c_blas import support_code as blas_support_code
from kiln.codegen.c_helpers import common_locals, declare_variable, render_helpers, whole_module
from kiln.codegen.c_lapack import support_code
from kiln.codegen.c_lib import render_libcall
from kiln.codegen.c_numpy_calls import support_code as numpy_routines_code
from kiln.codegen.c_print import support_code as print_support_code
from kiln.codegen.c_stmts import StmtRenderer
from kiln.codegen.prelude import prelude
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ConstArg, ScalarType
from kiln.runtime.prelude_header import PRELUDE_END


def _unpack_param(index: int, p: ir.Param) -> list[str]:
    arg = f"args[{index}]"
    t = p.type
    if isinstance(t, ConstArg):  # dispatch passes None here: a constant of this specialization
        return []
    if isinstance(t, ArrayType):
        lines = [
            f"{cx.owner_name(p.name)} = {arg}; Py_INCREF({arg});",
            f"{cx.data_name(p.name)} = ({cx.ctype(t)}*)PyArray_DATA((PyArrayObject*){arg});",
        ]
        for k in range(t.ndim):
            lines.append(f"{cx.shape_name(p.name, k)} = PyArray_DIM((PyArrayObject*){arg}, {k});")
            lines.append(
                f"{cx.stride_var(p.name, k)} = PyArray_STRIDE((PyArrayObject*){arg}, {k})"
                f" / (npy_intp)sizeof({cx.ctype(t)});"
            )
        return lines
    v = cx.scalar_name(p.name)
    if t.weak:
        return _unpack_python_number(arg, v, t)
    return [f"if (kiln_unbox_scalar({arg}, &{v}, {cx.NPY_TYPENUM[t.dtype]}) < 0) goto kiln_fail;"]


def _require_writeable(index: int, name: str) -> list[str]:
    """NumPy refuses stores into read-only arrays; kiln checks on entry any argument it may write."""
    message = f"assignment destination is read-only (argument '{name.removeprefix('p_')}')"
    return [
        f"if (!PyArray_ISWRITEABLE((PyArrayObject*)args[{index}])) {{",
        f'    PyErr_SetString(PyExc_ValueError, "{message}");',
        "    goto kiln_fail;",
        "}",
    ]


def _unpack_python_number(arg: str, v: str, t: ScalarType) -> list[str]:
    if t.is_bool:
        return [f"{{ int b_ = PyObject_IsTrue({arg}); if (b_ < 0) goto kiln_fail; {v} = b_; }}"]
    if t.is_integer:
        return [f"{v} = PyLong_AsLongLong({arg}); if ({v} == -1 && PyErr_Occurred()) goto kiln_fail;"]
    if t.is_float:
        return [f"{v} = PyFloat_AsDouble({arg}); if ({v} == -1.0 && PyErr_Occurred()) goto kiln_fail;"]
    return [
        f"{{ Py_complex z_ = PyComplex_AsCComplex({arg});",
        "  if (z_.real == -1.0 && PyErr_Occurred()) goto kiln_fail;",
        f"  {v} = z_.real + z_.imag * KILN_I; }}",
    ]


def render_function(fn: ir.Function, openmp: bool = False) -> str:
    """The complete C source of an extension module computing ``fn``."""
    types = fn.var_types()
    arrays = {n: t for n, t in types.items() if isinstance(t, ArrayType)}
    exprs = cx.ExprRenderer(arrays)
    stmts = StmtRenderer(exprs, fn, render_libcall, openmp)
    stacks = c_bindings.binding_stacks(fn)
    body: list[str] = []
    for name, t in types.items():
        body += declare_variable(name, t)
    body.append("PyObject* kiln_result = NULL;")
    body += c_bindings.declare_stacks(stacks)
    body += common_locals(openmp)
    body.append(f"if (nargs != {len(fn.params)}) {{")
    body.append(f'  PyErr_SetString(PyExc_TypeError, "expected {len(fn.params)} arguments"); return NULL; }}')
    for i, p in enumerate(fn.params):
        body += _unpack_param(i, p)
        if p.name in fn.written_params:
            body += _require_writeable(i, p.name)
    body += stmts.block(fn.body)
    body += ["kiln_result = Py_None; Py_INCREF(Py_None);", "goto kiln_cleanup;"]
    body += ["kiln_fail:", "Py_XDECREF(kiln_result); kiln_result = NULL;", "kiln_cleanup:"]
    body += [f"Py_XDECREF({cx.owner_name(n)});" for n in arrays]
    body += c_bindings.free_stacks(stacks)
    body.append("return kiln_result;")
    whole = whole_module(fn)
    out = [prelude(), PRELUDE_END, blas_support_code(whole), support_code(whole)]
    if numpy_code := numpy_routines_code(whole):  # only when used: other modules' text unchanged
        out.append(numpy_code)
    if print_code := print_support_code(whole):
        out.append(print_code)
    if stacks:
        out.append(c_bindings.SUPPORT)
    out += render_helpers(fn.helpers, openmp)
    out.append(f"/* kiln: {fn.name} */")
    out.append("static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {")
    out += ["    " + line for line in body]
    out.append("}")
    out.append(_MODULE_TAIL)
    return "\n".join(out) + "\n"


_MODULE_TAIL = r"""
static PyMethodDef kiln_methods[] = {
    {"entry", (PyCFunction)(void (*)(void))kiln_entry, METH_FASTCALL, "compiled by kiln"},
    {NULL, NULL, 0, NULL}
};
static struct PyModuleDef kiln_module = {PyModuleDef_HEAD_INIT, "kiln_generated", NULL, -1, kiln_methods};
PyMODINIT_FUNC KILN_INIT_FUNC(void) {
    import_array();
    return PyModule_Create(&kiln_module);
}
"""
