"""Recipes: transformations as data, replayable and checked for legality before each step.

A step is ``{transformation, target, params}`` where ``target`` names loops by their statement ids
(stable from the frontend, so a fresh IR of the same program has the same ids). Passes decide which
steps to take; a recipe saved as JSON replays the same steps without the passes' heuristics, which
is what an autotuner or transfer tuning needs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kiln.ir import nodes as ir


@dataclass(frozen=True)
class Step:
    transformation: str
    target: tuple[int, ...]
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "transformation": self.transformation,
            "target": list(self.target),
            "params": dict(self.params),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Step:
        return Step(
            str(data["transformation"]), tuple(int(t) for t in data["target"]), dict(data.get("params", {}))
        )


class IllegalStep(ValueError):
    """A step cannot be applied to this IR (its target is missing or the change would be wrong)."""


# legal(fn, step) returns None when the step may be applied, else the reason it may not.
Legality = Callable[[ir.Function, Step], str | None]
Apply = Callable[[ir.Function, Step], ir.Function]


@dataclass(frozen=True)
class Transformation:
    name: str
    legal: Legality
    apply: Apply


TRANSFORMATIONS: dict[str, Transformation] = {}


def register_transformation(name: str, legal: Legality, apply: Apply) -> None:
    TRANSFORMATIONS[name] = Transformation(name, legal, apply)


def apply_step(fn: ir.Function, step: Step) -> ir.Function:
    """Check the step's legality on ``fn`` and apply it; raises IllegalStep with the reason."""
    import kiln.transforms.passes  # noqa: F401  (registers the transformations)

    t = TRANSFORMATIONS.get(step.transformation)
    if t is None:
        raise IllegalStep(f"unknown transformation {step.transformation!r}")
    reason = t.legal(fn, step)
    if reason is not None:
        raise IllegalStep(f"{step.transformation} on loop(s) {list(step.target)}: {reason}")
    return t.apply(fn, step)


def replay(fn: ir.Function, steps: Sequence[Step]) -> ir.Function:
    for step in steps:
        fn = apply_step(fn, step)
    return fn


def dumps(steps: Sequence[Step]) -> str:
    return json.dumps({"kiln_recipe": 1, "steps": [s.to_json() for s in steps]}, indent=1)


def loads(text: str) -> list[Step]:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("kiln_recipe") != 1:
        raise ValueError("not a kiln recipe (expected an object with kiln_recipe: 1)")
    return [Step.from_json(s) for s in data["steps"]]


def find_loop(fn: ir.Function, sid: int) -> ir.For | None:
    from kiln.ir.visit import iter_stmts

    for s in iter_stmts(fn.body):
        if isinstance(s, ir.For) and s.sid == sid:
            return s
    return None
