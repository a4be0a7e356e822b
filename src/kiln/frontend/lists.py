"""Lists of numbers built in compiled code: ``l = []``, ``[0.0] * n``, ``append``, ``pop``,
``extend``, ``insert``, ``remove``, ``index``, ``count``, ``clear``, ``reverse``, ``sort``,
``copy``, ``sorted(l)``, ``x in l``, ``l[i]`` (read
and written, Python's ``IndexError``), ``len(l)``, ``for x in l``, ``sum``/``min``/``max`` of
them, list comprehensions, ``np.array(l)``; returned to Python as lists.

A list is an array ``buf`` of which the first ``length`` elements are its items; an append
that finds ``buf`` full allocates one twice as large, copies the items and re-binds ``buf`` to
it, so appends cost amortized constant time as CPython's do. Its element type is that of
every value appended or written (promoted as a variable's type is), settled by the frontend's
type fixpoint per place a list is made: a list of Python ints holds ints, one that also gets a
float holds floats. A name bound to a list made there gets its own variables (so a list
re-made in a loop or a branch is the name's), and another name bound to it shares them, as
Python shares one list between names.

Refused with a located error: lists of arrays or tuples, slicing a list, printing one, the
other list methods.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote
from kiln.frontend.values import ArrayView, Const, ListValue, Scalar, TupleValue, Value, describe, whole_view
from kiln.frontend.views import SliceSpec, bind_view, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, PY_FLOAT, PY_INT, ArrayType, ScalarType

MUTATORS = frozenset({"append", "pop", "extend", "clear", "insert", "remove", "reverse", "sort"})
METHODS = MUTATORS | {"copy", "index", "count"}
_FIRST_CAPACITY = 8


def mutated_names(tree: ast.AST) -> set[str]:
    """Names some statement of ``tree`` changes as a list: ``name.append(...)`` and the other
    mutating methods, ``name[i] = v``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            receiver = node.func.value
            if node.func.attr in MUTATORS and isinstance(receiver, ast.Name):
                names.add(receiver.id)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            names.update([node.value.id] if isinstance(node.value, ast.Name) else [])
    return names


def _array_type(elem: ScalarType) -> ArrayType:
    return ArrayType(elem.dtype, 1, "C")


def new_list(ctx: Context, key: str, items: list[Value], repeat: Value | None = None) -> ListValue:
    """A list made at ``key`` holding ``items`` (numbers), ``repeat`` times over when given
    (``[0.0] * n``: none when ``n`` is not positive)."""
    numbers = [_number(ctx, v) for v in items]
    found = PY_FLOAT  # NumPy's dtype for np.array([]), until something is put in
    for v in numbers:
        found = ctx.env.note_list_element(key, v.type)
    elem = ctx.env.list_elements.get(key, found)
    if repeat is not None and not (isinstance(repeat, Scalar) and repeat.type.is_integer):
        raise TypingError("can't multiply sequence by non-int", ctx.loc)
    times = E.i64(1) if repeat is None else ctx.temp(E.imax(E.as_index(repeat.expr), E.ZERO), "times")
    size = ctx.temp(E.mul(E.i64(len(numbers)), times), "n")
    buf, length = ctx.fresh("list"), ctx.fresh("len")
    ctx.declare(buf, _array_type(elem))
    ctx.declare(length, INT64)
    ctx.emit(ir.Alloc(buf, _array_type(elem), (E.imax(size, E.i64(_FIRST_CAPACITY)),)))
    t = ScalarType(elem.dtype)
    if repeat is None:
        for k, v in enumerate(numbers):
            ctx.emit(ir.Store(buf, (E.i64(k),), E.cast(v.expr, t)))
    else:
        values = [ctx.temp(E.cast(v.expr, t), "item") for v in numbers]
        for k, x in enumerate(values):
            _loop(ctx, E.ZERO, times, _repeated_store(buf, len(values), k, x))
    ctx.emit(ir.Assign(length, size))
    return ListValue(key, buf, length, elem, fresh=True)


def _repeated_store(buf: str, width: int, k: int, x: ir.Expr) -> Callable[[ir.Var], ir.Stmt]:
    """Item ``k`` of the repeated items, in repetition ``r``."""
    return lambda r: ir.Store(buf, (E.add(E.mul(r, E.i64(width)), E.i64(k)),), x)


