"""Python statements -> IR statements; scopes, assignment, control flow, returns."""

from __future__ import annotations

import ast
import builtins
import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import has_arrays
from kiln.frontend.arrays import assign, materialize, setitem_scalar
from kiln.frontend.context import Context
from kiln.frontend.dicts import get_item as dict_get_item
from kiln.frontend.dicts import set_item as dict_set_item
from kiln.frontend.generators import REDUCERS, lower_reduction, over_items
from kiln.frontend.indexing import getitem, setitem
from kiln.frontend.lists import bind_list, list_array, mutated_names, new_list, set_item
from kiln.frontend.lists import item as list_item
from kiln.frontend.lists import position as list_position
from kiln.frontend.lists import store as list_store
from kiln.frontend.lower_exprs import (
    BINOPS,
    ExprLowering,
    describe,
    operand,
    python_constant,
    writes_memory,
)
from kiln.frontend.masked_update import fuse_masked_update
from kiln.frontend.printing import text_now
from kiln.frontend.promotion import can_cast
from kiln.frontend.source import ParsedFunction
from kiln.frontend.try_except import lower_try, raise_caught
from kiln.frontend.ufuncs import python_operator, truthy
from kiln.frontend.values import (
    ArrayView,
    CaughtValue,
    Const,
    DictValue,
    Lazy,
    ListValue,
    RecordValue,
    Scalar,
    TextValue,
    TupleValue,
    Value,
    whole_view,
)
from kiln.frontend.views import bind_view, infer_layout, subscript
from kiln.ir import nodes as ir
from kiln.ir.nodes import Nesting
from kiln.ir.types import BOOL, PY_BOOL, ArrayType, ScalarType


@dataclass
class Scope:
    """Names of one (possibly inlined) Python function."""

    parsed: ParsedFunction
    prefix: str
    names: dict[str, Value] = field(default_factory=dict)
    exit_label: str | None = None  # inlined functions leave through this Block
    ret_names: list[str] = field(default_factory=list)
    ret_kind: str | None = None  # "none" | "single" | "tuple of N" | "nested tuple (0, (1, 2))"
    ret_nesting: Nesting | int = 0  # how the results group: an index, or tuples of them
    ret_value: Value | None = None
    ret_lists: tuple[int, ...] | None = None  # the results that are lists built in compiled code
    ret_records: tuple[tuple[tuple[int, ...], str], ...] = ()  # record groups of the result, by path
    # parameters passed None (a compile-time constant) -> the block they were bound in: only
    # there may they be re-bound (``if y is None: y = 0`` folds); under run-time control flow
    # the name would be None on some paths only
    none_params: dict[str, list[ir.Stmt]] = field(default_factory=dict)
    # the IR variable each local is bound to now: a straight-line re-binding to a value of
    # another type gets a variable of its own (``x = x.reshape(n, -1)`` after a 4-d ``x``)
    versions: dict[str, str] = field(default_factory=dict)
    version_counts: dict[str, int] = field(default_factory=dict)
    # a top-level loop's target may start a variable too; after such a loop that may not
    # have run, the name's value is ambiguous (the old type or the new), so it is not read
    loop_head: bool = False
    loop_versioned: set[str] = field(default_factory=set)
    ambiguous: set[str] = field(default_factory=set)
    # names an unrolled loop binds to the compile-time items it walks (``for key in d``)
    unrolled_constants: set[str] | None = None
    top_block: list[ir.Stmt] | None = None  # the function body's own block
    # for a lambda or nested def: the lowerer of the scope that defined it, where the names it
    # reads but does not assign are looked up (kiln.frontend.closures)
    outer: Lowerer | None = None
    caught: CaughtValue | None = None  # in an ``except`` handler: what it caught (bare ``raise``)


