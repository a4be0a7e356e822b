"""Device-side helpers every generated CUDA module starts with: the same NumPy-exact scalar
helpers as the C prelude (integer floor division and modulo, NaN-propagating min/max ...),
rendered as ``__device__`` functions."""

from __future__ import annotations

from kiln.codegen.prelude import (
    _FLOAT_HELPERS,
    _INT_DIVMOD,
    _UINT_DIVMOD,
    FLOAT_TYPES,
    INT_TYPES,
    RANGE_HELPERS,
)

_HEADER = r"""
#include <cuda_runtime.h>
#include <stdint.h>
#include <math.h>
#pragma nv_diag_suppress 177
#pragma nv_diag_suppress 550
typedef long long npy_intp;
typedef unsigned char npy_bool;
#define KILN_INLINE static __device__ __forceinline__
/* A failed check inside a kernel records its number and integer arguments (the first
   failure wins); the host raises the matching Python exception after the launch. */
KILN_INLINE void kiln_fail(long long* err, long long which, long long a0, long long a1, long long a2) {
    if (atomicCAS((unsigned long long*)err, 0ULL, (unsigned long long)which) == 0ULL) {
        err[1] = a0; err[2] = a1; err[3] = a2;
    }
}
"""


def cuda_prelude() -> str:
    return _HEADER + scalar_helpers()


def scalar_helpers() -> str:
    """range() arithmetic and the NumPy-exact integer and float helpers, each ``KILN_INLINE``
    (the module's header says for which side: device only, or host and device)."""
    parts = [RANGE_HELPERS]
    for suffix, ctype in INT_TYPES.items():
        template = _UINT_DIVMOD if suffix.startswith("u") else _INT_DIVMOD
        parts.append(template.format(t=ctype, s=suffix))
    for suffix, (ctype, fsuffix) in FLOAT_TYPES.items():
        # copysign(0, x) would pick a host-only integer overload
        helpers = _FLOAT_HELPERS.format(t=ctype, s=suffix, f=fsuffix)
        parts.append(helpers.replace(f"copysign{fsuffix}(0,", f"copysign{fsuffix}(({ctype})0,"))
    return "".join(parts)
