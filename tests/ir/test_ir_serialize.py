"""kiln.ir.serialize: exact JSON round trips, locations included."""

from __future__ import annotations

import json
import math

import pytest
from ir_samples import ALL_SAMPLES, C128, checked_get, scalar_ops

from kiln.errors import SourceLoc
from kiln.ir.nodes import Assign, Const, Function, Return
from kiln.ir.printer import print_function
from kiln.ir.serialize import dumps, function_from_json, function_to_json, loads
from kiln.ir.types import FLOAT64, PY_COMPLEX


@pytest.mark.parametrize("make", ALL_SAMPLES, ids=lambda m: m.__name__)
def test_round_trip(make) -> None:
    fn = make()
    assert function_from_json(function_to_json(fn)) == fn
    assert loads(dumps(fn)) == fn
    assert loads(dumps(fn, indent=2)) == fn


def test_locations_survive() -> None:
    fn = checked_get()
    back = loads(dumps(fn))
    assert back.loc == SourceLoc("get.py", 1, 0)
    assert back.body[1].loc == SourceLoc("get.py", 3, 11, "    return a[k]")


def test_output_is_strict_json_with_tagged_specials() -> None:
    text = dumps(scalar_ops())
    json.loads(text, parse_constant=lambda name: pytest.fail(f"non-standard JSON constant {name}"))
    assert '{"float": "nan"}' in text
    assert '{"complex": [1.5, -0.0]}' in text
    assert '{"float": "-inf"}' in text


def special_fn(values: list[complex]) -> Function:
    body = tuple(Assign("z", Const(value, PY_COMPLEX), sid=i + 1) for i, value in enumerate(values))
    return Function("specials", (), (("z", C128),), body + (Return((), sid=len(values) + 1),))


def test_special_floats_exactly() -> None:
    values = [
        complex(math.nan, -math.inf),
        complex(-math.nan, 0.0),
        complex(-0.0, -0.0),
        complex(5e-324, 1.7976931348623157e308),
    ]
    back = loads(dumps(special_fn(values)))
    for stmt, want in zip(back.body, values):
        got = stmt.value.value
        assert isinstance(got, complex)
        for g, w in ((got.real, want.real), (got.imag, want.imag)):
            assert (math.isnan(g) and math.isnan(w)) or g == w
            assert math.copysign(1, g) == math.copysign(1, w)
    # floats stay floats, ints stay ints
    fn = Function("k", (), (("x", FLOAT64),), (Assign("x", Const(1, FLOAT64), sid=1), Return((), sid=2)))
    assert type(loads(dumps(fn)).body[0].value.value) is int
    fn2 = Function("k", (), (("x", FLOAT64),), (Assign("x", Const(1.0, FLOAT64), sid=1), Return((), sid=2)))
    assert type(loads(dumps(fn2)).body[0].value.value) is float


def test_json_and_text_agree() -> None:
    for make in ALL_SAMPLES:
        fn = make()
        assert print_function(loads(dumps(fn)), with_locs=True) == print_function(fn, with_locs=True)


def test_rejects_foreign_json() -> None:
    with pytest.raises(ValueError, match="not kiln IR"):
        function_from_json({"format": "other", "version": 1, "function": {}})
    bad = function_to_json(checked_get())
    bad["function"]["body"][0]["node"] = "Frobnicate"
    with pytest.raises(ValueError, match="unknown IR node"):
        function_from_json(bad)
