"""kiln: an optimizing compiler from NumPy-style Python to native code."""

from kiln.api import JitFunction, inspect, jit
from kiln.autodiff.api import grad, jvp, value_and_grad, vjp
from kiln.errors import CompilerFailure, KilnError, ToolchainError, TypingError, UnsupportedError
from kiln.parallel import prange

__all__ = [
    "jit",
    "inspect",
    "prange",
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
