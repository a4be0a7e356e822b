"""``kiln bench compile`` and the stage recorder behind it: a first call split into the compiler's
stages, sizes of what it generated, and the report on a toy NPBench checkout."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from tests.bench.test_npbench_runner import _make_checkout

import kiln
from kiln.bench import compile_profile
from kiln.cli import main
from kiln.stage_times import recording, stage


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _make_checkout(tmp_path_factory.mktemp("npbench"))


def _axpy(a, x, y):
    return a * x + y


def test_a_first_call_is_split_into_stages() -> None:
    f = kiln.jit(_axpy, cache=False)
    with recording() as times:
        f(2.0, np.ones(5), np.ones(5))
    stages = times.seconds
    for name in ("frontend", "verify", "pass:fusion", "pass:simplify", "codegen", "cc", "load"):
        assert stages.get(name, 0.0) > 0.0, name
    assert times.sizes["c_lines"] > 10 and times.sizes["loops"] >= 1
    with recording() as again:  # compiled already: nothing to record
        f(2.0, np.ones(5), np.ones(5))
    assert again.seconds == {}


def test_stages_record_nothing_outside_a_recording() -> None:
    with stage("frontend"):
        pass
    with recording() as times, stage("a"), stage("b"):
        pass
    assert set(times.seconds) == {"a", "b"}


def test_child_row_and_report(checkout: Path) -> None:
    row = compile_profile.run_one(checkout, "scale", "S", parallel=False, timeout=300)
    assert row["status"] == "ok" and row["first_call_s"] > 0
    cols = compile_profile.stage_columns(row)
    assert cols["cc"] > 0 and cols["frontend"] > 0 and cols["other"] >= 0
    assert sum(cols.values()) == pytest.approx(row["first_call_s"], rel=1e-6) or cols["other"] == 0
    bad = compile_profile.run_one(checkout, "unsupported", "S", parallel=False, timeout=300)
    text = compile_profile.markdown([row, bad], "S")
    assert "| scale | " in text and "| unsupported | UNSUPPORTED" in text
    assert "Median first call" in text and "0 of 1 at 5 s or more" in text


def test_cli_writes_json_and_markdown(
    checkout: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "compile.json"
    assert (
        main(["bench", "compile", "--npbench-dir", str(checkout), "--bench", "scale", "--json", str(out)])
        == 0
    )
    assert "| scale |" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["suite"] == "compile" and data["rows"][0]["stages"]["cc"] > 0
    assert "| scale |" in out.with_suffix(".md").read_text()
    assert main(["bench", "compile"]) == 2


def test_the_warm_compiler_state_holds_no_module(tmp_path: Path) -> None:
    """What --warm-compiler starts each kernel from: the compiler probe and the prelude's
    precompiled header of a first use, and not the module that first use built."""
    cache = compile_profile.compiler_state(tmp_path, parallel=False)
    assert list(cache.glob("toolchains/*.json"))
    assert list(cache.glob("prelude/*/kiln_prelude.h.gch"))
    assert not list(cache.glob("*/kiln_*.json")) and not list(cache.glob("*/kiln_*.so"))
