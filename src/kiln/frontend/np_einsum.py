"""``np.einsum(subscripts, *operands, dtype=None, optimize=...)`` with the subscripts known when
compiling: explicit (``"ij,jk->ik"``) and implicit (``"ij,jk"``: the labels seen once, sorted)
output, ``...`` for broadcast axes, a label repeated in one operand (its diagonal), sums over
labels not in the output.

Every operand is seen through the list of all labels (output labels first, then the summed
ones): element ``idx`` of the aligned operand is the operand's element at the indices of its own
labels, and an extent of 1 where it lacks a label. Their product broadcasts as NumPy's multiply
does (NumPy's dtype; an extent of 1 stretches), and the summed labels are reduced without
materializing the product. Two operands that share only summed labels (a matrix product in any
layout) go through ``tensordot`` (BLAS for floating types, as NumPy's ``optimize`` does). A
single operand with nothing summed and no repeated label is a transposed view of it, as NumPy's
is; a diagonal (``"ii->i"``) is a copy here, where NumPy gives a view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.advanced import new_array
from kiln.frontend.arrays import as_lazy, assign
from kiln.frontend.callargs import ShapeError, dtype_arg, is_none
from kiln.frontend.context import Context
from kiln.frontend.np_layout import permuted
from kiln.frontend.np_products import tensordot
from kiln.frontend.np_shapes import array_operand
from kiln.frontend.promotion import can_cast
from kiln.frontend.reductions import reduce
from kiln.frontend.ufuncs import apply_ufunc
from kiln.frontend.values import ArrayView, Const, Lazy, Scalar, Value
from kiln.ir import nodes as ir
from kiln.ir.types import ScalarType

Handler = Callable[[Context, list[Value], dict[str, Value]], Value]
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_KEYWORDS = ("dtype", "optimize", "casting", "order")


@dataclass(frozen=True)
class Subscripts:
    inputs: tuple[tuple[str, ...], ...]  # each operand's label per axis (broadcast axes "0", "1" ...)
    output: tuple[str, ...]

    @property
    def summed(self) -> tuple[str, ...]:
        seen = dict.fromkeys(label for term in self.inputs for label in term)
        return tuple(label for label in seen if label not in self.output)


def parse(ctx: Context, text: str, ndims: list[int]) -> Subscripts:
    """NumPy's reading of ``text`` for operands of ``ndims`` axes, with its errors."""
    text = text.replace(" ", "")
    lhs, arrow, rhs = text.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ndims):
        more = "more" if len(ndims) > len(terms) else "fewer"
        raise ShapeError(f"{more} operands provided to einstein sum function than specified", ctx.loc)
    broadcast = max((n - len(_labels(ctx, t)) for t, n in zip(terms, ndims) if "..." in t), default=0)
    ell = tuple(str(k) for k in range(broadcast))
    inputs = tuple(_term(ctx, t, n, k, ell) for k, (t, n) in enumerate(zip(terms, ndims)))
    if not arrow:
        counts: dict[str, int] = {}
        for label in (x for term in inputs for x in term if x not in ell):
            counts[label] = counts.get(label, 0) + 1
        return Subscripts(inputs, (*ell, *sorted(x for x, c in counts.items() if c == 1)))
    out = _labels(ctx, rhs)
    if "..." not in rhs and broadcast:
        raise ShapeError(
            "output has more dimensions than subscripts given in einstein sum, but no '...' "
            "ellipsis provided to broadcast the extra dimensions.",
            ctx.loc,
        )
    before, _, after = rhs.partition("...")
    output = (*_labels(ctx, before), *(ell if "..." in rhs else ()), *_labels(ctx, after))
    for label in out:
        if out.count(label) > 1:
            raise ShapeError(
                f"einstein sum subscripts string includes output subscript '{label}' multiple times", ctx.loc
            )
        if not any(label in term for term in inputs):
            raise ShapeError(
                f"einstein sum subscripts string included output subscript '{label}' which never "
                "appeared in an input",
                ctx.loc,
            )
    return Subscripts(inputs, output)


