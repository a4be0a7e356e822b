"""Calling a function compiled by ``@kiln.jit(target="cuda")`` (``codegen.cuda_jit``'s module).

Arguments: ``CudaArray``s are used in place; NumPy arrays are copied to the device for the
call when it reads them and back after it when it may write them, as
``analysis.device_placement.transfer_plan`` says (``transfers`` counts both).
Results: when any argument was a ``CudaArray``, arrays come back as ``CudaArray``s (the device
memory the call made, now the caller's); otherwise as NumPy arrays copied to the host.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kiln.analysis.device_placement import transfer_plan
from kiln.errors import SourceLoc, UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ConstArg, ScalarType
from kiln.kernel.device_array import CudaArray, to_gpu
from kiln.kernel.gpu import SCALAR_CTYPES, argument_vector, array_parts, failed_check
from kiln.runtime import cudart


@dataclass
class Transfers:
    """Copies between host and device that calls made, with their bytes."""

    to_device: int = 0
    to_host: int = 0
    bytes_to_device: int = 0
    bytes_to_host: int = 0

    def line(self) -> str:
        return (
            f"transfers: {self.to_device} to the device ({self.bytes_to_device} bytes), "
            f"{self.to_host} to the host ({self.bytes_to_host} bytes)"
        )


@dataclass
class GpuFunction:
    """One specialization: its entry in the loaded module, its parameters and checks."""

    fn: ir.Function
    entry: Any  # ctypes function: int(void** args, long long* out, long long* errs)
    checks: tuple[ir.Check, ...]
    transfers: Transfers = field(default_factory=Transfers)

    def __post_init__(self) -> None:
        self.entry.restype = ctypes.c_int
        self.entry.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self._words = sum(1 if isinstance(t, ScalarType) else 3 + 2 * t.ndim for t in self.fn.results)
        self._written = frozenset(self.fn.written_params)
        self.plan = transfer_plan(self.fn)

    def __call__(self, *args: Any) -> Any:
        if cudart.device_count() == 0:
            raise RuntimeError(
                "kiln.jit(target='cuda'): no CUDA device is available (target='auto' runs on the CPU then)"
            )
        values: list[Any] = []
        back: list[tuple[np.ndarray, CudaArray]] = []
        devices: list[CudaArray] = []
        on_device = False
        copies: dict[int, CudaArray] = {}  # a host array passed twice is one device array
        _refuse_partial_overlaps(args, self.fn.loc)
        for p, a in zip(self.fn.params, args, strict=True):
            t = p.type
            if isinstance(t, ConstArg):
                continue
            if isinstance(t, ScalarType):
                values.append(SCALAR_CTYPES[t.dtype](a))
                continue
            dev = copies.get(id(a)) or self._on_device(p.name, a, back)
            copies[id(a)] = dev
            on_device = on_device or dev is a
            devices.append(dev)
            values += array_parts(dev)
        argv = argument_vector(values)
        out = (ctypes.c_longlong * max(1, self._words))()
        errs = (ctypes.c_longlong * 4)()
        status = self.entry(argv, out, errs)
        for host, dev in back:
            dev.copy_to_host(host)
            self._count(to_host=dev.nbytes)
        if status > 0:
            raise failed_check(self.checks, [int(x) for x in errs])
        if status == -2:
            raise MemoryError("kiln: out of GPU memory")
        if status < 0:
            cudart.check(int(errs[1]), "a kernel of a kiln.jit(target='cuda') function")
        return self._results(list(out), devices, on_device)

    def _on_device(self, name: str, a: Any, back: list[tuple[np.ndarray, CudaArray]]) -> CudaArray:
        if isinstance(a, CudaArray):
            return a
        host = np.asarray(a)
        move = self.plan[name]
        if move == "in/out" and not host.flags.writeable:
            raise ValueError(f"assignment destination is read-only (argument '{name.removeprefix('p_')}')")
        if move == "none":  # only its shape matters
            return CudaArray(host.shape, host.dtype)
        dev = to_gpu(host)
        self._count(to_device=dev.nbytes)
        if move == "in/out":
            back.append((host, dev))
        return dev

    def _count(self, to_device: int = 0, to_host: int = 0) -> None:
        t = self.transfers
        t.to_device += bool(to_device)
        t.bytes_to_device += to_device
        t.to_host += bool(to_host)
        t.bytes_to_host += to_host

    # --------------------------------------------------------------- results
    def _results(self, words: list[int], devices: list[CudaArray], on_device: bool) -> Any:
        items: list[Any] = []
        blocks: dict[int, tuple[CudaArray, np.ndarray | None]] = {}
        k = 0
        for t in self.fn.results:
            if isinstance(t, ScalarType):
                items.append(_scalar(words[k], t))
                k += 1
                continue
            assert isinstance(t, ArrayType)
            data, owner, nbytes = words[k : k + 3]
            shape = tuple(words[k + 3 : k + 3 + t.ndim])
            strides = tuple(words[k + 3 + t.ndim : k + 3 + 2 * t.ndim])
            k += 3 + 2 * t.ndim
            items.append(self._array(data, owner, nbytes, shape, strides, t, blocks, devices, on_device))
        if self.fn.result_is_tuple:
            return tuple(items)
        return items[0] if items else None

    def _array(
        self,
        data: int,
        owner: int,
        nbytes: int,
        shape: tuple[int, ...],
        strides: tuple[int, ...],
        t: ArrayType,
        blocks: dict[int, tuple[CudaArray, np.ndarray | None]],
        devices: list[CudaArray],
        on_device: bool,
    ) -> Any:
        dtype = np.dtype(t.dtype)
        if owner:
            if owner not in blocks:
                blocks[owner] = (CudaArray.adopt(owner, (nbytes,), np.uint8), None)
            block = blocks[owner][0]
        else:
            block = _holder(data, devices)
            owner, nbytes = block.ptr, block.nbytes
        contiguous = strides == _c_strides(shape)
        if on_device and contiguous:
            return CudaArray.adopt(data, shape, dtype, base=block)
        host = blocks.get(owner, (block, None))[1]
        if host is None:
            host = np.empty(max(nbytes, 1), np.uint8)
            cudart.memcpy(host.ctypes.data, owner, nbytes, cudart.D2H)
            self._count(to_host=nbytes)
            if owner in blocks:
                blocks[owner] = (block, host)
        itemsize = dtype.itemsize
        view = np.ndarray(shape, dtype, host, data - owner, tuple(s * itemsize for s in strides))
        return to_gpu(view) if on_device else view


def _refuse_partial_overlaps(args: tuple[Any, ...], loc: SourceLoc) -> None:
    """Host arrays travel one copy each, so two different arrays sharing memory (``a[1:]`` and
    ``a[:-1]``) would stop seeing each other's writes on the device: refused, not run wrong.
    The same array passed twice is one device array (``GpuFunction.__call__``)."""
    hosts = list({id(a): a for a in args if isinstance(a, np.ndarray)}.values())
    for i, a in enumerate(hosts):
        for b in hosts[i + 1 :]:
            if np.may_share_memory(a, b) and np.shares_memory(a, b):
                raise UnsupportedError(
                    "two NumPy arguments share memory; on the GPU each travels as its own copy "
                    "(pass one array, or kiln.cuda.to_device arrays)",
                    loc,
                )


def _holder(data: int, devices: list[CudaArray]) -> CudaArray:
    """The argument a returned view lies in."""
    for d in devices:
        if d.ptr <= data < d.ptr + max(d.nbytes, 1):
            return d
    raise RuntimeError("kiln: a result on the GPU lies in no array of this call")


def _c_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= max(n, 1)
    return tuple(reversed(out))


def _scalar(word: int, t: ScalarType) -> Any:
    raw = np.array([word], np.int64).view(np.uint8)[: np.dtype(t.dtype).itemsize]
    value = raw.view(t.dtype)[0]
    if t.weak:
        return value.item()
    return value
