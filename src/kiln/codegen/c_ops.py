"""C for binary operators and math calls, one table entry per (op, dtype kind)."""

from __future__ import annotations

from kiln.codegen.c_exprs import SUFFIX, ctype
from kiln.errors import KilnError
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

_NARROW = {"bool", "int8", "int16", "uint8", "uint16"}
_ARITH = {"add": "+", "sub": "-", "mul": "*", "truediv": "/", "bitand": "&", "bitor": "|", "bitxor": "^"}
_COMPARE = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_BITS = {
    "int8": 8,
    "int16": 16,
    "int32": 32,
    "int64": 64,
    "uint8": 8,
    "uint16": 16,
    "uint32": 32,
    "uint64": 64,
}


def _wrap(e: ir.Binary, text: str) -> str:
    """Cast back to narrow integer types: C computes them in int, NumPy wraps."""
    return f"(({ctype(e.type)})({text}))" if e.type.dtype in _NARROW else f"({text})"


def _compare_complex(op: str, a: str, b: str, single: bool) -> str:
    re, im = ("crealf", "cimagf") if single else ("creal", "cimag")
    if op in ("eq", "ne"):
        return f"(({a}) {_COMPARE[op]} ({b}))"
    strict = op in ("lt", "gt")
    rel = "<" if op in ("lt", "le") else ">"
    tail = f"{im}({a}) {rel}{'' if strict else '='} {im}({b})"
    return f"({re}({a}) {rel} {re}({b}) || ({re}({a}) == {re}({b}) && {tail}))"


def render_binary(e: ir.Binary, a: str, b: str) -> str:
    op, operand = e.op, e.lhs.type
    if op in _COMPARE:
        if operand.is_complex:
            return _compare_complex(op, a, b, operand.dtype == "complex64")
        if _mixed_sign(operand, e.rhs.type):
            return _compare_mixed_sign(op, e, a, b)
        return f"(({a}) {_COMPARE[op]} ({b}))"
    if op == "and":
        return f"(({a}) && ({b}))"
    if op == "or":
        return f"(({a}) || ({b}))"
    if e.type.is_bool:
        return _bool_binary(op, a, b)
    if op == "mul" and e.type.is_complex:
        return _complex_mul(e.type, a, b)
    if op == "truediv" and e.type.is_complex:
        suffix = "c64" if e.type.dtype == "complex64" else "c128"
        return f"kiln_cdiv_{suffix}({a}, {b}, {0 if e.type.weak else 1})"
    if op in _ARITH:
        return _wrap(e, f"({a}) {_ARITH[op]} ({b})")
    if op in ("floordiv", "mod"):
        return f"kiln_{op}_{SUFFIX[e.type.dtype]}({a}, {b})"
    if op == "pow":
        return _pow(e, a, b)
    if op in ("lshift", "rshift"):
        return _shift(e, a, b)
    if op in ("min", "max", "fmin", "fmax"):
        return _minmax(e, a, b)
    raise KilnError(f"internal: no C rendering for binary {op} on {e.type}")


def _mixed_sign(a: ScalarType, b: ScalarType) -> bool:
    ints = isinstance(a, ScalarType) and isinstance(b, ScalarType) and a.is_integer and b.is_integer
    return ints and a.dtype.startswith("u") != b.dtype.startswith("u")


def _compare_mixed_sign(op: str, e: ir.Binary, a: str, b: str) -> str:
    """NumPy compares uint64 with int64 exactly (loops Qq->?, qQ->?); C would convert the signed
    operand to unsigned, making -5 greater than 10. A negative signed operand decides alone."""
    signed_left = not e.lhs.type.dtype.startswith("u")
    s, u = (a, b) if signed_left else (b, a)
    # s < 0 <= u: what "left op right" is then
    less = {"lt": True, "le": True, "gt": False, "ge": False, "eq": False, "ne": True}[op]
    when_negative = "1" if (less if signed_left else op in ("gt", "ge", "ne")) else "0"
    return f"(({s}) < 0 ? {when_negative} : ((uint64_t)({a}) {_COMPARE[op]} (uint64_t)({b})))"


