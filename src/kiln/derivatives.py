"""``kiln.grad``, ``kiln.value_and_grad``, ``kiln.vjp``, ``kiln.jvp``: compiled derivatives.

Each derivative is specialized per argument signature like ``@kiln.jit``: the function is lowered,
optimized (unless ``optimize_first=False``: then the derivative is generated from the unoptimized
IR and optimized afterwards, to measure what differentiating after optimization gains),
transformed by the reverse or forward transformer, compiled to C and cached.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from kiln.api import JitFunction, jit
from kiln.autodiff.forward import ForwardSignature, forward_function
from kiln.autodiff.reverse import ReverseSignature, reverse_function
from kiln.derivative_args import Layout, flatten, layout_of, regroup
from kiln.driver import CompiledDerivative, compile_derivative
from kiln.frontend.arguments import arg_key, nonneg_positions
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.runtime.generators import call_scope, handles


def _as_jit(f: Any) -> JitFunction:
    if isinstance(f, JitFunction):
        return f
    if isinstance(f, types.FunctionType):
        return jit(f)
    raise TypeError("kiln derivatives take a @kiln.jit function or a plain Python function")


class _Derivative:
    """Shared machinery: bind arguments, specialize, compile, cache."""

    def __init__(self, f: Any, optimize_first: bool) -> None:
        self.jit = _as_jit(f)
        self.optimize_first = optimize_first
        self._cache: dict[tuple[object, ...], tuple[CompiledDerivative, Layout]] = {}
        self.__wrapped__ = self.jit.py_func
        self.__name__ = getattr(self.jit.py_func, "__name__", "f")
        code = getattr(self.jit.py_func, "__code__", None)
        simple = code is not None and not code.co_flags & 0x0C and not code.co_kwonlyargcount
        self._positional = code.co_argcount if simple else -1  # type: ignore[union-attr]

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
        if not kwargs and len(args) == self._positional:  # the common call: no signature binding
            return list(args)
        return list(self.jit._bind(args, kwargs))

    def compile(
        self,
        args: tuple[Any, ...] | list[Any],
        key: object,
        transform: Callable[[Layout, ir.Function], tuple[ir.Function, Any]],
    ) -> tuple[CompiledDerivative, Layout]:
        """The derivative for these arguments' types, and how they map onto its parameters
        (a tuple, list, dict or record argument is passed leaf by leaf)."""
        full_key = (key, tuple(map(arg_key, args)))
        found = self._cache.get(full_key)
        if found is not None:
            return found
        layout = layout_of(args)
        compiled = compile_derivative(
            self.jit.py_func,
            layout.types,  # type: ignore[arg-type]
            self.jit.options,
            lambda fn: transform(layout, fn),
            optimize_first=self.optimize_first,
            nonneg=nonneg_positions(args),
        )
        self._cache[full_key] = (compiled, layout)
        return compiled, layout

    def inspect_ir(self, *args: Any) -> tuple[ir.Function, ir.Function]:
        """The primal IR that was differentiated and the derivative's IR (after a call)."""
        key = tuple(map(arg_key, args))
        for (_, k), (c, _) in self._cache.items():
            if k == key:
                return c.primal, c.derivative
        raise KeyError("call the derivative with these arguments first")


def _param_index(fn: ir.Function) -> dict[str, int]:
    return {p.name: i for i, p in enumerate(fn.params)}


_DIFFERENTIABLE = ("float32", "float64", "complex64", "complex128")


def _differentiable_param(fn: ir.Function, i: int) -> bool:
    t = fn.params[i].type
    return isinstance(t, ScalarType | ArrayType) and t.dtype in _DIFFERENTIABLE


def _jax_convention(t: object, value: Any) -> Any:
    """A complex cotangent as JAX writes it (``vjp`` of a holomorphic ``f`` gives
    ``ct * f'(z)``; ``grad`` of a real ``f`` the conjugate of ``df/dx + i df/dy``) from kiln's
    adjoint, which holds ``df/dx + i df/dy``; and back: both are the conjugate."""
    if isinstance(t, ScalarType | ArrayType) and t.dtype.startswith("complex") and value is not None:
        return np.conj(value) if isinstance(t, ScalarType) else np.conj(value, out=value)
    return value


def _copy_written(fn_args: list[Any], fn: ir.Function) -> list[Any]:
    index = _param_index(fn)
    out = list(fn_args)
    for name in fn.written_params:
        out[index[name]] = np.array(out[index[name]], copy=True)
    return out


