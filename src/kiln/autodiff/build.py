"""Small constructors for IR expressions and statements used by the AD transformers."""

from __future__ import annotations

from collections.abc import Callable

from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType

BOOL = ScalarType("bool")


def const(value: float | int | bool | complex, t: ScalarType) -> ir.Const:
    if t.is_bool:
        return ir.Const(bool(value), t.strong())
    if t.is_integer:
        return ir.Const(int(value), t.strong())  # type: ignore[arg-type]
    if t.is_complex:
        return ir.Const(complex(value), t.strong())
    return ir.Const(float(value), t.strong())  # type: ignore[arg-type]


def is_zero(e: ir.Expr) -> bool:
    return isinstance(e, ir.Const) and not e.type.is_bool and e.value == 0


def is_one(e: ir.Expr) -> bool:
    return isinstance(e, ir.Const) and not e.type.is_bool and e.value == 1


def cast(e: ir.Expr, t: ScalarType) -> ir.Expr:
    if e.type.dtype == t.dtype:
        return e
    if isinstance(e, ir.Const) and not t.is_bool:
        value = e.value.real if isinstance(e.value, complex) and not t.is_complex else e.value
        return const(value, t)
    return ir.Cast(e, t.strong())


def binary(op: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    t = a.type.strong()
    b = cast(b, t)
    return ir.Binary(op, a, b, BOOL if op in ("lt", "le", "gt", "ge", "eq", "ne") else t)


def add(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    if is_zero(a):
        return cast(b, a.type.strong())
    if is_zero(b):
        return a
    return binary("add", a, b)


def sub(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return a if is_zero(b) else binary("sub", a, b)


def mul(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    if is_one(a):
        return cast(b, a.type.strong())
    if is_one(b):
        return a
    return binary("mul", a, b)


def div(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return binary("truediv", a, b)


def neg(a: ir.Expr) -> ir.Expr:
    return ir.Unary("neg", a, a.type.strong())


def call(func: str, *args: ir.Expr) -> ir.Expr:
    return ir.Call(func, args, args[0].type.strong())


def complex_of(t: ScalarType) -> ScalarType:
    """The complex type whose parts are ``t``'s precision (``t`` itself when complex)."""
    if t.is_complex:
        return t.strong()
    return ScalarType("complex64" if t.dtype == "float32" else "complex128")


def conj(e: ir.Expr) -> ir.Expr:
    return ir.Call("conj", (e,), e.type.strong()) if e.type.is_complex else e


def times(g: ir.Expr, p: ir.Expr, conjugate: bool) -> ir.Expr:
    """``g * p`` (``g * conj(p)`` with ``conjugate``), in complex arithmetic when either is
    complex: a complex value's adjoint or tangent holds its real part's in its real part and
    its imaginary part's in its imaginary part."""
    if not (g.type.is_complex or p.type.is_complex):
        return mul(g, cast(p, g.type.strong()))
    ct = complex_of(g.type if g.type.is_complex else p.type)
    q = cast(p, ct)
    return mul(cast(g, ct), conj(q) if conjugate else q)


def select(cond: ir.Expr, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Select(cond, a, cast(b, a.type.strong()), a.type.strong())


def var(name: str, t: ScalarType) -> ir.Var:
    return ir.Var(name, t)


def trip_count(start: ir.Expr, stop: ir.Expr, step: ir.Expr) -> ir.Expr:
    """Iterations of ``range(start, stop, step)`` (0 when empty), as an int64 expression."""
    start, stop, step = (cast(x, INT64) for x in (start, stop, step))
    zero, one = const(0, INT64), const(1, INT64)
    if isinstance(step, ir.Const) and int(step.value) > 0:  # type: ignore[arg-type]
        raw = ir.Binary("floordiv", add(sub(stop, start), sub(step, one)), step, INT64)
        return ir.Binary("max", raw, zero, INT64)
    up = ir.Binary("floordiv", add(sub(stop, start), sub(step, one)), step, INT64)
    down = ir.Binary("floordiv", sub(sub(start, stop), add(step, one)), neg(step), INT64)
    return ir.Binary("max", select(binary("gt", step, zero), up, down), zero, INT64)


class Names:
    """Fresh local names and their declared types."""

    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)
        self.declared: dict[str, ScalarType | ArrayType] = {}
        self.counter = 0

    def fresh(self, stem: str, t: ScalarType | ArrayType) -> str:
        while True:
            self.counter += 1
            name = f"ad{self.counter}_{stem}"
            if name not in self.taken:
                break
        self.taken.add(name)
        self.declared[name] = t
        return name


def loop_nest(
    names: Names, shape: tuple[ir.Expr, ...], body: Callable[[tuple[ir.Expr, ...]], list[ir.Stmt]]
) -> list[ir.Stmt]:
    """``for i0 in range(shape[0]): for i1 ...: body(indices)``."""
    idx = tuple(names.fresh("i", INT64) for _ in shape)
    stmts: list[ir.Stmt] = body(tuple(ir.Var(i, INT64) for i in idx))
    for axis in reversed(range(len(shape))):
        stmts = [ir.For(idx[axis], const(0, INT64), shape[axis], const(1, INT64), tuple(stmts))]
    return stmts


def array_shape(name: str, ndim: int) -> tuple[ir.Expr, ...]:
    return tuple(ir.Dim(name, k) for k in range(ndim))
