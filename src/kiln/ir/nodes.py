"""The loop IR: frozen dataclasses for expressions, statements, functions.

Expressions are pure and scalar-valued (array elements, array metadata, math).
Statements are structured: sequences, ``For`` (sequential or parallel), ``While``,
``If``, ``Block``/``Exit`` (a structured multi-level exit: how ``return`` and
inlined callees leave nested loops). Arrays are variables holding strided views;
``Alloc`` creates storage, ``View`` derives a view that shares it.

Every statement carries a stable ``sid`` (recipes name loops by it) and the
``loc`` of the user's source it came from (errors point there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kiln.errors import UNKNOWN_LOC, SourceLoc
from kiln.ir import ops
from kiln.ir.types import ArrayType, ConstArg, ScalarType

# ----------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Const:
    value: bool | int | float | complex
    type: ScalarType


@dataclass(frozen=True)
class Var:
    """A scalar variable."""

    name: str
    type: ScalarType


@dataclass(frozen=True)
class Dim:
    """Extent of ``array`` along ``axis`` (an intp)."""

    array: str
    axis: int
    type: ScalarType = ScalarType("int64")


@dataclass(frozen=True)
class Stride:
    """Distance in *elements* between neighbours of ``array`` along ``axis``."""

    array: str
    axis: int
    type: ScalarType = ScalarType("int64")


@dataclass(frozen=True)
class Load:
    """Element ``array[indices]``; indices are already non-negative and in range."""

    array: str
    indices: tuple[Expr, ...]
    type: ScalarType


# The operator names, from the one op table (ir/ops.py).
UNARY_OPS = frozenset(ops.UNARY)
BINARY_OPS = frozenset(ops.BINARY)


@dataclass(frozen=True)
class Unary:
    op: str
    operand: Expr
    type: ScalarType


@dataclass(frozen=True)
class Binary:
    op: str
    lhs: Expr
    rhs: Expr
    type: ScalarType


@dataclass(frozen=True)
class Call:
    """A pure math function (``sqrt``, ``exp``, ``isnan`` ...) of scalars."""

    func: str
    args: tuple[Expr, ...]
    type: ScalarType


@dataclass(frozen=True)
class Cast:
    operand: Expr
    type: ScalarType


@dataclass(frozen=True)
class Select:
    """``cond ? if_true : if_false`` evaluating only the chosen side."""

    cond: Expr
    if_true: Expr
    if_false: Expr
    type: ScalarType


@dataclass(frozen=True)
class Overlaps:
    """Whether the memory spans of two array views may intersect."""

    a: str
    b: str
    type: ScalarType = ScalarType("bool")


Expr = Const | Var | Dim | Stride | Load | Unary | Binary | Call | Cast | Select | Overlaps

# ------------------------------------------------------------------ statements


@dataclass(frozen=True)
class Assign:
    """Scalar variable ``target`` = ``value``."""

    target: str
    value: Expr
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Store:
    """``array[indices] = value``."""

    array: str
    indices: tuple[Expr, ...]
    value: Expr
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class For:
    """``for var in range(start, stop, step)``; bounds evaluated once, before the loop.

    ``parallel`` loops have independent iterations except for the scalar
    ``reductions`` (pairs of variable name and combining op: add, mul, min, max, or select:
    the variables of an arg-extreme scan, see :mod:`kiln.ir.selects`). ``simd`` loops
    (innermost, sequential) carry no dependence the C compiler must respect besides those
    reductions: codegen marks them ``#pragma omp simd``.
    """

    var: str
    start: Expr
    stop: Expr
    step: Expr
    body: tuple[Stmt, ...]
    parallel: bool = False
    reductions: tuple[tuple[str, str], ...] = ()
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC
    simd: bool = False
    # for the OpenMP threshold: the iterations of work in one iteration of a parallel loop whose
    # inner loops' trip counts are not known before it starts (None: estimated from the body)
    work: Expr | None = None
    # every ``poll`` iterations (0: never), the calling thread runs Python's pending signal
    # handlers, and the loop stops on every thread when one raises (passes/poll_signals.py)
    poll: int = 0
    # a sequential loop of parallel sweeps that runs in one OpenMP region, its sweeps shared by
    # the region's team once the team has proved worth starting (passes/team_regions.py)
    team: bool = False
    # a parallel loop with few iterations per thread also runs its nest collapsed with the
    # perfectly nested inner loop, chosen at run time (passes/schedule_loops.py)
    collapse: bool = False
    # a parallel loop's iterations are dealt to threads in halves (""), or "adaptive": round-robin
    # when the first iteration's work is far from the middle one's (a triangular nest)
    schedule: str = ""


LOOP_SCHEDULES = ("", "adaptive")  # For.schedule


@dataclass(frozen=True)
class While:
    cond: Expr
    body: tuple[Stmt, ...]
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC
    poll: int = 0  # as For.poll
    team: bool = False  # as For.team


@dataclass(frozen=True)
class If:
    cond: Expr
    then: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] = ()
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Break:
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Continue:
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Block:
    """A labelled sequence that ``Exit(label)`` leaves from any depth."""

    label: str
    body: tuple[Stmt, ...]
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Exit:
    label: str
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Alloc:
    """``target`` = new C-ordered array of ``shape`` (uninitialized).

    ``hoist`` > 0: the array's block is taken once, before the ``hoist``-th enclosing loop
    (1: the innermost), and each execution only points the array at it; ``per_thread``: one
    block per thread, for an allocation inside a parallel loop (passes/hoist_blocks.py).
    """

    target: str
    type: ArrayType
    shape: tuple[Expr, ...]
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC
    hoist: int = 0
    per_thread: bool = False


@dataclass(frozen=True)
class View:
    """``target`` = view of ``base``'s storage at element ``offset`` from base's start.

    ``shape`` and ``strides`` (in elements) may refer to ``base``'s metadata.
    """

    target: str
    base: str
    offset: Expr
    shape: tuple[Expr, ...]
    strides: tuple[Expr, ...]
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class LibCall:
    """A library routine on whole arrays: ``matmul(out, a, b)``, ``copy(out, a)`` ..."""

    func: str
    outputs: tuple[str, ...]
    inputs: tuple[str, ...]
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Check:
    """Raise ``exc`` (a Python exception name) with ``message`` unless ``cond``.

    ``args`` are integer expressions formatted into ``message`` (printf ``%lld``).
    """

    cond: Expr
    exc: str
    message: str
    args: tuple[Expr, ...] = ()
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


# How a Print formats each value: a conversion ("-" none, "s" str, "r" repr, "a" ascii), then
# a format spec for Python's format() ("" is str(); ".3f", ">8" ...).
_CONVERT: dict[str, Callable[[Any], Any]] = {"-": lambda v: v, "s": str, "r": repr, "a": ascii}
PRINT_CONVERSIONS = frozenset(_CONVERT)


# A Print item that is an array: its format starts with one of these letters, then the
# conversion and spec as for a number. "A" formats the array itself (NumPy's str/repr), "L" a
# list built in compiled code (the array's items as Python numbers: ``tolist``), "N" such a
# list of NumPy scalars (``list(array)``).
PRINT_ARRAY_KINDS = frozenset("ALN")


def print_item_value(array: Any, kind: str) -> Any:
    """The Python object a Print formats for an array item of ``kind``."""
    return array if kind == "A" else array.tolist() if kind == "L" else list(array)


def format_value(value: Any, how: str) -> str:
    """``value`` formatted as a Print's format ``how`` says (a conversion letter, then a format
    spec): what the generated C computes with Python's own functions."""
    return format(_CONVERT[how[0]](value), how[1:])


