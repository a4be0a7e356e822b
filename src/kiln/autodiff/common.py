"""Pieces both transformers use: statement ids, shadow arrays, element-wise loop nests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType
from kiln.ir.visit import bodies, iter_exprs, map_exprs, replace_body

# The type of a variable by name: how whole-array rules learn their operands' types.
TypeOf = Callable[[str], ScalarType | ArrayType]


def renumber(body: list[ir.Stmt] | tuple[ir.Stmt, ...], start: int = 1) -> tuple[tuple[ir.Stmt, ...], int]:
    """Give every statement a fresh id (generated code copies and creates statements)."""
    out = []
    sid = start
    for s in body:
        sub = bodies(s)
        if sub:
            new_bodies = []
            for inner in sub:
                renumbered, sid = renumber(inner, sid)
                new_bodies.append(renumbered)
            s = replace_body(s, *new_bodies)
        out.append(replace(s, sid=sid))
        sid += 1
    return tuple(out), sid


def rename_arrays(e: ir.Expr, mapping: dict[str, str]) -> ir.Expr:
    """``e`` with array metadata (dims, strides) read from the mapped arrays."""

    def swap(x: ir.Expr) -> ir.Expr:
        if isinstance(x, ir.Dim | ir.Stride) and x.array in mapping:
            return replace(x, array=mapping[x.array])
        return x

    return map_exprs(e, swap)  # type: ignore[return-value]


def shadow_view(s: ir.View, shadow: dict[str, str]) -> ir.View:
    """The view of the shadow storage that mirrors the primal view ``s``."""
    return ir.View(
        shadow[s.target],
        shadow[s.base],
        rename_arrays(s.offset, shadow),
        tuple(rename_arrays(x, shadow) for x in s.shape),
        tuple(rename_arrays(x, shadow) for x in s.strides),
        loc=s.loc,
    )


def fill_zero(names: b.Names, array: str, t: ArrayType) -> list[ir.Stmt]:
    zero = b.const(0, t.element)
    return b.loop_nest(names, b.array_shape(array, t.ndim), lambda idx: [ir.Store(array, idx, zero)])


def accumulate(names: b.Names, dst: str, src: str, t: ArrayType, scale: float = 1.0) -> list[ir.Stmt]:
    """``dst += scale * src`` element-wise (same shapes)."""

    def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
        value = ir.Load(src, idx, t.element)
        if scale != 1.0:
            value = b.mul(value, b.const(scale, t.element))  # type: ignore[assignment]
        return [ir.Store(dst, idx, b.add(ir.Load(dst, idx, t.element), value))]

    return b.loop_nest(names, b.array_shape(dst, t.ndim), body)


def copy_array(names: b.Names, dst: str, src: str, t: ArrayType) -> list[ir.Stmt]:
    return b.loop_nest(
        names, b.array_shape(src, t.ndim), lambda idx: [ir.Store(dst, idx, ir.Load(src, idx, t.element))]
    )


def _reads_target(e: ir.Expr, target: str) -> bool:
    return any(
        (isinstance(x, ir.Var) and x.name == target) or (isinstance(x, ir.Load) and x.array == target)
        for x in iter_exprs(e)
    )


def _accumulates_into(s: ir.Assign | ir.Store, z: ir.Assign | ir.Store) -> ir.Expr | None:
    """``c`` when ``s`` is ``d = d + c`` for the adjoint ``d`` that ``z`` resets, else None."""
    v = s.value
    if not (isinstance(v, ir.Binary) and v.op == "add"):
        return None
    if isinstance(z, ir.Assign):
        target, same = z.target, v.lhs == ir.Var(z.target, v.lhs.type)
    else:
        target = z.array
        same = isinstance(v.lhs, ir.Load) and v.lhs.array == z.array and v.lhs.indices == z.indices
    return v.rhs if same and not _reads_target(v.rhs, target) else None


def _restores_copy(stmts: list[ir.Stmt], zeroed: int, k: int, c: ir.Expr) -> bool:
    """``stmts[0]`` is ``g = d``, ``stmts[k]`` puts ``g`` back and nothing between sees ``d``."""
    z, first = stmts[zeroed], stmts[0]
    if not (isinstance(z, ir.Assign) and isinstance(first, ir.Assign) and zeroed == 1):
        return False
    if not (isinstance(c, ir.Var) and c.name == first.target and first.value == ir.Var(z.target, c.type)):
        return False
    between = stmts[zeroed + 1 : k]
    return not any(
        any(isinstance(x, ir.Var) and x.name == z.target for x in iter_exprs(t))
        or (isinstance(t, ir.Assign) and t.target in (z.target, first.target))
        for t in between
    )


def first_write_of_zeroed(stmts: list[ir.Stmt], zeroed: int) -> list[ir.Stmt]:
    """Rewrite ``d = 0; ...; d = d + c`` (the first accumulation into an adjoint just reset) as
    ``d = c``. Strict IEEE arithmetic cannot drop ``0.0 + c`` itself, and in a loop the kept
    addition chains iterations together (an adjoint ``dr`` that is reset and re-accumulated every
    iteration blocks vectorization). ``zeroed`` is the index of the resetting statement."""
    z = stmts[zeroed]
    assert isinstance(z, ir.Assign | ir.Store)
    out = list(stmts)
    for k in range(zeroed + 1, len(stmts)):
        s = stmts[k]
        if not isinstance(s, ir.Assign | ir.Store):
            return out
        if isinstance(z, ir.Assign) and isinstance(s, ir.Store):
            continue
        if isinstance(z, ir.Store) and isinstance(s, ir.Assign):
            if any(isinstance(x, ir.Var) and x.name == s.target for i in z.indices for x in iter_exprs(i)):
                return out
            continue
        if isinstance(z, ir.Assign) and s.target != z.target:  # type: ignore[union-attr]
            continue
        same_place = isinstance(z, ir.Assign) or (s.array == z.array and s.indices == z.indices)  # type: ignore[union-attr]
        c = _accumulates_into(s, z) if same_place else None
        if c is not None:
            out[k] = replace(s, value=b.cast(c, s.value.type))
            if _restores_copy(stmts, zeroed, k, c):
                del out[k], out[zeroed]  # ``g = d; d = 0; d = g``: d never changes
        return out
    return out
