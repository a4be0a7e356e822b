"""One derivative rule per IR operation.

A rule maps an expression to the partial derivative of its value with respect to each of its
differentiable operands (``None``: zero), built from the *primal* operand expressions. Forward mode
multiplies partials by operand tangents, reverse mode multiplies the result's adjoint by them: one
table serves both. Operations whose result is piecewise constant or not a real number are listed in
``NONDIFFERENTIABLE`` (their derivative is zero, or they never carry derivatives); operations in
``UNSUPPORTED`` have a derivative kiln cannot express and raise a located error when active.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import cast

from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

Partials = tuple[ir.Expr | None, ...]
Rule = Callable[[ir.Expr], Partials]
# The tables are keyed by operation, so each holds rules for one node kind.
BinaryRule = Callable[[ir.Binary], Partials]
UnaryRule = Callable[[ir.Unary], Partials]
CallRule = Callable[[ir.Call], Partials]


def operands(e: ir.Expr) -> tuple[ir.Expr, ...]:
    """The operands a rule's partials refer to, in order."""
    if isinstance(e, ir.Unary | ir.Cast):
        return (e.operand,)
    if isinstance(e, ir.Binary):
        return (e.lhs, e.rhs)
    if isinstance(e, ir.Call):
        return e.args
    if isinstance(e, ir.Select):
        return (e.if_true, e.if_false)
    return ()


def _one(e: ir.Expr) -> ir.Expr:
    return b.const(1, e.type)


def _c(value: float, e: ir.Expr) -> ir.Expr:
    return b.const(value, e.type)


def _sq(x: ir.Expr) -> ir.Expr:
    return b.mul(x, x)


# ------------------------------------------------------------------ binary operators
def _add(e: ir.Binary) -> Partials:
    return (_one(e), _one(e))


def _sub(e: ir.Binary) -> Partials:
    return (_one(e), _c(-1, e))


def _mul(e: ir.Binary) -> Partials:
    return (e.rhs, e.lhs)


def _truediv(e: ir.Binary) -> Partials:
    x, y = e.lhs, e.rhs
    return (b.div(_one(e), y), b.neg(b.div(x, _sq(y))))


def _pow(e: ir.Binary) -> Partials:
    x, y = e.lhs, e.rhs
    dx = b.mul(y, b.binary("pow", x, b.sub(y, _one(e))))
    dy = b.select(b.binary("eq", x, _c(0, e)), _c(0, e), b.mul(e, b.call("log", x)))
    return (dx, dy)


def _max(e: ir.Binary) -> Partials:
    first = b.binary("ge", e.lhs, e.rhs)
    return (b.select(first, _one(e), _c(0, e)), b.select(first, _c(0, e), _one(e)))


def _min(e: ir.Binary) -> Partials:
    first = b.binary("le", e.lhs, e.rhs)
    return (b.select(first, _one(e), _c(0, e)), b.select(first, _c(0, e), _one(e)))


def _mod(e: ir.Binary) -> Partials:  # x - floor(x / y) * y
    return (_one(e), b.neg(b.call("floor", b.div(e.lhs, e.rhs))))


def _fmod(e: ir.Call) -> Partials:  # x - trunc(x / y) * y
    x, y = e.args
    return (_one(e), b.neg(b.call("trunc", b.div(x, y))))


def _zero2(e: ir.Expr) -> Partials:
    return (None, None)


def _zero1(e: ir.Expr) -> Partials:
    return (None,)


# -------------------------------------------------------------------- unary and casts
def _neg(e: ir.Unary) -> Partials:
    return (_c(-1, e),)


def _pos(e: ir.Unary) -> Partials:
    return (_one(e),)


def _numeric(t: ScalarType) -> bool:
    return t.is_float or t.is_complex


def _cast(e: ir.Cast) -> Partials:
    # complex to real keeps the real part: the same partial, 1, in complex arithmetic
    return (_one(e),) if _numeric(e.type) and _numeric(e.operand.type) else (None,)


