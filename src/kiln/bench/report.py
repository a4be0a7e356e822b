"""Present results: text tables for the terminal, JSON for machines, a PNG bar plot for people."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kiln.bench.results import BASELINE, FAIL, KILN, NUMBA, Result

MISSING = "-"


def format_seconds(s: float | None) -> str:
    if s is None:
        return MISSING
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs")):
        if abs(s) >= scale:
            return f"{s / scale:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def format_bytes(b: float | None) -> str:
    if b is None:
        return MISSING
    for scale, unit in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
        if b >= scale:
            return f"{b / scale:.3g} {unit}"
    return f"{b:.0f} B"


def format_ratio(r: float | None) -> str:
    if r is None:
        return MISSING
    return f"{r:.0f}x" if r >= 100 else f"{r:.3g}x"  # 1234x, not 1.23e+03x


def format_measurement(result: Result, impl: str) -> str:
    m = result.measurements.get(impl)
    if m is None:
        return MISSING
    if m.unit == "B":
        return format_bytes(m.median)
    if m.unit == "s/call":
        return f"{m.median * 1e6:.3g} µs/call"
    return format_seconds(m.median)


def render_table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> str:
    """A plain-text table; ``align`` has one letter per column, "l" (text) or "r" (numbers)."""
    widths = [max(len(str(c)) for c in col) for col in zip(headers, *rows)]

    def line(cells: Sequence[str]) -> str:
        parts = [str(c).ljust(w) if a == "l" else str(c).rjust(w) for c, w, a in zip(cells, widths, align)]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def _check(r: Result) -> str:
    return "ok" if r.status != FAIL else FAIL


def kernel_table(results: Sequence[Result], *, numba: bool, first_call: bool = True) -> str:
    """Rows of timed kernels (or call overheads): reference, kiln, speedup, optionally Numba."""
    headers = ["kernel", "size", "check", "ref", "ref median", "kiln median", "speedup"]
    if numba:
        headers += ["numba median", "numba speedup"]
    if first_call:
        headers += ["kiln 1st call"]
    rows = []
    for r in results:
        row = [r.name, r.size, _check(r), r.baseline or MISSING, format_measurement(r, BASELINE)]
        row += [format_measurement(r, KILN), format_ratio(r.speedup(KILN))]
        if numba:
            row += [format_measurement(r, NUMBA), format_ratio(r.speedup(NUMBA))]
        if first_call:
            row += [format_seconds(r.first_call_s.get(KILN))]
        rows.append(row)
    return render_table(headers, rows, "llll" + "r" * (len(headers) - 4))


def startup_table(results: Sequence[Result]) -> str:
    rows = [[r.name, r.size, _check(r), format_measurement(r, KILN), _startup_note(r)] for r in results]
    return render_table(["probe", "what", "check", "kiln median", "notes"], rows, "lllrl")


def _startup_note(r: Result) -> str:
    n = r.notes
    if "wall_with_call_s" not in n:
        return ""
    return (
        f"process wall {format_seconds(n['wall_with_call_s'])} with the call, "
        f"{format_seconds(n['wall_without_call_s'])} without; "
        f"in-process {format_seconds(n['in_process_call_s'])}"
    )


def memory_table(results: Sequence[Result]) -> str:
    headers = ["expression", "size", "check", "NumPy peak", "kiln peak", "NumPy/kiln", "result"]
    rows = [
        [r.name, r.size, _check(r), format_measurement(r, BASELINE), format_measurement(r, KILN)]
        + [format_ratio(r.speedup(KILN)), format_bytes(r.notes.get("result_bytes"))]
        for r in results
    ]
    return render_table(headers, rows, "lllrrrr")


def failures(results: Sequence[Result]) -> str:
    """The failed rows with the start of their error messages (the JSON holds them whole)."""
    lines = []
    for r in results:
        if r.status == FAIL:
            lines.append(f"FAIL {r.name}: {_clip(r.error or '', 12)}")
        if "numba_error" in r.notes:
            lines.append(f"note {r.name}: numba: {_clip(r.notes['numba_error'], 3)}")
    return "\n".join(lines)


def _clip(text: str, max_lines: int) -> str:
    lines = text.splitlines() or [""]
    clipped = lines[:max_lines] + (["    ..."] if len(lines) > max_lines else [])
    return "\n    ".join(clipped)


def ad_table(results: Sequence[Result]) -> str:
    """Gradient against forward time per kernel, the finite-difference check, what optimizing
    before differentiating gains, bytes taped (minimum cut vs the simple rule), the geomean."""
    rows = []
    ratios = []
    for r in results:
        n = r.notes
        ratio = n.get("grad_over_forward")
        if ratio is not None:
            ratios.append(ratio)
        err = n.get("fd_max_rel_error")
        rows.append([
            r.name, _check(r), format_measurement(r, BASELINE), format_measurement(r, KILN),
            format_ratio(ratio), MISSING if err is None else f"{err:.1e}",
            format_ratio(n.get("after_opt_gain")),
            f"{format_bytes(n.get('tape_bytes'))} / {format_bytes(n.get('tape_bytes_simple'))}",
        ])  # fmt: skip
    headers = ["kernel", "check", "forward", "gradient", "grad/fwd", "FD error", "opt gain",
               "taped: min-cut / simple"]  # fmt: skip
    table = render_table(headers, rows, "llrrrrrr")
    if ratios:
        mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        table += f"\ngeometric-mean gradient/forward (best runs): {mean:.2f}x"
    return table


_SECTION_TABLES = {"startup": startup_table, "peak memory": memory_table, "ad": ad_table}


def bench_report(results: Sequence[Result], *, numba: bool) -> str:
    """All sections in the order they first appear, each under its own heading, then failures."""
    sections: dict[str, list[Result]] = {}
    for r in results:
        sections.setdefault(r.section, []).append(r)
    parts = []
    for name, rows in sections.items():
        table_fn = _SECTION_TABLES.get(name)
        if table_fn is not None:
            table = table_fn(rows)
        else:
            table = kernel_table(rows, numba=numba, first_call=name == "kernels")
        parts.append(f"== {name} ==\n{table}")
    notes = failures(results)
    return "\n\n".join(parts + ([notes] if notes else []))


def geomean_speedups(results: Sequence[Result], section: str = "kernels") -> dict[str, float | None]:
    """Geometric-mean speedup over the baseline per implementation, over the rows that have one."""
    means: dict[str, float | None] = {}
    for impl in (KILN, NUMBA):
        ratios = [s for r in results if r.section == section and (s := r.speedup(impl)) is not None]
        means[impl] = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None
    return means


def write_json(path: Path, payload: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=1, sort_keys=False) + "\n")
    return path


def pyplot() -> Any:
    """matplotlib's pyplot on a file-only backend, or None when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt
    except Exception:
        return None
    return plt


def save_figure(plt: Any, fig: Any, path: Path) -> Path:
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def write_plot(path: Path, results: Sequence[Result], title: str) -> Path | None:
    """A bar plot of kernel speedups over the baseline (log scale); None without matplotlib."""
    plt = pyplot()
    if plt is None:
        return None
    rows = [r for r in results if r.section == "kernels" and r.speedup(KILN) is not None]
    if not rows:
        return None
    impls = [i for i in (KILN, NUMBA) if any(r.speedup(i) is not None for r in rows)]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.7 * len(rows) + 2), 4.5))
    width = 0.8 / len(impls)
    for j, impl in enumerate(impls):
        xs = [i + (j - (len(impls) - 1) / 2) * width for i in range(len(rows))]
        ax.bar(xs, [r.speedup(impl) or math.nan for r in rows], width, label=impl)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks(range(len(rows)), [f"{r.name}\n(vs {r.baseline})" for r in rows], rotation=45, ha="right")
    ax.set_ylabel("speedup over reference (median time)")
    ax.set_title(title)
    ax.legend()
    return save_figure(plt, fig, path)
