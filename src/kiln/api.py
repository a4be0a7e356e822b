"""``kiln.jit``: specialization on argument types and fast dispatch."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, overload

import numpy as np

from kiln.driver import Compiled, compile_function
from kiln.frontend.python import check_parameters
from kiln.ir.types import (
    DTYPE_NAMES,
    NONE,
    PY_BOOL,
    PY_COMPLEX,
    PY_FLOAT,
    PY_INT,
    ArrayType,
    NoneType,
    ScalarType,
    layout_of,
)
from kiln.options import Options

_PYTHON_SCALARS = {bool: PY_BOOL, int: PY_INT, float: PY_FLOAT, complex: PY_COMPLEX}
_IMMUTABLE_DEFAULTS = (type(None), bool, int, float, complex)


class NonNegative(NamedTuple):
    """The specialization key of a signed integer argument that is >= 0. Its code may take
    ``a[k]`` as element ``k`` (no wrap-around from the end) and ``range(k, n)`` as non-negative,
    which keeps subscripts affine for the dependence test: ``a[i, j] -= a[i, k] * a[k, j]``
    over ``i, j`` in ``range(k + 1, n)`` runs in parallel and vectorized only when ``k >= 0``
    is known. A negative value gets its own specialization.

    A tuple, so that the key of every call and kernel launch hashes and compares in C: as a
    frozen dataclass it cost about 0.3 us a launch (kernels launched once per row of LU)."""

    type: type


_NONNEG_KEYS = {t: NonNegative(t) for t in (int, np.int64, np.int32, np.int16, np.int8)}


# The key of an array whose strides are not whole elements: generated code indexes in elements,
# so such an array must take the slow path, where arg_type refuses it, on every call.
_UNPASSABLE = object()


def _arg_key(a: object) -> object:
    """What a compiled specialization depends on: cheap to compute, hashable."""
    t = type(a)
    if t is np.ndarray:
        flags = a.flags  # type: ignore[attr-defined]
        if flags.c_contiguous:
            layout = "C"
        elif flags.f_contiguous:
            layout = "F"
        else:  # must match ir.types.layout_of: "R" code assumes a unit inner stride
            itemsize = a.itemsize  # type: ignore[attr-defined]
            if any(s % itemsize for s in a.strides):  # type: ignore[attr-defined]
                return _UNPASSABLE  # no entry has this key: arg_type raises the TypeError
            layout = "R" if a.ndim and a.strides[-1] == itemsize else "A"  # type: ignore[attr-defined]
        return (a.dtype, a.ndim, layout)  # type: ignore[attr-defined]
    nonneg = _NONNEG_KEYS.get(t)
    if nonneg is not None and a >= 0:  # type: ignore[operator]
        return nonneg
    return t


def nonneg_positions(args: tuple[Any, ...] | list[Any]) -> frozenset[int]:
    """Positions of the signed integer arguments that are >= 0 (see :class:`NonNegative`)."""
    return frozenset(i for i, a in enumerate(args) if type(_arg_key(a)) is NonNegative)


def arg_type(a: object, position: int) -> ScalarType | ArrayType | NoneType:
    """The kiln type of one argument, or a TypeError saying why it cannot be passed."""
    if a is None:  # a compile-time constant of the specialization (``y=None`` defaults)
        return NONE
    if type(a) is np.ndarray or (isinstance(a, np.ndarray) and not _special_subclass(a)):
        name = a.dtype.name
        if name not in DTYPE_NAMES or not a.dtype.isnative:
            raise TypeError(f"argument {position}: arrays of dtype {a.dtype} are not supported by kiln")
        if any(s % a.itemsize for s in a.strides):
            raise TypeError(f"argument {position}: strides {a.strides} are not multiples of the item size")
        return ArrayType(name, a.ndim, layout_of(a))
    for py_type, st in _PYTHON_SCALARS.items():
        if type(a) is py_type:
            return st
    if isinstance(a, np.generic) and a.dtype.name in DTYPE_NAMES:
        return ScalarType(a.dtype.name)
    if isinstance(a, bool | int | float | complex):  # subclasses of Python numbers
        return _PYTHON_SCALARS[next(t for t in (bool, int, float, complex) if isinstance(a, t))]
    raise TypeError(
        f"argument {position} of type {type(a).__name__} is not supported "
        "(pass NumPy arrays, numbers or None)"
    )


def _special_subclass(a: np.ndarray) -> bool:
    """Subclasses whose operators mean something else (checked lazily: numpy.ma is slow to import)."""
    return isinstance(a, np.matrix | np.ma.MaskedArray)


class JitFunction:
    """A Python function compiled on first call for each argument signature."""

    def __init__(self, py_func: types.FunctionType, options: Options) -> None:
        self.py_func = py_func
        self.options = options
        self._entries: dict[tuple[object, ...], Callable[..., Any]] = {}
        self._compiled: dict[tuple[object, ...], Compiled] = {}
        functools.update_wrapper(self, py_func)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs:
            # .get, not try/except KeyError: a KeyError the function raises must not re-run it
            entry = self._entries.get(tuple(map(_arg_key, args)))
            if entry is not None:
                return entry(*args)
        bound = self._bind(args, kwargs)
        compiled = self._specialize(bound)
        if not kwargs and len(bound) > len(args):
            self._remember_defaults(args, bound[len(args) :], compiled)
        return compiled.entry(*bound)  # type: ignore[misc]

    def _remember_defaults(
        self, args: tuple[Any, ...], defaults: tuple[Any, ...], compiled: Compiled
    ) -> None:
        """Let later calls that leave out the same trailing parameters dispatch fast; only for
        immutable defaults (None, numbers), whose kiln type cannot change between calls."""
        if all(type(d) in _IMMUTABLE_DEFAULTS for d in defaults):
            entry = compiled.entry
            self._entries[tuple(map(_arg_key, args))] = lambda *a: entry(*a, *defaults)  # type: ignore[misc]

    def _bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        import inspect

        bound = inspect.signature(self.py_func).bind(*args, **kwargs)
        bound.apply_defaults()
        return tuple(bound.arguments.values())

    def _specialize(self, args: tuple[Any, ...]) -> Compiled:
        check_parameters(self.py_func)
        key = tuple(map(_arg_key, args))
        types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = compile_function(self.py_func, types_, self.options, nonneg=nonneg_positions(args))
            self._compiled[key] = compiled
            self._entries[key] = compiled.entry  # type: ignore[assignment]
        return compiled

    def inspect(self, *args: Any, **kwargs: Any) -> str:
        """IR after each stage and the generated C for these arguments, as text."""
        args = self._bind(args, kwargs)
        log: list[str] = []
        types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
        nonneg = nonneg_positions(args)
        compile_function(self.py_func, types_, self.options, build=False, log=log, nonneg=nonneg)
        return "\n".join(log)

    @property
    def signatures(self) -> list[tuple[object, ...]]:
        return list(self._compiled)


@overload
def jit(fn: types.FunctionType) -> JitFunction: ...
@overload
def jit(
    *,
    parallel: bool = ...,
    fastmath: bool = ...,
    boundscheck: bool = ...,
    cache: bool = ...,
    passes: Mapping[str, Mapping[str, Any]] | None = ...,
) -> Callable[[types.FunctionType], JitFunction]: ...


def jit(
    fn: types.FunctionType | None = None,
    *,
    parallel: bool = False,
    fastmath: bool = False,
    boundscheck: bool = False,
    cache: bool = True,
    passes: Mapping[str, Mapping[str, Any]] | None = None,
) -> Any:
    """Compile a NumPy-style Python function to native code (see README). ``passes`` sets pass
    parameters, e.g. ``{"tiling": {"sizes": (32, 32)}, "unroll": {"factor": 4}}``."""
    frozen = tuple(
        (name, tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(params.items())))
        for name, params in sorted((passes or {}).items())
    )
    options = Options(
        parallel=parallel, fastmath=fastmath, boundscheck=boundscheck, cache=cache, passes=frozen
    )

    def wrap(f: types.FunctionType) -> JitFunction:
        if not isinstance(f, types.FunctionType):
            raise TypeError("kiln.jit decorates plain Python functions")
        return JitFunction(f, options)

    return wrap(fn) if fn is not None else wrap


def inspect(f: JitFunction, *args: Any, **kwargs: Any) -> str:
    """The IR after each stage and the generated C of ``f`` specialized to ``args``."""
    if not isinstance(f, JitFunction):
        raise TypeError("kiln.inspect expects a @kiln.jit function")
    return f.inspect(*args, **kwargs)


def report(f: JitFunction, *args: Any, **kwargs: Any) -> str:
    """Per loop of ``f`` specialized to ``args``: source line, parallel or not (and why), vectorized,
    hoisted statements, and the recipe of transformations applied (see docs/optimizer.md)."""
    if not isinstance(f, JitFunction):
        raise TypeError("kiln.report expects a @kiln.jit function")
    from kiln.loop_report import render, vectorized_loops

    args = f._bind(args, kwargs)
    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    compiled = compile_function(f.py_func, types_, f.options, build=False, nonneg=nonneg_positions(args))
    return render(compiled, vectorized_loops(compiled.c_source, f.options))
