"""Attributes of records passed as arguments (NamedTuple and dataclass instances): fields are
the values passed, methods and properties are the class's Python functions inlined with the
record as ``self``, other class attributes are compile-time constants."""

from __future__ import annotations

import dataclasses
import inspect
import types
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiln.errors import TypingError, UnsupportedError
from kiln.frontend.context import Context
from kiln.frontend.values import Const, RecordValue, TupleValue, Value

if TYPE_CHECKING:
    from kiln.frontend.lower_exprs import ExprLowering


@dataclass(frozen=True)
class RecordMethod:
    """``record.method``: called, it is the method inlined with ``self`` bound to the record."""

    func: types.FunctionType
    receiver: TupleValue | RecordValue


def record_attribute(lower: ExprLowering, value: TupleValue | RecordValue, attr: str) -> Value:
    from kiln.frontend.dispatch_call import inline_call
    from kiln.frontend.lower_exprs import python_constant

    ctx = lower.ctx
    if attr in value.names:
        return value.items[value.names.index(attr)]
    cls = value.record
    assert cls is not None
    try:
        member = inspect.getattr_static(cls, attr)
    except AttributeError:
        raise TypingError(f"'{cls.__name__}' object has no attribute '{attr}'", ctx.loc) from None
    if isinstance(member, property):
        if member.fget is None or not isinstance(member.fget, types.FunctionType):
            raise UnsupportedError(f"property '{attr}' of {cls.__name__}", ctx.loc)
        return inline_call(lower, member.fget, [value], {})  # type: ignore[arg-type]
    if isinstance(member, staticmethod):
        return python_constant(member.__func__, ctx)
    if isinstance(member, types.FunctionType):
        return Const(RecordMethod(member, value))
    if isinstance(member, classmethod):
        raise UnsupportedError(f"class method '{attr}' of {cls.__name__}", ctx.loc)
    return python_constant(getattr(cls, attr), ctx)


def construct(ctx: Context, cls: type, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """``Cls(...)`` for a NamedTuple or dataclass ``cls``: the fields bound as Python binds them
    (positional, by keyword, defaults); None for any other class."""
    from kiln.frontend.lower_exprs import python_constant

    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        names, method = tuple(cls._fields), "__new__"
        defaults: dict[str, object] = dict(getattr(cls, "_field_defaults", {}))
    elif dataclasses.is_dataclass(cls):
        names, method = _dataclass_fields(ctx, cls), "__init__"
        defaults = _dataclass_defaults(cls)
    else:
        return None
    shown = f"{cls.__name__}.{method}()"
    if len(args) > len(names):
        raise TypingError(
            f"{shown} takes {len(names) + 1} positional arguments but {len(args) + 1} were given", ctx.loc
        )
    bound = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise TypingError(f"{shown} got an unexpected keyword argument '{key}'", ctx.loc)
        if key in bound:
            raise TypingError(f"{shown} got multiple values for argument '{key}'", ctx.loc)
        bound[key] = value
    missing = [n for n in names if n not in bound and n not in defaults]
    if missing:
        raise TypingError(
            f"{shown} missing {len(missing)} required positional argument(s): {missing}", ctx.loc
        )
    items = tuple(bound[n] if n in bound else python_constant(defaults[n], ctx) for n in names)
    if method == "__new__":
        return TupleValue(items, names=names, record=cls)
    return RecordValue(cls, names, items)


def _dataclass_fields(ctx: Context, cls: type) -> tuple[str, ...]:
    """The fields a dataclass's generated ``__init__`` takes, in order; refused where making
    one runs code of the class's own (``__post_init__``, a hand-written ``__init__``)."""
    params = getattr(cls, "__dataclass_params__", None)
    fields = dataclasses.fields(cls)
    if not getattr(params, "init", False) or hasattr(cls, "__post_init__") or any(not f.init for f in fields):
        raise UnsupportedError(
            f"making a {cls.__name__} in compiled code (its __init__ or __post_init__ is the class's own)",
            ctx.loc,
        )
    if any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise UnsupportedError(f"making a {cls.__name__} whose fields have a default_factory", ctx.loc)
    return tuple(f.name for f in fields)


def _dataclass_defaults(cls: type) -> dict[str, object]:
    return {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}
