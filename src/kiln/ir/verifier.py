"""Structural and type checks of IR functions: catch malformed IR before code generation.

``verify_function(fn)`` returns ``None`` or raises :class:`IRVerifyError` whose message
starts with the function name and the offending statement's id (``#12``).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from kiln.ir.nodes import (
    ATOMIC_OPS,
    BINARY_OPS,
    LOOP_SCHEDULES,
    PRINT_ARRAY_KINDS,
    PRINT_CONVERSIONS,
    UNARY_OPS,
    Alloc,
    Assign,
    Atomic,
    Binary,
    Block,
    Break,
    Call,
    Cast,
    Check,
    Const,
    Continue,
    Dim,
    Exit,
    Expr,
    For,
    Function,
    If,
    Invoke,
    LibCall,
    Load,
    Overlaps,
    Prefetch,
    Print,
    RestoreBinding,
    Return,
    SaveBinding,
    Select,
    Stmt,
    Store,
    Stride,
    Unary,
    Var,
    View,
    While,
    nesting_leaves,
)
from kiln.ir.ops import (
    CALLS,
    DECOMPOSITIONS,
    NUMPY_CALLS,
    NUMPY_ROUTINES,
    PREDICATES,
    ROUTINES_WITH_KTH,
    ROUTINES_WITH_MODE,
)
from kiln.ir.selects import find_selects
from kiln.ir.types import ArrayType, ConstArg, ScalarType, layout_includes
from kiln.ir.visit import child_exprs, is_expr, is_stmt, iter_stmts

COMPARISONS = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})
LOGICAL = frozenset({"and", "or"})
BITWISE = frozenset({"lshift", "rshift", "bitand", "bitor", "bitxor"})
REDUCTION_OPS = frozenset({"add", "mul", "min", "max", "select"})
# LibCall routines: (number of outputs, number of inputs).
# ``barrier``: a kernel's __syncthreads(): no operands; its meaning is the memory effects
# before and after it (kernel lowering removes it by loop fission on CPUs)
LIBCALL_ARITY: dict[str, tuple[int, int]] = {
    "matmul": (1, 2),
    # c = alpha * a @ b + beta * c: inputs (a, b, c, alpha, beta), alpha and beta 0-d arrays
    "gemm": (1, 5),
    "copy": (1, 1),
    "barrier": (0, 0),
    "solve": (1, 2),
    "inv": (1, 1),
    "cholesky": (1, 1),
    "cholesky_upper": (1, 1),
    **{name: (1, 2 if name in ROUTINES_WITH_KTH else 1) for name in NUMPY_ROUTINES},
    "matrix_power": (1, 2),
    **{name: (1, 2) for name in ROUTINES_WITH_MODE},
    "slogdet": (2, 1),
    **{name: (call.output_arrays, call.inputs) for name, call in NUMPY_CALLS.items()},
}
_LENGTH_MODIFIER_RE = re.compile(r"%([-+ #0]*\d*(?:\.\d+)?)(?:hh|h|ll|l|j|z|t|q)([diouxX])")


class IRVerifyError(Exception):
    """Malformed IR. ``sid`` is the offending statement's id (``None``: the function itself)."""

    def __init__(self, message: str, sid: int | None = None) -> None:
        super().__init__(message)
        self.sid = sid


def printf_to_python(message: str) -> str:
    """A ``Check`` message in printf form (``%lld``) as a Python ``%`` format (``%d``)."""
    return _LENGTH_MODIFIER_RE.sub(r"%\1\2", message)


def _is_exception_name(name: str) -> bool:
    obj = getattr(builtins, name, None)
    return isinstance(obj, type) and issubclass(obj, BaseException)


@dataclass(frozen=True)
class _Context:
    loops: tuple[bool, ...] = ()  # parallel flag of each enclosing loop, outermost first
    blocks: tuple[tuple[str, int], ...] = ()  # (label, number of enclosing loops at the block)


def _is_group(nesting: tuple[object, ...], path: tuple[int, ...]) -> bool:
    """Whether ``path`` leads to a tuple of the result nesting (``()`` is the whole result)."""
    node: object = nesting
    for k in path:
        if not isinstance(node, tuple) or not 0 <= k < len(node):
            return False
        node = node[k]
    return isinstance(node, tuple) or not path