def _labels(ctx: Context, term: str) -> list[str]:
    bare = term.replace("...", "", 1)
    for c in bare:
        if c not in _LETTERS:
            raise ShapeError(
                f"invalid subscript '{c}' in einstein sum subscripts string, subscripts must be letters",
                ctx.loc,
            )
    return list(bare)


def _term(ctx: Context, term: str, ndim: int, k: int, ell: tuple[str, ...]) -> tuple[str, ...]:
    named = _labels(ctx, term)
    if "..." not in term:
        if len(named) != ndim:
            raise ShapeError(
                "operand has more dimensions than subscripts given in einstein sum, but no '...' "
                "ellipsis provided to broadcast the extra dimensions."
                if ndim > len(named)
                else f"einstein sum subscripts string contains too many subscripts for operand {k}",
                ctx.loc,
            )
        return tuple(named)
    extra = ndim - len(named)
    if extra < 0:
        raise ShapeError(
            f"einstein sum subscripts string contains too many subscripts for operand {k}", ctx.loc
        )
    before, _, after = term.partition("...")
    return (*before, *ell[len(ell) - extra :], *after)


def aligned(ctx: Context, value: ArrayView | Lazy, labels: tuple[str, ...], order: tuple[str, ...]) -> Lazy:
    """``value`` (its axes labelled ``labels``) indexed by every label of ``order``: extent 1
    where it lacks one; a repeated label reads its diagonal (the extents checked equal)."""
    lazy = as_lazy(value)
    first = {label: labels.index(label) for label in labels}
    for axis, label in enumerate(labels):
        if axis != first[label]:
            extent, other = lazy.shape[first[label]], lazy.shape[axis]
            message = f"dimensions in operand for collapsing index '{label}' don't match (%lld != %lld)"
            ctx.emit(ir.Check(E.compare("eq", extent, other), "ValueError", message, (extent, other)))
    at = {label: order.index(label) for label in labels}
    shape = tuple(lazy.shape[first[label]] if label in first else E.ONE for label in order)

    def element(idx: tuple[ir.Expr, ...]) -> ir.Expr:
        return lazy.element(tuple(idx[at[label]] for label in labels))

    return Lazy(lazy.dtype, shape, element, lazy.reads)


def einsum(ctx: Context, spec: Subscripts, operands: list[ArrayView | Lazy], dtype: str | None) -> Value:
    if dtype is not None:
        operands = [_cast(ctx, v, dtype) for v in operands]
    if len(operands) == 1 and not spec.summed and len(set(spec.inputs[0])) == len(spec.inputs[0]):
        return permuted(operands[0], tuple(spec.inputs[0].index(label) for label in spec.output))
    if not _is_matrix_product(spec, operands):
        return summed_product(ctx, spec, operands)
    # tensordot needs the shared extents equal; where one is 1 it broadcasts, as in NumPy's
    a, b = operands
    (left, right), shared = spec.inputs, spec.summed
    equal: ir.Expr = E.bool_true()
    for x in shared:
        equal = E.logical_and(equal, E.compare("eq", a.shape[left.index(x)], b.shape[right.index(x)]))
    if isinstance(equal, ir.Const) and equal.value:
        return _matrix_product(ctx, spec, a, b)
    extent = {x: v.shape[labels.index(x)] for v, labels in zip(operands, spec.inputs) for x in labels}
    out = new_array(ctx, "einsum", a.dtype, tuple(extent[x] for x in spec.output))
    with ctx.block() as fast:
        assign(ctx, out, _matrix_product(ctx, spec, a, b))
    with ctx.block() as general:
        assign(ctx, out, summed_product(ctx, spec, operands))
    ctx.emit(ir.If(equal, tuple(fast), tuple(general)))
    return out


