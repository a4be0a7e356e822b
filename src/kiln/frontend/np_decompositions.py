"""``np.linalg.svd``, ``svdvals``, ``eigh``, ``eigvalsh``, ``qr``, ``pinv`` and ``matrix_rank``:
NumPy's own routines, called by the compiled code on the float64 or complex128 copy of the
operand (a library call, ``ir.ops.DECOMPOSITIONS``; ``codegen/c_numpy_calls``), stacked
matrices included. The results have the shapes NumPy gives them, computed when compiling
from the operand's extents, and NumPy's dtypes: float32 in, float32 out, the singular values
and eigenvalues real. A tuple of results is NumPy's named tuple (``.U``, ``.eigenvalues`` ...),
returned as one. Errors (a matrix that is not square, no convergence) are NumPy's, at run time.

``eig`` and ``eigvals`` give a real matrix real results and a complex one complex results:
where NumPy would return complex eigenvalues of a real matrix, the call raises ValueError
(kiln.runtime.numpy_calls), since a compiled function's result types follow its arguments.
"""

from __future__ import annotations

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, materialize
from kiln.frontend.callargs import REQUIRED, bind_args, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.lapack import _alloc, _array, _require_stacked_2d, _result, common_types
from kiln.frontend.linalg import _operand
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, TupleValue, Value, whole_view
from kiln.frontend.views import SliceSpec, bind_view, subscript
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType, ScalarType

_REAL = {"complex64": "float32", "complex128": "float64"}
Shape = tuple[ir.Expr, ...]


def _decompose(
    ctx: Context, func: str, a: ArrayView | Lazy, parts: list[tuple[str, Shape, bool]], own: bool = False
) -> list[ArrayView | Lazy]:
    """One call of NumPy's routine ``func``; ``parts``: per result its stem, its shape and
    whether it is real (singular values, eigenvalues) rather than of the computation dtype.
    ``own``: NumPy's function computes in the operand's own floating dtype (``pinv``: a
    float32 product of float32 factors), so it gets the operand as it is."""
    compute, result = common_types(ctx, func, [a.dtype])
    if own and a.dtype in ("float32", "complex64"):
        compute = result
    operand = _operand(ctx, a, compute)
    names = [
        _alloc(ctx, stem, _REAL.get(compute, compute) if real else compute, shape)
        for stem, shape, real in parts
    ]
    ctx.emit(ir.LibCall(func, tuple(names), (operand.base,)))
    out = []
    for name, (_, shape, real) in zip(names, parts):
        computed = _REAL.get(compute, compute) if real else compute
        out.append(_result(name, shape, computed, _REAL.get(result, result) if real else result))
    return out


def _named(values: list[ArrayView | Lazy], cls: type) -> TupleValue:
    return TupleValue(tuple(values), names=tuple(cls._fields), record=cls)  # type: ignore[attr-defined]


def _matrix(ctx: Context, name: str, value: Value) -> tuple[ArrayView | Lazy, Shape, ir.Expr, ir.Expr]:
    a = _array(ctx, value, name, 0)
    _require_stacked_2d(ctx, a)
    m, n = (ctx.temp(x, "dim") for x in a.shape[-2:])
    return a, a.shape[:-2], m, n


def _no_hermitian(ctx: Context, name: str, value: Value) -> None:
    if const_bool(ctx, value, f"{name}(hermitian=...)"):
        raise UnsupportedError(
            f"np.linalg.{name}(hermitian=True)", ctx.loc, hint="use eigh for Hermitian matrices"
        )


def np_svd(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("full_matrices", True), ("compute_uv", True), ("hermitian", False)]
    b = bind_args(ctx, "svd", args, kwargs, params)
    _no_hermitian(ctx, "svd", b["hermitian"])
    a, batch, m, n = _matrix(ctx, "svd", b["a"])
    if not const_bool(ctx, b["compute_uv"], "svd(compute_uv=...)"):
        return singular_values(ctx, a)
    k = ctx.temp(E.imin(m, n), "k")
    full = const_bool(ctx, b["full_matrices"], "svd(full_matrices=...)")
    u, vh = ((m, m), (n, n)) if full else ((m, k), (k, n))
    parts = [("u", (*batch, *u), False), ("s", (*batch, k), True), ("vh", (*batch, *vh), False)]
    return _named(_decompose(ctx, "svd_full" if full else "svd_reduced", a, parts), _result_class("svd"))


def singular_values(ctx: Context, a: ArrayView | Lazy) -> ArrayView | Lazy:
    """``svd(a, compute_uv=False)`` of stacked matrices ``a``."""
    batch, (m, n) = a.shape[:-2], (ctx.temp(x, "dim") for x in a.shape[-2:])
    return _decompose(ctx, "svdvals", a, [("s", (*batch, ctx.temp(E.imin(m, n), "k")), True)])[0]


