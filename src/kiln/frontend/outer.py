"""``np.outer`` and the ``outer`` method of binary ufuncs (``np.add.outer`` ...), as lazy
element-wise expressions: ``np.minimum(d, np.add.outer(x, y))`` is one loop nest."""

from __future__ import annotations

import types
from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import Operand, as_lazy
from kiln.frontend.callargs import REQUIRED, bind_args, is_none
from kiln.frontend.context import Context
from kiln.frontend.ufuncs import UFUNCS, apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, Value, describe

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]

# ufunc methods kiln can reach as attributes (``np.add.outer``).
UFUNC_METHODS = frozenset({"outer"})


def _operand(ctx: Context, v: Value, what: str) -> Operand:
    if isinstance(v, Scalar | ArrayView | Lazy):
        return v
    raise TypingError(f"{what}: unsupported operand {describe(v)}", ctx.loc)


def _with_unit_axes(value: Operand, count: int) -> Operand:
    """``value`` with ``count`` trailing axes of extent 1 (``value[..., None]``), lazily."""
    if isinstance(value, Scalar) or count == 0:
        return value
    lazy = as_lazy(value)
    keep = lazy.ndim
    return Lazy(lazy.dtype, lazy.shape + (E.ONE,) * count, lambda idx: lazy.element(idx[:keep]), lazy.reads)


def ufunc_outer(ctx: Context, name: str, a: Operand, b: Operand) -> Scalar | Lazy:
    """``np.<name>.outer(a, b)``: ``result[i..., j...] = f(a[i...], b[j...])``."""
    a, b = _strong(a), _strong(b)
    b_ndim = 0 if isinstance(b, Scalar) else b.ndim
    return apply_ufunc(ctx, name, [_with_unit_axes(a, b_ndim), b])


def _strong(value: Operand) -> Operand:
    """``ufunc.outer`` converts its operands with ``np.asarray``: a Python number becomes a 0-d
    array of its default dtype, which takes part in type promotion (``add.outer(3, uint8)`` is
    int64)."""
    if isinstance(value, Scalar) and value.type.weak:
        return Scalar(E.cast(value.expr, value.type.strong()))
    return value


def _flat(ctx: Context, value: Operand) -> ArrayView | Lazy:
    """``np.ravel(value)``; a number becomes a 1-element array."""
    from kiln.frontend.numpy_ops import reshape

    if isinstance(value, Scalar):
        expr = value.expr
        return Lazy(value.type.dtype, (E.ONE,), lambda idx: expr, ())
    if value.ndim == 1:
        return value
    return reshape(ctx, value, (E.i64(-1),))


def np_outer(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.outer(a, b)``: both operands flattened, then ``multiply.outer``."""
    b = bind_args(ctx, "outer", args, kwargs, [("a", REQUIRED), ("b", REQUIRED), ("out", None)])
    if not is_none(b["out"]):
        raise UnsupportedError("np.outer(..., out=...)", ctx.loc)
    a, c = (_flat(ctx, _operand(ctx, b[k], "np.outer")) for k in ("a", "b"))
    return ufunc_outer(ctx, "multiply", a, c)


def _outer_handler(name: str) -> Handler:
    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        if kwargs:
            raise UnsupportedError(f"np.{name}.outer() keyword '{next(iter(kwargs))}'", ctx.loc)
        if len(args) != 2:
            raise TypingError(f"np.{name}.outer() takes 2 arguments, got {len(args)}", ctx.loc)
        a, c = (_operand(ctx, v, f"np.{name}.outer") for v in args)
        return ufunc_outer(ctx, name, a, c)

    return handler


def lookup_ufunc_method(func: object) -> Handler | None:
    """The handler of ``np.<ufunc>.outer`` for a binary ufunc kiln supports, else None."""
    if not isinstance(func, types.BuiltinMethodType) or func.__name__ not in UFUNC_METHODS:
        return None
    owner = getattr(func, "__self__", None)
    if not isinstance(owner, np.ufunc) or owner.nin != 2 or owner.__name__ not in UFUNCS:
        return None
    return _outer_handler(owner.__name__)
