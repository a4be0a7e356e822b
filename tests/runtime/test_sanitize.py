"""KILN_SANITIZE builds generated code with AddressSanitizer and UndefinedBehaviorSanitizer: the
option parses and refuses unknown names, changes the cache key, needs ASan's runtime preloaded
(and says how, also through ``python -m kiln sanitize-env``), and a write past an array's end in
compiled code is reported and stops the process. Each compiled case runs in a child started with
the runtime preloaded; UndefinedBehaviorSanitizer alone needs no preload."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kiln
from kiln.cli import main
from kiln.options import Options, sanitizers
from kiln.runtime.cache import module_key

from ._support import SRC_DIR

_CHILD = r"""
import sys
import numpy as np
import kiln


@kiln.jit
def fill(a, n):
    for i in range(n):
        a[i] = 1.0
    return a.sum()


a = np.zeros(8)
print(fill(a, int(sys.argv[1])))
"""


def _libasan() -> str:
    cc = shutil.which("gcc")
    if cc is None:
        pytest.skip("no gcc")
    path = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    if not Path(path).exists():
        pytest.skip("no libasan (Debian: apt-get install libasan8)")
    return path


def _run(
    tmp_path: Path, n: int, preload: bool, sanitize: str = "address,undefined"
) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    env = {**os.environ, "PYTHONPATH": str(SRC_DIR), "KILN_SANITIZE": sanitize}
    env["KILN_CACHE_DIR"] = str(tmp_path / "cache")
    env.pop("LD_PRELOAD", None)
    if preload:
        env["LD_PRELOAD"] = _libasan()
        env["ASAN_OPTIONS"] = "detect_leaks=0"
    return subprocess.run([sys.executable, str(script), str(n)], env=env, capture_output=True, text=True)


def test_option_parses_and_refuses_unknown_names() -> None:
    assert sanitizers("undefined, address") == ("address", "undefined")
    assert sanitizers("") == ()
    with pytest.raises(ValueError, match="unknown sanitizer thread"):
        sanitizers("address,thread")


def test_sanitized_builds_have_their_own_cache_key() -> None:
    plain, checked = Options(sanitize=()), Options(sanitize=("address",))
    assert plain.codegen_key() != checked.codegen_key()
    assert "-fsanitize=address" in checked.compile_flags()
    assert kiln.jit(sanitize="undefined")(lambda: None).options.sanitize == ("undefined",)  # type: ignore[arg-type]
    source = "int kiln_probe;\n"
    assert module_key(source, plain) != module_key(source, checked)


def test_clean_code_runs_clean_under_the_sanitizers(tmp_path: Path) -> None:
    child = _run(tmp_path, 8, preload=True)
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "8.0"


def test_write_past_the_end_is_reported(tmp_path: Path) -> None:
    child = _run(tmp_path, 9, preload=True)
    assert child.returncode != 0
    assert "AddressSanitizer" in child.stderr


def test_without_the_runtime_kiln_says_how_to_preload_it(tmp_path: Path) -> None:
    child = _run(tmp_path, 8, preload=False)
    assert child.returncode != 0
    assert "LD_PRELOAD" in child.stderr and "libasan" in child.stderr


def test_undefined_alone_needs_no_preload(tmp_path: Path) -> None:
    child = _run(tmp_path, 8, preload=False, sanitize="undefined")
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "8.0"


def test_sanitize_env_prints_the_exports(capsys: pytest.CaptureFixture[str]) -> None:
    _libasan()  # skips where there is none
    assert main(["sanitize-env"]) == 0
    preload, *others = capsys.readouterr().out.splitlines()
    assert preload.startswith("export LD_PRELOAD=/") and "libasan" in preload
    assert Path(preload.removeprefix("export LD_PRELOAD=")).exists()
    assert others == ["export ASAN_OPTIONS=detect_leaks=0", "export KILN_SANITIZE=address,undefined"]
