"""``kiln.report`` of a ``@kiln.jit(target="cuda")`` function: where each loop and library call
runs (a grid, one GPU thread, the host) and what crosses the bus per call."""

from __future__ import annotations

from kiln.analysis.device_placement import (
    DEVICE,
    HOST,
    LAUNCH,
    LIBRARY,
    nest_of,
    placement,
    private_allocations,
    transfer_plan,
)
from kiln.ir import nodes as ir
from kiln.ir.visit import bodies


def _where(line: int) -> str:
    return f"line {line}" if line > 0 else "generated"


def _launch(s: ir.For) -> str:
    nest = nest_of(s)
    what = "a 2-d grid" if len(nest) == 2 else "a grid"
    loops = " and ".join(f"{x.var.split('_', 1)[-1]}" for x in nest)
    parts = [f"{_where(s.loc.line)}: loop over {loops}: {what}, a GPU thread per iteration"]
    if s.reductions:
        parts.append("reduces " + ", ".join(f"{v.split('_', 1)[-1]} ({op})" for v, op in s.reductions))
    private = private_allocations(s) or []
    if private:
        parts.append(f"{len(private)} temporary array(s) per thread")
    return "; ".join(parts)


def placement_lines(body: tuple[ir.Stmt, ...]) -> list[str]:
    """One line per loop, library call and run of one-thread statements, in program order."""
    lines: list[str] = []
    for s in body:
        where = placement(s)
        if where == LAUNCH and isinstance(s, ir.For):
            lines.append(_launch(s))
        elif where == LIBRARY and isinstance(s, ir.LibCall):
            lines.append(f"{_where(s.loc.line)}: {s.func}: a tiled GPU kernel")
        elif where == DEVICE and isinstance(s, ir.For | ir.While):
            lines.append(f"{_where(s.loc.line)}: loop: one GPU thread (iterations depend on each other)")
        elif where == HOST and isinstance(s, ir.For | ir.While):
            lines.append(f"{_where(s.loc.line)}: loop: on the host, launching what is inside")
            lines += ["  " + x for x in placement_lines(tuple(x for b in bodies(s) for x in b))]
        elif where == HOST:
            lines += placement_lines(tuple(x for b in bodies(s) for x in b))
    return lines


def render(fn: ir.Function, transfers: str) -> str:
    plan = transfer_plan(fn)
    moves = ", ".join(f"{p.removeprefix('p_')} {m}" for p, m in plan.items()) or "no arrays"
    lines = [f"kiln.report: {fn.name} on a CUDA GPU", *placement_lines(fn.body)]
    lines += ["", f"host arrays per call: {moves}", transfers]
    return "\n".join(dict.fromkeys(lines))  # a versioned nest reports once
