"""Python expressions -> frontend values (``ast.NodeVisitor`` style)."""

from __future__ import annotations

import ast
import types
from typing import Any

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import materialize
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote
from kiln.frontend.ufuncs import python_operator, truthy
from kiln.frontend.values import (
    ArrayView,
    BoundMethod,
    Const,
    DType,
    Lazy,
    Scalar,
    TupleValue,
    Value,
)
from kiln.frontend.views import NEWAXIS, SliceSpec, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import DTYPE_NAMES, PY_BOOL, PY_COMPLEX, PY_FLOAT, PY_INT, ScalarType

BINOPS = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv", ast.FloorDiv: "floordiv",
    ast.Mod: "mod", ast.Pow: "pow", ast.LShift: "lshift", ast.RShift: "rshift", ast.BitAnd: "bitand",
    ast.BitOr: "bitor", ast.BitXor: "bitxor", ast.MatMult: "matmul",
}  # fmt: skip
CMPOPS = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge"}


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
    if value in (int, float, bool, complex):
        return Const(value)  # int(x) converts to a Python int; dtype=int means int64
    dtype = dtype_of_object(value)
    if dtype is not None:
        return DType(dtype)
    if isinstance(value, np.ndarray):
        raise UnsupportedError(
            "a global NumPy array cannot be used inside a kiln function",
            ctx.loc,
            hint="pass the array as an argument",
        )
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

    def lookup(self, name: str, node: ast.AST) -> Value:  # provided by the statement lowerer
        raise NotImplementedError

    def call(self, node: ast.Call) -> Value:  # provided by the call lowerer
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
        return self.lookup(node.id, node)

    def expr_Tuple(self, node: ast.Tuple) -> Value:
        return TupleValue(tuple(self.expr(e) for e in node.elts))

    expr_List = expr_Tuple

    def expr_Attribute(self, node: ast.Attribute) -> Value:
        from kiln.frontend.attributes import attribute

        return attribute(self, self.expr(node.value), node.attr)

    def expr_BinOp(self, node: ast.BinOp) -> Value:
        op = BINOPS.get(type(node.op))
        if op is None:
            raise UnsupportedError(f"operator {type(node.op).__name__}", self.ctx.loc)
        return self.binary(op, self.expr(node.left), self.expr(node.right))

    def binary(self, op: str, a: Value, b: Value) -> Value:
        if op == "matmul":
            from kiln.frontend.linalg import matmul

            return matmul(self.ctx, a, b)
        if isinstance(a, TupleValue) and isinstance(b, TupleValue) and op == "add":
            return TupleValue(a.items + b.items)
        return python_operator(self.ctx, op, operand(self.ctx, a), operand(self.ctx, b))

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Value:
        from kiln.frontend.ufuncs import apply_ufunc

        value = self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            return Scalar(ir.Unary("not", truthy(self.ctx, operand(self.ctx, value)), PY_BOOL))
        if isinstance(node.op, ast.UAdd):
            return value
        x = operand(self.ctx, value)
        if isinstance(x, Scalar) and x.type.weak:
            if isinstance(node.op, ast.USub):
                t = PY_INT if x.type.is_bool else x.type
                return Scalar(ir.Unary("neg", E.cast(x.expr, t), t))
            if x.type.is_bool:  # ~True == -2 in Python
                return Scalar(ir.Unary("invert", E.cast(x.expr, PY_INT), PY_INT))
            return Scalar(ir.Unary("invert", x.expr, x.type))
        name = "negative" if isinstance(node.op, ast.USub) else "invert"
        return apply_ufunc(self.ctx, name, [x])

    def expr_Compare(self, node: ast.Compare) -> Value:
        left = self.expr(node.left)
        result: Value | None = None
        for op, right_node in zip(node.ops, node.comparators):
            right = self.expr(right_node)
            if isinstance(op, ast.Is | ast.IsNot):
                part: Value = _identity_compare(op, left, right, self.ctx)
            elif type(op) in CMPOPS:
                part = python_operator(
                    self.ctx, CMPOPS[type(op)], operand(self.ctx, left), operand(self.ctx, right)
                )
            else:
                raise UnsupportedError(f"comparison operator {type(op).__name__}", self.ctx.loc)
            result = part if result is None else self._and(result, part)
            left = right
        assert result is not None
        return result

    def _and(self, a: Value, b: Value) -> Value:
        if isinstance(a, Scalar) and isinstance(b, Scalar):
            return Scalar(ir.Binary("and", truthy(self.ctx, a), truthy(self.ctx, b), PY_BOOL))
        from kiln.frontend.ufuncs import apply_ufunc

        return apply_ufunc(self.ctx, "logical_and", [operand(self.ctx, a), operand(self.ctx, b)])

    def expr_BoolOp(self, node: ast.BoolOp) -> Value:
        values = [
            self.scalar(v, "a scalar (and/or need scalars; use & and | on arrays)") for v in node.values
        ]
        result = values[-1]
        is_and = isinstance(node.op, ast.And)
        for v in reversed(values[:-1]):
            if v.type.is_bool and result.type.is_bool:
                op = "and" if is_and else "or"
                result = Scalar(ir.Binary(op, v.expr, result.expr, promote(v.type, result.type)))
                continue
            t = promote(v.type, result.type)
            cond = truthy(self.ctx, v)
            first, second = (E.cast(result.expr, t), E.cast(v.expr, t))
            result = Scalar(
                ir.Select(cond, first, second, t) if is_and else ir.Select(cond, second, first, t)
            )
        return result

    def expr_IfExp(self, node: ast.IfExp) -> Value:
        cond = truthy(self.ctx, operand(self.ctx, self.expr(node.test)))
        a, b = self.scalar(node.body), self.scalar(node.orelse)
        t = promote(a.type, b.type)
        return Scalar(ir.Select(cond, E.cast(a.expr, t), E.cast(b.expr, t), t))

    def expr_Subscript(self, node: ast.Subscript) -> Value:
        base = self.expr(node.value)
        if isinstance(base, TupleValue):
            return self._tuple_subscript(base, node.slice)
        if isinstance(base, Lazy):
            base = materialize(self.ctx, base)
        if not isinstance(base, ArrayView):
            raise TypingError(f"{describe(base)} is not subscriptable", self.ctx.loc)
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        index = [self._index_item(p) for p in parts]
        result = subscript(self.ctx, base, index)
        return result if isinstance(result, ArrayView) else Scalar(result)

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
            lower = None if node.lower is None else self.int_scalar(node.lower)
            upper = None if node.upper is None else self.int_scalar(node.upper)
            return SliceSpec(lower, upper, step)
        value = self.expr(node)
        if isinstance(value, Const) and value.value is None:
            return NEWAXIS
        if isinstance(value, Const) and value.value is Ellipsis:
            return None
        if isinstance(value, Scalar) and value.type.is_integer:
            return E.as_index(value.expr)
        raise UnsupportedError(
            f"indexing with {describe(value)} (boolean masks and integer arrays are not supported yet)",
            self.ctx.loc,
        )

    def _tuple_subscript(self, base: TupleValue, index: ast.expr) -> Value:
        if isinstance(index, ast.Slice):
            bounds = [
                None if x is None else _const_int(self.expr(x), self.ctx)
                for x in (index.lower, index.upper, index.step)
            ]
            return TupleValue(base.items[slice(*bounds)])
        i = _const_int(self.expr(index), self.ctx)
        try:
            return base.items[i]
        except IndexError:
            raise IndexError("tuple index out of range") from None

    def expr_Call(self, node: ast.Call) -> Value:
        return self.call(node)


def _const_int(value: Value, ctx: Context) -> int:
    if isinstance(value, Scalar):
        c = E.const_int(value.expr)
        if c is not None:
            return c
    raise UnsupportedError("tuples can only be indexed by integer constants", ctx.loc)


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


def describe(value: Value) -> str:
    if isinstance(value, Scalar):
        return f"a scalar of type {value.type}"
    if isinstance(value, ArrayView | Lazy):
        return f"a {value.ndim}-d {value.dtype} array"
    if isinstance(value, TupleValue):
        return f"a tuple of {len(value.items)} items"
    if isinstance(value, DType):
        return f"the dtype {value.name}"
    if isinstance(value, BoundMethod):
        return f"the method '{value.name}'"
    if isinstance(value, Const):
        v = value.value
        if isinstance(v, types.ModuleType):
            return f"the module '{v.__name__}'"
        if callable(v):
            return f"the function '{getattr(v, '__name__', v)}'"
        return repr(v)
    return type(value).__name__
