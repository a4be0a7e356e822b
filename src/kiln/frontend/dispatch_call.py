"""Deciding what a call means, and inlining calls to the user's own functions."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import calls, dicts
from kiln.frontend import exprs as E
from kiln.frontend.callargs import dtype_arg, shape_arg
from kiln.frontend.closures import InnerFunction, bind_arguments
from kiln.frontend.context import Context
from kiln.frontend.lists import call_list_method, copy_list, list_array, sorted_items
from kiln.frontend.lower_exprs import call_arguments, describe
from kiln.frontend.np_apply import apply_along_axis, call_vectorized, make_vectorized, vectorized_of
from kiln.frontend.numpy_ops import Handler, lookup_numpy
from kiln.frontend.printing import print_call, str_call
from kiln.frontend.records import RecordMethod
from kiln.frontend.records import construct as construct_record
from kiln.frontend.recursion import invoke
from kiln.frontend.source import ParsedFunction, parse_function
from kiln.frontend.values import (
    BoundMethod,
    Const,
    DictValue,
    DType,
    Intrinsic,
    Lazy,
    ListValue,
    Scalar,
    TupleValue,
    Value,
)
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer

MAX_INLINE_DEPTH = 32


def _call_method(low: Lowerer, func: BoundMethod, args: list[Value], kwargs: dict[str, Value]) -> Value:
    ctx = low.ctx
    if isinstance(func.receiver, DictValue):
        if kwargs:
            raise TypingError(f"dict.{func.name}() takes no keyword arguments", ctx.loc)
        return dicts.method(low, func.receiver, func.name, args)
    if isinstance(func.receiver, ListValue):
        return call_list_method(ctx, func.receiver, func.name, args, kwargs)
    return calls.call_method(ctx, func.receiver, func.name, args, kwargs)


def _call_numpy(
    ctx: Context, f: object, handler: Handler, args: list[Value], kwargs: dict[str, Value]
) -> Value:
    """NumPy reads a list built in compiled code as the array of its items (``np.array`` and
    ``np.asarray`` make that array themselves, of the ``dtype`` they are given)."""
    if f is not np.array and f is not np.asarray:
        args = [list_array(ctx, a) if isinstance(a, ListValue) else a for a in args]
    return handler(ctx, list(args), dict(kwargs))


def _special_call(low: Lowerer, f: object, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """``print``, ``str``, ``sorted``, ``list``, ``tuple``, record classes and
    ``np.fromfunction``; None for any other function."""
    ctx = low.ctx
    if f is np.fromfunction:
        return _fromfunction(low, args, kwargs)
    if f is np.vectorize:
        return make_vectorized(low, args, kwargs)
    if f is np.apply_along_axis:
        return apply_along_axis(low, args, kwargs)
    vectorized = vectorized_of(f)
    if vectorized is not None:
        return call_vectorized(low, vectorized, args, kwargs)
    if f is print:
        return print_call(ctx, args, kwargs)
    if f is str and not kwargs:
        return str_call(ctx, args)
    if f is sorted and len(args) == 1:
        return sorted_items(ctx, args[0], kwargs)
    if f is list and len(args) == 1 and not kwargs and isinstance(args[0], ListValue):
        return copy_list(ctx, args[0])
    if f is tuple and not kwargs and len(args) == 1 and isinstance(args[0], TupleValue):
        return TupleValue(args[0].items)  # a list (or tuple) of known length as a tuple
    if isinstance(f, type):
        return construct_record(ctx, f, args, kwargs)  # a NamedTuple or dataclass instance
    return None


def _fromfunction(low: Lowerer, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.fromfunction(function, shape, dtype=float, **kwargs)``: ``function`` called once, as
    NumPy calls it, with one array of coordinates per axis (of ``dtype``) and the other keyword
    arguments; its result is the result, whatever it is."""
    ctx = low.ctx
    rest = dict(kwargs)
    given = list(args) + [rest.pop(k) for k in ("function", "shape")[len(args) :] if k in rest]
    if len(given) != 2:
        raise TypingError("fromfunction() takes a function and a shape", ctx.loc)
    if "like" in rest:
        raise UnsupportedError("np.fromfunction(like=...)", ctx.loc)
    function, shape = given
    dtype = dtype_arg(ctx, rest.pop("dtype", None), "float64") or "float64"
    t = ScalarType(dtype)
    dims = tuple(ctx.temp(E.imax(d, E.ZERO), "n") for d in shape_arg(ctx, shape))
    coords = [Lazy(dtype, dims, _coordinate(k, t), ()) for k in range(len(dims))]
    return dispatch_call(low, function, list(coords), rest)


def _coordinate(axis: int, t: ScalarType) -> Callable[[tuple[ir.Expr, ...]], ir.Expr]:
    return lambda idx: E.cast(idx[axis], t)


