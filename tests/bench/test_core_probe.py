"""The probes scaling benchmarks record beside their measurements: both return a positive ratio
and leave kiln's thread count as they found it."""

from __future__ import annotations

import kiln
from kiln.bench.core_probe import probe_memory, probe_scaling


def test_probes_restore_the_thread_count() -> None:
    before = kiln.get_num_threads()
    kiln.set_num_threads(1)
    try:
        assert probe_scaling(2) > 0
        assert probe_memory(2) > 0
        assert kiln.get_num_threads() == 1
    finally:
        kiln.set_num_threads(before)
