"""Kernel cases: validate a compiled kernel against its reference, then time both side by side."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kiln.bench.impls import kiln_version, numba_version
from kiln.bench.results import BASELINE, KILN, NUMBA, Measurement, Result, RunConfig, describe_error
from kiln.bench.timing import time_repeated, timed_call
from kiln.bench.validate import compare_outputs, copy_args, mutated_positions
from kiln.runtime.tiers import wait_for_optimized_builds

ArgsFactory = Callable[[np.random.Generator, int], tuple[Any, ...]]


@dataclass(frozen=True)
class Reference:
    """What the uncompiled function returned and left in its arguments."""

    out: Any
    args: tuple[Any, ...]


@dataclass(frozen=True)
class FirstCall:
    """The first call of a compiled version: its time (compile included) and its disagreements."""

    seconds: float
    problems: list[str]


@dataclass(frozen=True)
class SizedCase:
    """A function with inputs of a size ``n``: ``size``, or ``quick_size`` for tests.

    ``size_label`` describes the inputs, formatted with ``n``. The cases that measure such a
    function (``KernelCase``, ``probes.PeakMemoryCase``) add their own fields after these.
    """

    name: str
    func: Callable[..., Any]
    make_args: ArgsFactory
    size: int
    quick_size: int
    size_label: str = "n={n}"

    def problem_size(self, cfg: RunConfig) -> int:
        return self.quick_size if cfg.quick else self.size


@dataclass(frozen=True)
class KernelCase(SizedCase):
    """A kernel from ``kiln.bench.kernels`` with inputs of a size ``n`` (``quick_size`` for tests).

    ``baseline`` names the reference: "NumPy" for array code, "Python" for scalar loops (the same
    function, interpreted).
    """

    baseline: str = "NumPy"
    section: str = "kernels"

    def run(self, cfg: RunConfig) -> list[Result]:
        return [run_kernel_case(self, cfg)]


def reference_call(func: Callable[..., Any], args: Sequence[Any]) -> Reference:
    ref_args = copy_args(args)
    out, _ = timed_call(func, ref_args)
    return Reference(out, ref_args)


def check_first_call(fn: Callable[..., Any], args: Sequence[Any], ref: Reference) -> FirstCall:
    """Call a compiled version on fresh copies of ``args`` and compare everything with ``ref``."""
    got_args = copy_args(args)
    out, seconds = timed_call(fn, got_args)
    return FirstCall(seconds, compare_outputs(ref.out, ref.args, out, got_args))


@dataclass(frozen=True)
class Versions:
    """The implementations of one kernel that agree with its reference, ready to be measured."""

    args: tuple[Any, ...]
    mutated: tuple[int, ...]
    callables: dict[str, Callable[..., Any]]


def prepare_versions(
    func: Callable[..., Any], args: tuple[Any, ...], cfg: RunConfig, result: Result, *, numba: bool = True
) -> Versions | None:
    """Run the reference, then kiln's (and Numba's) first call, and compare.

    The reference call doubles as the baseline's warm-up call and each first (compiling) call as
    that version's. Returns None, with ``result`` marked FAIL, when kiln fails to compile the
    kernel or disagrees with the reference; a Numba failure is only a note.
    """
    try:
        ref = reference_call(func, args)
    except Exception as exc:
        result.fail(f"the uncompiled reference failed: {describe_error(exc)}")
        return None
    kiln_fn = kiln_version(func, cfg)
    try:
        first = check_first_call(kiln_fn, args, ref)
    except Exception as exc:
        result.fail(describe_error(exc))
        return None
    result.first_call_s[KILN] = first.seconds
    wait_for_optimized_builds()  # the timed calls run the optimized build, not a quick tier
    if first.problems:
        result.fail("wrong result: " + "; ".join(first.problems))
        return None
    callables = {BASELINE: func, KILN: kiln_fn}
    numba_fn = numba_version(func, cfg) if numba else None
    if numba_fn is not None and _numba_agrees(numba_fn, args, ref, result):
        callables[NUMBA] = numba_fn
    return Versions(args, mutated_positions(args, ref.args), callables)


def run_kernel_case(case: KernelCase, cfg: RunConfig) -> Result:
    """Validate, then time every version that agrees; a kernel kiln gets wrong is not timed."""
    n = case.problem_size(cfg)
    result = Result(case.name, case.section, case.size_label.format(n=n), case.baseline)
    versions = prepare_versions(case.func, case.make_args(np.random.default_rng(cfg.seed), n), cfg, result)
    if versions is not None:
        for impl, fn in versions.callables.items():
            samples = time_repeated(fn, versions.args, versions.mutated, cfg.repeat)
            result.measurements[impl] = Measurement(samples, "s")
    return result


def _numba_agrees(fn: Callable[..., Any], args: Sequence[Any], ref: Reference, result: Result) -> bool:
    try:
        first = check_first_call(fn, args, ref)
    except Exception as exc:
        result.notes["numba_error"] = short_error(exc)
        return False
    result.first_call_s[NUMBA] = first.seconds
    if first.problems:
        result.notes["numba_error"] = "wrong result: " + "; ".join(first.problems)
        return False
    return True


def short_error(exc: BaseException, limit: int = 300) -> str:
    """The start of an error message (Numba's typing errors run to pages)."""
    text = describe_error(exc)
    return text if len(text) <= limit else text[:limit] + " ..."
