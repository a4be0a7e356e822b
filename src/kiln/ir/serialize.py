"""JSON form of IR functions, exact (locations, complex and non-finite constants included).

Every IR dataclass becomes an object ``{"node": "<class name>", <field>: <value>, ...}``;
tuples become lists; finite floats are JSON numbers (Python's ``json`` writes them with
``repr``, which round-trips, and keeps ``1.0`` distinct from ``1``); non-finite floats
are ``{"float": "nan" | "-nan" | "inf" | "-inf"}`` and complex numbers
``{"complex": [real, imag]}``. The output is strict JSON (no NaN/Infinity literals).
"""

from __future__ import annotations

import dataclasses
import json
import math
from typing import Any

import numpy as np

from kiln import errors
from kiln.ir import nodes, types
from kiln.ir.nodes import Function

FORMAT = "kiln-ir"
VERSION = 1


def _node_classes() -> dict[str, type]:
    classes: dict[str, type] = {}
    for module in (nodes, types):
        for name, obj in vars(module).items():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__:
                classes[name] = obj
    classes["SourceLoc"] = errors.SourceLoc
    return classes


NODE_CLASSES: dict[str, type] = _node_classes()


def _float_to_json(x: float) -> float | dict[str, str]:
    if math.isfinite(x):
        return x
    if math.isnan(x):
        return {"float": "-nan" if math.copysign(1.0, x) < 0 else "nan"}
    return {"float": "inf" if x > 0 else "-inf"}


_SPECIAL_FLOATS = {"nan": math.nan, "-nan": -math.nan, "inf": math.inf, "-inf": -math.inf}


def _float_from_json(v: Any) -> float:
    if isinstance(v, dict):
        return _SPECIAL_FLOATS[v["float"]]
    return float(v)


def to_json(value: Any) -> Any:
    """The JSON-compatible form of an IR node or field value."""
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return _float_to_json(value)
    if isinstance(value, complex):
        return {"complex": [_float_to_json(value.real), _float_to_json(value.imag)]}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if dataclasses.is_dataclass(value) and type(value).__name__ in NODE_CLASSES:
        out: dict[str, Any] = {"node": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = to_json(getattr(value, f.name))
        return out
    raise TypeError(f"cannot serialize {type(value).__name__}: {value!r}")


def from_json(value: Any) -> Any:
    """Inverse of :func:`to_json` (lists come back as tuples)."""
    if isinstance(value, list):
        return tuple(from_json(v) for v in value)
    if not isinstance(value, dict):
        return value
    if "node" in value:
        cls = NODE_CLASSES.get(value["node"])
        if cls is None:
            raise ValueError(f"unknown IR node in JSON: {value['node']!r}")
        return cls(**{k: from_json(v) for k, v in value.items() if k != "node"})
    if "float" in value:
        return _float_from_json(value)
    if "complex" in value:
        real, imag = value["complex"]
        return complex(_float_from_json(real), _float_from_json(imag))
    raise ValueError(f"unexpected JSON object in IR: {value!r}")


def function_to_json(fn: Function) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "function": to_json(fn)}


def function_from_json(d: dict[str, Any]) -> Function:
    if d.get("format") != FORMAT or d.get("version") != VERSION:
        raise ValueError(f"not kiln IR JSON version {VERSION}: {d.get('format')!r} {d.get('version')!r}")
    fn = from_json(d["function"])
    if not isinstance(fn, Function):
        raise ValueError("the JSON does not hold a Function")
    return fn


def dumps(fn: Function, indent: int | None = None) -> str:
    return json.dumps(function_to_json(fn), indent=indent, allow_nan=False)


def loads(text: str) -> Function:
    return function_from_json(json.loads(text))
