"""OpenMP rendering of arg-extreme (``select``) reductions (see :mod:`kiln.ir.selects`).

OpenMP's reduction clause combines values in an unspecified order, and a select needs the
blocks in iteration order. So the loop becomes ``omp parallel`` + ``omp for schedule(static)``
(block ``t`` of the iterations goes to thread ``t``): every thread starts from the values before
the loop (``firstprivate``), leaves its result in slot ``t`` of a small array, and one thread
folds the slots in order after the region with the scan's own test.
"""

from __future__ import annotations

from collections.abc import Mapping

from kiln.codegen import c_exprs as cx
from kiln.ir import nodes as ir
from kiln.ir.selects import Select, find_selects
from kiln.ir.types import ScalarType


def loop_selects(s: ir.For) -> list[Select]:
    names = {v for v, op in s.reductions if op == "select"}
    if not names:
        return []
    selects = [sel for sel in find_selects(s.body) if set(sel.names) <= names]
    assert {n for sel in selects for n in sel.names} == names, "select reduction without its scan"
    return selects


def wrap(
    selects: list[Select],
    types: Mapping[str, object],
    e: cx.ExprRenderer,
    pragma: str,
    loop: list[str],
    fresh: object,
) -> list[str]:
    """``pragma`` (an ``omp parallel for``) and ``loop`` as a region that keeps block results."""
    nt, tid = fresh("nt"), fresh("tid")  # type: ignore[operator]
    names = [n for sel in selects for n in sel.names]
    slots = {n: fresh("slot") for n in names}  # type: ignore[operator]
    ctypes = {n: cx.ctype(_scalar(types[n])) for n in names}
    lines = [f"const int {nt} = omp_get_max_threads();"]
    for n in names:
        lines.append(f"{ctypes[n]} {slots[n]}[{nt}];")
    # a thread the runtime does not start leaves the values before the loop: never preferred
    fill = " ".join(f"{slots[n]}[{tid}] = {cx.scalar_name(n)};" for n in names)
    lines.append(f"for (int {tid} = 0; {tid} < {nt}; {tid}++) {{ {fill} }}")
    clauses = pragma.removeprefix("#pragma omp parallel for ")
    private = ", ".join(cx.scalar_name(n) for n in names)
    lines += [f"#pragma omp parallel firstprivate({private})", "{", f"    #pragma omp for {clauses}"]
    lines += ["    " + line for line in loop]
    stash = " ".join(f"{slots[n]}[{tid}] = {cx.scalar_name(n)};" for n in names)
    lines += [f"    {{ const int {tid} = omp_get_thread_num(); {stash} }}", "}"]
    lines.append(f"for (int {tid} = 0; {tid} < {nt}; {tid}++) {{")
    for sel in selects:
        cand = ir.Var(f"{sel.best}_blk", sel.candidate.type)
        test = e(sel.better(cand, ir.Var(sel.best, sel.candidate.type)))
        take = " ".join(f"{cx.scalar_name(n)} = {slots[n]}[{tid}];" for n in sel.names)
        lines += [
            "    {",
            f"        const {ctypes[sel.best]} {cx.scalar_name(cand.name)} = {slots[sel.best]}[{tid}];",
            f"        if ({test}) {{ {take} }}",
            "    }",
        ]
    return lines + ["}"]


def _scalar(t: object) -> ScalarType:
    assert isinstance(t, ScalarType)
    return t
