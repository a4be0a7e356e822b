"""``@kiln.jit(target="cuda")``: a function specialized on its argument types, compiled for a
CUDA GPU (``driver.compile_gpu_function``), arrays in device memory (``gpu_call``)."""

from __future__ import annotations

import functools
import inspect as py_inspect
import types
from typing import Any

import numpy as np

from kiln.driver import CompiledGpu, compile_gpu_function
from kiln.frontend.arguments import arg_key, nonneg_positions
from kiln.frontend.python import check_parameters
from kiln.gpu_call import GpuFunction
from kiln.gpu_report import render as render_report
from kiln.kernel.device_array import CudaArray
from kiln.kernel.gpu import gpu_arg_type
from kiln.options import Options
from kiln.runtime import cudart
from kiln.runtime.nvcc import find_nvcc

TARGETS = ("cpu", "cuda", "auto")


def cuda_usable() -> bool:
    """Whether ``target="auto"`` picks the GPU: a CUDA device and nvcc are both here."""
    return cudart.device_count() > 0 and find_nvcc() is not None


def gpu_key(a: object) -> object:
    """Host arrays travel C-ordered, so their layout does not make another specialization."""
    if isinstance(a, CudaArray | np.ndarray):
        return ("array", a.dtype, a.ndim)
    return arg_key(a)


class CudaJitFunction:
    """A Python function compiled for a CUDA GPU on first call for each argument signature."""

    def __init__(self, py_func: types.FunctionType, options: Options) -> None:
        self.py_func = py_func
        self.options = options
        self._compiled: dict[tuple[object, ...], CompiledGpu] = {}
        self._signature = py_inspect.signature(py_func)  # binding runs on every call
        functools.update_wrapper(self, py_func)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        bound = self._bind(args, kwargs)
        call = self._specialize(bound).call
        assert call is not None, "a specialization compiled without building"
        return call(*bound)

    def _bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return tuple(bound.arguments.values())

    def _specialize(self, args: tuple[Any, ...], build: bool = True) -> CompiledGpu:
        check_parameters(self.py_func)
        key = tuple(map(gpu_key, args))
        compiled = self._compiled.get(key)
        if compiled is None or (build and compiled.call is None):
            types_ = tuple(gpu_arg_type(a, i) for i, a in enumerate(args))
            nonneg = nonneg_positions(tuple(None if isinstance(a, CudaArray) else a for a in args))
            compiled = compile_gpu_function(self.py_func, types_, self.options, build=build, nonneg=nonneg)
            self._compiled[key] = compiled
        return compiled

    def inspect(self, *args: Any, **kwargs: Any) -> str:
        """The IR after each stage and the generated CUDA C for these arguments."""
        args = self._bind(args, kwargs)
        log: list[str] = []
        types_ = tuple(gpu_arg_type(a, i) for i, a in enumerate(args))
        compile_gpu_function(self.py_func, types_, self.options, build=False, log=log)
        return "\n".join(log)

    def transfers(self, *args: Any, **kwargs: Any) -> str:
        """The copies between host and device that calls with these argument types made."""
        compiled = self._compiled.get(tuple(map(gpu_key, self._bind(args, kwargs))))
        call: GpuFunction | None = compiled.call if compiled is not None else None
        return call.transfers.line() if call is not None else "transfers: not called yet"

    def report(self, *args: Any, **kwargs: Any) -> str:
        """Where each loop runs (a grid, one GPU thread, the host) and what crosses the bus."""
        compiled = self._specialize(self._bind(args, kwargs), build=False)
        return render_report(compiled.optimized, self.transfers(*args, **kwargs))

    @property
    def signatures(self) -> list[tuple[object, ...]]:
        return list(self._compiled)
