"""The prelude every generated module starts with, compiled once as a precompiled header.

Every module kiln generates begins with the same few hundred lines (Python's and NumPy's
headers, kiln's scalar helpers), ended by ``PRELUDE_END``. Parsing them is a fixed part of
every compile: about a quarter of a small kernel's. So the prelude is written once per compiler,
flags and text into the disk cache as ``kiln_prelude.h``, and a precompiled ``kiln_prelude.h.gch``
is built beside it in the background; each module is compiled from ``#include "kiln_prelude.h"``
and its own lines (``#line`` keeps the compiler's line numbers those of the whole source). Until
the precompiled header exists, and wherever the compiler finds it unusable, the compiler reads
the plain header: the same text, so the same module, only slower to build.

The background build is a shell command that compiles into a private name and renames it into
place when done: it finishes and publishes even if this process exits first, and no compiler
ever sees half a file.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy

PRELUDE_END = "/* kiln: end of prelude */"
HEADER_NAME = "kiln_prelude.h"
_FORMAT = "kiln-prelude-1"

_started: set[Path] = set()  # headers whose precompiled form this process has started to build
_guard = threading.Lock()
_builds: list[subprocess.Popen[bytes]] = []  # kept so that they are reaped, not reported as leaks


@dataclass(frozen=True)
class SplitSource:
    """A module's source cut after its prelude."""

    prelude: str  # up to and including the line PRELUDE_END
    body: str
    prelude_lines: int


def split_source(c_source: str) -> SplitSource | None:
    """The source cut after its prelude; None when it has no ``PRELUDE_END`` line."""
    at = c_source.find(PRELUDE_END + "\n")
    if at < 0:
        return None
    cut = at + len(PRELUDE_END) + 1
    prelude = c_source[:cut]
    return SplitSource(prelude, c_source[cut:], prelude.count("\n"))


def body_source(split: SplitSource, source_name: str) -> str:
    """What the compiler reads instead of the whole source: the header, then the module's own
    lines numbered as in the whole source ``source_name``."""
    return f'#include "{HEADER_NAME}"\n#line {split.prelude_lines + 1} "{source_name}"\n{split.body}'


def header_dir(
    cache_dir: Path, compile_cmd: list[str], prelude: str, env: dict[str, str] | None = None
) -> Path | None:
    """The folder holding ``kiln_prelude.h`` for this compiler command (its flags; not its input
    or output) and prelude, with its precompiled form built or being built (in ``env``, the
    compiler's environment); None when the cache cannot be written (then the caller compiles
    the whole source)."""
    digest = hashlib.sha256()
    for part in (_FORMAT, *compile_cmd, sys.version, numpy.__version__, prelude):
        data = part.encode()
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    folder = Path(cache_dir) / "prelude" / digest.hexdigest()[:24]
    header = folder / HEADER_NAME
    try:
        if not header.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            _write_atomically(header, prelude)
    except OSError:
        return None
    _start_precompiling(header, compile_cmd, env)
    return folder


def _write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def _start_precompiling(header: Path, compile_cmd: list[str], env: dict[str, str] | None) -> None:
    """Start building ``header``'s precompiled form, once per process, unless it exists."""
    target = header.with_name(header.name + ".gch")
    with _guard:
        if header in _started or target.is_file():
            return
        _started.add(header)
    tmp = header.with_name(f".{target.name}.{os.getpid()}.tmp")
    build = [*compile_cmd, "-x", "c-header", header.name, "-o", tmp.name]
    script = f"{shlex.join(build)} && mv -f {shlex.quote(tmp.name)} {shlex.quote(target.name)}"
    script += f" || rm -f {shlex.quote(tmp.name)}"
    try:
        proc = subprocess.Popen(
            ["/bin/sh", "-c", script],
            cwd=header.parent,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # a Ctrl-C meant for Python must not leave half a build
        )
    except OSError:
        return  # no shell: modules still build from the plain header
    with _guard:
        _builds[:] = [p for p in _builds if p.poll() is None]
        _builds.append(proc)


def wait_for_precompiled(timeout: float | None = None) -> None:
    """Wait for this process's background header builds (tests and benchmarks that must know
    whether the precompiled header is in use)."""
    with _guard:
        running = list(_builds)
    for proc in running:
        proc.wait(timeout)