def _select(e: ir.Select) -> Partials:
    return (b.select(e.cond, _one(e), _c(0, e)), b.select(e.cond, _c(0, e), _one(e)))


# ------------------------------------------------------------------ complex numbers
# A complex value's adjoint (and tangent) holds its real part's in its real part and its
# imaginary part's in its imaginary part; reverse mode multiplies by a partial's conjugate
# (``build.times``). ``real`` and ``imag`` are then partials 1 and -i, ``complex(re, im)``
# 1 and i; ``conj``, not complex-linear, is handled where partials are applied (``exprs.py``).
def _complex_unit(value: complex, like: ir.Expr) -> ir.Expr:
    return b.const(value, b.complex_of(like.type))


def _abs(e: ir.Call) -> Partials:
    x = e.args[0]
    if not x.type.is_complex:
        return (b.call("sign", x),)
    zero = b.binary("eq", e, _c(0, e))  # |z| = 0: the real rule's sign(0) = 0 too
    return (b.select(zero, _complex_unit(0, x), b.div(b.conj(x), b.cast(e, x.type.strong()))),)


# ------------------------------------------------------------------- math functions
def _unary_call(partial: Callable[[ir.Expr, ir.Expr], ir.Expr]) -> CallRule:
    """A rule for ``f(x)`` whose derivative is ``partial(x, f(x))``."""
    return lambda e: (partial(e.args[0], e),)


def _inv_sqrt(x: ir.Expr) -> ir.Expr:
    return b.div(_one(x), b.call("sqrt", x))


_LN2, _LN10 = math.log(2.0), math.log(10.0)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)

CALL_RULES: dict[str, CallRule] = {
    "sqrt": _unary_call(lambda x, r: b.div(_c(0.5, r), r)),
    "exp": _unary_call(lambda x, r: r),
    "exp2": _unary_call(lambda x, r: b.mul(r, _c(_LN2, r))),
    "expm1": _unary_call(lambda x, r: b.add(r, _one(r))),
    "log": _unary_call(lambda x, r: b.div(_one(r), x)),
    "log2": _unary_call(lambda x, r: b.div(_one(r), b.mul(x, _c(_LN2, r)))),
    "log10": _unary_call(lambda x, r: b.div(_one(r), b.mul(x, _c(_LN10, r)))),
    "log1p": _unary_call(lambda x, r: b.div(_one(r), b.add(x, _one(r)))),
    "cbrt": _unary_call(lambda x, r: b.div(_one(r), b.mul(_c(3, r), _sq(r)))),
    "square": _unary_call(lambda x, r: b.mul(_c(2, r), x)),
    "reciprocal": _unary_call(lambda x, r: b.neg(_sq(r))),
    "sin": _unary_call(lambda x, r: b.call("cos", x)),
    "cos": _unary_call(lambda x, r: b.neg(b.call("sin", x))),
    "tan": _unary_call(lambda x, r: b.add(_one(r), _sq(r))),
    "arcsin": _unary_call(lambda x, r: _inv_sqrt(b.sub(_one(r), _sq(x)))),
    "arccos": _unary_call(lambda x, r: b.neg(_inv_sqrt(b.sub(_one(r), _sq(x))))),
    "arctan": _unary_call(lambda x, r: b.div(_one(r), b.add(_one(r), _sq(x)))),
    "sinh": _unary_call(lambda x, r: b.call("cosh", x)),
    "cosh": _unary_call(lambda x, r: b.call("sinh", x)),
    "tanh": _unary_call(lambda x, r: b.sub(_one(r), _sq(r))),
    "arcsinh": _unary_call(lambda x, r: _inv_sqrt(b.add(_sq(x), _one(r)))),
    "arccosh": _unary_call(lambda x, r: _inv_sqrt(b.sub(_sq(x), _one(r)))),
    "arctanh": _unary_call(lambda x, r: b.div(_one(r), b.sub(_one(r), _sq(x)))),
    "erf": _unary_call(lambda x, r: b.mul(_c(_TWO_OVER_SQRT_PI, r), b.call("exp", b.neg(_sq(x))))),
    "erfc": _unary_call(lambda x, r: b.mul(_c(-_TWO_OVER_SQRT_PI, r), b.call("exp", b.neg(_sq(x))))),
    "abs": _abs,
    "real": lambda e: (_complex_unit(1, e.args[0]),),
    "imag": lambda e: (_complex_unit(-1j, e.args[0]),),
    "complex": lambda e: (_complex_unit(1, e), _complex_unit(1j, e)),
    # reads nothing; exprs.py conjugates the adjoint or tangent itself (conj is not linear)
    "conj": lambda e: (_complex_unit(1, e),),
    "arctan2": lambda e: (  # atan2(y, x)
        b.div(e.args[1], b.add(_sq(e.args[0]), _sq(e.args[1]))),
        b.neg(b.div(e.args[0], b.add(_sq(e.args[0]), _sq(e.args[1])))),
    ),
    "hypot": lambda e: (b.div(e.args[0], e), b.div(e.args[1], e)),
    "copysign": lambda e: (  # |x| with y's sign: d/dx = sign(x) * sign(result)
        b.mul(b.call("sign", e.args[0]), b.call("sign", e)),
        None,
    ),
    "fmod": _fmod,
    # one representable step from x towards y: x's derivative, nothing of y's
    "nextafter": lambda e: (_one(e), None),
    # piecewise constant: derivative zero almost everywhere
    "floor": _zero1,
    "ceil": _zero1,
    "trunc": _zero1,
    "rint": _zero1,
    "py_round": lambda e: (None, None),
    "sign": _zero1,
}