def summed_product(
    ctx: Context, spec: Subscripts, operands: list[ArrayView | Lazy]
) -> Scalar | ArrayView | Lazy:
    """The operands aligned to every label, multiplied, the summed labels reduced."""
    order = (*spec.output, *spec.summed)
    lazies = [aligned(ctx, v, labels, order) for v, labels in zip(operands, spec.inputs)]
    whole: Lazy | Scalar = lazies[0]
    for other in lazies[1:]:
        whole = apply_ufunc(ctx, "multiply", [whole, other])
    if not spec.summed:
        return whole
    assert isinstance(whole, Lazy)  # a summed label is an axis of some operand
    axes = tuple(range(len(spec.output), len(order)))
    if whole.dtype == "bool":  # NumPy's einsum of booleans: is any product true
        return reduce(ctx, "any", whole, axis=axes)
    return reduce(ctx, "sum", whole, axis=axes, dtype=whole.dtype)


def _is_matrix_product(spec: Subscripts, operands: list[ArrayView | Lazy]) -> bool:
    """Two operands of one floating type, no repeated label, an output, and the labels they
    share exactly the summed ones: a ``tensordot`` over them, in the output's axis order."""
    if len(operands) != 2 or not spec.output or len({v.dtype for v in operands}) != 1:
        return False
    if operands[0].dtype not in ("float32", "float64", "complex64", "complex128"):
        return False
    left, right = spec.inputs
    if len(set(left)) != len(left) or len(set(right)) != len(right):
        return False
    return set(left) & set(right) == set(spec.summed) != set()


def _matrix_product(
    ctx: Context, spec: Subscripts, a: ArrayView | Lazy, b: ArrayView | Lazy
) -> ArrayView | Lazy:
    (left, right), shared = spec.inputs, spec.summed
    result = tensordot(ctx, a, b, [left.index(x) for x in shared], [right.index(x) for x in shared])
    assert isinstance(result, ArrayView | Lazy)  # the output has an axis
    free = [x for x in left if x not in shared] + [x for x in right if x not in shared]
    return permuted(result, tuple(free.index(label) for label in spec.output))


def _cast(ctx: Context, value: ArrayView | Lazy, dtype: str) -> ArrayView | Lazy:
    if not can_cast(value.dtype, dtype, "safe"):
        raise TypingError(
            f"Cannot cast array data from dtype('{value.dtype}') to dtype('{dtype}') according to "
            "the rule 'safe'",
            ctx.loc,
        )
    lazy, t = as_lazy(value), ScalarType(dtype)
    return Lazy(dtype, lazy.shape, lambda idx: E.cast(lazy.element(idx), t), lazy.reads)


def np_einsum(ctx: Context, args: list[Value], kwargs: dict[str, Value]) -> Value:
    unknown = [k for k in kwargs if k not in _KEYWORDS]
    if unknown:
        raise TypingError(f"einsum() got an unexpected keyword argument '{unknown[0]}'", ctx.loc)
    for key, default in (("casting", "safe"), ("order", "K")):
        if key in kwargs and not (isinstance(kwargs[key], Const) and kwargs[key].value == default):  # type: ignore[union-attr]
            raise UnsupportedError(f"einsum() with {key} other than {default!r}", ctx.loc)
    if not args or not isinstance(args[0], Const) or not isinstance(args[0].value, str):
        raise UnsupportedError("einsum() with subscripts other than a string known when compiling", ctx.loc)
    operands = [array_operand(ctx, v, "einsum") for v in args[1:]]
    spec = parse(ctx, args[0].value, [v.ndim for v in operands])
    dtype = dtype_arg(ctx, kwargs["dtype"]) if "dtype" in kwargs and not is_none(kwargs["dtype"]) else None
    return einsum(ctx, spec, operands, dtype)


def table() -> dict[object, Handler]:
    import numpy as np

    return {np.einsum: np_einsum}
