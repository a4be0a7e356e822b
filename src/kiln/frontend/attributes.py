"""Attribute access: module members, array metadata (shape, T, ...), methods."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import elementwise
from kiln.frontend.context import Context
from kiln.frontend.dicts import DICT_METHODS
from kiln.frontend.lists import METHODS as LIST_METHODS
from kiln.frontend.np_methods import FUNCTION_METHODS
from kiln.frontend.outer import UFUNC_METHODS
from kiln.frontend.records import record_attribute
from kiln.frontend.values import (
    ArrayView,
    BoundMethod,
    Const,
    DictValue,
    DType,
    Intrinsic,
    Lazy,
    ListValue,
    RecordValue,
    Scalar,
    TupleValue,
    Value,
)
from kiln.frontend.views import transpose
from kiln.ir import nodes as ir
from kiln.ir.types import PY_FLOAT, PY_INT, ScalarType

if TYPE_CHECKING:
    from kiln.frontend.lower_exprs import ExprLowering

ARRAY_METHODS = frozenset(
    {"sum", "prod", "min", "max", "mean", "any", "all", "copy", "astype", "reshape", "transpose",
     "fill", "dot", "conj", "conjugate", "ravel", "flatten", "item", "sort"}
)  # fmt: skip
SCALAR_METHODS = frozenset({"conjugate", "conj", "item", "is_integer"})


def attribute(lower: ExprLowering, value: Value, attr: str) -> Value:
    from kiln.frontend.lower_exprs import describe, python_constant

    ctx = lower.ctx
    if isinstance(value, RecordValue) or (isinstance(value, TupleValue) and value.record is not None):
        return record_attribute(lower, value, attr)
    if isinstance(value, Const) and getattr(type(value.value), "__kiln_intrinsic__", False):
        # kernel intrinsics: kiln.threadIdx.x ...
        return cast(Intrinsic, value.value).kiln_attribute(ctx, attr)
    if isinstance(value, Const) and isinstance(value.value, types.ModuleType):
        if not hasattr(value.value, attr):
            raise UnsupportedError(f"module '{value.value.__name__}' has no attribute '{attr}'", ctx.loc)
        return python_constant(getattr(value.value, attr), ctx)
    if isinstance(value, Const) and isinstance(value.value, np.ufunc) and attr == "reduce":
        return Const(value.value.reduce)  # looked up in the NumPy table when called
    if isinstance(value, Const) and isinstance(value.value, np.ufunc) and attr in UFUNC_METHODS:
        return Const(getattr(value.value, attr))  # np.add.outer: dispatched like a function
    if isinstance(value, ArrayView | Lazy):
        return _array_attribute(lower, value, attr)
    if isinstance(value, Scalar):
        if attr in ("real", "imag"):
            return real_imag(lower.ctx, value, attr)
        if attr in SCALAR_METHODS:
            return BoundMethod(value, attr)
        if not value.type.weak and attr in _NUMPY_SCALAR_METADATA:
            return _NUMPY_SCALAR_METADATA[attr](value)
    if isinstance(value, DType) and attr == "type":
        return value
    if isinstance(value, ListValue) and attr in LIST_METHODS:
        return BoundMethod(value, attr)
    if isinstance(value, DictValue) and attr in DICT_METHODS:
        return BoundMethod(value, attr)
    raise UnsupportedError(f"attribute '{attr}' of {describe(value)}", ctx.loc)


# NumPy scalars (a ufunc of 0-d arrays gives one) answer like 0-d arrays; Python numbers do not.
_NUMPY_SCALAR_METADATA: dict[str, Callable[[Scalar], Value]] = {
    "shape": lambda v: TupleValue(()),
    "ndim": lambda v: Scalar(ir.Const(0, PY_INT)),
    "size": lambda v: Scalar(ir.Const(1, PY_INT)),
    "dtype": lambda v: DType(v.type.dtype),
    "T": lambda v: v,
}


def _array_attribute(lower: ExprLowering, value: ArrayView | Lazy, attr: str) -> Value:
    ctx = lower.ctx
    if attr == "shape":
        return TupleValue(tuple(Scalar(E.cast(d, PY_INT)) for d in value.shape))
    if attr == "ndim":
        return Scalar(ir.Const(value.ndim, PY_INT))
    if attr == "size":
        return Scalar(E.cast(E.product(value.shape), PY_INT))
    if attr == "dtype":
        return DType(value.dtype)
    if attr == "T":
        if isinstance(value, Lazy):
            from kiln.frontend.arrays import materialize

            value = materialize(ctx, value)
        return transpose(value)
    if attr in ("real", "imag"):
        return real_imag(lower.ctx, value, attr)
    if attr in ARRAY_METHODS or attr in FUNCTION_METHODS:
        return BoundMethod(value, attr)
    if attr == "itemsize":
        import numpy as np

        return Scalar(ir.Const(np.dtype(value.dtype).itemsize, PY_INT))
    raise UnsupportedError(f"array attribute '{attr}'", ctx.loc)


def real_imag(ctx: Context, value: Scalar | ArrayView | Lazy, attr: str) -> Value:
    """``value.real`` or ``value.imag`` (also ``np.real``/``np.imag``): the parts of complex
    values; a real array is its own real part (the same array) and has zeros of its dtype as
    its imaginary part."""
    if isinstance(value, Scalar) and value.type.weak:
        return _python_real_imag(value, attr)
    dtype = value.type.dtype if isinstance(value, Scalar) else value.dtype
    real_dtype = {"complex64": "float32", "complex128": "float64"}.get(dtype)
    if real_dtype is None:
        if attr == "real":
            return value
        zero = E.cast(E.i64(0), ScalarType(dtype))  # False for bool
        return elementwise(ctx, [value], lambda xs: zero, dtype)
    out = ScalarType(real_dtype)
    return elementwise(ctx, [value], lambda xs: ir.Call(attr, (xs[0],), out), real_dtype)


def _python_real_imag(value: Scalar, attr: str) -> Scalar:
    """Python numbers give Python numbers: ``(3).imag`` is 0, ``True.real`` is 1 (an int),
    ``(2j).real`` is a float."""
    t = value.type
    if t.is_complex:
        return Scalar(ir.Call(attr, (value.expr,), PY_FLOAT))
    part_t = PY_INT if t.is_bool else t
    if attr == "real":
        return Scalar(E.cast(value.expr, part_t))
    return Scalar(ir.Const(0.0 if part_t.is_float else 0, part_t))
