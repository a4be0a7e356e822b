"""``kiln bench npbench``: every NPBench NumPy kernel, unmodified, under ``kiln.jit`` beside NumPy.

NPBench stays a checkout outside the repository (``--npbench-dir``). Each benchmark runs in its own
process (``kiln.bench.npbench_child``) with a time limit; the rows are printed as a table, written
as JSON and drawn as a bar plot of speedups with the geometric mean marked.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kiln.bench.core_probe import CORES_PRESENT
from kiln.bench.npbench_child import RESULT_MARK
from kiln.bench.report import format_ratio, format_seconds, pyplot, render_table, save_figure

PRESETS = ("S", "M", "L", "paper")


def benchmark_names(npbench_dir: Path) -> list[str]:
    info_dir = npbench_dir / "bench_info"
    if not info_dir.is_dir():
        raise ValueError(f"{npbench_dir} is not an NPBench checkout (no bench_info folder)")
    return sorted(p.stem for p in info_dir.glob("*.json"))


def run_one(
    npbench_dir: Path,
    name: str,
    preset: str,
    repeat: int,
    timeout: float,
    parallel: bool,
    threads: int | None = None,
    scaling: int = 0,
) -> dict[str, Any]:
    """One benchmark in a child process; a crash, a hang or garbage output becomes an ERROR row.
    ``scaling`` (a thread count) times kiln with ``parallel=True`` at 1 and at that many threads."""
    cmd = [sys.executable, "-m", "kiln.bench.npbench_child", str(npbench_dir), name, preset, str(repeat)]
    if scaling:
        cmd += ["scaling", str(scaling)]
    elif parallel:
        cmd.append("parallel")
    start = time.perf_counter()
    try:
        env = dict(os.environ, **({"OMP_NUM_THREADS": str(threads)} if threads else {}))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"name": name, "preset": preset, "status": "TIMEOUT", "error": f"no result in {timeout:.0f} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(RESULT_MARK):
            row = json.loads(line[len(RESULT_MARK) :])
            row["wall_s"] = time.perf_counter() - start
            return row
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {
        "name": name,
        "preset": preset,
        "status": "CRASH",
        "error": f"exit code {proc.returncode}: {tail}",
    }


def speedup(row: dict[str, Any]) -> float | None:
    if row.get("status") != "ok":
        return None
    return row["numpy_s"] / row["kiln_s"] if row["kiln_s"] > 0 else None


def geomean_speedup(rows: Sequence[dict[str, Any]]) -> float:
    """Geometric mean over all rows, a row that did not validate counting as 1.0x."""
    if not rows:
        return 1.0
    return math.exp(sum(math.log(speedup(r) or 1.0) for r in rows) / len(rows))


def run_npbench(
    npbench_dir: Path,
    names: Sequence[str],
    preset: str,
    repeat: int,
    timeout: float,
    parallel: bool,
    progress: Callable[[str], None],
    threads: int | None = None,
    scaling: int = 0,
) -> list[dict[str, Any]]:
    rows = []
    for i, name in enumerate(names, 1):
        row = run_one(npbench_dir, name, preset, repeat, timeout, parallel, threads, scaling)
        extra = f", {format_ratio(row.get('scaling'))} on {scaling} threads" if scaling else ""
        progress(f"[{i}/{len(names)}] {name}: {row['status']} {format_ratio(speedup(row))}{extra}")
        rows.append(row)
    return rows


def _cells(r: dict[str, Any]) -> list[str]:
    return [
        r["name"],
        r["status"],
        format_seconds(r.get("numpy_s")),
        format_seconds(r.get("kiln_s")),
        format_ratio(speedup(r)),
        format_seconds(r.get("first_call_s")),
    ]


def table(rows: Sequence[dict[str, Any]]) -> str:
    headers = ["benchmark", "status", "NumPy median", "kiln median", "speedup", "first call"]
    body = [_cells(r) for r in rows]
    return render_table(headers, body, "llrrrr")


def markdown(rows: Sequence[dict[str, Any]], preset: str) -> str:
    """The table as Markdown (for the README), with the summary line under it."""
    lines = [
        "| benchmark | status | NumPy median | kiln median | speedup | first call |",
        "|---|---|---|---|---|---|",
    ]
    lines += ["| " + " | ".join(_cells(r)) + " |" for r in rows]
    ok = sum(r["status"] == "ok" for r in rows)
    lines.append("")
    lines.append(
        f"Validated {ok} of {len(rows)} at preset {preset}; geometric-mean speedup over NumPy "
        f"{geomean_speedup(rows):.2f}x (failures count as 1.0x)."
    )
    return "\n".join(lines) + "\n"


def report(rows: Sequence[dict[str, Any]], preset: str) -> str:
    ok = [r for r in rows if r["status"] == "ok"]
    firsts = sorted(r["first_call_s"] for r in rows if "first_call_s" in r)
    lines = [
        table(rows),
        "",
        f"validated {len(ok)} of {len(rows)} at preset {preset}; "
        f"geometric-mean speedup over NumPy {geomean_speedup(rows):.2f}x (failures count as 1.0x)",
    ]
    if firsts:
        lines.append(f"median first call (compile and run): {format_seconds(firsts[len(firsts) // 2])}")
    failed = [r for r in rows if r["status"] != "ok"]
    if failed:
        lines += ["", "not validated:"]
        lines += [f"  {r['name']}: {r['status']}: {_first_line(r.get('error', ''))}" for r in failed]
    return "\n".join(lines)


def scaling_kernels(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The validated rows whose optimized IR has a parallel loop: the ones threads can speed up."""
    return [r for r in rows if r.get("status") == "ok" and r.get("parallel_loops") and r.get("scaling")]


