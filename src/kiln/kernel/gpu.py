"""Kernels on a CUDA GPU: the per-thread IR as the CUDA backend takes it (``cuda_ir``), and the
launch of what ``driver.compile_gpu_kernel`` built through its host launcher with ctypes.

Arguments: ``CudaArray``s are used in place; NumPy arrays are copied to the device for the
launch and, when the kernel may write them, back afterwards (as numba.cuda does).
"""

from __future__ import annotations

import builtins
import ctypes
import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from kiln.frontend.arguments import unnested_arg_type
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ConstArg, ScalarType
from kiln.kernel.analysis import varying_vars
from kiln.kernel.assemble import _alias_whole_views
from kiln.kernel.barriers import eliminate_barriers
from kiln.kernel.device_array import CudaArray, to_gpu
from kiln.kernel.fission import split_at_barriers
from kiln.kernel.lower_intrinsics import array_space
from kiln.kernel.nonneg import drop_wraparound
from kiln.runtime import cudart

SCALAR_CTYPES = {
    "bool": ctypes.c_uint8, "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32,
    "int64": ctypes.c_int64, "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16,
    "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64, "float32": ctypes.c_float,
    "float64": ctypes.c_double,
}  # fmt: skip


def cuda_ir(thread: ir.Function) -> tuple[ir.Function, dict[str, str]]:
    """The thread program as the CUDA backend renders it: wrap-around dropped on non-negative
    indices, whole views of shared arrays aliased to them, needless barriers removed."""
    spaces = {
        n: s for n, t in thread.var_types().items() if isinstance(t, ArrayType) and (s := array_space(n))
    }
    body = _alias_whole_views(drop_wraparound(thread.body), spaces)
    body, _ = eliminate_barriers(body)
    split_at_barriers(body, varying_vars(body))  # the CPU path's rule: barriers in uniform control flow
    return dataclasses.replace(thread, body=body), spaces


def gpu_arg_type(a: Any, position: int) -> ScalarType | ArrayType | ConstArg:
    """Arrays travel to the device C-ordered."""
    if isinstance(a, CudaArray):
        return ArrayType(a.dtype.name, a.ndim, "C")
    t = unnested_arg_type(a, position, "kernels")
    return ArrayType(t.dtype, t.ndim, "C") if isinstance(t, ArrayType) else t


def gpu_arg_key(a: Any) -> object:
    if isinstance(a, CudaArray | np.ndarray):
        return ("array", a.dtype, a.ndim)
    return type(a)


@dataclass
class GpuKernel:
    """One compiled specialization: its CUDA C, the loaded launcher, its parameters."""

    checks: tuple[ir.Check, ...]  # the CUDA module's run-time checks, by number
    params: tuple[ir.Param, ...]
    written: frozenset[str]
    launcher: Any
    err: CudaArray | None = None

    def launch(self, grid: tuple[int, int, int], args: tuple[Any, ...]) -> None:
        keep: list[Any] = []  # ctypes values and device copies live until the launch ends
        back: list[tuple[np.ndarray, CudaArray]] = []
        for p, a in zip(self.params, args, strict=True):
            t = p.type
            if isinstance(t, ConstArg):
                continue
            if isinstance(t, ScalarType):
                keep.append(SCALAR_CTYPES[t.dtype](a))
                continue
            dev = a if isinstance(a, CudaArray) else to_gpu(a)
            if not isinstance(a, CudaArray) and p.name in self.written:
                back.append((a, dev))
            keep += array_parts(dev)
            keep.append(dev)
        values = [v for v in keep if not isinstance(v, CudaArray)]
        if self.checks:
            if self.err is None:
                self.err = CudaArray(4, np.int64)
            cudart.memset(self.err.ptr, 0, self.err.nbytes)
            values.append(ctypes.c_void_p(self.err.ptr))
        argv = argument_vector(values)
        cudart.check(self.launcher(*(ctypes.c_uint(g) for g in grid), argv), "kernel launch")
        for host, dev in back:
            dev.copy_to_host(host)
        if self.err is not None:
            err = self.err.copy_to_host()
            if err[0]:
                raise failed_check(self.checks, [int(x) for x in err])


def array_parts(dev: CudaArray) -> list[ctypes.c_void_p | ctypes.c_longlong]:
    """A device array as kernel launchers and GPU entries take it: its data pointer, then its
    extents, then its strides in elements."""
    parts: list[ctypes.c_void_p | ctypes.c_longlong] = [ctypes.c_void_p(dev.ptr)]
    parts += [ctypes.c_longlong(n) for n in dev.shape]
    return parts + [ctypes.c_longlong(s // dev.dtype.itemsize) for s in dev.strides]


def argument_vector(values: list[Any]) -> ctypes.Array[ctypes.c_void_p]:
    """``void** args``: a pointer to each ctypes value (which must outlive the call)."""
    return (ctypes.c_void_p * max(1, len(values)))(*(ctypes.addressof(v) for v in values))


def failed_check(checks: tuple[ir.Check, ...], err: list[int]) -> Exception:
    """The exception of check number ``err[0]`` (from 1), its integer arguments in ``err[1:]``."""
    c = checks[err[0] - 1]
    message = c.message.replace("%lld", "%d") % tuple(err[1 : 1 + c.message.count("%lld")])
    exc = getattr(builtins, c.exc, RuntimeError)
    return exc(message) if isinstance(exc, type) and issubclass(exc, Exception) else RuntimeError(message)
