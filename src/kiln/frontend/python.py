"""Entry point of the Python frontend: a function + argument types -> IR function."""

from __future__ import annotations

import dataclasses
import inspect
import types

from kiln.errors import LocatedError, SourceLoc, UnsupportedError
from kiln.frontend.arguments import is_generator
from kiln.frontend.constants import check_constants_unwritten
from kiln.frontend.context import Context, TypeEnv
from kiln.frontend.loops import demote_unsafe_loops
from kiln.frontend.lower_stmts import Lowerer, Scope, check_returnable
from kiln.frontend.np_generator import generator_parameter
from kiln.frontend.recursion import Recursion
from kiln.frontend.source import ParsedFunction, parse_function
from kiln.frontend.values import Const, DictValue, RecordValue, Scalar, TupleValue, Value, whole_view
from kiln.ir import nodes as ir
from kiln.ir.types import INT64, ArrayType, ConstArg, ScalarType, TupleType
from kiln.options import Options

MAX_TYPE_ITERATIONS = 16


ArgType = ScalarType | ArrayType | ConstArg | TupleType


def lower_function(
    fn: types.FunctionType,
    arg_types: tuple[ArgType, ...],
    options: Options,
    kernel: object = None,
    nonneg: frozenset[int] = frozenset(),
    recursion: Recursion | None = None,
) -> ir.Function:
    """Lower ``fn`` specialized to ``arg_types`` (one per positional parameter); ``kernel`` is
    the launch configuration when ``fn`` is a CUDA-style kernel (see kiln.kernel); ``nonneg``
    the positions of integer arguments the caller guarantees are >= 0. ``recursion``: the
    helpers of the compile this is part of (a recursive function lowered as a helper); the
    function that starts a compile holds the helpers its recursive calls made."""
    parsed = parse_function(fn)
    _check_signature(parsed, len(arg_types))
    env = TypeEnv()
    helpers = Recursion(lower_function) if recursion is None else recursion
    for _ in range(MAX_TYPE_ITERATIONS):
        env.start_iteration()
        try:
            ctx, scope = _lower_once(parsed, arg_types, options, env, kernel, nonneg, helpers)
        except LocatedError:
            if env.settle_lists(finished=False):  # it may come of a list's element type
                continue
            raise
        if env.settle_lists(finished=True):
            continue
        for target, name, loc in ctx.pending_reads:
            if target not in env.types:
                raise UnsupportedError(f"local variable '{name}' is read but never assigned a value", loc)
        if not env.changed:
            built = _build(parsed, ctx, scope, arg_types)
            return built if recursion is not None else dataclasses.replace(built, helpers=helpers.functions())
    raise UnsupportedError("variable types did not settle", SourceLoc(parsed.filename, parsed.tree.lineno, 0))


def check_parameters(fn: types.FunctionType) -> None:
    """Refuse, located at the parameter, what kiln cannot take: run before the arguments are
    typed, so that ``*args`` is named as such and not as an argument of type tuple."""
    code = fn.__code__
    variadic = code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS)
    if variadic or code.co_kwonlyargcount or code.co_posonlyargcount:
        _check_signature(parse_function(fn), code.co_argcount)


def _check_signature(parsed: ParsedFunction, nargs: int) -> None:
    a = parsed.tree.args
    ctx = Context(TypeEnv(), Options(), parsed.filename, parsed.lines)
    refused = [
        (a.vararg, f"*{a.vararg.arg if a.vararg else ''} parameters (variadic positional arguments)"),
        (a.kwarg, f"**{a.kwarg.arg if a.kwarg else ''} parameters (variadic keyword arguments)"),
        (a.kwonlyargs[0] if a.kwonlyargs else None, "keyword-only parameters (after * or *args)"),
        (a.posonlyargs[0] if a.posonlyargs else None, "positional-only parameters (before /)"),
    ]
    for node, what in refused:
        if node is not None:
            raise UnsupportedError(f"{what} are not supported; list the parameters by name", ctx.loc_of(node))
    if nargs != len(a.args):
        raise TypeError(f"{parsed.fn.__name__}() takes {len(a.args)} arguments but {nargs} were given")


def param_name(name: str) -> str:
    return f"p_{name}"


