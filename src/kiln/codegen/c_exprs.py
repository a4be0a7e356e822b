"""C rendering of IR expressions. One function per node kind, NumPy semantics."""

from __future__ import annotations

import math
from collections.abc import Callable

from kiln.ir import nodes as ir
from kiln.ir.types import C_TYPE_OF, ArrayType, ScalarType

SUFFIX = {
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float32": "f32", "float64": "f64",
}  # fmt: skip

NPY_TYPENUM = {
    "bool": "NPY_BOOL", "int8": "NPY_INT8", "int16": "NPY_INT16", "int32": "NPY_INT32",
    "int64": "NPY_INT64", "uint8": "NPY_UINT8", "uint16": "NPY_UINT16", "uint32": "NPY_UINT32",
    "uint64": "NPY_UINT64", "float32": "NPY_FLOAT32", "float64": "NPY_FLOAT64",
    "complex64": "NPY_COMPLEX64", "complex128": "NPY_COMPLEX128",
}  # fmt: skip


def ctype(t: ScalarType | ArrayType) -> str:
    return C_TYPE_OF[t.dtype]


def scalar_name(name: str) -> str:
    return f"v_{name}"


def data_name(array: str) -> str:
    return f"a_{array}_d"


def owner_name(array: str) -> str:
    return f"a_{array}_o"


def shape_name(array: str, axis: int) -> str:
    return f"a_{array}_s{axis}"


def stride_var(array: str, axis: int) -> str:
    return f"a_{array}_t{axis}"


def _float_literal(value: float, dtype: str) -> str:
    suffix = "f" if dtype in ("float32", "complex64") else ""
    if math.isnan(value):
        return "((float)NAN)" if suffix else "((double)NAN)"
    if math.isinf(value):
        sign = "-" if value < 0 else ""
        return f"({sign}(float)INFINITY)" if suffix else f"({sign}(double)INFINITY)"
    text = repr(float(value))
    if "e" not in text and "." not in text:
        text += ".0"
    if text.startswith("-"):  # like the other literals: ``-x`` of it must not render as ``--0.25``
        return f"({text}{suffix})"
    return f"{text}{suffix}"


def const(node: ir.Const) -> str:
    t = node.type
    if t.is_bool:
        return "1" if node.value else "0"
    if t.is_integer:
        value = int(node.value)  # type: ignore[arg-type]
        if t.dtype == "uint64":
            return f"UINT64_C({value})"
        if value == -(2**63):
            return "INT64_MIN"
        if t.dtype == "int64":
            return f"INT64_C({value})" if value >= 0 else f"(INT64_C({value}))"
        return f"(({C_TYPE_OF[t.dtype]})INT64_C({value}))"
    if t.is_float:
        return _float_literal(float(node.value), t.dtype)  # type: ignore[arg-type]
    z = complex(node.value)
    part = "float32" if t.dtype == "complex64" else "float64"
    re, im = _float_literal(z.real, part), _float_literal(z.imag, part)
    return f"(({C_TYPE_OF[t.dtype]})({re} + {im} * KILN_I))"


class ExprRenderer:
    """Renders expressions of one function; knows each array's layout."""

    def __init__(self, arrays: dict[str, ArrayType]) -> None:
        self.arrays = arrays
        self._handlers: dict[type, Callable[[ir.Expr], str]] = {
            ir.Const: lambda e: const(e),  # type: ignore[arg-type]
            ir.Var: lambda e: scalar_name(e.name),  # type: ignore[union-attr]
            ir.Dim: lambda e: shape_name(e.array, e.axis),  # type: ignore[union-attr]
            ir.Stride: lambda e: self.stride(e.array, e.axis),  # type: ignore[union-attr]
            ir.Load: self._load,  # type: ignore[dict-item]
            ir.Unary: self._unary,  # type: ignore[dict-item]
            ir.Binary: self._binary,  # type: ignore[dict-item]
            ir.Call: self._call,  # type: ignore[dict-item]
            ir.Cast: self._cast,  # type: ignore[dict-item]
            ir.Select: self._select,  # type: ignore[dict-item]
            ir.Overlaps: self._overlaps,  # type: ignore[dict-item]
        }

    def __call__(self, e: ir.Expr) -> str:
        return self._handlers[type(e)](e)

    # -- array addressing: constant strides where the layout implies them
    def stride(self, array: str, axis: int) -> str:
        t = self.arrays[array]
        if t.layout == "C" or (t.layout == "R" and axis == t.ndim - 1):
            later = [shape_name(array, k) for k in range(axis + 1, t.ndim)]
            return "*".join(later) if later else "1"
        if t.layout == "F":
            earlier = [shape_name(array, k) for k in range(axis)]
            return "*".join(earlier) if earlier else "1"
        return stride_var(array, axis)

    def offset(self, array: str, indices: tuple[ir.Expr, ...]) -> str:
        terms = []
        for axis, index in enumerate(indices):
            stride = self.stride(array, axis)
            idx = self(index)
            terms.append(idx if stride == "1" else f"({idx})*({stride})")
        return " + ".join(terms) if terms else "0"

    def _load(self, e: ir.Load) -> str:
        return f"{data_name(e.array)}[{self.offset(e.array, e.indices)}]"

    def _unary(self, e: ir.Unary) -> str:
        x = self(e.operand)
        if e.op == "neg":
            return f"(-{x})"
        if e.op == "pos":
            return f"(+{x})"
        if e.op == "not" or (e.op == "invert" and e.type.is_bool):
            return f"(!{x})"
        return f"(({ctype(e.type)})~{x})"

    def _binary(self, e: ir.Binary) -> str:
        from kiln.codegen.c_ops import render_binary

        return render_binary(e, self(e.lhs), self(e.rhs))

    def _call(self, e: ir.Call) -> str:
        from kiln.codegen.c_ops import render_call

        return render_call(e, [self(a) for a in e.args])

    def _cast(self, e: ir.Cast) -> str:
        src = e.operand.type
        x = self(e.operand)
        if src.dtype == e.type.dtype:  # only Python-vs-NumPy weakness differs: same C value
            return x
        if e.type.is_bool:
            return f"(({x}) != 0)"
        if src.is_complex and not e.type.is_complex:
            real = "crealf" if src.dtype == "complex64" else "creal"
            return f"(({ctype(e.type)}){real}({x}))"
        return f"(({ctype(e.type)})({x}))"

    def _select(self, e: ir.Select) -> str:
        return f"(({self(e.cond)}) ? ({self(e.if_true)}) : ({self(e.if_false)}))"

    def span(self, array: str) -> str:
        t = self.arrays[array]
        nd = t.ndim
        shapes = ", ".join(shape_name(array, k) for k in range(nd)) or "0"
        strides = ", ".join(self.stride(array, k) for k in range(nd)) or "0"
        return (
            f"kiln_span_of({data_name(array)}, {nd}, (npy_intp[]){{{shapes}}}, "
            f"(npy_intp[]){{{strides}}}, sizeof({ctype(t)}))"
        )

    def _overlaps(self, e: ir.Overlaps) -> str:
        return f"kiln_spans_overlap({self.span(e.a)}, {self.span(e.b)})"
