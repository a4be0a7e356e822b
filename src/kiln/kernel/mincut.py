"""Which values to store across barriers and which to recompute: a minimum vertex cut.

Values form a graph: a recomputable value depends on its operands; a *root* (loaded from
memory, assigned more than once, ...) can only be stored. Every value needed after a barrier
must be stored or recomputed from stored values, so the stored set is a vertex cut between
the roots and the needed values; its minimum (by bytes) comes from a max-flow (Edmonds-Karp)
on the graph with each value split into an in- and an out-node joined by its size.
"""

from __future__ import annotations

from collections import deque

INF = 1 << 60


def min_store_set(
    sizes: dict[str, int], roots: set[str], deps: dict[str, set[str]], needed: set[str]
) -> set[str]:
    """The cheapest set of values to store. ``deps[v]``: the values a recomputable ``v`` is
    computed from (roots have no entry); every needed value must be stored or computable."""
    cap: dict[tuple[str, str], int] = {}
    adj: dict[str, set[str]] = {}

    def edge(a: str, b: str, c: int) -> None:
        cap[(a, b)] = cap.get((a, b), 0) + c
        cap.setdefault((b, a), 0)
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    for v, size in sizes.items():
        edge(f"in:{v}", f"out:{v}", size)
        if v in roots:
            edge("source", f"in:{v}", INF)
        for u in deps.get(v, ()):
            edge(f"out:{u}", f"in:{v}", INF)
        if v in needed:
            edge(f"out:{v}", "sink", INF)
    if "source" not in adj or "sink" not in adj:
        return set()
    while (path := _augmenting_path(adj, cap)) is not None:
        flow = min(cap[e] for e in path)
        for a, b in path:
            cap[(a, b)] -= flow
            cap[(b, a)] += flow
    reach = _reachable(adj, cap)
    return {v for v in sizes if f"in:{v}" in reach and f"out:{v}" not in reach}


def _augmenting_path(
    adj: dict[str, set[str]], cap: dict[tuple[str, str], int]
) -> list[tuple[str, str]] | None:
    parent: dict[str, str] = {"source": ""}
    queue = deque(["source"])
    while queue:
        a = queue.popleft()
        for b in sorted(adj.get(a, ())):
            if b not in parent and cap[(a, b)] > 0:
                parent[b] = a
                if b == "sink":
                    path = []
                    while b != "source":
                        path.append((parent[b], b))
                        b = parent[b]
                    return path[::-1]
                queue.append(b)
    return None


def _reachable(adj: dict[str, set[str]], cap: dict[tuple[str, str], int]) -> set[str]:
    seen = {"source"}
    queue = deque(["source"])
    while queue:
        a = queue.popleft()
        for b in adj.get(a, ()):
            if b not in seen and cap[(a, b)] > 0:
                seen.add(b)
                queue.append(b)
    return seen
