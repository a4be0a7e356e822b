"""Where the numbers were measured: machine, Python, NumPy and its BLAS, the C compiler, peers."""

from __future__ import annotations

import os
import platform
import sys
from typing import Any

import numpy as np

import kiln
from kiln.bench.impls import numba_version_string
from kiln.bench.results import RunConfig, describe_error


def cpu_model() -> str:
    """The CPU's marketing name (Linux: /proc/cpuinfo), else whatever ``platform`` knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(("model name", "Model", "Hardware")) and ":" in line:
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def compiler_version(cfg: RunConfig) -> str:
    """The first line of ``cc --version`` for the compiler kiln uses (or why there is none)."""
    from kiln.options import Options
    from kiln.runtime.toolchain import find_toolchain

    try:
        tc = find_toolchain(Options(parallel=cfg.parallel).cc)
    except Exception as exc:
        return f"unavailable ({describe_error(exc)})"
    return f"{tc.cc}: {tc.version}"


def numpy_blas() -> str | None:
    """The BLAS NumPy was built against (it decides the baseline's speed on @)."""
    try:
        config: Any = np.show_config(mode="dicts")
        blas = config["Build Dependencies"]["blas"]
        return f"{blas.get('name')} {blas.get('version', '')}".strip()
    except Exception:  # the layout of NumPy's build configuration is not a stable API
        return None


def _optional_version(module: str) -> str | None:
    try:
        imported = __import__(module)
    except Exception:
        return None
    return str(getattr(imported, "__version__", "unknown"))


def collect_environment(cfg: RunConfig) -> dict[str, Any]:
    return {
        "cpu_model": cpu_model(),
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "python_implementation": platform.python_implementation(),
        "numpy": np.__version__,
        "numpy_blas": numpy_blas(),
        "kiln": kiln.__version__,
        "compiler": compiler_version(cfg),
        "numba": numba_version_string() if cfg.numba else None,
        "matplotlib": _optional_version("matplotlib"),
        "omp_num_threads": os.environ.get("OMP_NUM_THREADS"),
    }
