"""``for`` loops over arrays, ``enumerate``, ``zip``, ``np.ndindex``, ``np.ndenumerate`` and tuples.

Iterating an array walks its first axis: a 1-d array gives its elements (NumPy
scalars, i.e. copies), an n-d one gives views of its rows, so ``for row in a:
row[:] = 0`` writes ``a``. Python evaluates the iterable once, so the loop walks
a view bound before it starts even if the body re-binds the name. ``enumerate``
and ``zip`` pair such sequences up with a counter; a loop over a tuple (its
items known at compile time, possibly of different types) is unrolled.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import materialize
from kiln.frontend.callargs import shape_arg
from kiln.frontend.lists import item, list_length
from kiln.frontend.lower_exprs import describe
from kiln.frontend.values import (
    ArrayView,
    Const,
    DictValue,
    Lazy,
    ListValue,
    RangeValue,
    Scalar,
    TupleValue,
    Value,
)
from kiln.frontend.views import bind_view, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import PY_INT

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer


@dataclass(frozen=True)
class Sequence:
    """Something a counter ``0 <= i < length`` walks: ``item(i)`` is its i-th value."""

    length: ir.Expr
    item: Callable[[ir.Expr], Value]


def lower_for(low: Lowerer, node: ast.For) -> None:
    """Any ``for`` statement other than a plain ``range``/``prange`` loop over one name."""
    from kiln.frontend.loops import lower_range_loop

    seq = _iter_call(low, node.iter)
    if isinstance(seq, TupleValue):  # enumerate/zip of tuples: their items are known
        _unroll(low, node, low.snapshot(seq))  # type: ignore[arg-type]
        return
    if seq is None:
        iterable = low.expr(node.iter)
        if isinstance(iterable, DictValue):  # its keys, known when compiling
            iterable = TupleValue(tuple(Const(k) for k in iterable.keys))
        if isinstance(iterable, RangeValue) and isinstance(node.target, ast.Name):
            lower_range_loop(low, node, iterable)
            return
        if isinstance(iterable, TupleValue):
            _unroll(low, node, low.snapshot(iterable))  # type: ignore[arg-type]
            return
        seq = sequence_of(low, iterable)
    _counted_loop(low, node, seq)


def _iterable(low: Lowerer, node: ast.expr) -> Sequence | TupleValue:
    """What ``enumerate``/``zip`` walk: a counted sequence, or a tuple (walked unrolled)."""
    found = _iter_call(low, node)
    if found is not None:
        return found
    value = low.expr(node)
    return value if isinstance(value, TupleValue) else sequence_of(low, value)


def _iter_call(low: Lowerer, node: ast.expr) -> Sequence | TupleValue | None:
    """``enumerate(...)`` / ``zip(...)`` as a sequence (a tuple where every iterable is one);
    None for any other iterable."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name | ast.Attribute):
        return None
    func = low.expr(node.func)
    if isinstance(func, Const) and (func.value is np.ndindex or func.value is np.ndenumerate):
        return _nd_walk(low, node, func.value is np.ndenumerate)
    if not (isinstance(func, Const) and (func.value is enumerate or func.value is zip)):
        return None
    if any(isinstance(a, ast.Starred) for a in node.args):
        raise UnsupportedError("*args in enumerate()/zip()", low.ctx.loc)
    if func.value is zip:
        if node.keywords:
            raise UnsupportedError("keyword arguments of zip()", low.ctx.loc)
        return _zip(low, [_iterable(low, a) for a in node.args])
    names = [k.arg for k in node.keywords]
    if len(node.args) + len(names) not in (1, 2) or set(names) - {"start"} or not node.args:
        raise TypingError("enumerate() takes an iterable and an optional start", low.ctx.loc)
    inner = _iterable(low, node.args[0])
    args = [low.expr(a) for a in node.args[1:]]
    kwargs = {k.arg: low.expr(k.value) for k in node.keywords}
    start = args[0] if args else kwargs.get("start", Scalar(E.ZERO))
    if not (isinstance(start, Scalar) and (start.type.is_integer or start.type.is_bool)):
        raise TypingError("enumerate() start must be an integer", low.ctx.loc)
    first = E.as_index(low.ctx.temp(start.expr, "start"))

    def counted(i: ir.Expr) -> Scalar:
        return Scalar(E.cast(E.add(first, i), PY_INT))

    if isinstance(inner, TupleValue):
        return TupleValue(tuple(TupleValue((counted(E.i64(k)), v)) for k, v in enumerate(inner.items)))
    walked = inner
    return Sequence(walked.length, lambda i: TupleValue((counted(i), walked.item(i))))


