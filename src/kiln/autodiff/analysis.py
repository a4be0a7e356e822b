"""Analyses the AD transformers share: array alias groups, reads of expressions, activity."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import iter_exprs, iter_stmts, var_names


def alias_groups(fn: ir.Function) -> dict[str, str]:
    """Each array name -> a representative of the names that may share its storage (views)."""
    parent: dict[str, str] = {n: n for n, t in fn.var_types().items() if isinstance(t, ArrayType)}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for s in iter_stmts(fn.body):
        if isinstance(s, ir.View):
            parent[find(s.target)] = find(s.base)
    return {n: find(n) for n in parent}


def differentiable(t: ScalarType | ArrayType) -> bool:
    return t.dtype in ("float32", "float64", "complex64", "complex128")


def scalar_reads(e: ir.Expr) -> set[str]:
    return var_names(e)


def array_reads(e: ir.Expr) -> set[str]:
    return {x.array for x in iter_exprs(e) if isinstance(x, ir.Load)}


@dataclass(frozen=True)
class Activity:
    """Which variables carry derivatives: scalars by name, arrays by alias group."""

    scalars: frozenset[str]
    groups: frozenset[str]
    group_of: dict[str, str]

    def array(self, name: str) -> bool:
        return self.group_of.get(name) in self.groups

    def expr(self, e: ir.Expr) -> bool:
        """Whether ``e``'s value depends on an active variable (and can carry a derivative)."""
        return differentiable(e.type) and self.depends(e)

    def depends(self, e: ir.Expr) -> bool:
        """Whether ``e``'s value depends on an active variable, whatever its type."""
        for x in iter_exprs(e):
            if isinstance(x, ir.Var) and x.name in self.scalars:
                return True
            if isinstance(x, ir.Load) and self.array(x.array):
                return True
        return False


def activity(fn: ir.Function, active_params: Iterable[str]) -> Activity:
    """Flow-insensitive forward propagation from ``active_params`` to a fixpoint."""
    types = fn.var_types()
    group_of = alias_groups(fn)
    scalars: set[str] = set()
    groups: set[str] = set()
    for p in active_params:
        if isinstance(types[p], ArrayType):
            groups.add(group_of[p])
        else:
            scalars.add(p)
    changed = True
    while changed:
        changed = False
        act = Activity(frozenset(scalars), frozenset(groups), group_of)
        for s in iter_stmts(fn.body):
            _refuse_complex_flow(s, act, types)
            if isinstance(s, ir.Assign) and s.target not in scalars and act.expr(s.value):
                if differentiable(types[s.target]):
                    scalars.add(s.target)
                    changed = True
            elif isinstance(s, ir.Store) and act.expr(s.value) and not act.array(s.array):
                groups.add(group_of[s.array])
                changed = True
            elif isinstance(s, ir.LibCall) and any(act.array(a) for a in s.inputs):
                for out in s.outputs:
                    if not act.array(out) and differentiable(types[out]):
                        groups.add(group_of[out])
                        changed = True
    return Activity(frozenset(scalars), frozenset(groups), group_of)


def _is_complex(t: object) -> bool:
    return isinstance(t, ScalarType | ArrayType) and t.dtype.startswith("complex")


def _refuse_complex_flow(s: ir.Stmt, act: Activity, types: dict[str, ScalarType | ArrayType]) -> None:
    """Library calls are differentiated by whole-array rules written for real numbers (a
    product's adjoint would need conjugate transposes): a complex result that depends on an
    argument being differentiated is refused, never given a real rule's derivative."""
    from kiln.autodiff.fft_rules import FFT_RULES  # rules written for complex values

    if not isinstance(s, ir.LibCall) or s.func == "copy" or s.func in FFT_RULES:
        return
    if any(act.array(a) for a in s.inputs) and any(_is_complex(types.get(o)) for o in s.outputs):
        raise UnsupportedError(
            f"differentiation of '{s.func}' through complex numbers: a complex value here depends "
            "on an argument being differentiated",
            getattr(s, "loc", None),
            hint="element-wise complex arithmetic is differentiated; keep this call real",
        )
