"""``try/except/else/finally`` around code that raises in compiled code.

Compiled code raises through ``Check`` statements (``raise``, ``assert``, division by zero,
``IndexError`` under ``boundscheck=True`` ...). The ``try`` body is lowered as usual and then
each check it holds whose exception a handler catches (every check, when there is a
``finally``) becomes "unless the condition holds: note which check failed, leave the body's
block", a plain ``Exit`` that every pass already understands as a control effect. After the
block, the noted check picks its handler as Python would (the first whose classes include the
exception's class); with a ``finally``, the finally body runs on every path and a check no
handler caught (in the body, a handler or the ``else``) is raised again after it, with the
values its message formats saved when it failed.

A handler's ``except ... as e`` names what it caught: ``str(e)``, ``print(e)`` and f-strings
give its message (when the checks that can raise it share one), ``raise e`` and a bare
``raise`` raise it again as it was.

Refused with a located error rather than run differently: ``except:`` and ``except
BaseException`` (they would also take ``KeyboardInterrupt``), a
``finally`` that a ``return``, ``break`` or ``continue`` would leave early, a library routine
whose error a handler would catch (``np.linalg.solve``'s ``LinAlgError``), and ``except IndexError`` around
indexing compiled without ``boundscheck=True`` (out-of-bounds indices are then not checked).
Allocation failures (``MemoryError``) are never caught in compiled code.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.values import CaughtValue, Const, TextValue, TupleValue
from kiln.ir import nodes as ir
from kiln.ir.types import BOOL, INT64
from kiln.ir.visit import bodies, iter_stmts, replace_body

if TYPE_CHECKING:
    from kiln.frontend.context import Context
    from kiln.frontend.lower_stmts import Lowerer

# library routines that fail with numpy.linalg.LinAlgError (singular or not positive definite)
_RAISING_ROUTINES = frozenset({"solve", "inv", "cholesky", "cholesky_upper", "matrix_power"})


@dataclass
class _Routed:
    """The checks of one ``try`` turned into exits: code -> (the check, its handler or None,
    the variables holding its message's values when it must be raised again)."""

    code: ir.Var
    handlers: list[tuple[type, ...]]
    names: list[str | None]  # per handler, the name ``as`` binds
    checks: dict[int, tuple[ir.Check, int | None, tuple[ir.Var, ...]]] = field(default_factory=dict)

    def handler_of(self, exc: str) -> int | None:
        cls = getattr(builtins, exc)
        return next((k for k, h in enumerate(self.handlers) if issubclass(cls, h)), None)


def lower_try(low: Lowerer, node: ast.Try) -> None:
    ctx = low.ctx
    handlers = [_caught_classes(low, h) for h in node.handlers]
    final = bool(node.finalbody)
    if final:
        _refuse_leaving_finally(low, node)
    code = ir.Var(ctx.fresh("exc"), INT64)
    ctx.declare(code.name, INT64)
    ctx.emit(ir.Assign(code.name, E.ZERO))
    routed = _Routed(code, handlers, [h.name for h in node.handlers])
    if any(h in (IndexError, LookupError) for hs in handlers for h in hs):
        _refuse_unchecked_indexing(low, node)
    label = ctx.fresh("try")
    with ctx.block() as body:
        low.lower_body(node.body)
    _refuse_raising_routines(low, body, handlers)
    _refuse_recursive_calls(body)
    body_exits = _route(low, body, label, routed, lambda exc: final or routed.handler_of(exc) is not None)
    after = ctx.fresh("finally") if final else ""
    with ctx.block() as arms:
        _emit_arms(low, node, routed)
    if not final:
        ctx.emit(ir.Block(label, body_exits))
        ctx.current_block().extend(arms)
        return
    _refuse_recursive_calls(arms)
    arms_exits = _route(low, arms, after, routed, lambda exc: True, caught_here=False)
    with ctx.block() as inner:
        ctx.emit(ir.Block(label, body_exits))
    ctx.emit(ir.Block(after, (*inner, *arms_exits)))
    low.lower_body(node.finalbody)
    _raise_again(low, routed)


def _emit_arms(low: Lowerer, node: ast.Try, routed: _Routed) -> None:
    """``if code == 0: else-body`` then, per handler that something can reach, ``if code is
    one of its checks: code = 0; handler-body``: a chain of ``if``s on the noted check."""
    ctx = low.ctx
    arms: list[tuple[ir.Expr, list[ir.Stmt]]] = []
    if node.orelse:
        with ctx.block() as orelse:
            low.lower_body(node.orelse)
        arms.append((E.compare("eq", routed.code, E.ZERO), orelse))
    for k, handler in enumerate(node.handlers):
        codes = [c for c, (_, h, _) in routed.checks.items() if h == k]
        if not codes:
            continue  # nothing in the body raises what it catches: it never runs
        with ctx.block() as taken, ctx.at(handler):
            caught = _caught(low, routed, k)
            ctx.emit(ir.Assign(routed.code.name, E.ZERO))
            with low.handling(handler.name, caught):
                low.lower_body(handler.body)
        arms.append((_any_of(routed.code, codes), taken))
    chain: tuple[ir.Stmt, ...] = ()
    for cond, stmts in reversed(arms):
        chain = (dataclasses.replace(ir.If(cond, tuple(stmts), chain), sid=ctx.next_sid(), loc=ctx.loc),)
    ctx.current_block().extend(chain)


def _caught(low: Lowerer, routed: _Routed, handler: int) -> CaughtValue:
    """What handler ``handler`` caught, noted before the code is reset: ``raise`` and ``as``
    names read it."""
    ctx = low.ctx
    code = ir.Var(ctx.fresh("caught"), INT64)
    ctx.declare(code.name, INT64)
    ctx.emit(ir.Assign(code.name, routed.code))
    raised = tuple((n, check, saved) for n, (check, h, saved) in routed.checks.items() if h == handler)
    return CaughtValue(code, raised)


def raise_caught(low: Lowerer, caught: CaughtValue) -> None:
    """``raise`` (or ``raise e``) in a handler: the exception it caught, raised again as it was
    (the one check that raised it, with the values its message showed)."""
    ctx = low.ctx
    for number, check, saved in caught.raised:
        again = dataclasses.replace(check, cond=E.bool_false(), args=saved, sid=ctx.next_sid(), loc=ctx.loc)
        ctx.emit(ir.If(E.compare("eq", caught.code, E.i64(number)), (again,)))


def caught_text(ctx: Context, caught: CaughtValue, conversion: str) -> TextValue:
    """``str(e)`` of a caught exception: its message, when every check that can raise it says
    the same words (the values they format may differ)."""
    messages = {check.message for _, check, _ in caught.raised}
    message = caught.raised[0][1].message if caught.raised else ""
    if len(messages) > 1 or conversion not in "-s" or not _PRINTF_PIECES.fullmatch(message):
        raise UnsupportedError(
            "formatting an exception that statements with different messages can raise",
            ctx.loc,
            hint="catch each in a 'try' of its own, or print a message of your own",
        )
    text = tuple(piece.replace("%%", "%") for piece in re.split(r"%lld", message))
    values: list[ir.Expr] = []
    for k in range(len(text) - 1):
        value: ir.Expr = caught.raised[-1][2][k]
        for number, _, saved in caught.raised[-2::-1]:
            value = ir.Select(E.compare("eq", caught.code, E.i64(number)), saved[k], value, INT64)
        values.append(value)
    return TextValue(text, tuple(values), ("-",) * len(values))


_PRINTF_PIECES = re.compile(r"(?:[^%]|%%|%lld)*", re.S)


def _any_of(code: ir.Var, codes: list[int]) -> ir.Expr:
    cond = E.compare("eq", code, E.i64(codes[0]))
    for c in codes[1:]:
        cond = ir.Binary("or", cond, E.compare("eq", code, E.i64(c)), BOOL)
    return cond


def _route(
    low: Lowerer,
    stmts: list[ir.Stmt],
    label: str,
    routed: _Routed,
    wanted: Callable[[str], bool],
    caught_here: bool = True,
) -> tuple[ir.Stmt, ...]:
    """``stmts`` with each check whose exception is ``wanted`` turned into "note it; leave
    ``label``"; a check not caught by this ``try``'s handlers keeps its message's values."""

    def route(s: ir.Stmt, parallel: bool) -> list[ir.Stmt]:
        if isinstance(s, ir.Check) and wanted(s.exc):
            if parallel:
                # no thread can leave a parallel loop (the frontend makes them only for mask walks)
                msg = f"an exception ({s.exc}) raised in a parallel loop cannot be caught in compiled code"
                raise UnsupportedError(msg, s.loc)
            return _exit_for(low, s, label, routed, caught_here)
        if bodies(s):
            inner = parallel or (isinstance(s, ir.For) and s.parallel)
            new = tuple(tuple(x for c in body for x in route(c, inner)) for body in bodies(s))
            return [replace_body(s, *new)]
        return [s]

    return tuple(x for s in stmts for x in route(s, False))


def _exit_for(low: Lowerer, s: ir.Check, label: str, routed: _Routed, caught_here: bool) -> list[ir.Stmt]:
    """``caught_here``: the check is in the ``try`` body, where this try's handlers catch it
    (in a handler or the ``else``, it is raised again after ``finally``)."""
    ctx = low.ctx
    number = len(routed.checks) + 1
    handler = routed.handler_of(s.exc) if caught_here else None
    saved: list[ir.Var] = []
    noted: list[ir.Stmt] = [ir.Assign(routed.code.name, E.i64(number))]
    # kept for what may show its message: raised again after the finally body, by a bare
    # ``raise`` in its handler, or named by ``except ... as e``
    for arg in s.args:
        var = ir.Var(ctx.fresh("excarg"), INT64)
        ctx.declare(var.name, INT64)
        saved.append(var)
        noted.append(ir.Assign(var.name, E.cast(arg, INT64)))
    routed.checks[number] = (s, handler, tuple(saved))
    leave = [*noted, ir.Exit(label)]
    stmts = tuple(dataclasses.replace(x, sid=ctx.next_sid(), loc=s.loc) for x in leave)
    failed = ir.Unary("not", s.cond, BOOL)
    return [ir.If(failed, stmts, (), sid=s.sid, loc=s.loc)]


def _raise_again(low: Lowerer, routed: _Routed) -> None:
    """After the finally body: the check no handler caught raises as it would have."""
    ctx = low.ctx
    for number, (check, handler, saved) in routed.checks.items():
        if handler is not None:
            continue
        again = dataclasses.replace(check, cond=E.bool_false(), args=saved, sid=ctx.next_sid())
        ctx.emit(ir.If(E.compare("eq", routed.code, E.i64(number)), (again,)))


def _caught_classes(low: Lowerer, handler: ast.ExceptHandler) -> tuple[type, ...]:
    """The exception classes ``handler`` names: built-in ones and ``np.linalg.LinAlgError``."""
    with low.ctx.at(handler):
        if handler.type is None:
            raise UnsupportedError(
                "a bare 'except:' (it would also catch KeyboardInterrupt): name the exceptions, "
                "e.g. 'except Exception:'",
                low.ctx.loc,
            )
        value = low.expr(handler.type)
        items = value.items if isinstance(value, TupleValue) else (value,)
        classes = tuple(_exception_class(low, item) for item in items)
        if any(c is BaseException for c in classes):
            raise UnsupportedError(
                "'except BaseException' (it would also catch KeyboardInterrupt): use 'except Exception'",
                low.ctx.loc,
            )
        return classes


def _exception_class(low: Lowerer, value: object) -> type:
    cls = value.value if isinstance(value, Const) else None
    known = getattr(builtins, getattr(cls, "__name__", ""), None) is cls or cls is np.linalg.LinAlgError
    if known and isinstance(cls, type) and issubclass(cls, BaseException):
        return cls
    raise UnsupportedError("an except clause naming anything but built-in exceptions", low.ctx.loc)


def _refuse_leaving_finally(low: Lowerer, node: ast.Try) -> None:
    """A ``return`` anywhere in the statement, or a ``break``/``continue`` of a loop around
    it, would leave without running the finally body."""
    for part in (node.body, node.handlers, node.orelse, node.finalbody):
        for stmt in part:
            for jump in _jumps(stmt, in_loop=False):
                with low.ctx.at(jump):
                    what = type(jump).__name__.lower()
                    raise UnsupportedError(f"'{what}' inside try ... finally", low.ctx.loc)


def _jumps(node: ast.AST, in_loop: bool) -> list[ast.stmt]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
        return []
    if isinstance(node, ast.Return) or (isinstance(node, ast.Break | ast.Continue) and not in_loop):
        return [node]
    loop = isinstance(node, ast.For | ast.While | ast.AsyncFor)
    found: list[ast.stmt] = []
    for child in ast.iter_child_nodes(node):
        found += _jumps(child, in_loop or (loop and child not in getattr(node, "orelse", [])))
    return found


def _refuse_raising_routines(low: Lowerer, body: list[ir.Stmt], handlers: list[tuple[type, ...]]) -> None:
    if not any(issubclass(np.linalg.LinAlgError, h) for hs in handlers for h in hs):
        return
    for s in iter_stmts(body):
        if isinstance(s, ir.LibCall) and s.func in _RAISING_ROUTINES:
            msg = f"catching the LinAlgError of np.linalg.{s.func.split('_')[0]} in compiled code"
            raise UnsupportedError(msg, s.loc)


def _refuse_recursive_calls(body: list[ir.Stmt]) -> None:
    """A recursive call raises from its own C function, past the routing of checks above."""
    for s in iter_stmts(body):
        if isinstance(s, ir.Invoke):
            msg = "a recursive call inside 'try' (what it raises would not reach the handlers or 'finally')"
            raise UnsupportedError(msg, s.loc)


def _refuse_unchecked_indexing(low: Lowerer, node: ast.Try) -> None:
    """``except IndexError`` (or ``LookupError``) names index errors on purpose: without bounds
    checks the indexing in the body would read past the array instead of raising."""
    if low.ctx.options.boundscheck:
        return
    if any(isinstance(n, ast.Subscript) for s in node.body for n in ast.walk(s)):
        with low.ctx.at(node):
            raise UnsupportedError(
                "'except IndexError' around indexing needs @kiln.jit(boundscheck=True): "
                "without it out-of-bounds indices are not checked",
                low.ctx.loc,
            )
