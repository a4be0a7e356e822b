"""Build generated C into a loaded extension module, through a memo and an on-disk cache.

Disk layout under ``options.cache_dir`` (one entry per module)::

    <key[:2]>/<module><EXT_SUFFIX>   the shared object
    <key[:2]>/<module>.c             its C source, for people to read
    <key[:2]>/<module>.json          manifest: sha256 of the shared object, compiler; written last
    toolchains/<id>.json             recorded compiler probes (see toolchain.cached_toolchain)
    prelude/<id>/kiln_prelude.h      the prelude generated modules share, and its precompiled
                                     form ``.gch`` per compiler and flags (see prelude_header)

Every file is published by ``os.replace`` from a private temporary directory in the same
directory, so concurrent processes never see a partial file; a manifest whose sha256 does not
match the shared object's bytes marks the entry as unusable.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import itertools
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import warnings
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import numpy

from kiln.errors import CompilerFailure, ToolchainError
from kiln.options import Options
from kiln.runtime.heap import keep_freed_memory
from kiln.runtime.loader import load_extension as _load_extension
from kiln.runtime.toolchain import (
    Toolchain,
    cached_toolchain,
    compile_extension,
    find_toolchain,
    require_openmp,
)
from kiln.stage_times import stage

# Bump when the compile command or the cache layout changes: old entries then stop matching.
_CACHE_FORMAT = "kiln-cache-2"

# Untouched this long, a private build directory belongs to a compile that died.
_STALE_WORK_S = 3600.0

_memo: dict[str, ModuleType] = {}
_opened: set[str] = set()  # shared objects this process has handed to the dynamic loader
_link_numbers = itertools.count()
_swept: set[str] = set()
_probes_started: set[tuple[str | None, str | None, bool]] = set()
_probes_guard = threading.Lock()
_key_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


@dataclass(frozen=True)
class CacheEntry:
    """The files of one module in the disk cache."""

    module_name: str
    key: str
    shared_object: Path
    source: Path
    manifest: Path


def build_module(c_source: str, options: Options) -> ModuleType:
    """Compile ``c_source`` (or reuse an earlier build) and return the loaded module.

    The source must define its init function as ``PyMODINIT_FUNC KILN_INIT_FUNC(void)``.
    OpenMP is enabled iff ``options.parallel``. A valid disk entry loads without a C compiler.
    """
    key = module_key(c_source, options)
    module = _memo.get(key)
    if module is not None:
        return module
    if "address" in options.sanitize:
        require_asan_runtime()
    with _lock_for(key):
        module = _memo.get(key)  # another thread may have built it while we waited
        if module is None:
            module = _build(c_source, options, key)
            _memo[key] = module
    return _ready(module, options)


def cached_module(c_source: str, options: Options) -> ModuleType | None:
    """The module of ``c_source`` if this process or the disk cache has it; never compiles."""
    key = module_key(c_source, options)
    module = _memo.get(key)
    if module is None and options.cache:
        with _lock_for(key):
            module = _memo.get(key)
            if module is None:
                module, _ = _load_entry(options, key)
                if module is not None:
                    _memo[key] = module
    return None if module is None else _ready(module, options)


def build_private_module(c_source: str, options: Options) -> ModuleType:
    """Build ``c_source`` for this process only: nothing goes to the disk cache (the prelude's
    header kept there is still used)."""
    key = module_key(c_source, options)
    with _lock_for(key):
        module = _memo.get(key)
        if module is None:
            module = _build_uncached(c_source, options, toolchain_for(options), key)
            _memo[key] = module
    return _ready(module, options)


def _ready(module: ModuleType, options: Options) -> ModuleType:
    """``module``, with the process set up to run it."""
    keep_freed_memory()  # once per process: see kiln.runtime.heap
    if options.parallel:
        from kiln.runtime.blas_threads import share_openmp_team

        share_openmp_team(options)  # one thread pool for parallel loops and BLAS (once)
    return module


def cache_entry_for(c_source: str, options: Options) -> CacheEntry:
    """Where ``build_module`` keeps (or would keep) ``c_source`` in the disk cache."""
    return _entry(options.cache_dir, module_key(c_source, options))


def module_key(c_source: str, options: Options) -> str:
    """The sha256 naming everything that changes the compiled module's bytes or ABI, except the
    compiler: a process without one must still find the entry. The compiler that built an entry
    is recorded in its manifest, and a process with another compiler rebuilds it."""
    parts: tuple[object, ...] = (
        _CACHE_FORMAT,
        repr(options.codegen_key()),
        _cpu_fingerprint() if any("native" in flag for flag in options.opt_flags) else "",
        sys.implementation.cache_tag,
        _ext_suffix(),
        numpy.__version__,
    )
    digest = hashlib.sha256()
    for part in (*parts, c_source):
        data = str(part).encode()
        # Length-prefix each part so that no two different tuples hash the same byte stream.
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def require_asan_runtime() -> None:
    """AddressSanitizer's runtime must be the first library of the process: a module built
    with it cannot load into a Python that did not start with it preloaded."""
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        maps = ""
    if "libasan" not in maps:
        raise ToolchainError(
            "KILN_SANITIZE=address needs AddressSanitizer's runtime preloaded: start Python with "
            'LD_PRELOAD="$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0 '
            "(CPython's own allocations would read as leaks); "
            '`eval "$(python -m kiln sanitize-env)"` exports both for the compiler kiln uses'
        )


def module_name_for(key: str) -> str:
    return f"kiln_{key[:24]}"


def toolchain_for(options: Options) -> Toolchain:
    """The compiler that builds for ``options`` (probed once, or read from the disk cache)."""
    # With a disk cache, reuse a recorded probe so a warm process never runs the compiler.
    if options.cache:
        return cached_toolchain(options.cc, options.cache_dir, need_openmp=options.parallel)
    return find_toolchain(options.cc)


def start_probing(options: Options) -> None:
    """Find the compiler for ``options`` on a background thread, once per process and setting.

    With an empty disk cache the probe (a few compiler runs, about 0.1 s) would otherwise
    start only when the first module is built; started when a compile begins, it runs while
    the frontend and the optimizer work. A failure is not reported here: the build that needs
    the compiler probes again and raises it there."""
    key = (options.cc, str(options.cache_dir) if options.cache else None, options.parallel)
    with _probes_guard:
        if key in _probes_started:
            return
        _probes_started.add(key)
    threading.Thread(target=_toolchain_if_any, args=(options,), name="kiln-probe", daemon=True).start()


def _toolchain_if_any(options: Options) -> Toolchain | None:
    """The compiler to check and build entries with; None when there is none to be found."""
    try:
        return toolchain_for(options)
    except ToolchainError:
        return None


def _ext_suffix() -> str:
    """This interpreter's extension-module suffix, known without probing a compiler."""
    return EXTENSION_SUFFIXES[0]


