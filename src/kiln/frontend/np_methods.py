"""Array methods that are the NumPy function of the same name with the array first
(``a.std(axis=0)`` is ``np.std(a, axis=0)``)."""

from __future__ import annotations

import numpy as np

from kiln.frontend.context import Context
from kiln.frontend.values import Value

FUNCTION_METHODS: dict[str, object] = {
    "std": np.std,
    "var": np.var,
    "clip": np.clip,
    "argmax": np.argmax,
    "argmin": np.argmin,
    "repeat": np.repeat,
    "cumsum": np.cumsum,
    "cumprod": np.cumprod,
    "round": np.round,
    "argsort": np.argsort,
    "trace": np.trace,
    "squeeze": np.squeeze,
}


def call_function_method(
    ctx: Context, receiver: Value, name: str, args: list[Value], kwargs: dict[str, Value]
) -> Value | None:
    """``receiver.name(*args, **kwargs)`` through the NumPy function's handler, if it has one."""
    from kiln.frontend.numpy_ops import lookup_numpy

    func = FUNCTION_METHODS.get(name)
    handler = lookup_numpy(func) if func is not None else None
    if handler is None:
        return None
    return handler(ctx, [receiver, *args], kwargs)
