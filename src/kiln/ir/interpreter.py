"""A slow, straightforward reference interpreter of the IR, for differential testing.

Scalars are NumPy scalars of each node's dtype (weak types compute in their dtype too)
and every operation is the NumPy ufunc of that name, so results match NumPy bit for
bit. Arrays are NumPy arrays: parameters as given, ``Alloc`` makes ``np.empty`` arrays,
``View`` builds ``as_strided`` views of the memory of the allocation the base lives in,
after checking that every element of the view lies inside that allocation.

Contract violations that compiled code would turn into memory errors (out-of-range
``Load``/``Store`` indices, views outside their allocation, unknown routines, unassigned
variables) raise :class:`InterpreterError`; ``Check`` raises the named Python exception.
"""

from __future__ import annotations

import builtins
import importlib
import math
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from numpy.lib.array_utils import byte_bounds
from numpy.lib.stride_tricks import as_strided

from kiln.ir.nodes import (
    PRINT_ARRAY_KINDS,
    Alloc,
    Assign,
    Atomic,
    Binary,
    Block,
    Break,
    Call,
    Cast,
    Check,
    Const,
    Continue,
    Dim,
    Exit,
    Expr,
    For,
    Function,
    If,
    Invoke,
    LibCall,
    Load,
    Nesting,
    Overlaps,
    Prefetch,
    Print,
    RestoreBinding,
    Return,
    SaveBinding,
    Select,
    Stmt,
    Store,
    Stride,
    Unary,
    Var,
    View,
    While,
    format_value,
    print_item_value,
)
from kiln.ir.ops import NUMPY_CALLS, NUMPY_ROUTINES, ROUTINES_WITH_MODE, ROUTINES_WITHOUT_AXIS, NumpyCall
from kiln.ir.types import ArrayType, ConstArg, ScalarType, layout_includes, layout_of
from kiln.ir.verifier import printf_to_python


class InterpreterError(Exception):
    """The IR (or its arguments) broke a contract the compiled code relies on."""


# ------------------------------------------------------------------- scalars


def to_scalar(value: Any, dtype: str) -> np.generic:
    """``value`` converted like NumPy ``astype`` (wrap-around, truncation toward zero)."""
    if isinstance(value, np.generic) and value.dtype.name == dtype:
        return value
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cast(np.generic, np.asarray(value).astype(dtype)[()])  # [()] of a 0-d array: a scalar


def _operand(value: np.generic, t: ScalarType) -> Any:
    """A weak operand as the Python number it stands for (NEP 50), else the NumPy scalar."""
    return value.item() if t.weak else value


UNARY_UFUNCS: dict[str, np.ufunc] = {
    "neg": np.negative,
    "pos": np.positive,
    "invert": np.invert,
    "not": np.logical_not,
}
BINARY_UFUNCS: dict[str, np.ufunc] = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "truediv": np.true_divide,
    "floordiv": np.floor_divide, "mod": np.remainder, "pow": np.power,
    "lshift": np.left_shift, "rshift": np.right_shift,
    "bitand": np.bitwise_and, "bitor": np.bitwise_or, "bitxor": np.bitwise_xor,
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
    "gt": np.greater, "ge": np.greater_equal,
    "min": np.minimum, "max": np.maximum, "fmin": np.fmin, "fmax": np.fmax,
}  # fmt: skip
COMPARISONS = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})
# Call names that are not NumPy attribute names.
# worker_id / worker_count: which OpenMP worker runs (the interpreter is one worker)
CALL_ALIASES: dict[str, Callable[..., Any]] = {
    "abs": np.absolute,
    # the math module's functions NumPy has no ufunc for (``math.erf`` ... in compiled code)
    "erf": np.vectorize(math.erf, otypes=[np.float64]),
    "erfc": np.vectorize(math.erfc, otypes=[np.float64]),
    "gamma": np.vectorize(math.gamma, otypes=[np.float64]),
    "lgamma": np.vectorize(math.lgamma, otypes=[np.float64]),
    "complex": np.vectorize(complex, otypes=[np.complex128]),  # the parts exactly, -0.0 and inf kept
    "py_round": np.vectorize(lambda x, n: round(float(x), int(n)), otypes=[np.float64]),
    "worker_id": lambda: np.int64(0),
    "worker_count": lambda: np.int64(1),
}


