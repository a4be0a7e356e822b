"""Minimum cuts by maximum flow (Edmonds-Karp), for the store-or-recompute decisions of kernels
(values kept across barriers) and of reverse mode (values kept on tapes). The graphs are small:
a loop body's or a kernel's values, tens of nodes.

The source side returned is the set of nodes reachable from the source in the residual graph of
a maximum flow; every maximum flow leaves the same set, so the cut does not depend on the order
in which augmenting paths are found."""

from __future__ import annotations

from collections import deque

INF = float("inf")


class MaxFlow:
    def __init__(self) -> None:
        self.cap: dict[str, dict[str, float]] = {}

    def edge(self, a: str, b: str, c: float) -> None:
        """Add capacity ``c`` from ``a`` to ``b`` (parallel edges add up)."""
        self.cap.setdefault(a, {})
        self.cap.setdefault(b, {})
        self.cap[a][b] = self.cap[a].get(b, 0.0) + c
        self.cap[b].setdefault(a, 0.0)

    def source_side(self, s: str, t: str) -> set[str]:
        """Run the flow to completion; the nodes still reachable from ``s`` in the residual."""
        while True:
            parent = self._bfs(s)
            if t not in parent:
                return set(parent)
            path, v = [], t
            while v != s:
                path.append((parent[v], v))
                v = parent[v]
            push = min(self.cap[a][b] for a, b in path)
            if push == INF:
                raise ValueError("no finite cut between source and sink")
            for a, b in path:
                self.cap[a][b] -= push
                self.cap[b][a] += push

    def _bfs(self, s: str) -> dict[str, str]:
        parent = {s: s}
        queue = deque([s])
        while queue:
            a = queue.popleft()
            for b, c in self.cap.get(a, {}).items():
                if c > 1e-12 and b not in parent:
                    parent[b] = a
                    queue.append(b)
        return parent
