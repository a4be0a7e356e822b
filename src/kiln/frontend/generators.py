"""``sum``, ``min``, ``max``, ``any`` and ``all`` of a generator expression or a list
comprehension, lowered as the loop Python runs.

``sum(x * x for x in a if x > 0)`` becomes, in the enclosing scope::

    acc = 0
    for x' in a:
        if x' > 0:
            acc = acc + x' * x'

with the comprehension's own names renamed (``x'``), so that they neither read nor clobber a
local of the same name (in Python 3 a comprehension is a scope of its own). The loop is an
ordinary ``for`` statement, so everything a loop can walk (ranges, arrays, rows of arrays,
``zip``, ``enumerate``, tuples) can be walked here, and the accumulator is an ordinary local
whose type settles like any other. ``min``/``max`` keep the first of equal extremes and skip
what compares false (NaN after the first element) exactly as Python's do; ``any``/``all`` stop
at the first element that decides them, as Python does, so later elements are not evaluated.
"""

from __future__ import annotations

import ast
import builtins
from copy import deepcopy
from typing import TYPE_CHECKING

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend.values import Value

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer

Comprehension = ast.GeneratorExp | ast.ListComp
REDUCERS = {
    builtins.sum: "sum",
    builtins.min: "min",
    builtins.max: "max",
    builtins.any: "any",
    builtins.all: "all",
}


def _empty_message(name: str) -> str:
    """CPython's own message for ``min``/``max`` of nothing (it differs between versions)."""
    try:
        getattr(builtins, name)(iter(()))
    except ValueError as exc:
        return str(exc)
    raise AssertionError(name)  # pragma: no cover -- min/max of nothing always raise


_EMPTY = {name: _empty_message(name) for name in ("min", "max")}


def comprehension_names(node: Comprehension) -> set[str]:
    """The names the comprehension's ``for`` clauses bind (its own scope)."""
    return {
        n.id
        for g in node.generators
        for n in ast.walk(g.target)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }


def lower_reduction(low: Lowerer, reducer: object, call: ast.Call) -> Value:
    """``reducer(<comprehension>, ...)`` for one of ``REDUCERS``: the loop, then the result."""
    name = REDUCERS[reducer]  # type: ignore[index]
    node = call.args[0]
    assert isinstance(node, Comprehension)
    if any(g.is_async for g in node.generators):
        raise UnsupportedError("asynchronous comprehensions", low.ctx.loc)
    stem = f"_{name}{node.lineno}c{node.col_offset}_"
    node = _Renamer(comprehension_names(node), stem).rename(node)
    acc = stem + "acc"
    options = _options(low, name, call)
    if name == "sum":
        stmts = [
            _assign(acc, options.get("start", ast.Constant(0))),
            *_loops(node, [_accumulate(acc, node.elt)]),
        ]
    elif name in ("min", "max"):
        stmts = _extreme(node, name, stem, options.get("default"))
    else:
        stmts = _decide(node, name, acc)
    for stmt in stmts:  # the new nodes are located at the call
        ast.fix_missing_locations(ast.copy_location(stmt, call))
    low.lower_body(stmts)
    return low.lookup(acc, call)


def _options(low: Lowerer, name: str, call: ast.Call) -> dict[str, ast.expr]:
    """The arguments after the comprehension, by name; Python's errors for the wrong ones."""
    allowed = {"sum": ("start",), "min": ("default",), "max": ("default",)}.get(name, ())
    options = {k.arg: k.value for k in call.keywords if k.arg is not None}
    if name == "sum" and len(call.args) == 2 and "start" not in options:
        options["start"] = call.args[1]
    elif len(call.args) > 1:
        raise TypingError(f"{name}() of a comprehension takes no further positional argument", low.ctx.loc)
    if "key" in options and name in ("min", "max"):
        raise UnsupportedError(f"{name}(..., key=...) of a comprehension", low.ctx.loc)
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise TypingError(f"{name}() got an unexpected keyword argument '{unknown[0]}'", low.ctx.loc)
    return options


class _Renamer(ast.NodeTransformer):
    """Gives the comprehension's own names a prefix, everywhere but in the first iterable
    (which Python evaluates in the enclosing scope)."""

    def __init__(self, names: set[str], prefix: str) -> None:
        self.names, self.prefix = names, prefix

    def rename(self, node: Comprehension) -> Comprehension:
        first_iter = node.generators[0].iter
        copy = self.visit(deepcopy(node))  # keeps every node's location
        copy.generators[0].iter = first_iter
        return copy

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id in self.names:
            return ast.copy_location(ast.Name(self.prefix + node.id, node.ctx), node)
        return node