BINARY_RULES: dict[str, BinaryRule] = {
    "add": _add, "sub": _sub, "mul": _mul, "truediv": _truediv, "pow": _pow,
    "max": _max, "min": _min, "fmax": _max, "fmin": _min, "mod": _mod, "floordiv": _zero2,
}  # fmt: skip

UNARY_RULES: dict[str, UnaryRule] = {"neg": _neg, "pos": _pos}

# Operations whose results carry no derivative: booleans, integers, predicates.
NONDIFFERENTIABLE: frozenset[str] = frozenset(
    {
        "eq", "ne", "lt", "le", "gt", "ge", "and", "or", "not", "invert",
        "lshift", "rshift", "bitand", "bitor", "bitxor",
        "isnan", "isinf", "isfinite",
    }
)  # fmt: skip

# Operations with a derivative kiln does not generate (yet): an error when they are active.
UNSUPPORTED: dict[str, str] = {
    "gamma": "the derivative of gamma needs digamma, which kiln has no C function for",
    "lgamma": "the derivative of lgamma needs digamma, which kiln has no C function for",
}


def op_name(e: ir.Expr) -> str:
    if isinstance(e, ir.Unary | ir.Binary):
        return e.op
    if isinstance(e, ir.Call):
        return e.func
    return type(e).__name__.lower()


def rule_for(e: ir.Expr) -> Rule | None:
    """The rule for an operation node, ``None`` when the node is unknown or unsupported."""
    # Each rule takes the node kind it was looked up by; callers apply it to ``e`` only.
    if isinstance(e, ir.Binary):
        return cast("Rule | None", BINARY_RULES.get(e.op))
    if isinstance(e, ir.Unary):
        return cast("Rule | None", UNARY_RULES.get(e.op))
    if isinstance(e, ir.Call):
        return cast("Rule | None", CALL_RULES.get(e.func))
    if isinstance(e, ir.Cast):
        return cast(Rule, _cast)
    if isinstance(e, ir.Select):
        return cast(Rule, _select)
    return None
