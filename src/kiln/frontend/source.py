"""Reading a Python function's source: its AST, locals, and global names."""

from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from kiln.errors import SourceLoc, UnsupportedError


def assigned_names(body: list[ast.stmt]) -> dict[str, list[bool]]:
    """Every name a function body assigns -> per assignment, whether it is a top-level statement."""
    found: dict[str, list[bool]] = {}

    def visit(node: ast.AST, top: bool) -> None:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.setdefault(node.id, []).append(top)
        if isinstance(node, ast.FunctionDef | ast.ClassDef):  # binds its name; its body is its own
            found.setdefault(node.name, []).append(top)
            return
        if isinstance(node, ast.comprehension):  # its targets belong to the comprehension's scope
            for part in (node.iter, *node.ifs):
                visit(part, top)
            return
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.Lambda):
                visit(child, top)

    for stmt in body:
        visit(stmt, not _is_compound(stmt))
    return found


def _is_compound(stmt: ast.stmt) -> bool:
    # a ``with`` body runs once, in order, like the statements around it
    return isinstance(stmt, ast.For | ast.While | ast.If | ast.Try | ast.AsyncFor)


@dataclass(frozen=True)
class ParsedFunction:
    fn: types.FunctionType
    tree: ast.FunctionDef
    filename: str
    lines: list[str]
    locals: frozenset[str]
    const_names: frozenset[str]
    closure: dict[str, object] = field(default_factory=dict)
    # (line, col) -> name of each read of a local that some path reaches before any assignment
    unbound_reads: tuple[tuple[tuple[int, int], str], ...] = ()

    @property
    def flagged(self) -> frozenset[str]:
        """Locals whose assignment is tracked at run time (for ``UnboundLocalError``)."""
        return frozenset(name for _, name in self.unbound_reads)

    def may_be_unbound(self, node: ast.Name) -> bool:
        return ((node.lineno, node.col_offset), node.id) in self.unbound_reads

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
    try:
        module = ast.parse(source)
    except SyntaxError:  # a lambda's lines are a fragment of a statement
        module = ast.Module(body=[], type_ignores=[])
    ast.increment_lineno(module, first - 1)
    tree = next((n for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)), None)
    if tree is None and fn.__name__ == "<lambda>":
        tree = _lambda_tree(fn, filename)
    if tree is None:
        raise UnsupportedError(
            f"the source of '{fn.__name__}' was not found: kiln compiles functions defined by def, "
            "or lambdas it can tell apart from others on their line",
            SourceLoc(filename, first, 0),
        )
    if not isinstance(tree, ast.FunctionDef):
        raise UnsupportedError("async functions", SourceLoc(filename, first, 0))
    all_lines = _file_lines(filename, lines, first)
    closure = {}
    if fn.__closure__:
        closure = {name: cell.cell_contents for name, cell in zip(fn.__code__.co_freevars, fn.__closure__)}
    return parse_tree(fn, tree, filename, all_lines, closure)


def parse_tree(
    fn: types.FunctionType,
    tree: ast.FunctionDef,
    filename: str,
    lines: list[str],
    closure: dict[str, object] | None = None,
) -> ParsedFunction:
    """The facts about a ``def``'s syntax tree; ``fn`` supplies the globals its names resolve
    to (the function itself, or the compiled function a ``lambda`` or inner ``def`` is in)."""
    assigned = assigned_names(tree.body)
    params = {a.arg for a in (*tree.args.args, *tree.args.kwonlyargs)}
    const_names = frozenset(
        n for n, tops in assigned.items() if len(tops) == 1 and tops[0] and n not in params
    )
    local_names = frozenset(assigned)
    flow = _DefiniteAssignment(local_names)
    flow.block(tree.body, set(params))
    unbound = tuple(sorted(flow.maybe.items()))
    return ParsedFunction(fn, tree, filename, lines, local_names, const_names, closure or {}, unbound)


