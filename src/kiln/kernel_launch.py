"""``@kiln.kernel``: a CUDA-style kernel launched as ``kernel[grid, block](*args)`` on
NumPy arrays; compiled per argument signature and block shape.

Where it runs: ``target="gpu"`` on a CUDA device (CUDA C built by nvcc), ``"cpu"`` on the CPU
(blocks on OpenMP workers), ``"auto"`` (the default) on the GPU when one is present and nvcc
is found, else the CPU; ``KILN_KERNEL_TARGET`` overrides "auto" (read once per process).
``kernel.cpu[grid, block]`` and ``kernel.gpu[grid, block]`` choose for one launch."""

from __future__ import annotations

import contextlib
import functools
import types
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from kiln.driver import CompiledKernel, compile_gpu_kernel, compile_kernel, lower_kernel, render_kernel
from kiln.frontend.arguments import arg_key, nonneg_positions, unnested_arg_type
from kiln.kernel.simulator import dim3, simulate
from kiln.options import KERNEL_TARGETS, Options, kernel_target_override


def host_value(a: Any) -> Any:
    """Arrays from ``kiln.cuda.to_device`` and NumPy subclasses as plain ndarrays."""
    if hasattr(a, "__kiln_host__"):
        return a.__kiln_host__()
    if isinstance(a, np.ndarray) and type(a) is not np.ndarray:
        return a.view(np.ndarray)
    return a


@functools.cache
def gpu_present() -> bool:
    """A CUDA device is present and nvcc can build for it (asked once per process)."""
    from kiln.runtime.cudart import device_count
    from kiln.runtime.nvcc import find_nvcc

    return device_count() > 0 and find_nvcc() is not None


@functools.cache
def _auto_target() -> str:
    """Where "auto" kernels run: ``KILN_KERNEL_TARGET``, else the GPU when present. Asked
    once per process, because every launch asks it (a few hundred launches of small kernels
    are common: LU makes two per column)."""
    override = kernel_target_override()
    if override is not None and override != "auto":
        return override
    return "gpu" if gpu_present() else "cpu"


def resolve_target(target: str) -> str:
    return _auto_target() if target == "auto" else target


class _OnTarget:
    """``kernel.cpu`` / ``kernel.gpu``: ``[grid, block]`` launches there. Made once per kernel,
    with its own launchers by configuration: a launch inside a Python loop (LU launches two per
    column) pays these lookups every time, and they were a third of a small launch's cost."""

    def __init__(self, kernel: Kernel, target: str) -> None:
        self.kernel, self.target = kernel, target
        self._launchers: dict[tuple[Any, ...], Callable[..., None]] = {}

    def __getitem__(self, config: tuple[Any, ...]) -> Callable[..., None]:
        try:
            return self._launchers[config]
        except (KeyError, TypeError):
            pass
        run = self.kernel.launcher(config, self.target)
        with contextlib.suppress(TypeError):  # an unhashable configuration: not remembered
            self._launchers[config] = run
        return run


