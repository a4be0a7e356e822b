"""Build generated CUDA C with nvcc into a shared library, through a memo and the on-disk cache.

Entries live beside the C modules, under ``<cache_dir>/cuda/<key[:2]>/`` (the ``.so``, its
``.cu`` source, and a manifest with the ``.so``'s sha256 written last), published by
``os.replace`` from a private temporary directory as ``runtime.cache`` does. The key covers
the source, nvcc's version (not its path: a cache built on one machine serves another with the
same toolkit) and the target architecture. ``check_compiles`` compiles many modules in one nvcc
call (object code only) for tests that only need to know they build.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from kiln.errors import CompilerFailure, ToolchainError
from kiln.options import env_cuda_arch, env_nvcc
from kiln.runtime.toolchain import compiler_env

# sm_90 machine code (H100/H200) plus its PTX, which the driver can JIT for later chips.
DEFAULT_ARCH = env_cuda_arch()
_FORMAT = "kiln-cuda-1"
_TIMEOUT_S = 300.0
_memo: dict[str, ctypes.CDLL] = {}
_lock = threading.Lock()


def find_nvcc() -> str | None:
    """nvcc from $KILN_NVCC, $PATH, $CUDA_HOME/bin or /usr/local/cuda/bin."""
    explicit = env_nvcc()
    if explicit:
        return explicit if os.path.exists(explicit) else None
    found = shutil.which("nvcc")
    if found:
        return os.path.realpath(found)
    for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if home and os.path.exists(os.path.join(home, "bin", "nvcc")):
            return os.path.join(home, "bin", "nvcc")
    return None


def require_nvcc() -> str:
    nvcc = find_nvcc()
    if nvcc is None:
        raise ToolchainError("nvcc not found (install the CUDA toolkit or set KILN_NVCC)")
    return nvcc


@functools.cache
def nvcc_version(nvcc: str) -> str:
    out = subprocess.run([nvcc, "--version"], capture_output=True, text=True, timeout=60, env=compiler_env())
    return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else nvcc


def cuda_lib_dir(nvcc: str) -> Path:
    return Path(nvcc).resolve().parent.parent / "lib64"


def _arch_flags(arch: str) -> list[str]:
    num = arch.removeprefix("sm_")
    return [f"-gencode=arch=compute_{num},code=[sm_{num},compute_{num}]"]


def _flags(nvcc: str, arch: str) -> list[str]:
    # -cudart shared: every kernel library shares the one runtime (and its device pointers)
    return ["-O3", *_arch_flags(arch), "-Xcompiler", "-fPIC", "-cudart", "shared",
            f"-Xlinker=-rpath,{cuda_lib_dir(nvcc)}"]  # fmt: skip


def _run(cmd: list[str], source: Path) -> None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=_TIMEOUT_S, env=compiler_env())
    except subprocess.TimeoutExpired:
        raise CompilerFailure(f"nvcc timed out after {_TIMEOUT_S:.0f}s on {source}") from None
    if out.returncode != 0:
        raise CompilerFailure(f"nvcc failed on {source}:\n{(out.stderr + out.stdout)[-20000:]}")


def build_library(source: str, cache_dir: Path, arch: str = DEFAULT_ARCH) -> ctypes.CDLL:
    """The loaded shared library of ``source`` (built once per content, cached on disk)."""
    nvcc = require_nvcc()
    key = hashlib.sha256("\0".join((_FORMAT, nvcc_version(nvcc), arch, source)).encode()).hexdigest()
    with _lock:
        lib = _memo.get(key)
        if lib is None:
            lib = ctypes.CDLL(str(_cached_build(source, key, Path(cache_dir), nvcc, arch)))
            _memo[key] = lib
    return lib


def _cached_build(source: str, key: str, cache_dir: Path, nvcc: str, arch: str) -> Path:
    folder = cache_dir / "cuda" / key[:2]
    so, cu, manifest = (folder / f"kiln_cu_{key[:24]}{ext}" for ext in (".so", ".cu", ".json"))
    try:
        if json.loads(manifest.read_text()).get("sha256") == hashlib.sha256(so.read_bytes()).hexdigest():
            return so
    except (OSError, ValueError):
        pass
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".kiln_cu.", dir=folder))
    try:
        (work / cu.name).write_text(source)
        _run([nvcc, *_flags(nvcc, arch), "-shared", "-o", str(work / so.name), str(work / cu.name)], cu)
        digest = hashlib.sha256((work / so.name).read_bytes()).hexdigest()
        os.replace(work / cu.name, cu)
        os.replace(work / so.name, so)
        (work / manifest.name).write_text(json.dumps({"key": key, "sha256": digest, "nvcc": nvcc}))
        os.replace(work / manifest.name, manifest)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return so


def check_compiles(sources: list[str], cache_dir: Path, arch: str = DEFAULT_ARCH) -> None:
    """Compile (no link) one translation unit holding ``sources`` (each a complete module whose
    prelude is the same): raises CompilerFailure with nvcc's messages. Remembered on disk."""
    nvcc = require_nvcc()
    sources = list(dict.fromkeys(sources))
    prelude = os.path.commonprefix(sources)
    prelude = prelude[: prelude.rfind("\n") + 1]
    unit = prelude + "".join(s[len(prelude) :] for s in sources)
    key = hashlib.sha256(
        "\0".join((_FORMAT, "check", nvcc, nvcc_version(nvcc), arch, unit)).encode()
    ).hexdigest()
    stamp = Path(cache_dir) / "cuda" / "checked" / key
    if stamp.exists():
        return
    with tempfile.TemporaryDirectory(prefix="kiln-cu-") as work:
        cu = Path(work) / "unit.cu"
        cu.write_text(unit)
        _run([nvcc, "-O1", *_arch_flags(arch), "-c", "-o", str(Path(work) / "unit.o"), str(cu)], cu)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text("ok")