def _call_function(name: str) -> Callable[..., Any]:
    func = CALL_ALIASES.get(name) or getattr(np, name, None)
    if not callable(func):
        raise InterpreterError(f"unknown math function {name!r}")
    return func


# -------------------------------------------------------------------- arrays


@dataclass(frozen=True)
class Region:
    """The bytes ``[lo, hi)`` of one allocation, as a flat ``uint8`` array ``buffer``."""

    lo: int
    hi: int
    buffer: np.ndarray
    writeable: bool


@dataclass(frozen=True)
class ArrayValue:
    arr: np.ndarray
    region: Region
    start: int  # address of element 0 (kept for empty views, whose data pointer means nothing)


def region_of(arr: np.ndarray) -> Region:
    """The memory span of ``arr`` (any strides) as a region views may be cut from."""
    lo, hi = byte_bounds(arr)
    if arr.size == 0:
        return Region(lo, lo, np.empty(0, np.uint8), arr.flags.writeable)
    lowest = tuple(slice(n - 1, n) if s < 0 else slice(0, 1) for n, s in zip(arr.shape, arr.strides))
    first = arr[lowest].reshape(1).view(np.uint8)
    buffer = as_strided(first, shape=(hi - lo,), strides=(1,), writeable=arr.flags.writeable)
    return Region(lo, hi, buffer, arr.flags.writeable)


def array_value(arr: np.ndarray) -> ArrayValue:
    return ArrayValue(arr, region_of(arr), arr.__array_interface__["data"][0])


def make_view(
    region: Region, start: int, shape: Sequence[int], strides: Sequence[int], dtype: str
) -> np.ndarray:
    """The view at byte address ``start`` with ``shape`` and byte ``strides`` inside ``region``."""
    if any(n < 0 for n in shape):
        raise InterpreterError(f"view with negative extent {tuple(shape)}")
    if 0 in shape:
        return as_strided(np.empty(1, dtype), shape=tuple(shape), strides=tuple(strides))
    itemsize = np.dtype(dtype).itemsize
    lo = start + sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    hi = start + sum((n - 1) * s for n, s in zip(shape, strides) if s > 0) + itemsize
    if lo < region.lo or hi > region.hi:
        span = f"[{lo - region.lo}, {hi - region.lo})"
        raise InterpreterError(f"view bytes {span} outside its allocation of {region.hi - region.lo} bytes")
    first = region.buffer[start - region.lo : start - region.lo + itemsize].view(dtype)
    return as_strided(first, shape=tuple(shape), strides=tuple(strides), writeable=region.writeable)


def spans_intersect(a: ArrayValue, b: ArrayValue) -> bool:
    if a.arr.size == 0 or b.arr.size == 0:
        return False
    a_lo, a_hi = byte_bounds(a.arr)
    b_lo, b_hi = byte_bounds(b.arr)
    return a_lo < b_hi and b_lo < a_hi


# --------------------------------------------------------------- control flow


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class _Exit(Exception):
    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label


class _Return(Exception):
    def __init__(self, values: tuple[str, ...]) -> None:
        super().__init__(values)
        self.values = values


# ---------------------------------------------------------------- interpreter


def run_function(fn: Function, args: Sequence[Any]) -> Any:
    """Run ``fn`` on ``args`` (NumPy arrays and numbers, in parameter order).

    Returns ``None``, the single result or a tuple, per ``fn.results`` and
    ``fn.result_is_tuple``; weak scalar results come back as Python numbers.
    """
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _Interpreter(fn).run(args)


