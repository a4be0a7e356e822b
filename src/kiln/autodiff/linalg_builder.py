"""Statements the linear-algebra derivative rules build: arrays, transposes, library calls
(``matmul``, ``solve``, ``inv`` ...), element-wise updates of square matrices."""

from __future__ import annotations

from collections.abc import Callable

from kiln.autodiff import build as b
from kiln.autodiff.common import TypeOf
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType


class LinalgBuilder:
    def __init__(self, names: b.Names, type_of: TypeOf, dtype: str, loc: object) -> None:
        self.names, self.type_of, self.dtype, self.loc = names, type_of, dtype, loc
        self.stmts: list[ir.Stmt] = []

    def ndim(self, name: str) -> int:
        t = self.type_of(name)
        assert isinstance(t, ArrayType)
        return t.ndim

    def array(self, stem: str, shape: tuple[ir.Expr, ...]) -> str:
        t = ArrayType(self.dtype, len(shape), "C")
        name = self.names.fresh(stem, t)
        self.stmts.append(ir.Alloc(name, t, shape, loc=self.loc))  # type: ignore[arg-type]
        return name

    def transpose(self, a: str) -> str:
        view = self.names.fresh("T", ArrayType(self.dtype, 2, "A"))
        zero = b.const(0, ir.Dim(a, 0).type)
        dims, strides = (ir.Dim(a, 1), ir.Dim(a, 0)), (ir.Stride(a, 1), ir.Stride(a, 0))
        self.stmts.append(ir.View(view, a, zero, dims, strides, loc=self.loc))  # type: ignore[arg-type]
        return view

    def call(self, func: str, inputs: tuple[str, ...], shape: tuple[ir.Expr, ...]) -> str:
        out = self.array(func, shape)
        self.stmts.append(ir.LibCall(func, (out,), inputs, loc=self.loc))  # type: ignore[arg-type]
        return out

    def matmul(self, x: str, y: str) -> str:
        return self.call("matmul", (x, y), (ir.Dim(x, 0), ir.Dim(y, 1)))

    def add_into(self, dst: str, value: Callable[[ir.Expr, ir.Expr], ir.Expr | None]) -> None:
        """``dst[i, j] += value(i, j)`` (None: nothing there)."""
        t = ScalarType(self.dtype)

        def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
            term = value(*idx)
            if term is None:
                return []
            return [ir.Store(dst, idx, b.add(ir.Load(dst, idx, t), term))]

        self.stmts += b.loop_nest(self.names, b.array_shape(dst, 2), body)

    def phi(self, square: str) -> None:
        """``square`` made Cholesky's Phi of itself in place: its lower triangle with half its
        diagonal, zeros above."""
        t = ScalarType(self.dtype)

        def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
            i, j = idx
            value = self.load(square, i, j)
            kept = b.select(b.binary("eq", i, j), b.mul(b.const(0.5, t), value), value)
            return [ir.Store(square, idx, b.select(b.binary("lt", i, j), b.const(0, t), kept))]

        self.stmts += b.loop_nest(self.names, b.array_shape(square, 2), body)

    def load(self, a: str, *idx: ir.Expr) -> ir.Expr:
        return ir.Load(a, idx, ScalarType(self.dtype))