class Lowerer(ExprLowering):
    def __init__(
        self, ctx: Context, scope: Scope, call_stack: tuple[object, ...] = (), key: object = None
    ) -> None:
        self.ctx = ctx
        self.scope = scope
        self.call_stack = call_stack + (scope.parsed.fn if key is None else key,)

    @contextmanager
    def handling(self, name: str | None, caught: CaughtValue) -> Iterator[None]:
        """Lower an ``except`` handler: a bare ``raise`` raises ``caught``, and ``name`` (of
        ``as name``) reads it; as in Python, the name is unbound when the handler ends."""
        saved = self.scope.caught
        self.scope.caught = caught
        if name is not None:
            self.scope.names[name] = caught
        try:
            yield
        finally:
            self.scope.caught = saved
            if name is not None:
                self.scope.names.pop(name, None)

    # ------------------------------------------------------------------ names
    def ir_name(self, name: str) -> str:
        return self.scope.prefix + name

    def lookup(self, name: str, node: ast.AST) -> Value:
        if name in self.scope.ambiguous:
            raise UnsupportedError(
                f"reading '{name}' after a loop that may not run and re-binds it to another type",
                self.ctx.loc,
                hint="use another name for the loop variable",
            )
        if name in self.scope.names:
            return self.scope.names[name]
        if name in self.scope.parsed.locals:
            return self._forward_read(name)
        if self.scope.outer is not None:
            return self.scope.outer.lookup(name, node)
        found, value = self.scope.parsed.resolve_global(name)
        if not found:
            raise TypingError(f"name '{name}' is not defined", self.ctx.loc)
        return python_constant(value, self.ctx)

    def _forward_read(self, name: str) -> Value:
        """A local read before the statement that assigns it is lowered (``prev`` in
        ``if i > 0: d = x - prev`` ... ``prev = x`` in a loop). Its type comes from an
        earlier lowering pass; the first pass reads a bool placeholder, which every
        type widens."""
        ctx = self.ctx
        target = self.ir_name(name)
        t = ctx.env.types.get(target)
        if name in self.scope.parsed.flagged and (t is None or isinstance(t, ScalarType)):
            if t is None:
                ctx.pending_reads.append((target, name, ctx.loc))
                return Scalar(ir.Var(target, PY_BOOL))
            return Scalar(ir.Var(target, ctx.declare(target, t, name)))  # type: ignore[arg-type]
        raise UnsupportedError(f"local variable '{name}' is read before it is assigned", ctx.loc)

    def start_scope(self) -> None:
        """Locals whose reads may precede their assignment start unassigned."""
        self.scope.top_block = self.ctx.current_block()
        for name in sorted(self.scope.parsed.flagged):
            self.ctx.declare(self._flag(name), BOOL)
            self.ctx.emit(ir.Assign(self._flag(name), E.bool_false()))

    def _flag(self, name: str) -> str:
        return self.ir_name(name) + "__bound"

    def check_bound(self, node: ast.Name) -> None:
        if self.scope.parsed.may_be_unbound(node):
            msg = f"cannot access local variable '{node.id}' where it is not associated with a value"
            self.ctx.emit(ir.Check(ir.Var(self._flag(node.id), BOOL), "UnboundLocalError", msg))

    def bind_none_param(self, name: str) -> None:
        """A parameter passed None: the constant itself, re-bindable where it was bound."""
        self.scope.names[name] = Const(None)
        self.scope.none_params[name] = self.ctx.current_block()

    def bind(self, name: str, value: Value) -> None:
        """``name = value`` for a Python local."""
        block = self.scope.none_params.pop(name, None)
        if block is not None and block is not self.ctx.current_block():
            raise UnsupportedError(
                f"parameter '{name}' is None in this call and is re-assigned under control flow",
                self.ctx.loc,
                hint=f"assign it unconditionally (or under an 'if {name} is None:' test) at the top level",
            )
        self.scope.ambiguous.discard(name)
        unrolled = self.scope.unrolled_constants
        if unrolled is not None and isinstance(value, Const):  # each unrolled copy sees its own
            self.scope.names[name] = value
            unrolled.add(name)
            return
        target = self._binding_target(name, value)
        self.scope.names[name] = self.store_into(target, value, name)
        if name in self.scope.parsed.flagged:
            self.ctx.emit(ir.Assign(self._flag(name), E.bool_true()))

    def _binding_target(self, name: str, value: Value) -> str:
        """The IR variable ``name = value`` stores into. Only a statement of the function's
        own block (run once, in order) may start a new variable: under a loop or branch
        every binding of a name must share one, and ``unify`` reports a clash there."""
        current = self.scope.versions.get(name)
        straight = self.at_top_level() or self.scope.loop_head
        if current is None:
            current = self.ir_name(name)
        elif straight and (not fits(self.ctx, current, value) or self._rebinds_array(name, value)):
            if self.scope.loop_head:
                self.scope.loop_versioned.add(name)
            loc = self.ctx.loc
            stem = f"{self.ir_name(name)}__v{loc.line}_{loc.col}"
            count = self.scope.version_counts[stem] = self.scope.version_counts.get(stem, 0) + 1
            current = stem if count == 1 else f"{stem}_{count}"  # an unrolled loop binds here again
        self.scope.versions[name] = current
        return current

    def _rebinds_array(self, name: str, value: Value) -> bool:
        """Whether ``name = value`` binds a Python name that holds an array to another array in
        the function's own block. Such a binding runs once, after every read of the old array,
        so it may start a variable of its own; sharing one made the optimizer's alias analysis,
        which does not follow the order of bindings, see ``x = relu(x); x = conv(x)`` as an
        array that may overlap its own convolution's output."""
        if not self.at_top_level() or not isinstance(value, ArrayView | Lazy):
            return False
        if isinstance(value, ArrayView) and value.is_whole and value.base == self.scope.versions.get(name):
            return False
        return isinstance(self.scope.names.get(name), ArrayView | Lazy)

    def at_top_level(self) -> bool:
        """Whether statements emitted now run once, in order, in the function's own block."""
        return self.ctx.current_block() is self.scope.top_block

    @contextmanager
    def loop_target(self, top: bool) -> Iterator[None]:
        """Binding a loop's target (in its body block); ``top``: the loop is at top level."""
        self.scope.loop_head, self.scope.loop_versioned = top, set()
        try:
            yield
        finally:
            self.scope.loop_head = False

    def after_loop(self) -> None:
        """Names whose loop target got a variable of its own may hold either value now."""
        self.scope.ambiguous |= self.scope.loop_versioned
        self.scope.loop_versioned = set()

    def store_into(self, target: str, value: Value, shown: str) -> Value:
        ctx = self.ctx
        once = shown in self.scope.parsed.const_names  # assigned once, at the top level
        if isinstance(value, Scalar):
            t = ctx.declare(target, value.type, shown)
            ctx.emit(ir.Assign(target, E.cast(value.expr, t)))  # type: ignore[arg-type]
            if once:
                ctx.stable_vars.add(target)
            return Scalar(ir.Var(target, t))  # type: ignore[arg-type]
        if isinstance(value, ArrayView | Lazy):
            if isinstance(value, ArrayView) and value.is_whole and value.base == target:
                return value
            bound = (
                bind_view(ctx, value, target, shown)
                if isinstance(value, ArrayView)
                else materialize(ctx, value, target, shown)
            )
            return self._binding(target, bound, once)
        if isinstance(value, ListValue):
            return bind_list(ctx, target, value)
        if isinstance(value, DictValue):
            items = (
                self.store_into(f"{target}__{k}", v, f"{shown}[{key!r}]")
                for k, (key, v) in enumerate(zip(value.keys, value.items))
            )
            return dataclasses.replace(value, items=tuple(items))
        if isinstance(value, TupleValue | RecordValue):
            items = (self.store_into(f"{target}__{k}", v, f"{shown}[{k}]") for k, v in enumerate(value.items))
            return dataclasses.replace(value, items=tuple(items))
        if shown in self.scope.parsed.const_names:
            return text_now(ctx, value) if isinstance(value, TextValue) else value
        raise UnsupportedError(
            f"'{shown}' is bound to {describe(value)} under control flow or more than once",
            ctx.loc,
            hint="compile-time values (modules, functions, dtypes) must be assigned once, at the top level",
        )

    def _binding(self, target: str, bound: ArrayView, once: bool) -> ArrayView:
        """What the name denotes from now on: its own variable, with extents that stay true."""
        t = self.ctx.type_of(target)
        assert isinstance(t, ArrayType)
        if once and all(self.ctx.is_stable(d) for d in bound.shape):
            self.ctx.stable_vars.add(target)
            return whole_view(target, t, bound.shape)
        return whole_view(target, t)

    def snapshot(self, value: Value) -> Value:
        """A copy of ``value`` that later assignments cannot change (``a, b = b, a``)."""
        ctx = self.ctx
        if isinstance(value, Scalar):
            if isinstance(value.expr, ir.Const):
                return value
            return self.store_into(ctx.fresh("snap"), value, "value")
        if isinstance(value, ArrayView):
            return bind_view(ctx, value, ctx.fresh("snap"))
        if isinstance(value, Lazy):
            return materialize(ctx, value)
        if isinstance(value, TupleValue):
            return dataclasses.replace(value, items=tuple(self.snapshot(v) for v in value.items))
        return value

    # ------------------------------------------------------------- statements
    def lower_body(self, body: list[ast.stmt]) -> None:
        for node in body:
            self.stmt(node)

    def stmt(self, node: ast.stmt) -> None:
        method = getattr(self, "stmt_" + type(node).__name__, None)
        with self.ctx.at(node):
            if method is None:
                raise UnsupportedError(f"{type(node).__name__} statements are not supported", self.ctx.loc)
            method(node)

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        from kiln.frontend.closures import define_def

        self.bind(node.name, define_def(self, node))

    def stmt_Pass(self, node: ast.Pass) -> None:
        pass

    def stmt_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):
            return  # docstring or bare constant
        self.expr(node.value)

    def stmt_Assign(self, node: ast.Assign) -> None:
        if fuse_masked_update(self, node):
            return
        value = self._new_list(node) or self.expr(node.value)
        if len(node.targets) > 1 or any(isinstance(t, ast.Tuple | ast.List) for t in node.targets):
            value = self.snapshot(value)
        for target in node.targets:
            self.assign_target(target, value)

    def _new_list(self, node: ast.Assign) -> ListValue | None:
        """``name = [...]``, empty or with the name changed as a list somewhere: a list built
        in compiled code (other list displays are sequences of known length)."""
        target, value, count = node.targets[0], node.value, None
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):  # [0.0] * n, n * [0.0]
            left = isinstance(value.left, ast.List)
            value, count = (value.left, value.right) if left else (value.right, value.left)
        if len(node.targets) != 1 or not isinstance(target, ast.Name) or not isinstance(value, ast.List):
            return None
        if (value.elts or count is not None) and target.id not in mutated_names(self.scope.parsed.tree):
            return None
        items = list(self.operands_in_order(value.elts))
        repeat = None if count is None else self.expr(count)
        return new_list(self.ctx, f"{self.scope.prefix}{value.lineno}:{value.col_offset}", items, repeat)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.assign_target(node.target, self.expr(node.value))

    def assign_target(self, target: ast.expr, value: Value) -> None:
        with self.ctx.at(target):
            if isinstance(target, ast.Name):
                self.bind(target.id, value)
            elif isinstance(target, ast.Tuple | ast.List):
                self._unpack(target, value)
            elif isinstance(target, ast.Subscript):
                self.store_subscript(target, value)
            elif isinstance(target, ast.Attribute) and target.attr == "shape":
                from kiln.frontend.shape_assign import assign_shape

                assign_shape(self, target, value)
            else:
                raise UnsupportedError(f"assignment to {type(target).__name__}", self.ctx.loc)

    def _unpack(self, target: ast.Tuple | ast.List, value: Value) -> None:
        if any(isinstance(t, ast.Starred) for t in target.elts):
            raise UnsupportedError("starred assignment targets (a, *b = ...)", self.ctx.loc)
        if isinstance(value, ArrayView | Lazy):
            from kiln.frontend.iteration import unpack_array

            value = unpack_array(self, value, len(target.elts))
        if not isinstance(value, TupleValue):
            raise UnsupportedError(f"unpacking {describe(value)}", self.ctx.loc)
        if len(value.items) != len(target.elts):
            raise ValueError(f"cannot unpack {len(value.items)} values into {len(target.elts)} names")
        for t, v in zip(target.elts, value.items):
            self.assign_target(t, v)

    def store_subscript(self, target: ast.Subscript, value: Value) -> None:
        base = self.expr(target.value)
        if isinstance(base, DictValue) and isinstance(target.value, ast.Name):
            dict_set_item(self, base, target.value.id, self.expr(target.slice), value)
            return
        if isinstance(base, ListValue):
            set_item(self.ctx, base, self.expr(target.slice), value)
            return
        if not isinstance(base, ArrayView):
            raise TypingError(f"{describe(base)} does not support item assignment", self.ctx.loc)
        index = self.index_items(target.slice)
        if has_arrays(index):
            setitem(self.ctx, base, index, operand(self.ctx, value))
            return
        self.store_to(subscript(self.ctx, base, index), value)

    def store_to(self, dest: ArrayView | ir.Expr, value: Value) -> None:
        if isinstance(dest, ir.Load):
            if not isinstance(value, Scalar):
                raise UnsupportedError("assigning an array to a single element", self.ctx.loc)
            self.ctx.written_arrays.add(dest.array)
            # NumPy's setitem: a Python number must fit an integer array (a_uint8[0] = -1 raises)
            stored = setitem_scalar(self.ctx, value, dest.type)
            self.ctx.emit(ir.Store(dest.array, dest.indices, stored))
            return
        assert isinstance(dest, ArrayView)
        assign(self.ctx, dest, operand(self.ctx, value))

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        op = BINOPS.get(type(node.op))
        if op is None or op == "matmul":
            raise UnsupportedError(f"augmented assignment with {type(node.op).__name__}", self.ctx.loc)
        target = node.target
        if isinstance(target, ast.Name):
            rhs = self.expr(node.value)
            self.check_bound(target)
            current = self.lookup(target.id, target)
            if isinstance(current, ArrayView):  # in place, as NumPy's a += b
                self._inplace(current, op, rhs)
            else:
                self.bind(target.id, self.binary(op, current, rhs))
            return
        if not isinstance(target, ast.Subscript):
            raise UnsupportedError(f"augmented assignment to {type(target).__name__}", self.ctx.loc)
        # Python reads the target (a[i]) before it evaluates the right-hand side.
        base = self.expr(target.value)
        if isinstance(base, DictValue | ListValue):
            self._augment_item(node, base, op)
            return
        if not isinstance(base, ArrayView):
            raise TypingError(f"{describe(base)} does not support item assignment", self.ctx.loc)
        index = self.index_items(target.slice)
        if has_arrays(index):  # NumPy: a[idx] += v is a[idx] = a[idx] + v, computed in a copy
            current = getitem(self.ctx, base, index)
            self._inplace(current, op, self.expr(node.value))
            setitem(self.ctx, base, index, current)
            return
        dest = subscript(self.ctx, base, index)
        start = self.ctx.mark()
        rhs = self.expr(node.value)
        if isinstance(dest, ArrayView):
            self._inplace(dest, op, rhs)
            return
        old: Value = Scalar(dest)
        if writes_memory(self.ctx.emitted_since(start)):
            with self.ctx.inserting_at(start):
                old = self.pin(old)
        self.store_to(dest, python_operator(self.ctx, op, old, operand(self.ctx, rhs)))  # type: ignore[arg-type]

    def _augment_item(self, node: ast.AugAssign, base: DictValue | ListValue, op: str) -> None:
        """``d[k] += v`` / ``l[i] += v``: the item read, then the new value stored (an array
        value of a dict changes in place, as NumPy's ``+=`` does)."""
        target = node.target
        assert isinstance(target, ast.Subscript)
        key = self.expr(target.slice)
        if isinstance(base, ListValue):
            at = list_position(self.ctx, base, key)
            current: Value = list_item(self.ctx, base, at)
            list_store(self.ctx, base, at, self.binary(op, current, self.expr(node.value)))
            return
        current = dict_get_item(self, base, key)
        if isinstance(current, ArrayView):
            self._inplace(current, op, self.expr(node.value))
            return
        if not isinstance(target.value, ast.Name):
            raise UnsupportedError("augmented assignment to an item of a dict that has no name", self.ctx.loc)
        dict_set_item(self, base, target.value.id, key, self.binary(op, current, self.expr(node.value)))

    def _inplace(self, dest: ArrayView, op: str, rhs: Value) -> None:
        result = python_operator(self.ctx, op, dest, operand(self.ctx, rhs))
        produced = result.type.dtype if isinstance(result, Scalar) else result.dtype
        if not can_cast(produced, dest.dtype, "same_kind"):
            raise TypingError(
                f"Cannot cast ufunc output from dtype('{produced}') to dtype('{dest.dtype}') "
                "with casting rule 'same_kind'",
                self.ctx.loc,
            )
        assign(self.ctx, dest, result, inplace=True)

    # ----------------------------------------------------------- control flow
    def stmt_If(self, node: ast.If) -> None:
        cond = truthy(self.ctx, operand(self.ctx, self.expr(node.test)))
        if isinstance(cond, ir.Const):  # compile-time condition: lower only the live branch
            self.lower_body(node.body if cond.value else node.orelse)
            return
        with self.ctx.block() as then:
            self.lower_body(node.body)
        with self.ctx.block() as orelse:
            self.lower_body(node.orelse)
        self.ctx.emit(ir.If(cond, tuple(then), tuple(orelse)))

    def stmt_While(self, node: ast.While) -> None:
        if node.orelse:
            raise UnsupportedError("while ... else", self.ctx.loc)
        with self.ctx.block() as cond_stmts:
            cond = truthy(self.ctx, operand(self.ctx, self.expr(node.test)))
        with self.ctx.block() as body:
            if cond_stmts:  # the condition needs statements: re-run them every iteration
                body.extend(cond_stmts)
                self.ctx.emit(
                    ir.If(ir.Unary("not", cond, cond.type), (ir.Break(self.ctx.next_sid(), self.ctx.loc),))
                )
            self.ctx.loop_depth += 1
            self.lower_body(node.body)
            self.ctx.loop_depth -= 1
        loop_cond = E.bool_true() if cond_stmts else cond
        self.ctx.emit(ir.While(loop_cond, tuple(body)))

    def stmt_For(self, node: ast.For) -> None:
        from kiln.frontend.iteration import lower_for

        if node.orelse:
            raise UnsupportedError("for ... else", self.ctx.loc)
        lower_for(self, node)

    def stmt_With(self, node: ast.With) -> None:
        """``with np.errstate(...)``: compiled code never warns on floating-point errors (it
        gives the IEEE result, as NumPy does under "ignore"), so settings that ignore or warn
        need nothing; "raise" and "call" are refused rather than not honoured."""
        for item in node.items:
            check_errstate(self, item.context_expr)
            if item.optional_vars is not None:
                raise UnsupportedError("'with np.errstate(...) as name'", self.ctx.loc)
        self.lower_body(node.body)

    def stmt_Try(self, node: ast.Try) -> None:
        lower_try(self, node)

    def stmt_Break(self, node: ast.Break) -> None:
        self.ctx.emit(ir.Break())

    def stmt_Continue(self, node: ast.Continue) -> None:
        self.ctx.emit(ir.Continue())

    def stmt_Assert(self, node: ast.Assert) -> None:
        cond = truthy(self.ctx, operand(self.ctx, self.expr(node.test)))
        message = ""
        if node.msg is not None:
            msg = self.expr(node.msg)
            message = str(msg.value) if isinstance(msg, Const) else ""
        self.ctx.emit(ir.Check(cond, "AssertionError", message.replace("%", "%%")))

    def stmt_Raise(self, node: ast.Raise) -> None:
        if node.cause is None and (node.exc is None or isinstance(node.exc, ast.Name)):
            caught = self.scope.caught if node.exc is None else self.expr(node.exc)
            if isinstance(caught, CaughtValue):  # ``raise`` or ``raise e`` in a handler
                raise_caught(self, caught)
                return
            if node.exc is None:
                raise UnsupportedError("a bare 'raise' outside an 'except' handler", self.ctx.loc)
        exc, message = node.exc, ""
        if isinstance(exc, ast.Call) and len(exc.args) <= 1:
            if exc.args:
                msg = self.expr(exc.args[0])
                if not isinstance(msg, Const) or not isinstance(msg.value, str):
                    raise UnsupportedError("raise with a non-constant message", self.ctx.loc)
                message = msg.value
            exc = exc.func
        cls = self.expr(exc) if exc is not None else None
        if (
            not isinstance(cls, Const)
            or not isinstance(cls.value, type)
            or getattr(builtins, cls.value.__name__, None) is not cls.value
        ):
            raise UnsupportedError("raise of anything but a built-in exception", self.ctx.loc)
        assert isinstance(cls.value, type)  # checked above; mypy narrows it by the `is not` test
        self.ctx.emit(ir.Check(E.bool_false(), cls.value.__name__, message.replace("%", "%%")))

    # ---------------------------------------------------------------- returns
    def stmt_Return(self, node: ast.Return) -> None:
        value: Value = Const(None) if node.value is None else self.expr(node.value)
        if self.scope.exit_label is None:  # the function's own result: list displays as lists
            value = self._displays_as_lists(value, f"{self.scope.prefix}{node.lineno}:{node.col_offset}")
        kind = _return_kind(value)
        check_returnable(kind, self.ctx.loc)
        scope = self.scope
        if scope.ret_kind is not None and scope.ret_kind != kind:
            raise UnsupportedError(
                "all return statements of a function must return the same kind of value "
                f"(here {kind}, earlier {scope.ret_kind})",
                self.ctx.loc,
            )
        scope.ret_kind = kind
        if kind != "none":
            if isinstance(value, TupleValue):
                value = self.snapshot(value)
            leaves = _leaves(value)
            for leaf in leaves:
                if not isinstance(leaf, Scalar | ArrayView | Lazy | ListValue):
                    raise UnsupportedError(
                        f"returning {describe(leaf)} (compiled code returns numbers, arrays and lists, "
                        "and tuples and records of them)",
                        self.ctx.loc,
                    )
            if scope.exit_label is None:  # the function's own result: lists as Python lists
                leaves = self._lists_as_arrays(leaves)
            names = [f"{scope.prefix}ret__{k}" for k in range(len(leaves))]
            bound = [self.store_into(n, v, "return value") for n, v in zip(names, leaves)]
            scope.ret_names = names
            scope.ret_nesting = _nesting(value, iter(range(len(leaves))))
            scope.ret_value = _rebuilt(value, iter(bound))
            if scope.exit_label is None:
                scope.ret_records = _made_by_name(_records(value, ()), self.ctx.loc)
        if scope.exit_label is not None:
            self.ctx.emit(ir.Exit(scope.exit_label))
        else:
            self.ctx.emit(ir.Return(tuple(scope.ret_names)))

    def _displays_as_lists(self, value: Value, key: str) -> Value:
        """``return [x, y]``, ``return [], n``: each list display of numbers made a list."""
        numbers = isinstance(value, TupleValue) and all(isinstance(v, Scalar) for v in value.items)
        if isinstance(value, TupleValue) and value.is_list and value.record is None and numbers:
            return new_list(self.ctx, key, list(value.items))
        if isinstance(value, TupleValue) and not value.is_list:
            items = tuple(self._displays_as_lists(v, f"{key}:{k}") for k, v in enumerate(value.items))
            return dataclasses.replace(value, items=items)
        return value

    def _lists_as_arrays(self, leaves: list[Value]) -> list[Value]:
        """The results with each list built in compiled code as the array of its items,
        noted to come back as a list; every return statement must agree on which are lists.
        A result's element type is that of every list returned there whose type is known
        (an empty display, or a list nothing was put in, has none of its own)."""
        lists = tuple(k for k, v in enumerate(leaves) if isinstance(v, ListValue))
        if self.scope.ret_lists is not None and self.scope.ret_lists != lists:
            raise UnsupportedError(
                "all return statements of a function must return lists in the same places", self.ctx.loc
            )
        self.scope.ret_lists = lists
        out: list[Value] = []
        env = self.ctx.env
        for k, v in enumerate(leaves):
            if isinstance(v, ListValue):
                at = f"{self.scope.prefix}return:{k}"
                known = env.list_elements.get(v.key)
                if known is not None:
                    env.note_list_element(at, known)
                t = env.list_elements.get(at, v.elem)
                v = list_array(self.ctx, v, t.strong().dtype)
            out.append(v)
        return out

    # ------------------------------------------------------------------ calls
    def call(self, node: ast.Call) -> Value:
        from kiln.frontend.dispatch_call import dispatch_call

        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise UnsupportedError("*args / **kwargs in calls", self.ctx.loc)
        if node.args and isinstance(node.args[0], ast.GeneratorExp | ast.ListComp):
            func = self.expr(node.func)
            if isinstance(func, Const) and func.value in REDUCERS:
                return lower_reduction(self, func.value, node)
            self.expr(node.args[0])  # any other call of one: refused there, with its location
        names = [k.arg for k in node.keywords if k.arg is not None]
        func, *values = self.operands_in_order([node.func, *node.args, *(k.value for k in node.keywords)])
        if isinstance(func, Const) and func.value in REDUCERS and values and isinstance(values[0], ListValue):
            return lower_reduction(self, func.value, over_items(self, node, values[0]))
        args = values[: len(node.args)]
        return dispatch_call(self, func, args, dict(zip(names, values[len(node.args) :])))


