"""Whether a local name is the only holder of every array it is bound to, read off the source.

True when the name is no parameter, every binding of it makes a new array (arithmetic, a NumPy
constructor, ``.copy()``) and every read of it consumes the values there and then (an operand of
an operator, an element or slice inside one, its metadata, a reduction, ``return``), so no other
name, container, helper or caller can hold its array. Then the array the name held before a
re-binding is garbage afterwards, and the new value may be computed in its memory."""

from __future__ import annotations

import ast

import numpy as np

from kiln.frontend.source import ParsedFunction

_CONSTRUCTORS = frozenset(
    {"zeros", "ones", "empty", "full", "zeros_like", "ones_like", "empty_like", "full_like", "copy"}
    | {"array", "eye", "identity", "arange", "linspace"}
)
_REDUCTIONS = frozenset({"sum", "prod", "max", "min", "mean", "any", "all", "amax", "amin", "len"})
_METADATA = frozenset({"shape", "ndim", "size", "dtype"})
_CONSUMERS = ast.BinOp | ast.UnaryOp | ast.Compare


def sole_owner(parsed: ParsedFunction, name: str) -> bool:
    tree = parsed.tree
    if name in {a.arg for a in (*tree.args.posonlyargs, *tree.args.args, *tree.args.kwonlyargs)}:
        return False
    if tree.args.vararg is not None or tree.args.kwarg is not None:
        return False
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Global | ast.Nonlocal) and name in node.names:
            return False
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        parent = parents[node]
        if isinstance(node.ctx, ast.Store):
            ok = _fresh_binding(parsed, node, parent)
        elif isinstance(node.ctx, ast.Load):
            ok = _consumed(parsed, node, parent, parents)
        else:
            ok = False
        if not ok:
            return False
    return True


def _fresh_binding(parsed: ParsedFunction, node: ast.Name, parent: ast.AST) -> bool:
    if isinstance(parent, ast.AugAssign):
        return True  # updates the array in place
    if isinstance(parent, ast.Assign) and parent.targets == [node]:
        return _fresh_value(parsed, parent.value)
    if isinstance(parent, ast.AnnAssign) and parent.value is not None:
        return _fresh_value(parsed, parent.value)
    return False


def _fresh_value(parsed: ParsedFunction, value: ast.expr) -> bool:
    if isinstance(value, ast.BinOp | ast.UnaryOp):
        return True
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return False
    func = value.func
    if func.attr == "copy" and not value.args and not value.keywords:
        return True
    if not _is_numpy(parsed, func.value):
        return False
    return func.attr in _CONSTRUCTORS and not (func.attr == "array" and value.keywords)  # copy=False


def _is_numpy(parsed: ParsedFunction, node: ast.expr) -> bool:
    if not isinstance(node, ast.Name) or node.id in parsed.locals:
        return False
    found, value = parsed.resolve_global(node.id)
    return found and value is np


def _consumed(parsed: ParsedFunction, node: ast.expr, parent: ast.AST, parents: dict) -> bool:
    if isinstance(parent, _CONSUMERS | ast.Return):
        return True
    if isinstance(parent, ast.AugAssign):
        return parent.value is node  # ``x += name`` reads it
    if isinstance(parent, ast.Tuple) and isinstance(parents.get(parent), ast.Return):
        return True
    if isinstance(parent, ast.Attribute):
        return parent.attr in _METADATA
    if isinstance(parent, ast.Subscript) and parent.value is node:
        if isinstance(parent.ctx, ast.Store):
            return True  # ``name[...] = x`` writes into it
        return isinstance(parents.get(parent), _CONSUMERS)
    if isinstance(parent, ast.Call) and node in parent.args:
        func = parent.func
        if isinstance(func, ast.Name) and func.id == "len":
            return True
        return isinstance(func, ast.Attribute) and func.attr in _REDUCTIONS and _is_numpy(parsed, func.value)
    return False
