"""`kiln demo` and `kiln bench` end to end at the --quick sizes: output, exit status, JSON layout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kiln.bench import cases, core
from kiln.bench.impls import numba_module
from kiln.cli import main

KERNEL_KEYS = {"name", "section", "size", "baseline", "status", "error", "median", "speedup", "first_call_s"}
ENV_KEYS = {"cpu_model", "cpu_count", "python", "numpy", "numpy_blas", "kiln", "compiler", "numba"}


@pytest.fixture(scope="module")
def quick_bench(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, Any], Path]:
    """One quick run of the whole core suite (every probe included), shared by the tests below."""
    out = tmp_path_factory.mktemp("bench") / "core.json"
    rc = main(["bench", "--quick", "--repeat", "1", "--json", str(out)])
    return rc, json.loads(out.read_text()), out


def test_demo_checks_every_kernel_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--quick", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("kernel"))
    for column in ("check", "ref median", "kiln median", "speedup", "kiln 1st call"):
        assert column in header
    rows = [line for line in out.splitlines() if line.split(" ")[0] in {c.name for c in core.DEMO_CASES}]
    assert len(rows) == len(core.DEMO_CASES) == 7
    assert all(" ok " in row for row in rows)
    assert any(" Python " in row for row in rows) and any(" NumPy " in row for row in rows)
    assert "7 of 7 kernels agree" in out


def test_demo_exits_non_zero_when_a_check_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cases, "kiln_version", lambda func, cfg: lambda *args: "not a number")
    assert main(["demo", "--quick", "--repeat", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "0 of 7 kernels agree" in out


def test_bench_runs_the_whole_core_suite(quick_bench: tuple[int, dict[str, Any], Path]) -> None:
    rc, data, _ = quick_bench
    failed = [(r["name"], r["error"]) for r in data["results"] if r["status"] != "ok"]
    assert failed == [] and rc == 0
    assert data["schema"] == "kiln-bench/1" and data["suite"] == "core"
    assert data["config"]["quick"] is True and data["config"]["repeat"] == 1
    assert set(data["environment"]) >= ENV_KEYS
    names = [r["name"] for r in data["results"]]
    expected = {b.name for b in core.core_benchmarks()} | {"cold_first_call"}
    assert set(names) == expected and len(names) == len(expected)
    assert data["summary"]["results"] == len(names) == data["summary"]["ok"]


def test_bench_json_has_every_figure(quick_bench: tuple[int, dict[str, Any], Path]) -> None:
    _, data, _ = quick_bench
    by_section: dict[str, list[dict[str, Any]]] = {}
    for r in data["results"]:
        assert set(r) >= KERNEL_KEYS
        by_section.setdefault(r["section"], []).append(r)
    assert set(by_section) == {"kernels", "call overhead", "startup", "peak memory"}
    for r in by_section["kernels"]:
        assert r["measurements"]["kiln"]["runs"] == 1 and r["measurements"]["kiln"]["unit"] == "s"
        assert r["speedup"]["kiln"] == pytest.approx(r["median"]["baseline"] / r["median"]["kiln"])
        assert r["first_call_s"]["kiln"] > 0 and r["baseline"] in ("NumPy", "Python")
    for r in by_section["call overhead"]:
        assert r["measurements"]["kiln"]["unit"] == "s/call"
    for r in by_section["startup"]:
        assert set(r["median"]) == {"kiln"}
    warm = next(r for r in by_section["startup"] if r["name"] == "first_call_warm_cache")
    assert {"wall_with_call_s", "wall_without_call_s", "in_process_call_s"} <= set(warm["notes"])
    for r in by_section["peak memory"]:
        assert r["measurements"]["baseline"]["unit"] == "B" and r["notes"]["result_bytes"] > 0


def test_bench_numba_column_follows_availability(quick_bench: tuple[int, dict[str, Any], Path]) -> None:
    _, data, _ = quick_bench
    kernels = [r for r in data["results"] if r["section"] == "kernels"]
    with_numba = [r for r in kernels if "numba" in r["measurements"]]
    if numba_module() is None:
        assert with_numba == [] and data["environment"]["numba"] is None
    else:
        assert with_numba and data["environment"]["numba"]


def test_bench_plot_is_written_when_matplotlib_is_there(
    quick_bench: tuple[int, dict[str, Any], Path],
) -> None:
    _, _, out = quick_bench
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert not out.with_suffix(".png").exists()
    else:
        assert out.with_suffix(".png").read_bytes()[:4] == b"\x89PNG"


def test_bench_filter_and_default_json_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "core", "--quick", "--repeat", "1", "--filter", "prefix", "--no-numba"]) == 0
    data = json.loads((tmp_path / "bench-results" / "core.json").read_text())
    assert [r["name"] for r in data["results"]] == ["prefix_sum"]
    assert "numba" not in data["results"][0]["measurements"]
    out = capsys.readouterr().out
    assert "prefix_sum" in out and "wrote bench-results/core.json" in out


def test_bench_exit_status_is_non_zero_when_a_kernel_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cases, "kiln_version", lambda func, cfg: lambda *args: None)
    out = tmp_path / "r.json"
    assert main(["bench", "--quick", "--repeat", "1", "--filter", "axpy_sqrt", "--json", str(out)]) == 1
    data = json.loads(out.read_text())
    assert data["summary"]["failed"] == ["axpy_sqrt", "memory_axpy_sqrt"]
    assert "FAIL axpy_sqrt: wrong result" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["bench", "nope"], "unknown benchmark suite 'nope'"),
        (["bench", "core", "--suite", "other"], "two different suites"),
        (["bench", "--filter", "no-such-kernel"], "no benchmark in core matches"),
    ],
)
def test_bench_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_bench_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--list"]) == 0
    out = capsys.readouterr().out
    assert "suites: " in out and "core" in out and "floyd_warshall  (kernels)" in out


@pytest.mark.parametrize("argv", [["demo", "--repeat", "0"], ["frobnicate"], []])
def test_bad_command_lines_exit_with_usage(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2


def test_python_dash_m_kiln_runs_the_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "kiln", "bench", "--help"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0 and "--filter" in proc.stdout and "--repeat" in proc.stdout
