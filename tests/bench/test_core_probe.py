"""The probes scaling benchmarks record beside their measurements: each returns a positive ratio
and leaves kiln's thread count as it found it; the cores count as present only when every probe
scales."""

from __future__ import annotations

import kiln
from kiln.bench.core_probe import (
    CORES_PRESENT,
    all_present,
    cores_there,
    probe_memory,
    probe_scaling,
    probe_throughput,
)


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


def test_the_cores_count_as_present_only_when_every_probe_scales() -> None:
    assert all_present((1.95, 1.85))
    assert all_present((CORES_PRESENT, CORES_PRESENT))
    assert not all_present((1.98, 1.07))  # two threads on one physical core: the throughput probe
    assert not all_present((0.99, 1.9))
