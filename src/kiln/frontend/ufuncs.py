"""NumPy ufuncs and Python operators as element-wise IR, with NumPy's loop types.

One table maps each supported ufunc to the IR it becomes; the operand and
result dtypes always come from NumPy's own resolver (``promotion``).
"""

from __future__ import annotations

from kiln.errors import TypingError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, element_type, elementwise
from kiln.frontend.context import Context
from kiln.frontend.promotion import PromotionError, binary_operator_types, operator_ufunc, ufunc_types
from kiln.frontend.values import Lazy, Scalar
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

# ufunc name -> ("binary", IR op) | ("unary", IR op) | ("call", IR function)
UFUNCS: dict[str, tuple[str, str]] = {
    "add": ("binary", "add"), "subtract": ("binary", "sub"), "multiply": ("binary", "mul"),
    "true_divide": ("binary", "truediv"), "divide": ("binary", "truediv"),
    "floor_divide": ("binary", "floordiv"), "remainder": ("binary", "mod"), "mod": ("binary", "mod"),
    "power": ("binary", "pow"), "left_shift": ("binary", "lshift"), "right_shift": ("binary", "rshift"),
    "bitwise_and": ("binary", "bitand"), "bitwise_or": ("binary", "bitor"),
    "bitwise_xor": ("binary", "bitxor"),
    "logical_and": ("binary", "and"), "logical_or": ("binary", "or"), "logical_xor": ("binary", "ne"),
    "equal": ("binary", "eq"), "not_equal": ("binary", "ne"), "less": ("binary", "lt"),
    "less_equal": ("binary", "le"), "greater": ("binary", "gt"), "greater_equal": ("binary", "ge"),
    "minimum": ("binary", "min"), "maximum": ("binary", "max"), "fmin": ("binary", "fmin"),
    "fmax": ("binary", "fmax"),
    "negative": ("unary", "neg"), "positive": ("unary", "pos"), "logical_not": ("unary", "not"),
    "invert": ("unary", "invert"), "bitwise_not": ("unary", "invert"),
    "arctan2": ("call", "arctan2"), "hypot": ("call", "hypot"), "copysign": ("call", "copysign"),
    "fmod": ("call", "fmod"),
    "sqrt": ("call", "sqrt"), "exp": ("call", "exp"), "exp2": ("call", "exp2"), "expm1": ("call", "expm1"),
    "log": ("call", "log"), "log2": ("call", "log2"), "log10": ("call", "log10"),
    "log1p": ("call", "log1p"),
    "cbrt": ("call", "cbrt"), "sin": ("call", "sin"), "cos": ("call", "cos"), "tan": ("call", "tan"),
    "arcsin": ("call", "arcsin"), "arccos": ("call", "arccos"), "arctan": ("call", "arctan"),
    "sinh": ("call", "sinh"), "cosh": ("call", "cosh"), "tanh": ("call", "tanh"),
    "arcsinh": ("call", "arcsinh"), "arccosh": ("call", "arccosh"), "arctanh": ("call", "arctanh"),
    "floor": ("call", "floor"), "ceil": ("call", "ceil"), "trunc": ("call", "trunc"),
    "rint": ("call", "rint"),
    "absolute": ("call", "abs"), "fabs": ("call", "abs"), "sign": ("call", "sign"),
    "isnan": ("call", "isnan"), "isinf": ("call", "isinf"), "isfinite": ("call", "isfinite"),
    "square": ("call", "square"), "reciprocal": ("call", "reciprocal"), "conjugate": ("call", "conj"),
}  # fmt: skip

ALIASES = {
    "abs": "absolute",
    "conj": "conjugate",
    "arcsin": "arcsin",
    "asin": "arcsin",
    "acos": "arccos",
    "atan": "arctan",
    "atan2": "arctan2",
    "pow": "power",
    "round": "rint",
}


def _loop_types(ctx: Context, name: str, types: tuple[ScalarType, ...]) -> tuple[tuple[str, ...], str]:
    try:
        return ufunc_types(name, types)
    except PromotionError as exc:
        raise TypingError(str(exc), ctx.loc) from None


def _build(kind: str, op: str, args: list[ir.Expr], ins: tuple[str, ...], out: str) -> ir.Expr:
    cast_args = [E.cast(a, ScalarType(t)) for a, t in zip(args, ins)]
    out_t = ScalarType(out)
    if kind == "binary":
        return ir.Binary(op, cast_args[0], cast_args[1], out_t)
    if kind == "unary":
        return ir.Unary(op, cast_args[0], out_t)
    return ir.Call(op, tuple(cast_args), out_t)


def apply_ufunc(ctx: Context, name: str, operands: list[Operand]) -> Scalar | Lazy:
    """``np.<name>(*operands)``: NumPy's dtypes; scalar results are strong."""
    name = ALIASES.get(name, name)
    kind, op = UFUNCS[name]
    ins, out = _loop_types(ctx, name, tuple(element_type(o) for o in operands))
    if kind == "unary" and op == "invert" and out == "bool":
        op = "not"
    return elementwise(ctx, operands, lambda xs: _build(kind, op, xs, ins, out), out)


def python_operator(ctx: Context, op: str, a: Operand, b: Operand) -> Scalar | Lazy:
    """``a <op> b`` for a Python operator: weak Python numbers stay Python numbers."""
    if isinstance(a, Scalar) and isinstance(b, Scalar) and a.type.weak and b.type.weak:
        return Scalar(_python_scalar_op(ctx, op, a.expr, b.expr))
    ufunc = operator_ufunc(op)
    if ufunc == "power" and _negative_const(b) and element_type(a).is_integer and element_type(b).is_integer:
        raise TypingError("Integers to negative integer powers are not allowed.", ctx.loc)
    return apply_ufunc(ctx, ufunc, [a, b])


def _negative_const(v: Operand) -> bool:
    return (
        isinstance(v, Scalar)
        and isinstance(v.expr, ir.Const)
        and not isinstance(v.expr.value, complex)
        and v.expr.value < 0
    )  # type: ignore[operator]


def _python_scalar_op(ctx: Context, op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    if op == "pow" and a.type.is_integer and isinstance(b, ir.Const) and b.value < 0:  # type: ignore[operator]
        op_types = (ScalarType("float64", weak=True),) * 2  # Python: 2 ** -1 == 0.5
    else:
        try:
            op_types = binary_operator_types(op, a.type, b.type)
        except PromotionError as exc:
            raise TypingError(str(exc), ctx.loc) from None
    compute, out = op_types
    return ir.Binary(op, E.cast(a, compute), E.cast(b, compute), out)


def truthy(ctx: Context, value: Operand) -> ir.Expr:
    """Python truthiness of a scalar (arrays are ambiguous, as in NumPy)."""
    if not isinstance(value, Scalar):
        raise TypingError("the truth value of an array is ambiguous; use a.any() or a.all()", ctx.loc)
    e = value.expr
    if e.type.is_bool:
        return e
    return ir.Binary("ne", e, E.cast(ir.Const(0, ScalarType("int64")), e.type), ScalarType("bool"))
