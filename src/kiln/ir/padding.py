"""Per-worker copies that share no cache line.

kiln gives each OpenMP worker its own copy of a block's shared arrays, of local arrays and
slots, of privatized atomic targets (kernels) and of histogram sums (``np.histogram`` with
``parallel=True``), allocated as one C-ordered array ``[workers, ...]``.
Without a gap, the last cache line of one worker's copy is the first of the next worker's
whenever the copy's size is not a multiple of the line (or the allocation is not line-aligned):
both workers then write that line, and it moves between their cores on every write. Growing
each copy's first extent by enough rows to span FALSE_SHARING_GAP bytes keeps every index
valid and every line private.
"""

from __future__ import annotations

from kiln.ir import nodes as ir
from kiln.ir.types import INT64

FALSE_SHARING_GAP = 128  # bytes: a pair of 64-byte lines (the adjacent-line prefetcher)


def _i(v: int) -> ir.Const:
    return ir.Const(v, INT64)


def padded_copy_shape(shape: tuple[ir.Expr, ...], itemsize: int) -> tuple[ir.Expr, ...]:
    """One worker's copy of an array of ``shape``: the first extent grown by the rows that
    span FALSE_SHARING_GAP bytes (computed here for constant shapes, at run time otherwise)."""
    if not shape:
        return shape
    rest = shape[1:]
    if all(isinstance(e, ir.Const) for e in rest):
        row_bytes = itemsize
        for e in rest:
            row_bytes *= int(e.value)  # type: ignore[union-attr, arg-type]
        rows: ir.Expr = _i(-(-FALSE_SHARING_GAP // max(row_bytes, 1)))
    else:
        row: ir.Expr = _i(itemsize)
        for e in rest:
            row = ir.Binary("mul", row, e, INT64)
        row = ir.Binary("max", row, _i(1), INT64)
        rows = ir.Binary("floordiv", ir.Binary("add", row, _i(FALSE_SHARING_GAP - 1), INT64), row, INT64)
    return (ir.Binary("add", shape[0], rows, INT64), *rest)
