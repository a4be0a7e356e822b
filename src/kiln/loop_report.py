"""``kiln.report(f, *args)``: what the optimizer did to each loop, and why.

Per loop of the optimized IR: its source line, whether it runs in parallel (or the reason it does
not), whether the C compiler vectorized it (gcc's own ``-fopt-info-vec`` report, tied to the loop by
the ``kiln loop #N`` marker codegen puts on each loop header), what the passes did to it
(interchanged, tiled, unrolled, simd, ...; or why not), the statements hoisted out of it, and the
recipe steps that targeted it.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from kiln.ir import nodes as ir
from kiln.ir.visit import bodies

_MARKER = re.compile(r"/\* kiln loop #(\d+) \*/")
_VECTORIZED = re.compile(r":(\d+):\d+: optimized: loop vectorized")


def vectorized_loops(c_source: str, options: Any) -> set[int] | None:
    """Loop ids gcc reports as vectorized; None when the compiler cannot say."""
    from kiln.runtime.cache import toolchain_for
    from kiln.runtime.toolchain import code_flags

    tc = toolchain_for(options)
    with tempfile.TemporaryDirectory(prefix="kiln-report-") as tmp:
        src = Path(tmp) / "report.c"
        src.write_text(c_source)
        flags = code_flags(
            tc, openmp=options.parallel, fastmath=options.fastmath, opt_flags=options.opt_flags
        )
        cmd = [
            *flags,
            "-c",
            "-DKILN_INIT_FUNC=PyInit_report",
            "-fopt-info-vec-optimized",
            "report.c",
            "-o",
            "report.o",
        ]
        try:
            proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            return None
    if proc.returncode != 0:
        return None
    lines = c_source.splitlines()
    found: set[int] = set()
    for m in _VECTORIZED.finditer(proc.stderr):
        line = int(m.group(1))
        # gcc names the loop header's line, or a line of the loop's body: search up to the header
        for text in reversed(lines[: min(line, len(lines))]):
            marker = _MARKER.search(text)
            if marker:
                found.add(int(marker.group(1)))
                break
    return found


def loop_rows(body: tuple[ir.Stmt, ...], depth: int = 0) -> list[tuple[int, ir.For]]:
    """Every loop of ``body`` in pre-order, with its nesting depth."""
    rows: list[tuple[int, ir.For]] = []
    for s in body:
        inner = depth
        if isinstance(s, ir.For):
            rows.append((depth, s))
            inner = depth + 1
        for b in bodies(s):
            rows += loop_rows(b, inner)
    return rows


# what a recipe step that targets a loop did to it, in the report's words
_DONE = {
    "interchange": "interchanged",
    "tile": "tiled",
    "unroll": "unrolled",
    "simd": "simd",
    "parallelize": "parallelized",
    "hoist": "hoisted from",
    "fuse": "fused",
    "contract": "contracted",
    "shrink": "shrunk",
}


def transformed(steps: list[Any], loop: ir.For) -> list[str]:
    """The transformations applied to ``loop``, in the order of the recipe (and ``simd`` also
    when the loop carries the flag some other way)."""
    done = [_DONE.get(st.transformation, st.transformation) for st in steps if loop.sid in st.target]
    if loop.simd:
        done.append("simd")
    return list(dict.fromkeys(done))


def render(compiled: Any, vectorized: set[int] | None) -> str:
    steps_by_loop: dict[int, list[str]] = {}
    for step in compiled.steps:
        for sid in step.target:
            steps_by_loop.setdefault(sid, []).append(
                f"{step.transformation} {dict(step.params) or ''}".strip()
            )
    out = [f"kiln report: {compiled.optimized.name}"]
    for depth, loop in loop_rows(compiled.optimized.body):
        pad = "  " * depth
        where = f"line {loop.loc.line}: {loop.loc.source_line.strip()}" if loop.loc.line else "generated"
        notes = compiled.notes.get(loop.sid, [])
        if loop.parallel:
            par = "parallel" + (
                f" (reductions: {', '.join(f'{v} {op}' for v, op in loop.reductions)})"
                if loop.reductions
                else ""
            )
        else:
            why = [n[len("sequential: ") :] for n in notes if n.startswith("sequential: ")]
            par = "sequential" + (f" ({why[0]})" if why else "")
        vec = "unknown" if vectorized is None else ("yes" if loop.sid in vectorized else "no")
        out.append(f"{pad}loop #{loop.sid} [{where}]")
        out.append(f"{pad}  {par}; vectorized: {vec}")
        done = transformed(compiled.steps, loop)
        if done:
            out.append(f"{pad}  transformed: {', '.join(done)}")
        for n in notes:
            if not n.startswith("sequential: ") and n != "parallelized":
                out.append(f"{pad}  {n}")
        for text in steps_by_loop.get(loop.sid, []):
            out.append(f"{pad}  recipe: {text}")
    if len(out) == 1:
        out.append("  (no loops)")
    out += ["", "recipe (kiln.transforms.recipes JSON steps):"]
    out += [f"  {json.dumps(step.to_json())}" for step in compiled.steps] or ["  (no steps)"]
    return "\n".join(out)
