"""``numpy.random.Generator`` in compiled code: one passed as an argument, or made by
``np.random.default_rng(seed)``, and its methods ``random``, ``standard_normal``, ``normal``,
``uniform``, ``exponential``, ``poisson``, ``binomial``, ``integers``, ``choice``,
``permutation`` and ``shuffle``. A generator is a handle (kiln.runtime.generators) and each
draw calls the object's own method (a library call, ``ir.ops.GENERATOR_CALLS``), so the numbers
are the ones NumPy draws for the same seed, bit for bit, and the generator a caller passed is
left in the state NumPy would leave it in. Draws are effects: passes keep their order and keep
them out of parallel loops (a ``prange`` loop that draws runs in order). The distributions'
parameters are numbers, as for ``np.random``'s own functions (kiln.frontend.np_random)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, materialize
from kiln.frontend.callargs import REQUIRED, bind_args, dtype_arg, is_none, number_value, shape_arg
from kiln.frontend.context import Context
from kiln.frontend.np_random import number_box
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value, describe
from kiln.frontend.views import bind_view
from kiln.ir import nodes as ir
from kiln.ir.ops import choice_call
from kiln.ir.types import INT64, PY_FLOAT, PY_INT, ScalarType

# method -> (its parameters and defaults, the dtype it draws, the Python type of one draw)
_DISTRIBUTIONS: dict[str, tuple[tuple[tuple[str, object], ...], str, ScalarType]] = {
    "normal": ((("loc", 0.0), ("scale", 1.0)), "float64", PY_FLOAT),
    "uniform": ((("low", 0.0), ("high", 1.0)), "float64", PY_FLOAT),
    "exponential": ((("scale", 1.0),), "float64", PY_FLOAT),
    "poisson": ((("lam", 1.0),), "int64", PY_INT),
    "binomial": ((("n", REQUIRED), ("p", REQUIRED)), "int64", PY_INT),
}
METHODS = frozenset(
    {*_DISTRIBUTIONS, "random", "standard_normal", "integers", "choice", "permutation", "shuffle"}
)


@dataclass(frozen=True)
class Generator:
    """A ``numpy.random.Generator`` while compiling: ``handle`` holds its number at run time."""

    handle: ir.Expr
    __kiln_intrinsic__ = True

    def __repr__(self) -> str:
        return "a numpy.random.Generator"

    def kiln_attribute(self, ctx: Context, attr: str) -> Value:
        if attr not in METHODS:
            raise UnsupportedError(f"Generator.{attr} in compiled code", ctx.loc)
        return Const(GeneratorMethod(self, attr))

    def kiln_call(self, low: Any, args: list[Value], kwargs: dict[str, Value]) -> Value:
        raise TypingError("'numpy.random.Generator' object is not callable", low.ctx.loc)


@dataclass(frozen=True)
class GeneratorMethod:
    generator: Generator
    name: str
    __kiln_intrinsic__ = True

    def __repr__(self) -> str:
        return f"the method 'Generator.{self.name}'"

    def kiln_attribute(self, ctx: Context, attr: str) -> Value:
        raise UnsupportedError(f"attribute '{attr}' of Generator.{self.name}", ctx.loc)

    def kiln_call(self, low: Any, args: list[Value], kwargs: dict[str, Value]) -> Value:
        ctx: Context = low.ctx
        if ctx.kernel is not None:
            raise UnsupportedError(f"Generator.{self.name} inside a kernel", ctx.loc)
        return _METHODS[self.name](ctx, self.generator, args, kwargs)


def generator_parameter(handle: ir.Expr) -> Value:
    return Const(Generator(handle))


def _box(ctx: Context, name: str, value: Value, integer: bool, method: str) -> str:
    return number_box(ctx, f"Generator.{method}", name, value, integer)


def _handle(ctx: Context, g: Generator) -> str:
    """The generator's handle as a 0-d int64 array, the input NumPy's call gets as ``rng``."""
    handle = new_array(ctx, "rng", "int64", ())
    ctx.emit(ir.Store(handle.base, (), E.cast(g.handle, INT64)))
    return handle.base


def _size(ctx: Context, value: Value) -> tuple[ir.Expr, ...] | None:
    return None if is_none(value) else tuple(shape_arg(ctx, value))


def _flag(ctx: Context, value: object, what: str) -> bool:
    """A keyword that must be known when compiling (``replace=False``)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, Const) and isinstance(value.value, bool):
        return value.value
    if isinstance(value, Scalar) and isinstance(value.expr, ir.Const) and value.expr.type.is_bool:
        return bool(value.expr.value)
    raise UnsupportedError(f"{what} must be True or False where it is written", ctx.loc)


