"""Reading a Python function's source: its AST, locals, and global names."""

from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
import types
from dataclasses import dataclass, field
from functools import cache

from kiln.errors import SourceLoc, UnsupportedError


def assigned_names(body: list[ast.stmt]) -> dict[str, list[bool]]:
    """Every name a function body assigns -> per assignment, whether it is a top-level statement."""
    found: dict[str, list[bool]] = {}

    def visit(node: ast.AST, top: bool) -> None:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.setdefault(node.id, []).append(top)
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.FunctionDef | ast.Lambda | ast.ClassDef):
                visit(child, top)

    for stmt in body:
        visit(stmt, not _is_compound(stmt))
    return found


def _is_compound(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.For | ast.While | ast.If | ast.With | ast.Try | ast.AsyncFor)


@dataclass(frozen=True)
class ParsedFunction:
    fn: types.FunctionType
    tree: ast.FunctionDef
    filename: str
    lines: list[str]
    locals: frozenset[str]
    const_names: frozenset[str]
    closure: dict[str, object] = field(default_factory=dict)

    def resolve_global(self, name: str) -> tuple[bool, object]:
        if name in self.closure:
            return True, self.closure[name]
        if name in self.fn.__globals__:
            return True, self.fn.__globals__[name]
        if hasattr(builtins, name):
            return True, getattr(builtins, name)
        return False, None


@cache
def parse_function(fn: types.FunctionType) -> ParsedFunction:
    filename = fn.__code__.co_filename
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        raise UnsupportedError(
            f"the source of '{fn.__name__}' is not available (kiln compiles from source)",
            SourceLoc(filename, fn.__code__.co_firstlineno, 0),
        ) from None
    source = textwrap.dedent("".join(lines))
    module = ast.parse(source)
    ast.increment_lineno(module, first - 1)
    tree = next(n for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))
    if not isinstance(tree, ast.FunctionDef):
        raise UnsupportedError("async functions", SourceLoc(filename, first, 0))
    all_lines = _file_lines(filename, lines, first)
    assigned = assigned_names(tree.body)
    params = {a.arg for a in tree.args.args}
    const_names = frozenset(
        n for n, tops in assigned.items() if len(tops) == 1 and tops[0] and n not in params
    )
    closure = {}
    if fn.__closure__:
        closure = {name: cell.cell_contents for name, cell in zip(fn.__code__.co_freevars, fn.__closure__)}
    return ParsedFunction(fn, tree, filename, all_lines, frozenset(assigned), const_names, closure)


def _file_lines(filename: str, lines: list[str], first: int) -> list[str]:
    """The whole file's lines when readable (for error messages), else the function's."""
    try:
        with open(filename, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError:
        return [""] * (first - 1) + [line.rstrip("\n") for line in lines]
