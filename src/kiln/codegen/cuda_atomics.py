"""CUDA atomics: the native ``atomicAdd/Sub/Min/Max/Exch/CAS`` where CUDA has one for the
element type (64-bit integers and doubles through their ``unsigned long long`` bit patterns),
else a compare-and-swap loop on the element's bits."""

from __future__ import annotations

from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir

# dtype -> (C type, same-size unsigned type, to-bits, from-bits)
_BITS = {
    "int32": ("int32_t", "unsigned int", "(unsigned int)", "(int32_t)"),
    "uint32": ("uint32_t", "unsigned int", "", ""),
    "int64": ("int64_t", "unsigned long long", "(unsigned long long)", "(int64_t)"),
    "uint64": ("uint64_t", "unsigned long long", "(unsigned long long)", "(uint64_t)"),
    "float32": ("float", "unsigned int", "__float_as_uint", "__uint_as_float"),
    "float64": ("double", "unsigned long long", "__double_as_longlong", "__longlong_as_double"),
}
# ops CUDA has natively, per dtype (the C type the call takes is the pointer cast below)
_NATIVE = {
    "add": {"int32", "uint32", "uint64", "float32", "float64", "int64"},
    "sub": {"int32", "uint32"},
    "min": {"int32", "uint32", "int64", "uint64"},
    "max": {"int32", "uint32", "int64", "uint64"},
    "exch": {"int32", "uint32", "uint64", "float32"},
}
# the pointer type a native call takes, where it differs from the element's
_NATIVE_PTR = {("add", "int64"): "unsigned long long", ("min", "int64"): "long long",
               ("max", "int64"): "long long", ("min", "uint64"): "unsigned long long",
               ("max", "uint64"): "unsigned long long", ("add", "uint64"): "unsigned long long",
               ("exch", "uint64"): "unsigned long long", ("add", "int32"): "int",
               ("sub", "int32"): "int", ("min", "int32"): "int", ("max", "int32"): "int",
               ("exch", "int32"): "int", ("add", "uint32"): "unsigned int",
               ("sub", "uint32"): "unsigned int", ("min", "uint32"): "unsigned int",
               ("max", "uint32"): "unsigned int", ("exch", "uint32"): "unsigned int"}  # fmt: skip
_NEW = {
    "add": "old_ + v_", "sub": "old_ - v_", "exch": "v_",
    "min": "(v_ < old_ ? v_ : old_)", "max": "(v_ > old_ ? v_ : old_)",
}  # fmt: skip


def render_atomic(
    s: ir.Atomic, dtype: str, address: str, value: str, operands: list[str], target: str
) -> list[str]:
    """Lines computing ``s`` on the element at ``address``; ``target`` (a C lvalue or "")
    receives the old value."""
    if dtype not in _BITS:
        raise UnsupportedError(
            f"atomic.{s.op} on {dtype} arrays on a CUDA GPU (use 32- or 64-bit elements)", s.loc
        )
    ct, ut, to_bits, from_bits = _BITS[dtype]
    lines = ["{", f"    {ct}* p_ = &{address};", f"    {ct} v_ = {value};", f"    {ct} old_;"]
    if s.op == "cas":
        lines.append(
            f"    old_ = {from_bits}(atomicCAS(({ut}*)p_, {to_bits}({operands[0]}), {to_bits}(v_)));"
        )
    elif dtype in _NATIVE.get(s.op, ()):
        pt = _NATIVE_PTR.get((s.op, dtype), ct)
        fn = {"add": "atomicAdd", "sub": "atomicSub", "min": "atomicMin", "max": "atomicMax",
              "exch": "atomicExch"}[s.op]  # fmt: skip
        lines.append(f"    old_ = ({ct}){fn}(({pt}*)p_, ({pt})v_);")
    elif s.op == "sub" and dtype in _NATIVE["add"]:  # a - v == a + (-v), bit for bit
        pt = _NATIVE_PTR.get(("add", dtype), ct)
        lines.append(f"    old_ = ({ct})atomicAdd(({pt}*)p_, ({pt})(-v_));")
    elif s.op == "exch":
        lines.append(f"    old_ = {from_bits}(atomicExch(({ut}*)p_, {to_bits}(v_)));")
    else:  # float min/max: a compare-and-swap loop with NumPy's comparison
        lines += [
            f"    {ut}* q_ = ({ut}*)p_;",
            f"    {ut} cur_ = *q_, prev_;",
            "    do {",
            f"        prev_ = cur_; old_ = {from_bits}(prev_);",
            f"        cur_ = atomicCAS(q_, prev_, {to_bits}({_NEW[s.op]}));",
            "    } while (cur_ != prev_);",
        ]
    if target:
        lines.append(f"    {target} = old_;")
    return lines + ["}"]