def _loads(node: ast.AST, own: frozenset[str]) -> Iterator[ast.Name]:
    """The names ``node`` reads from the function's scope: not those a comprehension in it
    binds for itself (``x`` in ``sum(x for x in a)``)."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in own:
        yield node
    if isinstance(node, ast.GeneratorExp | ast.ListComp | ast.SetComp | ast.DictComp):
        yield from _loads(node.generators[0].iter, own)
        own = own | {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        for child in ast.iter_child_nodes(node):
            if child is not node.generators[0]:
                yield from _loads(child, own)
        yield from (n for c in (*node.generators[0].ifs,) for n in _loads(c, own))
        return
    for child in ast.iter_child_nodes(node):
        yield from _loads(child, own)


class _DefiniteAssignment:
    """Which reads of locals may happen before the local is assigned (Python then raises
    ``UnboundLocalError``): a forward pass over the structured statements, tracking the
    names assigned on every path."""

    def __init__(self, local_names: frozenset[str]) -> None:
        self.locals = local_names
        self.maybe: dict[tuple[int, int], str] = {}

    def reads(self, node: ast.AST | None, defined: set[str]) -> None:
        for n in _loads(node, frozenset()) if node is not None else ():
            self.read(n, defined)

    def read(self, n: ast.Name, defined: set[str]) -> None:
        if n.id in self.locals and n.id not in defined:
            self.maybe[(n.lineno, n.col_offset)] = n.id

    def assign(self, target: ast.expr, defined: set[str]) -> None:
        for n in ast.walk(target):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                defined.add(n.id)
            elif isinstance(n, ast.Name):
                self.read(n, defined)

    def block(self, body: list[ast.stmt], defined: set[str]) -> set[str] | None:
        """Names assigned on every path through ``body``; None when no path falls through."""
        current = defined
        for stmt in body:
            after = self.stmt(stmt, current)
            if after is None:
                return None
            current = after
        return current

    def stmt(self, s: ast.stmt, d: set[str]) -> set[str] | None:
        if isinstance(s, ast.Assign | ast.AnnAssign):
            self.reads(s.value, d)
            for target in s.targets if isinstance(s, ast.Assign) else [s.target] if s.value else []:
                self.assign(target, d)
        elif isinstance(s, ast.AugAssign):
            self.reads(s.value, d)
            if isinstance(s.target, ast.Name):
                self.read(s.target, d)
            self.assign(s.target, d)
        elif isinstance(s, ast.Return | ast.Raise | ast.Break | ast.Continue):
            self.reads(s, d)
            return None
        elif isinstance(s, ast.If):
            self.reads(s.test, d)
            arms = [a for a in (self.block(s.body, set(d)), self.block(s.orelse, set(d))) if a is not None]
            return set.intersection(*arms) if arms else None
        elif isinstance(s, ast.For | ast.While):
            self.reads(s.iter if isinstance(s, ast.For) else s.test, d)
            inner = set(d)
            if isinstance(s, ast.For):
                self.assign(s.target, inner)
            self.block(s.body, inner)  # the body may not run: it defines nothing after the loop
            self.block(s.orelse, set(d))
        elif isinstance(s, ast.Try):
            return self.try_(s, d)
        elif isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            d.add(s.name)  # what its body reads is read when it is called
        elif isinstance(s, ast.With):
            for item in s.items:
                self.reads(item.context_expr, d)
            return self.block(s.body, d)
        else:
            self.reads(s, d)
        return d

    def try_(self, s: ast.Try, d: set[str]) -> set[str] | None:
        """Any statement of the body may raise: a handler starts from what was assigned
        before the ``try``; the ``else`` follows a body that ran to its end; the ``finally``
        runs on every path."""
        body = self.block(s.body, set(d))
        arms = [self.block(s.orelse, body) if body is not None else None]
        arms += [self.block(h.body, set(d)) for h in s.handlers]
        through = [a for a in arms if a is not None]
        final = self.block(s.finalbody, set(d))
        if not through or final is None:
            return None
        return set.intersection(*through) | final


def _lambda_tree(fn: types.FunctionType, filename: str) -> ast.FunctionDef | None:
    """A ``lambda``'s expression as a ``def`` returning it: found in its file by its line, and
    among several lambdas on that line by the columns of its code; None where that is ambiguous."""
    try:
        with open(filename, encoding="utf-8") as f:
            module = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return None
    code = fn.__code__
    found = [n for n in ast.walk(module) if isinstance(n, ast.Lambda) and n.lineno == code.co_firstlineno]
    if len(found) > 1:
        columns = {p[2] for p in code.co_positions() if p[0] == code.co_firstlineno and p[2] is not None}
        found = [n for n in found if n.body.col_offset in columns]
    if len(found) != 1:
        return None
    return lambda_as_def(found[0])


def lambda_as_def(node: ast.Lambda) -> ast.FunctionDef:
    """``lambda args: e`` as ``def <lambda>(args): return e``, at the lambda's place."""
    body = ast.copy_location(ast.Return(value=node.body), node.body)
    tree = ast.FunctionDef(name="<lambda>", args=node.args, body=[body], decorator_list=[], returns=None)
    tree.type_params = []  # type: ignore[attr-defined]
    return ast.copy_location(tree, node)


def _file_lines(filename: str, lines: list[str], first: int) -> list[str]:
    """The whole file's lines when readable (for error messages), else the function's."""
    try:
        with open(filename, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError:
        return [""] * (first - 1) + [line.rstrip("\n") for line in lines]
