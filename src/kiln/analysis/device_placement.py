"""Where each statement of a function runs when ``@kiln.jit(target="cuda")`` compiles it.

The host (the CPU) runs the control flow and the scalar arithmetic around the work, and
launches kernels; arrays live on the device, so the host never touches an element:

- ``LAUNCH``: a parallel loop whose bounds the host can compute becomes one kernel, a thread
  per iteration (its reductions combined across threads);
- ``LIBRARY``: a library call with a device implementation (a matrix product);
- ``HOST``: scalar arithmetic, checks, shapes, views, allocations and returns that read no
  element, and loops and branches whose headers read none and that hold launches or only
  host statements;
- ``DEVICE``: everything else (it reads or writes elements): run by one GPU thread, the
  statements of a run of them in one kernel. A sequential loop that touches elements and
  holds no launch is one such statement, so it costs one launch, not one per iteration.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, child_exprs, expr_reads, iter_stmts, kept_on

HOST, LAUNCH, LIBRARY, DEVICE = "host", "launch", "library", "device"
DEVICE_LIBRARY_CALLS = frozenset({"matmul"})
# Reductions a kernel combines across threads (``select`` -- argmin-like -- runs on one thread).
GPU_REDUCTIONS = frozenset({"add", "mul", "min", "max"})
_SIMPLE = (ir.Assign, ir.Check, ir.View, ir.Alloc, ir.Return, ir.Break, ir.Continue, ir.Exit)


def host_computable(e: ir.Expr) -> bool:
    """Whether the host can evaluate ``e``: it loads no element (extents, strides and overlap
    tests of arrays are the host's to know)."""
    return not expr_reads(e).elements


def launchable(s: ir.For) -> bool:
    return (
        s.parallel
        and all(host_computable(e) for e in (s.start, s.stop, s.step))
        and all(op in GPU_REDUCTIONS for _, op in s.reductions)
        and not any(isinstance(x, ir.Alloc) for x in iter_stmts(s.body))
    )


def placement(s: ir.Stmt) -> str:
    """``HOST``, ``LAUNCH``, ``LIBRARY`` or ``DEVICE`` (kept on the statement)."""
    return kept_on(s, "_kiln_placement", lambda: _place(s))


def _place(s: ir.Stmt) -> str:
    if isinstance(s, ir.For) and launchable(s):
        return LAUNCH
    if isinstance(s, ir.LibCall):
        return LIBRARY if s.func in DEVICE_LIBRARY_CALLS else DEVICE
    own = all(host_computable(e) for e in child_exprs(s))
    if isinstance(s, _SIMPLE):
        return HOST if own else DEVICE
    if not own or not isinstance(s, ir.For | ir.If | ir.While | ir.Block):
        return DEVICE
    inner = [placement(x) for body in bodies(s) for x in body]
    if all(p == HOST for p in inner) or _holds_launch(s):
        return HOST
    return DEVICE


def _holds_launch(s: ir.Stmt) -> bool:
    """Whether a launch or a library call sits in ``s``'s bodies where the host can reach it
    (through statements the host runs)."""
    for body in bodies(s):
        for x in body:
            p = placement(x)
            if p in (LAUNCH, LIBRARY) or (p == HOST and _holds_launch(x)):
                return True
    return False