def _bool_binary(op: str, a: str, b: str) -> str:
    # Both operands are evaluated (only the IR's "and"/"or" short-circuit): no branch, so
    # element-wise loops such as logical_and(lo <= x, x < hi) vectorize.
    table = {
        "add": "|", "mul": "&", "bitand": "&", "bitor": "|",
        "max": "|", "min": "&", "fmax": "|", "fmin": "&",
    }  # fmt: skip
    if op in table:
        return f"((({a}) != 0) {table[op]} (({b}) != 0))"
    if op in ("bitxor", "ne"):
        return f"((({a}) != 0) != (({b}) != 0))"
    raise KilnError(f"internal: no C rendering for bool {op}")


def _complex_mul(t: ScalarType, a: str, b: str) -> str:
    """As NumPy multiplies (see the prelude): C's ``*`` on complex operands follows Annex G (a
    NaN-recovery call to __muldc3) and keeps gcc from vectorizing the loop. Python complex
    numbers (weak) multiply with the plain formula, NumPy's array loops with fused steps."""
    kind = "cmul" if t.weak else "cmula"
    return f"kiln_{kind}_{'c64' if t.dtype == 'complex64' else 'c128'}({a}, {b})"


def _pow(e: ir.Binary, a: str, b: str) -> str:
    t = e.type
    if isinstance(e.rhs, ir.Const) and e.rhs.value == 2:
        return _complex_mul(t, a, a) if t.is_complex else _wrap(e, f"({a}) * ({a})")
    if t.is_integer:
        return f"kiln_pow_{SUFFIX[t.dtype]}({a}, {b})"
    if t.is_complex:
        numpy = 0 if t.weak else 1  # Python complex numbers follow Python's algorithm
        return f"kiln_cpow_{'c64' if t.dtype == 'complex64' else 'c128'}({a}, {b}, {numpy})"
    return f"pow{'f' if t.dtype == 'float32' else ''}({a}, {b})"


def _shift(e: ir.Binary, a: str, b: str) -> str:
    bits = _BITS[e.type.dtype]
    t = ctype(e.type)
    if e.op == "lshift":
        return f"((({b}) >= 0 && ({b}) < {bits}) ? ({t})(({a}) << ({b})) : ({t})0)"
    fill = f"(({a}) < 0 ? ({t})-1 : ({t})0)" if not e.type.dtype.startswith("u") else f"({t})0"
    return f"((({b}) >= 0 && ({b}) < {bits}) ? ({t})(({a}) >> ({b})) : {fill})"


def _minmax(e: ir.Binary, a: str, b: str) -> str:
    t = e.type
    if t.is_float:
        f = "f" if t.dtype == "float32" else ""
        if e.op in ("fmin", "fmax"):
            return f"{e.op}{f}({a}, {b})"
        return f"kiln_{e.op}_{SUFFIX[t.dtype]}({a}, {b})"
    if t.is_complex:  # NumPy's NaN rules: see the prelude
        return f"kiln_{e.op}_{'c64' if t.dtype == 'complex64' else 'c128'}({a}, {b})"
    rel = "<" if e.op in ("min", "fmin") else ">"
    return f"((({a}) {rel} ({b})) ? ({a}) : ({b}))"


# Math functions: C names for float64; float32 adds an "f"; complex adds a "c" prefix.
_REAL_FUNCS = {
    "sqrt": "sqrt", "exp": "exp", "log": "log", "log2": "log2", "log10": "log10", "log1p": "log1p",
    "expm1": "expm1", "exp2": "exp2", "cbrt": "cbrt", "sin": "sin", "cos": "cos", "tan": "tan",
    "arcsin": "asin", "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh",
    "tanh": "tanh", "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh", "arctan2": "atan2",
    "hypot": "hypot", "floor": "floor", "ceil": "ceil", "trunc": "trunc", "rint": "nearbyint",
    "abs": "fabs", "copysign": "copysign", "fmod": "fmod", "erf": "erf", "erfc": "erfc",
    "gamma": "tgamma", "lgamma": "lgamma", "nextafter": "nextafter", "py_round": "kiln_py_round",
}  # fmt: skip
_COMPLEX_FUNCS = {
    "sqrt": "csqrt", "exp": "cexp", "log": "clog", "sin": "csin", "cos": "ccos", "tan": "ctan",
    "sinh": "csinh", "cosh": "ccosh", "tanh": "ctanh", "arcsin": "casin", "arccos": "cacos",
    "arctan": "catan", "arcsinh": "casinh", "arccosh": "cacosh", "arctanh": "catanh",
    "abs": "cabs", "conj": "conj", "real": "creal", "imag": "cimag",
}  # fmt: skip


