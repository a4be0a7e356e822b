"""Functions defined inside a compiled function: ``lambda`` and nested ``def``.

Each is a compile-time value (:class:`InnerFunction` in a ``Const``): bound to a name, passed to
another function, called. A call inlines its body, as calls to module-level functions are; a
name it reads but does not assign comes from the scope that defined it, looked up when the call
is lowered, which is Python's late binding (``k = 2; f = lambda x: x * k; k = 3; f(1)`` is 3).
Defaults are evaluated where the function is defined, as Python does. A function that outlives
the call that defined it (returned, or stored) is refused.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend.source import ParsedFunction, lambda_as_def, parse_tree
from kiln.frontend.values import Const, Scalar, Value
from kiln.ir import nodes as ir

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer


@dataclass(eq=False)
class InnerFunction:
    """A ``lambda`` or nested ``def``: its syntax tree as a ``def``, the lowerer of the scope that
    defined it, and its defaults (evaluated at the definition)."""

    parsed: ParsedFunction
    definer: Lowerer
    defaults: dict[str, Value]

    @property
    def name(self) -> str:
        return self.parsed.tree.name

    def __repr__(self) -> str:
        return f"<function {self.name} defined in the compiled code>"


def _check_signature(args: ast.arguments, low: Lowerer) -> None:
    if args.vararg or args.kwarg or args.posonlyargs:
        what = "*args, **kwargs and positional-only parameters"
        raise UnsupportedError(f"{what} of a function defined inside compiled code", low.ctx.loc)


def _defaults(low: Lowerer, args: ast.arguments) -> dict[str, Value]:
    """Default values, computed now (where the function is defined) as Python does."""
    out: dict[str, Value] = {}
    positional = args.args[len(args.args) - len(args.defaults) :]
    pairs = [*zip(positional, args.defaults), *zip(args.kwonlyargs, args.kw_defaults)]
    for param, node in pairs:
        if node is not None:
            value = low.pin(low.expr(node))
            if isinstance(value, Scalar) and not isinstance(value.expr, ir.Const):
                value = Scalar(_copied(low, value.expr))  # the value now, not the name's later one
            out[param.arg] = value
    return out


def _copied(low: Lowerer, e: ir.Expr) -> ir.Var:
    ctx = low.ctx
    name = ctx.fresh("default")
    t = ctx.declare(name, e.type)
    ctx.emit(ir.Assign(name, e))
    return ir.Var(name, t)  # type: ignore[arg-type]


def define_lambda(low: Lowerer, node: ast.Lambda) -> Const:
    _check_signature(node.args, low)
    return _define(low, lambda_as_def(node))


def define_def(low: Lowerer, node: ast.FunctionDef) -> Const:
    if node.decorator_list:
        raise UnsupportedError("decorators on a function defined inside compiled code", low.ctx.loc)
    _check_signature(node.args, low)
    return _define(low, node)


def _define(low: Lowerer, tree: ast.FunctionDef) -> Const:
    outer = low.scope.parsed
    parsed = parse_tree(outer.fn, tree, outer.filename, outer.lines)
    return Const(InnerFunction(parsed, low, _defaults(low, tree.args)))


def bind_arguments(
    inner: InnerFunction, args: list[Value], kwargs: dict[str, Value], low: Lowerer
) -> dict[str, Value]:
    """Parameter name -> value for a call, Python's rules for positional, keyword and defaults."""
    spec = inner.parsed.tree.args
    positional = [a.arg for a in spec.args]
    names = positional + [a.arg for a in spec.kwonlyargs]
    where = f"{inner.name}()"
    if len(args) > len(positional):
        raise TypingError(
            f"{where} takes {len(positional)} positional arguments but {len(args)} were given", low.ctx.loc
        )
    bound = dict(zip(positional, args))
    for name, value in kwargs.items():
        if name not in names:
            raise TypingError(f"{where} got an unexpected keyword argument '{name}'", low.ctx.loc)
        if name in bound:
            raise TypingError(f"{where} got multiple values for argument '{name}'", low.ctx.loc)
        bound[name] = value
    for name in names:
        if name not in bound:
            if name not in inner.defaults:
                raise TypingError(f"{where} missing required argument: '{name}'", low.ctx.loc)
            bound[name] = inner.defaults[name]
    return {name: bound[name] for name in names}