def _zeros_like_c(a: np.ndarray) -> np.ndarray:
    return np.zeros(a.shape, dtype=a.dtype)


def _seed(t: ScalarType | ArrayType, value: Any) -> Any:
    if isinstance(t, ScalarType):
        return np.dtype(t.dtype).type(value)
    return np.ascontiguousarray(np.broadcast_to(np.asarray(value, dtype=t.dtype), np.shape(value))).copy()


class VJP(_Derivative):
    """``kiln.vjp(f)(*args, cotangent=..., written=...) -> (value, cotangents)``."""

    def __init__(
        self,
        f: Any,
        argnums: tuple[int, ...] | None = None,
        optimize_first: bool = True,
        recompute: str = "mincut",
    ) -> None:
        super().__init__(f, optimize_first)
        self.argnums = argnums
        self.recompute = recompute
        self.last_tape_bytes = 0

    def _reverse(self, layout: Layout, fn: ir.Function) -> tuple[ir.Function, ReverseSignature]:
        return reverse_function(fn, self._active(layout, fn), self.jit.options.parallel, self.recompute)

    def _active(self, layout: Layout, fn: ir.Function) -> tuple[str, ...]:
        """The parameters of the arguments ``argnums`` names that carry derivatives."""
        if self.argnums is None:
            return tuple(p.name for i, p in enumerate(fn.params) if _differentiable_param(fn, i))
        out: list[str] = []
        for i in self.argnums:
            start, count = layout.spans[i] if 0 <= i < len(layout.spans) else (0, 0)
            leaves = [k for k in range(start, start + count) if _differentiable_param(fn, k)]
            if not leaves:
                raise TypeError(
                    f"argument {i} is not a float or complex array or number (nor holds one): "
                    "cannot differentiate it"
                )
            out += [fn.params[k].name for k in leaves]
        return tuple(out)

    def __call__(
        self, *args: Any, cotangent: Any = None, written: dict[int, Any] | None = None, **kwargs: Any
    ) -> tuple[Any, tuple[Any, ...]]:
        bound = self.bind(args, kwargs)
        compiled, layout = self.compile(bound, ("vjp", self.argnums), self._reverse)
        return self.run(compiled, layout, bound, cotangent, written or {})

    def run(
        self, c: CompiledDerivative, layout: Layout, bound: list[Any], cotangent: Any, written: dict[int, Any]
    ) -> tuple[Any, tuple[Any, ...]]:
        fn, sig = c.primal, c.signature
        assert isinstance(sig, ReverseSignature)
        if any(layout.nested(i) for i in written):
            raise TypeError("written= takes cotangents of array arguments, not of their items")
        flat_written = {layout.spans[i][0]: v for i, v in written.items()}
        call_args = _copy_written(flatten(layout, bound), fn)
        index = _param_index(fn)
        shadows = []
        for name in sig.shadow_params:
            i = index[name]
            ct = flat_written.get(i)
            t = cast(ScalarType | ArrayType, fn.params[i].type)
            given = _jax_convention(t, _seed(t, ct)) if ct is not None else None
            shadows.append(given if given is not None else _zeros_like_c(call_args[i]))
        cts = cotangent if fn.result_is_tuple else (cotangent,)
        seeds = []
        for i in sig.seeded_results:
            value = cts[i] if cts is not None and cts[i] is not None else None
            if value is None and isinstance(fn.results[i], ArrayType):
                raise TypeError(f"vjp of {fn.name}: give a cotangent array for result {i}")
            value = 0.0 if value is None else value
            seeds.append(_jax_convention(fn.results[i], _seed(fn.results[i], value)))
        with call_scope() as scope:  # for the random Generators it draws from
            *raw, tape_bytes = c.entry(*handles(scope, call_args), *shadows, *seeds)
        self.last_tape_bytes = int(tape_bytes)  # what the forward sweep stored for the reverse
        n = len(fn.results)
        values = raw[:n]
        value = tuple(values) if fn.result_is_tuple else (values[0] if n else None)
        grads: list[Any] = [None] * len(fn.params)
        for name, shadow in zip(sig.shadow_params, shadows):
            grads[index[name]] = _jax_convention(fn.params[index[name]].type, shadow)
        for name, g in zip(sig.scalar_grads, raw[n:]):
            grads[index[name]] = _jax_convention(fn.params[index[name]].type, g)
        return value, tuple(regroup(layout, grads, bound))