def _nd_walk(low: Lowerer, node: ast.Call, with_values: bool) -> Sequence:
    """``np.ndindex(*shape)`` (or of one shape tuple): the index tuples in C order;
    ``np.ndenumerate(a)``: pairs of an index tuple and ``a``'s element there."""
    ctx = low.ctx
    name = "ndenumerate" if with_values else "ndindex"
    if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
        raise UnsupportedError(f"np.{name} with keyword or starred arguments", ctx.loc)
    args = [low.expr(a) for a in node.args]
    array: ArrayView | None = None
    if with_values:
        if len(args) != 1 or not isinstance(args[0], ArrayView | Lazy):
            raise TypingError("np.ndenumerate() takes one array", ctx.loc)
        array = args[0] if isinstance(args[0], ArrayView) else materialize(ctx, args[0])
        shape = tuple(array.shape)
    else:
        given = args[0] if len(args) == 1 and isinstance(args[0], TupleValue) else TupleValue(tuple(args))
        shape = tuple(ctx.temp(E.imax(d, E.ZERO), "n") for d in shape_arg(ctx, given))
    extents = [ctx.temp(d, "n") for d in shape]

    def at(i: ir.Expr) -> tuple[ir.Expr, ...]:
        coords: list[ir.Expr] = []
        rest = i
        for d in reversed(extents):
            coords.append(ir.Binary("mod", rest, d, rest.type))
            rest = E.floordiv(rest, d)
        return tuple(reversed(coords))

    def item(i: ir.Expr) -> Value:
        coords = at(i)
        index = TupleValue(tuple(Scalar(E.cast(c, PY_INT)) for c in coords))
        if array is None:
            return index
        return TupleValue((index, Scalar(array.load(coords))))

    return Sequence(ctx.temp(E.product(extents), "count"), item)


def _zip(low: Lowerer, iterables: list[Sequence | TupleValue]) -> Sequence | TupleValue:
    if not iterables:
        raise UnsupportedError("zip() of no iterables", low.ctx.loc)
    tuples = [t for t in iterables if isinstance(t, TupleValue)]
    if len(tuples) == len(iterables):
        return TupleValue(tuple(TupleValue(items) for items in zip(*(t.items for t in tuples))))
    if tuples:
        raise UnsupportedError("zip() of a tuple with an array or range", low.ctx.loc)
    seqs = [s for s in iterables if isinstance(s, Sequence)]
    length = seqs[0].length
    for s in seqs[1:]:
        length = E.imin(length, s.length)
    return Sequence(low.ctx.temp(length, "n"), lambda i: TupleValue(tuple(s.item(i) for s in seqs)))


def sequence_of(low: Lowerer, value: Value) -> Sequence:
    """``value`` (an array, range or tuple of scalars) as a counted sequence."""
    ctx = low.ctx
    if isinstance(value, RangeValue):
        if value.parallel:
            raise UnsupportedError("kiln.prange() inside enumerate()/zip()", ctx.loc)
        return _range_sequence(low, value)
    if isinstance(value, Lazy):
        value = materialize(ctx, value)
    if isinstance(value, ArrayView):
        if value.ndim == 0:
            raise TypingError("iteration over a 0-d array", ctx.loc)
        if not value.base.startswith("p_"):
            # the body may re-bind the name the view came from: walk what it is now
            value = bind_view(ctx, value, ctx.fresh("iter"))
        view = value
        return Sequence(ctx.temp(view.shape[0], "n"), lambda i: _row(low, view, i))
    if isinstance(value, ListValue):
        items = value
        n = ctx.temp(E.as_index(list_length(items).expr), "n")
        return Sequence(n, lambda i: item(ctx, items, i))
    if isinstance(value, Scalar):
        raise TypingError(f"{describe(value)} is not iterable", ctx.loc)
    raise UnsupportedError(f"for-loops over {describe(value)}", ctx.loc)


