"""The prelude's precompiled header: modules built against it, its validity, located errors."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import kiln
from kiln.errors import CompilerFailure
from kiln.options import Options
from kiln.runtime.loader import load_extension
from kiln.runtime.prelude_header import (
    HEADER_NAME,
    PRELUDE_END,
    split_source,
    wait_for_precompiled,
)
from kiln.runtime.toolchain import code_flags, compile_extension, find_toolchain

from ._support import payload, real_cc

_BUILD = {"openmp": False, "fastmath": False, "opt_flags": ("-O2",)}
_INCLUDES = "#define PY_SSIZE_T_CLEAN\n#include <Python.h>\n#include <numpy/arrayobject.h>\n"
_PRELUDE = _INCLUDES + "static int kiln_twice(int x) { return 2 * x; }\n"


def _with_prelude(body: str) -> str:
    return f"{_PRELUDE}{PRELUDE_END}\n{body}"


def _module_body(value: str) -> str:
    """payload() without its includes (the prelude has them), answering ``value``."""
    body = payload(0).replace("PyLong_FromLong(0)", f"PyLong_FromLong({value})")
    assert _INCLUDES in body
    return body.replace(_INCLUDES, "")


def test_a_source_splits_after_its_prelude_and_only_there() -> None:
    split = split_source(_with_prelude("int x;\n"))
    assert split is not None
    assert split.prelude == f"{_PRELUDE}{PRELUDE_END}\n" and split.body == "int x;\n"
    assert split.prelude_lines == 5
    assert split_source("int x;\n") is None


def test_modules_build_against_the_precompiled_prelude(tmp_path: Path) -> None:
    real_cc()
    tc = find_toolchain()
    cache = tmp_path / "cache"
    for n, value in enumerate(("kiln_twice(21)", "kiln_twice(5)")):
        out = tmp_path / f"kiln_pch_{n}{tc.ext_suffix}"
        source = _with_prelude(_module_body(value))
        compile_extension(tc, source, out, init_name=f"PyInit_kiln_pch_{n}", prelude_cache=cache, **_BUILD)
        assert out.with_name(f"kiln_pch_{n}.c").read_text() == source  # the whole source is kept
        wait_for_precompiled()
        module = load_extension(out, f"kiln_pch_{n}")
        assert module.f() == (42 if n == 0 else 10)
    headers = list(cache.glob(f"prelude/*/{HEADER_NAME}"))
    assert len(headers) == 1 and headers[0].read_text() == f"{_PRELUDE}{PRELUDE_END}\n"
    assert headers[0].with_name(HEADER_NAME + ".gch").is_file()
    # The compiler takes the precompiled form for these flags: -H marks a used one with "!".
    flags = code_flags(tc, openmp=False, fastmath=False, opt_flags=("-O2",))
    probe = subprocess.run(
        [*flags, f"-I{headers[0].parent}", "-H", "-fsyntax-only", "-x", "c", "-"],
        input=f'#include "{HEADER_NAME}"\nint y;\n',
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"! {headers[0].parent / (HEADER_NAME + '.gch')}" in probe.stderr


def test_other_flags_get_their_own_header(tmp_path: Path) -> None:
    real_cc()
    tc = find_toolchain()
    cache = tmp_path / "cache"
    for n, flags in enumerate((("-O2",), ("-O1",))):
        out = tmp_path / f"kiln_flags_{n}{tc.ext_suffix}"
        source = _with_prelude(_module_body("kiln_twice(1)"))
        compile_extension(
            tc, source, out, init_name=f"PyInit_kiln_flags_{n}", prelude_cache=cache,
            **{**_BUILD, "opt_flags": flags},
        )  # fmt: skip
    assert len(list(cache.glob(f"prelude/*/{HEADER_NAME}"))) == 2


def test_errors_point_into_the_whole_source(tmp_path: Path) -> None:
    real_cc()
    tc = find_toolchain()
    broken = _with_prelude("int ok;\nint broken = ;\n")
    with pytest.raises(CompilerFailure) as info:
        compile_extension(
            tc, broken, tmp_path / f"kiln_bad{tc.ext_suffix}", init_name="PyInit_kiln_bad",
            prelude_cache=tmp_path / "cache", **_BUILD,
        )  # fmt: skip
    assert "kiln_bad.c:7:" in str(info.value)  # line 7 of the kept source, not of the body


def test_jit_results_do_not_depend_on_the_precompiled_header(tmp_path: Path) -> None:
    """The first build reads the plain header, later ones the precompiled one: same values."""
    real_cc()
    options = Options(cache_dir=tmp_path / "cache")

    def step(x: np.ndarray, k: float) -> np.ndarray:
        return np.sqrt(np.abs(x)) * k + x // 3

    x = np.linspace(-5, 5, 37)
    first = kiln.jit(step, cache=True)
    first.options = options
    before = first(x, 1.5)
    wait_for_precompiled()
    again = kiln.jit(step)
    again.options = options.with_(fastmath=False, boundscheck=True)  # another module, same values
    np.testing.assert_array_equal(before, again(x, 1.5))
    np.testing.assert_array_equal(before, np.sqrt(np.abs(x)) * 1.5 + x // 3)
    assert list((tmp_path / "cache").glob(f"prelude/*/{HEADER_NAME}.gch"))
