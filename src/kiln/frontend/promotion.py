"""NumPy 2 type promotion and ufunc type resolution, answered by NumPy itself.

kiln promises NumPy's result dtypes exactly, so instead of re-deriving NumPy's
tables we ask NumPy's own resolver (``ufunc.resolve_dtypes``, which understands
NEP 50 weak Python scalars) once per type combination and memoize the answer.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import numpy as np

from kiln.ir.types import DTYPE_NAMES, ScalarType

_PY_TYPE_OF_WEAK = {"i": int, "u": int, "f": float, "c": complex}


class PromotionError(TypeError):
    """NumPy has no loop for these operand types (NumPy raises a TypeError too)."""


class UnsupportedDtypeError(PromotionError):
    """NumPy's result has a dtype kiln does not compile (float16, ...): a refusal, not an error
    of the program."""


def _resolver_arg(t: ScalarType) -> object:
    if t.weak and t.kind in _PY_TYPE_OF_WEAK:
        return _PY_TYPE_OF_WEAK[t.kind]
    return np.dtype(t.dtype)


def _checked(dtype: np.dtype, what: str) -> str:
    name = dtype.name
    if name not in DTYPE_NAMES:
        raise UnsupportedDtypeError(f"{what} would produce {name}, which kiln does not support")
    return name


@cache
def ufunc_types(ufunc_name: str, operands: tuple[ScalarType, ...]) -> tuple[tuple[str, ...], str]:
    """(input loop dtypes, output dtype) NumPy uses for ``np.<ufunc_name>(*operands)``.

    The result of a ufunc is a NumPy scalar or array, hence strong, even when all
    operands are weak Python numbers (``np.sqrt(2.0)`` is an ``np.float64``).
    """
    ufunc = getattr(np, ufunc_name)
    args = tuple(_resolver_arg(t) for t in operands) + (None,) * ufunc.nout
    try:
        resolved = ufunc.resolve_dtypes(args)
    except (TypeError, np.exceptions.DTypePromotionError) as exc:
        shown = ", ".join(str(t) for t in operands)
        raise PromotionError(f"np.{ufunc_name} is not supported for operand types ({shown})") from exc
    what = f"np.{ufunc_name}({', '.join(str(t) for t in operands)})"
    inputs = tuple(_checked(d, what) for d in resolved[: ufunc.nin])
    return inputs, _checked(resolved[ufunc.nin], what)


# Python operators that stay in Python's number tower when both sides are
# Python numbers: the result is then weak again (2 * 3.0 is a Python float).
_OPERATOR_UFUNC = {
    "add": "add",
    "sub": "subtract",
    "mul": "multiply",
    "truediv": "true_divide",
    "floordiv": "floor_divide",
    "mod": "remainder",
    "pow": "power",
    "lshift": "left_shift",
    "rshift": "right_shift",
    "bitand": "bitwise_and",
    "bitor": "bitwise_or",
    "bitxor": "bitwise_xor",
    "eq": "equal",
    "ne": "not_equal",
    "lt": "less",
    "le": "less_equal",
    "gt": "greater",
    "ge": "greater_equal",
}


def operator_ufunc(op: str) -> str:
    return _OPERATOR_UFUNC[op]


def binary_operator_types(op: str, a: ScalarType, b: ScalarType) -> tuple[ScalarType, ScalarType]:
    """(compute type of both operands, result type) of the Python operator ``op``.

    Two weak operands follow Python: the result is weak (``len(a) * 2.5`` is a
    Python float), except for comparisons, which give a Python bool.
    """
    if a.weak and b.weak:
        return _python_operator_types(op, a, b)
    (ta, tb), out = ufunc_types(_OPERATOR_UFUNC[op], (a, b))
    compute = ScalarType(ta) if ta == tb else ScalarType(promote_dtypes(ta, tb))
    return compute, ScalarType(out)


def _python_operator_types(op: str, a: ScalarType, b: ScalarType) -> tuple[ScalarType, ScalarType]:
    order = "bifc"
    kind = max(a.kind.replace("u", "i"), b.kind.replace("u", "i"), key=order.index)
    if kind == "b" and op in ("add", "sub", "mul", "floordiv", "mod", "pow", "lshift", "rshift"):
        kind = "i"  # True + True == 2 in Python
    if op == "truediv" and kind in "bi":
        kind = "f"
    dtype = {"b": "bool", "i": "int64", "f": "float64", "c": "complex128"}[kind]
    if op in ("lshift", "rshift", "bitand", "bitor", "bitxor") and kind in "fc":
        raise PromotionError(f"unsupported operand types for {op}: {a} and {b}")
    if op in ("floordiv", "mod") and kind == "c":
        raise PromotionError("complex numbers do not support floor division or modulo")
    compute = ScalarType(dtype, weak=True)
    if op in ("eq", "ne", "lt", "le", "gt", "ge"):
        return compute, ScalarType("bool", weak=True)
    return compute, compute


@cache
def promote_dtypes(*dtypes: str) -> str:
    name = np.result_type(*dtypes).name
    return _checked(np.dtype(name), "promotion of " + ", ".join(dtypes))


def promote(*types: ScalarType) -> ScalarType:
    """``np.result_type`` of the operands, weak iff every operand is weak."""
    if all(t.weak for t in types):
        kind = max((t.kind for t in types), key="buifc".index)
        dtype = {"b": "bool", "u": "int64", "i": "int64", "f": "float64", "c": "complex128"}[kind]
        return ScalarType(dtype, weak=True)
    strong = [np.dtype(t.dtype) for t in types if not t.weak]
    weak_values = [_WEAK_SAMPLE[t.kind] for t in types if t.weak]
    name = np.result_type(*strong, *weak_values).name
    return ScalarType(_checked(np.dtype(name), "promotion"))


_WEAK_SAMPLE: dict[str, bool | int | float | complex] = {"b": False, "i": 0, "u": 0, "f": 0.0, "c": 0j}


Casting = Literal["no", "equiv", "safe", "same_kind", "unsafe"]


def can_cast(src: str, dst: str, casting: Casting = "same_kind") -> bool:
    return bool(np.can_cast(np.dtype(src), np.dtype(dst), casting=casting))
