"""Attributes of records passed as arguments (NamedTuple and dataclass instances): fields are
the values passed, methods and properties are the class's Python functions inlined with the
record as ``self``, other class attributes are compile-time constants."""

from __future__ import annotations

import inspect
import types
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiln.errors import TypingError, UnsupportedError
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
