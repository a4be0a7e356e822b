"""The runner: kernels are validated before timing, failures become FAIL rows, the run goes on."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.bench import cases, core, kernels
from kiln.bench.cases import KernelCase
from kiln.bench.probes import CallOverheadCase, PeakMemoryCase
from kiln.bench.registry import Suite, get_suite, register_suite, suite_names
from kiln.bench.report import bench_report, geomean_speedups
from kiln.bench.results import BASELINE, FAIL, KILN, NUMBA, OK, Result, RunConfig
from kiln.bench.runner import SCHEMA, payload, run_benchmarks, select

QUICK = RunConfig(repeat=2, quick=True, numba=False)


def scale(x):
    return 2.0 * x


def with_try(x):
    try:
        y = x + 1.0
    except:  # noqa: E722 -- a form compiled code refuses
        y = x
    return y


def bad_reference(x):
    return x[10]


def _vector(rng: np.random.Generator, n: int) -> tuple[Any, ...]:
    return (rng.random(n),)


SCALE = KernelCase("scale", scale, _vector, 10, 5)


def test_a_good_kernel_is_validated_and_timed() -> None:
    (r,) = SCALE.run(QUICK)
    assert r.status == OK and r.error is None
    assert set(r.measurements) == {BASELINE, KILN}
    assert len(r.measurements[KILN].samples) == 2 and r.measurements[KILN].unit == "s"
    assert r.first_call_s[KILN] > 0 and r.speedup(KILN) is not None
    assert r.size == "n=5"


def test_a_kernel_kiln_cannot_compile_is_a_fail_with_the_located_error() -> None:
    (r,) = KernelCase("with_try", with_try, _vector, 10, 5).run(QUICK)
    assert r.status == FAIL and r.measurements == {}
    assert "UnsupportedError" in r.error and "test_bench_runner.py" in r.error


def test_a_wrong_result_is_a_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cases, "kiln_version", lambda func, cfg: lambda x: 3.0 * x)
    (r,) = SCALE.run(QUICK)
    assert r.status == FAIL and r.error.startswith("wrong result:") and "values differ" in r.error


def test_a_missing_in_place_update_is_a_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_op(path: np.ndarray) -> None:
        return None

    monkeypatch.setattr(cases, "kiln_version", lambda func, cfg: no_op)
    (r,) = core.DEMO_CASES[2].run(QUICK)  # floyd_warshall writes its argument
    assert r.name == "floyd_warshall" and r.status == FAIL
    assert "argument 0 after the call" in r.error


def test_a_wrong_dtype_is_a_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cases, "kiln_version", lambda func, cfg: lambda x: (2.0 * x).astype(np.float32))
    (r,) = SCALE.run(QUICK)
    assert r.status == FAIL and "dtype float32, expected float64" in r.error


def test_a_failing_reference_is_reported_not_raised() -> None:
    (r,) = KernelCase("bad_reference", bad_reference, _vector, 3, 3).run(QUICK)
    assert r.status == FAIL and "reference" in r.error and "IndexError" in r.error


def test_numba_failures_are_notes_not_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_numba(x: np.ndarray) -> np.ndarray:
        raise TypeError("numba could not type this")

    monkeypatch.setattr(cases, "numba_version", lambda func, cfg: broken_numba)
    (r,) = SCALE.run(QUICK)
    assert r.status == OK and NUMBA not in r.measurements
    assert "numba could not type this" in r.notes["numba_error"]


def test_a_working_peer_gets_its_own_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cases, "numba_version", lambda func, cfg: func)  # stands in for numba.njit
    (r,) = SCALE.run(QUICK)
    assert set(r.measurements) == {BASELINE, KILN, NUMBA} and r.speedup(NUMBA) is not None
    assert "numba median" in bench_report([r], numba=True)


def test_one_failure_does_not_stop_the_others() -> None:
    progress: list[str] = []
    benches = [KernelCase("with_try", with_try, _vector, 10, 5), SCALE]
    results = run_benchmarks(benches, QUICK, progress.append)
    assert [r.status for r in results] == [FAIL, OK]
    assert len(progress) == 2 and "FAIL" in progress[0] and progress[1].startswith("[2/2] scale: ok")


def test_an_exception_escaping_a_benchmark_becomes_a_fail_row() -> None:
    class Exploding:
        name = "exploding"
        section = "kernels"

        def run(self, cfg: RunConfig) -> list[Result]:
            raise RuntimeError("boom")

    (r,) = run_benchmarks([Exploding()], QUICK)
    assert r.status == FAIL and r.error == "RuntimeError: boom"


def test_call_overhead_reports_seconds_per_call() -> None:
    case = CallOverheadCase("overhead", kernels.add_one, lambda rng, n: (1.0,), calls=10, quick_calls=7)
    (r,) = case.run(QUICK)
    assert r.status == OK and r.size == "7 calls" and r.baseline == "Python"
    assert r.measurements[KILN].unit == "s/call" and len(r.measurements[KILN].samples) == 2


def test_peak_memory_sees_the_result_of_both_versions() -> None:
    case = PeakMemoryCase(
        "mem", kernels.axpy_sqrt, lambda rng, n: (1.5, rng.random(n), rng.random(n)), 0, 4096
    )
    (r,) = case.run(QUICK)
    assert r.status == OK and r.measurements[KILN].unit == "B"
    nbytes = 4096 * 8
    assert r.notes["result_bytes"] == nbytes
    # tracemalloc sees NumPy's buffers and the arrays kiln allocates through NumPy alike.
    assert r.median(BASELINE) >= nbytes and r.median(KILN) >= nbytes


def test_select_filters_by_substring_case_insensitively() -> None:
    benches = core.core_benchmarks()
    assert [b.name for b in select(benches, ["SOFTMAX"])] == ["softmax"]
    assert {b.name for b in select(benches, ["axpy", "horner"])} == {
        "axpy_sqrt",
        "memory_axpy_sqrt",
        "horner",
    }
    assert select(benches, []) == benches


def test_core_suite_is_registered_and_has_the_demo_kernels() -> None:
    assert "core" in suite_names()
    names = [b.name for b in get_suite("core").build()]
    assert len(names) == len(set(names))
    for case in core.DEMO_CASES:
        assert case.name in names and getattr(kernels, case.name) is case.func
    with pytest.raises(ValueError, match="unknown benchmark suite 'nope'"):
        get_suite("nope")


def test_every_kernel_stays_a_plain_function() -> None:
    for case in (*core.DEMO_CASES, *core.MORE_CASES):
        assert not isinstance(case.func, kiln.JitFunction)
        assert case.baseline in ("NumPy", "Python")


def test_a_registered_suite_runs_and_its_payload_is_json() -> None:
    suite = register_suite(Suite("test-tiny", "for tests", lambda: [SCALE]))
    results = run_benchmarks(suite.build(), QUICK)
    data = json.loads(json.dumps(payload(suite, QUICK, ["scale"], results)))
    assert data["schema"] == SCHEMA and data["suite"] == "test-tiny"
    assert data["config"]["filters"] == ["scale"] and data["config"]["repeat"] == 2
    summary = data["summary"]
    assert (summary["results"], summary["ok"], summary["failed"]) == (1, 1, [])
    # A geometric mean of one value is that value, up to the rounding of exp(log(x)).
    assert summary["geomean_speedup"]["kiln"] == pytest.approx(results[0].speedup(KILN), rel=1e-12)
    assert summary["geomean_speedup"]["numba"] is None


def test_geomean_speedup() -> None:
    rows = []
    for name, base, fast in (("a", 4.0, 1.0), ("b", 1.0, 1.0)):
        r = Result(name, "kernels", "", "NumPy")
        r.measurements[BASELINE] = _measure([base])
        r.measurements[KILN] = _measure([fast])
        rows.append(r)
    assert geomean_speedups(rows)["kiln"] == pytest.approx(2.0)
    assert geomean_speedups(rows)["numba"] is None


def _measure(samples: list[float]) -> Any:
    from kiln.bench.results import Measurement

    return Measurement(samples, "s")