def median_scaling(rows: Sequence[dict[str, Any]]) -> float | None:
    return _median_of([r["scaling"] for r in scaling_kernels(rows)])


def median_scaling_all_rounds(rows: Sequence[dict[str, Any]]) -> float | None:
    """The median over every round each kernel took, counted or not (rows with rounds only)."""
    return _median_of([r["scaling_all_rounds"] for r in scaling_kernels(rows) if r.get("scaling_all_rounds")])


def median_scaling_first_calls(rows: Sequence[dict[str, Any]]) -> float | None:
    """The median over each round's first call at each count (before the calls that warm the cores)."""
    firsts = [r["scaling_first_calls"] for r in scaling_kernels(rows) if r.get("scaling_first_calls")]
    return _median_of(firsts)


def _median_of(values: Sequence[float]) -> float | None:
    ordered = sorted(values)
    if not ordered:
        return None
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def cores_present(r: dict[str, Any]) -> bool:
    """Whether ``r`` was measured with the cores there: in at least one of its rounds both compute
    probes around the round found them (rows from runs before the throughput probe: the latency
    probe stayed at CORES_PRESENT or more through every round)."""
    if "rounds_counted" in r:
        return r["rounds_counted"] > 0
    probes = r.get("probe_samples") or []
    return bool(probes) and min(probes) >= CORES_PRESENT


def _lowest(r: dict[str, Any], key: str) -> str:
    values = r.get(key) or []
    return format_ratio(min(values)) if values else "-"


def _scaling_cells(r: dict[str, Any]) -> list[str]:
    loops = r.get("parallel_loops")
    rounds = f"{r['rounds_counted']} of {r['rounds']}" if "rounds" in r else "-"
    return [
        r["name"],
        r["status"],
        format_seconds(r.get("numpy_s")),
        format_seconds(r.get("kiln_1t_s")),
        format_seconds(r.get("kiln_s")),
        format_ratio(r.get("scaling")),
        format_ratio(r.get("scaling_all_rounds")),
        format_ratio(r.get("scaling_first_calls")),
        rounds,
        "-" if loops is None else str(loops),
        _lowest(r, "probe_samples"),
        _lowest(r, "throughput_probe_samples"),
        format_ratio(r.get("memory_probe")),
    ]


def _scaling_headers(rows: Sequence[dict[str, Any]]) -> list[str]:
    n = next((r["threads"] for r in rows if "threads" in r), 2)
    return ["benchmark", "status", "NumPy median", "kiln 1 thread", f"kiln {n} threads", f"1->{n}"] + [
        f"1->{n} all rounds",
        f"1->{n} first calls",
        "rounds counted",
        "parallel loops",
        "core probe (lowest)",
        "throughput probe (lowest)",
        "memory probe",
    ]


