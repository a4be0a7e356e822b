"""``kiln.jit``: specialization on argument types and fast dispatch."""

from __future__ import annotations

import dataclasses
import functools
import types
import warnings
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from types import ModuleType
from typing import Any, overload

from kiln.driver import Compiled, compile_function
from kiln.frontend.arguments import (
    NonNegative,
    arg_key,
    arg_type,
    flat_arguments,
    has_sequences,
    nonneg_positions,
)
from kiln.frontend.python import check_parameters
from kiln.gpu_jit import TARGETS, CudaJitFunction, cuda_usable
from kiln.options import Options, env_target, sanitizers
from kiln.runtime.generators import call_scope, handles
from kiln.runtime.tiers import wait_for_optimized_builds

__all__ = [
    "JitFunction", "NonNegative", "arg_key", "arg_type", "inspect", "jit", "nonneg_positions", "report",
]  # fmt: skip
_IMMUTABLE_DEFAULTS = (type(None), bool, int, float, complex)


class JitFunction:
    """A Python function compiled on first call for each argument signature."""

    def __init__(self, py_func: types.FunctionType, options: Options) -> None:
        self.py_func = py_func
        self.options = options
        self._entries: dict[tuple[object, ...], Callable[..., Any]] = {}
        self._compiled: dict[tuple[object, ...], Compiled] = {}
        self._tier_errors: dict[tuple[object, ...], BaseException] = {}
        functools.update_wrapper(self, py_func)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs:
            # .get, not try/except KeyError: a KeyError the function raises must not re-run it
            entry = self._entries.get(tuple(map(arg_key, args)))
            if entry is not None:
                return entry(*args)
        bound = self._bind(args, kwargs)
        compiled = self._specialize(bound)
        if not kwargs and len(bound) > len(args):
            self._remember_defaults(args, bound[len(args) :], compiled)
        return _entry(compiled)(*bound)

    def _remember_defaults(
        self, args: tuple[Any, ...], defaults: tuple[Any, ...], compiled: Compiled
    ) -> None:
        """Let later calls that leave out the same trailing parameters dispatch fast; only for
        immutable defaults (None, numbers), whose kiln type cannot change between calls."""
        if all(type(d) in _IMMUTABLE_DEFAULTS for d in defaults):
            full = tuple(map(arg_key, (*args, *defaults)))
            compiled_now = self._compiled  # looked up per call: a quick tier is swapped out there
            self._entries[tuple(map(arg_key, args))] = lambda *a: _entry(compiled_now[full])(*a, *defaults)

    def _bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        import inspect

        bound = inspect.signature(self.py_func).bind(*args, **kwargs)
        bound.apply_defaults()
        return tuple(bound.arguments.values())

    def _specialize(self, args: tuple[Any, ...]) -> Compiled:
        check_parameters(self.py_func)
        key = tuple(map(arg_key, args))
        types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = compile_function(self.py_func, types_, self.options, nonneg=nonneg_positions(args))
            self._install(key, compiled)
        return compiled

    def _install(self, key: tuple[object, ...], compiled: Compiled) -> None:
        self._compiled[key] = compiled
        self._entries[key] = _entry(compiled)
        if compiled.final is not None:
            compiled.final.add_done_callback(functools.partial(self._promote, key, compiled))

    def _promote(self, key: tuple[object, ...], quick: Compiled, done: Future[ModuleType]) -> None:
        """Runs when the optimized build of a quick tier ends: later calls run the optimized
        module, or (it failed) the quick one, with one warning on the next call."""
        error = done.exception()
        if error is None:
            final = dataclasses.replace(quick, entry=done.result().entry, tier="final", final=None)
            self._compiled[key] = final
            self._entries[key] = _entry(final)
        else:
            self._tier_errors[key] = error
            self._entries[key] = self._warning_once(key, quick, error)

    def _warning_once(
        self, key: tuple[object, ...], quick: Compiled, error: BaseException
    ) -> Callable[..., Any]:
        entry = _entry(quick)

        def first_call(*args: Any) -> Any:
            self._entries[key] = entry
            warnings.warn(
                f"kiln: the optimized build of {self.py_func.__qualname__} failed; its quick build "
                f"(-O1, same results) keeps running: {error}",
                RuntimeWarning,
                stacklevel=2,
            )
            return entry(*args)

        return first_call

    def wait_for_optimized(self, timeout: float | None = None) -> bool:
        """Wait until every quick tier of this function has its optimized build in place (or
        failed: see ``tier``); False when ``timeout`` seconds passed first, or when this
        process was forked while a build ran (the child keeps the quick build: the thread that
        builds stayed in the parent)."""
        wait_for_optimized_builds(timeout)  # the swap happens on the build's thread
        return all(c.final is None or key in self._tier_errors for key, c in list(self._compiled.items()))

    def tier(self, *args: Any, **kwargs: Any) -> str:
        """Which build runs for ``args``' types: "final" (optimized), "quick" (-O1 while the
        optimized build runs), "quick: optimized build failed: ...", or "not compiled"."""
        key = tuple(map(arg_key, self._bind(args, kwargs)))
        compiled = self._compiled.get(key)
        if compiled is None:
            return "not compiled"
        if key in self._tier_errors:
            return f"quick: optimized build failed: {self._tier_errors[key]}"
        return compiled.tier

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
def jit(
    fn: Callable[..., Any],
    *,
    parallel: bool = ...,
    fastmath: bool = ...,
    boundscheck: bool = ...,
    cache: bool = ...,
    passes: Mapping[str, Mapping[str, Any]] | None = ...,
    sanitize: str | None = ...,
    target: str | None = ...,
) -> JitFunction: ...
@overload
def jit(
    fn: None = None,
    *,
    parallel: bool = ...,
    fastmath: bool = ...,
    boundscheck: bool = ...,
    cache: bool = ...,
    passes: Mapping[str, Mapping[str, Any]] | None = ...,
    sanitize: str | None = ...,
    target: str | None = ...,
) -> Callable[[Callable[..., Any]], JitFunction]: ...