def fits(ctx: Context, target: str, value: Value) -> bool:
    """Whether ``value`` has the very type ``target`` was given (a wider one would change what
    earlier reads of the variable compute: ``x = 1; y = x // 2; x = 0.5``)."""
    if isinstance(value, TupleValue):
        return all(fits(ctx, f"{target}__{k}", v) for k, v in enumerate(value.items))
    old = ctx.env.types.get(target)
    if isinstance(value, Scalar):
        return old == value.type
    if isinstance(value, ArrayView):
        if value.is_whole and value.base == target:
            return True
        return old == ArrayType(value.dtype, value.ndim, infer_layout(value))
    if isinstance(value, Lazy):
        return old == ArrayType(value.dtype, value.ndim, "C")
    return True


def _return_kind(value: Value) -> str:
    """What a return statement returns, in words every return of a function must repeat:
    ``single``, ``tuple of 2``, ``nested tuple (0, (1, 2))``, with the records it makes."""
    if isinstance(value, Const) and value.value is None:
        return "none"
    if _holds_list(value):
        return "list"
    if any(isinstance(v, DictValue) for v in _leaves(value)):
        return "dict"
    if isinstance(value, TupleValue | RecordValue):
        if any(isinstance(v, TupleValue | RecordValue) for v in value.items):
            kind = f"nested tuple {_nesting(value, iter(range(len(_leaves(value)))))}"
        else:
            kind = f"tuple of {len(value.items)}"
        records = _records(value, ())
        if records:
            kind += " with records " + ", ".join(f"{path} {cls.__qualname__}" for path, cls in records)
        return kind
    if isinstance(value, Scalar | ArrayView | Lazy | ListValue):
        return "single"
    return "compile-time value"


