"""Dicts whose keys are known when compiling: a dict passed as an argument (a dict of
parameters: the code is specialized on its keys and the types of its values, which are passed
one by one) and a dict display in the function (``{"a": 1.0, "b": x}``).

Reading ``d[k]``, ``d.get(k, default)``, ``k in d``, ``len(d)``, iterating ``d``, ``d.keys()``,
``d.values()`` and ``d.items()`` (in insertion order) all resolve when compiling, so a dict
costs what its values cost. A dict made in the function takes ``d[k] = v``: a new value for a
key it has, anywhere; a new key only in straight-line code (under a branch or in a loop the
key would be there on some paths only). A dict passed in is read-only here (Python would change
the caller's dict). The keys must be constants: strings, numbers, booleans or None.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from kiln.errors import LocatedError, UnsupportedError
from kiln.frontend.values import Const, DictValue, Scalar, TupleValue, Value
from kiln.ir import nodes as ir

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer

_KEY_TYPES = (str, int, float, bool, type(None))


class KeyLookupError(LocatedError, KeyError):
    """``d[k]`` of a key the dict does not have: Python's KeyError, found when compiling."""

    def __str__(self) -> str:  # KeyError's own __str__ would show the message as a repr
        return LocatedError.__str__(self)


def constant_key(low: Lowerer, value: Value) -> object:
    if isinstance(value, Const) and type(value.value) in _KEY_TYPES:
        return value.value
    if (
        isinstance(value, Scalar)
        and isinstance(value.expr, ir.Const)
        and type(value.expr.value) in _KEY_TYPES
    ):
        return value.expr.value  # a number written in the source
    raise UnsupportedError(
        "a dict key that is not a constant (compiled dicts have the keys they are made with)",
        low.ctx.loc,
    )


def _index(d: DictValue, key: object) -> int | None:
    """Where ``key`` is (as in Python, ``1``, ``1.0`` and ``True`` are one key)."""
    return next((k for k, existing in enumerate(d.keys) if existing == key), None)


def display(low: Lowerer, keys: list[Value], values: list[Value]) -> DictValue:
    """``{k: v, ...}``: a later repeat of a key replaces the value, in the first one's place."""
    out: dict[object, Value] = {}
    for k, v in zip(keys, values):
        out[constant_key(low, k)] = v
    return DictValue(tuple(out), tuple(out.values()), mutable=True)


def get_item(low: Lowerer, d: DictValue, key: Value) -> Value:
    k = constant_key(low, key)
    at = _index(d, k)
    if at is None:
        raise KeyLookupError(f"KeyError: {k!r}", low.ctx.loc)
    return d.items[at]


def set_item(low: Lowerer, d: DictValue, name: str, key: Value, value: Value) -> None:
    """``name[key] = value``: ``name`` bound to the dict with the new value from now on."""
    low.bind(name, _with_item(low, d, key, value))


def _with_item(low: Lowerer, d: DictValue, key: Value, value: Value) -> DictValue:
    if not d.mutable:
        raise UnsupportedError(
            "writing to a dict passed as an argument (Python would change the caller's dict)", low.ctx.loc
        )
    k = constant_key(low, key)
    at = _index(d, k)
    if at is None:
        if not low.at_top_level():
            raise UnsupportedError(
                f"adding the key {k!r} to a dict under control flow (it would be there on some paths only)",
                low.ctx.loc,
            )
        return dataclasses.replace(d, keys=(*d.keys, k), items=(*d.items, value))
    return dataclasses.replace(d, items=(*d.items[:at], value, *d.items[at + 1 :]))


def method(low: Lowerer, d: DictValue, name: str, args: list[Value]) -> Value:
    if name == "get" and 1 <= len(args) <= 2:
        at = _index(d, constant_key(low, args[0]))
        return d.items[at] if at is not None else (args[1] if len(args) == 2 else Const(None))
    if name == "keys" and not args:
        return TupleValue(tuple(Const(k) for k in d.keys))
    if name == "values" and not args:
        return TupleValue(d.items)
    if name == "items" and not args:
        return TupleValue(tuple(TupleValue((Const(k), v)) for k, v in zip(d.keys, d.items)))
    raise UnsupportedError(f"dict.{name}() with {len(args)} argument(s) in compiled code", low.ctx.loc)


def contains(low: Lowerer, d: DictValue, key: Value) -> bool:
    return _index(d, constant_key(low, key)) is not None


DICT_METHODS = frozenset({"get", "keys", "values", "items"})