def bind_list(ctx: Context, target: str, value: ListValue) -> ListValue:
    """``name = value``: a fresh list takes the name's variables; a list some name already
    holds is shared."""
    if not value.fresh:
        return value
    t = _array_type(value.elem)
    buf, length = f"{target}__buf_{value.elem.dtype}", f"{target}__len"
    ctx.declare(length, INT64)
    bind_view(ctx, whole_view(value.buf, t), buf, target)
    ctx.emit(ir.Assign(length, ir.Var(value.length, INT64)))
    return ListValue(value.key, buf, length, value.elem)


def _number(ctx: Context, value: Value) -> Scalar:
    if isinstance(value, Scalar):
        return value
    raise UnsupportedError(
        f"a list holding {describe(value)}: lists built in compiled code hold numbers",
        ctx.loc,
        hint="allocate an array (np.empty((n, m))) and fill its rows",
    )


def _length(lst: ListValue) -> ir.Var:
    return ir.Var(lst.length, INT64)


def _store(lst: ListValue, index: ir.Expr, value: ir.Expr) -> ir.Store:
    return ir.Store(lst.buf, (index,), E.cast(value, ScalarType(lst.elem.dtype)))


def append(ctx: Context, lst: ListValue, value: Value) -> None:
    number = _number(ctx, value)
    ctx.env.note_list_element(lst.key, number.type)
    x = ctx.temp(number.expr, "item")  # read before the list moves
    n = _length(lst)
    _reserve(ctx, lst, E.add(n, E.ONE))
    ctx.emit(_store(lst, n, x))
    ctx.emit(ir.Assign(lst.length, E.add(n, E.ONE)))


def _reserve(ctx: Context, lst: ListValue, needed: ir.Expr) -> None:
    """Room for ``needed`` items: a full buffer moves to one twice as large (or ``needed``)."""
    t = _array_type(lst.elem)
    capacity = ir.Dim(lst.buf, 0)
    with ctx.block() as grow:
        size = ctx.temp(E.imax(E.imax(E.mul(capacity, E.i64(2)), needed), E.i64(_FIRST_CAPACITY)), "cap")
        moved = ctx.fresh("grown")
        ctx.declare(moved, t)
        ctx.emit(ir.Alloc(moved, t, (size,)))
        _loop(ctx, E.ZERO, _length(lst), lambda k: ir.Store(moved, (k,), _load(lst, k)))
        bind_view(ctx, whole_view(moved, t), lst.buf)
    ctx.emit(ir.If(E.compare("gt", needed, capacity), tuple(grow)))


def _loop(
    ctx: Context, start: ir.Expr, stop: ir.Expr, body: Callable[[ir.Var], ir.Stmt | None], step: int = 1
) -> None:
    """``for k in range(start, stop, step)``: ``body(k)`` emits the loop's statements (a
    statement it returns is emitted too)."""
    k = ir.Var(ctx.fresh("k"), INT64)
    ctx.declare(k.name, INT64)
    with ctx.block() as stmts:
        made = body(k)
        if made is not None:
            ctx.emit(made)
    ctx.emit(ir.For(k.name, start, stop, E.i64(step), tuple(stmts)))


def _load(lst: ListValue, at: ir.Expr) -> ir.Load:
    return ir.Load(lst.buf, (at,), ScalarType(lst.elem.dtype))


def position(ctx: Context, lst: ListValue, index: Value, what: str = "list index out of range") -> ir.Expr:
    """``index`` of ``lst`` from its start (negative counts from the end), checked as Python does."""
    if not isinstance(index, Scalar) or not index.type.is_integer:
        raise TypingError("list indices must be integers", ctx.loc)
    n = _length(lst)
    at = ctx.temp(_from_end(ctx, index, n), "at")
    inside = E.logical_and(E.compare("ge", at, E.ZERO), E.compare("lt", at, n))
    ctx.emit(ir.Check(inside, "IndexError", what))
    return at


def _from_end(ctx: Context, index: Scalar, n: ir.Expr) -> ir.Expr:
    """A list position as Python reads it: a negative one counts from the end."""
    i = ctx.temp(E.as_index(index.expr), "ix")
    return ir.Select(E.compare("lt", i, E.ZERO), E.add(i, n), i, INT64)