def np_svdvals(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "svdvals", args, kwargs, [("x", REQUIRED)])
    return singular_values(ctx, _matrix(ctx, "svdvals", b["x"])[0])


def _uplo(ctx: Context, value: Value, name: str) -> str:
    uplo = value.value if isinstance(value, Const) else value  # a default is the Python value
    if uplo not in ("L", "U"):
        raise TypingError(f"{name}: UPLO argument must be 'L' or 'U'", ctx.loc)
    assert isinstance(uplo, str)
    return uplo


def np_eigh(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "eigh", args, kwargs, [("a", REQUIRED), ("UPLO", "L")])
    a, batch, m, _ = _matrix(ctx, "eigh", b["a"])
    parts = [("w", (*batch, m), True), ("v", (*batch, m, m), False)]
    return _named(_decompose(ctx, f"eigh_{_uplo(ctx, b['UPLO'], 'eigh')}", a, parts), _result_class("eigh"))


def np_eigvalsh(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "eigvalsh", args, kwargs, [("a", REQUIRED), ("UPLO", "L")])
    a, batch, m, _ = _matrix(ctx, "eigvalsh", b["a"])
    func = f"eigvalsh_{_uplo(ctx, b['UPLO'], 'eigvalsh')}"
    return _decompose(ctx, func, a, [("w", (*batch, m), True)])[0]


def np_qr(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "qr", args, kwargs, [("a", REQUIRED), ("mode", "reduced")])
    mode = b["mode"].value if isinstance(b["mode"], Const) else b["mode"]
    if mode not in ("reduced", "complete", "r"):
        raise UnsupportedError(f"np.linalg.qr(mode={mode!r}): modes 'reduced', 'complete' and 'r'", ctx.loc)
    a, batch, m, n = _matrix(ctx, "qr", b["a"])
    k = ctx.temp(E.imin(m, n), "k")
    if mode == "r":
        return _decompose(ctx, "qr_r", a, [("r", (*batch, k, n), False)])[0]
    q, r = ((m, m), (m, n)) if mode == "complete" else ((m, k), (k, n))
    parts = [("q", (*batch, *q), False), ("r", (*batch, *r), False)]
    return _named(_decompose(ctx, f"qr_{mode}", a, parts), _result_class("qr"))


def np_pinv(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("rcond", None), ("hermitian", False), ("rtol", None)]
    b = bind_args(ctx, "pinv", args, kwargs, params)
    _no_hermitian(ctx, "pinv", b["hermitian"])
    if not (is_none(b["rcond"]) and is_none(b["rtol"])):
        raise UnsupportedError("np.linalg.pinv with rcond or rtol (the default cutoff only)", ctx.loc)
    a, batch, m, n = _matrix(ctx, "pinv", b["a"])
    return _decompose(ctx, "pinv", a, [("pinv", (*batch, n, m), False)], own=True)[0]


def np_matrix_rank(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("A", REQUIRED), ("tol", None), ("hermitian", False), ("rtol", None)]
    b = bind_args(ctx, "matrix_rank", args, kwargs, params)
    _no_hermitian(ctx, "matrix_rank", b["hermitian"])
    if not (is_none(b["tol"]) and is_none(b["rtol"])):
        raise UnsupportedError("np.linalg.matrix_rank with tol or rtol (the default tolerance only)", ctx.loc)
    a, batch, _, _ = _matrix(ctx, "matrix_rank", b["A"])
    compute, result = common_types(ctx, "matrix_rank", [a.dtype])
    compute = result if a.dtype == result else compute  # NumPy's tolerance is of its own dtype
    operand = _operand(ctx, a, compute)
    rank = _alloc(ctx, "rank", "int64", batch)
    ctx.emit(ir.LibCall("matrix_rank", (rank,), (operand.base,)))
    view = _result(rank, batch, "int64", "int64")
    if batch:
        return view
    return Scalar(ctx.temp(as_lazy(view).element(()), "rank"))


