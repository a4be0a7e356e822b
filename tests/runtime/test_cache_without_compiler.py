"""The disk cache serves a process that has no C compiler, rebuilds a bad entry under a name the
dynamic loader has not seen, clears the build directories of compiles that died, and a "compiler"
that makes no library gets a message saying so."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kiln.errors import CompilerFailure
from kiln.options import Options
from kiln.runtime import cache
from kiln.runtime.cache import build_module, cache_entry_for, remove_stale_work_dirs

from ._support import SRC_DIR, finish_child, payload, real_cc, start_child, write_script

_JIT_CHILD = r"""
import sys
import numpy as np
import kiln

@kiln.jit(parallel=True)
def scaled_total(a, s):
    return (a * s).sum()

print(scaled_total(np.arange(1000.0), 2.0))
"""


def test_warm_entry_loads_without_a_compiler(tmp_path: Path) -> None:
    cache_dir, source = tmp_path / "cache", payload(7, "no-compiler")
    assert finish_child(start_child(cache_dir, real_cc(), source))["value"] == 7
    missing = str(tmp_path / "no-such-cc")
    assert finish_child(start_child(cache_dir, missing, source))["value"] == 7


def test_jit_function_runs_from_a_warm_cache_with_no_compiler_on_path(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(_JIT_CHILD)
    env = {**os.environ, "KILN_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(SRC_DIR)}
    env.pop("CC", None)
    env.pop("KILN_CC", None)
    first = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    bare = {**env, "PATH": str(tmp_path / "empty-bin")}
    second = subprocess.run([sys.executable, str(script)], env=bare, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout == "999000.0\n"


def test_cold_build_without_a_compiler_says_what_is_missing(tmp_path: Path) -> None:
    options = Options(cache_dir=tmp_path / "cache", cc=str(tmp_path / "no-such-cc"))
    with pytest.raises(Exception, match="no C compiler found"):
        build_module(payload(8, "cold-no-compiler"), options)


def test_entry_rebuilt_after_its_library_failed_to_load_in_this_process(tmp_path: Path) -> None:
    options = Options(cache_dir=tmp_path / "cache", cc=real_cc())
    good, bad = payload(11, "rebuild-target"), payload(12, "other")
    other = build_module(bad, options)  # a valid library whose init function has another name
    entry = cache_entry_for(good, options)
    entry.shared_object.parent.mkdir(parents=True, exist_ok=True)
    entry.shared_object.write_bytes(Path(other.__file__).read_bytes())
    data = entry.shared_object.read_bytes()
    manifest = {"key": entry.key, "sha256": hashlib.sha256(data).hexdigest(), "cc": real_cc()}
    manifest["toolchain"] = cache.toolchain_for(options).version
    entry.manifest.write_text(json.dumps(manifest))
    module = build_module(good, options)  # loading fails, the rebuild must then load
    assert module.f() == 11


def test_stale_work_directories_are_removed(tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    stale = cache_dir / "ab" / ".kiln_0123.x1y2.tmp"
    young = cache_dir / "cd" / ".kiln_4567.z3w4.tmp"
    for d in (stale, young):
        d.mkdir(parents=True)
        (d / "half.c").write_text("int x;")
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    remove_stale_work_dirs(cache_dir)
    assert not stale.exists()
    assert young.exists()  # a build that may still be running


def test_compiler_that_makes_no_library(tmp_path: Path) -> None:
    echo = write_script(tmp_path / "echo-cc", 'echo "$@"\n')
    options = Options(cache_dir=tmp_path / "cache", cc=str(echo))
    with pytest.raises(CompilerFailure, match="produced no library") as info:
        build_module(payload(9, "echo"), options)
    assert "-shared" in str(info.value)  # the compiler's own output is shown
