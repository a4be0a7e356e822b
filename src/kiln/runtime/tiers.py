"""Tiered builds: a module whose optimized build would keep the first call waiting is built
twice from the same C. A quick build (``-O1``) runs the first calls while the optimized one
(the options' own flags) runs on a background thread; the caller swaps it in when it is ready.

Both tiers are the same C text, the same optimized IR, compiled without fast-math and without
floating-point contraction (ISO C), and the loops whose reductions may be reordered
(``#pragma omp simd``) are vectorized at every level (``-fopenmp-simd`` forces them): so the
tiers compute the same values, which the tests check bit for bit. With fast-math, where -O3 may
reorder any sum, and under sanitizers, there is one tier. Only the optimized build goes
to the disk cache; a module found there is used at once, with no quick tier.

The background build runs on an ordinary (non-daemon) thread: a process that ends while it runs
waits for it, so the optimized module still reaches the disk cache for the next process.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import dataclass
from types import ModuleType

from kiln.options import Options
from kiln.runtime.cache import build_module, build_private_module, cached_module
from kiln.runtime.prelude_header import split_source

QUICK_LEVEL = "-O1"
# A linear guess of the optimized build's seconds from the module's own lines (the prelude
# aside), fitted to kiln bench compile at preset S on a 2-core machine with the prelude's
# precompiled header in place: about 0.08 s for a module of a few lines and 0.8 ms a line beyond.
# Large single functions cost far more than this says (gcc's register allocation and scheduling
# grow faster than linearly); the guess only has to tell the builds worth a quick tier from
# those about as quick as one (-O1 costs about half of -O3 on mid-sized modules).
_FIXED_S = 0.08
_PER_LINE_S = 0.0008
_builds: list[threading.Thread] = []
_guard = threading.Lock()


@dataclass(frozen=True)
class Built:
    """What a build hands the caller: the module to run now, its tier, and (quick tier only)
    the optimized module to come."""

    module: ModuleType
    tier: str  # "final" or "quick"
    final: Future[ModuleType] | None = None


def predicted_seconds(c_source: str) -> float:
    """The guessed time of the optimized build of ``c_source``."""
    split = split_source(c_source)
    body = split.body if split else c_source
    return _FIXED_S + _PER_LINE_S * body.count("\n")


def quick_options(options: Options) -> Options:
    """The options of the quick tier: the same flags at ``-O1``."""
    flags = tuple(QUICK_LEVEL if f.startswith("-O") else f for f in options.opt_flags)
    return options.with_(opt_flags=flags)


def build_tiered(c_source: str, options: Options) -> Built:
    """The module of ``c_source``: the optimized one when it is cached, quick to build, or
    tiering is off; else a quick build now and the optimized one in the background."""
    if not _worth_a_quick_tier(c_source, options):
        return Built(build_module(c_source, options), "final")
    cached = cached_module(c_source, options)
    if cached is not None:
        return Built(cached, "final")
    quick = build_private_module(c_source, quick_options(options))
    final: Future[ModuleType] = Future()
    work = threading.Thread(target=_build_final, args=(c_source, options, final), name="kiln-optimized-build")
    work.start()  # before it is listed: a concurrent wait_for_optimized_builds joins started threads
    with _guard:
        _builds[:] = [t for t in _builds if t.is_alive()]
        _builds.append(work)
    return Built(quick, "quick", final)


def wait_for_optimized_builds(timeout: float | None = None) -> bool:
    """Wait for every background build this process started, and for what its future's
    callbacks do with it (they run on the build's thread); False if ``timeout`` passed first."""
    with _guard:
        running = list(_builds)
    for work in running:
        work.join(timeout)
    return not any(work.is_alive() for work in running)


def _worth_a_quick_tier(c_source: str, options: Options) -> bool:
    return (
        options.tiered
        and not options.sanitize  # a sanitizer's report must come from the code that stays
        and not options.fastmath  # -ffast-math lets -O3 reorder sums that -O1 does not
        and predicted_seconds(c_source) > options.tier_after_s
    )


def _build_final(c_source: str, options: Options, final: Future[ModuleType]) -> None:
    if not final.set_running_or_notify_cancel():
        return
    try:
        final.set_result(build_module(c_source, options))
    except BaseException as exc:  # noqa: BLE001 -- handed to the caller, who reports it
        final.set_exception(exc)
