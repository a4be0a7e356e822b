"""``np.histogram(a, bins, range=, weights=, density=)`` as NumPy computes it.

An integer ``bins`` gives equal bins between ``range`` (else ``a.min()``, ``a.max()``, widened by
0.5 each way when equal): the edges are ``linspace(first, last, bins + 1)`` in the bin dtype, and
each value's bin is NumPy's float computation ``int((x - first) / (last - first) * bins)``
corrected against the edges; the last bin is closed. Array ``bins`` are searched (each bin is
``[e_i, e_i+1)``, the last one closed). Counts are int64; with weights the sums take the
weights' dtype.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.arrays import as_lazy, emit_loop_nest, materialize
from kiln.frontend.callargs import REQUIRED, ShapeError, bind_args, const_bool, is_none
from kiln.frontend.context import Context
from kiln.frontend.promotion import promote
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Lazy, Scalar, TupleValue, Value, whole_view
from kiln.ir import nodes as ir
from kiln.ir.padding import padded_copy_shape
from kiln.ir.types import BOOL, INT64, PY_INT, ArrayType, ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]

F64 = ScalarType("float64")
PRIVATE_BINS = 1 << 16  # per-worker copies of the sums up to this many bins
U64 = ScalarType("uint64")


def np_histogram(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    params = [("a", REQUIRED), ("bins", None), ("range", None), ("density", None), ("weights", None)]
    b = bind_args(ctx, "histogram", args, kwargs, params)
    density = not is_none(b["density"]) and const_bool(ctx, b["density"], "density")
    counts = _histogram(ctx, b)
    return _density(ctx, counts) if density else counts


def _density(ctx: Context, counts: Value) -> Value:
    """NumPy's ``n / np.diff(edges) / n.sum()``, with NumPy's result types."""
    from kiln.frontend.numpy_ops import lookup_numpy

    assert isinstance(counts, TupleValue)
    n, edges = counts.items
    diff = lookup_numpy(np.diff)
    assert diff is not None and isinstance(n, ArrayView | Lazy)
    total = reduce(ctx, "sum", n)
    per_width = apply_ufunc(ctx, "true_divide", [n, diff(ctx, [edges], {})])  # type: ignore[list-item]
    return TupleValue((apply_ufunc(ctx, "true_divide", [per_width, total]), edges))


def _histogram(ctx: Context, b: dict[str, Value]) -> Value:
    a = b["a"]
    if not isinstance(a, ArrayView | Lazy):
        raise UnsupportedError("histogram() of a scalar", ctx.loc)
    if ScalarType(a.dtype).is_complex:
        raise UnsupportedError("histogram() of complex values", ctx.loc)
    weights = None if is_none(b["weights"]) else _weights(ctx, as_lazy(a), b["weights"])
    bins = Scalar(ir.Const(10, PY_INT)) if is_none(b["bins"]) else b["bins"]
    hist = Histogram(ctx, as_lazy(a), weights)
    if isinstance(bins, Scalar):
        if not (bins.type.is_integer or bins.type.is_bool):
            raise TypingError("histogram(): 'bins' must be an integer or an array", ctx.loc)
        return hist.uniform(bins.expr, b["range"])
    if isinstance(bins, ArrayView | Lazy):
        if not is_none(b["range"]):
            raise UnsupportedError("histogram() with array bins and range=", ctx.loc)
        return hist.by_edges(bins)
    raise UnsupportedError("histogram() with this kind of 'bins'", ctx.loc)


def _weights(ctx: Context, a: Lazy, w: Value) -> Lazy:
    if not isinstance(w, ArrayView | Lazy):
        raise UnsupportedError("histogram() with scalar weights", ctx.loc)
    if w.ndim != a.ndim:
        raise ShapeError("weights should have the same shape as a.", ctx.loc)
    if ScalarType(w.dtype).is_bool:
        raise UnsupportedError("histogram() with boolean weights", ctx.loc)
    for d, e in zip(a.shape, w.shape):
        if d != e:
            ctx.emit(
                ir.Check(E.compare("eq", d, e), "ValueError", "weights should have the same shape as a.")
            )
    return as_lazy(w)


def _alloc(ctx: Context, stem: str, dtype: str, shape: tuple[ir.Expr, ...]) -> ArrayView:
    name = ctx.fresh(stem)
    t = ctx.declare(name, ArrayType(dtype, len(shape), "C"))
    assert isinstance(t, ArrayType)
    ctx.add_origins(name, {name})
    ctx.emit(ir.Alloc(name, t, shape))
    return whole_view(name, t, shape)


class Histogram:
    """The counts (or weight sums) of ``a``'s values per bin."""

    def __init__(self, ctx: Context, a: Lazy, weights: Lazy | None) -> None:
        self.ctx, self.a, self.weights = ctx, a, weights
        self.out_dtype = "int64" if weights is None else weights.dtype
        # NumPy's bincount sums weights in double (complex: real and imaginary parts apart)
        wide = (
            "int64"
            if weights is None
            else "complex128"
            if ScalarType(weights.dtype).is_complex
            else "float64"
        )
        self.acc_dtype = wide

    # ------------------------------------------------------------ accumulation
    def _accumulate(self, nbins: ir.Expr, bin_of: Callable[[ir.Expr], ir.Expr]) -> ArrayView:
        """Zeroed sums, then ``acc[bin_of(x)] += weight`` for every value with a bin. Compiled
        with ``parallel=True`` and up to PRIVATE_BINS bins, each OpenMP worker sums its share
        of the values into its own copy, and the copies are added in worker order."""
        ctx = self.ctx
        acc = _alloc(ctx, "hist", self.acc_dtype, (nbins,))
        acc_t = ScalarType(self.acc_dtype)

        def zero_sum(idx: tuple[ir.Expr, ...]) -> None:
            ctx.emit(ir.Store(acc.base, idx, E.cast(E.ZERO, acc_t)))

        emit_loop_nest(ctx, (nbins,), zero_sum)
        self._bin = ctx.fresh("bin")
        ctx.declare(self._bin, INT64)
        if ctx.options.parallel:
            with ctx.block() as per_worker:
                self._per_worker(acc, nbins, bin_of)
            with ctx.block() as one:
                self._add_values(acc.base, (), bin_of, parallel=False)
            small = E.compare("le", nbins, E.i64(PRIVATE_BINS))
            ctx.emit(ir.If(small, tuple(per_worker), tuple(one)))
        else:
            self._add_values(acc.base, (), bin_of, parallel=False)
        if self.out_dtype == self.acc_dtype:
            return acc
        t = ScalarType(self.out_dtype)
        return materialize(ctx, Lazy(self.out_dtype, acc.shape, lambda idx: E.cast(acc.load(idx), t), (acc,)))

    def _add_values(
        self, sums: str, lead: tuple[ir.Expr, ...], bin_of: Callable[[ir.Expr], ir.Expr], parallel: bool
    ) -> None:
        """``sums[*lead, bin] += weight`` for every value of ``a`` that has a bin."""
        ctx = self.ctx
        acc_t = ScalarType(self.acc_dtype)

        def body(idx: tuple[ir.Expr, ...]) -> None:
            x = ctx.temp(self.a.element(idx), "x")
            with ctx.block() as add:
                w = E.cast(E.ONE, acc_t) if self.weights is None else E.cast(self.weights.element(idx), acc_t)
                at = (*(ctx.temp(e, "w") for e in lead), ir.Var(self._bin, INT64))
                ctx.emit(ir.Store(sums, at, ir.Binary("add", ir.Load(sums, at, acc_t), w, acc_t)))
            found = bin_of(x)
            ctx.emit(ir.If(found, tuple(add)))

        emit_loop_nest(ctx, self.a.shape, body, parallel=parallel)

    def _per_worker(self, acc: ArrayView, nbins: ir.Expr, bin_of: Callable[[ir.Expr], ir.Expr]) -> None:
        """Copies ``part[w, :]`` per worker (rows padded apart: no cache line holds two
        workers' sums), filled in parallel, then added into ``acc`` in worker order."""
        ctx = self.ctx
        acc_t = ScalarType(self.acc_dtype)
        nw = ctx.variable("nw", ir.Call("worker_count", (), INT64))
        copy = padded_copy_shape((nbins,), np.dtype(self.acc_dtype).itemsize)
        part = _alloc(ctx, "hist_part", self.acc_dtype, (nw, *copy))
        zero = E.cast(E.ZERO, acc_t)

        def zero_part(idx: tuple[ir.Expr, ...]) -> None:
            ctx.emit(ir.Store(part.base, idx, zero))

        emit_loop_nest(ctx, (nw, nbins), zero_part, parallel=False)
        worker = ir.Call("worker_id", (), INT64)
        self._add_values(part.base, (worker,), bin_of, parallel=True)
        w = ctx.fresh("pw")
        ctx.declare(w, INT64)

        def combine(idx: tuple[ir.Expr, ...]) -> None:
            (b,) = idx
            at = (b,)
            mine = ir.Load(part.base, (ir.Var(w, INT64), b), acc_t)
            total = ir.Binary("add", ir.Load(acc.base, at, acc_t), mine, acc_t)
            with ctx.block() as add:
                ctx.emit(ir.Store(acc.base, at, total))
            ctx.emit(ir.For(w, E.ZERO, nw, E.ONE, tuple(add)))

        emit_loop_nest(ctx, (nbins,), combine)

    def _set_bin(self, value: ir.Expr) -> None:
        self.ctx.emit(ir.Assign(self._bin, value))

    # --------------------------------------------------------------- equal bins
    def uniform(self, bins: ir.Expr, range_: Value) -> Value:
        ctx = self.ctx
        n = ctx.temp(E.as_index(bins), "nbins")
        msg = "`bins` must be positive, when an integer"
        ctx.emit(ir.Check(E.compare("ge", n, E.ONE), "ValueError", msg))
        first, last = self.outer_edges(range_)
        a_t = ScalarType(self.a.dtype)
        bin_t = promote(first.type, last.type, a_t).strong()
        if not bin_t.is_float:
            bin_t = F64
        first, last = self.widen_if_equal(first, last)
        from kiln.frontend.numpy_ops import np_linspace

        num = Scalar(E.add(n, E.ONE))
        edges_lazy = np_linspace(ctx, [first, last, num], {"dtype": _dtype_value(bin_t.dtype)})
        assert isinstance(edges_lazy, Lazy)
        edges = materialize(ctx, edges_lazy)
        den_t, den = self._denominator(first, last)
        f_t = promote(bin_t, den_t)
        cmp_t = promote(a_t, first.type)
        lo_cmp, hi_cmp = ctx.temp(E.cast(first.expr, cmp_t)), ctx.temp(E.cast(last.expr, cmp_t))
        first_b = ctx.temp(E.cast(first.expr, bin_t))
        den_f, n_f = ctx.temp(E.cast(den, f_t)), ctx.temp(E.cast(n, f_t))
        last_bin = ctx.temp(E.sub(n, E.ONE))

        def bin_of(x: ir.Expr) -> ir.Expr:
            xc = E.cast(x, cmp_t)
            keep = ir.Binary("and", E.compare("ge", xc, lo_cmp), E.compare("le", xc, hi_cmp), BOOL)
            with ctx.block() as locate:
                xt = ctx.temp(E.cast(x, bin_t), "xt")
                diff = E.cast(ir.Binary("sub", xt, first_b, bin_t), f_t)
                scaled = ir.Binary("mul", ir.Binary("truediv", diff, den_f, f_t), n_f, f_t)
                self._set_bin(E.cast(scaled, INT64))
                b = ir.Var(self._bin, INT64)
                self._set_bin(ir.Select(E.compare("eq", b, n), E.sub(b, E.ONE), b, INT64))
                below = E.compare("lt", xt, ir.Load(edges.base, (b,), bin_t))
                self._set_bin(E.imax(ir.Select(below, E.sub(b, E.ONE), b, INT64), E.ZERO))
                above = ir.Binary(
                    "and", E.compare("ge", xt, ir.Load(edges.base, (E.add(b, E.ONE),), bin_t)),
                    E.compare("ne", b, last_bin), BOOL,
                )  # fmt: skip
                self._set_bin(ir.Select(above, E.add(b, E.ONE), b, INT64))
            keep_var = ctx.variable("keep", keep)
            ctx.emit(ir.If(keep_var, tuple(locate)))
            return keep_var

        return TupleValue((self._accumulate(n, bin_of), edges))

    def outer_edges(self, range_: Value) -> tuple[Scalar, Scalar]:
        ctx = self.ctx
        if not is_none(range_):
            if not (isinstance(range_, TupleValue) and len(range_.items) == 2):
                raise TypingError("histogram(): 'range' must be a pair of numbers", ctx.loc)
            first, last = range_.items
            if not (isinstance(first, Scalar) and isinstance(last, Scalar)):
                raise TypingError("histogram(): 'range' must be a pair of numbers", ctx.loc)
            if first.type.is_complex or last.type.is_complex:
                raise UnsupportedError("histogram() with a complex range", ctx.loc)
            ordered = E.compare("le", E.cast(first.expr, F64), E.cast(last.expr, F64))
            ctx.emit(ir.Check(ordered, "ValueError", "max must be larger than min in range parameter."))
            self.check_finite(first, last, "supplied range of [%s, %s] is not finite")
            return first, last
        size = ctx.temp(E.product(self.a.shape), "size")
        a_t = ScalarType(self.a.dtype)
        lo, hi = ctx.fresh("lo"), ctx.fresh("hi")
        ctx.declare(lo, a_t)
        ctx.declare(hi, a_t)
        with ctx.block() as found:
            for var, kind in ((lo, "min"), (hi, "max")):
                value = reduce(ctx, kind, self.a)
                assert isinstance(value, Scalar)
                ctx.emit(ir.Assign(var, E.cast(value.expr, a_t)))
        with ctx.block() as empty:  # NumPy's range for no values is [0, 1]
            ctx.emit(ir.Assign(lo, E.cast(E.ZERO, a_t)))
            ctx.emit(ir.Assign(hi, E.cast(E.ONE, a_t)))
        ctx.emit(ir.If(E.compare("gt", size, E.ZERO), tuple(found), tuple(empty)))
        first, last = Scalar(ir.Var(lo, a_t)), Scalar(ir.Var(hi, a_t))
        self.check_finite(first, last, "autodetected range of [%s, %s] is not finite")
        return first, last

    def check_finite(self, first: Scalar, last: Scalar, message: str) -> None:
        if not (first.type.is_float or last.type.is_float):
            return
        both = ir.Binary(
            "and", ir.Call("isfinite", (E.cast(first.expr, F64),), BOOL),
            ir.Call("isfinite", (E.cast(last.expr, F64),), BOOL), BOOL,
        )  # fmt: skip
        self.ctx.emit(ir.Check(both, "ValueError", message.replace("[%s, %s]", "the values")))

    def widen_if_equal(self, first: Scalar, last: Scalar) -> tuple[Scalar, Scalar]:
        """``first - 0.5, last + 0.5`` when equal (integers become floats, as in Python)."""
        ctx = self.ctx
        t = first.type if first.type.is_float else ScalarType("float64", weak=first.type.weak)
        u = last.type if last.type.is_float else ScalarType("float64", weak=last.type.weak)
        same = ctx.temp(E.compare("eq", E.cast(first.expr, promote(first.type, last.type)),
                                  E.cast(last.expr, promote(first.type, last.type))))  # fmt: skip
        half_t, half_u = ir.Const(0.5, t), ir.Const(0.5, u)
        lo = ir.Select(same, ir.Binary("sub", E.cast(first.expr, t), half_t, t), E.cast(first.expr, t), t)
        hi = ir.Select(same, ir.Binary("add", E.cast(last.expr, u), half_u, u), E.cast(last.expr, u), u)
        return Scalar(ctx.temp(lo, "first")), Scalar(ctx.temp(hi, "last"))

    def _denominator(self, first: Scalar, last: Scalar) -> tuple[ScalarType, ir.Expr]:
        """NumPy's ``_unsigned_subtract(last, first)``: integers subtract as uint64."""
        t = promote(first.type, last.type).strong()
        if t.is_integer or t.is_bool:
            return U64, ir.Binary("sub", E.cast(last.expr, U64), E.cast(first.expr, U64), U64)
        return t, self.ctx.temp(ir.Binary("sub", E.cast(last.expr, t), E.cast(first.expr, t), t), "span")

    # ------------------------------------------------------------- given edges
    def by_edges(self, bins: ArrayView | Lazy) -> Value:
        ctx = self.ctx
        if bins.ndim != 1:
            raise ShapeError("`bins` must be 1d, when an array", ctx.loc)
        edges = bins if isinstance(bins, ArrayView) else materialize(ctx, bins)
        count = ctx.temp(edges.shape[0], "nedges")
        ctx.emit(ir.Check(E.compare("ge", count, E.ONE), "ValueError", "`bins` must not be empty"))
        e_t = ScalarType(edges.dtype)
        self._check_monotonic(edges, count)
        cmp_t = promote(ScalarType(self.a.dtype), e_t)
        nbins = ctx.temp(E.sub(count, E.ONE), "nbins")
        last_edge = ctx.temp(E.cast(edges.load((nbins,)), cmp_t))

        def bin_of(x: ir.Expr) -> ir.Expr:
            xc = ctx.temp(E.cast(x, cmp_t), "xc")
            lo, hi = ctx.variable("lo", E.ZERO), ctx.variable("hi", count)
            with ctx.block() as step:  # lo = number of edges <= x (a binary search)
                mid = ctx.temp(E.floordiv(E.add(lo, hi), E.i64(2)), "mid")
                le = E.compare("le", E.cast(edges.load((mid,)), cmp_t), xc)
                ctx.emit(ir.Assign(lo.name, ir.Select(le, E.add(mid, E.ONE), lo, INT64)))
                ctx.emit(ir.Assign(hi.name, ir.Select(le, hi, mid, INT64)))
            ctx.emit(ir.While(E.compare("lt", lo, hi), tuple(step)))
            inside = ir.Binary("and", E.compare("ge", lo, E.ONE), E.compare("le", lo, nbins), BOOL)
            at_end = ir.Binary("and", E.compare("eq", lo, count), E.compare("eq", xc, last_edge), BOOL)
            at_end = ir.Binary("and", at_end, E.compare("ge", nbins, E.ONE), BOOL)
            self._set_bin(ir.Select(at_end, E.sub(nbins, E.ONE), E.sub(lo, E.ONE), INT64))
            return ctx.variable("inbin", ir.Binary("or", inside, at_end, BOOL))

        return TupleValue((self._accumulate(nbins, bin_of), edges))

    def _check_monotonic(self, edges: ArrayView, count: ir.Expr) -> None:
        ctx = self.ctx
        msg = "`bins` must increase monotonically, when an array"

        def body(idx: tuple[ir.Expr, ...]) -> None:
            i = idx[0]
            ok = ir.Unary("not", E.compare("gt", edges.load((i,)), edges.load((E.add(i, E.ONE),))), BOOL)
            ctx.emit(ir.Check(ok, "ValueError", msg))

        emit_loop_nest(ctx, (E.imax(E.sub(count, E.ONE), E.ZERO),), body, parallel=False)


def _dtype_value(dtype: str) -> Value:
    from kiln.frontend.values import DType

    return DType(dtype)


def table() -> dict[object, Handler]:
    import numpy as np

    return {np.histogram: np_histogram}
