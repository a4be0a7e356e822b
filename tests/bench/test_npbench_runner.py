"""The NPBench runner on a toy checkout laid out like NPBench: validation, isolation, reporting."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kiln.bench import npbench, npbench_child
from kiln.bench.npbench_child import conditioning_note, one_ulp_up, validate
from kiln.cli import main

KERNELS = {
    "scale": (
        "def kernel(alpha, A, B):\n    B[:] = alpha * A\n    return A.sum()\n",
        {"input_args": ["alpha", "A", "B"], "array_args": ["A", "B"], "output_args": ["B"]},
    ),
    "unsupported": (
        "def kernel(A):\n    return np.piecewise(A, [A > 0], [1.0])\n",
        {"input_args": ["A"], "array_args": ["A"], "output_args": []},
    ),
    "crash": (
        "import os\n\ndef kernel(A):\n    os._exit(3)\n",
        {"input_args": ["A"], "array_args": ["A"], "output_args": []},
    ),
    "hang": (
        "import time\n\ndef kernel(A):\n    time.sleep(60)\n",
        {"input_args": ["A"], "array_args": ["A"], "output_args": []},
    ),
}

INIT = """import numpy as np

def initialize(N):
    return 2.5, np.arange(N, dtype=np.float64), np.zeros(N)