def item(ctx: Context, lst: ListValue, at: ir.Expr) -> Scalar:
    """The item at checked position ``at``, with the list's (possibly weak) element type."""
    return Scalar(ctx.temp(E.cast(_load(lst, at), lst.elem), "item"))


def set_item(ctx: Context, lst: ListValue, index: Value, value: Value) -> None:
    """``l[i] = x``."""
    number = _number(ctx, value)  # Python evaluates the value before the index is checked
    store(ctx, lst, position(ctx, lst, index, "list assignment index out of range"), number)


def store(ctx: Context, lst: ListValue, at: ir.Expr, value: Value) -> None:
    """``value`` into the item at checked position ``at`` (its type joins the list's)."""
    number = _number(ctx, value)
    ctx.env.note_list_element(lst.key, number.type)
    ctx.emit(_store(lst, at, number.expr))


def list_length(lst: ListValue) -> Scalar:
    return Scalar(E.cast(_length(lst), PY_INT))


def call_list_method(
    ctx: Context, lst: ListValue, name: str, args: list[Value], kwargs: dict[str, Value]
) -> Value:
    if name == "sort" and not args and set(kwargs) <= {"reverse"}:
        sort_list(ctx, lst, _reverse_flag(ctx, kwargs.get("reverse")))
        return Const(None)
    if kwargs:
        raise TypingError(f"list.{name}() takes no keyword arguments", ctx.loc)
    if name == "append" and len(args) == 1:
        append(ctx, lst, args[0])
        return Const(None)
    if name == "pop" and len(args) <= 1:
        return _pop(ctx, lst, args[0] if args else Scalar(E.i64(-1)))
    if name == "clear" and not args:
        ctx.emit(ir.Assign(lst.length, E.ZERO))
        return Const(None)
    if name == "extend" and len(args) == 1:
        _extend(ctx, lst, args[0])
        return Const(None)
    if name == "reverse" and not args:
        _reverse(ctx, lst)
        return Const(None)
    if name == "copy" and not args:
        return copy_list(ctx, lst)
    return _search_method(ctx, lst, name, args)


def _search_method(ctx: Context, lst: ListValue, name: str, args: list[Value]) -> Value:
    """``index``, ``count``, ``insert`` and ``remove``."""
    if name == "index" and len(args) == 1:
        return Scalar(E.cast(_index(ctx, lst, args[0], None), PY_INT))
    if name == "count" and len(args) == 1:
        return _count(ctx, lst, args[0])
    if name == "insert" and len(args) == 2:
        _insert(ctx, lst, args[0], args[1])
        return Const(None)
    if name == "remove" and len(args) == 1:
        _remove(ctx, lst, args[0])
        return Const(None)
    raise UnsupportedError(f"list.{name}() with {len(args)} argument(s) in compiled code", ctx.loc)


def _pop(ctx: Context, lst: ListValue, index: Value) -> Scalar:
    """``l.pop(i)``: the item, then the later items move down one place."""
    n = _length(lst)
    ctx.emit(ir.Check(E.compare("gt", n, E.ZERO), "IndexError", "pop from empty list"))
    at = position(ctx, lst, index, "pop index out of range")
    value = item(ctx, lst, at)
    _close_gap(ctx, lst, at)
    return value


def _close_gap(ctx: Context, lst: ListValue, at: ir.Expr) -> None:
    """The item at ``at`` taken out: the later items move down one place."""
    n = ctx.temp(_length(lst), "n")
    _loop(ctx, at, E.sub(n, E.ONE), lambda k: _store(lst, k, _load(lst, E.add(k, E.ONE))))
    ctx.emit(ir.Assign(lst.length, E.sub(n, E.ONE)))


def _extend(ctx: Context, lst: ListValue, other: Value) -> None:
    if isinstance(other, TupleValue):
        for v in other.items:
            append(ctx, lst, v)
        return
    if not isinstance(other, ListValue):
        raise UnsupportedError("list.extend() of anything but a list or tuple in compiled code", ctx.loc)
    ctx.env.note_list_element(lst.key, other.elem)
    count = ctx.temp(_length(other), "n")  # l.extend(l) adds the items it had
    start = ctx.temp(_length(lst), "n")
    _reserve(ctx, lst, E.add(start, count))
    _loop(ctx, E.ZERO, count, lambda k: _store(lst, E.add(start, k), E.cast(_load(other, k), lst.elem)))
    ctx.emit(ir.Assign(lst.length, E.add(start, count)))


