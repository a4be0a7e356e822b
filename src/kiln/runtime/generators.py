"""``numpy.random.Generator`` objects in compiled code. Compiled code holds a generator as a
handle: a small integer naming the object in the *call scope* of the running call (one per
call of a compiled function that draws from generators, per thread). A generator passed as an
argument is registered when the call starts; ``np.random.default_rng`` inside compiled code
registers the one it makes. Each draw is a library call of ``draw``, ``choice`` or
``permutation`` below (``ir.ops.GENERATOR_CALLS``), which calls the object's own method, so the
numbers and the generator's state afterwards are NumPy's. Objects made inside a call are
released when the call ends."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

_local = threading.local()


class CallScope:
    """The generators one call of compiled code may draw from, by handle."""

    def __init__(self) -> None:
        self.objects: list[np.random.Generator] = []

    def register(self, generator: np.random.Generator) -> int:
        self.objects.append(generator)
        return len(self.objects) - 1


def _scopes() -> list[CallScope]:
    scopes: list[CallScope] | None = getattr(_local, "scopes", None)
    if scopes is None:
        scopes = _local.scopes = []
    return scopes


@contextmanager
def call_scope() -> Iterator[CallScope]:
    """A scope for one call; calls nest (compiled code that Python code calls back)."""
    scopes = _scopes()
    scope = CallScope()
    scopes.append(scope)
    try:
        yield scope
    finally:
        scopes.pop()


def handles(scope: CallScope, flat: list[Any]) -> list[Any]:
    """Arguments as the generated code takes them: each Generator as its handle."""
    return [scope.register(a) if type(a) is np.random.Generator else a for a in flat]


def _generator(rng: object) -> np.random.Generator:
    scopes = _scopes()
    if not scopes:
        raise RuntimeError("kiln: a random Generator was used outside a call of compiled code")
    return scopes[-1].objects[int(rng)]  # type: ignore[call-overload]


def create(seed: object = None) -> int:
    """``np.random.default_rng(seed)``, registered in the running call's scope."""
    scopes = _scopes()
    if not scopes:
        raise RuntimeError("kiln: np.random.default_rng was called outside a call of compiled code")
    return scopes[-1].register(np.random.default_rng(None if seed is None else int(seed)))  # type: ignore[call-overload]


def draw(*, rng: object, method: str, **parameters: Any) -> Any:
    """``rng.<method>(**parameters)``: the parameters arrive as NumPy scalars (and ``size``)."""
    return getattr(_generator(rng), method)(**parameters)


def choice(*arrays: np.ndarray, rng: object, a: object = None, **options: Any) -> Any:
    """``rng.choice(a, size, replace, p, shuffle)``: ``a`` an array (the first of ``arrays``) or
    a number; ``p``, when given, the array after it."""
    items = list(arrays)
    population = items.pop(0) if a is None else int(a)  # type: ignore[call-overload]
    p = items.pop(0) if items else None
    return _generator(rng).choice(population, p=p, **options)


def permutation(*arrays: np.ndarray, rng: object, x: object = None) -> np.ndarray:
    """``rng.permutation(x)``: of an array (shuffled along its first axis) or of ``range(x)``."""
    return _generator(rng).permutation(arrays[0] if x is None else int(x))  # type: ignore[call-overload]


def shuffle(x: np.ndarray, *, rng: object) -> np.ndarray:
    """``rng.shuffle(x)`` on a copy, which the library call copies back into ``x``."""
    copy = np.array(x)
    _generator(rng).shuffle(copy)
    return copy
