"""kiln: an optimizing compiler from NumPy-style Python to native code."""

from kiln.api import JitFunction, inspect, jit, report
from kiln.derivatives import grad, jvp, value_and_grad, vjp
from kiln.errors import CompilerFailure, KilnError, ToolchainError, TypingError, UnsupportedError
from kiln.frontend.prange import prange
from kiln.kernel import (
    atomic,
    blockDim,
    blockIdx,
    grid,
    gridDim,
    gridsize,
    local,
    shared,
    syncthreads,
    threadIdx,
)
from kiln.kernel_launch import kernel  # after kiln.kernel: the decorator shadows the package
from kiln.runtime.scratch import release_memory
from kiln.runtime.threads import get_num_threads, set_num_threads
from kiln.runtime.tiers import wait_for_optimized_builds as wait_for_optimized

__all__ = [
    "jit",
    "inspect",
    "report",
    "prange",
    "set_num_threads",
    "get_num_threads",
    "release_memory",
    "wait_for_optimized",
    "kernel",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "grid",
    "gridsize",
    "syncthreads",
    "shared",
    "local",
    "atomic",
    "grad",
    "value_and_grad",
    "vjp",
    "jvp",
    "JitFunction",
    "KilnError",
    "UnsupportedError",
    "TypingError",
    "ToolchainError",
    "CompilerFailure",
]
__version__ = "0.1.0"