def render_call(e: ir.Call, args: list[str]) -> str:
    arg_t = e.args[0].type if e.args else e.type
    name = e.func
    if name in ("worker_id", "worker_count"):
        return f"kiln_{name}()"
    if name in ("isnan", "isinf", "isfinite"):
        return _classify(name, arg_t, args[0])
    if name == "square" and arg_t.is_complex:
        return _complex_mul(arg_t, args[0], args[0])
    if name == "square":
        return _wrap_call(e, f"({args[0]}) * ({args[0]})")
    if name == "reciprocal":
        return _wrap_call(e, f"({ctype(e.type)})1 / ({args[0]})")
    if name == "sign" and arg_t.is_complex:
        return f"kiln_sign_{'c64' if arg_t.dtype == 'complex64' else 'c128'}({args[0]})"
    if name == "sign" and (arg_t.is_float or arg_t.is_integer):
        if arg_t.is_float:
            return f"kiln_sign_{SUFFIX[arg_t.dtype]}({args[0]})"
        return f"(({ctype(e.type)})((({args[0]}) > 0) - (({args[0]}) < 0)))"
    if name == "complex":  # the parts exactly: CMPLX does no arithmetic (x + I * y would)
        return f"CMPLX{'F' if e.type.dtype == 'complex64' else ''}({args[0]}, {args[1]})"
    if arg_t.is_complex:
        return _complex_call(name, arg_t, args)
    if arg_t.is_integer or arg_t.is_bool:
        return _integer_call(e, name, args)
    if name in ("conj", "real"):  # of a real number: the number
        return f"({args[0]})"
    if name == "imag":
        return f"(({ctype(e.type)})0)"
    if name not in _REAL_FUNCS:
        raise KilnError(f"internal: no C function for {name}")
    return f"{_REAL_FUNCS[name]}{'f' if arg_t.dtype == 'float32' else ''}({', '.join(args)})"


def _complex_call(name: str, t: ScalarType, args: list[str]) -> str:
    f = "f" if t.dtype == "complex64" else ""
    if name == "abs":  # cabs is hypot of the parts; spelled so, the call vectorizes (SIMD hypot)
        return f"kiln_cabs{f}({args[0]})"
    if name == "rint":  # NumPy rounds the parts, each half to even
        z = args[0]
        return f"CMPLX{f.upper()}(rint{f}(creal{f}({z})), rint{f}(cimag{f}({z})))"
    if name not in _COMPLEX_FUNCS:
        raise KilnError(f"internal: no complex C function for {name}")
    return f"{_COMPLEX_FUNCS[name]}{f}({', '.join(args)})"


def _wrap_call(e: ir.Call, text: str) -> str:
    return f"(({ctype(e.type)})({text}))"


def _classify(name: str, t: object, x: str) -> str:
    from kiln.ir.types import ScalarType

    assert isinstance(t, ScalarType)
    if t.is_integer or t.is_bool:
        return "0" if name != "isfinite" else "1"
    if t.is_complex:
        re, im = ("crealf", "cimagf") if t.dtype == "complex64" else ("creal", "cimag")
        if name == "isfinite":
            return f"(isfinite({re}({x})) && isfinite({im}({x})))"
        return f"({name}({re}({x})) || {name}({im}({x})))"
    return f"({name}({x}) != 0)"


def _integer_call(e: ir.Call, name: str, args: list[str]) -> str:
    x = args[0]
    if name == "abs":
        if e.type.dtype.startswith("u") or e.type.is_bool:
            return f"({x})"
        return _wrap_call(e, f"({x}) < 0 ? -({x}) : ({x})")
    if name in ("floor", "ceil", "trunc", "rint", "conj", "real"):
        return f"({x})"
    if name == "imag":
        return "0"
    if name == "fmod" and not e.type.is_bool:
        return f"kiln_fmod_{SUFFIX[e.type.dtype]}({x}, {args[1]})"
    raise KilnError(f"internal: no integer C function for {name}")
