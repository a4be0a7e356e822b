"""What statements read and write, and which arrays may share memory.

Every pass that moves or reorders code asks these two questions. Arrays are named storage: a
parameter is its own root; an ``Alloc`` is fresh memory that nothing else can alias; a ``View``
shares its base's roots. Two parameters may overlap (NumPy lets callers pass views of one
buffer); passes either prove they do not at run time (``Overlaps``) or leave the code alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kiln.analysis.cache import register_analysis
from kiln.ir import nodes as ir
from kiln.ir.ops import NUMPY_CALLS
from kiln.ir.visit import child_exprs, expr_reads, iter_exprs, iter_stmts

# Calls whose value depends on the OpenMP worker evaluating them (a kernel's scratch slot).
PER_WORKER_CALLS = frozenset({"worker_id"})

# Statements that may leave early or raise; a print joins them: its output keeps its order.
# Binding stacks join them: pushes and pops must keep their order.
_CONTROL = (
    ir.Break, ir.Continue, ir.Exit, ir.Return, ir.Check, ir.Print, ir.Invoke, ir.SaveBinding,
    ir.RestoreBinding,
)  # fmt: skip


def _has_effect(s: ir.Stmt) -> bool:
    """A library call that changes what other calls see (NumPy's random stream): kept in order."""
    return isinstance(s, ir.LibCall) and s.func in NUMPY_CALLS and NUMPY_CALLS[s.func].effect


@dataclass(frozen=True)
class Effects:
    reads: frozenset[str]  # scalar variables read
    writes: frozenset[str]  # scalar variables assigned (loop variables included)
    array_reads: frozenset[str]  # arrays whose elements or metadata are read
    array_writes: frozenset[str]  # arrays whose elements are written
    array_binds: frozenset[str]  # array names (re)bound by Alloc or View
    control: bool  # may leave the enclosing code early or raise
    # array_reads apart: arrays whose elements are read (loads, a library call's inputs, atomics),
    # and arrays whose binding (data pointer, extents, strides) is read by name: measured, viewed,
    # or passed to a library call
    element_reads: frozenset[str] = frozenset()
    binding_reads: frozenset[str] = frozenset()

    @property
    def arrays(self) -> frozenset[str]:
        """Every array the statements read, write, measure or bind."""
        return self.array_reads | self.array_writes | self.array_binds


def extents_change(shape: tuple[ir.Expr, ...], effects: Effects) -> bool:
    """Whether statements with ``effects`` may change what an allocation's ``shape`` evaluates
    to: they assign a scalar it reads (loop counters included), rebind an array whose extents or
    strides it reads, or rebind or write an array it loads an element of."""
    exprs = [e for x in shape for e in iter_exprs(x)]
    reads = {e.name for e in exprs if isinstance(e, ir.Var)}
    measured = {e.array for e in exprs if isinstance(e, ir.Dim | ir.Stride)}
    loaded = {e.array for e in exprs if isinstance(e, ir.Load)}
    return bool(
        reads & effects.writes or (measured | loaded) & effects.array_binds or loaded & effects.array_writes
    )


def effects_outside(fn: ir.Function, loop: ir.For | ir.While) -> Effects:
    """What the function's statements outside ``loop`` do (its header and body left out)."""
    inside = {id(s) for s in iter_stmts(loop.body)} | {id(loop)}
    return effects_of([s for s in iter_stmts(fn.body) if id(s) not in inside], deep=False)


def effects_of(stmts: Iterable[ir.Stmt], deep: bool = True) -> Effects:
    """What ``stmts`` do; with ``deep=False``, the statements themselves without the statements
    nested in them."""
    reads: set[str] = set()
    writes: set[str] = set()
    array_reads: set[str] = set()
    array_writes: set[str] = set()
    binds: set[str] = set()
    elements: set[str] = set()
    bindings: set[str] = set()
    control = False
    for s in iter_stmts(stmts) if deep else stmts:
        for e in child_exprs(s):  # expr_reads covers each one's sub-expressions
            read = expr_reads(e)
            reads |= read.scalars
            elements |= read.elements
            bindings |= read.bindings
            array_reads |= read.elements | read.bindings
        if isinstance(s, ir.Assign):
            writes.add(s.target)
        elif isinstance(s, ir.For):
            writes.add(s.var)
        elif isinstance(s, ir.Store):
            array_writes.add(s.array)
        elif isinstance(s, ir.Alloc):
            binds.add(s.target)
        elif isinstance(s, ir.View):
            binds.add(s.target)
            array_reads.add(s.base)
            bindings.add(s.base)
        elif isinstance(s, ir.LibCall):
            array_writes.update(s.outputs)
            array_reads.update(s.inputs)
            elements.update(s.inputs)
            bindings.update((*s.outputs, *s.inputs))
        elif isinstance(s, ir.Atomic):  # reads and writes its element; may return the old one
            array_reads.add(s.array)
            elements.add(s.array)
            array_writes.add(s.array)
            if s.target:
                writes.add(s.target)
        elif isinstance(s, ir.Invoke | ir.Print | ir.SaveBinding | ir.RestoreBinding):
            _passes_arrays(s, writes, array_reads, array_writes, binds, elements, bindings)
        elif isinstance(s, ir.Return):
            reads.update(s.values)
        control = control or isinstance(s, _CONTROL) or _has_effect(s)
    return Effects(
        frozenset(reads),
        frozenset(writes),
        frozenset(array_reads),
        frozenset(array_writes),
        frozenset(binds),
        control,
        frozenset(elements),
        frozenset(bindings),
    )


def _passes_arrays(
    s: ir.Invoke | ir.Print | ir.SaveBinding | ir.RestoreBinding,
    writes: set[str],
    array_reads: set[str],
    array_writes: set[str],
    binds: set[str],
    elements: set[str],
    bindings: set[str],
) -> None:
    """A call of a helper may read and write every array it is passed; a print formats the
    elements of its arrays; a binding stack keeps an array's binding or binds it again."""
    if isinstance(s, ir.Invoke):
        if s.target:
            writes.add(s.target)
        array_writes.update(s.arrays)
    if isinstance(s, ir.Invoke | ir.Print):
        array_reads.update(s.arrays)
        elements.update(s.arrays)
        bindings.update(s.arrays)
    elif isinstance(s, ir.SaveBinding):
        array_reads.add(s.array)
        bindings.add(s.array)
    else:
        binds.add(s.array)


@dataclass(frozen=True)
class ArrayRoots:
    """For each array name, the storage it may refer to: parameter names or ``alloc:NAME``."""

    roots: dict[str, frozenset[str]]
    params: frozenset[str]
    # identity views (same start, extents and strides as their base, each name bound once) ->
    # the array they view: an element of one is the same element of the other
    identical: dict[str, str] = field(default_factory=dict)

    def of(self, name: str) -> frozenset[str]:
        return self.roots.get(name, frozenset({name}))

    def same_elements(self, a: str, b: str) -> bool:
        """Whether ``a[idx]`` and ``b[idx]`` are the same element for every ``idx``."""
        return self.identical.get(a, a) == self.identical.get(b, b)

    def conflicts(self, a: str, b: str) -> tuple[bool, frozenset[tuple[str, str]]]:
        """(certain or unprovable overlap, parameter pairs that overlap unless checked at run time)."""
        ra, rb = self.of(a), self.of(b)
        if ra & rb:
            return True, frozenset()
        pairs = frozenset(
            tuple(sorted((x, y))) for x in ra for y in rb if x in self.params and y in self.params
        )
        return False, pairs  # type: ignore[return-value]


@register_analysis("array_roots")
def array_roots(fn: ir.Function) -> ArrayRoots:
    from kiln.ir.types import ArrayType

    params = frozenset(p.name for p in fn.params if isinstance(p.type, ArrayType))
    roots: dict[str, set[str]] = {p: {p} for p in params}
    views: list[ir.View] = []
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.Alloc):
            roots.setdefault(s.target, set()).add(f"alloc:{s.target}")
        elif isinstance(s, ir.View):
            views.append(s)
    changed = True
    while changed:  # views of views, in any order: iterate to a fixed point
        changed = False
        for v in views:
            new = roots.get(v.base, {v.base})
            have = roots.setdefault(v.target, set())
            if not new <= have:
                have.update(new)
                changed = True
    return ArrayRoots({k: frozenset(v) for k, v in roots.items()}, params, identity_views(fn))


