"""Forward mode: an IR function -> an IR function computing its value and a Jacobian-vector product.

Every active statement is preceded by the statement computing its tangent (from the state the
statement itself reads), so any control flow, early exits included, is kept as it is. Parameters:
the primal's, then a tangent per active parameter (arrays: the input tangent on entry, the tangent
of the final contents on exit). Results: the primal's, then their tangents.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity, activity
from kiln.autodiff.common import fill_zero, renumber, shadow_view
from kiln.autodiff.exprs import tangent
from kiln.autodiff.libcalls import libcall_tangent
from kiln.autodiff.linalg_rules import LINALG_ADJOINTS, linalg_tangent
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import bodies, replace_body


@dataclass(frozen=True)
class ForwardSignature:
    tangent_params: tuple[str, ...]  # primal parameters taking a tangent, in order


class _Forward:
    def __init__(self, fn: ir.Function, active: Activity) -> None:
        self.fn, self.act = fn, active
        self.types = fn.var_types()
        self.names = b.Names(set(self.types) | {p.name for p in fn.params})
        self.tan: dict[str, str] = {}
        for name, t in self.types.items():
            if isinstance(t, ScalarType) and name in active.scalars:
                self.tan[name] = self.names.fresh("t" + name, t.strong())
            elif isinstance(t, ArrayType) and active.array(name):
                is_param = any(p.name == name for p in fn.params)
                self.tan[name] = self.names.fresh("t" + name, t.with_layout("C") if is_param else t)

    def type_of(self, name: str) -> ScalarType | ArrayType:
        return self.types.get(name) or self.names.declared[name]

    def body(self, stmts: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for s in stmts:
            out += self.stmt(s)
        return tuple(out)

    def stmt(self, s: ir.Stmt) -> list[ir.Stmt]:
        act, loc = self.act, s.loc
        if isinstance(s, ir.Assign) and s.target in act.scalars:
            return [
                ir.Assign(
                    self.tan[s.target],
                    b.cast(tangent(s.value, act, self.tan, loc), ScalarType(s.value.type.dtype)),
                    loc=loc,
                ),
                s,
            ]
        if isinstance(s, ir.Store) and act.array(s.array):
            return [ir.Store(self.tan[s.array], s.indices, tangent(s.value, act, self.tan, loc), loc=loc), s]
        if isinstance(s, ir.Alloc) and act.array(s.target):
            d = self.tan[s.target]
            t = cast(ArrayType, self.type_of(d))  # the tangent of an allocated array
            return [
                s,
                ir.Alloc(d, t, s.shape, loc=loc),
                *fill_zero(self.names, d, t),
            ]
        if isinstance(s, ir.View) and act.array(s.target):
            return [s, shadow_view(s, self.tan)]
        if isinstance(s, ir.LibCall) and any(act.array(o) for o in s.outputs):
            if s.func in LINALG_ADJOINTS:  # their tangents read the result
                return [s, *linalg_tangent(s, act, self.tan, self.type_of, self.names)]
            return [*libcall_tangent(s, act, self.tan, self.type_of, self.names), s]
        if isinstance(s, ir.Return):
            return [self._return(s)]
        if isinstance(s, ir.For):
            return [self._for(s)]
        sub = bodies(s)
        if sub:
            return [replace_body(s, *[self.body(x) for x in sub])]
        return [s]

    def _for(self, s: ir.For) -> ir.For:
        body = self.body(s.body)
        reductions = list(s.reductions)
        parallel, simd = s.parallel, s.simd
        for var, op in s.reductions:
            if var in self.act.scalars:
                if op == "add":
                    reductions.append((self.tan[var], "add"))
                else:  # the tangent of a product/min/max is no reduction of the same kind
                    parallel, simd, reductions = False, False, []
                    break
        return replace(s, body=body, parallel=parallel, simd=simd, reductions=tuple(reductions))

    def _return(self, s: ir.Return) -> ir.Return:
        extra = []
        for name in s.values:
            t = self.type_of(name)
            if name in self.tan:
                extra.append(self.tan[name])
            elif isinstance(t, ScalarType):
                zero = self.names.fresh("zero", t.strong())
                extra.append(zero)  # a zero tangent (declared, never assigned: C initializes to 0)
            else:
                extra.append(name)  # an inactive array result: its tangent is reported as None
        return ir.Return(s.values + tuple(extra), loc=s.loc)


def forward_function(fn: ir.Function, active_params: tuple[str, ...]) -> tuple[ir.Function, ForwardSignature]:
    """The Jacobian-vector-product function of ``fn`` for tangents of ``active_params``."""
    act = activity(fn, active_params)
    fw = _Forward(fn, act)
    body, _ = renumber(fw.body(fn.body))
    tangent_params = tuple(p.name for p in fn.params if p.name in fw.tan)
    params = fn.params + tuple(ir.Param(fw.tan[p], fw.type_of(fw.tan[p])) for p in tangent_params)
    results = fn.results + tuple(
        ScalarType(t.dtype) if isinstance(t, ScalarType) else ArrayType(t.dtype, t.ndim, "A")
        for t in fn.results
    )
    result_tuple = fn.results != ()
    taken = {p.name for p in params}
    out = ir.Function(
        name=fn.name + "_jvp",
        params=params,
        locals=fn.locals + tuple((n, t) for n, t in fw.names.declared.items() if n not in taken),
        body=body,
        results=results,
        result_is_tuple=result_tuple,
        loc=fn.loc,
        written_params=fn.written_params
        + tuple(fw.tan[p] for p in tangent_params if isinstance(fw.type_of(p), ArrayType)),
    )
    return out, ForwardSignature(tangent_params)