def np_lstsq(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.linalg.lstsq(a, b, rcond=None)``: NumPy's own call on the operands as given; the
    residuals (none unless the rank is full and ``a`` tall, as NumPy decides) a view of as
    many as the call gave; the rank NumPy's int32."""
    b = bind_args(ctx, "lstsq", args, kwargs, [("a", REQUIRED), ("b", REQUIRED), ("rcond", None)])
    a, rhs = _array(ctx, b["a"], "lstsq", 0), _array(ctx, b["b"], "lstsq", 1)
    if a.ndim != 2 or rhs.ndim not in (1, 2):
        raise TypingError(f"lstsq: a must be 2-d and b 1-d or 2-d, not {a.ndim}-d and {rhs.ndim}-d", ctx.loc)
    _, result = common_types(ctx, "lstsq", [a.dtype, rhs.dtype])
    real = _REAL.get(result, result)
    m, n = (ctx.temp(x, "dim") for x in a.shape)
    columns = rhs.shape[1:]
    shapes = [(n, *columns), (columns[0] if columns else E.ONE,), (), (ctx.temp(E.imin(m, n), "k"),)]
    dtypes = [result, real, "int32", real]
    names = [
        _alloc(ctx, stem, d, shape) for stem, d, shape in zip(("x", "resid", "rank", "s"), dtypes, shapes)
    ]
    count = _alloc(ctx, "count", "int64", ())
    inputs = [_given(ctx, a), _given(ctx, rhs)]
    func = "lstsq"
    if not is_none(b["rcond"]):
        rcond = b["rcond"]
        if not isinstance(rcond, Scalar) or rcond.type.is_complex:
            raise TypingError("lstsq: rcond must be a real number", ctx.loc)
        box = _alloc(ctx, "rcond", "float64", ())
        ctx.emit(ir.Store(box, (), E.cast(rcond.expr, ScalarType("float64"))))
        inputs.append(box)
        func = "lstsq_rcond"
    ctx.emit(ir.LibCall(func, (*names, count), tuple(inputs)))
    x, resid, rank, sv = (
        whole_view(nm, ArrayType(d, len(sh), "C"), sh) for nm, d, sh in zip(names, dtypes, shapes)
    )
    length = ctx.temp(as_lazy(whole_view(count, ArrayType("int64", 0, "C"), ())).element(()), "nres")
    residuals = subscript(ctx, resid, [SliceSpec(None, length, 1)])
    assert isinstance(residuals, ArrayView)  # a slice is a view
    return TupleValue((x, residuals, Scalar(ctx.temp(as_lazy(rank).element(()), "rank")), sv))


def _given(ctx: Context, v: ArrayView | Lazy) -> str:
    return bind_view(ctx, v if isinstance(v, ArrayView) else materialize(ctx, v)).base


def np_eig(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``eig`` (NumPy's ``EigResult``): real results for a real matrix, complex for a complex
    one; a real matrix with complex eigenvalues raises at run time (NumPy would change kind)."""
    b = bind_args(ctx, "eig", args, kwargs, [("a", REQUIRED)])
    a, batch, m, _ = _matrix(ctx, "eig", b["a"])
    parts = [("w", (*batch, m), False), ("v", (*batch, m, m), False)]
    return _named(_decompose(ctx, "eig", a, parts), _result_class("eig"))


def np_eigvals(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    b = bind_args(ctx, "eigvals", args, kwargs, [("a", REQUIRED)])
    a, batch, m, _ = _matrix(ctx, "eigvals", b["a"])
    return _decompose(ctx, "eigvals", a, [("w", (*batch, m), False)])[0]


def np_roots(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """``np.roots(p)``: NumPy's own routine on float64 (real, integer or boolean coefficients)
    or complex128 coefficients; as many roots as it finds (at most ``len(p) - 1``). Real
    coefficients with complex roots raise at run time (NumPy would return a complex array)."""
    b = bind_args(ctx, "roots", args, kwargs, [("p", REQUIRED)])
    p = _array(ctx, b["p"], "roots", 0)
    if p.ndim != 1:
        raise TypingError("Input must be a rank-1 array.", ctx.loc)
    if p.dtype in ("float32", "complex64"):
        raise UnsupportedError(
            f"np.roots of {p.dtype} coefficients (NumPy's result is then float32 or float64 "
            "depending on the values)",
            ctx.loc,
            hint="pass float64 or complex128 coefficients",
        )
    dtype = "complex128" if p.dtype == "complex128" else "float64"
    operand = _operand(ctx, p, dtype)
    most = ctx.temp(E.imax(E.sub(p.shape[0], E.ONE), E.ZERO), "most")
    found, count = _alloc(ctx, "roots", dtype, (most,)), _alloc(ctx, "count", "int64", ())
    ctx.emit(ir.LibCall("roots", (found, count), (operand.base,)))
    length = ctx.temp(as_lazy(whole_view(count, ArrayType("int64", 0, "C"), ())).element(()), "nroots")
    view = subscript(ctx, whole_view(found, ArrayType(dtype, 1, "C"), (most,)), [SliceSpec(None, length, 1)])
    assert isinstance(view, ArrayView)
    return view


def _result_class(func: str) -> type:
    """NumPy's named tuple of ``func``'s results (``SVDResult`` ...)."""
    return type(getattr(np.linalg, func)(np.eye(1)))
