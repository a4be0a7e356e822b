"""State of one lowering run: emitted statements, variable types, scopes.

Variable types are found by iteration: lowering records the type of every value
assigned to a variable; when a later assignment widens a variable (``s = 0``
then ``s += a[i]`` with float ``a``), the whole function is lowered again with
the widened type declared from the start. Types only widen, so this ends.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kiln.errors import SourceLoc, TypingError
from kiln.frontend.promotion import promote
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.options import Options

VarType = ScalarType | ArrayType
StmtT = TypeVar("StmtT", bound=ir.Stmt)


def unify(old: VarType, new: VarType, name: str, loc: SourceLoc) -> VarType:
    """The one type a variable needs to hold both ``old`` and ``new`` values."""
    if isinstance(old, ScalarType) and isinstance(new, ScalarType):
        return promote(old, new) if old != new else old
    same_shape = (
        isinstance(old, ArrayType)
        and isinstance(new, ArrayType)
        and (old.dtype, old.ndim)
        == (
            new.dtype,
            new.ndim,
        )
    )
    if same_shape:
        assert isinstance(old, ArrayType) and isinstance(new, ArrayType)
        if old.layout == new.layout:
            return old
        both = {old.layout, new.layout}
        return old.with_layout("R" if both == {"C", "R"} else "A")
    raise TypingError(
        f"variable '{name}' holds {old} and later {new}; kiln needs one type per variable",
        loc,
        hint="use a new variable name for the second value",
    )


@dataclass
class TypeEnv:
    """Declared types of IR variables, kept across lowering iterations."""

    types: dict[str, VarType] = field(default_factory=dict)
    origins: dict[str, set[str]] = field(default_factory=dict)
    changed: bool = False
    # The element type of each list built in compiled code, by the place it is made: what the
    # last iteration found (lists are made with it) and what this one finds. A list whose type
    # was not known yet was made with a stand-in, so what this iteration finds replaces the
    # last iteration's rather than widening it, and a change lowers the function again with
    # every type forgotten (values read from the list had the stand-in's type).
    list_elements: dict[str, ScalarType] = field(default_factory=dict)
    noted_elements: dict[str, ScalarType] = field(default_factory=dict)
    restart: bool = False

    def note_list_element(self, key: str, t: ScalarType) -> ScalarType:
        """The list made at ``key`` holds a ``t`` too: its element type as found so far."""
        old = self.noted_elements.get(key)
        merged = t if old is None or old == t else promote(old, t)
        self.noted_elements[key] = merged
        return merged

    def settle_lists(self, finished: bool) -> bool:
        """At the end of an iteration (``finished``: it lowered the whole function): whether
        the lists' element types differ from those it started with (then lower it again)."""
        found = self.noted_elements
        changed = (
            found != self.list_elements
            if finished
            else any(self.list_elements.get(k) != t for k, t in found.items())
        )
        if changed:
            self.list_elements = found if finished else {**self.list_elements, **found}
            self.restart = True
        return changed

    def declare(self, name: str, t: VarType, loc: SourceLoc, shown: str) -> VarType:
        old = self.types.get(name)
        merged = t if old is None else unify(old, t, shown, loc)
        if merged != old:
            self.types[name] = merged
            self.changed = self.changed or not is_temporary(name)
        return merged

    def start_iteration(self) -> None:
        """Forget temporaries: each is created with its final type in every iteration (and
        every type, when a list's element type changed: values read from it had another)."""
        self.types = {n: t for n, t in self.types.items() if not (self.restart or is_temporary(n))}
        self.origins = {n: o for n, o in self.origins.items() if not (self.restart or is_temporary(n))}
        self.changed = self.restart = False
        self.noted_elements = {}


def is_temporary(name: str) -> bool:
    """Fresh names (``k<N>_...``) belong to one lowering iteration only."""
    return name.startswith("k") and name[1:2].isdigit()