def _leaves(value: Value) -> list[Value]:
    """The values a (nested) tuple or record holds, in order; the value itself for any other."""
    if isinstance(value, TupleValue | RecordValue):
        return [leaf for v in value.items for leaf in _leaves(v)]
    return [value]


def _nesting(value: Value, index: Iterator[int]) -> Nesting | int:
    """How ``value``'s leaves group: their indices as nested tuples (``(0, (1, 2))``)."""
    if isinstance(value, TupleValue | RecordValue):
        return tuple(_nesting(v, index) for v in value.items)
    return next(index)


def _rebuilt(template: Value, leaves: Iterator[Value]) -> Value:
    """``template``'s tuples and records around ``leaves``, in order."""
    if isinstance(template, TupleValue | RecordValue):
        return dataclasses.replace(template, items=tuple(_rebuilt(v, leaves) for v in template.items))
    return next(leaves)


def _records(value: Value, path: tuple[int, ...]) -> list[tuple[tuple[int, ...], type]]:
    """The records ``value`` holds, by their path of positions (``()`` for ``value`` itself)."""
    if not isinstance(value, TupleValue | RecordValue):
        return []
    own = [(path, value.record)] if value.record is not None else []
    return own + [r for k, v in enumerate(value.items) for r in _records(v, (*path, k))]


