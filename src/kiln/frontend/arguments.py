"""Python arguments as kiln types: what a specialization depends on (``arg_key``, cheap and
hashable, computed on every call) and the IR type of each argument (``arg_type``, on the first
call of a signature). The jit dispatcher, kernel launches and derivatives all key on these."""

from __future__ import annotations

import dataclasses
import types
from typing import Any, NamedTuple, cast

import numpy as np

from kiln.ir.types import (
    DTYPE_NAMES,
    INT64,
    NONE,
    PY_BOOL,
    PY_COMPLEX,
    PY_FLOAT,
    PY_INT,
    ArrayType,
    ConstArg,
    ScalarType,
    TupleType,
    layout_of,
)

_PYTHON_SCALARS = {bool: PY_BOOL, int: PY_INT, float: PY_FLOAT, complex: PY_COMPLEX}
_IMMUTABLE_DEFAULTS = (type(None), bool, int, float, complex)
# Arguments the code is specialized on, value by value (``@kiln.jit`` functions too, by py_func):
# Python functions (inlined where called), NumPy's functions (np.sum is no Python function but
# a dispatcher object), ufuncs and built-in functions, strings.
_CONSTANT_KINDS = frozenset({types.FunctionType, types.BuiltinFunctionType, np.ufunc, str, type(np.sum)})


class NonNegative(NamedTuple):
    """The specialization key of a signed integer argument that is >= 0. Its code may take
    ``a[k]`` as element ``k`` (no wrap-around from the end) and ``range(k, n)`` as non-negative,
    which keeps subscripts affine for the dependence test: ``a[i, j] -= a[i, k] * a[k, j]``
    over ``i, j`` in ``range(k + 1, n)`` runs in parallel and vectorized only when ``k >= 0``
    is known. A negative value gets its own specialization.

    A tuple, so that the key of every call and kernel launch hashes and compares in C: as a
    frozen dataclass it cost about 0.3 us a launch (kernels launched once per row of LU)."""

    type: type


_NONNEG_KEYS: dict[type, NonNegative] = {
    t: NonNegative(t) for t in (int, np.int64, np.int32, np.int16, np.int8)
}


# The key of an array whose strides are not whole elements: generated code indexes in elements,
# so such an array must take the slow path, where arg_type refuses it, on every call.
_UNPASSABLE = object()


def arg_key(a: object) -> object:
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
    if t in _CONSTANT_KINDS or hasattr(a, "py_func"):
        return (t, a)  # a specialization per function or string
    if t is tuple or t is list:
        return (t, tuple(map(arg_key, cast("tuple[object, ...]", a))))
    if t is dict:
        d = cast("dict[object, object]", a)
        return (t, tuple(d), tuple(map(arg_key, d.values())))
    fields = record_fields(t)
    if fields:
        return (t, tuple(arg_key(getattr(a, f)) for f in fields))
    return t


_FIELDS: dict[type, tuple[str, ...]] = {}


def record_fields(cls: type) -> tuple[str, ...]:
    """The fields of a NamedTuple or dataclass type, in order; () for any other type."""
    found = _FIELDS.get(cls)
    if found is None:
        if issubclass(cls, tuple) and hasattr(cls, "_fields"):
            found = tuple(cls._fields)
        elif dataclasses.is_dataclass(cls):
            found = tuple(f.name for f in dataclasses.fields(cls))
        else:
            found = ()
        _FIELDS[cls] = found
    return found


def nonneg_positions(args: tuple[Any, ...] | list[Any]) -> frozenset[int]:
    """Positions of the signed integer arguments that are >= 0 (see :class:`NonNegative`)."""
    return frozenset(i for i, a in enumerate(args) if type(arg_key(a)) is NonNegative)


# A numpy.random.Generator argument: one int64 parameter, its handle in the call's scope
# (kiln.runtime.generators); the frontend reads it as a generator (kiln.frontend.np_generator).
GENERATOR = TupleType((INT64,), names=("handle",), record=np.random.Generator)

# Leaves of one tuple or list argument: each is a parameter of the generated function.
MAX_SEQUENCE_LEAVES = 64