def verify_function(fn: Function) -> None:
    """Raise :class:`IRVerifyError` unless ``fn`` and its helpers are well-formed."""
    helpers = {h.name: h for h in fn.helpers}
    if len(helpers) != len(fn.helpers):
        raise IRVerifyError(f"function {fn.name!r}: two helpers of one name")
    for f in (fn, *fn.helpers):
        if f is not fn and f.helpers:
            raise IRVerifyError(f"helper {f.name!r} has helpers of its own (the module's function holds all)")
        _Verifier(f, helpers).run()


class _Verifier:
    def __init__(self, fn: Function, helpers: dict[str, Function] | None = None) -> None:
        self.fn = fn
        self.helpers = helpers or {}
        self.types: dict[str, ScalarType | ArrayType] = {}
        self.sids: set[int] = set()
        self.stmt: Stmt | None = None
        self.stacks: dict[str, ArrayType] = {}  # binding stacks and the array type they hold

    # ------------------------------------------------------------- reporting

    def fail(self, message: str) -> IRVerifyError:
        if self.stmt is None:
            return IRVerifyError(f"function {self.fn.name!r}: {message}")
        sid = getattr(self.stmt, "sid", None)
        kind = type(self.stmt).__name__.lower()
        return IRVerifyError(f"function {self.fn.name!r}: #{sid} {kind}: {message}", sid)

    def require(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)

    # ---------------------------------------------------------- declarations

    def run(self) -> None:
        self.declarations()
        self.signature()
        self.body(self.fn.body, _Context())

    def declare(self, name: str, t: object, what: str) -> None:
        self.require(isinstance(name, str) and bool(name), f"{what} with a bad name {name!r}")
        self.require(
            isinstance(t, ScalarType | ArrayType), f"{what} {name!r} has no scalar/array type: {t!r}"
        )
        previous = self.types.get(name)
        self.require(previous is None or previous == t, f"{what} {name!r} redeclared as {t} (was {previous})")
        self.types[name] = t  # type: ignore[assignment]

    def declarations(self) -> None:
        names = [p.name for p in self.fn.params]
        self.require(len(names) == len(set(names)), f"duplicate parameter names in {names}")
        local_names = [name for name, _ in self.fn.locals]
        dup = sorted({n for n in local_names if local_names.count(n) > 1})
        self.require(not dup, f"locals declared twice: {dup}")
        for p in self.fn.params:
            if not isinstance(p.type, ConstArg):  # None arguments are no variables
                self.declare(p.name, p.type, "parameter")
        for name, t in self.fn.locals:
            self.declare(name, t, "local")

    def signature(self) -> None:
        fn = self.fn
        self.require(
            fn.result_is_tuple or len(fn.results) <= 1, "several results but result_is_tuple is False"
        )
        for t in fn.results:
            self.require(
                isinstance(t, ScalarType | ArrayType), f"result type {t!r} is not a scalar/array type"
            )
        for k in fn.list_results:
            listed = fn.results[k] if 0 <= k < len(fn.results) else None
            self.require(
                isinstance(listed, ArrayType) and listed.ndim == 1, f"list result {k} is not a 1-d array"
            )
        for path, _ in fn.record_results:
            self.require(
                fn.result_is_tuple and _is_group(fn.result_nesting, path), f"record result {path} is no tuple"
            )
        if fn.result_nesting:
            self.require(fn.result_is_tuple, "result_nesting without result_is_tuple")
            leaves = nesting_leaves(fn.result_nesting)
            self.require(
                leaves == list(range(len(fn.results))),
                f"result_nesting {fn.result_nesting} does not take each result once, in order",
            )
        params = {p.name: p.type for p in fn.params}
        for name in fn.written_params:
            self.require(
                isinstance(params.get(name), ArrayType), f"written param {name!r} is no array parameter"
            )
        assigned = _assigned_names(fn.body)
        for name in fn.nonneg_params:
            pt = params.get(name)
            self.require(
                isinstance(pt, ScalarType) and pt.is_integer, f"nonneg param {name!r} is no integer parameter"
            )
            self.require(name not in assigned, f"nonneg param {name!r} is assigned in the body")

    # ----------------------------------------------------------- variables

    def scalar(self, name: str, what: str) -> ScalarType:
        t = self.types.get(name)
        self.require(t is not None, f"{what} {name!r} is not declared")
        self.require(isinstance(t, ScalarType), f"{what} {name!r} is an array, expected a scalar")
        return t  # type: ignore[return-value]

    def array(self, name: str, what: str) -> ArrayType:
        t = self.types.get(name)
        self.require(t is not None, f"{what} {name!r} is not declared")
        self.require(isinstance(t, ArrayType), f"{what} {name!r} is a scalar, expected an array")
        return t  # type: ignore[return-value]

    def integer(self, e: Expr, what: str) -> None:
        self.require(e.type.is_integer, f"{what} must be an integer, got {e.type}")

    def boolean(self, e: Expr, what: str) -> None:
        self.require(e.type.is_bool, f"{what} must be bool, got {e.type}")

    def same_dtype(self, got: ScalarType, want: str, what: str) -> None:
        self.require(got.dtype == want, f"{what} has dtype {got.dtype}, expected {want}")

    # ---------------------------------------------------------- expressions

    def expr(self, e: object) -> None:
        # The messages name the node, whose text is as large as its tree: made only on failure.
        if not is_expr(e):
            raise self.fail(f"not an expression: {e!r}")
        node = cast(Expr, e)
        if not isinstance(node.type, ScalarType):
            raise self.fail(f"expression type is not a scalar type: {e!r}")
        for child in child_exprs(node):
            self.expr(child)
        check = _EXPR_CHECKS.get(type(node))
        if check is not None:
            check(self, node)

    def const(self, e: Const) -> None:
        v, t = e.value, e.type
        if isinstance(v, np.generic):
            v = v.item()
        if t.is_bool:
            self.require(isinstance(v, bool), f"bool constant with value {v!r}")
            return
        self.require(isinstance(v, int | float | complex) and not isinstance(v, bool), f"{t} constant {v!r}")
        if t.is_integer:
            info = np.iinfo(t.dtype)
            self.require(isinstance(v, int) and info.min <= v <= info.max, f"{t} constant {v!r} out of range")
        elif t.is_float:
            self.require(not isinstance(v, complex), f"{t} constant with complex value {v!r}")

    def var(self, e: Var) -> None:
        declared = self.scalar(e.name, "variable")
        self.require(e.type == declared, f"variable {e.name!r} used as {e.type}, declared {declared}")

    def metadata(self, e: Dim | Stride) -> None:
        t = self.array(e.array, f"{type(e).__name__.lower()}() of")
        self.require(
            isinstance(e.axis, int) and 0 <= e.axis < t.ndim, f"axis {e.axis} of {t.ndim}-d {e.array!r}"
        )
        self.same_dtype(e.type, "int64", f"{type(e).__name__.lower()}({e.array}, {e.axis})")

    def indices(self, array: str, indices: Sequence[Expr], what: str) -> ArrayType:
        t = self.array(array, what)
        self.require(len(indices) == t.ndim, f"{len(indices)} indices for {t.ndim}-d array {array!r}")
        for i, index in enumerate(indices):
            self.integer(index, f"index {i} into {array!r}")
        return t

    def load(self, e: Load) -> None:
        t = self.indices(e.array, e.indices, "load from")
        self.same_dtype(e.type, t.dtype, f"load from {e.array!r}")

    def unary(self, e: Unary) -> None:
        self.require(e.op in UNARY_OPS, f"unknown unary op {e.op!r}")
        if e.op == "not":
            self.boolean(e, "result of 'not'")
        else:
            self.same_dtype(e.type, e.operand.type.dtype, f"result of {e.op!r}")

    def binary(self, e: Binary) -> None:
        self.require(e.op in BINARY_OPS, f"unknown binary op {e.op!r}")
        if e.op in COMPARISONS or e.op in LOGICAL:
            self.boolean(e, f"result of {e.op!r}")
        if e.op in LOGICAL:
            self.boolean(e.lhs, f"left operand of {e.op!r}")
            self.boolean(e.rhs, f"right operand of {e.op!r}")
        elif e.op in BITWISE:
            self.require(e.type.kind in "biu", f"result of {e.op!r} must be integer or bool, got {e.type}")
        elif e.op == "truediv":
            self.require(e.type.kind in "fc", f"result of 'truediv' must be float or complex, got {e.type}")

    def call(self, e: Call) -> None:
        op = CALLS.get(e.func) if isinstance(e.func, str) else None
        self.require(op is not None, f"call of {e.func!r}, which is not in the op table (ir/ops.py)")
        if op is not None:
            self.require(len(e.args) == op.arity, f"{e.func!r} takes {op.arity} arguments, got {len(e.args)}")
        if e.func in PREDICATES:
            self.boolean(e, f"result of {e.func!r}")
        if e.func == "complex":
            parts = {"complex64": "float32", "complex128": "float64"}.get(e.type.dtype)
            self.require(parts is not None, f"complex() of type {e.type}")
            for a in e.args:
                self.same_dtype(a.type, parts or "", "a part given to complex()")

    def select(self, e: Select) -> None:
        self.boolean(e.cond, "select condition")
        self.same_dtype(e.if_true.type, e.type.dtype, "select's true branch")
        self.same_dtype(e.if_false.type, e.type.dtype, "select's false branch")

    def overlaps(self, e: Overlaps) -> None:
        self.array(e.a, "overlaps() of")
        self.array(e.b, "overlaps() of")
        self.boolean(e, "result of overlaps()")

    # ----------------------------------------------------------- statements

    def body(self, body: Sequence[Stmt], ctx: _Context) -> None:
        self.require(isinstance(body, tuple), f"statement body is a {type(body).__name__}, not a tuple")
        for s in body:
            self.statement(s, ctx)

    def statement(self, s: object, ctx: _Context) -> None:
        if not is_stmt(s):
            raise self.fail(f"not a statement: {s!r}")
        node = cast(Stmt, s)  # by the test above
        self.stmt = node
        sid = node.sid
        self.require(isinstance(sid, int) and sid > 0, f"statement id {sid!r} is not assigned (must be > 0)")
        self.require(sid not in self.sids, f"duplicate statement id #{sid}")
        self.sids.add(sid)
        for e in child_exprs(node):
            self.expr(e)
        _STMT_CHECKS[type(node)](self, node, ctx)
        self.stmt = node  # restore after nested bodies

    def assign(self, s: Assign, ctx: _Context) -> None:
        target = self.scalar(s.target, "assignment target")
        self.same_dtype(s.value.type, target.dtype, f"value assigned to {s.target!r}")

    def store(self, s: Store, ctx: _Context) -> None:
        t = self.indices(s.array, s.indices, "store into")
        self.same_dtype(s.value.type, t.dtype, f"value stored into {s.array!r}")

    def for_(self, s: For, ctx: _Context) -> None:
        t = self.scalar(s.var, "loop variable")
        self.require(t.is_integer, f"loop variable {s.var!r} must be an integer, got {t}")
        for name, bound in (("start", s.start), ("stop", s.stop), ("step", s.step)):
            self.integer(bound, f"range {name}")
        self.require(isinstance(s.parallel, bool), f"parallel flag {s.parallel!r}")
        self.require(not (s.simd and s.parallel), "a loop is either parallel or simd")
        innermost = not any(isinstance(b, For) for b in s.body)
        self.require(not s.simd or innermost, "a simd loop must be innermost")
        self.require(not (s.team and s.parallel), "a team loop is sequential (its sweeps are parallel)")
        self.require(not (s.team and any(ctx.loops)), "a team loop inside a parallel loop")
        self.require(
            s.parallel or not (s.collapse or s.schedule), "collapse or schedule of a sequential loop"
        )
        self.require(s.schedule in LOOP_SCHEDULES, f"loop schedule {s.schedule!r}")
        for var, op in s.reductions:
            self.scalar(var, "reduction variable")
            self.require(
                op in REDUCTION_OPS,
                f"reduction op {op!r} for {var!r} (expected one of add/mul/min/max/select)",
            )
            self.require(var != s.var, f"loop variable {var!r} is also a reduction variable")
        selected = {v for v, op in s.reductions if op == "select"}
        if selected:
            scans = {n for sel in find_selects(s.body) for n in sel.names}
            missing = sorted(selected - scans)
            self.require(not missing, f"select reduction of {missing} without an arg-extreme scan")
        self.body(s.body, _Context(ctx.loops + (s.parallel,), ctx.blocks))

    def while_(self, s: While, ctx: _Context) -> None:
        self.boolean(s.cond, "while condition")
        self.require(not (s.team and any(ctx.loops)), "a team loop inside a parallel loop")
        self.body(s.body, _Context(ctx.loops + (False,), ctx.blocks))

    def if_(self, s: If, ctx: _Context) -> None:
        self.boolean(s.cond, "if condition")
        self.body(s.then, ctx)
        self.body(s.orelse, ctx)

    def break_(self, s: Break, ctx: _Context) -> None:
        self.require(bool(ctx.loops), "break outside a loop")
        self.require(not ctx.loops[-1], "break out of a parallel loop")

    def continue_(self, s: Continue, ctx: _Context) -> None:
        self.require(bool(ctx.loops), "continue outside a loop")

    def block(self, s: Block, ctx: _Context) -> None:
        self.require(isinstance(s.label, str) and bool(s.label), f"block label {s.label!r}")
        self.body(s.body, _Context(ctx.loops, ctx.blocks + ((s.label, len(ctx.loops)),)))

    def exit(self, s: Exit, ctx: _Context) -> None:
        depth = next((d for label, d in reversed(ctx.blocks) if label == s.label), None)
        self.require(depth is not None, f"exit to {s.label!r} outside a block of that label")
        self.require(not any(ctx.loops[depth:]), f"exit to {s.label!r} leaves a parallel loop")

    def alloc(self, s: Alloc, ctx: _Context) -> None:
        declared = self.array(s.target, "alloc target")
        self.require(isinstance(s.type, ArrayType), f"alloc type {s.type!r} is not an array type")
        self.require(
            s.type.dtype == declared.dtype, f"alloc of {s.type.dtype} into {declared.dtype} {s.target!r}"
        )
        self.require(
            s.type.ndim == declared.ndim, f"alloc of {s.type.ndim}-d into {declared.ndim}-d {s.target!r}"
        )
        self.require(
            len(s.shape) == declared.ndim, f"{len(s.shape)} extents for {declared.ndim}-d {s.target!r}"
        )
        for i, extent in enumerate(s.shape):
            self.integer(extent, f"extent {i}")
        self.require(
            0 <= s.hoist <= len(ctx.loops), f"alloc hoisted out of {s.hoist} of {len(ctx.loops)} loops"
        )
        self.require(s.hoist > 0 or not s.per_thread, "a block per thread for an allocation not hoisted")
        # the block is taken where the program runs on one thread, before any parallel loop
        outside = ctx.loops[: len(ctx.loops) - s.hoist]
        self.require(not s.hoist or not any(outside), "alloc hoisted to a loop inside a parallel loop")

    def view(self, s: View, ctx: _Context) -> None:
        target = self.array(s.target, "view target")
        base = self.array(s.base, "view base")
        self.require(target.dtype == base.dtype, f"{target.dtype} view of {base.dtype} array {s.base!r}")
        self.require(
            len(s.shape) == target.ndim, f"{len(s.shape)} extents for {target.ndim}-d view {s.target!r}"
        )
        self.require(
            len(s.strides) == target.ndim, f"{len(s.strides)} strides for {target.ndim}-d view {s.target!r}"
        )
        self.integer(s.offset, "view offset")
        for i, e in enumerate(s.shape + s.strides):
            self.integer(e, f"view extent/stride {i}")

    def libcall(self, s: LibCall, ctx: _Context) -> None:
        arity = LIBCALL_ARITY.get(s.func)
        self.require(arity is not None, f"unknown library routine {s.func!r}")
        assert arity is not None  # by the require above
        shown = f"{s.func} with {len(s.outputs)} outputs and {len(s.inputs)} inputs"
        self.require((len(s.outputs), len(s.inputs)) == arity, f"{shown}, expected {arity[0]} and {arity[1]}")
        if s.func == "barrier":
            return
        operands = [self.array(n, f"{s.func} operand") for n in s.outputs + s.inputs]
        if s.func in NUMPY_CALLS:  # some take no operand at all (polyfit's warning)
            self.numpy_call(s)
            return
        out, *ins = operands
        if s.func == "matmul":
            a, b = ins
            self.require(a.ndim >= 1 and b.ndim >= 1, "matmul of a 0-d array")
            want = _matmul_ndim(a.ndim, b.ndim)
            self.require(
                out.ndim == want, f"matmul of {a.ndim}-d and {b.ndim}-d into {out.ndim}-d (want {want}-d)"
            )
        elif s.func == "gemm":
            a, b, _, alpha, beta = ins
            self.require(s.inputs[2] == s.outputs[0], "gemm updates its output: input 2 must be it")
            ranks_ok = a.ndim in (1, 2) and b.ndim in (1, 2) and a.ndim + b.ndim >= 3
            self.require(ranks_ok, "gemm needs 2-d @ 1-d or 2-d operands")
            self.require(out.ndim == _matmul_ndim(a.ndim, b.ndim), "gemm output of the wrong rank")
            self.require(alpha.ndim == 0 and beta.ndim == 0, "gemm's alpha and beta are 0-d arrays")
        elif s.func == "copy":
            self.require(out.ndim == ins[0].ndim, f"copy of {ins[0].ndim}-d into {out.ndim}-d")
        elif s.func == "det":  # stacked square matrices of the computation dtype: one value each
            self.require(
                ins[0].ndim >= 2 and out.ndim == ins[0].ndim - 2, f"det of {ins[0].ndim}-d into {out.ndim}-d"
            )
            self.require(
                out.dtype == ins[0].dtype in ("float64", "complex128"),
                f"det of {ins[0].dtype} into {out.dtype}",
            )
        elif s.func == "slogdet":  # one sign and one log per matrix (outputs first, then a)
            sign, (log, a) = out, ins
            self.require(a.dtype in ("float64", "complex128"), f"slogdet of {a.dtype}")
            for part, dtype in ((sign, a.dtype), (log, "float64")):
                self.require(part.ndim == a.ndim - 2 and part.dtype == dtype, f"slogdet into {part.dtype}")
        elif s.func in ROUTINES_WITH_MODE:  # two vectors into one
            self.require(
                out.ndim == 1 and all(x.ndim == 1 for x in ins), f"{s.func} of vectors into a vector"
            )
        elif s.func == "matrix_power":  # stacked square matrices to a 0-d int64 power
            a, power = ins
            self.require(a.ndim >= 2 and out.ndim == a.ndim, f"matrix_power of {a.ndim}-d into {out.ndim}-d")
            self.require(
                power.ndim == 0 and power.dtype == "int64", "matrix_power's exponent is a 0-d int64 array"
            )
        elif s.func == "lexsort":  # the keys' rows: one position per column
            self.require(ins[0].ndim == 2 and out.ndim == 1, f"lexsort of {ins[0].ndim}-d into {out.ndim}-d")
            self.require(out.dtype == "int64", f"lexsort into {out.dtype}, expected int64")
        elif s.func in NUMPY_ROUTINES:  # along the last axis: same shape; arg- routines give int64
            self.require(out.ndim == ins[0].ndim >= 1, f"{s.func} of {ins[0].ndim}-d into {out.ndim}-d")
            dtype = "int64" if NUMPY_ROUTINES[s.func][0].startswith("arg") else ins[0].dtype
            if s.func in ROUTINES_WITH_KTH:
                kth = ins[1]
                self.require(kth.ndim == 1 and kth.dtype == "int64", f"{s.func}'s kth is a 1-d int64 array")
            self.require(out.dtype == dtype, f"{s.func} into {out.dtype}, expected {dtype}")
        else:  # LAPACK: stacked square matrices of the computation dtype
            self.require(ins[0].ndim >= 2, f"{s.func} of a {ins[0].ndim}-d array")
            self.require(out.dtype in ("float64", "complex128"), f"{s.func} into {out.dtype}")
            self.require(all(x.dtype == out.dtype for x in ins), f"{s.func} operands of another dtype")

    def numpy_call(self, s: LibCall) -> None:
        """NumPy's function checks its operands; the named inputs are numbers (0-d arrays)."""
        call = NUMPY_CALLS[s.func]
        for name in s.inputs[call.positional :]:
            self.require(self.array(name, f"{s.func} operand").ndim == 0, f"{s.func}: {name} is no 0-d array")
        if s.func in DECOMPOSITIONS:  # stacked matrices in; per matrix a matrix, a vector or a number
            a = self.array(s.inputs[0], f"{s.func} operand")
            self.require(
                a.ndim >= 2 and a.dtype in ("float32", "float64", "complex64", "complex128"),
                f"{s.func} of a {a}",
            )
            for name in s.outputs:
                part = self.array(name, f"{s.func} result")
                self.require(a.ndim - 2 <= part.ndim <= a.ndim, f"{s.func} of a {a.ndim}-d array into {part}")

    def prefetch(self, s: Prefetch, ctx: _Context) -> None:
        self.indices(s.array, s.indices, "prefetch of")
        self.require(isinstance(s.write, bool), f"prefetch write flag {s.write!r}")

    def atomic(self, s: Atomic, ctx: _Context) -> None:
        self.require(s.op in ATOMIC_OPS, f"unknown atomic operation {s.op!r}")
        t = self.indices(s.array, s.indices, "atomic update of")
        self.require(len(s.operands) == (1 if s.op == "cas" else 0), f"atomic {s.op} operand count")
        for e in (s.value, *s.operands):
            self.same_dtype(e.type, t.dtype, f"atomic {s.op} operand")
        if s.target:
            self.same_dtype(self.scalar(s.target, "atomic result"), t.dtype, "atomic result")

    def print_text(self, s: Print, ctx: _Context) -> None:
        self.require(len(s.text) == len(s.formats) + 1, "print: one more text piece than items")
        arrays = [f for f in s.formats if f[:1] in PRINT_ARRAY_KINDS]
        self.require(len(s.formats) == len(s.values) + len(s.arrays), "print: one format per item")
        self.require(len(arrays) == len(s.arrays), "print: one array format per array")
        for f in s.formats:
            how = f[1:] if f[:1] in PRINT_ARRAY_KINDS else f
            self.require(how[:1] in PRINT_CONVERSIONS, f"print: format {f!r}")
        for name in s.arrays:
            self.array(name, "print of")

    def binding(self, s: SaveBinding | RestoreBinding, ctx: _Context) -> None:
        """A binding stack holds bindings of one array type; its name is no variable's."""
        t = self.array(s.array, "binding of")
        self.require(s.stack not in self.types, f"binding stack {s.stack!r} is also a variable")
        held = self.stacks.setdefault(s.stack, t)
        self.require(held == t, f"binding stack {s.stack!r} holds {held}, not {t} ({s.array!r})")

    def invoke(self, s: Invoke, ctx: _Context) -> None:
        """A call of a helper with its parameters' types, its one result (if any) into a scalar."""
        callee = self.helpers.get(s.func)
        self.require(callee is not None, f"call of {s.func!r}, which is no helper of the module")
        assert callee is not None
        scalars = [p.type for p in callee.params if isinstance(p.type, ScalarType)]
        arrays = [p.type for p in callee.params if isinstance(p.type, ArrayType)]
        self.require(
            len(scalars) + len(arrays) == len(callee.params), f"{s.func} takes an argument of no number type"
        )
        self.require(len(s.args) == len(scalars), f"{s.func} takes {len(scalars)} numbers, got {len(s.args)}")
        self.require(
            len(s.arrays) == len(arrays), f"{s.func} takes {len(arrays)} arrays, got {len(s.arrays)}"
        )
        for k, (arg, t) in enumerate(zip(s.args, scalars)):
            self.require(arg.type == t, f"number {k} passed to {s.func}: {arg.type}, expected {t}")
        for k, (name, want) in enumerate(zip(s.arrays, arrays)):
            passed = self.array(name, f"array {k} passed to {s.func}")
            self.require(
                passed.dtype == want.dtype
                and passed.ndim == want.ndim
                and layout_includes(want.layout, passed.layout),
                f"array {k} passed to {s.func}: {passed}, expected {want}",
            )
        if s.target:
            self.require(
                len(callee.results) == 1, f"{s.func} returns {len(callee.results)} values, one is kept"
            )
            kept = self.scalar(s.target, "call result")
            self.require(
                callee.results[:1] == (kept,), f"{s.func} returns {callee.results}, kept in a {kept}"
            )

    def check(self, s: Check, ctx: _Context) -> None:
        self.boolean(s.cond, "check condition")
        self.require(_is_exception_name(s.exc), f"{s.exc!r} is not a built-in exception")
        for i, arg in enumerate(s.args):
            self.integer(arg, f"message argument {i}")
        try:
            printf_to_python(s.message) % tuple(0 for _ in s.args)
        except (TypeError, ValueError) as exc:
            raise self.fail(
                f"message {s.message!r} does not format {len(s.args)} integer(s): {exc}"
            ) from None

    def return_(self, s: Return, ctx: _Context) -> None:
        self.require(not any(ctx.loops), "return inside a parallel loop")
        results = self.fn.results
        self.require(
            len(s.values) == len(results), f"returns {len(s.values)} values, function has {len(results)}"
        )
        for name, want in zip(s.values, results):
            got = self.types.get(name)
            self.require(got is not None, f"returned variable {name!r} is not declared")
            self.require(_result_matches(got, want), f"returned {name!r} of type {got} for a {want} result")