class Context:
    """Builder for one function's IR: blocks, fresh names, ids, locations."""

    def __init__(self, env: TypeEnv, options: Options, filename: str, lines: list[str]) -> None:
        self.env = env
        self.options = options
        self.filename = filename
        self.lines = lines
        self._blocks: list[list[ir.Stmt]] = [[]]
        self._sid = 0
        self._fresh = 0
        self.loc: SourceLoc = SourceLoc(filename, 0, 0)
        self.used: dict[str, VarType] = {}
        self.written_arrays: set[str] = set()
        self.loop_depth = 0
        self.parallel_depth = 0
        self.lower_bounds: dict[str, int] = {}
        self.nonneg_params: list[str] = []  # integer parameters >= 0 that nothing re-assigns
        self.kernel: Any = None  # the launch configuration of a CUDA-style kernel (kiln.kernel)
        self.inlined = 0
        self.temp_nesting: dict[str, int] = {}
        self.stable_vars: set[str] = set()
        # prange loop id -> its private scalars that some iteration may leave unwritten
        self.parallel_locals: dict[int, frozenset[str]] = {}
        # locals read (as a placeholder) before any lowering pass learnt their type
        self.pending_reads: list[tuple[str, str, SourceLoc]] = []  # IR name, name, where
        # global NumPy arrays baked in (id -> the array, kept alive, and its local copy),
        # and the statements that fill them when the function starts
        self.constant_arrays: dict[int, tuple[object, object]] = {}
        self._entry: list[ir.Stmt] = []
        self.mask_counts: dict[object, object] = {}  # kiln.frontend.mask_counts
        self.recursion: Any = None  # kiln.frontend.recursion.Recursion: the compile's helpers

    # -------------------------------------------------------------- locations
    def loc_of(self, node: ast.AST) -> SourceLoc:
        line = getattr(node, "lineno", self.loc.line)
        col = getattr(node, "col_offset", 0)
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return SourceLoc(self.filename, line, col, text)

    @contextmanager
    def at(self, node: ast.AST) -> Iterator[None]:
        saved = self.loc
        if hasattr(node, "lineno"):
            self.loc = self.loc_of(node)
        try:
            yield
        finally:
            self.loc = saved

    # ------------------------------------------------------------- statements
    def next_sid(self) -> int:
        self._sid += 1
        return self._sid

    def emit(self, stmt: StmtT) -> StmtT:
        """Append ``stmt`` (with a fresh id and the current location); returns what was appended."""
        import dataclasses

        emitted = dataclasses.replace(stmt, sid=self.next_sid(), loc=self.loc)
        self._blocks[-1].append(emitted)
        return emitted

    @contextmanager
    def block(self) -> Iterator[list[ir.Stmt]]:
        self._blocks.append([])
        body = self._blocks[-1]
        try:
            yield body
        finally:
            self._blocks.pop()

    def emit_at_entry(self, stmt: ir.Stmt) -> None:
        """Append ``stmt`` to what runs before the function body (whatever block is open)."""
        import dataclasses

        self._entry.append(dataclasses.replace(stmt, sid=self.next_sid(), loc=self.loc))

    def top_block(self) -> tuple[ir.Stmt, ...]:
        return tuple(self._entry + self._blocks[0])

    def current_block(self) -> list[ir.Stmt]:
        return self._blocks[-1]

    def mark(self) -> int:
        """A position in the current block (for ``emitted_since`` / ``inserting_at``)."""
        return len(self._blocks[-1])

    def emitted_since(self, mark: int) -> list[ir.Stmt]:
        return self._blocks[-1][mark:]

    @contextmanager
    def inserting_at(self, mark: int) -> Iterator[None]:
        """Emit into the current block at ``mark`` instead of at its end: how an operand
        already lowered is pinned before statements that a later operand emitted."""
        with self.block() as stmts:
            yield
        self._blocks[-1][mark:mark] = stmts

    # ------------------------------------------------------------- variables
    def fresh(self, stem: str = "t") -> str:
        self._fresh += 1
        name = f"k{self._fresh}_{stem}"
        self.temp_nesting[name] = len(self._blocks)
        return name

    # ------------------------------------------------------- stable expressions
    # A user array bound once, at the top level of its function, may keep the
    # extents it was created with (``m = a.max(axis=1, keepdims=True)`` has shape
    # ``(dim(a, 0), 1)``) instead of ``dim(m, k)``, provided those expressions
    # cannot change while the binding lives: constants, parameters, other such
    # bindings, and temporaries computed at the same nesting level.
    def is_stable(self, e: ir.Expr) -> bool:
        from kiln.ir.visit import iter_exprs

        here = len(self._blocks)
        for x in iter_exprs(e):
            if isinstance(x, ir.Load | ir.Overlaps):
                return False
            if isinstance(x, ir.Dim | ir.Stride) and not self._stable_name(x.array, here):
                return False
            if isinstance(x, ir.Var) and not self._stable_name(x.name, here):
                return False
        return True

    def _stable_name(self, name: str, here: int) -> bool:
        if name.startswith("p_") or name in self.stable_vars:
            return True
        return is_temporary(name) and self.temp_nesting.get(name) == here

    def declare(self, name: str, t: VarType, shown: str | None = None) -> VarType:
        declared = self.env.declare(name, t, self.loc, shown or name)
        self.used[name] = declared
        return declared

    def type_of(self, name: str) -> VarType:
        return self.env.types[name]

    def variable(self, stem: str, value: ir.Expr) -> ir.Var:
        """A fresh variable that starts as ``value`` and that later statements assign again
        (a running index, a search bound); ``temp`` may hand back ``value`` itself."""
        name = self.fresh(stem)
        t = self.declare(name, value.type)
        assert isinstance(t, ScalarType)
        self.emit(ir.Assign(name, value))
        return ir.Var(name, t)

    def temp(self, value: ir.Expr, stem: str = "t") -> ir.Expr:
        """``value`` itself when trivially cheap, else a fresh variable holding it."""
        if isinstance(value, ir.Const | ir.Var | ir.Dim):
            return value
        name = self.fresh(stem)
        t = self.declare(name, value.type)
        assert isinstance(t, ScalarType)
        self.emit(ir.Assign(name, value))
        return ir.Var(name, t)

    # ---------------------------------------------------------------- aliasing
    # An array variable's origins: "param" when it may view an argument's memory,
    # else the names of the variables whose Alloc it may view. Two arrays may
    # share memory only if their origins meet.
    def add_origins(self, name: str, origins: set[str]) -> None:
        known = self.env.origins.setdefault(name, set())
        if not origins <= known:
            known |= origins
            self.env.changed = self.env.changed or not is_temporary(name)

    def origins_of(self, name: str) -> set[str]:
        return self.env.origins.get(name, set())

    def may_alias(self, a: str, b: str) -> bool:
        """Arguments may share memory with each other (the caller can pass one array twice)."""
        oa, ob = self.origins_of(a), self.origins_of(b)
        if a == b or oa & ob:
            return True
        return any(o.startswith("param:") for o in oa) and any(o.startswith("param:") for o in ob)
