"""Which values to store across barriers and which to recompute: a minimum vertex cut.

Values form a graph: a recomputable value depends on its operands; a *root* (loaded from
memory, assigned more than once, ...) can only be stored. Every value needed after a barrier
must be stored or recomputed from stored values, so the stored set is a vertex cut between
the roots and the needed values; its minimum (by bytes) comes from a max-flow (Edmonds-Karp)
on the graph with each value split into an in- and an out-node joined by its size.
"""

from __future__ import annotations

from kiln.analysis.maxflow import INF, MaxFlow


def min_store_set(
    sizes: dict[str, int], roots: set[str], deps: dict[str, set[str]], needed: set[str]
) -> set[str]:
    """The cheapest set of values to store. ``deps[v]``: the values a recomputable ``v`` is
    computed from (roots have no entry); every needed value must be stored or computable."""
    flow = MaxFlow()
    for v, size in sizes.items():
        flow.edge(f"in:{v}", f"out:{v}", size)
        if v in roots:
            flow.edge("source", f"in:{v}", INF)
        for u in deps.get(v, ()):
            flow.edge(f"out:{u}", f"in:{v}", INF)
        if v in needed:
            flow.edge(f"out:{v}", "sink", INF)
    if "source" not in flow.cap or "sink" not in flow.cap:
        return set()
    reach = flow.source_side("source", "sink")
    return {v for v in sizes if f"in:{v}" in reach and f"out:{v}" not in reach}
