"""``gemm`` library calls (``c = alpha * a @ b + beta * c``) as a ``matmul`` into a temporary and
a loop that scales and adds: the forms the derivative rules know."""

from __future__ import annotations

from dataclasses import replace

from kiln.autodiff import build as b
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType
from kiln.ir.visit import iter_stmts, map_stmts


def expand_gemm(fn: ir.Function) -> ir.Function:
    if not any(isinstance(s, ir.LibCall) and s.func == "gemm" for s in iter_stmts(fn.body)):
        return fn
    types = fn.var_types()
    names = b.Names(set(types))

    def expand(s: ir.Stmt) -> ir.Stmt | list[ir.Stmt]:
        if not (isinstance(s, ir.LibCall) and s.func == "gemm"):
            return s
        (c,), (x, y, _, alpha, beta) = s.outputs, s.inputs
        t = types[c]
        assert isinstance(t, ArrayType)
        tmp_t = ArrayType(t.dtype, t.ndim, "C")
        tmp = names.fresh("mm", tmp_t)
        e = t.element

        def body(idx: tuple[ir.Expr, ...]) -> list[ir.Stmt]:
            scaled = b.mul(ir.Load(alpha, (), e), ir.Load(tmp, idx, e))
            kept = b.mul(ir.Load(beta, (), e), ir.Load(c, idx, e))
            return [ir.Store(c, idx, b.add(scaled, kept), loc=s.loc)]

        shape = b.array_shape(c, t.ndim)
        alloc = ir.Alloc(tmp, tmp_t, shape, loc=s.loc)
        return [alloc, ir.LibCall("matmul", (tmp,), (x, y), loc=s.loc), *b.loop_nest(names, shape, body)]

    body = map_stmts(fn.body, expand)
    return replace(fn, body=body, locals=fn.locals + tuple(names.declared.items()))