def _draw(
    ctx: Context,
    call: str,
    generator: Generator,
    inputs: tuple[str, ...],
    numbers: tuple[str, ...],
    shape: tuple[ir.Expr, ...] | None,
    dtype: str,
    one: ScalarType,
) -> Value:
    """One library call: an array of ``shape``, or one number of type ``one`` (shape None).
    ``inputs`` are the arrays passed first, ``numbers`` the boxed numbers after the handle."""
    handle = _handle(ctx, generator)
    out = new_array(ctx, "draw", dtype, shape if shape is not None else ())
    name = call if shape is not None else f"{call}:1"
    ctx.emit(ir.LibCall(name, (out.base,), (*inputs, handle, *numbers)))
    if shape is not None:
        return out
    return Scalar(ctx.temp(E.cast(as_lazy(out).element(()), one), "draw"))


Method = Callable[[Context, Generator, list[Value], dict[str, Value]], Value]


def _distribution(method: str) -> Method:
    params, dtype, one = _DISTRIBUTIONS[method]

    def lower(ctx: Context, g: Generator, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, method, args, kwargs, [*params, ("size", None)])
        boxes = tuple(_box(ctx, n, number_value(b[n]), n == "n", method) for n, _ in params)
        return _draw(ctx, f"rng_{method}", g, (), boxes, _size(ctx, b["size"]), dtype, one)

    return lower


def _standard(method: str) -> Method:
    """``random`` and ``standard_normal``: ``size``, ``dtype`` (float64 or float32), ``out=None``."""

    def lower(ctx: Context, g: Generator, args: list[Value], kwargs: dict[str, Value]) -> Value:
        b = bind_args(ctx, method, args, kwargs, [("size", None), ("dtype", None), ("out", None)])
        if not is_none(b["out"]):
            raise UnsupportedError(f"Generator.{method}(out=...)", ctx.loc)
        dtype = dtype_arg(ctx, b["dtype"], "float64")
        if dtype not in ("float64", "float32"):
            raise TypingError(f"Unsupported dtype {dtype!r} for {method}", ctx.loc)
        return _draw(ctx, f"rng_{method}+{dtype}", g, (), (), _size(ctx, b["size"]), dtype, PY_FLOAT)

    return lower


def _integers(ctx: Context, g: Generator, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("low", REQUIRED), ("high", None), ("size", None), ("dtype", None), ("endpoint", False)]
    b = bind_args(ctx, "integers", args, kwargs, params)
    if dtype_arg(ctx, b["dtype"], "int64") != "int64":
        raise UnsupportedError("Generator.integers(dtype=...) other than int64", ctx.loc)
    bounds = ("low",) if is_none(b["high"]) else ("low", "high")
    boxes = tuple(_box(ctx, n, number_value(b[n]), True, "integers") for n in bounds)
    endpoint = "+endpoint" if _flag(ctx, b["endpoint"], "integers(endpoint=...)") else ""
    call = f"rng_integers+{'_'.join(bounds)}{endpoint}"
    return _draw(ctx, call, g, (), boxes, _size(ctx, b["size"]), "int64", INT64)


def _array(ctx: Context, value: Value, what: str) -> ArrayView | None:
    """An array argument bound to an IR array of its own; None for a number."""
    if isinstance(value, Lazy):
        value = materialize(ctx, value)
    if isinstance(value, ArrayView):
        if value.ndim == 0:
            return None
        return bind_view(ctx, value)
    if isinstance(value, Scalar):
        return None
    raise UnsupportedError(f"Generator.{what}() of {describe(value)}", ctx.loc)


def _as_number(ctx: Context, value: Value) -> Value:
    if isinstance(value, ArrayView | Lazy):
        return Scalar(as_lazy(value).element(()))
    return value


