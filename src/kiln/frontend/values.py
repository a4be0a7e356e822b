"""What a Python expression denotes while the frontend lowers it.

* ``Scalar``: an IR expression.
* ``ArrayView``: a symbolic view of an IR array variable: each base axis is
  either fixed at an index or walks one view axis (``start + step * i``). Loads
  through a view are loads of the base with mapped indices, so slicing costs
  nothing at run time and constant strides of the base stay visible to the C
  compiler.
* ``Lazy``: an element-wise array expression not yet stored anywhere; it
  becomes a loop only where it is consumed, so ``a * sqrt(b) + c`` is one loop.
* ``Tuple``, ``Const`` (compile-time Python objects: modules, functions,
  dtypes, strings, None), ``Range``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType


class Intrinsic(Protocol):
    """An object whose type sets ``__kiln_intrinsic__`` (the kernel package's intrinsics, which
    the frontend does not import): it lowers its own attributes and calls."""

    def kiln_attribute(self, ctx: Any, attr: str) -> Any: ...

    def kiln_call(self, low: Any, args: list[Any], kwargs: dict[str, Any]) -> Any: ...


@dataclass(frozen=True)
class Scalar:
    expr: ir.Expr

    @property
    def type(self) -> ScalarType:
        return self.expr.type


@dataclass(frozen=True)
class Fixed:
    """A base axis held at one (normalized) index."""

    index: ir.Expr


@dataclass(frozen=True)
class Walk:
    """A base axis walked by view axis ``axis`` as ``start + step * i``."""

    axis: int
    start: ir.Expr
    step: ir.Expr


@dataclass(frozen=True)
class ArrayView:
    """A view of IR array ``base``; ``maps`` has one entry per base axis."""

    base: str
    base_type: ArrayType
    maps: tuple[Fixed | Walk, ...]
    shape: tuple[ir.Expr, ...]
    # All of ``base``, axis for axis; ``shape`` may then spell its extents with
    # equivalent expressions (``1`` rather than ``dim(m, 1)``), which is what lets
    # broadcasting prove dimensions equal at compile time.
    whole: bool = False

    @property
    def dtype(self) -> str:
        return self.base_type.dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def is_whole(self) -> bool:
        """Whether this is the base array itself, axis for axis."""
        if self.whole:
            return True
        if len(self.maps) != len(self.shape):
            return False
        for k, m in enumerate(self.maps):
            if not (isinstance(m, Walk) and m.axis == k and _is_const(m.start, 0) and _is_const(m.step, 1)):
                return False
            if self.shape[k] != ir.Dim(self.base, k):
                return False
        return True

    def base_indices(self, indices: tuple[ir.Expr, ...]) -> tuple[ir.Expr, ...]:
        from kiln.frontend.exprs import add, mul

        out: list[ir.Expr] = []
        for m in self.maps:
            if isinstance(m, Fixed):
                out.append(m.index)
            else:
                out.append(add(m.start, mul(m.step, indices[m.axis])))
        return tuple(out)

    def load(self, indices: tuple[ir.Expr, ...]) -> ir.Expr:
        return ir.Load(self.base, self.base_indices(indices), ScalarType(self.dtype))


@dataclass(frozen=True)
class Lazy:
    """Element-wise array value: ``element(indices)`` gives the IR expression.

    ``reads`` lists the views the expression loads from (for aliasing checks).
    When broadcasting needed run-time index selects (an extent might be 1),
    ``fast_element`` is the same expression without them, valid whenever every
    condition in ``assume`` holds (the extents are equal): loops are versioned
    on that, so the common case gets a clean, vectorizable loop.
    """

    dtype: str
    shape: tuple[ir.Expr, ...]
    element: Callable[[tuple[ir.Expr, ...]], ir.Expr]
    reads: tuple[ArrayView, ...]
    fast_element: Callable[[tuple[ir.Expr, ...]], ir.Expr] | None = None
    assume: tuple[ir.Expr, ...] = ()

    def fast(self) -> Lazy:
        """The select-free version (only valid under ``assume``)."""
        if self.fast_element is None:
            return self
        return Lazy(self.dtype, self.shape, self.fast_element, self.reads)

    @property
    def ndim(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class TupleValue:
    """A tuple, or a list passed as an argument (``is_list``): compiled code reads a list as a
    sequence of known length, and does not return one (it would come back as a tuple)."""

    items: tuple[Value, ...]
    is_list: bool = False
    names: tuple[str, ...] = ()  # a NamedTuple's fields
    record: type | None = None  # a NamedTuple's class


@dataclass(frozen=True)
class ListValue:
    """A list of numbers built in compiled code (``[]``, ``append``): the first ``length``
    elements of the array ``buf``, which grows by doubling (kiln.frontend.lists). ``key`` names
    the place the list was made, where its element type ``elem`` settles; a ``fresh`` list is
    not yet any name's, so binding it gives it the name's variables (an existing one is shared,
    as Python shares a list between names)."""

    key: str
    buf: str
    length: str
    elem: ScalarType
    fresh: bool = False


@dataclass(frozen=True)
class DictValue:
    """A dict whose keys are known when compiling (kiln.frontend.dicts): ``items[k]`` is the
    value of ``keys[k]``. One passed as an argument is not ``mutable`` (Python would change
    the caller's dict)."""

    keys: tuple[object, ...]
    items: tuple[Value, ...]
    mutable: bool = False


@dataclass(frozen=True)
class RecordValue:
    """A dataclass instance passed as an argument: its fields (``names``) are read as
    attributes, its methods and properties are inlined; it is no tuple (no indexing, iterating
    or unpacking, as in Python)."""

    record: type
    names: tuple[str, ...]
    items: tuple[Value, ...]


@dataclass(frozen=True)
class Const:
    """A compile-time Python object (module, function, dtype, str, None, slice...)."""

    value: object


@dataclass(frozen=True)
class TextValue:
    """A string made at run time from numbers (an f-string, ``str(x)``): ``text[0]``, then
    ``values[0]`` formatted as ``formats[0]`` says (see ``ir.Print``), ``text[1]``, ...
    Compiled code prints it or joins it to other strings; it holds no string at run time."""

    text: tuple[str, ...]
    values: tuple[ir.Expr, ...] = ()
    formats: tuple[str, ...] = ()
    arrays: tuple[str, ...] = ()  # array items, by name (see ``ir.Print``)


@dataclass(frozen=True)
class RangeValue:
    start: ir.Expr
    stop: ir.Expr
    step: ir.Expr
    parallel: bool = False


@dataclass(frozen=True)
class BoundMethod:
    receiver: Value
    name: str


@dataclass(frozen=True)
class DType:
    """A NumPy dtype used as a value (``np.float32``, ``A.dtype``, ``float``)."""

    name: str


@dataclass(frozen=True)
class CaughtValue:
    """The exception an ``except ... as name`` handler caught: ``code`` says which check of the
    ``try`` raised it; ``raised`` holds, per check number, the check and the variables holding
    the values its message formats (kiln.frontend.try_except)."""

    code: ir.Var
    raised: tuple[tuple[int, ir.Check, tuple[ir.Var, ...]], ...]


Value = (
    Scalar
    | ArrayView
    | Lazy
    | TupleValue
    | ListValue
    | DictValue
    | RecordValue
    | TextValue
    | Const
    | RangeValue
    | BoundMethod
    | DType
    | CaughtValue
)
ArrayLike = ArrayView | Lazy


def _is_const(e: ir.Expr, value: int) -> bool:
    return isinstance(e, ir.Const) and e.value == value and not isinstance(e.value, bool)


def whole_view(name: str, t: ArrayType, shape: tuple[ir.Expr, ...] | None = None) -> ArrayView:
    """All of array ``name``; ``shape`` gives its extents when known as other expressions."""
    maps = tuple(
        Walk(k, ir.Const(0, ScalarType("int64")), ir.Const(1, ScalarType("int64"))) for k in range(t.ndim)
    )
    dims = tuple(ir.Dim(name, k) for k in range(t.ndim)) if shape is None else shape
    return ArrayView(name, t, maps, dims, whole=True)


def describe(value: Value) -> str:
    """How an error message names ``value``."""
    import types

    if isinstance(value, Scalar):
        return f"a scalar of type {value.type}"
    if isinstance(value, ArrayView | Lazy):
        return f"a {value.ndim}-d {value.dtype} array"
    if isinstance(value, TupleValue):
        if value.record is not None:
            return f"a {value.record.__name__} (NamedTuple)"
        return f"a {'list' if value.is_list else 'tuple'} of {len(value.items)} items"
    if isinstance(value, RecordValue):
        return f"a {value.record.__name__} (dataclass)"
    if isinstance(value, ListValue):
        return "a list built in compiled code"
    if isinstance(value, CaughtValue):
        return "an exception object"
    if isinstance(value, DictValue):
        return f"a dict of {len(value.keys)} items"
    if isinstance(value, DType):
        return f"the dtype {value.name}"
    if isinstance(value, BoundMethod):
        return f"the method '{value.name}'"
    if isinstance(value, Const):
        v = value.value
        if isinstance(v, types.ModuleType):
            return f"the module '{v.__name__}'"
        if callable(v):
            return f"the function '{getattr(v, '__name__', v)}'"
        return repr(v)
    return type(value).__name__