def list_array(ctx: Context, lst: ListValue, dtype: str | None = None) -> ArrayView:
    """``np.array(l)``: a new array of the items (NumPy's dtype for the numbers: int64 for
    Python ints, float64 for floats, unless ``dtype`` says otherwise)."""
    from kiln.frontend.advanced import new_array

    dtype = dtype or lst.elem.strong().dtype
    n = ctx.temp(_length(lst), "n")
    out = new_array(ctx, "array", dtype, (n,))
    _loop(ctx, E.ZERO, n, lambda k: ir.Store(out.base, (k,), E.cast(_load(lst, k), ScalarType(dtype))))
    return out


def items_view(ctx: Context, lst: ListValue) -> ArrayView:
    """The items as a view of the first ``length`` elements of the buffer."""
    whole = whole_view(lst.buf, _array_type(lst.elem))
    view = subscript(ctx, whole, [SliceSpec(None, _length(lst), 1)])
    assert isinstance(view, ArrayView)
    return view


def _reverse(ctx: Context, lst: ListValue) -> None:
    """``l.reverse()``: item ``k`` swaps with item ``n - 1 - k`` for the first half."""
    n = ctx.temp(_length(lst), "n")

    def swap(k: ir.Var) -> None:
        other = E.sub(E.sub(n, E.ONE), k)
        held = ctx.temp(_load(lst, k), "held")
        ctx.emit(ir.Store(lst.buf, (k,), _load(lst, other)))
        ctx.emit(ir.Store(lst.buf, (other,), held))

    _loop(ctx, E.ZERO, E.floordiv(n, E.i64(2)), swap)


def sort_list(ctx: Context, lst: ListValue, reverse: ir.Expr) -> None:
    """``l.sort(reverse=...)``: NumPy's stable sort of the items, so equal items (``0.0`` and
    ``-0.0``) keep their order as Python's stable sort keeps it; ``reverse`` sorts the reversed
    list and reverses the result, which is what Python's ``reverse=True`` gives equal items."""
    from kiln.frontend.np_sort import sort_in_place

    def reverse_if_asked() -> None:
        if isinstance(reverse, ir.Const):
            if reverse.value:
                _reverse(ctx, lst)
            return
        with ctx.block() as turn:
            _reverse(ctx, lst)
        ctx.emit(ir.If(reverse, tuple(turn)))

    reverse_if_asked()
    sort_in_place(ctx, items_view(ctx, lst), [], {"kind": Const("stable")})
    reverse_if_asked()


def copy_list(ctx: Context, lst: ListValue) -> ListValue:
    """``l.copy()``, ``list(l)``: a new list of the same items."""
    copied = new_list(ctx, f"{lst.key}:copy", [])
    ctx.env.note_list_element(copied.key, lst.elem)
    _extend(ctx, copied, lst)
    return copied


def contains(ctx: Context, lst: ListValue, value: Value) -> Scalar:
    """``x in l``: whether some item equals ``x``."""
    return Scalar(E.compare("ge", _first_index(ctx, lst, value), E.ZERO))


def _equal_to(ctx: Context, lst: ListValue, value: Value) -> Callable[[ir.Expr], ir.Expr]:
    """Whether the item at a position equals ``value`` (compared in their common type)."""
    number = _number(ctx, value)
    x = ctx.temp(number.expr, "x")
    t = promote(ScalarType(lst.elem.dtype), number.type)
    return lambda k: E.compare("eq", E.cast(_load(lst, k), t), E.cast(x, t))


def _first_index(ctx: Context, lst: ListValue, value: Value) -> ir.Var:
    """The position of the first item equal to ``value`` (the items compared in order until
    one is), -1 where none is."""
    same = _equal_to(ctx, lst, value)
    at = ir.Var(ctx.fresh("at"), INT64)
    ctx.declare(at.name, INT64)
    ctx.emit(ir.Assign(at.name, E.i64(-1)))

    def test(k: ir.Var) -> None:
        with ctx.block() as stop:
            ctx.emit(ir.Assign(at.name, k))
            ctx.emit(ir.Break())
        ctx.emit(ir.If(same(k), tuple(stop)))

    _loop(ctx, E.ZERO, _length(lst), test)
    return at