@dataclass(frozen=True)
class Print:
    """Write text to Python's ``sys.stdout`` as ``print`` does: ``text[0]``, the first item
    formatted as Python formats the same value (``formats``: a conversion letter and a format
    spec), ``text[1]``, ... ``text[-1]``. The items are ``values`` and ``arrays`` (by name)
    interleaved: an array's format starts with its kind (``PRINT_ARRAY_KINDS``). Its output is
    an effect: passes keep prints in order with each other, with checks and with exits, and
    out of parallel loops; it reads the elements of its arrays."""

    text: tuple[str, ...]  # one more than formats
    values: tuple[Expr, ...]
    formats: tuple[str, ...]  # one per item
    flush: bool = False
    arrays: tuple[str, ...] = ()
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Prefetch:
    """A hint that ``array[indices]`` will be read (``write``: written) soon: the C backend's
    ``__builtin_prefetch``. Nothing is read, so the element need not exist; its index is still
    evaluated, so it must not divide."""

    array: str
    indices: tuple[Expr, ...]
    write: bool = False
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


ATOMIC_OPS = frozenset({"add", "sub", "min", "max", "exch", "cas"})


@dataclass(frozen=True)
class Atomic:
    """Atomically ``array[indices] = op(array[indices], value)``; ``target`` (when not "")
    receives the old element. ``cas`` stores ``value`` only where the old element equals
    ``operands[0]``; other ops take no extra operands. Blocks of a kernel running in
    parallel update shared memory through these."""

    op: str
    array: str
    indices: tuple[Expr, ...]
    value: Expr
    operands: tuple[Expr, ...] = ()
    target: str = ""
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Invoke:
    """``target`` = the function ``func`` called with ``arrays`` (its array parameters, in
    order) and ``args`` (its scalar parameters, in order): one of the module's separately
    compiled functions (``Function.helpers``; a recursive function calls itself this way).
    ``target`` is "" when the function returns nothing. Its body may raise, print or loop
    for long, so passes keep a call where it is, as they keep a check (an effect); it may
    read and write the elements of every array passed."""

    func: str
    args: tuple[Expr, ...]
    target: str = ""
    arrays: tuple[str, ...] = ()
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class SaveBinding:
    """Push the current binding of ``array`` (its storage, kept alive, its extents and strides)
    onto the stack ``stack``: the reverse sweep of a derivative gets back an earlier value of an
    array variable that a loop re-binds (as tapes give back scalars). A stack is named by its
    statements alone and holds bindings of one array type; it starts empty with each call."""

    stack: str
    array: str
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class RestoreBinding:
    """Re-bind ``array`` to the binding on top of ``stack`` (``SaveBinding``) and pop it."""

    stack: str
    array: str
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