def jit(
    fn: Callable[..., Any] | None = None,
    *,
    parallel: bool = False,
    fastmath: bool = False,
    boundscheck: bool = False,
    cache: bool = True,
    passes: Mapping[str, Mapping[str, Any]] | None = None,
    sanitize: str | None = None,
    target: str | None = None,
) -> Any:
    """Compile a NumPy-style Python function to native code (see README). ``passes`` sets pass
    parameters, e.g. ``{"tiling": {"sizes": (32, 32)}, "unroll": {"factor": 4}}``; ``sanitize``
    ("address,undefined") builds with those sanitizers (default: ``KILN_SANITIZE``).
    ``target``: "cpu", "cuda" (a CUDA GPU: docs/gpu.md) or "auto" (the GPU when there is one
    and nvcc, else the CPU); default ``KILN_TARGET``, else "cpu"."""
    where = target if target is not None else env_target()
    if where not in TARGETS:
        raise ValueError(f"kiln.jit: target must be one of {', '.join(TARGETS)}, not {where!r}")
    if where == "auto":
        where = "cuda" if cuda_usable() else "cpu"
    frozen = tuple(
        (name, tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(params.items())))
        for name, params in sorted((passes or {}).items())
    )
    options = Options(
        parallel=parallel, fastmath=fastmath, boundscheck=boundscheck, cache=cache, passes=frozen
    )
    if sanitize is not None:
        options = options.with_(sanitize=sanitizers(sanitize))

    def wrap(f: Callable[..., Any]) -> JitFunction | CudaJitFunction:
        if not isinstance(f, types.FunctionType):
            raise TypeError("kiln.jit decorates plain Python functions")
        if where == "cuda":  # a GPU runs nothing well but parallel loops
            return CudaJitFunction(f, options.with_(parallel=True))
        return JitFunction(f, options)

    return wrap(fn) if fn is not None else wrap


def _entry(compiled: Compiled) -> Callable[..., Any]:
    """The entry point of a specialization that was built (``build=False`` leaves none); one
    that takes tuple arguments takes them item by item."""
    entry = compiled.entry
    assert entry is not None, "a specialization that was compiled without building"
    types_ = compiled.arg_types
    if compiled.scoped:
        return functools.partial(_with_generators, entry, types_)
    if not has_sequences(types_):
        return entry
    return lambda *args: entry(*flat_arguments(types_, args))


def _with_generators(entry: Callable[..., Any], types_: tuple[object, ...], *args: Any) -> Any:
    """A call in a scope of its own that holds the Generators it draws from, by handle."""
    with call_scope() as scope:
        return entry(*handles(scope, flat_arguments(types_, args)))


def inspect(f: JitFunction, *args: Any, **kwargs: Any) -> str:
    """The IR after each stage and the generated C of ``f`` specialized to ``args``."""
    if not isinstance(f, JitFunction):
        raise TypeError("kiln.inspect expects a @kiln.jit function")
    return f.inspect(*args, **kwargs)


def report(f: JitFunction | CudaJitFunction, *args: Any, **kwargs: Any) -> str:
    """Per loop of ``f`` specialized to ``args``: source line, parallel or not (and why), vectorized,
    hoisted statements, and the recipe of transformations applied (see docs/optimizer.md)."""
    if isinstance(f, CudaJitFunction):
        return f.report(*args, **kwargs)
    if not isinstance(f, JitFunction):
        raise TypeError("kiln.report expects a @kiln.jit function")
    from kiln.loop_report import render, vectorized_loops

    args = f._bind(args, kwargs)
    types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
    compiled = compile_function(f.py_func, types_, f.options, build=False, nonneg=nonneg_positions(args))
    return f"{render(compiled, vectorized_loops(compiled.c_source, f.options))}\n\nbuild: {f.tier(*args)}"
