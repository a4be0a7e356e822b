"""Pieces both transformers use: statement ids, shadow arrays, element-wise loop nests."""

from __future__ import annotations

from dataclasses import replace

from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import bodies, iter_exprs, map_exprs, replace_body


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


def first_write_of_zeroed(stmts: list[ir.Stmt], zeroed: int) -> list[ir.Stmt]:
    """Rewrite ``d = 0; ...; d = d + c`` (the first accumulation into an adjoint just reset) as
    ``d = c``. Strict IEEE arithmetic cannot drop ``0.0 + c`` itself, and in a loop the kept
    addition chains iterations together (an adjoint ``dr`` that is reset and re-accumulated every
    iteration blocks vectorization). ``zeroed`` is the index of the resetting statement."""
    z = stmts[zeroed]
    out = list(stmts)
    for k in range(zeroed + 1, len(stmts)):
        s = stmts[k]
        if isinstance(z, ir.Assign) and isinstance(s, ir.Assign):
            if s.target != z.target:
                continue
            v = s.value
            if isinstance(v, ir.Binary) and v.op == "add" and v.lhs == ir.Var(z.target, v.lhs.type):
                if not _reads_target(v.rhs, z.target):
                    out[k] = replace(s, value=b.cast(v.rhs, v.type))
            return out
        if isinstance(z, ir.Store) and isinstance(s, ir.Store):
            v = s.value
            same = s.array == z.array and s.indices == z.indices
            if same and isinstance(v, ir.Binary) and v.op == "add" and isinstance(v.lhs, ir.Load):
                if v.lhs.array == z.array and v.lhs.indices == z.indices:
                    if not _reads_target(v.rhs, z.array):
                        out[k] = replace(s, value=b.cast(v.rhs, v.type))
            return out
        if isinstance(z, ir.Store) and isinstance(s, ir.Assign):
            if any(isinstance(x, ir.Var) and x.name == s.target for i in z.indices for x in iter_exprs(i)):
                return out
            continue
        if not isinstance(s, ir.Assign | ir.Store):
            return out
    return out