class _Interpreter:
    def __init__(self, fn: Function, helpers: dict[str, Function] | None = None) -> None:
        self.fn = fn
        self.helpers = {h.name: h for h in fn.helpers} if helpers is None else helpers
        self.types = fn.var_types()
        self.scalars: dict[str, np.generic] = {}
        self.arrays: dict[str, ArrayValue] = {}
        self.stacks: dict[str, list[ArrayValue | None]] = {}  # binding stacks (SaveBinding)

    def run(self, args: Sequence[Any]) -> Any:
        self.bind(args)
        try:
            self.body(self.fn.body)
        except _Return as ret:
            return self.results(ret.values)
        except (_Break, _Continue, _Exit) as exc:
            raise InterpreterError(f"{type(exc).__name__[1:].lower()} escaped its loop/block") from None
        if self.fn.results:
            raise InterpreterError(f"{self.fn.name} ended without returning its results")
        return () if self.fn.result_is_tuple else None

    def bind(self, args: Sequence[Any]) -> None:
        params = self.fn.params
        if len(args) != len(params):
            raise TypeError(f"{self.fn.name}() takes {len(params)} arguments, got {len(args)}")
        for p, value in zip(params, args):
            if isinstance(p.type, ConstArg):
                if value is not None:
                    raise TypeError(f"argument {p.name!r} must be None, got {type(value).__name__}")
            elif isinstance(p.type, ArrayType):
                self.arrays[p.name] = array_value(self.check_array_arg(p.name, p.type, value))
            else:
                self.scalars[p.name] = to_scalar(value, p.type.dtype)

    def check_array_arg(self, name: str, t: ArrayType, value: Any) -> np.ndarray:
        if not isinstance(value, np.ndarray):
            raise TypeError(f"argument {name!r} must be a NumPy array, got {type(value).__name__}")
        if value.dtype.name != t.dtype or value.ndim != t.ndim:
            raise TypeError(f"argument {name!r} must be {t}, got {value.dtype.name} {value.ndim}-d")
        if not layout_includes(t.layout, layout_of(value)):
            raise TypeError(f"argument {name!r} must have layout {t.layout}, got {layout_of(value)}")
        return value

    def results(self, values: tuple[str, ...]) -> Any:
        out = tuple(self.result_value(name, t) for name, t in zip(values, self.fn.results))
        out = tuple(v.tolist() if k in self.fn.list_results else v for k, v in enumerate(out))
        if self.fn.record_results:
            made = _with_records(
                _regroup(self.fn.result_nesting, out) if self.fn.result_nesting else out,
                (),
                dict(self.fn.record_results),
            )
            return made
        if self.fn.result_nesting:
            return _regroup(self.fn.result_nesting, out)
        if self.fn.result_is_tuple:
            return out
        return out[0] if out else None

    def result_value(self, name: str, t: ScalarType | ArrayType) -> Any:
        if name in self.arrays:
            return self.arrays[name].arr
        value = to_scalar(self.scalar(name), t.dtype)
        return value.item() if isinstance(t, ScalarType) and t.weak else value

    # ------------------------------------------------------------ variables

    def scalar(self, name: str) -> np.generic:
        if name not in self.scalars:
            raise InterpreterError(f"scalar {name!r} read before it was assigned")
        return self.scalars[name]

    def array(self, name: str) -> ArrayValue:
        if name not in self.arrays:
            raise InterpreterError(f"array {name!r} used before it was bound")
        return self.arrays[name]

    def set_scalar(self, name: str, value: Any) -> None:
        t = self.types.get(name)
        if not isinstance(t, ScalarType):
            raise InterpreterError(f"{name!r} is not a declared scalar")
        self.scalars[name] = to_scalar(value, t.dtype)

    def index(self, array: str, indices: Sequence[Expr]) -> tuple[np.ndarray, tuple[int, ...]]:
        arr = self.array(array).arr
        idx = tuple(int(self.eval(i)) for i in indices)
        if len(idx) != arr.ndim or any(not 0 <= i < n for i, n in zip(idx, arr.shape)):
            raise InterpreterError(f"index {idx} out of range for {array!r} of shape {arr.shape}")
        return arr, idx

    # ---------------------------------------------------------- expressions

    def eval(self, e: Expr) -> np.generic:
        handler = _EVAL.get(type(e))
        if handler is None:
            raise InterpreterError(f"not an expression: {e!r}")
        return to_scalar(handler(self, e), e.type.dtype)

    def const(self, e: Const) -> Any:
        return e.value

    def var(self, e: Var) -> Any:
        return self.scalar(e.name)

    def dim(self, e: Dim) -> Any:
        return self.array(e.array).arr.shape[e.axis]

    def stride(self, e: Stride) -> Any:
        arr = self.array(e.array).arr
        elements, rest = divmod(arr.strides[e.axis], arr.itemsize)
        if rest:
            raise InterpreterError(f"stride of {e.array!r} is not a whole number of elements")
        return elements

    def load(self, e: Load) -> Any:
        arr, idx = self.index(e.array, e.indices)
        return arr[idx]

    def unary(self, e: Unary) -> Any:
        value = self.eval(e.operand)
        if e.op not in UNARY_UFUNCS:
            raise InterpreterError(f"unknown unary op {e.op!r}")
        return UNARY_UFUNCS[e.op](value if e.op == "not" else to_scalar(value, e.type.dtype))

    def binary(self, e: Binary) -> Any:
        if e.op in ("and", "or"):
            left = bool(self.eval(e.lhs))
            if left == (e.op == "or"):
                return left
            return bool(self.eval(e.rhs))
        ufunc = BINARY_UFUNCS.get(e.op)
        if ufunc is None:
            raise InterpreterError(f"unknown binary op {e.op!r}")
        lhs, rhs = self.eval(e.lhs), self.eval(e.rhs)
        if e.op in COMPARISONS:
            return ufunc(_operand(lhs, e.lhs.type), _operand(rhs, e.rhs.type))
        return ufunc(to_scalar(lhs, e.type.dtype), to_scalar(rhs, e.type.dtype))

    def call(self, e: Call) -> Any:
        func = _call_function(e.func)
        return func(*(_operand(self.eval(a), a.type) for a in e.args))

    def cast(self, e: Cast) -> Any:
        return self.eval(e.operand)

    def select(self, e: Select) -> Any:
        return self.eval(e.if_true if bool(self.eval(e.cond)) else e.if_false)

    def overlaps(self, e: Overlaps) -> Any:
        return spans_intersect(self.array(e.a), self.array(e.b))

    # ----------------------------------------------------------- statements

    def body(self, body: Sequence[Stmt]) -> None:
        for s in body:
            handler = _EXEC.get(type(s))
            if handler is None:
                raise InterpreterError(f"not a statement: {s!r}")
            handler(self, s)

    def assign(self, s: Assign) -> None:
        self.set_scalar(s.target, self.eval(s.value))

    def store(self, s: Store) -> None:
        arr, idx = self.index(s.array, s.indices)
        value = self.eval(s.value)
        if not arr.flags.writeable:
            raise InterpreterError(f"store into read-only array {s.array!r}")
        arr[idx] = value

    def for_(self, s: For) -> None:
        start, stop, step = (int(self.eval(b)) for b in (s.start, s.stop, s.step))
        if step == 0:
            raise ValueError("range() arg 3 must not be zero")
        for k in range(start, stop, step):
            self.set_scalar(s.var, k)
            if not self.iteration(s.body):
                break

    def iteration(self, body: Sequence[Stmt]) -> bool:
        """Run one loop iteration; ``False`` when it breaks out of the loop."""
        try:
            self.body(body)
        except _Break:
            return False
        except _Continue:
            pass
        return True

    def while_(self, s: While) -> None:
        while bool(self.eval(s.cond)):
            if not self.iteration(s.body):
                break

    def if_(self, s: If) -> None:
        self.body(s.then if bool(self.eval(s.cond)) else s.orelse)

    def block(self, s: Block) -> None:
        try:
            self.body(s.body)
        except _Exit as exc:
            if exc.label != s.label:
                raise

    def alloc(self, s: Alloc) -> None:
        shape = tuple(int(self.eval(n)) for n in s.shape)
        if any(n < 0 for n in shape):
            raise InterpreterError(f"alloc of {s.target!r} with negative extent {shape}")
        self.arrays[s.target] = array_value(np.empty(shape, dtype=s.type.dtype))

    def view(self, s: View) -> None:
        base = self.array(s.base)
        itemsize = base.arr.itemsize
        start = base.start + int(self.eval(s.offset)) * itemsize
        shape = [int(self.eval(n)) for n in s.shape]
        strides = [int(self.eval(n)) * itemsize for n in s.strides]
        arr = make_view(base.region, start, shape, strides, base.arr.dtype.name)
        self.arrays[s.target] = ArrayValue(arr, base.region, start)

    def libcall(self, s: LibCall) -> None:
        outs = [self.array(n).arr for n in s.outputs]
        ins = [self.array(n).arr for n in s.inputs]
        if s.func == "matmul" and len(outs) == 1 and len(ins) == 2:
            result = np.matmul(ins[0], ins[1])
        elif s.func == "gemm" and len(outs) == 1 and len(ins) == 5:
            a, b, c, alpha, beta = ins
            result = alpha[()] * np.matmul(a, b) + beta[()] * c
        elif s.func == "copy" and len(outs) == 1 and len(ins) == 1:
            result = ins[0]
        elif s.func in NUMPY_CALLS:
            result = call_numpy(NUMPY_CALLS[s.func], outs, ins)
        elif s.func in _LINALG and len(outs) == 1:
            result = _LINALG[s.func](*ins)
        elif s.func in NUMPY_ROUTINES and len(outs) in (1, 2) and len(ins) in (1, 2):
            func, kind = NUMPY_ROUTINES[s.func]
            options: dict[str, Any] = {} if s.func in ROUTINES_WITHOUT_AXIS else {"axis": -1}
            options |= {} if kind is None else {"mode" if s.func in ROUTINES_WITH_MODE else "kind": kind}
            routine: Any = np
            for part in func.split("."):
                routine = getattr(routine, part)
            result = routine(*ins, **options)
        else:
            raise InterpreterError(f"unknown routine {s.func}({len(outs)} outputs, {len(ins)} inputs)")
        if not outs:  # called for what it does (numpy.random.seed)
            return
        call = NUMPY_CALLS.get(s.func)
        if call is not None and call.partial is not None:  # the start of one output, and its length
            items = list(result)
            given = np.asarray(items[call.partial])
            outs[call.partial][: given.size] = given
            items[call.partial] = outs[call.partial]
            result = [*items, given.size]
        results = tuple(result) if len(outs) > 1 else (result,)
        for out, part in zip(outs, results, strict=True):
            if np.shape(part) != out.shape:
                raise InterpreterError(f"{s.func} result of shape {np.shape(part)} into {out.shape}")
            np.copyto(out, part, casting="unsafe")

    def atomic(self, s: Atomic) -> None:
        """One thread at a time: a plain read-modify-write is atomic here."""
        arr, idx = self.index(s.array, s.indices)
        old = arr[idx]
        value = self.eval(s.value)
        ops = {"add": lambda: old + value, "sub": lambda: old - value, "exch": lambda: value,
               "min": lambda: min(old, value), "max": lambda: max(old, value)}  # fmt: skip
        if s.op == "cas":
            arr[idx] = value if old == self.eval(s.operands[0]) else old
        else:
            arr[idx] = ops[s.op]()
        if s.target:
            self.set_scalar(s.target, old)

    def save_binding(self, s: SaveBinding) -> None:
        self.stacks.setdefault(s.stack, []).append(self.arrays.get(s.array))

    def restore_binding(self, s: RestoreBinding) -> None:
        value = self.stacks[s.stack].pop()
        if value is None:
            self.arrays.pop(s.array, None)
        else:
            self.arrays[s.array] = value

    def prefetch(self, s: Prefetch) -> None:
        """A hint about the cache: nothing to do."""

    def print_text(self, s: Print) -> None:
        pieces = [s.text[0]]
        values, arrays = iter(s.values), iter(s.arrays)
        for f, text in zip(s.formats, s.text[1:]):
            if f[:1] in PRINT_ARRAY_KINDS:
                item = print_item_value(self.array(next(arrays)).arr, f[0])
                pieces += [format_value(item, f[1:]), text]
            else:
                pieces += [format_value(self._python_value(next(values)), f), text]
        out = sys.stdout
        if out is not None:
            out.write("".join(pieces))
            if s.flush:
                out.flush()

    def _python_value(self, e: Expr) -> Any:
        """The value of a scalar expression as compiled code boxes it: a Python number for a
        weak type, a NumPy scalar otherwise."""
        t = e.type
        value = to_scalar(self.eval(e), t.dtype)
        return value.item() if t.weak else value

    def invoke(self, s: Invoke) -> None:
        callee = self.helpers[s.func]
        arrays, scalars = iter(s.arrays), iter(s.args)
        args = [
            self.array(next(arrays)).arr if isinstance(p.type, ArrayType) else self.eval(next(scalars))
            for p in callee.params
        ]
        value = _Interpreter(callee, self.helpers).run(args)
        if s.target:
            self.set_scalar(s.target, value)

    def check(self, s: Check) -> None:
        if bool(self.eval(s.cond)):
            return
        exc = getattr(builtins, s.exc, None)
        if not (isinstance(exc, type) and issubclass(exc, BaseException)):
            raise InterpreterError(f"check raises unknown exception {s.exc!r}")
        raise exc(printf_to_python(s.message) % tuple(int(self.eval(a)) for a in s.args))


