"""Recursive functions: a call of a function that is already being lowered.

Calls are inlined, which recursion cannot be: a call of a function on the call stack instead
becomes an ``Invoke`` of a *helper*, the function lowered on its own for the types of the
call's arguments (its typed signature, inferred from the first call, as Numba does) and
compiled as a separate C function. The helper's own recursive calls invoke it in turn.

Its result type is found by a fixpoint: the helper is lowered with its recursive calls
assumed to return a Python bool, the least of the number types (a Python int when bool does
not suit the code); if its returns make another type (``return 1.0`` in a base case,
``0.5 * f(n - 1)``), it is lowered again assuming that type, until the two agree.
Arguments are numbers and arrays (views are passed as views: the helper stores into the
caller's elements, which the caller learns from the helper, as from any inlined call); the
result is one number or nothing.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from kiln.errors import LocatedError, UnsupportedError
from kiln.frontend.arrays import materialize
from kiln.frontend.context import Context
from kiln.frontend.lower_exprs import call_arguments
from kiln.frontend.source import parse_function
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value, describe
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.types import PY_BOOL, PY_INT, ArrayType, ScalarType

MAX_RESULT_GUESSES = 6
Lower = Callable[..., ir.Function]  # kiln.frontend.python.lower_function


@dataclass
class Helper:
    """A recursive function compiled for one signature: the name its ``Invoke``s call, the
    result type assumed so far (None: it returns nothing) and, once settled, its IR."""

    name: str
    result: ScalarType | None
    writes: frozenset[int] = frozenset()  # positions of the array parameters it stores into
    function: ir.Function | None = None


@dataclass
class Recursion:
    """The helpers of one compile, shared by the function and every helper lowered for it.
    ``lower`` lowers a function for argument types (passed in: the entry point of the
    frontend sits above this module)."""

    lower: Lower
    helpers: dict[tuple[object, tuple[ScalarType | ArrayType, ...]], Helper] = field(default_factory=dict)

    def functions(self) -> tuple[ir.Function, ...]:
        return tuple(h.function for h in self.helpers.values() if h.function is not None)

    def helper(
        self, fn: types.FunctionType, arg_types: tuple[ScalarType | ArrayType, ...], ctx: Context
    ) -> Helper:
        """The helper for ``fn`` at ``arg_types``: compiled now unless known (one being
        compiled answers with the result type assumed so far)."""
        key = (fn, arg_types)
        known = self.helpers.get(key)
        if known is not None:
            return known
        _refuse_tuple_returns(fn, ctx)
        stem = re.sub(r"\W", "_", fn.__name__)  # a C name, also for a lambda bound to a global
        helper = Helper(f"{stem}_{len(self.helpers) + 1}", PY_BOOL)
        self.helpers[key] = helper
        first_after = len(self.helpers)
        for _ in range(MAX_RESULT_GUESSES):
            self._forget_from(first_after)  # compiled under an earlier guess of this one's result
            try:
                lowered = self.lower(fn, arg_types, ctx.options, recursion=self)
            except LocatedError:
                if helper.result != PY_BOOL:
                    raise
                helper.result = PY_INT  # the first guess, bool, may not suit (``-f(n)``)
                continue
            result = _result_type(lowered, fn, ctx)
            writes = frozenset(k for k, p in enumerate(lowered.params) if p.name in lowered.written_params)
            if result == helper.result and writes == helper.writes:
                helper.function = dataclasses.replace(lowered, name=helper.name)
                return helper
            helper.result, helper.writes = result, writes
        raise UnsupportedError(f"the result type of recursive '{fn.__name__}' does not settle", ctx.loc)

    def _forget_from(self, count: int) -> None:
        for key in list(self.helpers)[count:]:
            del self.helpers[key]


def _refuse_tuple_returns(fn: types.FunctionType, ctx: Context) -> None:
    """Said before lowering: a tuple result would first fail where a call's result is unpacked."""
    tree = parse_function(fn).tree
    if any(isinstance(n, ast.Return) and isinstance(n.value, ast.Tuple) for n in ast.walk(tree)):
        raise UnsupportedError(_ONE_NUMBER.format(name=fn.__name__, what="one number or nothing"), ctx.loc)


_ONE_NUMBER = "recursive '{name}' returns a tuple, an array or a list: a recursive function returns {what}"


def _result_type(lowered: ir.Function, fn: types.FunctionType, ctx: Context) -> ScalarType | None:
    if not lowered.results and not lowered.result_is_tuple:
        return None
    result = lowered.results[0] if len(lowered.results) == 1 else None
    if isinstance(result, ScalarType) and not lowered.result_is_tuple and not lowered.list_results:
        return result
    raise UnsupportedError(_ONE_NUMBER.format(name=fn.__name__, what="one number or nothing"), ctx.loc)


def invoke(
    ctx: Context, recursion: Recursion, fn: types.FunctionType, args: list[Value], kwargs: dict[str, Value]
) -> Value:
    """A recursive call of ``fn``: an ``Invoke`` of its helper for these argument types."""
    if ctx.kernel is not None:
        raise UnsupportedError(f"recursive call to '{fn.__name__}' in a kernel", ctx.loc)
    values = [
        _argument(ctx, fn, name, value) for name, value in call_arguments(ctx, fn, args, kwargs).items()
    ]
    helper = recursion.helper(fn, tuple(_type_of(ctx, v) for v in values), ctx)
    numbers = tuple(v.expr for v in values if isinstance(v, Scalar))
    arrays = tuple(v.base for v in values if isinstance(v, ArrayView))
    for k, value in enumerate(values):
        if k in helper.writes and isinstance(value, ArrayView):
            ctx.written_arrays.add(value.base)
    if helper.result is None:
        ctx.emit(ir.Invoke(helper.name, numbers, arrays=arrays))
        return Const(None)
    target = ctx.fresh("ret")
    ctx.declare(target, helper.result)
    ctx.emit(ir.Invoke(helper.name, numbers, target, arrays))
    return Scalar(ir.Var(target, helper.result))


def _argument(ctx: Context, fn: types.FunctionType, name: str, value: Value) -> Scalar | ArrayView:
    """A number, or an array with a name of its own (a view is bound, an expression computed)."""
    if isinstance(value, Lazy):
        value = materialize(ctx, value)
    if isinstance(value, ArrayView):
        return bind_view(ctx, value)
    if isinstance(value, Scalar):
        return value
    raise UnsupportedError(
        f"recursive call to '{fn.__name__}' with {describe(cast(Value, value))} for '{name}': "
        "a recursive function takes numbers and arrays",
        ctx.loc,
    )


def _type_of(ctx: Context, value: Scalar | ArrayView) -> ScalarType | ArrayType:
    if isinstance(value, Scalar):
        return value.type
    t = ctx.env.types.get(value.base, value.base_type)
    assert isinstance(t, ArrayType)
    return t