@functools.lru_cache(maxsize=1)
def _cpu_fingerprint() -> str:
    """Model and feature flags of this CPU: ``-march=native`` code may not run on another one."""
    try:
        with open("/proc/cpuinfo") as f:
            text = f.read()
    except OSError:
        import platform

        return f"{platform.machine()} {platform.processor()}"
    first_cpu = text.split("\n\n", 1)[0]
    wanted = ("model name", "flags", "cpu family", "model\t", "CPU implementer", "CPU part", "Features")
    return "\n".join(line for line in first_cpu.splitlines() if line.startswith(wanted))


def _lock_for(key: str) -> threading.Lock:
    with _locks_guard:
        return _key_locks.setdefault(key, threading.Lock())


def _entry(cache_dir: Path, key: str) -> CacheEntry:
    name = module_name_for(key)
    folder = Path(cache_dir) / key[:2]
    return CacheEntry(
        module_name=name,
        key=key,
        shared_object=folder / f"{name}{_ext_suffix()}",
        source=folder / f"{name}.c",
        manifest=folder / f"{name}.json",
    )


def _build(c_source: str, options: Options, key: str) -> ModuleType:
    if not options.cache:
        return _build_uncached(c_source, options, toolchain_for(options), key)
    module, tc = _load_entry(options, key)
    if module is not None:
        return module
    entry = _entry(options.cache_dir, key)
    if tc is None:
        tc = toolchain_for(options)  # raises the ToolchainError that says what is missing
    remove_stale_work_dirs(Path(options.cache_dir))
    work = _prepare_rebuild(entry)
    if work is None:
        return _build_uncached(c_source, options, tc, key)
    _publish(c_source, options, tc, entry, work)
    return _load_fresh(entry)


def _load_entry(options: Options, key: str) -> tuple[ModuleType | None, Toolchain | None]:
    """The valid disk entry of ``key`` loaded (None when there is none), and the compiler to
    check and build entries with (None when there is none to be found)."""
    tc = _toolchain_if_any(options)
    if tc is not None and options.parallel:
        require_openmp(tc)  # a warm disk entry must not hide a missing OpenMP
    return _load_if_valid(_entry(options.cache_dir, key), tc), tc


def _load_fresh(entry: CacheEntry) -> ModuleType:
    """Load a just-published shared object. Where this process already opened the file of that
    name (a bad build whose loading failed), the dynamic loader would hand back the library it
    holds: load the new bytes through a link of a name of their own."""
    path = entry.shared_object
    if str(path) not in _opened:
        return _load(path, entry.module_name)
    link = path.with_name(f".{entry.module_name}.{os.getpid()}.{next(_link_numbers)}{_ext_suffix()}")
    os.link(path, link)
    try:
        return _load(link, entry.module_name)
    finally:
        link.unlink(missing_ok=True)  # a loaded library survives the removal of its file


