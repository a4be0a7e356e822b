"""The one op table (ir/ops.py) and the tables keyed by it: every operation has a C rendering,
reference semantics in the interpreter and a derivative decision (a rule, no derivative, or a
named refusal), and no table knows a name the op table does not."""

from __future__ import annotations

import pytest

from kiln.autodiff import rules
from kiln.codegen import c_ops
from kiln.codegen.c_exprs import ExprRenderer
from kiln.ir import interpreter, ops
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType
from kiln.ir.verifier import IRVerifyError, verify_function

F64, I64, C128, BOOL = (ScalarType(t) for t in ("float64", "int64", "complex128", "bool"))
_COMPLEX_ONLY = {"conj", "real", "imag"}
_DERIVATIVE_KNOWN = {**rules.CALL_RULES, **rules.BINARY_RULES, **rules.UNARY_RULES}


def _operand_type(kind: str, name: str) -> ScalarType:
    if name in _COMPLEX_ONLY:
        return C128
    if name in ("and", "or", "not"):
        return BOOL
    if name in ("lshift", "rshift", "bitand", "bitor", "bitxor", "invert"):
        return I64
    return F64


def _expr(kind: str, op: ops.Op) -> ir.Expr:
    t = _operand_type(kind, op.name)
    args = tuple(ir.Var(f"x{k}", t) for k in range(op.arity))
    result = {"bool": BOOL, "int64": I64, "real": F64, "complex": C128}.get(
        op.result, F64 if op.result == "float" else t
    )
    if kind == "unary":
        return ir.Unary(op.name, args[0], result)
    if kind == "binary":
        return ir.Binary(op.name, args[0], args[1], result)
    return ir.Call(op.name, args, result)


TABLES = (("unary", ops.UNARY), ("binary", ops.BINARY), ("call", ops.CALLS))
ALL = [(kind, op) for kind, table in TABLES for op in table.values()]


@pytest.mark.parametrize(("kind", "op"), ALL, ids=[f"{k}-{o.name}" for k, o in ALL])
def test_every_op_renders_interprets_and_has_a_derivative_decision(kind: str, op: ops.Op) -> None:
    assert op.result in ops.RESULT_RULES and op.cost > 0
    text = ExprRenderer({})(_expr(kind, op))
    assert text and "internal" not in text
    if kind == "call":
        assert callable(interpreter._call_function(op.name))
    elif op.name not in ("and", "or"):  # short-circuit: the interpreter evaluates them itself
        assert op.name in {**interpreter.UNARY_UFUNCS, **interpreter.BINARY_UFUNCS}
    decisions = (_DERIVATIVE_KNOWN, rules.NONDIFFERENTIABLE, rules.UNSUPPORTED)
    no_operands = op.name in ("worker_id", "worker_count")
    assert no_operands or any(op.name in d for d in decisions), f"{op.name}: no derivative decision"


def test_no_table_knows_a_name_the_op_table_does_not() -> None:
    known = set(ops.UNARY) | set(ops.BINARY) | set(ops.CALLS)
    tables = {
        "c_ops._REAL_FUNCS": set(c_ops._REAL_FUNCS),
        "c_ops._COMPLEX_FUNCS": set(c_ops._COMPLEX_FUNCS),
        "rules.CALL_RULES": set(rules.CALL_RULES),
        "rules.BINARY_RULES": set(rules.BINARY_RULES),
        "rules.UNARY_RULES": set(rules.UNARY_RULES),
        "rules.NONDIFFERENTIABLE": set(rules.NONDIFFERENTIABLE),
        "rules.UNSUPPORTED": set(rules.UNSUPPORTED),
        "interpreter ufuncs": set(interpreter.UNARY_UFUNCS) | set(interpreter.BINARY_UFUNCS),
    }
    strays = {name: sorted(names - known) for name, names in tables.items() if names - known}
    assert not strays


def _function_calling(name: str, nargs: int) -> ir.Function:
    x = ir.Param("p_x", F64)
    call = ir.Call(name, tuple(ir.Var("p_x", F64) for _ in range(nargs)), F64)
    body = (ir.Assign("u_y", call, sid=1), ir.Return(("u_y",), sid=2))
    return ir.Function("f", (x,), (("u_y", F64),), body, (F64,))


def test_verifier_refuses_unknown_calls_and_wrong_arity() -> None:
    verify_function(_function_calling("sqrt", 1))
    with pytest.raises(IRVerifyError, match="not in the op table"):
        verify_function(_function_calling("sqrtt", 1))
    with pytest.raises(IRVerifyError, match="takes 1 arguments"):
        verify_function(_function_calling("sqrt", 2))
