"""``@kiln.kernel``: a CUDA-style kernel launched as ``kernel[grid, block](*args)`` on
NumPy arrays; compiled per argument signature and block shape, run on the CPU."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from kiln.api import _arg_key, arg_type
from kiln.kernel.compile import CompiledKernel, compile_kernel
from kiln.kernel.simulator import dim3, simulate
from kiln.options import Options


def host_value(a: Any) -> Any:
    """Arrays from ``kiln.cuda.to_device`` and NumPy subclasses as plain ndarrays."""
    if hasattr(a, "__kiln_host__"):
        return a.__kiln_host__()
    if isinstance(a, np.ndarray) and type(a) is not np.ndarray:
        return a.view(np.ndarray)
    return a


class Kernel:
    """A kernel function; ``k[grid, block]`` is a launcher."""

    def __init__(self, py_func: types.FunctionType, options: Options) -> None:
        self.py_func = py_func
        self.options = options
        self._compiled: dict[tuple[object, ...], CompiledKernel] = {}
        functools.update_wrapper(self, py_func)

    def __getitem__(self, config: tuple[Any, ...]) -> Callable[..., None]:
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise TypeError("launch a kernel as kernel[grid, block](...)")
        grid, block = dim3(config[0]), dim3(config[1])
        return lambda *args: self.launch(grid, block, args)

    def __call__(self, *args: Any) -> None:
        raise TypeError(
            f"kernel {self.py_func.__name__} must be launched as {self.py_func.__name__}[grid, block](...)"
        )

    def compiled(self, block: tuple[int, int, int], args: tuple[Any, ...]) -> CompiledKernel:
        key = (block, *map(_arg_key, args))
        found = self._compiled.get(key)
        if found is None:
            types_ = tuple(arg_type(a, i) for i, a in enumerate(args))
            found = compile_kernel(self.py_func, types_, block, self.options)
            self._compiled[key] = found
        return found

    def launch(self, grid: tuple[int, int, int], block: tuple[int, int, int], args: tuple[Any, ...]) -> None:
        host = tuple(host_value(a) for a in args)
        entry = self.compiled(block, host).entry
        assert entry is not None
        entry(*host, *grid)

    def simulate(self, grid: Any, block: Any, *args: Any) -> None:
        """Run on the reference executor (threads in lockstep per block)."""
        simulate(self.py_func, grid, block, tuple(host_value(a) for a in args))

    def inspect(self, grid: Any, block: Any, *args: Any) -> str:
        from kiln.ir.printer import print_function

        host = tuple(host_value(a) for a in args)
        types_ = tuple(arg_type(a, i) for i, a in enumerate(host))
        c = compile_kernel(self.py_func, types_, dim3(block), self.options, build=False)
        parts = [
            ("thread ir", print_function(c.thread_ir)),
            ("cpu ir", print_function(c.cpu_ir)),
            ("c", c.c_source),
        ]
        return "\n".join(f"==== {name} ====\n{text}" for name, text in parts)


def kernel(
    fn: types.FunctionType | None = None, *, parallel: bool = True, fastmath: bool = False, cache: bool = True
) -> Any:
    """Compile a CUDA-style kernel (``threadIdx``, ``syncthreads``, shared arrays ...)."""
    options = Options(parallel=parallel, fastmath=fastmath, cache=cache)

    def wrap(f: types.FunctionType) -> Kernel:
        if not isinstance(f, types.FunctionType):
            raise TypeError("kiln.kernel decorates plain Python functions")
        return Kernel(f, options)

    return wrap(fn) if fn is not None else wrap