def _index(ctx: Context, lst: ListValue, value: Value, what: str | None) -> ir.Var:
    """``l.index(x)``: the first position of ``x``, Python's ValueError where it is not there
    (``what``, or Python's "x is not in list" with an integer ``x`` shown; other values are not
    shown, since checks format integers only)."""
    at = _first_index(ctx, lst, value)
    found = E.compare("ge", at, E.ZERO)
    if what is not None:
        ctx.emit(ir.Check(found, "ValueError", what))
    elif isinstance(value, Scalar) and value.type.is_integer:
        ctx.emit(ir.Check(found, "ValueError", "%lld is not in list", (E.cast(value.expr, INT64),)))
    else:
        ctx.emit(ir.Check(found, "ValueError", "the value is not in list"))
    return at


def _count(ctx: Context, lst: ListValue, value: Value) -> Scalar:
    """``l.count(x)``: how many items equal ``x``."""
    same = _equal_to(ctx, lst, value)
    total = ctx.fresh("count")
    ctx.declare(total, INT64)
    ctx.emit(ir.Assign(total, E.ZERO))
    _loop(
        ctx,
        E.ZERO,
        _length(lst),
        lambda k: ir.Assign(total, E.add(ir.Var(total, INT64), E.cast(same(k), INT64))),
    )
    return Scalar(E.cast(ir.Var(total, INT64), PY_INT))


def _insert(ctx: Context, lst: ListValue, index: Value, value: Value) -> None:
    """``l.insert(i, x)``: ``i`` clamped to the list as Python clamps it, the later items moved
    up one place, ``x`` put at ``i``."""
    if not isinstance(index, Scalar) or not index.type.is_integer:
        raise TypingError("'float' object cannot be interpreted as an integer", ctx.loc)
    number = _number(ctx, value)
    x = Scalar(ctx.temp(number.expr, "item"))
    n = ctx.temp(_length(lst), "n")
    at = ctx.temp(E.imin(E.imax(_from_end(ctx, index, n), E.ZERO), n), "at")
    _reserve(ctx, lst, E.add(n, E.ONE))
    # from the end down, so that no item is overwritten before it moves
    _loop(ctx, E.sub(n, E.ONE), E.sub(at, E.ONE), lambda k: _store(lst, E.add(k, E.ONE), _load(lst, k)), -1)
    store(ctx, lst, at, x)
    ctx.emit(ir.Assign(lst.length, E.add(n, E.ONE)))


def _remove(ctx: Context, lst: ListValue, value: Value) -> None:
    """``l.remove(x)``: the first item equal to ``x`` taken out, the later ones moved down."""
    _close_gap(ctx, lst, _index(ctx, lst, value, "list.remove(x): x not in list"))


def _reverse_flag(ctx: Context, value: Value | None) -> ir.Expr:
    """``reverse=`` as a truth value (known when compiling, or tested when the code runs)."""
    if value is None:
        return E.bool_false()
    if not isinstance(value, Scalar):
        raise TypingError("sort(reverse=...) needs a number or a boolean", ctx.loc)
    return ctx.temp(E.cast(value.expr, ScalarType("bool")), "reverse")


def sorted_items(ctx: Context, value: Value, kwargs: dict[str, Value]) -> ListValue:
    """``sorted(x, reverse=...)`` of a list, a tuple of numbers or a 1-d array: a new list."""
    if set(kwargs) - {"reverse"}:
        raise UnsupportedError("sorted() with a key in compiled code", ctx.loc)
    if isinstance(value, ListValue):
        items = copy_list(ctx, value)
    elif isinstance(value, TupleValue):
        items = new_list(ctx, f"sorted@{ctx.loc.line}:{ctx.loc.col}", list(value.items))
    elif isinstance(value, ArrayView) and value.ndim == 1:
        items = new_list(ctx, f"sorted@{ctx.loc.line}:{ctx.loc.col}", [])
        ctx.env.note_list_element(items.key, ScalarType(value.dtype))
        n = ctx.temp(value.shape[0], "n")
        _reserve(ctx, items, n)
        _loop(ctx, E.ZERO, n, lambda k: _store(items, k, value.load((k,))))
        ctx.emit(ir.Assign(items.length, n))
    else:
        raise UnsupportedError("sorted() of anything but a list, a tuple or a 1-d array", ctx.loc)
    sort_list(ctx, items, _reverse_flag(ctx, kwargs.get("reverse")))
    return items
