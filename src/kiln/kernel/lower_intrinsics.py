"""How the frontend lowers kernel intrinsics to loop IR.

Thread and block indices become the variables ``kiln_t{x,y,z}`` / ``kiln_b{x,y,z}`` that the
kernel lowering later binds to loops; ``blockDim`` is a compile-time constant (a kernel is
specialized per block shape, so the thread loop has a constant trip count); ``gridDim`` is a
parameter. ``syncthreads()`` is the ``barrier`` library call; shared and local arrays are
``Alloc``s the kernel lowering places per block and per thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.callargs import dtype_arg, shape_arg
from kiln.frontend.lower_exprs import python_constant
from kiln.frontend.values import ArrayView, Const, Scalar, TupleValue, Value, whole_view
from kiln.frontend.views import subscript
from kiln.ir import nodes as ir
from kiln.ir.types import PY_INT, ArrayType
from kiln.kernel import intrinsics as K

TID = ("kiln_tx", "kiln_ty", "kiln_tz")
BID = ("kiln_bx", "kiln_by", "kiln_bz")
GDIM = ("kiln_gx", "kiln_gy", "kiln_gz")


@dataclass
class KernelConfig:
    """What the frontend knows about the kernel being lowered."""

    block: tuple[int, int, int]


def array_space(name: str) -> str | None:
    """``shared`` / ``local`` for the arrays those intrinsics allocate (named by their space)."""
    for space in ("shared", "local"):
        if name.endswith("_" + space) and name.startswith("k"):
            return space
    return None


def _config(ctx: Any, what: str) -> KernelConfig:
    cfg = getattr(ctx, "kernel", None)
    if cfg is None:
        raise UnsupportedError(f"kiln.{what} outside a @kiln.kernel function", ctx.loc)
    return cfg


def _index_var(ctx: Any, name: str) -> Scalar:
    ctx.declare(name, PY_INT)
    ctx.lower_bounds[name] = 0
    return Scalar(ir.Var(name, PY_INT))


def _axis(ctx: Any, obj: K.Intrinsic, attr: str) -> int:
    if attr not in K.AXES:
        raise UnsupportedError(f"attribute '{attr}' of {obj!r} (use .x, .y or .z)", ctx.loc)
    return K.AXES.index(attr)


def _dim3(ctx: Any, obj: K.Dim3, axis: int) -> Scalar:
    cfg = _config(ctx, obj.name)
    if obj.field_name == "bdim":
        return Scalar(ir.Const(cfg.block[axis], PY_INT))
    if obj.field_name == "tid":
        return Scalar(ir.Const(0, PY_INT)) if cfg.block[axis] == 1 else _index_var(ctx, TID[axis])
    return _index_var(ctx, (BID if obj.field_name == "bid" else GDIM)[axis])


def lower_attribute(ctx: Any, obj: K.Intrinsic, attr: str) -> Value:
    if isinstance(obj, K.Dim3):
        return _dim3(ctx, obj, _axis(ctx, obj, attr))
    if isinstance(obj, K.Namespace) and attr in obj.members:
        return python_constant(obj.members[attr], ctx)
    raise UnsupportedError(f"attribute '{attr}' of {obj!r}", ctx.loc)


def _ndim_arg(ctx: Any, args: list[Value], what: str) -> int:
    if len(args) != 1 or not (isinstance(args[0], Scalar) and isinstance(args[0].expr, ir.Const)):
        raise UnsupportedError(f"{what}() takes one constant argument (1, 2 or 3)", ctx.loc)
    n = int(args[0].expr.value)  # type: ignore[arg-type]
    if n not in (1, 2, 3):
        raise UnsupportedError(f"{what}({n}): the argument must be 1, 2 or 3", ctx.loc)
    return n


def _grid(ctx: Any, args: list[Value], size: bool) -> Value:
    n = _ndim_arg(ctx, args, "gridsize" if size else "grid")
    items = []
    for k in range(n):
        bdim = _dim3(ctx, K.blockDim, k).expr
        other = _dim3(ctx, K.gridDim if size else K.blockIdx, k).expr
        value = E.mul(bdim, other)
        if not size:
            value = E.add(value, _dim3(ctx, K.threadIdx, k).expr)
        items.append(Scalar(value))
    return items[0] if n == 1 else TupleValue(tuple(items))


def _new_array(low: Any, maker: K._ArrayMaker, args: list[Value], kwargs: dict[str, Value]) -> Value:
    ctx = low.ctx
    _config(ctx, maker.name)
    names = ("shape", "dtype")
    bound = dict(zip(names, args)) | kwargs
    if set(bound) != set(names):
        raise TypingError(f"{maker!r}(shape, dtype) takes a shape and a dtype", ctx.loc)
    shape = tuple(_fold(n) for n in shape_arg(ctx, bound["shape"]))
    if not all(isinstance(n, ir.Const) and int(n.value) >= 0 for n in shape):  # type: ignore[arg-type]
        raise UnsupportedError(f"{maker!r}: the shape must be a compile-time constant", ctx.loc)
    dtype = dtype_arg(ctx, bound["dtype"])
    if dtype is None:
        raise TypingError(f"{maker!r}: dtype is required", ctx.loc)
    name = ctx.fresh(maker.space)
    t = ArrayType(dtype, len(shape), "C")
    ctx.declare(name, t)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    return whole_view(name, t, shape)


_FOLD = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
         "floordiv": lambda a, b: a // b if b else 0}  # fmt: skip


def _fold(e: ir.Expr) -> ir.Expr:
    """Integer arithmetic on constants (``TPB + 2``), for shapes that must be constant."""
    if isinstance(e, ir.Cast):
        inner = _fold(e.operand)
        return ir.Const(int(inner.value), e.type) if isinstance(inner, ir.Const) else e  # type: ignore[arg-type]
    if isinstance(e, ir.Binary) and e.op in _FOLD:
        a, b = _fold(e.lhs), _fold(e.rhs)
        if isinstance(a, ir.Const) and isinstance(b, ir.Const):
            return ir.Const(_FOLD[e.op](int(a.value), int(b.value)), e.type)  # type: ignore[arg-type]
    return e


def _atomic(low: Any, fn: K._Atomic, args: list[Value]) -> Value:
    ctx = low.ctx
    want = 4 if fn.op == "cas" else 3
    if len(args) != want or not isinstance(args[0], ArrayView):
        raise TypingError(f"{fn!r}(array, index{', old' if fn.op == 'cas' else ''}, value)", ctx.loc)
    view, idx = args[0], args[1]
    items = list(idx.items) if isinstance(idx, TupleValue) else [idx]
    if not all(isinstance(i, Scalar) and (i.type.is_integer or i.type.is_bool) for i in items):
        raise TypingError(f"{fn!r}: the index must be an integer or a tuple of integers", ctx.loc)
    if len(items) != view.ndim:
        raise TypingError(f"{fn!r}: {len(items)} indices for a {view.ndim}-d array", ctx.loc)
    element = subscript(ctx, view, [i.expr for i in items])  # type: ignore[union-attr]
    assert isinstance(element, ir.Load)
    t = element.type
    if t.is_complex or t.is_bool:
        raise UnsupportedError(f"{fn!r} on {t.dtype} arrays", ctx.loc)
    operands = []
    for v in args[2:]:
        if not isinstance(v, Scalar):
            raise TypingError(f"{fn!r}: the value must be a scalar", ctx.loc)
        operands.append(E.cast(v.expr, t))
    target = ctx.fresh("old")
    ctx.declare(target, t)
    ctx.written_arrays.add(view.base)
    ctx.emit(ir.Atomic(fn.op, element.array, element.indices, operands[-1], tuple(operands[:-1]), target))
    return Scalar(ir.Var(target, t))


def lower_call(low: Any, obj: K.Intrinsic, args: list[Value], kwargs: dict[str, Value]) -> Value:
    ctx = low.ctx
    _config(ctx, obj.name)
    if isinstance(obj, K._Grid | K._GridSize):
        return _grid(ctx, args, size=isinstance(obj, K._GridSize))
    if isinstance(obj, K._SyncThreads):
        if args or kwargs:
            raise TypingError("syncthreads() takes no arguments", ctx.loc)
        ctx.emit(ir.LibCall("barrier", (), ()))
        return Const(None)
    if isinstance(obj, K._ArrayMaker):
        return _new_array(low, obj, args, kwargs)
    if isinstance(obj, K._Atomic) and not kwargs:
        return _atomic(low, obj, args)
    raise UnsupportedError(f"call to {obj!r}", ctx.loc)
