"""``kiln bench compile``: where each NPBench kernel's first call spends its time.

Each kernel runs in a child process with an empty disk cache (a first call as a new user sees
it): its first call is timed whole and split into the compiler's stages (``kiln.stage_times``:
frontend, each pass, verifier, schedule, codegen, the C compiler, loading), with the size of the
generated C and the loops of the optimized program. "other" is what no stage covers (argument
typing, dispatch, the call itself).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kiln.bench.npbench_child import RESULT_MARK

STAGE_COLUMNS = ("frontend", "passes", "verify", "codegen", "cc", "load")


def profile(npbench_dir: Path, name: str, preset: str, parallel: bool) -> dict[str, Any]:
    """The child's work: one first call, recorded."""
    import kiln
    from kiln.bench import npbench_child as nc
    from kiln.stage_times import recording

    info = nc.load_info(npbench_dir, name)
    data = nc.build_data(npbench_dir, info, preset)
    kernel = nc.load_kernel(npbench_dir, info)
    args = nc._copy([data[a] for a in info["input_args"]])
    compiled = kiln.jit(kernel, parallel=parallel)
    row: dict[str, Any] = {"name": name, "preset": preset, "status": "ok"}
    with warnings.catch_warnings(), recording() as times:
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        try:
            compiled(*args)
        except kiln.UnsupportedError as exc:
            return {**row, "status": "UNSUPPORTED", "error": str(exc)}
        row["first_call_s"] = time.perf_counter() - start
    row["stages"] = times.seconds
    row["sizes"] = times.sizes
    return row


def run_one(
    npbench_dir: Path, name: str, preset: str, parallel: bool, timeout: float, start_from: Path | None = None
) -> dict[str, Any]:
    """One kernel's first call in a child process whose cache is empty, or (``start_from``) a
    copy of that folder."""
    cmd = [sys.executable, "-m", "kiln.bench.compile_profile", str(npbench_dir), name, preset]
    cmd += ["parallel"] if parallel else []
    with tempfile.TemporaryDirectory(prefix="kiln-compile-") as cache:
        if start_from is not None:
            shutil.copytree(start_from, cache, dirs_exist_ok=True)
        env = dict(os.environ, KILN_CACHE_DIR=cache)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return {"name": name, "status": "TIMEOUT", "error": f"no result in {timeout:.0f} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(RESULT_MARK):
            return dict(json.loads(line[len(RESULT_MARK) :]))
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"name": name, "status": "CRASH", "error": f"exit code {proc.returncode}: {tail}"}


def compiler_state(folder: Path, parallel: bool) -> Path:
    """``folder`` holding what kiln keeps for every module and none of them: the compiler's
    probe and the prelude's precompiled header, as after kiln's first use on a machine."""
    code = (
        "import numpy as np, kiln, kiln.runtime.prelude_header as p\n"
        "def first(a):\n    return a + 1.0\n"
        f"kiln.jit(first, parallel={parallel})(np.ones(3)); p.wait_for_precompiled()\n"
    )
    script = folder / "first_use.py"
    script.write_text(code)
    cache = folder / "cache"
    subprocess.run([sys.executable, str(script)], env=dict(os.environ, KILN_CACHE_DIR=str(cache)), check=True)
    for manifest in cache.glob("*/kiln_*.json"):  # the one module goes; shared state stays
        for built in manifest.parent.glob(manifest.stem + ".*"):
            built.unlink()
    return cache


def run_compile_profile(
    npbench_dir: Path,
    names: Sequence[str],
    preset: str,
    parallel: bool,
    timeout: float,
    progress: Callable[[str], None],
    warm_compiler: bool = False,
) -> list[dict[str, Any]]:
    """``warm_compiler``: each child's cache starts with the compiler state of a first use
    (``compiler_state``) instead of empty."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="kiln-compiler-state-") as state:
        start_from = compiler_state(Path(state), parallel) if warm_compiler else None
        for i, name in enumerate(names, 1):
            row = run_one(npbench_dir, name, preset, parallel, timeout, start_from)
            first = row.get("first_call_s")
            progress(f"[{i}/{len(names)}] {name}: {row['status']}" + (f" {first:.2f} s" if first else ""))
            rows.append(row)
    return rows


def stage_columns(row: dict[str, Any]) -> dict[str, float]:
    """The row's stage seconds grouped into the report's columns (passes summed) and "other"."""
    stages: dict[str, float] = row.get("stages", {})
    cols = {c: stages.get(c, 0.0) for c in STAGE_COLUMNS if c != "passes"}
    cols["passes"] = sum(s for k, s in stages.items() if k.startswith("pass:"))
    cols["other"] = max(row.get("first_call_s", 0.0) - sum(cols.values()), 0.0)
    return cols


def slowest_pass(row: dict[str, Any]) -> str:
    passes = {k[5:]: s for k, s in row.get("stages", {}).items() if k.startswith("pass:")}
    if not passes:
        return ""
    name = max(passes, key=lambda k: passes[k])
    return f"{name} {passes[name]:.2f}"


def markdown(rows: Sequence[dict[str, Any]], preset: str, warm_compiler: bool = False) -> str:
    head = ["kernel", "first call s", *STAGE_COLUMNS, "other", "slowest pass s", "C lines", "loops"]
    cache = "a cache holding only the compiler's state" if warm_compiler else "empty cache"
    lines = [
        f"First calls at preset {preset}, {cache}, seconds per stage:",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for r in rows:
        if r.get("status") != "ok":
            lines.append(f"| {r['name']} | {r.get('status')}: {r.get('error', '')[:60]} |")
            continue
        cols = stage_columns(r)
        sizes = r.get("sizes", {})
        cells = [r["name"], f"{r['first_call_s']:.2f}"]
        cells += [f"{cols[c]:.2f}" for c in (*STAGE_COLUMNS, "other")]
        cells += [slowest_pass(r), str(sizes.get("c_lines", "")), str(sizes.get("loops", ""))]
        lines.append("| " + " | ".join(cells) + " |")
    firsts = sorted(r["first_call_s"] for r in rows if r.get("status") == "ok")
    if firsts:
        mid = len(firsts) // 2
        median = firsts[mid] if len(firsts) % 2 else (firsts[mid - 1] + firsts[mid]) / 2
        over = sum(1 for f in firsts if f >= 5.0)
        summary = f"Median first call {median:.2f} s, slowest {firsts[-1]:.2f} s"
        lines += ["", f"{summary}, {over} of {len(firsts)} at 5 s or more."]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    npbench_dir, name, preset = Path(argv[0]), argv[1], argv[2]
    row = profile(npbench_dir, name, preset, parallel=len(argv) > 3 and argv[3] == "parallel")
    print(RESULT_MARK + json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