def _config(config: tuple[Any, ...]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
        raise TypeError("launch a kernel as kernel[grid, block](...)")
    return dim3(config[0]), dim3(config[1])


class Kernel:
    """A kernel function; ``k[grid, block]`` is a launcher."""

    def __init__(self, py_func: types.FunctionType, options: Options, target: str = "auto") -> None:
        if target not in KERNEL_TARGETS:
            raise ValueError(f"target must be one of {', '.join(KERNEL_TARGETS)}, not {target!r}")
        self.py_func = py_func
        self.options = options
        self.target = target
        self._compiled: dict[tuple[object, ...], CompiledKernel] = {}
        self._gpu: dict[tuple[object, ...], Any] = {}
        self._entries: dict[tuple[object, ...], Any] = {}  # CPU entry points by block and arg keys
        self._launchers: dict[tuple[object, ...], Callable[..., None]] = {}
        functools.update_wrapper(self, py_func)

    def __getitem__(self, config: tuple[Any, ...]) -> Callable[..., None]:
        return self.launcher(config, self.target)

    def launcher(self, config: tuple[Any, ...], target: str) -> Callable[..., None]:
        """``kernel[config]`` on ``target``: made once per configuration (kernels launched
        once per row of a problem pay the dispatch every time)."""
        try:
            return self._launchers[(config, target)]
        except (KeyError, TypeError):
            pass
        grid, block = _config(config)
        if resolve_target(target) == "cpu":
            run = self._cpu_launcher(grid, block)
        else:

            def run(*args: Any) -> None:
                self.launch(grid, block, args, target)

        with contextlib.suppress(TypeError):  # an unhashable configuration (lists): not remembered
            self._launchers[(config, target)] = run
        return run

    def _cpu_launcher(self, grid: tuple[int, int, int], block: tuple[int, int, int]) -> Callable[..., None]:
        """A CPU launch with plain arguments: one dictionary lookup, then the compiled entry."""
        entries, launch = self._entries, self.launch

        def run(*args: Any) -> None:
            # Device arrays and ndarray subclasses key by their type, which no entry has:
            # they take the converting path.
            entry = entries.get((block, *map(arg_key, args)))
            if entry is None:
                launch(grid, block, args, "cpu")
            else:
                entry(*args, *grid)

        return run

    @functools.cached_property
    def cpu(self) -> _OnTarget:
        return _OnTarget(self, "cpu")

    @functools.cached_property
    def gpu(self) -> _OnTarget:
        return _OnTarget(self, "gpu")

    def __call__(self, *args: Any) -> None:
        raise TypeError(
            f"kernel {self.py_func.__name__} must be launched as {self.py_func.__name__}[grid, block](...)"
        )

    def compiled(self, block: tuple[int, int, int], args: tuple[Any, ...]) -> CompiledKernel:
        key = (block, *map(arg_key, args))
        found = self._compiled.get(key)
        if found is None:
            types_ = tuple(unnested_arg_type(a, i, "kernels") for i, a in enumerate(args))
            found = compile_kernel(self.py_func, types_, block, self.options, nonneg=nonneg_positions(args))
            self._compiled[key] = found
        return found

    def compiled_gpu(self, block: tuple[int, int, int], args: tuple[Any, ...]) -> Any:
        from kiln.kernel.gpu import gpu_arg_key, gpu_arg_type

        key = (block, *map(gpu_arg_key, args))
        found = self._gpu.get(key)
        if found is None:
            types_ = tuple(gpu_arg_type(host_value(a), i) for i, a in enumerate(args))
            found = compile_gpu_kernel(self.py_func, types_, block, self.options)
            self._gpu[key] = found
        return found

    def cuda_module(self, block: Any, *args: Any) -> Any:
        """The CUDA C of this kernel for ``block`` and these arguments (nothing is built)."""
        from kiln.kernel.gpu import gpu_arg_type

        b = dim3(block)
        types_ = tuple(gpu_arg_type(host_value(a), i) for i, a in enumerate(args))
        return render_kernel(lower_kernel(self.py_func, types_, b, self.options), b)

    def _cuda_text(self, block: Any, args: tuple[Any, ...]) -> str:
        from kiln.errors import UnsupportedError

        try:
            return str(self.cuda_module(block, *args).source)
        except UnsupportedError as exc:
            return f"(no CUDA C: {exc})"

    def launch(
        self,
        grid: tuple[int, int, int],
        block: tuple[int, int, int],
        args: tuple[Any, ...],
        target: str = "auto",
    ) -> None:
        if target != "cpu" and resolve_target(target) == "gpu":
            self.compiled_gpu(block, args).launch(grid, args)
            return
        if all(type(a) in _PLAIN for a in args):  # the common case, without conversions
            entry = self._entries.get((block, *map(arg_key, args)))
            if entry is not None:
                entry(*args, *grid)
                return
        host, back = _on_host(args)
        key = (block, *map(arg_key, host))
        entry = self._entries.get(key)
        if entry is None:  # compiled with build=True: its entry is set
            entry = self._entries[key] = cast(types.BuiltinFunctionType, self.compiled(block, host).entry)
        entry(*host, *grid)
        for dev, h in back:
            dev.copy_to_device(h)

    def simulate(self, grid: Any, block: Any, *args: Any) -> None:
        """Run on the reference executor (threads in lockstep per block)."""
        simulate(self.py_func, grid, block, tuple(host_value(a) for a in args))

    def inspect(self, grid: Any, block: Any, *args: Any) -> str:
        from kiln.ir.printer import print_function

        host = tuple(host_value(a) for a in args)
        types_ = tuple(unnested_arg_type(a, i, "kernels") for i, a in enumerate(host))
        nonneg = nonneg_positions(host)
        c = compile_kernel(self.py_func, types_, dim3(block), self.options, build=False, nonneg=nonneg)
        parts = [
            ("thread ir", print_function(c.thread_ir)),
            ("cpu ir", print_function(c.cpu_ir)),
            ("c", c.c_source),
            ("cuda", self._cuda_text(block, args)),
        ]
        return "\n".join(f"==== {name} ====\n{text}" for name, text in parts)


_PLAIN = frozenset({np.ndarray, int, float, bool, complex, np.float64, np.float32, np.int64, np.int32})


def _on_host(args: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[tuple[Any, np.ndarray]]]:
    """Arguments for the CPU path: GPU arrays copied to the host (and back after the launch)."""
    from kiln.kernel.device_array import CudaArray

    host, back = [], []
    for a in args:
        if isinstance(a, CudaArray):
            h = a.copy_to_host()
            back.append((a, h))
            host.append(h)
        else:
            host.append(host_value(a))
    return tuple(host), back


def kernel(
    fn: Callable[..., Any] | None = None,
    *,
    parallel: bool = True,
    fastmath: bool = False,
    cache: bool = True,
    target: str = "auto",
) -> Any:
    """Compile a CUDA-style kernel (``threadIdx``, ``syncthreads``, shared arrays ...);
    ``target``: "auto" (a GPU when present), "gpu" or "cpu"."""
    options = Options(parallel=parallel, fastmath=fastmath, cache=cache)

    def wrap(f: Callable[..., Any]) -> Kernel:
        if not isinstance(f, types.FunctionType):
            raise TypeError("kiln.kernel decorates plain Python functions")
        return Kernel(f, options, target)

    return wrap(fn) if fn is not None else wrap