def _matmul_ndim(na: int, nb: int) -> int:
    if na == 1 and nb == 1:
        return 0
    if na == 1 or nb == 1:
        return max(na, nb) - 1
    return max(na, nb)


def _result_matches(got: ScalarType | ArrayType | None, want: ScalarType | ArrayType) -> bool:
    if isinstance(got, ArrayType) and isinstance(want, ArrayType):
        return got.dtype == want.dtype and got.ndim == want.ndim
    if isinstance(got, ScalarType) and isinstance(want, ScalarType):
        return got.dtype == want.dtype
    return False


# Handlers take their node's own class, which a dict's value type cannot express: Any.
_EXPR_CHECKS: dict[type, Callable[[_Verifier, Any], None]] = {
    Const: _Verifier.const,
    Var: _Verifier.var,
    Dim: _Verifier.metadata,
    Stride: _Verifier.metadata,
    Load: _Verifier.load,
    Unary: _Verifier.unary,
    Binary: _Verifier.binary,
    Call: _Verifier.call,
    Cast: lambda v, e: None,  # any scalar type converts to any other
    Select: _Verifier.select,
    Overlaps: _Verifier.overlaps,
}

_STMT_CHECKS: dict[type, Callable[[_Verifier, Any, _Context], None]] = {
    Assign: _Verifier.assign,
    Store: _Verifier.store,
    For: _Verifier.for_,
    While: _Verifier.while_,
    If: _Verifier.if_,
    Break: _Verifier.break_,
    Continue: _Verifier.continue_,
    Block: _Verifier.block,
    Exit: _Verifier.exit,
    Alloc: _Verifier.alloc,
    View: _Verifier.view,
    LibCall: _Verifier.libcall,
    Check: _Verifier.check,
    Atomic: _Verifier.atomic,
    Prefetch: _Verifier.prefetch,
    Print: _Verifier.print_text,
    Invoke: _Verifier.invoke,
    SaveBinding: _Verifier.binding,
    RestoreBinding: _Verifier.binding,
    Return: _Verifier.return_,
}


def _assigned_names(body: tuple[Stmt, ...]) -> set[str]:
    """Scalars the body assigns, loop variables included (a fact about a parameter holds only
    while nothing re-assigns it)."""
    out: set[str] = set()
    for s in iter_stmts(body):
        if isinstance(s, Assign | Atomic | Invoke):
            out.add(s.target)
        elif isinstance(s, For):
            out.add(s.var)
    return out
