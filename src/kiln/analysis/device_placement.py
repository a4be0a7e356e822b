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

from kiln.analysis.effects import array_roots
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import bodies, child_exprs, expr_reads, iter_exprs, iter_stmts, kept_on

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
        and private_allocations(s) is not None
    )


def nest_of(loop: ir.For) -> list[ir.For]:
    """The loops one grid covers: ``loop``, and its inner loop when that is ``loop``'s whole
    body, has bounds of its own and is parallel too (or only carries the same reductions)."""
    if len(loop.body) != 1 or not isinstance(inner := loop.body[0], ir.For):
        return [loop]
    bounds = (inner.start, inner.stop, inner.step)
    if any(loop.var in expr_reads(e).scalars or expr_reads(e).elements for e in bounds):
        return [loop]
    pure_reduction = (
        bool(loop.reductions)
        and set(inner.reductions) == set(loop.reductions)
        and not any(isinstance(s, ir.Store | ir.Atomic | ir.View | ir.Alloc) for s in iter_stmts(inner.body))
    )
    if (inner.parallel and not inner.reductions) or pure_reduction:
        return [loop, inner]
    return [loop]


def private_allocations(loop: ir.For) -> list[ir.Alloc] | None:
    """The arrays each iteration of ``loop``'s grid allocates for itself (parallelize proved
    them private), which the host allocates once per GPU thread before the launch; None when
    an allocation is not one of those: nested deeper than the top of the grid's body, or sized
    by something the host cannot know before the loop runs."""
    nest = nest_of(loop)
    body = nest[-1].body
    written = {x.target for x in iter_stmts(body) if isinstance(x, ir.Assign)}
    written |= {x.var for x in iter_stmts(body) if isinstance(x, ir.For)} | {x.var for x in nest}
    top = [x for x in body if isinstance(x, ir.Alloc)]
    if sum(isinstance(x, ir.Alloc) for x in iter_stmts(body)) != len(top):
        return None
    for a in top:
        if not all(host_computable(e) and not (expr_reads(e).scalars & written) for e in a.shape):
            return None
    return top


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


def transfer_plan(fn: ir.Function) -> dict[str, str]:
    """Per array parameter, what a host array passed there must do: ``"in"`` (its elements are
    read), ``"in/out"`` (also written: it comes back), ``"none"`` (only its shape is used, as
    by ``np.empty_like``: the device gets memory of its size, nothing crosses the bus)."""
    roots = array_roots(fn)
    read: set[str] = set()
    for s in iter_stmts(fn.body):
        named: set[str] = set()
        for e in iter_exprs(s, deep=False):
            if isinstance(e, ir.Load):
                named.add(e.array)
        if isinstance(s, ir.LibCall):
            named |= set(s.inputs)
        elif isinstance(s, ir.Return):
            named |= set(s.values)  # a result that lies in a parameter brings its elements
        elif isinstance(s, ir.Print | ir.Invoke):
            named |= set(s.arrays)
        for name in named:
            read |= roots.of(name)
    plan = {}
    for p in fn.params:
        if isinstance(p.type, ArrayType):
            written = p.name in fn.written_params
            plan[p.name] = "in/out" if written else "in" if p.name in read else "none"
    return plan
