"""The names a kernel uses (``threadIdx``, ``syncthreads``, ``shared.array``, ``atomic.add`` ...).

Each object has two meanings: called from Python it acts on the reference executor's current
thread (see ``simulator.py``), and met by the frontend it lowers to IR (``lower_intrinsics.py``,
through the ``kiln_attribute`` / ``kiln_call`` hooks).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np

AXES = ("x", "y", "z")


@dataclass
class BlockState:
    """What the threads of one simulated block share."""

    barrier: Any  # simulator.KernelBarrier
    lock: threading.Lock
    shared: list[np.ndarray] = field(default_factory=list)


@dataclass
class ThreadState:
    tid: tuple[int, int, int]
    bid: tuple[int, int, int]
    bdim: tuple[int, int, int]
    gdim: tuple[int, int, int]
    block: BlockState
    atomic_lock: threading.Lock
    shared_calls: int = 0


class _Current(threading.local):
    state: ThreadState | None = None


CURRENT = _Current()


def current() -> ThreadState:
    state = CURRENT.state
    if state is None:
        raise RuntimeError(
            "kernel intrinsics can only be used inside a kernel launched with kernel[grid, block]"
        )
    return state


class Intrinsic:
    """Marker the frontend recognizes (``__kiln_intrinsic__``)."""

    __kiln_intrinsic__ = True
    name = "intrinsic"

    def kiln_attribute(self, ctx: Any, attr: str) -> Any:
        from kiln.kernel.lower_intrinsics import lower_attribute

        return lower_attribute(ctx, self, attr)

    def kiln_call(self, low: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
        from kiln.kernel.lower_intrinsics import lower_call

        return lower_call(low, self, args, kwargs)

    def __repr__(self) -> str:
        return f"kiln.{self.name}"


class Dim3(Intrinsic):
    """``threadIdx``, ``blockIdx``, ``blockDim``, ``gridDim``: ``.x .y .z``."""

    def __init__(self, name: str, field_name: str) -> None:
        self.name = name
        self.field_name = field_name

    def _get(self, axis: int) -> int:
        return getattr(current(), self.field_name)[axis]

    @property
    def x(self) -> int:
        return self._get(0)

    @property
    def y(self) -> int:
        return self._get(1)

    @property
    def z(self) -> int:
        return self._get(2)


threadIdx = Dim3("threadIdx", "tid")
blockIdx = Dim3("blockIdx", "bid")
blockDim = Dim3("blockDim", "bdim")
gridDim = Dim3("gridDim", "gdim")


class _Grid(Intrinsic):
    name = "grid"

    def __call__(self, ndim: int) -> int | tuple[int, ...]:
        s = current()
        values = tuple(s.bid[k] * s.bdim[k] + s.tid[k] for k in range(ndim))
        return values[0] if ndim == 1 else values


class _GridSize(Intrinsic):
    name = "gridsize"

    def __call__(self, ndim: int) -> int | tuple[int, ...]:
        s = current()
        values = tuple(s.bdim[k] * s.gdim[k] for k in range(ndim))
        return values[0] if ndim == 1 else values


class _SyncThreads(Intrinsic):
    name = "syncthreads"

    def __call__(self) -> None:
        try:
            current().block.barrier.wait()
        except threading.BrokenBarrierError:
            raise RuntimeError(
                "syncthreads() was not reached by every thread of the block (a barrier in "
                "thread-divergent control flow, or a thread that returned early)"
            ) from None


grid = _Grid()
gridsize = _GridSize()
syncthreads = _SyncThreads()


def _shape_tuple(shape: int | tuple[int, ...]) -> tuple[int, ...]:
    return (int(shape),) if np.isscalar(shape) else tuple(int(n) for n in shape)  # type: ignore[arg-type,union-attr]


class _ArrayMaker(Intrinsic):
    """``shared.array`` (one array per block) or ``local.array`` (one per thread)."""

    def __init__(self, space: str) -> None:
        self.space = space
        self.name = f"{space}.array"

    def __call__(self, shape: int | tuple[int, ...], dtype: Any) -> np.ndarray:
        shape_t = _shape_tuple(shape)
        if self.space == "local":
            return np.zeros(shape_t, dtype=dtype)
        s = current()
        k = s.shared_calls
        s.shared_calls += 1
        with s.block.lock:  # the first thread to get here creates the block's k-th array
            if len(s.block.shared) <= k:
                s.block.shared.append(np.zeros(shape_t, dtype=dtype))
            return s.block.shared[k]


class Namespace(Intrinsic):
    """``shared``, ``local``, ``atomic``: attributes are intrinsics."""

    def __init__(self, name: str, **members: Intrinsic) -> None:
        self.name = name
        self.members = members
        for k, v in members.items():
            setattr(self, k, v)


def _index(idx: Any) -> Any:
    return tuple(int(i) for i in idx) if isinstance(idx, tuple) else int(idx)


class _Atomic(Intrinsic):
    def __init__(self, op: str) -> None:
        self.op = op
        self.name = f"atomic.{op}"

    def __call__(self, ary: np.ndarray, idx: Any, *values: Any) -> Any:
        with current().atomic_lock:
            i = _index(idx)
            old = ary[i].copy() if isinstance(ary[i], np.ndarray) else ary[i]
            v = ary.dtype.type(values[-1])
            if self.op == "add":
                ary[i] = old + v
            elif self.op == "sub":
                ary[i] = old - v
            elif self.op == "min":
                ary[i] = v if v < old else old
            elif self.op == "max":
                ary[i] = v if v > old else old
            elif self.op == "exch" or old == ary.dtype.type(values[0]):
                ary[i] = v
            return old


shared = Namespace("shared", array=_ArrayMaker("shared"))
local = Namespace("local", array=_ArrayMaker("local"))
ATOMIC_OPS = ("add", "sub", "min", "max", "exch", "cas")
atomic = Namespace("atomic", **{op: _Atomic(op) for op in ATOMIC_OPS})
