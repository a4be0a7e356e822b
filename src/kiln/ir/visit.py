"""Generic walkers over the loop IR: iterate, map and rebuild frozen nodes.

Which fields of a node hold expressions or statement bodies is read from the
dataclass field annotations (``Expr``, ``tuple[Expr, ...]``, ``tuple[Stmt, ...]``),
so a new node kind that follows these conventions needs no edits here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import TypeGuard, TypeVar, cast, get_args

from kiln.ir import nodes
from kiln.ir.nodes import Expr, Function, Stmt, Var

EXPR_TYPES: tuple[type, ...] = get_args(nodes.Expr)
STMT_TYPES: tuple[type, ...] = get_args(nodes.Stmt)

# Field roles, derived from annotations.
EXPR, EXPRS, BODY, OTHER = "expr", "exprs", "body", "other"

_ROLE_OF_ANNOTATION = {
    "Expr": EXPR,
    "tuple[Expr,...]": EXPRS,
    "tuple[Stmt,...]": BODY,
}


def is_expr(node: object) -> TypeGuard[Expr]:
    return isinstance(node, EXPR_TYPES)


def is_stmt(node: object) -> TypeGuard[Stmt]:
    return isinstance(node, STMT_TYPES)


@cache
def field_roles(cls: type) -> tuple[tuple[str, str], ...]:
    """``(field name, role)`` for each field of the node class ``cls``."""
    roles = []
    for f in dataclasses.fields(cls):
        annotation = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        roles.append((f.name, _ROLE_OF_ANNOTATION.get(annotation.replace(" ", ""), OTHER)))
    return tuple(roles)


@cache
def body_fields(cls: type) -> tuple[str, ...]:
    """Names of the statement-body fields of ``cls`` (``("then", "orelse")`` for ``If``)."""
    return tuple(name for name, role in field_roles(cls) if role == BODY)


def bodies(stmt: Stmt) -> tuple[tuple[Stmt, ...], ...]:
    """The nested statement bodies of ``stmt``, in field order (empty for simple statements)."""
    cls: type = type(stmt)  # `type`, not type[Assign] | ...: mypy finds only `type` Hashable for @cache
    return tuple(getattr(stmt, name) for name in body_fields(cls))


def iter_stmts(stmts: Iterable[Stmt]) -> Iterator[Stmt]:
    """Every statement of ``stmts`` and of their nested bodies, in pre-order."""
    for stmt in stmts:
        yield stmt
        for body in bodies(stmt):
            yield from iter_stmts(body)


@cache
def _expr_fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """``(field name, holds a tuple)`` for each expression field of the node class ``cls``."""
    return tuple((name, role == EXPRS) for name, role in field_roles(cls) if role in (EXPR, EXPRS))


def child_exprs(node: Expr | Stmt) -> tuple[Expr, ...]:
    """The direct expression children of an expression or a statement (not nested bodies)."""
    cls: type = type(node)  # as in bodies()
    fields = _expr_fields(cls)
    if not fields:
        return ()
    if len(fields) == 1 and fields[0][1]:
        return tuple(getattr(node, fields[0][0]))
    children: list[Expr] = []
    for name, many in fields:
        if many:
            children.extend(getattr(node, name))
        else:
            children.append(getattr(node, name))
    return tuple(children)


def iter_exprs(node: Expr | Stmt, *, deep: bool = True) -> Iterator[Expr]:
    """Every expression reachable from ``node``, sub-expressions included, in pre-order.

    For a statement, ``deep=True`` also visits the statements of its nested bodies;
    ``deep=False`` visits only the statement's own expressions (pair it with
    :func:`iter_stmts` to visit each expression once).
    """
    if is_expr(node):
        yield node
    for child in child_exprs(node):
        yield from iter_exprs(child)
    if deep and is_stmt(node):
        for stmt in iter_stmts(s for body in bodies(node) for s in body):
            yield from iter_exprs(stmt, deep=False)


@dataclasses.dataclass(frozen=True)
class ExprReads:
    """What an expression reads: scalar variables, arrays whose elements it loads, and arrays
    whose bindings (extents, strides, memory) it looks at."""

    scalars: frozenset[str]
    elements: frozenset[str]
    bindings: frozenset[str]


_NO_READS = ExprReads(frozenset(), frozenset(), frozenset())
_T = TypeVar("_T")


def kept_on(node: Expr | Stmt, name: str, compute: Callable[[], _T]) -> _T:
    """A fact about ``node`` computed once per node object and kept on it under ``name``. Nodes
    are immutable (a change makes a new node), so the fact stays true; passes ask again and
    again about the same large expressions and statements."""
    known: _T | None = node.__dict__.get(name)
    if known is None:
        known = compute()
        object.__setattr__(node, name, known)
    return known


def expr_reads(e: Expr) -> ExprReads:
    """What ``e`` reads (kept on it: see :func:`kept_on`)."""
    return kept_on(e, "_kiln_reads", lambda: _reads_of(e))


def _reads_of(e: Expr) -> ExprReads:
    own = _own_reads(e)
    parts = [expr_reads(c) for c in child_exprs(e)]
    if own is not _NO_READS:
        parts.append(own)
    if not parts:
        found = _NO_READS
    elif len(parts) == 1:
        found = parts[0]
    else:
        found = ExprReads(
            frozenset().union(*(p.scalars for p in parts)),
            frozenset().union(*(p.elements for p in parts)),
            frozenset().union(*(p.bindings for p in parts)),
        )
    return found


def _own_reads(e: Expr) -> ExprReads:
    if isinstance(e, Var):
        return ExprReads(frozenset((e.name,)), frozenset(), frozenset())
    if isinstance(e, nodes.Load):
        return ExprReads(frozenset(), frozenset((e.array,)), frozenset())
    if isinstance(e, nodes.Dim | nodes.Stride):
        return ExprReads(frozenset(), frozenset(), frozenset((e.array,)))
    if isinstance(e, nodes.Overlaps):
        return ExprReads(frozenset(), frozenset(), frozenset((e.a, e.b)))
    return _NO_READS


def var_names(node: Expr | Stmt, *, deep: bool = True) -> set[str]:
    """The names of the scalar variables ``node`` reads (``deep`` as in :func:`iter_exprs`)."""
    if is_expr(node):
        return set(expr_reads(node).scalars)
    stmt = cast(Stmt, node)
    stmts = iter_stmts((stmt,)) if deep else (stmt,)
    return {name for s in stmts for e in child_exprs(s) for name in expr_reads(e).scalars}


def array_names(s: Stmt) -> set[str]:
    """The arrays statement ``s`` itself names (not the statements nested in it): the ones it
    stores to, binds, views, hands to a library call or returns, and the ones its expressions
    load from, measure or test for overlap."""
    out: set[str] = set()
    if isinstance(s, nodes.Store | nodes.Atomic):
        out.add(s.array)
    elif isinstance(s, nodes.View):
        out |= {s.base, s.target}
    elif isinstance(s, nodes.Alloc):
        out.add(s.target)
    elif isinstance(s, nodes.LibCall):
        out |= {*s.inputs, *s.outputs}
    elif isinstance(s, nodes.Invoke | nodes.Print):
        out |= set(s.arrays)
    elif isinstance(s, nodes.SaveBinding | nodes.RestoreBinding):
        out.add(s.array)
    elif isinstance(s, nodes.Return):
        out |= set(s.values)
    for e in iter_exprs(s, deep=False):
        if isinstance(e, nodes.Load | nodes.Dim | nodes.Stride):
            out.add(e.array)
        elif isinstance(e, nodes.Overlaps):
            out |= {e.a, e.b}
    return out


def _rebuild(node: object, changes: Mapping[str, object]) -> object:
    """``node`` with ``changes`` applied, or ``node`` itself when nothing changed."""
    if all(getattr(node, name) is value for name, value in changes.items()):
        return node
    return dataclasses.replace(node, **changes)  # type: ignore[type-var]


def _map_fields(node: object, fn: Callable[[Expr], Expr], deep: bool) -> object:
    changes: dict[str, object] = {}
    cls: type = type(node)  # see child_exprs
    for name, role in field_roles(cls):
        value = getattr(node, name)
        if role == EXPR:
            changes[name] = map_exprs(value, fn, deep=deep)
        elif role == EXPRS:
            changes[name] = _same_or_new(value, tuple(map_exprs(e, fn, deep=deep) for e in value))
        elif role == BODY and deep:
            changes[name] = _same_or_new(value, tuple(map_exprs(s, fn, deep=deep) for s in value))
    return _rebuild(node, changes)


def _same_or_new(old: tuple, new: tuple) -> tuple:
    return old if len(old) == len(new) and all(a is b for a, b in zip(old, new)) else new


def map_exprs(node: Expr | Stmt, fn: Callable[[Expr], Expr], *, deep: bool = True) -> Expr | Stmt:
    """Rebuild ``node`` bottom-up, replacing every expression ``e`` by ``fn(e)``.

    ``fn`` sees each expression after its children were mapped. Unchanged nodes are
    returned as they are (same object). For a statement, ``deep`` also maps the
    statements of its nested bodies.
    """
    rebuilt = _map_fields(node, fn, deep)
    if is_expr(rebuilt):
        return fn(rebuilt)
    return rebuilt  # type: ignore[return-value]


def map_shared_exprs(e: Expr, fn: Callable[[Expr], Expr], memo: dict[int, tuple[Expr, Expr]]) -> Expr:
    """:func:`map_exprs` of an expression for a pure ``fn``: a subexpression several parents
    share (definitions inlined into others share theirs) is mapped once and its result shared,
    so the work grows with the distinct nodes and not with the tree the sharing unfolds to.
    ``memo`` (node id -> (node, result)) may be shared by calls with the same ``fn``, whose
    results then share their nodes too (and compare equal quickly, by identity)."""
    hit = memo.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    changes: dict[str, object] = {}
    cls: type = type(e)  # see child_exprs
    for name, role in field_roles(cls):
        value = getattr(e, name)
        if role == EXPR:
            changes[name] = map_shared_exprs(value, fn, memo)
        elif role == EXPRS:
            changes[name] = _same_or_new(value, tuple(map_shared_exprs(x, fn, memo) for x in value))
    out = fn(_rebuild(e, changes))  # type: ignore[arg-type]
    memo[id(e)] = (e, out)
    return out


StmtMapResult = Stmt | Sequence[Stmt] | None


def map_stmts(body: Iterable[Stmt], fn: Callable[[Stmt], StmtMapResult]) -> tuple[Stmt, ...]:
    """Rebuild ``body`` bottom-up: nested bodies first, then ``fn`` on each statement.

    ``fn`` returns a statement (replace), a sequence of statements (splice in; empty
    deletes) or ``None`` (keep the statement, with its already-mapped bodies).
    """
    out: list[Stmt] = []
    for stmt in body:
        new_bodies = tuple(map_stmts(b, fn) for b in bodies(stmt))
        stmt = replace_body(stmt, *new_bodies) if new_bodies else stmt
        result = fn(stmt)
        if result is None:
            out.append(stmt)
        elif is_stmt(result):
            out.append(result)
        else:
            out.extend(result)  # type: ignore[arg-type]
    return tuple(out)


RunMatch = Callable[[tuple[Stmt, ...], int], tuple[Sequence[Stmt], int] | None]


def map_runs(body: tuple[Stmt, ...], match: RunMatch) -> tuple[Stmt, ...]:
    """Rebuild ``body`` bottom-up, rewriting runs of sibling statements: nested bodies first,
    then, at each position ``at`` of a block, ``match(block, at)`` returns the statements that
    replace ``block[at:end]`` and ``end``, or None to keep ``block[at]`` and move on. Returns
    ``body`` itself when nothing changed."""
    block = tuple(_runs_nested(s, match) for s in body)
    out: list[Stmt] = []
    at = 0
    while at < len(block):
        found = match(block, at)
        if found is None:
            out.append(block[at])
            at += 1
        else:
            replacement, at = found
            out.extend(replacement)
    return body if same_stmts(body, tuple(out)) else tuple(out)


def _runs_nested(s: Stmt, match: RunMatch) -> Stmt:
    inner = bodies(s)
    new = tuple(map_runs(b, match) for b in inner)
    return s if all(x is y for x, y in zip(new, inner)) else replace_body(s, *new)


def same_stmts(a: tuple[Stmt, ...], b: tuple[Stmt, ...]) -> bool:
    """Whether two bodies hold the same statement objects (what :func:`map_stmts` returns when
    its function changed nothing)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def replace_body(stmt: Stmt, *new_bodies: Iterable[Stmt]) -> Stmt:
    """``stmt`` with its nested bodies replaced, one argument per body field, in order.

    ``replace_body(for_stmt, body)``; ``replace_body(if_stmt, then, orelse)``.
    """
    cls: type = type(stmt)  # as in bodies()
    names = body_fields(cls)
    if len(names) != len(new_bodies):
        raise TypeError(f"{type(stmt).__name__} has {len(names)} bodies {names}, got {len(new_bodies)}")
    changes = {name: _same_or_new(getattr(stmt, name), tuple(b)) for name, b in zip(names, new_bodies)}
    return _rebuild(stmt, changes)  # type: ignore[return-value]


def max_sid(fn_or_body: Function | Iterable[Stmt]) -> int:
    """The largest statement id in a function (or statement list); 0 when there is none."""
    body = fn_or_body.body if isinstance(fn_or_body, Function) else fn_or_body
    return max((stmt.sid for stmt in iter_stmts(body)), default=0)
