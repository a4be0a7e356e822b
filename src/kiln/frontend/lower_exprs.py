"""Python expressions -> frontend values (``ast.NodeVisitor`` style)."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import types
from typing import Any

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import dicts, lists
from kiln.frontend import exprs as E
from kiln.frontend.advanced import has_arrays, list_index
from kiln.frontend.arrays import materialize
from kiln.frontend.context import Context
from kiln.frontend.indexing import getitem
from kiln.frontend.masked_update import MaskedReads, NotFusable
from kiln.frontend.printing import as_text, is_text, joined, joined_str
from kiln.frontend.promotion import promote
from kiln.frontend.python_ints import literal_int
from kiln.frontend.ufuncs import python_operator, truthy
from kiln.frontend.values import (
    ArrayView,
    Const,
    DictValue,
    DType,
    Lazy,
    ListValue,
    Scalar,
    TextValue,
    TupleValue,
    Value,
    describe,
)
from kiln.frontend.views import NEWAXIS, SliceSpec, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, DTYPE_NAMES, PY_BOOL, PY_COMPLEX, PY_FLOAT, PY_INT, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts

BINOPS = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv", ast.FloorDiv: "floordiv",
    ast.Mod: "mod", ast.Pow: "pow", ast.LShift: "lshift", ast.RShift: "rshift", ast.BitAnd: "bitand",
    ast.BitOr: "bitor", ast.BitXor: "bitxor", ast.MatMult: "matmul",
}  # fmt: skip
CMPOPS = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge"}


def call_arguments(
    ctx: Context, fn: types.FunctionType, args: list[Value], kwargs: dict[str, Value]
) -> dict[str, Value]:
    """Parameter name -> value for a call of the Python function ``fn``, as Python binds them
    (defaults as frontend values); Python's TypeError as a located TypingError."""
    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except TypeError as exc:
        raise TypingError(f"{fn.__name__}(): {exc}", ctx.loc) from None
    bound.apply_defaults()
    return {
        name: value if isinstance(value, Value.__args__) else python_constant(value, ctx)
        for name, value in bound.arguments.items()
    }


def python_constant(value: object, ctx: Context) -> Value:
    """A compile-time Python object as a frontend value."""
    if isinstance(value, bool):
        return Scalar(ir.Const(value, PY_BOOL))
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise UnsupportedError(f"integer constant {value} does not fit in int64", ctx.loc)
        return Scalar(ir.Const(value, PY_INT))
    if isinstance(value, float):
        return Scalar(ir.Const(value, PY_FLOAT))
    if isinstance(value, complex):
        return Scalar(ir.Const(value, PY_COMPLEX))
    if isinstance(value, np.generic) and value.dtype.name in DTYPE_NAMES:
        return Scalar(ir.Const(value.item(), ScalarType(value.dtype.name)))
    if isinstance(value, tuple):
        return TupleValue(tuple(python_constant(v, ctx) for v in value))
    if isinstance(value, np.ndarray):
        from kiln.frontend.constants import constant_array

        return constant_array(ctx, value)
    if any(value is t for t in (int, float, bool, complex)):
        return Const(value)  # int(x) converts to a Python int; dtype=int means int64
    dtype = dtype_of_object(value)
    if dtype is not None:
        return DType(dtype)
    return Const(value)


def dtype_of_object(value: object) -> str | None:
    """The dtype named by ``np.float32``, ``float``, ``'int64'``, ``np.dtype(...)``; else None."""
    if value is float:
        return "float64"
    if value is int:
        return "int64"
    if value is complex:
        return "complex128"
    if value is bool:
        return "bool"
    if isinstance(value, np.dtype) or (isinstance(value, type) and issubclass(value, np.generic)):
        name = np.dtype(value).name
        return name if name in DTYPE_NAMES else None
    return None