def call_numpy(call: NumpyCall, outs: list[np.ndarray], ins: list[np.ndarray]) -> Any:
    """What NumPy's function returns for a ``NumpyCall`` library call."""
    module, _, name = call.function.rpartition(".")
    keywords: dict[str, Any] = dict(call.keywords)
    keywords |= {k: x[()] for k, x in zip(call.named, ins[call.positional :])}
    if call.size:
        keywords["size"] = outs[0].shape
    return getattr(importlib.import_module(module), name)(*ins[: call.positional], **keywords)


_LINALG: dict[str, Callable[..., Any]] = {
    "solve": np.linalg.solve,
    "inv": np.linalg.inv,
    "cholesky": np.linalg.cholesky,
    "cholesky_upper": lambda a: np.linalg.cholesky(a, upper=True),
}


def _raise(exc: Callable[[Any], BaseException]) -> Callable[[_Interpreter, Any], None]:
    def run(interp: _Interpreter, s: Any) -> None:
        raise exc(s)

    return run


_EVAL: dict[type, Callable[[_Interpreter, Any], Any]] = {
    Const: _Interpreter.const,
    Var: _Interpreter.var,
    Dim: _Interpreter.dim,
    Stride: _Interpreter.stride,
    Load: _Interpreter.load,
    Unary: _Interpreter.unary,
    Binary: _Interpreter.binary,
    Call: _Interpreter.call,
    Cast: _Interpreter.cast,
    Select: _Interpreter.select,
    Overlaps: _Interpreter.overlaps,
}

