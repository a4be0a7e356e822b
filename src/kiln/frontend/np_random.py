"""``np.random``'s global stream from compiled code: ``seed``, ``rand``, ``randn``, ``random``,
``random_sample``, ``standard_normal``, ``uniform``, ``normal``, ``exponential``, ``poisson``,
``binomial`` and ``randint``. Each draw is a call of NumPy's own function (a library call,
``ir.ops.DRAWS``), so the numbers are NumPy's, drawn from the same state as Python code draws
from, in the order the code draws them (the calls are effects: passes keep their order and
keep them out of parallel loops). ``size`` (or ``rand``'s extents) gives an array, none a
number of Python's type, as NumPy returns. The distributions' parameters are numbers.
``Generator`` objects (``np.random.default_rng``) are kiln.frontend.np_generator's."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy
from kiln.frontend.callargs import REQUIRED, bind_args, is_none, number_value, shape_arg
from kiln.frontend.context import Context
from kiln.frontend.values import Const, Scalar, TupleValue, Value, describe
from kiln.ir import nodes as ir
from kiln.ir.types import PY_FLOAT, PY_INT, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]

# function -> (its parameters and defaults, the dtype it draws)
_DISTRIBUTIONS: dict[str, tuple[tuple[tuple[str, object], ...], str]] = {
    "random_sample": ((), "float64"),
    "standard_normal": ((), "float64"),
    "uniform": ((("low", 0.0), ("high", 1.0)), "float64"),
    "normal": ((("loc", 0.0), ("scale", 1.0)), "float64"),
    "exponential": ((("scale", 1.0),), "float64"),
    "poisson": ((("lam", 1.0),), "int64"),
    "binomial": ((("n", REQUIRED), ("p", REQUIRED)), "int64"),
    "randint": ((("low", REQUIRED), ("high", None)), "int64"),
}
_INTEGER_PARAMETERS = frozenset({("binomial", "n"), ("randint", "low"), ("randint", "high")})


def number_box(ctx: Context, what: str, name: str, value: Value, integer: bool) -> str:
    """A distribution's parameter, a number, as a 0-d int64 or float64 array (the library call
    passes it to NumPy as a NumPy scalar); ``what`` names the function in the error."""
    t = ScalarType("int64" if integer else "float64")
    if not isinstance(value, Scalar) or value.type.is_complex or (integer and not value.type.is_integer):
        kind = "an integer" if integer else "a real number"
        raise UnsupportedError(f"{what}(): '{name}' must be {kind}, not {describe(value)}", ctx.loc)
    box = new_array(ctx, name, t.dtype, ())
    ctx.emit(ir.Store(box.base, (), E.cast(value.expr, t)))
    return box.base


def _draw(
    ctx: Context, func: str, parameters: dict[str, Value], shape: tuple[ir.Expr, ...] | None, dtype: str
) -> Value:
    """One call of ``numpy.random.<func>``: an array of ``shape``, or one number (None)."""
    if ctx.kernel is not None:
        raise UnsupportedError(f"np.random.{func} inside a kernel", ctx.loc)
    inputs = []
    for name, value in parameters.items():
        integer = (func.removesuffix("_below"), name) in _INTEGER_PARAMETERS
        inputs.append(number_box(ctx, f"np.random.{func}", name, value, integer))
    out = new_array(ctx, "draw", dtype, shape if shape is not None else ())
    ctx.emit(ir.LibCall(func if shape is not None else f"{func}:1", (out.base,), tuple(inputs)))
    if shape is not None:
        return out
    weak = PY_INT if dtype == "int64" else PY_FLOAT  # NumPy returns a Python number
    return Scalar(ctx.temp(E.cast(as_lazy(out).element(()), weak), "draw"))


def _size(ctx: Context, value: Value) -> tuple[ir.Expr, ...] | None:
    if value is None or is_none(value):
        return None
    return shape_arg(ctx, value)


def distribution(func: str) -> Handler:
    params, dtype = _DISTRIBUTIONS[func]

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        extra = [("dtype", None)] if func == "randint" else []
        b = bind_args(ctx, func, args, kwargs, [*params, ("size", None), *extra])
        if func == "randint" and not (is_none(b["dtype"]) or _is_int(b["dtype"])):
            raise UnsupportedError("np.random.randint(dtype=...) other than int", ctx.loc)
        values = {name: number_value(b[name]) for name, _ in params}
        name = func
        if func == "randint" and is_none(values["high"]):
            name, values = "randint_below", {"low": values["low"]}
        return _draw(ctx, name, values, _size(ctx, b["size"]), dtype)

    return handler


def _is_int(value: Value) -> bool:
    return isinstance(value, Const) and value.value in (int, np.int64)


def extents(func: str) -> Handler:
    """``rand(d0, d1, ...)`` / ``randn(...)``: ``random_sample``/``standard_normal`` of that shape."""

    def handler(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
        if kwargs:
            raise TypingError(f"np.random.{func}() takes no keyword arguments", ctx.loc)
        shape = tuple(shape_arg(ctx, TupleValue((a,)))[0] for a in args) if args else None
        return _draw(ctx, "random_sample" if func == "rand" else "standard_normal", {}, shape, "float64")

    return handler


def np_seed(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    seed = bind_args(ctx, "seed", args, kwargs, [("seed", REQUIRED)])["seed"]
    if not isinstance(seed, Scalar) or not seed.type.is_integer:
        raise UnsupportedError("np.random.seed() of anything but an integer", ctx.loc)
    box = new_array(ctx, "seed", "int64", ())
    ctx.emit(ir.Store(box.base, (), E.cast(seed.expr, ScalarType("int64"))))
    ctx.emit(ir.LibCall("seed", (), (box.base,)))
    return Const(None)


def table() -> dict[object, Handler]:
    return {
        np.random.seed: np_seed,
        np.random.rand: extents("rand"),
        np.random.randn: extents("randn"),
        np.random.random: distribution("random_sample"),
        **{getattr(np.random, f): distribution(f) for f in _DISTRIBUTIONS},
    }