class ExprLowering:
    """Mixin of the function lowerer: one ``expr_<Node>`` method per AST node."""

    ctx: Context
    # set while the right-hand side of ``X[M] = f(X[M], ...)`` is lowered as one masked loop
    masked_reads: MaskedReads | None = None

    def lookup(self, name: str, node: ast.AST) -> Value:  # provided by the statement lowerer
        raise NotImplementedError

    def call(self, node: ast.Call) -> Value:  # provided by the call lowerer
        raise NotImplementedError

    def check_bound(self, node: ast.Name) -> None:  # provided by the statement lowerer
        raise NotImplementedError

    def expr(self, node: ast.expr) -> Value:
        method = getattr(self, "expr_" + type(node).__name__, None)
        with self.ctx.at(node):
            if method is None:
                raise UnsupportedError(f"{type(node).__name__} expressions are not supported", self.ctx.loc)
            return method(node)

    def scalar(self, node: ast.expr, what: str = "a scalar") -> Scalar:
        value = self.expr(node)
        if not isinstance(value, Scalar):
            with self.ctx.at(node):
                raise TypingError(f"expected {what}, got {describe(value)}", self.ctx.loc)
        return value

    def int_scalar(self, node: ast.expr) -> ir.Expr:
        value = self.scalar(node, "an integer")
        if not (value.type.is_integer or value.type.is_bool):
            with self.ctx.at(node):
                raise TypingError(f"expected an integer, got {value.type}", self.ctx.loc)
        return E.as_index(value.expr)

    def expr_Constant(self, node: ast.Constant) -> Value:
        if node.value is Ellipsis or node.value is None or isinstance(node.value, str):
            return Const(node.value)
        return python_constant(node.value, self.ctx)

    def expr_Name(self, node: ast.Name) -> Value:
        self.check_bound(node)
        value = self.lookup(node.id, node)
        if self.masked_reads is not None and isinstance(value, ArrayView | Lazy):
            raise NotFusable  # an array operand that is not compacted by the mask
        return value

    def expr_Tuple(self, node: ast.Tuple) -> Value:
        return TupleValue(tuple(self.operands_in_order(node.elts)))

    def expr_List(self, node: ast.List) -> Value:
        return TupleValue(tuple(self.operands_in_order(node.elts)), is_list=True)

    def expr_Attribute(self, node: ast.Attribute) -> Value:
        from kiln.frontend.attributes import attribute

        return attribute(self, self.expr(node.value), node.attr)

    def expr_Lambda(self, node: ast.Lambda) -> Value:
        from kiln.frontend.closures import define_lambda

        return define_lambda(self, node)  # type: ignore[arg-type]

    def expr_BinOp(self, node: ast.BinOp) -> Value:
        op = BINOPS.get(type(node.op))
        if op is None:
            raise UnsupportedError(f"operator {type(node.op).__name__}", self.ctx.loc)
        literal = literal_int(node)
        if literal is not None:  # ``2**63 - 1``: exact, though a step leaves int64
            return python_constant(literal, self.ctx)
        left, right = self.operands_in_order([node.left, node.right])
        return self.binary(op, left, right)

    def operands_in_order(self, nodes: list[ast.expr]) -> list[Value]:
        """Lower operands left to right. Scalars and element-wise expressions are
        evaluated lazily, where they are used; when a later operand writes memory
        (an inlined call storing into an array), the earlier ones are computed
        before it, as Python evaluates them."""
        values: list[Value] = []
        for node in nodes:
            start = self.ctx.mark()
            value = self.expr(node)
            if values and writes_memory(self.ctx.emitted_since(start)):
                with self.ctx.inserting_at(start):
                    values = [self.pin(v) for v in values]
            values.append(value)
        return values

    def pin(self, value: Value) -> Value:
        """``value`` computed now, so that later stores cannot change it."""
        if isinstance(value, Scalar) and any(isinstance(e, ir.Load) for e in iter_exprs(value.expr)):
            return Scalar(self.ctx.temp(value.expr, "pin"))
        if isinstance(value, Lazy):
            return materialize(self.ctx, value)
        if isinstance(value, TupleValue):
            return dataclasses.replace(value, items=tuple(self.pin(v) for v in value.items))
        return value

    def binary(self, op: str, a: Value, b: Value) -> Value:
        if op == "matmul":
            from kiln.frontend.linalg import matmul

            return matmul(self.ctx, a, b, operator=True)
        made_now = isinstance(a, TextValue) or isinstance(b, TextValue)
        if op == "add" and made_now and is_text(a) and is_text(b):
            return joined([as_text(self.ctx, a), as_text(self.ctx, b)])
        if isinstance(a, TupleValue) and isinstance(b, TupleValue) and op == "add":
            if a.is_list != b.is_list:
                kinds = ("list", "tuple") if a.is_list else ("tuple", "list")
                raise TypingError(
                    f'can only concatenate {kinds[0]} (not "{kinds[1]}") to {kinds[0]}', self.ctx.loc
                )
            return TupleValue(a.items + b.items, a.is_list)
        return python_operator(self.ctx, op, operand(self.ctx, a), operand(self.ctx, b))

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Value:
        from kiln.frontend.ufuncs import apply_ufunc

        literal = literal_int(node)
        if literal is not None:  # ``-(2**63)``: exact, though its operand leaves int64
            return python_constant(literal, self.ctx)
        value = self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            cond = truthy(self.ctx, operand(self.ctx, value))
            if isinstance(cond, ir.Const):
                return Scalar(ir.Const(not cond.value, PY_BOOL))
            return Scalar(ir.Unary("not", cond, PY_BOOL))
        x = operand(self.ctx, value)
        if isinstance(x, Scalar) and x.type.weak:
            if isinstance(node.op, ast.Invert) and (x.type.is_float or x.type.is_complex):
                raise TypingError(f"bad operand type for unary ~: '{x.type}'", self.ctx.loc)
            return Scalar(_python_unary(node.op, x.expr))
        name = {ast.USub: "negative", ast.UAdd: "positive"}.get(type(node.op), "invert")
        return apply_ufunc(self.ctx, name, [x])  # +a is a copy in NumPy, never a view

    def expr_Compare(self, node: ast.Compare) -> Value:
        left = self.expr(node.left)
        return self._compare_chain(left, node.ops, node.comparators)

    def _compare_chain(self, left: Value, ops: list[ast.cmpop], comparators: list[ast.expr]) -> Value:
        """``a < b < c`` is ``a < b and b < c`` with ``b`` evaluated once and ``c`` only if needed."""
        start = self.ctx.mark()
        right = self.expr(comparators[0])
        if writes_memory(self.ctx.emitted_since(start)):
            with self.ctx.inserting_at(start):
                left = self.pin(left)
        part = self._compare_one(ops[0], left, right)
        if len(ops) == 1:
            return part
        if not isinstance(part, Scalar) or not isinstance(right, Scalar):
            raise TypingError(
                "the truth value of an array is ambiguous (chained comparisons of arrays)", self.ctx.loc
            )
        right = Scalar(self.ctx.temp(right.expr, "cmp"))
        with self.ctx.block() as pending:
            rest = self._compare_chain(right, ops[1:], comparators[1:])
        if not isinstance(rest, Scalar):
            raise TypingError(
                "the truth value of an array is ambiguous (chained comparisons of arrays)", self.ctx.loc
            )
        return self.short_circuit(part, rest, pending, is_and=True)

    def _compare_one(self, op: ast.cmpop, left: Value, right: Value) -> Value:
        if isinstance(op, ast.Is | ast.IsNot):
            return _identity_compare(op, left, right, self.ctx)
        if isinstance(op, ast.In | ast.NotIn) and isinstance(right, ListValue):
            hit = lists.contains(self.ctx, right, left)
            return hit if isinstance(op, ast.In) else Scalar(ir.Unary("not", hit.expr, PY_BOOL))
        if isinstance(op, ast.In | ast.NotIn) and isinstance(right, DictValue):
            found = dicts.contains(self, right, left)  # type: ignore[arg-type]
            return python_constant(found == isinstance(op, ast.In), self.ctx)
        folded = _constant_compare(op, left, right)
        if folded is not None:  # strings the code is specialized on: ``mode == "edge"`` folds
            if any(isinstance(v, Scalar) and not v.type.weak for v in (left, right)):
                return Scalar(ir.Const(folded, BOOL))  # a NumPy number compares to a NumPy bool
            return python_constant(folded, self.ctx)
        if type(op) in CMPOPS:
            return python_operator(
                self.ctx, CMPOPS[type(op)], operand(self.ctx, left), operand(self.ctx, right)
            )
        raise UnsupportedError(f"comparison operator {type(op).__name__}", self.ctx.loc)

    def expr_BoolOp(self, node: ast.BoolOp) -> Value:
        return self._bool_chain(node.values, isinstance(node.op, ast.And))

    def _bool_chain(self, nodes: list[ast.expr], is_and: bool) -> Scalar:
        first = self.scalar(nodes[0], "a scalar (and/or need scalars; use & and | on arrays)")
        if len(nodes) == 1:
            return first
        with self.ctx.block() as pending:
            rest = self._bool_chain(nodes[1:], is_and)
        return self.short_circuit(first, rest, pending, is_and)

    def short_circuit(self, first: Scalar, rest: Scalar, pending: list[ir.Stmt], is_and: bool) -> Scalar:
        """``first and rest`` / ``first or rest``: the value of the operand that decides,
        where ``pending`` (the statements computing ``rest``) run only when ``first`` does
        not decide on its own."""
        ctx = self.ctx
        if isinstance(first.expr, ir.Const):  # decided now: ``DEBUG and check(x)``
            if bool(first.expr.value) != is_and:
                return first
            ctx.current_block().extend(pending)
            return rest
        t = promote(first.type, rest.type)
        if not pending:  # C's && and ?: evaluate their second operand only when needed
            if first.type.is_bool and rest.type.is_bool:
                return Scalar(ir.Binary("and" if is_and else "or", first.expr, rest.expr, t))
            cond = truthy(ctx, first)
            a, b = E.cast(first.expr, t), E.cast(rest.expr, t)
            return Scalar(ir.Select(cond, b, a, t) if is_and else ir.Select(cond, a, b, t))
        head = ctx.temp(first.expr, "sc")
        result = ctx.fresh("sc")
        ctx.declare(result, t)
        ctx.emit(ir.Assign(result, E.cast(head, t)))
        cond = truthy(ctx, Scalar(head))
        with ctx.block() as then:
            then.extend(pending)
            ctx.emit(ir.Assign(result, E.cast(rest.expr, t)))
        ctx.emit(ir.If(cond if is_and else ir.Unary("not", cond, cond.type), tuple(then)))
        return Scalar(ir.Var(result, t))

    def expr_IfExp(self, node: ast.IfExp) -> Value:
        ctx = self.ctx
        cond = truthy(ctx, operand(ctx, self.expr(node.test)))
        if isinstance(cond, ir.Const):  # compile-time condition: only the live branch exists
            return self.expr(node.body if cond.value else node.orelse)
        with ctx.block() as then_stmts:
            a = self.scalar(node.body)
        with ctx.block() as else_stmts:
            b = self.scalar(node.orelse)
        t = promote(a.type, b.type)
        if not then_stmts and not else_stmts:
            return Scalar(ir.Select(cond, E.cast(a.expr, t), E.cast(b.expr, t), t))
        result = ctx.fresh("ifexp")
        ctx.declare(result, t)
        branches = []
        for stmts, value in ((then_stmts, a), (else_stmts, b)):
            with ctx.block() as branch:
                branch.extend(stmts)
                ctx.emit(ir.Assign(result, E.cast(value.expr, t)))
            branches.append(tuple(branch))
        ctx.emit(ir.If(cond, branches[0], branches[1]))
        return Scalar(ir.Var(result, t))

    def expr_Subscript(self, node: ast.Subscript) -> Value:
        if self.masked_reads is not None:
            return self.masked_reads.read(self, node)
        base = self.expr(node.value)
        if isinstance(base, TupleValue):
            return self._tuple_subscript(base, node.slice)
        if isinstance(base, DictValue):
            return dicts.get_item(self, base, self.expr(node.slice))  # type: ignore[arg-type]
        if isinstance(base, ListValue):
            if isinstance(node.slice, ast.Slice):
                raise UnsupportedError("slicing a list built in compiled code", self.ctx.loc)
            return lists.item(self.ctx, base, lists.position(self.ctx, base, self.expr(node.slice)))
        if isinstance(base, Const) and base.value is np.mgrid:
            from kiln.frontend.np_mgrid import mgrid

            return mgrid(self.ctx, node.slice, self.expr)
        if isinstance(base, Lazy):
            base = materialize(self.ctx, base)
        if not isinstance(base, ArrayView):
            raise TypingError(f"{describe(base)} is not subscriptable", self.ctx.loc)
        index = self.index_items(node.slice)
        if has_arrays(index):
            return getitem(self.ctx, base, index)
        result = subscript(self.ctx, base, index)
        return result if isinstance(result, ArrayView) else Scalar(result)

    def index_items(self, node: ast.expr) -> list[Any]:
        """The items of a subscript: slices, integers, newaxis, Ellipsis (None), index arrays."""
        if isinstance(node, ast.Tuple):  # a tuple inside an index is a sequence: an index array
            items = [self._index_item(p) for p in node.elts]
            return [list_index(self.ctx, x.items) if isinstance(x, TupleValue) else x for x in items]
        item = self._index_item(node)
        if isinstance(item, TupleValue):  # a[t] with a tuple t is a[t[0], t[1], ...]
            return [self._index_value(v) for v in item.items]
        return [item]

    def _index_item(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Slice):
            step = 1
            if node.step is not None:
                step_value = self.scalar(node.step, "a constant slice step")
                step_const = E.const_int(step_value.expr)
                if step_const is None:
                    raise UnsupportedError("slice steps must be integer constants", self.ctx.loc)
                if step_const == 0:
                    raise ValueError("slice step cannot be zero")
                step = step_const
            return SliceSpec(self._slice_bound(node.lower), self._slice_bound(node.upper), step)
        value = self.expr(node)
        if isinstance(node, ast.List) and isinstance(value, TupleValue):
            return list_index(self.ctx, value.items)
        return value if isinstance(value, TupleValue) else self._index_value(value)

    def _slice_bound(self, node: ast.expr | None) -> ir.Expr | None:
        """A slice's start or stop: None, also as a name bound to None (``a[lo:hi]``)."""
        if node is None or (isinstance(node, ast.Name) and _is_none(self.expr(node))):
            return None
        return self.int_scalar(node)

    def _index_value(self, value: Value) -> Any:
        if isinstance(value, Const) and value.value is None:
            return NEWAXIS
        if isinstance(value, Const) and value.value is Ellipsis:
            return None
        if isinstance(value, Scalar) and value.type.is_integer:
            return E.as_index(value.expr)
        if isinstance(value, ArrayView | Lazy):
            return value  # advanced indexing (kiln.frontend.advanced checks the dtype)
        raise UnsupportedError(f"indexing with {describe(value)}", self.ctx.loc)

    def _tuple_subscript(self, base: TupleValue, index: ast.expr) -> Value:
        if isinstance(index, ast.Slice):
            bounds = [
                None if x is None else _const_int(self.expr(x), self.ctx)
                for x in (index.lower, index.upper, index.step)
            ]
            return TupleValue(base.items[slice(*bounds)], base.is_list)
        i = _const_int(self.expr(index), self.ctx)
        try:
            return base.items[i]
        except IndexError:
            raise IndexError("tuple index out of range") from None

    def expr_Call(self, node: ast.Call) -> Value:
        return self.call(node)

    def expr_JoinedStr(self, node: ast.JoinedStr) -> Value:
        return joined_str(self, node)

    def expr_GeneratorExp(self, node: ast.GeneratorExp) -> Value:
        raise UnsupportedError(
            "a generator expression is only supported as the argument of sum(), min(), max(), any() or all()",
            self.ctx.loc,
        )

    def expr_Dict(self, node: ast.Dict) -> Value:
        from kiln.frontend.lower_stmts import Lowerer

        assert isinstance(self, Lowerer)  # the statement lowerer is the only expression lowerer
        if any(k is None for k in node.keys):
            raise UnsupportedError("'**' in a dict display", self.ctx.loc)
        keys = list(self.operands_in_order([k for k in node.keys if k is not None]))
        return dicts.display(self, keys, list(self.operands_in_order(node.values)))

    def expr_ListComp(self, node: ast.ListComp) -> Value:
        from kiln.frontend.generators import list_comprehension
        from kiln.frontend.lower_stmts import Lowerer

        assert isinstance(self, Lowerer)  # the statement lowerer is the only expression lowerer
        return list_comprehension(self, node)


