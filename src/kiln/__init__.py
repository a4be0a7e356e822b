"""kiln: an optimizing compiler from NumPy-style Python to native code."""

from kiln.api import JitFunction, inspect, jit, report
from kiln.errors import CompilerFailure, KilnError, ToolchainError, TypingError, UnsupportedError
from kiln.parallel import prange

__all__ = [
    "jit",
    "inspect",
    "report",
    "prange",
    "JitFunction",
    "KilnError",
    "UnsupportedError",
    "TypingError",
    "ToolchainError",
    "CompilerFailure",
]
__version__ = "0.1.0"