"""


def _make_checkout(root: Path) -> Path:
    (root / "bench_info").mkdir(parents=True)
    for name, (source, io) in KERNELS.items():
        folder = root / "npbench" / "benchmarks" / name
        folder.mkdir(parents=True)
        (folder / f"{name}.py").write_text(INIT)
        (folder / f"{name}_numpy.py").write_text("import numpy as np\n\n" + source)
        outputs = ["alpha", "A", "B"] if name == "scale" else ["_a", "A", "_b"]
        info = {
            "name": name,
            "short_name": name,
            "relative_path": name,
            "module_name": name,
            "func_name": "kernel",
            "parameters": {"S": {"N": 50}, "M": {"N": 0}},
            "init": {"func_name": "initialize", "input_args": ["N"], "output_args": outputs},
            **io,
        }
        (root / "bench_info" / f"{name}.json").write_text(json.dumps({"benchmark": info}))
    return root


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _make_checkout(tmp_path_factory.mktemp("npbench"))


def test_lists_benchmarks_from_bench_info(checkout: Path) -> None:
    assert npbench.benchmark_names(checkout) == sorted(KERNELS)


def test_not_a_checkout_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not an NPBench checkout"):
        npbench.benchmark_names(tmp_path)


@pytest.mark.parametrize("preset", ["S", "M"])
def test_validated_row_has_times(checkout: Path, preset: str) -> None:
    row = npbench.run_one(checkout, "scale", preset, repeat=2, timeout=120, parallel=False)
    assert row["status"] == "ok", row
    assert len(row["numpy_samples"]) == len(row["kiln_samples"]) == 2
    assert row["first_call_s"] > 0 and npbench.speedup(row) is not None


def test_failures_cost_one_row_each(checkout: Path) -> None:
    # a hang is cut off at its timeout, so its own is short: the others get time to compile
    rows = {
        name: npbench.run_one(
            checkout, name, "S", repeat=1, timeout=5 if name == "hang" else 60, parallel=False
        )
        for name in ("unsupported", "crash", "hang")
    }
    assert rows["unsupported"]["status"] == "UNSUPPORTED"
    assert "piecewise" in rows["unsupported"]["error"]
    assert rows["crash"]["status"] == "CRASH"
    assert rows["hang"]["status"] == "TIMEOUT"
    assert npbench.geomean_speedup(list(rows.values())) == 1.0


INFO = {"input_args": ["x", "A"]}


def test_validate_checks_arguments_and_outputs() -> None:
    a = np.arange(4.0)
    assert validate(INFO, 1.0, [0, a], 1.0, [0, a.copy()]) == []
    assert validate(INFO, 1.0, [0, a], 1.0, [0, a + 1]) == ["argument A: relative error 0.535"]
    assert validate(INFO, a, [0, a], a.astype(np.float32), [0, a]) == [
        "output 0: dtype float32, expected float64"
    ]
    assert validate(INFO, (a, a), [0, a], (a,), [0, a]) == ["returned 1 values, expected 2"]
    assert validate(INFO, a, [0, a], a[:3], [0, a]) == ["output 0: shape (3,), expected (4,)"]


def test_validate_uses_norm_error_as_npbench_does() -> None:
    ref = np.ones(1000)
    got = ref.copy()
    got[0] += 1e-4  # fails allclose at rtol 1e-5, but the relative 2-norm error is ~3e-6
    assert validate(INFO, ref, [0, ref], got, [0, ref]) == []
    assert validate({**INFO, "norm_error": 1e-7}, ref, [0, ref], got, [0, ref]) != []


def test_cli_writes_table_json_and_exit_status(
    checkout: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "np.json"
    argv = ["bench", "npbench", "--npbench-dir", str(checkout), "--bench", "scale", "--repeat", "1"]
    assert main([*argv, "--json", str(out), "--no-plot"]) == 0
    text = capsys.readouterr().out
    assert "validated 1 of 1 at preset S" in text
    data = json.loads(out.read_text())
    assert data["rows"][0]["name"] == "scale" and data["geomean_speedup"] > 0
    assert "| scale | ok |" in out.with_suffix(".md").read_text()


def test_cli_rejects_missing_dir_and_unknown_names(checkout: Path) -> None:
    assert main(["bench", "npbench"]) == 2
    assert main(["bench", "npbench", "--npbench-dir", str(checkout), "--bench", "nope"]) == 2
    assert main(["bench", "npbench", "--npbench-dir", str(checkout), "--preset", "XL"]) == 2


def test_scaling_row_times_one_and_two_threads(checkout: Path) -> None:
    row = npbench.run_one(checkout, "scale", "S", repeat=2, timeout=120, parallel=False, scaling=2)
    assert row["status"] == "ok", row
    assert row["threads"] == 2 and row["parallel_loops"] >= 1
    rounds = row["rounds"]
    assert 2 <= rounds <= npbench_child.RETAKE_LIMIT * 2
    assert len(row["kiln_1t_samples"]) == len(row["kiln_samples"]) == len(row["numpy_samples"]) == rounds
    assert row["scaling"] == pytest.approx(row["kiln_1t_s"] / row["kiln_s"])
    assert len(row["probe_samples"]) == len(row["throughput_probe_samples"]) == rounds
    assert all(p > 0 for p in row["probe_samples"] + row["throughput_probe_samples"])
    assert len(row["round_counts"]) == rounds and row["rounds_counted"] == sum(row["round_counts"])
    # the medians rest on the rounds that count (on every round when none does)
    kept = [k for k, c in enumerate(row["round_counts"]) if c] or list(range(rounds))
    assert row["kiln_1t_s"] == pytest.approx(float(np.median([row["kiln_1t_samples"][k] for k in kept])))
    assert row["scaling_all_rounds"] == pytest.approx(
        float(np.median(row["kiln_1t_samples"]) / np.median(row["kiln_samples"]))
    )
    assert len(row["kiln_1t_first_samples"]) == len(row["kiln_first_samples"]) == rounds
    first = [row["kiln_1t_first_samples"][k] for k in kept], [row["kiln_first_samples"][k] for k in kept]
    assert row["scaling_first_calls"] == pytest.approx(float(np.median(first[0]) / np.median(first[1])))
    assert row["memory_probe"] > 0


def _doubled(x: np.ndarray) -> np.ndarray:
    return x * 2.0


def _scripted_probes(monkeypatch: pytest.MonkeyPatch, readings: list[tuple[float, float]]) -> None:
    """The compute probes return ``readings`` in turn (the last one from then on)."""
    from kiln.bench import core_probe

    queue = list(readings)

    def reading(threads: int) -> tuple[float, float]:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    monkeypatch.setattr(core_probe, "cores_there", reading)
    monkeypatch.setattr(core_probe, "probe_memory", lambda threads: 1.5)
    monkeypatch.setattr(npbench_child, "RETAKE_TIME", 1000.0)  # only the round limit stops retakes


def test_scaling_retakes_rounds_the_probes_find_without_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    import kiln

    # before round 0, then after rounds 0..: the throughput probe misses a core after round 1
    _scripted_probes(monkeypatch, [(1.9, 1.9), (1.9, 1.95), (1.95, 1.1), (1.9, 1.9), (1.9, 1.9), (2.0, 2.0)])
    compiled = kiln.jit(_doubled, parallel=True)
    calls: list[object] = []

    def counted(f: object, args: list[object]) -> tuple[object, float]:
        calls.append(f)
        return timed(f, args)

    timed = npbench_child.timed_call
    monkeypatch.setattr(npbench_child, "timed_call", counted)
    monkeypatch.setattr(npbench_child, "WARM_S", 0.0)  # one call before the timed one
    row = npbench_child._scaling(_doubled, compiled, [np.ones(1 << 16)], repeat=3, threads=2)
    # an untimed call at each thread count, then NumPy, and kiln twice at both counts in each round
    assert calls.count(compiled) == 2 + 4 * row["rounds"] and calls.count(_doubled) == row["rounds"]
    # round 1 ends and round 2 starts with a core away: both lose, two more rounds make three
    assert row["round_counts"] == [True, False, False, True, True]
    assert row["rounds"] == 5 and row["rounds_counted"] == 3
    kept = [row["kiln_1t_samples"][k] for k in (0, 3, 4)]
    assert row["kiln_1t_s"] == pytest.approx(float(np.median(kept)))
    assert row["throughput_probe_samples"] == [1.95, 1.1, 1.9, 1.9, 2.0]


def test_scaling_stops_retaking_at_the_limit_then_counts_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    import kiln

    _scripted_probes(monkeypatch, [(1.0, 1.0)])  # the second core never there
    compiled = kiln.jit(_doubled, parallel=True)
    row = npbench_child._scaling(_doubled, compiled, [np.ones(1 << 16)], repeat=2, threads=2)
    assert row["rounds_counted"] == 0 and 2 <= row["rounds"] <= npbench_child.RETAKE_LIMIT * 2
    assert row["scaling"] == pytest.approx(row["scaling_all_rounds"])
    assert not npbench.cores_present(row)


def test_median_scaling_counts_kernels_with_a_parallel_loop() -> None:
    rows = [
        {"name": "a", "status": "ok", "scaling": 1.5, "parallel_loops": 2, "threads": 2},
        {"name": "b", "status": "ok", "scaling": 1.9, "parallel_loops": 1, "threads": 2},
        {"name": "c", "status": "ok", "scaling": 0.5, "parallel_loops": 0, "threads": 2},
        {"name": "d", "status": "INVALID", "error": "values differ"},
    ]
    assert [r["name"] for r in npbench.scaling_kernels(rows)] == ["a", "b"]
    assert npbench.median_scaling(rows) == pytest.approx(1.7)
    assert npbench.median_scaling(rows[2:]) is None
    text = npbench.scaling_report(rows, "S")
    assert "median 1->2 thread speedup 1.70x over the 2 validated kernels" in text
    assert "| c | ok |" in npbench.scaling_markdown(rows, "S")
    assert "core probe" not in npbench._scaling_summary(rows, "S")  # runs without probes say nothing


def test_scaling_summary_separates_kernels_measured_without_the_second_core() -> None:
    rows = [
        {
            "name": "a",
            "status": "ok",
            "scaling": 1.9,
            "parallel_loops": 1,
            "threads": 2,
            "probe_samples": [1.97, 1.95],
        },
        {
            "name": "b",
            "status": "ok",
            "scaling": 1.0,
            "parallel_loops": 1,
            "threads": 2,
            "probe_samples": [1.96, 1.02],
        },
        {
            "name": "c",
            "status": "ok",
            "scaling": 1.7,
            "parallel_loops": 1,
            "threads": 2,
            "probe_samples": [1.99, 1.9],
            "memory_probe": 1.41,
        },
    ]
    assert [npbench.cores_present(r) for r in rows] == [True, False, True]
    text = npbench.scaling_report(rows, "M")
    assert "median 1->2 thread speedup 1.70x over the 3 validated kernels" in text
    assert "core probe stayed at 1.8x or more through 2 of them, whose median is 1.80x" in text
    assert "1.02x" in text  # b's lowest probe is in its row
    assert "the memory probe (a triad on 96 MiB) gave a median of 1.41x from 1 to 2 threads" in text
    assert "1.41x" in npbench.scaling_markdown(rows, "M").split("\n")[4]  # c's row


def test_scaling_summary_names_the_rounds_that_count() -> None:
    def row(name: str, scaling: float, every: float, counted: int, rounds: int) -> dict[str, object]:
        probes = {"probe_samples": [1.9] * rounds, "throughput_probe_samples": [1.0] + [1.9] * (rounds - 1)}
        head = {"name": name, "status": "ok", "scaling": scaling, "scaling_all_rounds": every}
        head["scaling_first_calls"] = every - 0.1
        counts = {"rounds": rounds, "rounds_counted": counted, "parallel_loops": 1, "threads": 2}
        return {**head, **counts, **probes}

    rows = [row("a", 1.9, 1.5, 5, 7), row("b", 1.0, 1.0, 0, 15), row("c", 1.8, 1.8, 5, 5)]
    assert [npbench.cores_present(r) for r in rows] == [True, False, True]
    assert npbench.median_scaling_all_rounds(rows) == pytest.approx(1.5)
    text = npbench.scaling_report(rows, "M")
    assert "median 1->2 thread speedup 1.80x over the 3 validated kernels" in text
    assert "(10 of 27 rounds, at 1.8x or more; b had none and count all their rounds)" in text
    assert "over every round taken the median is 1.50x" in text
    assert "over the first call at each count in each round, 1.40x" in text
    assert "| a | ok |" in npbench.scaling_markdown(rows, "M") and "5 of 7" in text


def test_cli_scaling_writes_json_and_markdown(
    checkout: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scale.json"
    argv = ["bench", "npbench", "--npbench-dir", str(checkout), "--bench", "scale", "--repeat", "1"]
    assert main([*argv, "--scaling", "--json", str(out), "--no-plot"]) == 0
    assert "1->2" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["scaling"] is True and data["threads"] == 2 and data["parallel"] is True
    assert data["scaling_kernels"] == ["scale"] and data["median_scaling"] == data["rows"][0]["scaling"]
    assert data["median_scaling_first_calls"] == data["rows"][0]["scaling_first_calls"]
    assert set(data["cores_present_kernels"]) <= {"scale"}
    assert "kiln 2 threads" in out.with_suffix(".md").read_text()


def _logistic(x: np.ndarray, steps: int) -> None:
    for _ in range(steps):
        x[:] = 3.99 * x * (1.0 - x)


def test_conditioning_note_names_a_problem_numpy_cannot_repeat_either() -> None:
    info = {"input_args": ["x", "steps"], "norm_error": 1e-5}
    for steps, chaotic in ((3, False), (400, True)):
        x = np.linspace(0.1, 0.9, 64)
        ref = [x.copy(), steps]
        _logistic(ref[0], steps)
        note = conditioning_note(info, _logistic, [x, steps], None, ref)
        assert ("ill-conditioned" in note) == chaotic, (steps, note)
        if chaotic:
            assert "argument x: relative error" in note


def test_one_ulp_up_moves_only_float_arrays() -> None:
    f, i = np.array([1.0, -2.0]), np.array([1, 2])
    moved = one_ulp_up([f, i, 0.5])
    assert np.all(moved[0] > f) and np.all(moved[0] - f <= np.abs(np.spacing(f)))
    assert moved[1] is not i and np.array_equal(moved[1], i) and moved[2] == 0.5
    assert np.array_equal(f, [1.0, -2.0])  # the caller's arrays are left alone
    for dtype in (np.complex64, np.complex128):  # both parts move, and the dtype stays
        z = np.array([1 - 2j, 0.5 + 3j], dtype)
        (up,) = one_ulp_up([z])
        assert up.dtype == z.dtype and np.all(up.real > z.real) and np.all(up.imag > z.imag)
        assert np.all(up.real - z.real <= np.abs(np.spacing(z.real)))


def test_conditioning_note_is_empty_where_numpy_fails_on_moved_inputs() -> None:
    def strict(x: np.ndarray) -> None:
        if x[0] != 0.5:
            raise ValueError("not the value it was given")

    info = {"input_args": ["x"], "norm_error": 1e-5}
    x = np.array([0.5])
    assert conditioning_note(info, strict, [x], None, [x.copy()]) == ""


def test_the_timed_call_follows_warm_s_of_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    seconds = iter([0.002, 0.0021, 0.0022, 0.0009, 0.5])
    calls: list[object] = []

    def scripted(f: object, args: list[object]) -> tuple[object, float]:
        calls.append(f)
        return None, next(seconds)

    monkeypatch.setattr(npbench_child, "timed_call", scripted)
    monkeypatch.setattr(npbench_child, "WARM_S", 0.005)
    # 2 + 2.1 ms are under 5 ms, 6.3 ms are not: the fourth call is the timed one
    assert npbench_child._warmed_call(_doubled, [np.ones(4)]) == (0.002, 0.0009)
    assert len(calls) == 4