def _is_none(value: Value) -> bool:
    return isinstance(value, Const) and value.value is None


def _python_unary(op: ast.unaryop, x: ir.Expr) -> ir.Expr:
    """``-x``, ``+x``, ``~x`` of a Python number; literals fold (``-1`` is a constant)."""
    t = PY_INT if x.type.is_bool else x.type  # -True == -1, ~True == -2 in Python
    x = E.cast(x, t)
    if isinstance(op, ast.UAdd):
        return x
    ir_op = "neg" if isinstance(op, ast.USub) else "invert"
    if isinstance(x, ir.Const) and not (ir_op == "neg" and x.value == -(2**63)):
        return ir.Const(-x.value if ir_op == "neg" else ~x.value, t)  # type: ignore[operator]
    return ir.Unary(ir_op, x, t)


def writes_memory(stmts: list[ir.Stmt]) -> bool:
    """Whether ``stmts`` may store into an array that existed before them."""
    flat = list(iter_stmts(stmts))
    fresh = {s.target for s in flat if isinstance(s, ir.Alloc)}
    for s in flat:
        if isinstance(s, ir.Store) and s.array not in fresh:
            return True
        if isinstance(s, ir.LibCall) and not set(s.outputs) <= fresh:
            return True
    return False


def _const_int(value: Value, ctx: Context) -> int:
    if isinstance(value, Scalar):
        c = E.const_int(value.expr)
        if c is not None:
            return c
    raise UnsupportedError("tuples can only be indexed by integer constants", ctx.loc)


