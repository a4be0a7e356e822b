"""Find a working C compiler and compile generated C into a CPython extension module.

Probing a compiler means running it several times (hundreds of milliseconds), so the result
is memoized per process (``find_toolchain``) and, for callers with a disk cache, recorded on
disk keyed by the compiler binary's identity (``cached_toolchain``): a process that finds its
modules already built must not pay for probes it does not need.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy

from kiln.errors import CompilerFailure, ToolchainError
from kiln.runtime.prelude_header import body_source, header_dir, split_source

_CANDIDATES = ("cc", "gcc", "clang")
_OPENMP_FLAGS = ("-fopenmp",)
_PROBE_TIMEOUT_S = 60.0
_COMPILE_TIMEOUT_S = 300.0
# Bump when the probe or the record layout changes, so stale records on disk are ignored.
_RECORD_FORMAT = 1
_MAX_LOG_CHARS = 20_000

_HEADERS_PROBE = "#include <Python.h>\n#include <numpy/arrayobject.h>\nint kiln_probe;\n"
_PYTHON_PROBE = "#include <Python.h>\nint kiln_probe;\n"
_TRIVIAL_PROBE = "int kiln_probe;\n"
_OPENMP_PROBE = "#include <omp.h>\nint main(void) { return omp_get_max_threads() > 0 ? 0 : 1; }\n"

# Held while a probe runs or its memo is read: a probe started early on a background thread
# (``start_probing`` in kiln.runtime.cache) and a compile that needs its answer run it once.
_probing = threading.RLock()

# (compiler name, $PATH) -> where shutil.which found it.
_which_hits: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Toolchain:
    """A C compiler known to build extension modules against this Python and NumPy."""

    cc: str
    version: str
    openmp_flags: tuple[str, ...]
    python_include: str
    numpy_include: str
    ext_suffix: str


def resolve_cc(cc: str | None = None) -> str:
    """The absolute path of ``cc`` (or of the first of cc, gcc, clang on PATH)."""
    tried = (cc,) if cc else _CANDIDATES
    path_env = os.environ.get("PATH", "")
    for name in tried:
        # Searching PATH costs tens of microseconds per call; remember hits (not misses, so a
        # compiler installed later is still found) for as long as PATH stays the same.
        found = _which_hits.get((name, path_env)) or shutil.which(name)
        if found:
            _which_hits[(name, path_env)] = found
            return os.path.abspath(found)
    raise ToolchainError(
        f"no C compiler found (tried {', '.join(tried)}; set KILN_CC or CC); on Debian: apt-get install gcc"
    )


def find_toolchain(cc: str | None = None) -> Toolchain:
    """Probe ``cc`` (default: cc, gcc, clang on PATH); memoized per compiler for the process."""
    cc_path = resolve_cc(cc)
    with _probing:
        return _probe_memo(cc_path)


@functools.cache
def _probe_memo(cc_path: str) -> Toolchain:
    return probe_toolchain(cc_path)


def probe_toolchain(
    cc_path: str, *, python_include: str | None = None, numpy_include: str | None = None
) -> Toolchain:
    """Check by compiling tiny programs that ``cc_path`` can build extensions (not memoized).

    The include directories default to this interpreter's and NumPy's; tests override them.
    """
    import sysconfig  # only probes need it; keep it off the warm-cache path

    py_inc = python_include if python_include is not None else sysconfig.get_paths()["include"]
    np_inc = numpy_include if numpy_include is not None else numpy.get_include()
    includes = [f"-I{py_inc}", f"-I{np_inc}"]
    with tempfile.TemporaryDirectory(prefix="kiln-probe-") as tmp:
        work = Path(tmp)
        for name, text in (("headers.c", _HEADERS_PROBE), ("omp.c", _OPENMP_PROBE)):
            (work / name).write_text(text)
        # The three probes are independent: run them at once so probing costs one compile.
        version = _start(cc_path, [cc_path, "--version"], work)
        headers = _start(cc_path, [cc_path, "-fsyntax-only", *includes, "headers.c"], work)
        openmp = _start(cc_path, [cc_path, *_OPENMP_FLAGS, "omp.c", "-o", "omp.out"], work)
        version_rc, version_out, version_err = _finish(version)
        headers_rc, _, headers_err = _finish(headers)
        openmp_rc, _, _ = _finish(openmp)
        if version_rc != 0:
            raise ToolchainError(
                f"C compiler {cc_path} does not run ({cc_path} --version):\n{_clip(version_err)}"
            )
        if headers_rc != 0:
            _diagnose_headers(cc_path, work, py_inc, np_inc, headers_err)
    return Toolchain(
        cc=cc_path,
        version=(version_out.strip().splitlines() or ["unknown"])[0],
        openmp_flags=_OPENMP_FLAGS if openmp_rc == 0 else (),
        python_include=py_inc,
        numpy_include=np_inc,
        ext_suffix=sysconfig.get_config_var("EXT_SUFFIX") or ".so",
    )


def compiler_env() -> dict[str, str]:
    """The environment compilers run in: this process's, without AddressSanitizer's runtime in
    LD_PRELOAD (a sanitized Python preloads it, see docs/reliability.md; nvcc crashes under it)."""
    env = dict(os.environ)
    kept = [lib for lib in env.get("LD_PRELOAD", "").split() if "libasan" not in lib]
    if kept:
        env["LD_PRELOAD"] = " ".join(kept)
    else:
        env.pop("LD_PRELOAD", None)
    return env


def _start(cc_path: str, cmd: list[str], cwd: Path) -> subprocess.Popen[str]:
    try:
        return subprocess.Popen(
            cmd,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=compiler_env(),
        )
    except OSError as exc:
        raise ToolchainError(f"C compiler {cc_path} cannot be run: {exc}") from exc


def _finish(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=_PROBE_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        proc.kill()
        proc.communicate()
        raise ToolchainError(
            f"C compiler probe timed out after {_PROBE_TIMEOUT_S:.0f} s: {proc.args!s}"
        ) from exc
    return proc.returncode, out, err


def _diagnose_headers(cc_path: str, work: Path, py_inc: str, np_inc: str, stderr: str) -> None:
    """The combined header probe failed: find out which part is missing, and say how to fix it."""
    (work / "trivial.c").write_text(_TRIVIAL_PROBE)
    (work / "python.c").write_text(_PYTHON_PROBE)
    rc, _, err = _finish(_start(cc_path, [cc_path, "-fsyntax-only", "trivial.c"], work))
    if rc != 0:
        raise ToolchainError(f"C compiler {cc_path} cannot compile a trivial C file:\n{_clip(err)}")
    rc, _, err = _finish(_start(cc_path, [cc_path, "-fsyntax-only", f"-I{py_inc}", "python.c"], work))
    if rc != 0:
        raise ToolchainError(
            f"Python headers not found (Python.h) in {py_inc}; on Debian: apt-get install python3-dev\n"
            f"{_clip(err)}"
        )
    raise ToolchainError(
        f"NumPy headers not found (numpy/arrayobject.h) in {np_inc}; "
        f"reinstall NumPy (pip install --force-reinstall numpy)\n{_clip(stderr)}"
    )


def cached_toolchain(cc: str | None, cache_dir: Path, *, need_openmp: bool = False) -> Toolchain:
    """Like ``find_toolchain``, but reuse a probe recorded under ``cache_dir`` by any process.

    The record is keyed by the compiler binary (resolved path, size, mtime, inode) and by this
    interpreter and NumPy, so upgrading either one probes afresh. A record without OpenMP is
    re-checked when OpenMP is needed: installing libgomp (the fix kiln suggests) does not
    change the compiler binary.
    """
    cc_path = resolve_cc(cc)
    with _probing:
        tc = _cached_memo(cc_path, str(cache_dir))
        if need_openmp and not tc.openmp_flags:
            tc = find_toolchain(cc_path)  # a fresh probe, at most once per process
            _write_record(_record_path(cc_path, Path(cache_dir)), tc)
    return tc


@functools.cache
def _cached_memo(cc_path: str, cache_dir: str) -> Toolchain:
    record = _record_path(cc_path, Path(cache_dir))
    found = _read_record(record)
    if found is not None:
        return found
    tc = find_toolchain(cc_path)
    _write_record(record, tc)
    return tc


def _record_path(cc_path: str, cache_dir: Path) -> Path:
    return cache_dir / "toolchains" / f"{_binary_identity(cc_path)}.json"


def _binary_identity(cc_path: str) -> str:
    real = os.path.realpath(cc_path)
    st = os.stat(real)
    parts = (
        _RECORD_FORMAT, cc_path, real, st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev,
        sys.version, sys.prefix, sys.base_prefix, numpy.__version__, os.path.dirname(numpy.__file__),
    )  # fmt: skip
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _read_record(record: Path) -> Toolchain | None:
    try:
        data = json.loads(record.read_text())
        tc = Toolchain(**{**data, "openmp_flags": tuple(data["openmp_flags"])})
    except (OSError, ValueError, TypeError, KeyError):
        return None
    # A record whose include directories have since vanished would only fail later, obscurely.
    if not (os.path.isdir(tc.python_include) and os.path.isdir(tc.numpy_include)):
        return None
    return tc


def _write_record(record: Path, tc: Toolchain) -> None:
    """Write atomically (temp file + rename) so concurrent readers never see half a record."""
    try:
        record.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{record.stem}.", suffix=".tmp", dir=record.parent)
        with os.fdopen(fd, "w") as f:
            json.dump(asdict(tc), f)
        os.replace(tmp, record)
    except OSError:
        # The record only saves time; an unwritable cache must not stop compilation.
        return


def require_openmp(tc: Toolchain) -> None:
    """Raise ToolchainError unless ``tc`` can build OpenMP code."""
    if not tc.openmp_flags:
        raise ToolchainError(
            f"OpenMP not available with {tc.cc}; on Debian: apt-get install libgomp1 (gcc) "
            "or libomp-dev (clang); or use parallel=False"
        )


def source_path_for(out_path: Path, ext_suffix: str) -> Path:
    """Where ``compile_extension`` writes the C source: beside ``out_path``, same stem, ``.c``."""
    name = out_path.name
    stem = name[: -len(ext_suffix)] if ext_suffix and name.endswith(ext_suffix) else out_path.stem
    return out_path.with_name(stem + ".c")


def compile_extension(
    tc: Toolchain,
    c_source: str,
    out_path: Path,
    *,
    init_name: str,
    openmp: bool,
    fastmath: bool,
    opt_flags: tuple[str, ...],
    prelude_cache: Path | None = None,
) -> None:
    """Compile ``c_source`` into the shared object ``out_path`` (the source is kept beside it).

    The generated C names its init function ``KILN_INIT_FUNC``; ``init_name`` (``PyInit_<module>``)
    is substituted here so the same text can be loaded under any module name. With
    ``prelude_cache`` (a disk cache folder), a source that marks the end of its prelude is
    compiled against the prelude's precompiled header kept there (``prelude_header``).
    """
    if openmp:
        require_openmp(tc)
    out_path = Path(out_path)
    src_path = source_path_for(out_path, tc.ext_suffix)
    src_path.write_text(c_source)
    flags = code_flags(tc, openmp=openmp, fastmath=fastmath, opt_flags=opt_flags)
    # Relative names (run in the output directory) keep the object free of the build path,
    # so concurrent builds of one module in different temp directories give equal bytes.
    inputs = _inputs_with_prelude_header(flags, c_source, src_path, prelude_cache)
    cmd = [*flags, "-shared", f"-DKILN_INIT_FUNC={init_name}", *inputs, "-o", out_path.name, "-lm"]
    output = _run_compiler(cmd, out_path.parent, src_path)
    if not out_path.is_file():
        raise CompilerFailure(
            f"the C compiler {tc.cc} exited successfully but produced no library {out_path.name} "
            f"(is it a C compiler? set KILN_CC or CC)\ncommand (in {out_path.parent}): {shlex.join(cmd)}\n"
            f"compiler output:\n{_clip(output) or '(none)'}"
        )


def code_flags(tc: Toolchain, *, openmp: bool, fastmath: bool, opt_flags: tuple[str, ...]) -> list[str]:
    """The compiler and every flag that shapes the code it makes (not inputs, outputs, linking)."""
    return [
        tc.cc, "-std=c11", "-fPIC", "-w", *opt_flags,
        *(("-ffast-math",) if fastmath else ()), *(tc.openmp_flags if openmp else ()),
        f"-I{tc.python_include}", f"-I{tc.numpy_include}", "-DNPY_NO_DEPRECATED_API=NPY_2_0_API_VERSION",
    ]  # fmt: skip


def _inputs_with_prelude_header(
    flags: list[str], c_source: str, src_path: Path, prelude_cache: Path | None
) -> list[str]:
    """The compiler's inputs: the whole source, or the header folder and the module's own lines."""
    split = split_source(c_source) if prelude_cache is not None else None
    folder = (
        header_dir(prelude_cache, flags, split.prelude, compiler_env()) if split and prelude_cache else None
    )
    if split is None or folder is None:
        return [src_path.name]
    body = src_path.with_name(src_path.stem + ".body.c")
    body.write_text(body_source(split, src_path.name))
    return [f"-I{folder}", body.name]


def _run_compiler(cmd: list[str], cwd: Path, src_path: Path) -> str:
    """Run the compile command; its output, or CompilerFailure when it fails."""
    try:
        proc = subprocess.run(
            cmd,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=_COMPILE_TIMEOUT_S,
            env=compiler_env(),
        )
    except OSError as exc:
        raise ToolchainError(f"C compiler {cmd[0]} cannot be run: {exc}") from exc
    except subprocess.TimeoutExpired as exc:
        raise CompilerFailure(
            f"C compiler timed out after {_COMPILE_TIMEOUT_S:.0f} s (source: {src_path})\n"
            f"command: {shlex.join(cmd)}"
        ) from exc
    if proc.returncode != 0:
        raise CompilerFailure(
            "the C compiler rejected code kiln generated (a bug in kiln; please report it with this log)\n"
            f"source: {src_path}\ncommand (in {cwd}): {shlex.join(cmd)}\n"
            f"exit status {proc.returncode}; compiler output:\n{_clip(proc.stderr + proc.stdout)}"
        )
    return proc.stderr + proc.stdout


def _clip(text: str) -> str:
    text = text.strip()
    if len(text) <= _MAX_LOG_CHARS:
        return text
    return text[:_MAX_LOG_CHARS] + f"\n... ({len(text) - _MAX_LOG_CHARS} more characters)"
