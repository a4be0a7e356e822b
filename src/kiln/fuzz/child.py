"""One child of a fuzz campaign: ``python -m kiln.fuzz.child KEEP_DIR SEED...`` judges each
program and prints one JSON line for it (and one before it, so the parent knows which program a
crash or a hang belongs to)."""

from __future__ import annotations

import importlib.util
import json
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np

import kiln
from kiln.fuzz.compare import exception_kind, mismatch
from kiln.fuzz.generate import Program, generate


def _load(program: Program, folder: Path) -> Any:
    """The program's function, from a file of its own (kiln compiles from source)."""
    path = folder / f"fuzz_{program.seed}.py"
    path.write_text("import numpy as np\n\n\n" + program.source)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.f


def _outcome(fn: Any, args: list[Any]) -> tuple[str, Any, list[Any]]:
    """("ok", result, arguments after) or ("raise", exception, arguments after)."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return "ok", fn(*copies), copies
    except Exception as exc:  # the program's own exceptions are part of its outcome
        return "raise", exc, copies


def judge(program: Program, folder: Path) -> dict[str, Any]:
    fn = _load(program, folder)
    args = program.arguments()
    want_kind, want, want_args = _outcome(fn, args)
    # Indexing out of bounds is the user's promise unless boundscheck=True: programs that index
    # a row (``a[0]``, of an array that may be empty) ask for the checks, the others run without.
    checked = "[0]" in program.source
    got_kind, got, got_args = _outcome(kiln.jit(boundscheck=checked)(fn), args)
    record: dict[str, Any] = {"seed": program.seed, "status": "ok"}
    if got_kind == "raise" and isinstance(got, kiln.UnsupportedError):
        return {**record, "status": "refused", "detail": str(got).splitlines()[0]}
    if got_kind == "raise" and isinstance(got, kiln.KilnError) and not isinstance(got, kiln.TypingError):
        return {**record, "status": "crash", "detail": f"kiln failed: {got!r}"[:2000]}
    if want_kind == "raise" or got_kind == "raise":
        same = want_kind == got_kind and exception_kind(want) == exception_kind(got)
        if not same and want_kind == got_kind and isinstance(got, kiln.TypingError):
            # kiln type-checks the whole function before it runs: a statement NumPy would reject
            # is reported even where NumPy first raised at run time on an earlier one
            return {**record, "status": "typed early", "detail": f"NumPy raised {want!r}"}
        if not same:
            detail = f"NumPy {'raised ' + repr(want) if want_kind == 'raise' else 'returned'}; "
            detail += f"kiln {'raised ' + repr(got) if got_kind == 'raise' else 'returned'}"
            return {**record, "status": "wrong", "detail": detail}
        return record
    single = "float32" in program.source or any(a.dtype == "float32" for a in program.arrays)
    why = mismatch(got, want, single=single)
    why = why or mismatch(tuple(got_args), tuple(want_args), "arguments", single)
    return {**record, "status": "wrong", "detail": why} if why else record


def main(argv: list[str]) -> None:
    keep, seeds = argv[0], [int(s) for s in argv[1:]]
    folder = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="kiln-fuzz-"))
    folder.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        print(json.dumps({"start": seed}), flush=True)
        print(json.dumps(judge(generate(seed), folder)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
