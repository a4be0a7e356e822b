"""Compiler discovery, probing and compile_extension."""

from __future__ import annotations

import dataclasses
import json
import sysconfig
from pathlib import Path

import pytest

from kiln.errors import CompilerFailure, ToolchainError
from kiln.options import Options
from kiln.runtime.cache import start_probing, toolchain_for
from kiln.runtime.loader import load_extension
from kiln.runtime.toolchain import (
    cached_toolchain,
    compile_extension,
    find_toolchain,
    probe_toolchain,
    resolve_cc,
)

from ._support import LoggedCC, payload, real_cc, write_script

_BUILD = {"openmp": False, "fastmath": False, "opt_flags": ("-O2",)}


def test_find_toolchain_describes_a_working_compiler() -> None:
    real_cc()
    tc = find_toolchain()
    assert Path(tc.cc).is_absolute()
    assert tc.version
    assert (Path(tc.python_include) / "Python.h").is_file()
    assert (Path(tc.numpy_include) / "numpy" / "arrayobject.h").is_file()
    assert tc.ext_suffix == sysconfig.get_config_var("EXT_SUFFIX")
    assert find_toolchain() is tc  # memoized


def test_missing_compiler_is_a_toolchain_error() -> None:
    with pytest.raises(ToolchainError) as info:
        find_toolchain("/nonexistent/cc")
    message = str(info.value)
    assert "no C compiler found (tried /nonexistent/cc; set KILN_CC or CC)" in message
    assert "apt-get install gcc" in message


def test_no_compiler_on_path_names_the_candidates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ToolchainError, match=r"tried cc, gcc, clang; set KILN_CC or CC"):
        resolve_cc(None)


def test_compiler_that_does_not_run(tmp_path: Path) -> None:
    broken = write_script(tmp_path / "cc-broken", "echo 'broken compiler' >&2\nexit 3\n")
    with pytest.raises(ToolchainError, match="does not run"):
        probe_toolchain(str(broken))


def test_missing_python_headers_are_explained(tmp_path: Path) -> None:
    with pytest.raises(ToolchainError) as info:
        probe_toolchain(real_cc(), python_include=str(tmp_path))
    assert "Python headers not found (Python.h)" in str(info.value)
    assert "apt-get install python3-dev" in str(info.value)


def test_missing_numpy_headers_are_explained(tmp_path: Path) -> None:
    with pytest.raises(ToolchainError, match=r"NumPy headers not found \(numpy/arrayobject.h\)"):
        probe_toolchain(real_cc(), numpy_include=str(tmp_path))


def test_toolchain_without_openmp(no_openmp_cc: str, tmp_path: Path) -> None:
    tc = find_toolchain(no_openmp_cc)
    assert tc.openmp_flags == ()
    with pytest.raises(ToolchainError) as info:
        compile_extension(
            tc, payload(), tmp_path / "m.so", init_name="PyInit_m", **{**_BUILD, "openmp": True}
        )
    assert f"OpenMP not available with {tc.cc}" in str(info.value)
    assert "parallel=False" in str(info.value)


def test_compile_extension_builds_a_loadable_module(tmp_path: Path) -> None:
    tc = find_toolchain(real_cc())
    out = tmp_path / f"kiln_ce_test{tc.ext_suffix}"
    compile_extension(tc, payload(5, "compile_extension"), out, init_name="PyInit_kiln_ce_test", **_BUILD)
    assert (tmp_path / "kiln_ce_test.c").read_text() == payload(5, "compile_extension")
    module = load_extension(out, "kiln_ce_test")
    assert module.f() == 5
    assert module.zeros().tolist() == [0.0, 0.0, 0.0]


def test_compile_extension_with_openmp(tmp_path: Path) -> None:
    tc = find_toolchain(real_cc())
    if not tc.openmp_flags:
        pytest.skip("this compiler has no OpenMP")
    out = tmp_path / f"kiln_omp_test{tc.ext_suffix}"
    options = {**_BUILD, "openmp": True, "fastmath": True}
    compile_extension(tc, payload(6, "openmp"), out, init_name="PyInit_kiln_omp_test", **options)
    assert load_extension(out, "kiln_omp_test").threads() >= 1