_EXEC: dict[type, Callable[[_Interpreter, Any], None]] = {
    Assign: _Interpreter.assign,
    Store: _Interpreter.store,
    For: _Interpreter.for_,
    While: _Interpreter.while_,
    If: _Interpreter.if_,
    Break: _raise(lambda s: _Break()),
    Continue: _raise(lambda s: _Continue()),
    Block: _Interpreter.block,
    Exit: _raise(lambda s: _Exit(s.label)),
    Alloc: _Interpreter.alloc,
    View: _Interpreter.view,
    LibCall: _Interpreter.libcall,
    Check: _Interpreter.check,
    Atomic: _Interpreter.atomic,
    Prefetch: _Interpreter.prefetch,
    SaveBinding: _Interpreter.save_binding,
    RestoreBinding: _Interpreter.restore_binding,
    Print: _Interpreter.print_text,
    Invoke: _Interpreter.invoke,
    Return: _raise(lambda s: _Return(s.values)),
}


def _regroup(nesting: Nesting, values: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(values[i] if isinstance(i, int) else _regroup(i, values) for i in nesting)


def _with_records(value: Any, path: tuple[int, ...], records: dict[tuple[int, ...], str]) -> Any:
    """The result's groups that are records made: their class called with their items."""
    if not isinstance(value, tuple):
        return value
    items = tuple(_with_records(v, (*path, k), records) for k, v in enumerate(value))
    named = records.get(path)
    return record_class(named)(*items) if named is not None else items


def record_class(named: str) -> Any:
    """The class ``"module:qualname"`` names."""
    module, _, qualname = named.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found
