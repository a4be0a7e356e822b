"""Types of IR values: scalars (NumPy dtypes, possibly *weak*), arrays, tuples.

A scalar type is *weak* when it stands for a Python ``int``/``float``/``complex``
(a literal, a scalar argument given as a Python number, ``len(a)``, a ``range``
variable). NumPy 2 (NEP 50) lets weak scalars adopt the dtype of the array or
strong scalar they meet, so ``float32_array * 2.0`` stays float32. The weak type
still carries the dtype a Python value of that kind computes in (int64, float64,
complex128) for when two weak values meet.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Canonical dtype names, in NumPy's spelling. The order matters for nothing.
DTYPE_NAMES: tuple[str, ...] = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
# Element types the BLAS routines take (?gemm, ?gemv ...: s, d, c, z).
BLAS_DTYPES = frozenset({"float32", "float64", "complex64", "complex128"})
# Products small enough that generated loops beat a BLAS call (the C prelude's KILN_SMALL_GEMM,
# KILN_THIN_GEMM and KILN_SMALL_GEMV, where the measurements are; a test keeps them equal).
SMALL_GEMM = 32768  # m * k * n at most
THIN_GEMM = 4  # a contracted extent at most
SMALL_GEMV = 1024  # matrix elements at most

C_TYPE_OF: dict[str, str] = {
    "bool": "npy_bool",
    "int8": "int8_t",
    "int16": "int16_t",
    "int32": "int32_t",
    "int64": "int64_t",
    "uint8": "uint8_t",
    "uint16": "uint16_t",
    "uint32": "uint32_t",
    "uint64": "uint64_t",
    "float32": "float",
    "float64": "double",
    "complex64": "float _Complex",
    "complex128": "double _Complex",
}


def dtype_kind(name: str) -> str:
    """NumPy kind letter: 'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c' complex."""
    return np.dtype(name).kind


@dataclass(frozen=True)
class ScalarType:
    """A scalar of NumPy dtype ``dtype``; ``weak`` marks a Python number (NEP 50)."""

    dtype: str
    weak: bool = False

    def __post_init__(self) -> None:
        if self.dtype not in C_TYPE_OF:
            raise ValueError(f"unknown dtype {self.dtype!r}")

    @property
    def kind(self) -> str:
        return dtype_kind(self.dtype)

    @property
    def np_dtype(self) -> np.dtype:
        return np.dtype(self.dtype)

    @property
    def is_integer(self) -> bool:
        return self.kind in "iu"

    @property
    def is_float(self) -> bool:
        return self.kind == "f"

    @property
    def is_complex(self) -> bool:
        return self.kind == "c"

    @property
    def is_bool(self) -> bool:
        return self.kind == "b"

    def strong(self) -> ScalarType:
        return ScalarType(self.dtype, False)

    def __str__(self) -> str:
        return f"py_{self.dtype}" if self.weak else self.dtype


# Layouts an array may be known to have. Knowing more lets the C code use
# constant strides, which is what lets the C compiler vectorize.
#   C: C-contiguous; F: Fortran-contiguous; R: last stride is 1, others free;
#   A: any strides.
LAYOUTS: tuple[str, ...] = ("C", "F", "R", "A")


@dataclass(frozen=True)
class ArrayType:
    """An n-dimensional strided view of elements of ``dtype``."""

    dtype: str
    ndim: int
    layout: str = "A"

    def __post_init__(self) -> None:
        if self.dtype not in C_TYPE_OF:
            raise ValueError(f"unknown dtype {self.dtype!r}")
        if self.layout not in LAYOUTS:
            raise ValueError(f"unknown layout {self.layout!r}")
        if self.ndim < 0:
            raise ValueError("ndim must be >= 0")

    @property
    def element(self) -> ScalarType:
        return ScalarType(self.dtype)

    def with_layout(self, layout: str) -> ArrayType:
        return ArrayType(self.dtype, self.ndim, layout)

    def __str__(self) -> str:
        return f"array[{self.dtype}, {self.ndim}d, {self.layout}]"


@dataclass(frozen=True)
class TupleType:
    """A tuple argument (or a list: ``is_list``), passed to generated code item by item; or a
    record (``record``, its class: a NamedTuple or a dataclass), its fields ``names``."""

    items: tuple[Type, ...]
    is_list: bool = False
    names: tuple[str, ...] = ()
    record: type | None = None

    def __str__(self) -> str:
        if self.record is not None:
            fields = ", ".join(f"{n}: {t}" for n, t in zip(self.names, self.items))
            return f"{self.record.__name__}({fields})"
        inner = ", ".join(str(t) for t in self.items)
        return f"[{inner}]" if self.is_list else f"({inner})"


@dataclass(frozen=True)
class ConstArg:
    """An argument that is a compile-time constant of its specialization, no variable: None (a
    ``y=None`` default, so ``y is None`` folds), or a function or string the code is specialized
    on (``solve(f, x0)``, ``mode="edge"``). Dispatch passes it; the generated code ignores it."""

    value: object = None

    def __str__(self) -> str:
        if self.value is None:
            return "none"
        return f"const {getattr(self.value, '__qualname__', None) or repr(self.value)}"


Type = ScalarType | ArrayType | TupleType | ConstArg

BOOL = ScalarType("bool")
INT64 = ScalarType("int64")
FLOAT64 = ScalarType("float64")
PY_INT = ScalarType("int64", weak=True)
PY_FLOAT = ScalarType("float64", weak=True)
PY_COMPLEX = ScalarType("complex128", weak=True)
PY_BOOL = ScalarType("bool", weak=True)
NONE = ConstArg()


def layout_of(arr: np.ndarray) -> str:
    """The most specific layout an ndarray has (C preferred over F for 0/1-d)."""
    flags = arr.flags
    if flags.c_contiguous:
        return "C"
    if flags.f_contiguous:
        return "F"
    if arr.ndim and arr.strides[-1] == arr.itemsize:
        return "R"
    return "A"


def layout_includes(general: str, specific: str) -> bool:
    """Whether code compiled for ``general`` is valid for ``specific`` arrays."""
    if general == specific or general == "A":
        return True
    return general == "R" and specific == "C"
