"""Arguments of derivatives that hold several values: tuples, lists, dicts and records.

A model's parameters are often one argument (``loss(params, data)`` with ``params`` a
dataclass, a NamedTuple, a dict or a tuple of arrays). The compiled function takes such an
argument leaf by leaf, as ``@kiln.jit`` does; a derivative hands back the gradient of such an
argument in the argument's own shape, as JAX does with pytrees: a record of the same class
with gradients in its fields (``None`` where a field carries none, such as an int).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, cast

from kiln.frontend.arguments import arg_type, flat_arguments, is_generator, leaf_count
from kiln.ir.types import TupleType


@dataclass(frozen=True)
class Layout:
    """The kiln types of the arguments and, per argument, its leaves' span of parameters."""

    types: tuple[object, ...]
    spans: tuple[tuple[int, int], ...]  # (first parameter, how many)

    def nested(self, i: int) -> bool:
        return isinstance(self.types[i], TupleType)


def layout_of(args: list[Any] | tuple[Any, ...]) -> Layout:
    types = tuple(arg_type(a, i) for i, a in enumerate(args))
    spans, start = [], 0
    for t in types:
        spans.append((start, leaf_count(t)))
        start += spans[-1][1]
    return Layout(types, tuple(spans))


def flatten(layout: Layout, values: list[Any] | tuple[Any, ...]) -> list[Any]:
    """``values`` (one per argument, shaped like the arguments, or None) leaf by leaf."""
    out: list[Any] = []
    for t, (_, count), v in zip(layout.types, layout.spans, values):
        if v is None:
            out += [None] * count
        else:
            out += flat_arguments((t,), (v,))
    return out


def _parts(t: TupleType, like: Any) -> list[Any]:
    if t.record is dict:
        return [like[n] for n in t.names]
    if t.names:
        return [getattr(like, n) for n in t.names]
    return list(like)


def _rebuild(t: object, like: Any, leaves: list[Any]) -> Any:
    if not isinstance(t, TupleType):
        return leaves.pop(0)
    if is_generator(t):  # a random Generator: no derivative
        leaves.pop(0)
        return None
    items = [_rebuild(x, part, leaves) for x, part in zip(t.items, _parts(t, like))]
    if t.record is dict:
        return dict(zip(t.names, items))
    if t.record is not None and t.names and issubclass(t.record, tuple):
        return cast(Any, t.record)._make(items)  # a NamedTuple
    if t.record is not None:
        out = copy.copy(like)  # a dataclass, frozen or not: its class, the gradients as fields
        for name, value in zip(t.names, items):
            object.__setattr__(out, name, value)
        return out
    return items if t.is_list else tuple(items)


def regroup(layout: Layout, flat: list[Any], args: list[Any] | tuple[Any, ...]) -> list[Any]:
    """Per argument, the leaves of ``flat`` in that argument's shape."""
    out = []
    for t, (start, count), a in zip(layout.types, layout.spans, args):
        out.append(_rebuild(t, a, list(flat[start : start + count])))
    return out