@dataclass(frozen=True)
class Return:
    """Leave the function with ``values`` (variable names: scalars and arrays)."""

    values: tuple[str, ...]
    sid: int = 0
    loc: SourceLoc = UNKNOWN_LOC


Stmt = (
    Assign
    | Store
    | For
    | While
    | If
    | Break
    | Continue
    | Block
    | Exit
    | Alloc
    | View
    | LibCall
    | Check
    | Atomic
    | Prefetch
    | Print
    | Invoke
    | SaveBinding
    | RestoreBinding
    | Return
)

# ------------------------------------------------------------------- functions


@dataclass(frozen=True)
class Param:
    """A parameter; one of type ``none`` is an argument passed None, a compile-time constant of
    the specialization: the function takes it and ignores it (no variable stands for it)."""

    name: str
    type: ScalarType | ArrayType | ConstArg


# How a function's results nest in the tuple it returns: each item the index of a result, or a
# tuple of such items (``(0, (1, 2))`` returns ``(r0, (r1, r2))``).
Nesting = tuple["int | Nesting", ...]


def nesting_leaves(nesting: Nesting) -> list[int]:
    """The result indices of ``nesting`` in order."""
    return [i for item in nesting for i in ([item] if isinstance(item, int) else nesting_leaves(item))]


@dataclass(frozen=True)
class Function:
    """One specialized function. ``locals`` declares every variable's type.

    The Python result is ``None`` when ``results`` is empty and not
    ``result_is_tuple``; a tuple when ``result_is_tuple`` (its items nested as
    ``result_nesting`` says, when that is not empty); else the one value.
    ``written_params`` are array parameters the function may store into;
    ``nonneg_params`` integer parameters known to be ``>= 0`` (never re-assigned);
    ``list_results`` the results (by index, 1-d arrays) handed back as Python lists of their
    items (a list built in compiled code); ``record_results`` the groups of the nesting (by
    their path of positions, ``()`` the whole result) handed back as records: the class named
    ``"module:qualname"`` called with the group's items. ``helpers`` are the functions
    ``Invoke`` statements call (of this function and of the helpers themselves), each compiled
    separately (a recursive function); only the function a module exports holds them.
    """

    name: str
    params: tuple[Param, ...]
    locals: tuple[tuple[str, ScalarType | ArrayType], ...]
    body: tuple[Stmt, ...]
    results: tuple[ScalarType | ArrayType, ...] = ()
    result_is_tuple: bool = False
    loc: SourceLoc = UNKNOWN_LOC
    written_params: tuple[str, ...] = field(default=())
    nonneg_params: tuple[str, ...] = field(default=())
    result_nesting: Nesting = ()
    list_results: tuple[int, ...] = ()
    record_results: tuple[tuple[tuple[int, ...], str], ...] = ()
    helpers: tuple[Function, ...] = ()

    def var_types(self) -> dict[str, ScalarType | ArrayType]:
        table: dict[str, ScalarType | ArrayType] = {
            p.name: p.type for p in self.params if not isinstance(p.type, ConstArg)
        }
        table.update(self.locals)
        return table
