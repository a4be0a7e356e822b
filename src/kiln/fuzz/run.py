"""Run generated programs under CPython/NumPy and kiln and sort the outcomes: ok, wrong, crash
(the child process died), hang (it ran past its time), refused (kiln said it cannot compile).

Programs run in child processes (``python -m kiln.fuzz.child``), a batch per child; a child
that dies or hangs costs its current program, and the next child starts after it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kiln.fuzz.ad_generate import generate_ad
from kiln.fuzz.generate import generate

BATCH = 40
PROGRAM_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Outcome:
    seed: int
    status: str  # ok, wrong, crash, hang, refused, typed early
    detail: str = ""


# what a campaign judges: kiln against NumPy, or kiln's derivatives against finite differences
CHILDREN = {"numpy": "kiln.fuzz.child", "derivatives": "kiln.fuzz.ad_child"}


def run_campaign(
    n: int,
    seed: int,
    keep: Path | None = None,
    progress: Callable[[str], None] | None = None,
    mode: str = "numpy",
) -> list[Outcome]:
    """Programs ``seed`` .. ``seed + n - 1``, each judged once (``mode``: a key of CHILDREN)."""
    outcomes: list[Outcome] = []
    pending = list(range(seed, seed + n))
    while pending:
        batch, pending = pending[:BATCH], pending[BATCH:]
        done = list(_run_batch(batch, keep, CHILDREN[mode]))
        outcomes += done
        pending = batch[len(done) :] + pending  # programs after a crash run in the next child
        if progress is not None:
            progress(summary(outcomes, of=n))
    return outcomes


def _run_batch(seeds: list[int], keep: Path | None, child: str) -> Iterator[Outcome]:
    argv = [sys.executable, "-m", child, str(keep or ""), *map(str, seeds)]
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        out, err = proc.communicate(timeout=PROGRAM_TIMEOUT_S * len(seeds))
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    started = None
    for line in out.splitlines():
        record = json.loads(line)
        if "start" in record:
            started = record["start"]
            continue
        started = None
        yield Outcome(record["seed"], record["status"], record.get("detail", ""))
    if started is not None:  # the child died or hung inside this program
        status = "hang" if proc.returncode in (-9, None) else "crash"
        yield Outcome(started, status, f"exit {proc.returncode}: {err[-2000:]}")


def summary(outcomes: list[Outcome], of: int | None = None) -> str:
    counts = Counter(o.status for o in outcomes)
    total = f"{len(outcomes)}" + (f" of {of}" if of is not None and of != len(outcomes) else "")
    return (
        f"{total} programs: {counts['wrong']} wrong, {counts['crash']} crashes, {counts['hang']} hangs, "
        f"{counts['refused']} refused, {counts['typed early']} typed early, {counts['ok']} ok"
    )


def report(outcomes: list[Outcome], mode: str = "numpy") -> str:
    lines = [summary(outcomes)]
    make = generate_ad if mode == "derivatives" else generate
    for o in outcomes:
        if o.status in ("wrong", "crash", "hang"):
            lines += ["", f"seed {o.seed}: {o.status}: {o.detail}", make(o.seed).source]
    refused = [o for o in outcomes if o.status == "refused"]
    if refused:  # what kiln said it cannot compile: the language's edges, one line each
        lines += ["", "refused:", *(f"  seed {o.seed}: {o.detail}" for o in refused)]
    return "\n".join(lines)