def unpack_array(low: Lowerer, value: ArrayView | Lazy, count: int) -> TupleValue:
    """``p, q = a``: the rows of ``a`` (which must have ``count`` of them), taken before any is
    assigned."""
    ctx = low.ctx
    if value.ndim == 0:
        raise TypingError("iteration over a 0-d array", ctx.loc)
    seq = sequence_of(low, value)
    ctx.emit(
        ir.Check(
            E.compare("eq", seq.length, E.i64(count)),
            "ValueError",
            "cannot unpack %lld values into %lld names",
            (seq.length, E.i64(count)),
        )
    )
    return low.snapshot(TupleValue(tuple(seq.item(E.i64(k)) for k in range(count))))  # type: ignore[return-value]


def _row(low: Lowerer, view: ArrayView, i: ir.Expr) -> Value:
    picked = subscript(low.ctx, view, [i])
    return picked if isinstance(picked, ArrayView) else Scalar(picked)


def _range_sequence(low: Lowerer, rng: RangeValue) -> Sequence:
    """The i-th value ``start + i * step`` and Python's length of the range."""
    ctx = low.ctx
    start, step = ctx.temp(rng.start, "start"), ctx.temp(rng.step, "step")
    stop = ctx.temp(rng.stop, "stop")
    # len(range) = max(0, ceil((stop - start) / step)), for either sign of step
    up = E.floordiv(E.add(E.sub(stop, start), E.sub(step, E.ONE)), step)
    down = E.floordiv(E.add(E.sub(start, stop), E.sub(E.i64(-1), step)), E.sub(E.ZERO, step))
    known = E.const_int(step)
    if known is not None:
        raw = up if known > 0 else down
    else:
        raw = ir.Select(E.compare("gt", step, E.ZERO), up, down, up.type)
    length = ctx.temp(E.imax(raw, E.ZERO), "n")
    return Sequence(length, lambda i: Scalar(E.cast(E.add(start, E.mul(i, step)), PY_INT)))


def _counted_loop(low: Lowerer, node: ast.For, seq: Sequence) -> None:
    ctx = low.ctx
    counter = ctx.fresh("it")
    ctx.declare(counter, PY_INT)
    saved_bounds = dict(ctx.lower_bounds)
    ctx.lower_bounds[counter] = 0
    top = low.at_top_level()
    with ctx.block() as body:
        item = seq.item(ir.Var(counter, PY_INT))
        with low.loop_target(top):
            low.assign_target(node.target, item)
        ctx.loop_depth += 1
        low.lower_body(node.body)
        ctx.loop_depth -= 1
    ctx.lower_bounds = saved_bounds
    ctx.emit(ir.For(counter, E.ZERO, seq.length, E.ONE, tuple(body)))
    low.after_loop()


def _unroll(low: Lowerer, node: ast.For, items: TupleValue) -> None:
    """One copy of the body per item: the items' types may differ."""
    for s in node.body:
        for n in ast.walk(s):
            if isinstance(n, ast.Break | ast.Continue) and _owned_by_loop(node, n):
                raise UnsupportedError(
                    "break/continue in a loop over a tuple (kiln unrolls such loops)", low.ctx.loc
                )
    scope = low.scope
    top, outer, scope.unrolled_constants = low.at_top_level(), scope.unrolled_constants, set()
    constants = scope.unrolled_constants
    for value in items.items:
        scope.unrolled_constants = constants
        low.assign_target(node.target, value)
        scope.unrolled_constants = outer
        low.lower_body(node.body)
    if not top:  # after a loop under control flow, a name it bound to a constant holds on some paths only
        scope.ambiguous |= constants


def _owned_by_loop(loop: ast.For, target: ast.AST) -> bool:
    """Whether ``target`` (a break/continue) belongs to ``loop`` rather than a nested loop."""

    def search(body: list[ast.stmt]) -> bool:
        for s in body:
            if s is target:
                return True
            if isinstance(s, ast.For | ast.While):
                continue
            for field in ("body", "orelse", "finalbody"):
                if search(getattr(s, field, []) or []):
                    return True
        return False

    return search(loop.body)
