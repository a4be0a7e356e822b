"""The probes scaling benchmarks record beside their measurements: each returns a positive ratio
and leave kiln's thread count as they found it."""

from __future__ import annotations

import kiln
from kiln.bench.core_probe import cores_there, probe_memory, probe_scaling, probe_throughput


def test_probes_restore_the_thread_count() -> None:
    before = kiln.get_num_threads()
    kiln.set_num_threads(1)
    try:
        assert probe_scaling(2) > 0
        assert probe_memory(2) > 0
        assert probe_throughput(2) > 0
        assert all(p > 0 for p in cores_there(2))
        assert kiln.get_num_threads() == 1
    finally:
        kiln.set_num_threads(before)
