"""The ``opt`` suite runs every case at quick sizes and validates each against NumPy."""

from __future__ import annotations

from kiln.bench.registry import get_suite
from kiln.bench.results import KILN, OK, RunConfig


def test_opt_suite_quick_run_validates_everything() -> None:
    cfg = RunConfig(repeat=1, quick=True, numba=False)
    results = [r for b in get_suite("opt").build() for r in b.run(cfg)]
    names = {"stream_triad", "stream_bandwidth", "gemm", "prange_norm_20000", "column_sweep"}
    assert {r.name for r in results} >= names
    assert all(r.status == OK for r in results), [r.error for r in results]
    assert all(r.median(KILN) is not None for r in results)
    bandwidth = next(r for r in results if r.name == "stream_bandwidth")
    assert bandwidth.notes["triad_GBps"] > 0 and bandwidth.notes["copy_GBps"] > 0