def _load(path: Path, module_name: str) -> ModuleType:
    _opened.add(str(path))
    return load_extension(path, module_name)


def remove_stale_work_dirs(cache_dir: Path, older_than_s: float = _STALE_WORK_S) -> None:
    """Remove the private build directories of compiles that died (a process killed while it
    compiled leaves its ``.kiln_*.tmp``); once per process, only those untouched for long."""
    if str(cache_dir) in _swept:
        return
    _swept.add(str(cache_dir))
    cutoff = time.time() - older_than_s
    for work in cache_dir.glob("*/.kiln_*.tmp"):
        try:
            if work.is_dir() and work.stat().st_mtime < cutoff:
                shutil.rmtree(work, ignore_errors=True)
        except OSError:
            continue


def _prepare_rebuild(entry: CacheEntry) -> Path | None:
    """Invalidate the entry and make a private work directory beside it (None: cache unwritable)."""
    folder = entry.shared_object.parent
    try:
        # Drop the manifest so the entry reads as invalid until the rebuild republishes it. The
        # shared object is not unlinked: a concurrent builder may be about to load it, and the
        # rebuild replaces it atomically anyway.
        entry.manifest.unlink(missing_ok=True)
        folder.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f".{entry.module_name}.", suffix=".tmp", dir=folder))
    except OSError as exc:
        # A read-only home (containers, CI) should cost speed, not the ability to compile.
        warnings.warn(
            f"kiln: cannot write to the cache directory {folder} ({exc}); building without the disk cache",
            RuntimeWarning,
            stacklevel=4,
        )
        return None


def _load_if_valid(entry: CacheEntry, tc: Toolchain | None) -> ModuleType | None:
    """The cached module, or None when the entry is missing, incomplete, corrupt, unloadable or
    built by another compiler than ``tc`` (any compiler's entry serves a process without one)."""
    try:
        manifest = json.loads(entry.manifest.read_text())
        data = entry.shared_object.read_bytes()
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("key") != entry.key:
        return None
    if tc is not None and (manifest.get("cc"), manifest.get("toolchain")) != (tc.cc, tc.version):
        return None
    if manifest.get("sha256") != hashlib.sha256(data).hexdigest():
        return None
    try:
        return _load(entry.shared_object, entry.module_name)
    except (ImportError, OSError):
        return None


def _publish(c_source: str, options: Options, tc: Toolchain, entry: CacheEntry, work: Path) -> None:
    """Compile in the private directory ``work``, then rename the files into place, manifest last."""
    try:
        built = work / entry.shared_object.name
        try:
            _compile(c_source, options, tc, built, entry.module_name)
        except CompilerFailure as exc:
            # Keep the failing source where the user looks for sources; the temp dir goes away.
            os.replace(work / entry.source.name, entry.source)
            raise CompilerFailure(f"{exc}\n(source kept at {entry.source})") from None
        digest = hashlib.sha256(built.read_bytes()).hexdigest()
        os.replace(work / entry.source.name, entry.source)
        os.replace(built, entry.shared_object)
        manifest = {"key": entry.key, "sha256": digest, "cc": tc.cc, "toolchain": tc.version}
        (work / entry.manifest.name).write_text(json.dumps(manifest, indent=1))
        os.replace(work / entry.manifest.name, entry.manifest)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _build_uncached(c_source: str, options: Options, tc: Toolchain, key: str) -> ModuleType:
    """Build in a fresh temporary directory, removed at exit (a loaded object survives unlinking)."""
    work = Path(tempfile.mkdtemp(prefix="kiln-"))
    atexit.register(shutil.rmtree, work, ignore_errors=True)
    name = module_name_for(key)
    built = work / f"{name}{_ext_suffix()}"
    _compile(c_source, options, tc, built, name)
    return load_extension(built, name)


def _compile(c_source: str, options: Options, tc: Toolchain, out_path: Path, name: str) -> None:
    with stage("cc"):
        _compile_now(c_source, options, tc, out_path, name)


def _compile_now(c_source: str, options: Options, tc: Toolchain, out_path: Path, name: str) -> None:
    compile_extension(
        tc,
        c_source,
        out_path,
        init_name=f"PyInit_{name}",
        openmp=options.parallel,
        fastmath=options.fastmath,
        opt_flags=options.compile_flags(),
        prelude_cache=Path(options.cache_dir) if options.cache else None,
    )


def load_extension(path: Path, module_name: str) -> ModuleType:
    with stage("load"):
        return _load_extension(path, module_name)
