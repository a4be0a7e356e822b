"""Pieces both transformers use: statement ids, shadow arrays, element-wise loop nests."""

from __future__ import annotations

from dataclasses import replace

from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import bodies, map_exprs, replace_body


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