def _lower_once(
    parsed: ParsedFunction,
    arg_types: tuple[ArgType, ...],
    options: Options,
    env: TypeEnv,
    kernel: object,
    nonneg: frozenset[int],
    recursion: Recursion,
) -> tuple[Context, Scope]:
    ctx = Context(env, options, parsed.filename, parsed.lines)
    ctx.kernel = kernel
    ctx.recursion = recursion
    ctx.loc = ctx.loc_of(parsed.tree)
    scope = Scope(parsed, prefix="u_")
    low = Lowerer(ctx, scope)
    for position, (arg, t) in enumerate(zip(parsed.tree.args.args, arg_types)):
        pname = param_name(arg.arg)
        if isinstance(t, ConstArg) and t.value is None:  # a compile-time constant: ``y is None`` folds
            low.bind_none_param(arg.arg)
            continue
        if isinstance(t, ConstArg | TupleType):  # a function or string the code is specialized on,
            value = _sequence_param(ctx, pname, t)  # or a tuple passed item by item
            if arg.arg in parsed.locals:
                low.bind(arg.arg, value)
            else:
                scope.names[arg.arg] = value
            continue
        ctx.declare(pname, t, arg.arg)
        value = whole_view(pname, t) if isinstance(t, ArrayType) else Scalar(ir.Var(pname, t))
        if isinstance(t, ArrayType):
            ctx.add_origins(pname, {f"param:{pname}"})
        if arg.arg in parsed.locals:
            low.bind(arg.arg, value)  # the body re-assigns it: give it a variable of its own
        else:
            scope.names[arg.arg] = value
            if isinstance(t, ScalarType) and (position in nonneg or t.kind == "u"):
                ctx.lower_bounds[pname] = 0  # never re-assigned: the bound holds throughout
                ctx.nonneg_params.append(pname)
    low.start_scope()
    low.lower_body(parsed.tree.body)
    if scope.ret_kind not in (None, "none"):
        ctx.emit(
            ir.Check(
                ir.Const(False, ScalarType("bool")),
                "RuntimeError",
                f"{parsed.fn.__name__}() reached its end without returning a value",
            )
        )
    return ctx, scope


def _sequence_param(ctx: Context, name: str, t: ConstArg | TupleType) -> Value:
    """A tuple parameter's value: its items are parameters ``name__0``, ``name__1`` ... (see
    ``_flat_params``), constants where they are compile-time ones."""
    if isinstance(t, ConstArg):
        return Const(t.value)
    if is_generator(t):
        leaf = f"{name}__0"
        ctx.declare(leaf, INT64, leaf.removeprefix("p_"))
        return generator_parameter(ir.Var(leaf, INT64))
    items: list[Value] = []
    for k, item in enumerate(t.items):
        leaf = f"{name}__{k}"
        if isinstance(item, ConstArg | TupleType):
            items.append(_sequence_param(ctx, leaf, item))
            continue
        assert isinstance(item, ScalarType | ArrayType)
        ctx.declare(leaf, item, leaf.removeprefix("p_"))
        if isinstance(item, ArrayType):
            ctx.add_origins(leaf, {f"param:{leaf}"})
            items.append(whole_view(leaf, item))
        else:
            items.append(Scalar(ir.Var(leaf, item)))
    if t.record is dict:
        return DictValue(t.names, tuple(items))
    if t.record is not None and not issubclass(t.record, tuple):
        return RecordValue(t.record, t.names, tuple(items))
    return TupleValue(tuple(items), t.is_list, t.names, t.record)


def _flat_params(name: str, t: ArgType) -> list[ir.Param]:
    """The parameters that stand for one argument: a tuple's items one by one, in order."""
    if not isinstance(t, TupleType):
        return [ir.Param(name, t)]
    return [p for k, item in enumerate(t.items) for p in _flat_params(f"{name}__{k}", item)]


def _build(parsed: ParsedFunction, ctx: Context, scope: Scope, arg_types: tuple[ArgType, ...]) -> ir.Function:
    check_returnable(scope.ret_kind, ctx.loc)
    check_constants_unwritten(ctx)
    params = tuple(
        p for a, t in zip(parsed.tree.args.args, arg_types) for p in _flat_params(param_name(a.arg), t)
    )
    param_names = {p.name for p in params}
    local_vars = tuple((n, t) for n, t in ctx.env.types.items() if n not in param_names)
    results = tuple(ctx.env.types[n] for n in scope.ret_names)
    written = set()
    for name in ctx.written_arrays:
        written |= {o.removeprefix("param:") for o in ctx.origins_of(name) if o.startswith("param:")}
    return ir.Function(
        name=parsed.fn.__name__,
        params=params,
        locals=local_vars,
        body=demote_unsafe_loops(ctx.top_block(), ctx.parallel_locals),
        results=results,
        result_is_tuple=bool(scope.ret_kind and scope.ret_kind.startswith(("tuple", "nested"))),
        loc=ctx.loc_of(parsed.tree),
        written_params=tuple(p.name for p in params if p.name in written),
        nonneg_params=tuple(ctx.nonneg_params),
        result_nesting=scope.ret_nesting if (scope.ret_kind or "").startswith("nested") else (),  # type: ignore[arg-type]
        list_results=scope.ret_lists or (),
        record_results=scope.ret_records,
    )