def _loops(node: Comprehension, body: list[ast.stmt], stop: ast.expr | None = None) -> list[ast.stmt]:
    """The comprehension's ``for``/``if`` clauses around ``body``, outermost first; ``stop``
    (a condition) leaves every loop once it holds, after the innermost one breaks."""
    for depth, g in reversed(list(enumerate(node.generators))):
        for cond in reversed(g.ifs):
            body = [ast.If(cond, body, [])]
        loop: ast.stmt = ast.For(g.target, g.iter, body, [])
        body = [loop]
        if stop is not None and depth > 0:
            body.append(ast.If(stop, [ast.Break()], []))
    return body


def _name(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def _assign(name: str, value: ast.expr) -> ast.stmt:
    return ast.Assign([ast.Name(name, ast.Store())], value)


def _accumulate(acc: str, elt: ast.expr) -> ast.stmt:
    return _assign(acc, ast.BinOp(_name(acc), ast.Add(), elt))


def _extreme(node: Comprehension, name: str, stem: str, default: ast.expr | None) -> list[ast.stmt]:
    """The first element, then each one that compares above (``max``) or below it."""
    acc, seen, item = stem + "acc", stem + "seen", stem + "item"
    better = ast.Gt() if name == "max" else ast.Lt()
    keep = [
        _assign(item, node.elt),
        ast.If(
            ast.UnaryOp(ast.Not(), _name(seen)),
            [_assign(acc, _name(item)), _assign(seen, ast.Constant(True))],
            [ast.If(ast.Compare(_name(item), [better], [_name(acc)]), [_assign(acc, _name(item))], [])],
        ),
    ]
    if default is None:
        empty: ast.stmt = ast.Raise(ast.Call(_name("ValueError"), [ast.Constant(_EMPTY[name])], []), None)
    else:
        empty = _assign(acc, default)
    return [
        _assign(seen, ast.Constant(False)),
        *_loops(node, keep),
        ast.If(ast.UnaryOp(ast.Not(), _name(seen)), [empty], []),
    ]


def _decide(node: Comprehension, name: str, acc: str) -> list[ast.stmt]:
    """``any``: false until an element is true; ``all``: true until one is false."""
    found = name == "any"
    test = node.elt if found else ast.UnaryOp(ast.Not(), node.elt)
    hit: list[ast.stmt] = [ast.If(test, [_assign(acc, ast.Constant(found)), ast.Break()], [])]
    stop = _name(acc) if found else ast.UnaryOp(ast.Not(), _name(acc))
    return [_assign(acc, ast.Constant(not found)), *_loops(node, hit, stop)]


def over_items(low: Lowerer, call: ast.Call, items: Value) -> ast.Call:
    """``call`` (``sum(l)``, ``max(l, default=0)`` ...) with its first argument, already
    lowered to ``items``, walked as ``(x for x in items)``."""
    stem = f"_items{call.lineno}c{call.col_offset}_"
    low.bind(stem, items)
    walk = ast.comprehension(ast.Name(stem + "x", ast.Store()), _name(stem), [], 0)
    first = ast.GeneratorExp(_name(stem + "x"), [walk])
    rewritten = ast.Call(call.func, [first, *call.args[1:]], call.keywords)
    return ast.fix_missing_locations(ast.copy_location(rewritten, call))


def list_comprehension(low: Lowerer, node: ast.ListComp) -> Value:
    """``[elt for ...]``: an empty list, then the comprehension's loops appending to it."""
    if any(g.is_async for g in node.generators):
        raise UnsupportedError("asynchronous comprehensions", low.ctx.loc)
    stem = f"_list{node.lineno}c{node.col_offset}_"
    renamed = _Renamer(comprehension_names(node), stem).rename(node)
    acc = stem + "acc"
    push = ast.Expr(ast.Call(ast.Attribute(_name(acc), "append", ast.Load()), [renamed.elt], []))
    stmts = [_assign(acc, ast.List([], ast.Load())), *_loops(renamed, [push])]
    for stmt in stmts:
        ast.fix_missing_locations(ast.copy_location(stmt, node))
    low.lower_body(stmts)
    return low.lookup(acc, node)