def _choice(ctx: Context, g: Generator, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("size", None), ("replace", True), ("p", None), ("axis", 0), ("shuffle", True)]
    b = bind_args(ctx, "choice", args, kwargs, params)
    _axis_zero(ctx, b["axis"], "choice")
    replace = _flag(ctx, b["replace"], "choice(replace=...)")
    shuffle = _flag(ctx, b["shuffle"], "choice(shuffle=...)")
    a = _array(ctx, number_value(b["a"]), "choice")
    if a is not None and a.ndim != 1:
        raise UnsupportedError("Generator.choice() of an array of more than one dimension", ctx.loc)
    arrays: tuple[str, ...] = (a.base,) if a is not None else ()
    numbers = (
        () if a is not None else (_box(ctx, "a", _as_number(ctx, number_value(b["a"])), True, "choice"),)
    )
    given = "a" if a is not None else "n"
    if not is_none(b["p"]):
        p = _array(ctx, b["p"], "choice")
        if p is None or p.ndim != 1:
            raise UnsupportedError("Generator.choice(p=...) other than a 1-d array", ctx.loc)
        arrays, given = (*arrays, p.base), f"{given}_p"
    call = choice_call(given, replace, shuffle)
    dtype = a.dtype if a is not None else "int64"
    one = ScalarType(dtype) if a is not None else PY_INT
    return _draw(ctx, call, g, arrays, numbers, _size(ctx, b["size"]), dtype, one)


def _is_zero(value: object) -> bool:
    return isinstance(value, Scalar) and isinstance(value.expr, ir.Const) and value.expr.value == 0


def _axis_zero(ctx: Context, value: object, method: str) -> None:
    if not ((isinstance(value, int) and value == 0) or _is_zero(value)):
        raise UnsupportedError(f"Generator.{method}(axis=...) other than 0", ctx.loc)


def _permutation(ctx: Context, g: Generator, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "permutation", args, kwargs, [("x", REQUIRED), ("axis", 0)])
    _axis_zero(ctx, b["axis"], "permutation")
    x = _array(ctx, number_value(b["x"]), "permutation")
    handle = _handle(ctx, g)
    if x is not None:
        out = new_array(ctx, "permutation", x.dtype, x.shape)
        ctx.emit(ir.LibCall("rng_permutation", (out.base,), (x.base, handle)))
        return out
    count = _as_number(ctx, number_value(b["x"]))
    n = _box(ctx, "x", count, True, "permutation")
    assert isinstance(count, Scalar)
    extent = ctx.temp(E.imax(E.cast(count.expr, INT64), E.ZERO), "n")
    out = new_array(ctx, "permutation", "int64", (extent,))
    ctx.emit(ir.LibCall("rng_permutation+n", (out.base,), (handle, n)))
    return out


def _shuffle(ctx: Context, g: Generator, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``rng.shuffle(x)``: ``x``'s own elements, shuffled along the first axis; returns None."""
    b = bind_args(ctx, "shuffle", args, kwargs, [("x", REQUIRED), ("axis", 0)])
    _axis_zero(ctx, b["axis"], "shuffle")
    x = b["x"]
    if not isinstance(x, ArrayView) or x.ndim == 0:
        shown = describe(x)
        raise UnsupportedError(f"Generator.shuffle() of {shown} (it shuffles an array in place)", ctx.loc)
    ctx.written_arrays.add(x.base)
    target = bind_view(ctx, x)
    handle = _handle(ctx, g)
    ctx.emit(ir.LibCall("rng_shuffle", (target.base,), (target.base, handle)))
    return Const(None)


_METHODS: dict[str, Method] = {
    **{m: _distribution(m) for m in _DISTRIBUTIONS},
    "random": _standard("random"),
    "standard_normal": _standard("standard_normal"),
    "integers": _integers,
    "choice": _choice,
    "permutation": _permutation,
    "shuffle": _shuffle,
}


def default_rng(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.random.default_rng(seed=None)``: a new generator, seeded by an integer or by the
    operating system's entropy (as NumPy seeds it)."""
    if ctx.kernel is not None:
        raise UnsupportedError("np.random.default_rng inside a kernel", ctx.loc)
    seed = bind_args(ctx, "default_rng", args, kwargs, [("seed", None)])["seed"]
    handle = new_array(ctx, "rng", "int64", ())
    if is_none(seed):
        ctx.emit(ir.LibCall("rng_create_entropy", (handle.base,), ()))
    else:
        if isinstance(seed, Const) and isinstance(seed.value, Generator):
            return seed  # default_rng(generator) is that generator
        box = _box(ctx, "seed", number_value(seed), True, "default_rng")
        ctx.emit(ir.LibCall("rng_create", (handle.base,), (box,)))
    return Const(Generator(ctx.temp(as_lazy(handle).element(()), "rng")))


def table() -> dict[object, Callable[[Context, list[Value], dict[str, Value]], Value]]:
    return {np.random.default_rng: default_rng}
