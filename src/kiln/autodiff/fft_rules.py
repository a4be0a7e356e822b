"""Derivatives of NumPy's one-dimensional FFTs along the last axis (``fft``, ``ifft``, ``rfft``,
``irfft``, every ``norm``, any ``n``).

Each transform is linear: its tangent is the same transform of the tangent. Its adjoint (a
complex adjoint holding the real part's in its real part, ``autodiff/rules.py``) is the
conjugate transpose: ``fft`` with norm ``backward``, ``ortho`` or ``forward`` has the adjoint
``ifft`` with norm ``forward``, ``ortho`` or ``backward`` (and the reverse), evaluated at length
``n``; the input of length ``L`` gets its first ``min(L, n)`` elements back (``n`` pads with
zeros or truncates). ``rfft`` keeps the first ``n // 2 + 1`` outputs of ``fft``: its adjoint
puts the cotangent there, zeros elsewhere, and keeps the real part. ``irfft`` reads each
spectrum element for itself and its mirror image: with ``r = rfft(xbar, n)`` (no scaling) and
``s`` the transform's scale (``1/n``, ``1/sqrt(n)`` or 1), element ``k`` gets ``2 s r[k]``, the
first (and, for even ``n``, the middle) ``s r[k]``.
"""

from __future__ import annotations

from collections.abc import Callable

from kiln.autodiff import build as b
from kiln.autodiff.analysis import Activity
from kiln.autodiff.common import TypeOf, fill_zero
from kiln.errors import UnsupportedError
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ScalarType

Index = tuple[ir.Expr, ...]
_C = ScalarType("complex128")  # the FFTs' complex results
_OPPOSITE = {"backward": "forward", "ortho": "ortho", "forward": "backward"}
FFT_RULES = frozenset(f"{f}_{n}" for f in ("fft", "ifft", "rfft", "irfft") for n in _OPPOSITE)


def _parts(func: str) -> tuple[str, str]:
    kind, _, norm = func.rpartition("_")
    return kind, norm


class _Out:
    def __init__(self, s: ir.LibCall, type_of: TypeOf, names: b.Names) -> None:
        self.s, self.type_of, self.names = s, type_of, names
        self.stmts: list[ir.Stmt] = []
        x = s.inputs[0]
        t = type_of(x)
        assert isinstance(t, ArrayType)
        if t.dtype not in ("float64", "complex128"):
            raise UnsupportedError(f"differentiation of '{s.func}' of {t.dtype} arrays", s.loc)
        self.ndim = t.ndim
        self.n = ir.Load(s.inputs[1], (), INT64)  # the transform's length

    def array(self, stem: str, dtype: str, shape: Index) -> str:
        t = ArrayType(dtype, self.ndim, "C")
        name = self.names.fresh(stem, t)
        self.stmts.append(ir.Alloc(name, t, shape, loc=self.s.loc))
        return name

    def transform(self, func: str, x: str, length: ir.Expr, dtype: str) -> str:
        """``func(x, n)`` into a new array whose last extent is ``length``."""
        shape = (*b.array_shape(x, self.ndim)[:-1], length)
        out = self.array(func.partition("_")[0], dtype, shape)
        self.stmts.append(ir.LibCall(func, (out,), (x, self.s.inputs[1]), loc=self.s.loc))
        return out

    def loop(self, shape: Index, body: Callable[[Index], list[ir.Stmt]]) -> None:
        self.stmts += b.loop_nest(self.names, shape, body)

    def add_to(self, dst: str, value: Callable[[Index], ir.Expr], last: ir.Expr) -> None:
        """``dst[..., k] += value(index)`` for ``k < last``."""
        t = self.type_of(dst)
        assert isinstance(t, ArrayType)

        def body(idx: Index) -> list[ir.Stmt]:
            old = ir.Load(dst, idx, t.element)
            return [ir.Store(dst, idx, b.add(old, b.cast(value(idx), t.element)))]

        self.loop((*b.array_shape(dst, self.ndim)[:-1], last), body)


def _shorter(a: ir.Expr, c: ir.Expr) -> ir.Expr:
    return ir.Binary("min", a, c, INT64)


def _half(n: ir.Expr) -> ir.Expr:
    return b.add(ir.Binary("floordiv", n, b.const(2, INT64), INT64), b.const(1, INT64))


def fft_adjoint(
    s: ir.LibCall, act: Activity, shadow: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    out = _Out(s, type_of, names)
    (y,), x = s.outputs, s.inputs[0]
    kind, norm = _parts(s.func)
    g, complex_t = shadow[y], "complex128"
    if kind in ("fft", "ifft", "rfft"):
        cotangent = g
        if kind == "rfft":  # the kept half of the full spectrum; zeros elsewhere
            cotangent = out.array("spectrum", complex_t, (*b.array_shape(g, out.ndim)[:-1], out.n))
            out.stmts += fill_zero(names, cotangent, ArrayType(complex_t, out.ndim, "C"))
            out.loop(b.array_shape(g, out.ndim), lambda i: [ir.Store(cotangent, i, ir.Load(g, i, _C))])
        inverse = ("fft" if kind == "ifft" else "ifft") + "_" + _OPPOSITE[norm]
        w = out.transform(inverse, cotangent, out.n, complex_t)
        out.add_to(shadow[x], lambda i: ir.Load(w, i, _C), _shorter(ir.Dim(x, out.ndim - 1), out.n))
    else:  # irfft: x is the half spectrum, y the real signal of length n
        r = out.transform("rfft_backward", g, _half(out.n), complex_t)
        nf = b.cast(out.n, ScalarType("float64"))
        one = b.const(1.0, ScalarType("float64"))
        scale = {"backward": b.div(one, nf), "ortho": b.div(one, b.call("sqrt", nf)), "forward": one}[norm]

        def weighted(i: Index) -> ir.Expr:
            k = i[-1]
            edge = ir.Binary(
                "or",
                b.binary("eq", k, b.const(0, INT64)),
                b.binary("eq", b.mul(k, b.const(2, INT64)), out.n),
                b.BOOL,
            )
            w = b.select(edge, scale, b.mul(b.const(2.0, ScalarType("float64")), scale))
            return b.times(ir.Load(r, i, _C), w, conjugate=False)

        out.add_to(shadow[x], weighted, _shorter(ir.Dim(x, out.ndim - 1), _half(out.n)))
    t = type_of(y)
    assert isinstance(t, ArrayType)
    return out.stmts + fill_zero(names, g, t)


def fft_tangent(
    s: ir.LibCall, act: Activity, tangent: dict[str, str], type_of: TypeOf, names: b.Names
) -> list[ir.Stmt]:
    """The same transform of the input's tangent (the output's tangent is zero on entry)."""
    out = _Out(s, type_of, names)
    (y,), x = s.outputs, s.inputs[0]
    t = type_of(y)
    assert isinstance(t, ArrayType)
    dy = out.transform(s.func, tangent[x], ir.Dim(y, out.ndim - 1), t.dtype)
    out.add_to(tangent[y], lambda i: ir.Load(dy, i, t.element), ir.Dim(y, out.ndim - 1))
    return out.stmts
