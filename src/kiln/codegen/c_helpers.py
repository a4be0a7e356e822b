"""C for a module's helpers: functions its ``Invoke`` statements call (recursive ones).

A helper is a ``static`` C function of its parameters (an array as its data, owner, extents
and strides, before the numbers) and a pointer to its result; it
returns 0, or -1 with a Python exception set, which the caller passes on (``goto kiln_fail``).
Every helper is declared before any is defined, so helpers may call each other and
themselves. Recursion deeper than Python's recursion limit raises ``RecursionError`` as
Python would, rather than overflowing the C stack: each call takes the number of calls that
may still nest (``kiln_budget``; the exported function passes the limit).
"""

from __future__ import annotations

import dataclasses

from kiln.codegen import c_exprs as cx
from kiln.codegen.c_lib import render_libcall
from kiln.codegen.c_stmts import StmtRenderer, c_string
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType


def declare_variable(name: str, t: ScalarType | ArrayType) -> list[str]:
    """A C function's local for variable ``name``, zeroed."""
    if isinstance(t, ScalarType):
        return [f"{cx.ctype(t)} {cx.scalar_name(name)} = 0;"]
    lines = [f"{cx.ctype(t)}* {cx.data_name(name)} = NULL;"]
    lines.append(f"PyObject* {cx.owner_name(name)} = NULL;")
    for k in range(t.ndim):
        lines.append(f"npy_intp {cx.shape_name(name, k)} = 0, {cx.stride_var(name, k)} = 0;")
    return lines


def common_locals(openmp: bool) -> list[str]:
    """Locals every generated C function has: the signal flag, the parallel-work counter."""
    lines = ["int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */"]
    if openmp:
        lines.append("int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */")
    return lines


def whole_module(fn: ir.Function) -> ir.Function:
    """``fn`` with its helpers' statements and variables added: what the module's support code
    (BLAS, LAPACK, printing ...) must serve."""
    if not fn.helpers:
        return fn
    names = set(fn.var_types())
    extra = [(n, t) for h in fn.helpers for n, t in h.var_types().items() if n not in names]
    blocks = tuple(ir.Block(f"helper_{h.name}", h.body) for h in fn.helpers)
    return dataclasses.replace(
        fn, locals=(*fn.locals, *dict(extra).items()), body=(*fn.body, *blocks), helpers=()
    )


def helper_name(func: str) -> str:
    return f"kiln_fn_{func}"


def _signature(h: ir.Function) -> str:
    params = ["int kiln_budget"]
    for p in h.params:
        if isinstance(p.type, ArrayType):
            params += [f"{cx.ctype(p.type)}* {cx.data_name(p.name)}", f"PyObject* {cx.owner_name(p.name)}"]
            params += [f"npy_intp {cx.shape_name(p.name, k)}" for k in range(p.type.ndim)]
            params += [f"npy_intp {cx.stride_var(p.name, k)}" for k in range(p.type.ndim)]
    params += [
        f"{cx.ctype(p.type)} {cx.scalar_name(p.name)}" for p in h.params if isinstance(p.type, ScalarType)
    ]
    if h.results:
        params.append(f"{cx.ctype(h.results[0])}* kiln_out")
    return f"static int {helper_name(h.name)}({', '.join(params)})"


class _HelperStmts(StmtRenderer):
    """A helper's statements: a return hands its value back through ``kiln_out``."""

    call_budget = "kiln_budget - 1"

    def _return(self, s: ir.Return) -> list[str]:
        lines = [f"*kiln_out = {cx.scalar_name(s.values[0])};"] if s.values else []
        return [*lines, "kiln_status = 0;", "goto kiln_cleanup;"]


def _render_helper(h: ir.Function, openmp: bool) -> list[str]:
    types = h.var_types()
    params = {p.name for p in h.params}
    arrays = {n: t for n, t in types.items() if isinstance(t, ArrayType)}
    stmts = _HelperStmts(cx.ExprRenderer(arrays), h, render_libcall, openmp)
    body = [line for n, t in types.items() if n not in params for line in declare_variable(n, t)]
    body += ["int kiln_status = -1;", *common_locals(openmp)]
    body.append(f"if (kiln_budget <= 0) return kiln_too_deep({c_string(h.name.rpartition('_')[0])});")
    body += [f"Py_XINCREF({cx.owner_name(p.name)});" for p in h.params if isinstance(p.type, ArrayType)]
    body += stmts.block(h.body)
    body += ["kiln_status = 0;", "kiln_fail:", "kiln_cleanup:"]
    body += [f"Py_XDECREF({cx.owner_name(n)});" for n in arrays]
    body.append("return kiln_status;")
    return [f"{_signature(h)} {{", *("    " + line for line in body), "}"]


def render_helpers(helpers: tuple[ir.Function, ...], openmp: bool) -> list[str]:
    """Declarations of all helpers, then their definitions (nothing when there are none)."""
    if not helpers:
        return []
    out = ["/* kiln: helpers */", _DEPTH, *(f"{_signature(h)};" for h in helpers)]
    for h in helpers:
        out += _render_helper(h, openmp)
    return out


_DEPTH = r"""static int kiln_too_deep(const char* name) {
    PyErr_Format(PyExc_RecursionError, "maximum recursion depth exceeded in compiled '%s'", name);
    return -1;
}"""