def _made_by_name(
    records: list[tuple[tuple[int, ...], type]], loc: Any
) -> tuple[tuple[tuple[int, ...], str], ...]:
    """Each record class of a result by the name the compiled code finds it by."""
    named = []
    for path, cls in records:
        if "<locals>" in cls.__qualname__:
            raise UnsupportedError(
                f"returning a {cls.__name__} defined inside a function (compiled code makes records "
                "of classes it finds by their module and name)",
                loc,
            )
        named.append((path, f"{cls.__module__}:{cls.__qualname__}"))
    return tuple(named)


def _holds_list(value: Value) -> bool:
    """A list of known length (a display or an argument): it is returned as no list."""
    return isinstance(value, TupleValue) and (value.is_list or any(_holds_list(v) for v in value.items))


_ERRSTATE_KEYS = ("all", "divide", "over", "under", "invalid")


def check_errstate(low: Lowerer, node: ast.expr) -> None:
    """``np.errstate(divide="ignore", ...)`` whose settings compiled code honours; anything else
    is refused with its location."""
    import numpy as np

    ctx = low.ctx
    func = low.expr(node.func) if isinstance(node, ast.Call) else None
    if not isinstance(node, ast.Call) or not isinstance(func, Const) or func.value is not np.errstate:
        raise UnsupportedError("'with' statements other than 'with np.errstate(...)'", ctx.loc)
    if node.args or any(k.arg is None for k in node.keywords):
        raise UnsupportedError("np.errstate() with positional or ** arguments", ctx.loc)
    for k in node.keywords:
        value = low.expr(k.value)
        setting = value.value if isinstance(value, Const) else None
        if k.arg not in _ERRSTATE_KEYS:
            raise TypingError(f"np.errstate() got an unexpected keyword argument '{k.arg}'", ctx.loc)
        if setting not in ("ignore", "warn"):
            raise UnsupportedError(
                f"np.errstate({k.arg}={setting!r}): compiled code gives IEEE results and never "
                "warns or raises on floating-point errors",
                ctx.loc,
                hint="use 'ignore' (or 'warn', which compiled code does not do either)",
            )


def check_returnable(kind: str | None, loc: Any) -> None:
    if kind == "list":
        raise UnsupportedError(
            "returning a list display or a list argument",
            loc,
            hint="return a tuple, or a list built with [] and append (or a comprehension)",
        )
    if kind == "dict":
        raise UnsupportedError("returning a dict", loc, hint="return its values as a tuple")
    if kind == "compile-time value":
        raise UnsupportedError(f"returning a {kind}", loc)