def arg_type(a: object, position: int) -> ScalarType | ArrayType | ConstArg | TupleType:
    """The kiln type of one argument, or a TypeError saying why it cannot be passed. A tuple
    (or a list, read as one: compiled code cannot change its length) is typed item by item."""
    if type(a) is dict:
        return _dict_type(cast("dict[object, object]", a), position)
    if type(a) is np.random.Generator:
        return GENERATOR
    fields = record_fields(type(a))
    if type(a) is tuple or type(a) is list or fields:
        values = [getattr(a, f) for f in fields] if fields else cast("tuple[object, ...]", a)
        items = tuple(arg_type(x, position) for x in values)
        record = type(a) if fields else None
        t = TupleType(items, is_list=type(a) is list, names=fields, record=record)
        if leaf_count(t) > MAX_SEQUENCE_LEAVES:
            raise TypeError(
                f"argument {position}: a {type(a).__name__} of more than {MAX_SEQUENCE_LEAVES} items "
                "is passed item by item; pass a NumPy array (np.asarray) instead"
            )
        return t
    if a is None:  # a compile-time constant of the specialization (``y=None`` defaults)
        return NONE
    if type(a) in _CONSTANT_KINDS or isinstance(getattr(a, "py_func", None), types.FunctionType):
        return ConstArg(a)  # functions and strings: the code is specialized on each one
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
        "(pass NumPy arrays, numbers, None, strings, functions, random Generators, "
        "or tuples and lists of them)"
    )


def _dict_type(a: dict[object, object], position: int) -> TupleType:
    """A dict argument (of parameters): the code is specialized on its keys, which must be
    strings, and on the types of its values, passed one by one."""
    for k in a:
        if type(k) is not str:
            raise TypeError(
                f"argument {position}: a dict with a key of type {type(k).__name__} "
                "(compiled code takes dicts whose keys are strings)"
            )
    items = tuple(arg_type(v, position) for v in a.values())
    t = TupleType(items, names=cast("tuple[str, ...]", tuple(a)), record=dict)
    if leaf_count(t) > MAX_SEQUENCE_LEAVES:
        raise TypeError(f"argument {position}: a dict of more than {MAX_SEQUENCE_LEAVES} values")
    return t


def leaf_count(t: object) -> int:
    return sum(leaf_count(x) for x in t.items) if isinstance(t, TupleType) else 1


def flat_arguments(types: tuple[object, ...], args: tuple[object, ...]) -> list[object]:
    """``args`` as the generated function takes them: a tuple or list argument item by item."""
    flat: list[object] = []
    for t, a in zip(types, args):
        if is_generator(t):
            flat.append(a)  # the object: the caller's call scope gives it a handle
        elif isinstance(t, TupleType):
            if t.record is dict:
                items = tuple(cast("dict[str, object]", a)[n] for n in t.names)
            elif t.names:
                items = tuple(getattr(a, n) for n in t.names)
            else:
                items = tuple(cast("tuple[object, ...]", a))
            flat += flat_arguments(t.items, items)
        else:
            flat.append(a)
    return flat


def unnested_arg_type(a: object, position: int, where: str) -> ScalarType | ArrayType | ConstArg:
    """``arg_type`` where tuple and list arguments are not taken yet (``where`` says where)."""
    t = arg_type(a, position)
    if is_generator(t):
        raise TypeError(
            f"argument {position}: {where} take no random Generators (pass arrays drawn on the host)"
        )
    if isinstance(t, TupleType):
        raise TypeError(f"argument {position}: {where} take no tuple, list or record arguments yet")
    return t


def has_sequences(types: tuple[object, ...]) -> bool:
    return any(isinstance(t, TupleType) for t in types)


def has_generators(types: tuple[object, ...]) -> bool:
    return any(is_generator(t) or (isinstance(t, TupleType) and has_generators(t.items)) for t in types)


def is_generator(t: object) -> bool:
    return isinstance(t, TupleType) and t.record is np.random.Generator


def _special_subclass(a: np.ndarray) -> bool:
    """Subclasses whose operators mean something else (checked lazily: numpy.ma is slow to import)."""
    return isinstance(a, np.matrix | np.ma.MaskedArray)
