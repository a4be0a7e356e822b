"""Mark the loops that poll for Python's pending signals, so that Ctrl-C and ``signal.alarm``
handlers reach compiled code that runs long.

- A ``while`` loop may never end: it polls, every iteration when it holds a loop and every
  ``every`` iterations (a counter) when its body is straight-line code.
- A ``for`` loop that holds loops and lies in no polling ``for`` loop polls every iteration: its
  iterations each run a nest, so one call per iteration costs little, and a time loop of long
  sweeps still answers within a sweep. Loops inside it do not poll: in a triple nest, polling
  the middle loop would cost a call per row.
- Innermost ``for`` loops end after their trip count and are the ones that vectorize: left alone.

Last in the pipeline: the marks change no nest's shape, and no other pass must keep them.
"""

from __future__ import annotations

import dataclasses

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies, iter_stmts, replace_body
from kiln.transforms.pass_manager import PassContext, register


@register(
    "poll_signals",
    preserves=frozenset({"*"}),
    defaults={"enabled": True, "every": 1024},
    description="mark while loops and the outer loops of nests to poll for pending signals",
)
def poll_signals(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if not ctx.params["enabled"]:
        return fn
    return dataclasses.replace(fn, body=_mark_body(fn.body, int(ctx.params["every"]), polled=False))


def _mark_body(body: tuple[ir.Stmt, ...], every: int, polled: bool) -> tuple[ir.Stmt, ...]:
    return tuple(_mark(s, every, polled) for s in body)


def _mark(s: ir.Stmt, every: int, polled: bool) -> ir.Stmt:
    poll = 0
    if isinstance(s, ir.While):
        poll = 1 if _holds_loop(s) else every
    elif isinstance(s, ir.For) and not polled and _holds_loop(s):
        poll = 1
    # a while loop's iterations may each run a long nest: only a polling for loop covers its inner loops
    covered = polled or (poll > 0 and isinstance(s, ir.For))
    inner = tuple(_mark_body(b, every, covered) for b in bodies(s))
    s = replace_body(s, *inner) if inner else s
    return dataclasses.replace(s, poll=poll) if poll else s  # type: ignore[type-var]


def _holds_loop(s: ir.Stmt) -> bool:
    return any(isinstance(inner, ir.For | ir.While) for body in bodies(s) for inner in iter_stmts(body))
