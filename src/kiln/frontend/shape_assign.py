"""``a.shape = (n, m)``: re-shaping an array object in place.

NumPy changes the object itself, so every name bound to that same object sees the
new shape, while views (other objects) keep theirs. kiln tracks values, not
objects, so it accepts the statement only where the name is provably the
object's one reference: a local (not a parameter: the caller holds the argument)
bound only to freshly made arrays, never copied to another name, packed into a
tuple, or handed to a call that may return it. Then the statement is
``a = a.reshape(n, m)`` on a C-contiguous array (a view, as NumPy's is).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

import numpy as np

from kiln.errors import UnsupportedError
from kiln.frontend import exprs as E
from kiln.frontend.callargs import shape_arg
from kiln.frontend.context import Context
from kiln.frontend.numpy_ops import reshape
from kiln.frontend.source import ParsedFunction
from kiln.frontend.values import ArrayView, Value, whole_view
from kiln.frontend.views import bind_view, infer_layout
from kiln.ir import nodes as ir
from kiln.ir.types import ArrayType

if TYPE_CHECKING:
    from kiln.frontend.lower_stmts import Lowerer

_HINT = "re-bind the name instead: a = a.reshape(...)"
# NumPy functions that may return their argument itself rather than a new array
_RETURNS_ARGUMENT = {"asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "require", "array"}


def assign_shape(low: Lowerer, target: ast.Attribute, value: Value) -> None:
    ctx = low.ctx
    if not isinstance(target.value, ast.Name):
        raise UnsupportedError("assigning the .shape of anything but a local name", ctx.loc, hint=_HINT)
    name = target.value.id
    why = _may_be_shared(low.scope.parsed, name)
    if why:
        raise UnsupportedError(f"assigning '{name}.shape' where {why}", ctx.loc, hint=_HINT)
    current = low.lookup(name, target.value)
    if not isinstance(current, ArrayView):
        raise UnsupportedError(f"assigning the .shape of '{name}', which is not an array", ctx.loc)
    if infer_layout(current) != "C":
        current = _checked_contiguous(ctx, current)
    low.bind(name, reshape(ctx, current, shape_arg(ctx, value)))


def _checked_contiguous(ctx: Context, view: ArrayView) -> ArrayView:
    """``view``, checked at run time to be C-contiguous as NumPy requires of a ``.shape`` change
    (it cannot be proven here, e.g. a row of an unpacked array with symbolic extents)."""
    bound = bind_view(ctx, view)
    expected: ir.Expr = E.ONE
    ok: ir.Expr | None = None
    for axis in reversed(range(bound.ndim)):
        extent = ir.Dim(bound.base, axis)
        # an axis of extent 1 may have any stride, as in NumPy's contiguity flags
        unit = E.compare("eq", extent, E.ONE)
        good = ir.Binary("or", unit, E.compare("eq", ir.Stride(bound.base, axis), expected), unit.type)
        ok = good if ok is None else E.logical_and(ok, good)
        expected = E.mul(expected, extent)
    if ok is not None:
        message = "Incompatible shape for in-place modification. Use `.reshape()` to make a copy"
        message += " with the desired shape."
        ctx.emit(ir.Check(ok, "AttributeError", message))
    # Past the check the memory is C-ordered: say so, so that the reshape is a view, not a copy
    # (extents of 1 may have had any stride; the C-ordered ones describe the same elements).
    name = ctx.fresh("contig")
    t = ArrayType(bound.dtype, bound.ndim, "C")
    ctx.declare(name, t)
    ctx.add_origins(name, ctx.origins_of(bound.base))
    shape = tuple(ir.Dim(bound.base, k) for k in range(bound.ndim))
    strides: list[ir.Expr] = []
    step: ir.Expr = E.ONE
    for extent in reversed(shape):
        strides.insert(0, step)
        step = E.mul(step, extent)
    ctx.emit(ir.View(name, bound.base, E.ZERO, shape, tuple(strides)))
    return whole_view(name, t, view.shape)


def _may_be_shared(parsed: ParsedFunction, name: str) -> str:
    """Why another reference to ``name``'s array may exist ('' when none can)."""
    tree = parsed.tree
    if name not in parsed.locals:
        return f"'{name}' is not a local variable"
    if any(a.arg == name for a in tree.args.args):
        return f"'{name}' is a parameter (the caller's array would change shape)"
    parents = {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        parent = parents.get(id(node))
        if isinstance(node.ctx, ast.Store):
            if isinstance(parent, ast.AugAssign):
                continue  # ``a += b`` keeps the object
            if not _bound_fresh(parsed, node, parent, parents.get(id(parent))):
                return f"'{name}' is bound to something that may be another name's array (line {node.lineno})"
        elif _escapes(parsed, node, parent, parents.get(id(parent))):
            return f"'{name}' may be shared with another name (line {node.lineno})"
    return ""


def _bound_fresh(
    parsed: ParsedFunction, node: ast.Name, parent: ast.AST | None, grand: ast.AST | None
) -> bool:
    """Whether this binding of the name (``a = ...`` or ``a, b = ...``) is to a new array."""
    if isinstance(parent, ast.Assign) and node in parent.targets:
        return _fresh(parsed, parent.value)
    if not (
        isinstance(parent, ast.Tuple | ast.List) and isinstance(grand, ast.Assign) and parent in grand.targets
    ):
        return False
    if isinstance(grand.value, ast.Tuple | ast.List):  # ``a, b = x + 1, y``: the matching item
        items = grand.value.elts
        k = parent.elts.index(node)
        return len(items) == len(parent.elts) and _fresh(parsed, items[k])
    return _fresh(parsed, grand.value)  # ``xs, ys = np.mgrid[...]``: unpacking a new array


def _fresh(parsed: ParsedFunction, value: ast.expr) -> bool:
    """Whether ``value`` always makes a new array object."""
    if isinstance(value, ast.BinOp | ast.UnaryOp | ast.Compare):
        return True
    if isinstance(value, ast.Subscript):  # a view; but ``t[0]`` may be an item of a tuple
        return not isinstance(value.slice, ast.Constant | ast.UnaryOp)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        if value.func.attr in _RETURNS_ARGUMENT or any(k.arg == "out" for k in value.keywords):
            return False
        func = _resolve(parsed, value.func)
        return not (isinstance(func, np.ufunc) and len(value.args) > func.nin)  # positional out
    return False


def _escapes(parsed: ParsedFunction, node: ast.Name, parent: ast.AST | None, grand: ast.AST | None) -> bool:
    """Whether this read of the name may hand its array object to another reference
    (returning it, alone or in a tuple, ends the function's use of it)."""
    if isinstance(parent, ast.Tuple) and isinstance(grand, ast.Return):
        return False
    if isinstance(parent, ast.Assign | ast.AnnAssign | ast.NamedExpr | ast.IfExp | ast.BoolOp):
        return True
    if isinstance(parent, ast.Tuple | ast.List | ast.Set | ast.Dict | ast.Starred | ast.keyword):
        return True
    if isinstance(parent, ast.For | ast.comprehension):
        return parent.iter is not node  # iterating makes views
    if isinstance(parent, ast.Call) and node in parent.args:
        func = _resolve(parsed, parent.func)
        if isinstance(func, np.ufunc) and parent.args.index(node) < func.nin:
            return False  # a ufunc's input: the result is new or its ``out``, never the input
        return not _fresh(parsed, parent)
    return False


def _resolve(parsed: ParsedFunction, func: ast.expr) -> object:
    """The object ``np.add`` (a dotted name rooted at a global) names, or None."""
    if isinstance(func, ast.Name):
        return parsed.resolve_global(func.id)[1] if func.id not in parsed.locals else None
    if isinstance(func, ast.Attribute):
        return getattr(_resolve(parsed, func.value), func.attr, None)
    return None
