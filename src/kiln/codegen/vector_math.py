"""SIMD variants of libm functions (glibc's libmvec), so loops calling exp/log/sin... vectorize.

NumPy itself evaluates these functions with SIMD code of a few ulp accuracy on machines that have
it; libmvec's variants are of the same class (at most 4 ulp, special values handled), so using them
keeps results within the tolerance NumPy's own builds differ by. The declarations below are what
glibc's <math.h> would add under -ffast-math, without taking -ffast-math's other liberties.
"""

from __future__ import annotations

import os
import platform

# Functions of one argument, and of two, that libmvec provides in double and float (glibc >= 2.35).
_UNARY = (
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "cos", "cosh", "erf", "erfc",
    "exp", "exp10", "exp2", "expm1", "log", "log10", "log1p", "log2", "sin", "sinh", "tan", "tanh",
)  # fmt: skip
_BINARY = ("atan2", "hypot", "pow")
# What glibc 2.22 to 2.34 had.
_OLD_UNARY = ("cos", "exp", "log", "sin")
_OLD_BINARY = ("pow",)


def _glibc_version() -> tuple[int, int] | None:
    try:
        text = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError, AttributeError):
        return None
    name, _, version = text.partition(" ")
    parts = version.split(".")
    if name != "glibc" or len(parts) < 2 or not all(p.isdigit() for p in parts[:2]):
        return None
    return int(parts[0]), int(parts[1])


def available_functions() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(unary, binary) libm names with SIMD variants on this machine; empty when there is none."""
    version = _glibc_version()
    if platform.machine() not in ("x86_64", "AMD64") or version is None:
        return (), ()
    if version >= (2, 35):
        return _UNARY, _BINARY
    if version >= (2, 22):
        return _OLD_UNARY, _OLD_BINARY
    return (), ()


def simd_declarations() -> str:
    """C declarations that let gcc call the SIMD variants from vectorized loops."""
    unary, binary = available_functions()
    lines = ["/* SIMD variants of libm functions (libmvec) */"]
    for name in unary:
        lines.append(f'__attribute__((simd("notinbranch"))) double {name}(double);')
        lines.append(f'__attribute__((simd("notinbranch"))) float {name}f(float);')
    for name in binary:
        lines.append(f'__attribute__((simd("notinbranch"))) double {name}(double, double);')
        lines.append(f'__attribute__((simd("notinbranch"))) float {name}f(float, float);')
    return "\n".join(lines) + "\n" if len(lines) > 1 else ""