def _scalar_result(fn: ir.Function) -> None:
    if (
        fn.result_is_tuple
        or len(fn.results) != 1
        or not isinstance(fn.results[0], ScalarType)
        or (fn.results[0].dtype not in ("float32", "float64"))
    ):
        raise TypeError(
            f"kiln.grad needs a function returning one float scalar; {fn.name} returns {fn.results}"
        )


class Grad(VJP):
    """``kiln.grad(f)`` / ``kiln.value_and_grad(f)``."""

    def __init__(
        self,
        f: Any,
        argnums: int | tuple[int, ...],
        with_value: bool,
        optimize_first: bool,
        recompute: str = "mincut",
    ) -> None:
        self.single = isinstance(argnums, int)
        nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
        super().__init__(f, nums, optimize_first, recompute)
        self.with_value = with_value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        bound = self.bind(args, kwargs)
        compiled, layout = self.compile(bound, ("vjp", self.argnums), self._reverse)
        _scalar_result(compiled.primal)
        value, grads = self.run(compiled, layout, bound, 1.0, {})
        assert self.argnums is not None
        picked = tuple(grads[i] for i in self.argnums)
        out = picked[0] if self.single else picked
        return (value, out) if self.with_value else out


class JVP(_Derivative):
    """``kiln.jvp(f)(*args, tangents=...) -> (value, tangent, written_tangents)``."""

    def __call__(self, *args: Any, tangents: Sequence[Any], **kwargs: Any) -> tuple[Any, Any, dict[int, Any]]:
        bound = self.bind(args, kwargs)
        tangents = list(tangents) + [None] * (len(bound) - len(tangents))
        layout = layout_of(bound)
        flat_tangents = flatten(layout, tangents)
        active = tuple(i for i, t in enumerate(flat_tangents) if t is not None)
        compiled, layout = self.compile(
            bound,
            ("jvp", active),
            lambda _, fn: forward_function(fn, tuple(fn.params[i].name for i in active)),
        )
        fn, sig = compiled.primal, compiled.signature
        assert isinstance(sig, ForwardSignature)
        call_args = _copy_written(flatten(layout, bound), fn)
        index = _param_index(fn)
        extra = [
            _seed(fn.params[index[name]].type, flat_tangents[index[name]])  # type: ignore[arg-type]
            for name in sig.tangent_params
        ]
        with call_scope() as scope:
            raw = compiled.entry(*handles(scope, call_args), *extra)
        raw = () if raw is None else raw
        n = len(fn.results)
        values, tans = raw[:n], raw[n:]
        value = tuple(values) if fn.result_is_tuple else (values[0] if n else None)
        tangent = tuple(tans) if fn.result_is_tuple else (tans[0] if n else None)
        argument_of = {start: i for i, (start, _) in enumerate(layout.spans) if not layout.nested(i)}
        written = {
            argument_of[index[name]]: extra[k]
            for k, name in enumerate(sig.tangent_params)
            if name in fn.written_params and index[name] in argument_of
        }
        return value, tangent, written


def grad(
    f: Any, argnums: int | tuple[int, ...] = 0, *, optimize_first: bool = True, recompute: str = "mincut"
) -> Grad:
    """The gradient of a float-scalar-valued function w.r.t. argument(s) ``argnums`` (see docs).
    ``recompute``: how the reverse sweep gets loop values back, "mincut" or "simple"."""
    return Grad(f, argnums, with_value=False, optimize_first=optimize_first, recompute=recompute)


def value_and_grad(
    f: Any, argnums: int | tuple[int, ...] = 0, *, optimize_first: bool = True, recompute: str = "mincut"
) -> Grad:
    """Like :func:`grad`, returning ``(value, gradient)``."""
    return Grad(f, argnums, with_value=True, optimize_first=optimize_first, recompute=recompute)


def vjp(
    f: Any, argnums: tuple[int, ...] | None = None, *, optimize_first: bool = True, recompute: str = "mincut"
) -> VJP:
    """Reverse mode for functions returning arrays or writing array arguments (see docs)."""
    return VJP(f, argnums, optimize_first, recompute)


def jvp(f: Any, *, optimize_first: bool = True) -> JVP:
    """Forward mode: ``jvp(f)(*args, tangents=(...))`` -> ``(value, tangent, written_tangents)``."""
    return JVP(f, optimize_first)
