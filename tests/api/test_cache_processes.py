"""A new process reuses the on-disk cache: no C compile, and the same answer."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    """
    import numpy as np, kiln

    @kiln.jit
    def kernel(alpha, A, B, C):
        for i in range(A.shape[0]):
            C[i, :] = alpha * np.sqrt(A[i, :]) + B[i, :].sum()
        return C.max()

    A = np.arange(12.0).reshape(3, 4); B = np.ones((3, 4)); C = np.zeros((3, 4))
    r = kernel(2.0, A, B, C)
    print(type(r).__name__, float(r))
    """
)


def _logging_compiler(tmp_path: Path) -> tuple[Path, Path]:
    log = tmp_path / "cc.log"
    real = shutil.which("cc") or shutil.which("gcc")
    assert real is not None
    wrapper = tmp_path / "logcc"
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec {real} "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    return wrapper, log


def _run(script: Path, env: dict[str, str]) -> str:
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_second_process_pays_no_compile(tmp_path: Path) -> None:
    wrapper, log = _logging_compiler(tmp_path)
    script = tmp_path / "prog.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, KILN_CC=str(wrapper), KILN_CACHE_DIR=str(tmp_path / "cache"))
    first = _run(script, env)
    compiled_once = log.read_text().count(".c ")
    assert compiled_once >= 1
    second = _run(script, env)
    assert second == first
    assert log.read_text().count(".c ") == compiled_once  # nothing compiled the second time
    expected = 2.0 * (11.0**0.5) + 4.0
    kind, value = first.split()
    assert kind == "float64"  # a NumPy scalar, as C.max() gives in NumPy
    assert abs(float(value) - expected) < 1e-12


def test_corrupt_cache_entry_is_rebuilt(tmp_path: Path) -> None:
    script = tmp_path / "prog.py"
    script.write_text(SCRIPT)
    cache = tmp_path / "cache"
    env = dict(os.environ, KILN_CACHE_DIR=str(cache))
    first = _run(script, env)
    for so in cache.rglob("kiln_*.so"):
        so.write_bytes(so.read_bytes()[:100])  # truncate: a half-written file
    assert _run(script, env) == first