def _scaling_summary(rows: Sequence[dict[str, Any]], preset: str) -> str:
    counted, med = scaling_kernels(rows), median_scaling(rows)
    n = next((r["threads"] for r in rows if "threads" in r), 2)
    if med is None:
        return f"no validated kernel with a parallel loop at preset {preset}"
    text = (
        f"median 1->{n} thread speedup {med:.2f}x over the {len(counted)} validated kernels with a "
        f"parallel loop in their optimized IR (preset {preset})"
    )
    text += _rounds_summary(counted, n)
    memory = _median_of([r["memory_probe"] for r in counted if r.get("memory_probe")])
    if memory is not None:
        text += f"; the memory probe (a triad on 96 MiB) gave a median of {memory:.2f}x from 1 to {n} threads"
    return text


def _rounds_summary(counted: Sequence[dict[str, Any]], n: int) -> str:
    """Which rounds the median rests on, and the median over every round taken."""
    rounds = [r for r in counted if "rounds" in r]
    if rounds:
        kept = sum(r["rounds_counted"] for r in rounds)
        taken = sum(r["rounds"] for r in rounds)
        none = [r["name"] for r in rounds if not r["rounds_counted"]]
        every = median_scaling_all_rounds(rounds)
        text = (
            f", from the rounds that both compute probes around them found {n} cores for ({kept} of "
            f"{taken} rounds, at {CORES_PRESENT}x or more"
        )
        text += f"; {', '.join(none)} had none and count all their rounds)" if none else ")"
        text += f"; over every round taken the median is {every:.2f}x" if every is not None else ""
        first = median_scaling_first_calls(rounds)
        if first is not None:
            text += f"; over the first call at each count in each round, {first:.2f}x"
        return text
    probed = [r for r in counted if r.get("probe_samples")]
    if not probed:
        return ""
    present = [r for r in probed if cores_present(r)]
    inner = _median_of([r["scaling"] for r in present])
    return f"; the core probe stayed at {CORES_PRESENT}x or more through {len(present)} of them" + (
        f", whose median is {inner:.2f}x" if inner is not None else ""
    )


def scaling_report(rows: Sequence[dict[str, Any]], preset: str) -> str:
    body = [_scaling_cells(r) for r in rows]
    lines = [render_table(_scaling_headers(rows), body, "llrrrrrrrrrrr"), "", _scaling_summary(rows, preset)]
    failed = [r for r in rows if r["status"] != "ok"]
    if failed:
        lines += ["", "not validated:"]
        lines += [f"  {r['name']}: {r['status']}: {_first_line(r.get('error', ''))}" for r in failed]
    return "\n".join(lines)


def scaling_markdown(rows: Sequence[dict[str, Any]], preset: str) -> str:
    headers = _scaling_headers(rows)
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_scaling_cells(r)) + " |" for r in rows]
    return "\n".join([*lines, "", _scaling_summary(rows, preset) + "."]) + "\n"


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0][:160] if text.strip() else ""


def write_plot(path: Path, rows: Sequence[dict[str, Any]], title: str) -> Path | None:
    """One bar per benchmark (failures drawn at 1.0x in grey), the geometric mean as a line."""
    plt = pyplot()
    if plt is None:
        return None
    values = [speedup(r) or 1.0 for r in rows]
    colors = ["tab:blue" if speedup(r) else "lightgrey" for r in rows]
    fig, ax = plt.subplots(figsize=(max(8.0, 0.28 * len(rows) + 2), 4.8))
    ax.bar(range(len(rows)), values, color=colors)
    ax.axhline(1.0, color="black", linewidth=0.8)
    mean = geomean_speedup(rows)
    ax.axhline(mean, color="tab:red", linestyle="--", linewidth=1.2, label=f"geometric mean {mean:.2f}x")
    ax.set_yscale("log")
    ax.set_xticks(range(len(rows)), [r["name"] for r in rows], rotation=90, fontsize=7)
    ax.set_ylabel("speedup over NumPy (median time)")
    ax.set_title(title)
    ax.legend()
    return save_figure(plt, fig, path)


def environment() -> dict[str, Any]:
    import platform

    import numpy

    return {
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
    }
