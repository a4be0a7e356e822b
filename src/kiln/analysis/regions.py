"""Which sequential loops of parallel sweeps can run in one OpenMP region
(:mod:`kiln.transforms.passes.team_regions` marks them, :mod:`kiln.codegen.c_team_loop` prints
them; its docstring says how such a loop runs and what it costs)."""

from __future__ import annotations

from kiln.analysis.effects import effects_outside
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import iter_stmts

# control flow that leaves a block or a call into a library's own threads: not carried across
# the team. A block (an inlined call's body) stays: with no exit in the loop nothing leaves it,
# and every thread walks it like the statements around it.
_NOT_IN_TEAM = (
    ir.Return,
    ir.Break,
    ir.Continue,
    ir.Exit,
    ir.While,
    ir.Atomic,
    ir.LibCall,
    ir.Print,
    ir.Invoke,
)
# in a sweep: a check would need a flag shared by the sweep's threads, an allocation a block each
_NOT_IN_SWEEP = (ir.Check, ir.Alloc)
_BYTES = frozenset({"bool", "int8", "uint8"})


def holds_parallel(s: ir.Stmt) -> bool:
    """Whether ``s`` is or holds a parallel loop."""
    return any(isinstance(t, ir.For) and t.parallel for t in iter_stmts((s,)))


def mentioned_outside(fn: ir.Function, loop: ir.For | ir.While) -> frozenset[str]:
    """The scalars and arrays the function's statements outside ``loop`` mention."""
    effects = effects_outside(fn, loop)
    return effects.arrays | effects.reads | effects.writes


def team_loop_fits(fn: ir.Function, loop: ir.For | ir.While, hoisted_to: set[int]) -> bool:
    """Whether ``loop`` (sequential, with parallel loops inside) can run in one region.

    ``hoisted_to``: the loops allocations were hoisted to (each takes its blocks before it
    starts; a loop every thread walks would take them once per thread)."""
    if isinstance(loop, ir.For) and (loop.parallel or loop.reductions or not _constant_step(loop)):
        return False
    if not holds_parallel(loop):
        return False
    outside = mentioned_outside(fn, loop)
    if isinstance(loop, ir.For) and loop.var in outside:
        return False
    types = fn.var_types()
    for s in iter_stmts(loop.body):
        if isinstance(s, _NOT_IN_TEAM):
            return False
        if isinstance(s, ir.For) and s.parallel and not _sweep_fits(s, types):
            return False
        if isinstance(s, ir.For) and holds_parallel(s):
            walked = not s.parallel  # every thread walks it
            if walked and (not _constant_step(s) or s.var in outside) or s.sid in hoisted_to:
                return False
    return True


def _constant_step(loop: ir.For) -> bool:
    """A step of one either way: the team's counters step without a trip count, and a longer
    step could carry them past INT64_MAX after the last iteration."""
    return isinstance(loop.step, ir.Const) and loop.step.value in (1, -1)


def _sweep_fits(loop: ir.For, types: dict[str, ScalarType | ArrayType]) -> bool:
    if any(op == "select" for _, op in loop.reductions) or loop.work is not None:
        return False
    for s in iter_stmts(loop.body):
        if isinstance(s, _NOT_IN_SWEEP):
            return False
        # A byte store may alias any variable, and in the region the arrays' pointers are
        # shared ones the master writes: gcc reloads them at every element and the loop no
        # longer vectorizes (a sweep storing a mask: 227-302 ms against 145 ms on two threads).
        if isinstance(s, ir.Store) and types[s.array].dtype in _BYTES:
            return False
    return True


def assigned_scalars(body: tuple[ir.Stmt, ...]) -> list[str]:
    """Scalar variables a loop body writes, in order (each thread of a parallel loop keeps its
    own copies)."""
    names: list[str] = []
    for s in iter_stmts(body):
        name = (
            s.target
            if isinstance(s, ir.Assign | ir.Atomic | ir.Invoke)
            else s.var
            if isinstance(s, ir.For)
            else None
        )
        name = name or None  # an Atomic whose old value nobody reads has target ""
        if name is not None and name not in names:
            names.append(name)
    return names
