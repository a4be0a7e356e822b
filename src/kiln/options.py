"""One frozen options object. Environment variables are read here and nowhere else."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path


def _default_cache_dir() -> Path:
    explicit = os.environ.get("KILN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "kiln"


SANITIZERS = ("address", "undefined")
_OFF = ("off", "0", "no", "false")


def sanitizers(text: str) -> tuple[str, ...]:
    """``address,undefined`` (``KILN_SANITIZE``) as a sorted tuple; unknown names are an error."""
    names = tuple(sorted({s.strip() for s in text.split(",") if s.strip()}))
    unknown = [n for n in names if n not in SANITIZERS]
    if unknown:
        raise ValueError(f"unknown sanitizer {', '.join(unknown)} (kiln knows {', '.join(SANITIZERS)})")
    return names


def _sanitizers_from_env() -> tuple[str, ...]:
    return sanitizers(os.environ.get("KILN_SANITIZE", ""))


def _dump_stages() -> frozenset[str]:
    raw = os.environ.get("KILN_DUMP", "")
    return frozenset(s.strip() for s in raw.split(",") if s.strip())


@dataclass(frozen=True)
class Options:
    """Everything that changes what kiln generates or where it keeps it.

    parallel:    emit OpenMP for loops proven parallel (array statements, prange).
    fastmath:    let the C compiler reassociate floating point (-ffast-math).
    boundscheck: raise IndexError on out-of-bounds element access.
    cache:       keep compiled modules on disk under ``cache_dir``.
    cc:          the C compiler to use (default: $KILN_CC, $CC, then cc/gcc/clang).
    dump:        stage names whose output is printed to stderr (``KILN_DUMP``);
                 "all" dumps every stage.
    sanitize:    build generated code with these sanitizers (``KILN_SANITIZE=address,undefined``);
                 AddressSanitizer needs its runtime preloaded (see docs/reliability.md).
    passes:      parameters of the pipeline's passes, ``(("tiling", (("sizes", (32, 32)),)),)``
                 (``kiln.jit(passes={"tiling": {"sizes": (32, 32)}})`` builds it).
    verify_passes: run the IR verifier after every pass (``KILN_VERIFY=passes``; the tests
                 do), not only after each stage of the pipeline.
    tiered:      when the optimized C build is predicted to take longer than ``tier_after_s``,
                 run a quick build first and swap the optimized one in when it is ready
                 (``KILN_TIERED=off`` turns it off; kiln.runtime.tiers).
    """

    parallel: bool = False
    fastmath: bool = False
    boundscheck: bool = False
    cache: bool = True
    cache_dir: Path = field(default_factory=_default_cache_dir)
    cc: str | None = field(default_factory=lambda: os.environ.get("KILN_CC") or os.environ.get("CC"))
    dump: frozenset[str] = field(default_factory=_dump_stages)
    passes: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    sanitize: tuple[str, ...] = field(default_factory=_sanitizers_from_env)
    verify_passes: bool = field(default_factory=lambda: os.environ.get("KILN_VERIFY", "") == "passes")
    tiered: bool = field(default_factory=lambda: os.environ.get("KILN_TIERED", "").lower() not in _OFF)
    tier_after_s: float = 0.2
    # -fwrapv: NumPy integers wrap around, C's signed overflow is undefined.
    # -fno-math-errno: errno is invisible from Python; without it sqrt cannot vectorize.
    # -fopenmp-simd: honour `omp simd` (reductions) even without OpenMP threads.
    # -falign-loops=32: a hot loop's speed no longer depends on where the code around it puts
    # it. Two builds of NPBench symm at M whose one-thread code is the same C took 0.99 and
    # 1.24 ms (its strided column update at a 64-byte boundary, then across one) and trisolv 5.6
    # and 6.1 ms; aligned, both builds took 0.98 and 5.8 ms. Fifteen other kernels unchanged.
    opt_flags: tuple[str, ...] = (
        "-O3", "-march=native", "-fwrapv", "-fno-math-errno", "-fopenmp-simd", "-falign-loops=32",
    )  # fmt: skip

    def with_(self, **changes: object) -> Options:
        return replace(self, **changes)  # type: ignore[arg-type]

    def dumps(self, stage: str) -> bool:
        return stage in self.dump or "all" in self.dump

    def codegen_key(self) -> tuple[object, ...]:
        """The options that change generated code (part of the cache key)."""
        return (self.parallel, self.fastmath, self.boundscheck, self.compile_flags())

    def compile_flags(self) -> tuple[str, ...]:
        """``opt_flags``, and the sanitizers' flags when asked: a report stops the process
        (no recovery), and frame pointers and debug lines make it readable."""
        if not self.sanitize:
            return self.opt_flags
        chosen = ",".join(self.sanitize)
        return (*self.opt_flags, f"-fsanitize={chosen}", f"-fno-sanitize-recover={chosen}",
                "-fno-omit-frame-pointer", "-g")  # fmt: skip


# ------------------------------------------------------------------ CUDA-style kernels
KERNEL_TARGETS = ("auto", "cpu", "gpu")


def kernel_target_override() -> str | None:
    """``KILN_KERNEL_TARGET`` (cpu, gpu or auto): where kernels with target "auto" run."""
    value = os.environ.get("KILN_KERNEL_TARGET", "").strip().lower()
    return value if value in KERNEL_TARGETS else None


def env_target() -> str:
    """``KILN_TARGET`` (cpu, cuda or auto): where ``@kiln.jit`` functions run unless told."""
    return os.environ.get("KILN_TARGET", "").strip().lower() or "cpu"


def env_scratch_bytes() -> int:
    """``KILN_SCRATCH_BYTES``: how many bytes of free scratch blocks kiln.runtime.scratch keeps
    (default 1 GiB; 0 keeps none)."""
    raw = os.environ.get("KILN_SCRATCH_BYTES", "").strip()
    try:
        return max(0, int(raw)) if raw else 1 << 30
    except ValueError:
        return 1 << 30


def env_nvcc() -> str | None:
    return os.environ.get("KILN_NVCC") or None


def env_cuda_arch() -> str:
    """The GPU architecture nvcc compiles for (``KILN_CUDA_ARCH``, default sm_90: H100/H200)."""
    return os.environ.get("KILN_CUDA_ARCH", "sm_90")


def env_no_gpu() -> bool:
    """``KILN_NO_GPU=1`` hides any CUDA device from kiln."""
    return bool(os.environ.get("KILN_NO_GPU"))


def env_blas_own_threads() -> bool:
    """``KILN_BLAS_OWN_THREADS=1``: NumPy's OpenBLAS keeps its own threads instead of running
    on kiln's OpenMP team (kiln.runtime.blas_threads)."""
    return bool(os.environ.get("KILN_BLAS_OWN_THREADS"))
