"""Fixtures for the runtime tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ._support import LoggedCC, finish_child, real_cc, start_child, write_script


@pytest.fixture
def logged_cc(tmp_path: Path) -> LoggedCC:
    folder = tmp_path / "bin"
    folder.mkdir()
    return LoggedCC(folder)


@pytest.fixture
def no_openmp_cc(tmp_path: Path) -> str:
    """A compiler that rejects -fopenmp, as gcc does when libgomp is missing."""
    body = (
        'for a in "$@"; do\n'
        '  if [ "$a" = "-fopenmp" ]; then echo "cannot find -lgomp" >&2; exit 1; fi\n'
        "done\n"
        f'exec "{real_cc()}" "$@"\n'
    )
    return str(write_script(tmp_path / "cc-no-openmp", body))


@pytest.fixture
def run_child() -> Callable[[Path, str, str], dict[str, object]]:
    return lambda cache_dir, cc, source: finish_child(start_child(cache_dir, cc, source))