def dispatch_call(low: Lowerer, func: Value, args: list[Value], kwargs: dict[str, Value]) -> Value:
    ctx = low.ctx
    if isinstance(func, BoundMethod):
        return _call_method(low, func, args, kwargs)
    if isinstance(func, DType):
        return calls.call_dtype(ctx, func, args)
    if not isinstance(func, Const):
        raise TypingError(f"{describe(func)} is not callable", ctx.loc)
    f = func.value
    from kiln.frontend.prange import prange

    if f is prange:
        return calls.builtin_range(ctx, args, parallel=True)
    if getattr(type(f), "__kiln_intrinsic__", False):  # kernel intrinsics: kiln.syncthreads() ...
        return cast(Intrinsic, f).kiln_call(low, args, kwargs)
    built_in = _special_call(low, f, args, kwargs)
    if built_in is not None:
        return built_in
    handler = lookup_numpy(f)
    if handler is not None:
        return _call_numpy(ctx, f, handler, args, kwargs)
    result = calls.call_builtin(ctx, f, args, kwargs)
    if result is None and not kwargs:
        result = calls.call_math(ctx, f, args)
    if result is not None:
        return result
    if isinstance(f, InnerFunction):
        return inline_inner(low, f, args, kwargs)
    if isinstance(f, RecordMethod):
        return inline_call(low, f.func, [f.receiver, *args], kwargs)
    target = getattr(f, "py_func", f)  # a @kiln.jit function called from another one
    # NumPy's (and SciPy's) own Python functions are library code, not the user's: kiln implements
    # what it supports of them; inlining their internals would fail deep inside with a confusing error.
    library = (getattr(target, "__module__", None) or "").split(".")[0] in ("numpy", "scipy")
    if isinstance(target, types.FunctionType) and not library:
        return inline_call(low, target, args, kwargs)
    name = getattr(f, "__qualname__", getattr(f, "__name__", repr(f)))
    module = getattr(f, "__module__", None) or ""
    shown = f"{module}.{name}" if module and module != "builtins" else name
    raise UnsupportedError(f"call to '{shown}' is not supported", ctx.loc)


def inline_call(low: Lowerer, fn: types.FunctionType, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Lower ``fn``'s body in place, with its own names, leaving through a Block."""
    ctx = low.ctx
    if fn in low.call_stack:
        return invoke(ctx, ctx.recursion, fn, args, kwargs)
    return inline_parsed(low, parse_function(fn), call_arguments(ctx, fn, args, kwargs), fn)


def inline_inner(low: Lowerer, inner: InnerFunction, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """A call of a ``lambda`` or nested ``def``: its free names are read from the scope that
    defined it (see kiln.frontend.closures)."""
    if inner in low.call_stack:
        raise UnsupportedError(
            f"recursive call to '{inner.name}', a function defined inside compiled code: "
            "define it at module level to make it recursive",
            low.ctx.loc,
        )
    arguments = bind_arguments(inner, args, kwargs, low)
    return inline_parsed(low, inner.parsed, arguments, inner, outer=inner.definer)


def inline_parsed(
    low: Lowerer,
    parsed: ParsedFunction,
    arguments: dict[str, Value],
    key: object,
    outer: Lowerer | None = None,
) -> Value:
    """Lower a function's body in place with ``arguments`` bound to its parameters."""
    from kiln.frontend.lower_stmts import Lowerer, Scope, check_returnable

    ctx = low.ctx
    if len(low.call_stack) > MAX_INLINE_DEPTH:
        raise UnsupportedError("calls nested too deeply", ctx.loc)
    ctx.inlined += 1
    stem = parsed.tree.name if parsed.tree.name.isidentifier() else "lambda"
    label = f"c{ctx.inlined}_{stem}"
    scope = Scope(parsed, prefix=f"{label}_", exit_label=label, outer=outer)
    callee = Lowerer(ctx, scope, low.call_stack, key=key)
    with ctx.block() as body:
        for name, value in arguments.items():
            _bind_param(callee, name, value, parsed.locals)
        callee.start_scope()
        callee.lower_body(parsed.tree.body)
    stmts = list(body)
    if stmts and isinstance(stmts[-1], ir.Exit) and stmts[-1].label == label:
        stmts.pop()  # a return at the end leaves the block where it ends anyway
    ctx.emit(ir.Block(label, tuple(stmts)))
    check_returnable(scope.ret_kind, ctx.loc)
    if scope.ret_value is None:
        return Const(None)
    if isinstance(scope.ret_value, Const) and isinstance(scope.ret_value.value, InnerFunction):
        raise UnsupportedError("returning a function defined inside compiled code", ctx.loc)
    return scope.ret_value


def _bind_param(callee: Lowerer, name: str, value: Value, assigned: frozenset[str]) -> None:
    """Scalars are copied (the caller's expression may read memory the callee writes),
    lazies computed once, arrays passed as views (re-bound if the callee assigns the name)."""
    copy_scalar = isinstance(value, Scalar) and not isinstance(value.expr, ir.Const)
    if isinstance(value, Const) and value.value is None:
        callee.bind_none_param(name)
    elif isinstance(value, Lazy) or name in assigned or copy_scalar:
        callee.bind(name, value)
    else:
        callee.scope.names[name] = value