_FOLDED_COMPARISONS = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


def _constant_compare(op: ast.cmpop, left: Value, right: Value) -> bool | None:
    """A comparison of compile-time strings (with each other, or with tuples of them), decided
    now; None when either side is something else."""

    def known(v: Value) -> object:
        if isinstance(v, Const) and isinstance(v.value, str):
            return v.value
        if isinstance(v, TupleValue) and all(isinstance(x, Const) for x in v.items):
            return tuple(x.value for x in v.items)  # type: ignore[union-attr]
        return None

    compare = _FOLDED_COMPARISONS.get(type(op))
    integers = [_constant_integer(v) for v in (left, right)]
    if compare is not None and None not in integers and not isinstance(op, ast.In | ast.NotIn):
        return bool(compare(*integers))  # ``a.ndim == 2``: only the live branch is lowered
    a, b = known(left), known(right)
    if compare is None or a is None or b is None or not (isinstance(a, str) or isinstance(b, str)):
        return None
    if isinstance(op, ast.In | ast.NotIn) and not isinstance(b, tuple | str):
        return None
    return bool(compare(a, b))


def _constant_integer(v: Value) -> int | None:
    """The value of an integer or bool known when compiling (``a.ndim``, ``len(t)``, ``3``)."""
    if isinstance(v, Scalar) and isinstance(v.expr, ir.Const) and (v.type.is_integer or v.type.is_bool):
        return int(v.expr.value)  # type: ignore[arg-type]
    return None


def _identity_compare(op: ast.cmpop, a: Value, b: Value, ctx: Context) -> Value:
    if isinstance(a, Const) and isinstance(b, Const):
        same = a.value is b.value
        return Scalar(ir.Const(same if isinstance(op, ast.Is) else not same, PY_BOOL))
    if isinstance(b, Const) and b.value is None:  # a runtime value is never None
        return Scalar(ir.Const(isinstance(op, ast.IsNot), PY_BOOL))
    raise UnsupportedError("'is' is only supported against None and constants", ctx.loc)


def operand(ctx: Context, value: Value) -> Scalar | ArrayView | Lazy:
    if isinstance(value, Scalar | ArrayView | Lazy):
        return value
    raise TypingError(f"{describe(value)} cannot be used in arithmetic", ctx.loc)
