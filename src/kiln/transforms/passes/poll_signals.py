"""Mark the loops that poll for Python's pending signals, so that Ctrl-C and ``signal.alarm``
handlers reach compiled code that runs long.

- A ``while`` loop may never end: it polls.
- A ``for`` loop that holds loops and lies in no polling ``for`` loop polls: a time loop of long
  sweeps answers within a sweep. Loops inside it do not: in a triple nest, the middle loop's
  polls would cost a counter per row for nothing the outer loop does not already give.
- Innermost ``for`` loops end after their trip count and are the ones that vectorize: left alone.

``poll`` is the interval a loop starts with; the generated code then adapts it to the length of
the loop's iterations, so that a poll comes every millisecond or so (prelude ``kiln_poller``).

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
    defaults={"enabled": True},
    description="mark while loops and the outer loops of nests to poll for pending signals",
)
def poll_signals(fn: ir.Function, ctx: PassContext) -> ir.Function:
    if not ctx.params["enabled"]:
        return fn
    return dataclasses.replace(fn, body=_mark_body(fn.body, polled=False))


def _mark_body(body: tuple[ir.Stmt, ...], polled: bool) -> tuple[ir.Stmt, ...]:
    return tuple(_mark(s, polled) for s in body)


def _mark(s: ir.Stmt, polled: bool) -> ir.Stmt:
    poll = 0
    if isinstance(s, ir.While) or (isinstance(s, ir.For) and not polled and _holds_loop(s)):
        poll = 1
    # a while loop's iterations may each run a long nest: only a polling for loop covers its inner loops
    covered = polled or (poll > 0 and isinstance(s, ir.For))
    inner = tuple(_mark_body(b, covered) for b in bodies(s))
    s = replace_body(s, *inner) if inner else s
    return dataclasses.replace(s, poll=poll) if poll and isinstance(s, ir.For | ir.While) else s


def _holds_loop(s: ir.Stmt) -> bool:
    return any(isinstance(inner, ir.For | ir.While) for body in bodies(s) for inner in iter_stmts(body))
