"""Python ints between two Python ints: constants fold with Python's exact arithmetic, and a
value that leaves int64 is refused where it is written, never wrapped (``x + 2**70`` once
compiled as ``x + 0``). Shifts, whose results leave int64 at small operands, are checked at
run time too; other run-time arithmetic wraps, as README documents."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.context import Context
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

_EXACT: dict[str, Callable[[int, int], int]] = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "pow": operator.pow,
    "lshift": operator.lshift, "rshift": operator.rshift, "bitand": operator.and_,
    "bitor": operator.or_, "bitxor": operator.xor, "floordiv": operator.floordiv, "mod": operator.mod,
}  # fmt: skip


def fold_python_ints(ctx: Context, op: str, a: ir.Expr, b: ir.Expr) -> ir.Const | None:
    """``a op b`` for two Python int constants, computed as Python computes it; None where it
    is not such a pair or Python raises (the run-time checks then say so)."""
    if not (_int_const(a) and _int_const(b)) or op not in _EXACT:
        return None
    x, y = int(a.value), int(b.value)  # type: ignore[union-attr, arg-type]
    if op == "pow" and y < 0:
        return None  # a float: handled as Python's float power
    if op == "lshift" and y > 64 and x:
        _refuse(ctx, f"{x} << {y}")  # before computing a number of y bits
    try:
        value = _EXACT[op](x, y)
    except (ZeroDivisionError, ValueError):
        return None
    if not INT64_MIN <= value <= INT64_MAX:
        _refuse(ctx, f"this expression ({value})")
    return ir.Const(value, a.type)


_AST_OPS = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Pow: "pow", ast.LShift: "lshift",
    ast.RShift: "rshift", ast.BitAnd: "bitand", ast.BitOr: "bitor", ast.BitXor: "bitxor",
    ast.FloorDiv: "floordiv", ast.Mod: "mod",
}  # fmt: skip
_AST_UNARY: dict[type, Callable[[int], int]] = {
    ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert,
}  # fmt: skip


def literal_int(node: ast.expr) -> int | None:
    """The exact value of an expression of int literals (``2**63 - 1``), as Python's compiler
    folds it; None for anything else. Steps may leave int64 where the result does not."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _AST_UNARY:
        x = literal_int(node.operand)
        return None if x is None else _AST_UNARY[type(node.op)](x)
    if not (isinstance(node, ast.BinOp) and type(node.op) in _AST_OPS):
        return None
    x, y = literal_int(node.left), literal_int(node.right)
    if x is None or y is None or (isinstance(node.op, ast.Pow) and (y < 0 or y > 4096)):
        return None
    if isinstance(node.op, ast.LShift) and y > 4096:
        return None
    try:
        return _EXACT[_AST_OPS[type(node.op)]](x, y)
    except (ZeroDivisionError, ValueError):
        return None


def check_python_shift(ctx: Context, op: str, a: ir.Expr, b: ir.Expr) -> None:
    """Python raises ValueError on a negative shift count and grows ``a << b`` past 64 bits;
    kiln's Python ints are int64, so a left shift whose result does not fit raises."""
    if op not in ("lshift", "rshift"):
        return
    ctx.emit(ir.Check(E.compare("ge", b, E.cast(E.i64(0), b.type)), "ValueError", "negative shift count"))
    if op == "lshift":
        # a == 0, or b < 64 and (a << b) >> b == a: no bit (sign included) was shifted out
        small = E.compare("lt", b, E.cast(E.i64(64), b.type))
        shifted = ir.Binary("rshift", ir.Binary("lshift", a, b, a.type), b, a.type)
        zero = E.compare("eq", a, E.cast(E.i64(0), a.type))
        fits = ir.Binary("or", zero, ir.Binary("and", small, E.compare("eq", shifted, a), BOOL), BOOL)
        ctx.emit(ir.Check(fits, "OverflowError", "Python int too large for kiln's 64-bit ints"))


def _int_const(e: ir.Expr) -> bool:
    return isinstance(e, ir.Const) and e.type.is_integer and isinstance(e.value, int | bool)


def _refuse(ctx: Context, what: str) -> None:
    raise UnsupportedError(
        f"{what} does not fit in int64: kiln's Python ints are 64-bit (use a float, or NumPy "
        "integers, which wrap as NumPy's do)",
        ctx.loc,
    )