def test_c_syntax_error_is_a_compiler_failure(tmp_path: Path) -> None:
    tc = find_toolchain(real_cc())
    broken = payload() + "\nint oops(void) { return 1 }\n"
    with pytest.raises(CompilerFailure) as info:
        compile_extension(tc, broken, tmp_path / "bad.so", init_name="PyInit_bad", **_BUILD)
    message = str(info.value)
    assert "error" in message and "expected" in message  # the compiler's own diagnostic
    assert "-shared" in message and "bad.c" in message  # the command line


def test_compile_extension_with_a_vanished_compiler(tmp_path: Path) -> None:
    tc = dataclasses.replace(find_toolchain(real_cc()), cc=str(tmp_path / "gone"))
    with pytest.raises(ToolchainError, match="cannot be run"):
        compile_extension(tc, payload(), tmp_path / "m.so", init_name="PyInit_m", **_BUILD)


def test_cached_toolchain_records_the_probe(logged_cc: LoggedCC, tmp_path: Path) -> None:
    tc = cached_toolchain(str(logged_cc.path), tmp_path / "cache")
    assert tc == find_toolchain(str(logged_cc.path))
    assert logged_cc.calls()  # probed once
    records = list((tmp_path / "cache" / "toolchains").glob("*.json"))
    assert len(records) == 1
    assert cached_toolchain(str(logged_cc.path), tmp_path / "cache") is tc


def test_recorded_probe_without_openmp_is_rechecked_when_openmp_is_needed(tmp_path: Path) -> None:
    cc = real_cc()
    if not find_toolchain(cc).openmp_flags:
        pytest.skip("this compiler has no OpenMP")
    cached_toolchain(cc, tmp_path / "a")
    (record,) = (tmp_path / "a" / "toolchains").glob("*.json")
    # As if the probe ran before libgomp was installed (the record lives in a second cache
    # directory because the first one's probe is memoized in this process).
    stale = tmp_path / "b" / "toolchains" / record.name
    stale.parent.mkdir(parents=True)
    stale.write_text(json.dumps({**json.loads(record.read_text()), "openmp_flags": []}))
    assert cached_toolchain(cc, tmp_path / "b").openmp_flags == ()
    assert cached_toolchain(cc, tmp_path / "b", need_openmp=True).openmp_flags == ("-fopenmp",)
    assert json.loads(stale.read_text())["openmp_flags"] == ["-fopenmp"]


def test_an_early_probe_and_a_build_probe_the_compiler_once(logged_cc: LoggedCC, tmp_path: Path) -> None:
    """``start_probing`` finds the compiler on a thread while a compile goes on; the build that
    then needs it waits for that probe instead of running its own."""
    options = Options(cc=str(logged_cc.path), cache_dir=tmp_path / "cache")
    start_probing(options)
    start_probing(options)  # once per process and setting
    tc = toolchain_for(options)
    assert tc.cc == str(logged_cc.path)
    probes = [line for line in logged_cc.calls() if "--version" in line]
    assert len(probes) == 1
    assert len(list((tmp_path / "cache" / "toolchains").glob("*.json"))) == 1


def test_jit_compiles_with_an_early_probe(
    logged_cc: LoggedCC, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import numpy as np

    import kiln

    def twice(a):
        return a * 2.0

    monkeypatch.setenv("KILN_CC", str(logged_cc.path))
    monkeypatch.setenv("KILN_CACHE_DIR", str(tmp_path / "cache"))
    f = kiln.jit(twice)
    np.testing.assert_array_equal(f(np.arange(5.0)), np.arange(5.0) * 2.0)
    assert sum("--version" in line for line in logged_cc.calls()) == 1
    assert logged_cc.compiles() >= 1