def identity_views(fn: ir.Function) -> dict[str, str]:
    """Views that alias their base element for element: ``t = np.max(x, axis=-1, keepdims=True)``
    binds the user's ``t`` as a view of the reduction's array with that array's offset (0),
    extents and strides. Both names must be bound once in the whole function (a parameter, or
    one ``alloc``/``view``) and have the same type; the view's extents must be the base's
    (its ``dim``s, or the expressions it was allocated with). Maps each to its ultimate base."""
    bindings: dict[str, list[ir.Stmt]] = {}
    for s in iter_stmts(fn.body):
        if isinstance(s, ir.Alloc | ir.View):
            bindings.setdefault(s.target, []).append(s)
        elif isinstance(s, ir.RestoreBinding):
            bindings.setdefault(s.array, []).append(s)
    params = {p.name for p in fn.params}
    types = dict(fn.locals) | {p.name: p.type for p in fn.params}

    def bound_once(name: str) -> bool:
        return len(bindings.get(name, ())) + (name in params) == 1

    found: dict[str, str] = {}
    for name, stmts in bindings.items():
        v = stmts[0]
        if not (isinstance(v, ir.View) and bound_once(name) and bound_once(v.base)):
            continue
        if types.get(name) != types.get(v.base) or v.offset != ir.Const(0, v.offset.type):
            continue
        n = len(v.shape)
        base_bind = bindings.get(v.base, [None])[0]
        extents: set[tuple[ir.Expr, ...]] = {tuple(ir.Dim(v.base, k) for k in range(n))}
        if isinstance(base_bind, ir.Alloc | ir.View):
            extents.add(tuple(base_bind.shape))
        if tuple(v.shape) in extents and tuple(v.strides) == tuple(ir.Stride(v.base, k) for k in range(n)):
            found[name] = v.base
    for name in list(found):  # a view of a view: to the first base
        seen = {name}
        while (base := found[name]) in found and base not in seen:
            seen.add(base)
            found[name] = found[base]
    return found
