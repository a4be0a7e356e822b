"""Tiered builds: a quick -O1 build runs first, the optimized one replaces it when ready."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import kiln
from kiln.errors import CompilerFailure
from kiln.options import Options
from kiln.runtime import tiers
from kiln.runtime.cache import cache_entry_for, cached_module
from kiln.runtime.tiers import quick_options

ALWAYS = {"tiered": True, "tier_after_s": 0.0}  # every build gets a quick tier


def _jit(fn: Callable[..., Any], cache_dir: Path, parallel: bool = False, **options: Any) -> kiln.JitFunction:
    f = kiln.jit(fn, parallel=parallel)
    f.options = f.options.with_(cache_dir=cache_dir, **{**ALWAYS, **options})
    return f


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Optimized builds wait until the test sets this event; every build gets a quick tier."""
    opened = threading.Event()
    build = tiers.build_module

    def held(c_source: str, options: Options) -> Any:
        assert opened.wait(60), "the test never opened the gate"
        return build(c_source, options)

    monkeypatch.setattr(tiers, "build_module", held)
    monkeypatch.setattr(tiers, "cached_module", lambda c_source, options: None)  # not in the memo
    yield opened
    opened.set()
    kiln.wait_for_optimized()


def smooth(a: np.ndarray, w: float) -> np.ndarray:
    out = np.empty_like(a)
    out[1:-1] = w * (a[:-2] + a[2:]) + (1 - 2 * w) * a[1:-1]
    out[0], out[-1] = a[0], a[-1]
    return out / np.sum(np.abs(out))


def test_the_optimized_build_replaces_the_quick_one(tmp_path: Path, gate: threading.Event) -> None:
    f = _jit(smooth, tmp_path)
    a = np.linspace(0.0, 1.0, 101)
    quick = f(a, 0.25)
    assert f.tier(a, 0.25) == "quick"
    assert "build: quick" in kiln.report(f, a, 0.25)
    gate.set()
    assert f.wait_for_optimized(60)
    assert f.tier(a, 0.25) == "final"
    assert "build: final" in kiln.report(f, a, 0.25)
    np.testing.assert_array_equal(f(a, 0.25), quick)
    np.testing.assert_allclose(quick, smooth(a, 0.25), rtol=1e-12)


def test_calls_on_many_threads_across_the_switch(tmp_path: Path, gate: threading.Event) -> None:
    f = _jit(smooth, tmp_path)
    a = np.random.default_rng(1).random(1000)
    expected = f(a, 0.3)
    assert f.tier(a, 0.3) == "quick"
    results: list[np.ndarray] = []
    errors: list[BaseException] = []
    started = threading.Barrier(5)

    def caller() -> None:
        try:
            started.wait()
            for _ in range(300):
                results.append(f(a, 0.3))
        except BaseException as exc:  # noqa: BLE001 -- reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=caller) for _ in range(4)]
    for t in threads:
        t.start()
    started.wait()
    gate.set()  # the optimized module arrives while the callers run
    for t in threads:
        t.join()
    assert not errors
    assert f.wait_for_optimized(60) and f.tier(a, 0.3) == "final"
    assert len(results) == 1200 and all(np.array_equal(r, expected) for r in results)


def dot(a: np.ndarray, b: np.ndarray) -> float:
    return np.sum(a * b)


def row_softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def running_sum(a: np.ndarray) -> float:
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * a[i] - 0.5 * a[i]
    return s


def moments(a: np.ndarray) -> np.ndarray:
    return np.var(a, axis=0) + np.std(a) + np.mean(a.astype(np.float32))


def matvec_plus(a: np.ndarray, x: np.ndarray) -> np.ndarray:
    return a @ x + np.sqrt(np.abs(a[:, 0]))


_RNG = np.random.default_rng(7)
_CASES = [
    (dot, (_RNG.random(1001), _RNG.random(1001))),
    (row_softmax, (_RNG.random((13, 257)),)),
    (running_sum, (_RNG.random(997),)),
    (moments, (_RNG.random((77, 33)),)),
    (matvec_plus, (_RNG.random((50, 61)), _RNG.random(61))),
]


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize(("fn", "args"), _CASES, ids=[c[0].__name__ for c in _CASES])
def test_both_tiers_compute_the_same_bits(
    tmp_path: Path, fn: Callable[..., Any], args: tuple[Any, ...], parallel: bool
) -> None:
    """Vectorized reductions (omp simd) included: -O1 vectorizes them as -O3 does."""
    final = _jit(fn, tmp_path, parallel, tiered=False)
    quick = _jit(fn, tmp_path, parallel, tiered=False)
    quick.options = quick_options(quick.options)
    threads = kiln.get_num_threads()
    kiln.set_num_threads(min(threads, 2))  # two partial sums add up the same in either order
    try:
        assert np.array_equal(np.asarray(final(*args)), np.asarray(quick(*args)))
    finally:
        kiln.set_num_threads(threads)


def damp(a: np.ndarray, w: float) -> np.ndarray:
    return a * w - np.abs(a[::-1]) * (1 - w)


def shift(a: np.ndarray, w: float) -> np.ndarray:
    return np.maximum(a[1:] - w, a[:-1] + w)


def test_the_disk_cache_holds_the_optimized_build_only(tmp_path: Path) -> None:
    """(A kernel of its own: one built by another test is in this process's memo.)"""
    f = _jit(damp, tmp_path)
    a = np.ones(50)
    f(a, 0.1)
    assert f.wait_for_optimized(120)
    source = f._compiled[next(iter(f._compiled))].c_source
    assert cache_entry_for(source, f.options).manifest.is_file()
    assert not cache_entry_for(source, quick_options(f.options)).manifest.is_file()
    again = _jit(damp, tmp_path)
    again(a, 0.1)
    assert again.tier(a, 0.1) == "final"  # found built: no quick tier
    assert cached_module(source, f.options) is not None


def test_a_failed_optimized_build_leaves_the_quick_one_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(c_source: str, options: Options) -> Any:
        raise CompilerFailure("the optimizing compiler crashed")

    monkeypatch.setattr(tiers, "build_module", broken)
    monkeypatch.setattr(tiers, "cached_module", lambda c_source, options: None)
    f = _jit(shift, tmp_path)
    a = np.linspace(1.0, 2.0, 30)
    first = f(a, 0.2)
    assert f.wait_for_optimized(60)
    assert f.tier(a, 0.2).startswith("quick: optimized build failed: the optimizing compiler crashed")
    with pytest.warns(RuntimeWarning, match="optimized build of shift failed"):
        again = f(a, 0.2)
    np.testing.assert_array_equal(again, first)
    np.testing.assert_array_equal(f(a, 0.2), first)  # the warning comes once
    assert "optimized build failed" in kiln.report(f, a, 0.2)


def test_one_tier_when_off_predicted_quick_or_unsafe_to_split(tmp_path: Path) -> None:
    a = np.ones(20)
    for options in (
        {"tiered": False},
        {"tier_after_s": 1e9},  # predicted quick
        {"fastmath": True},  # -O3 may reorder sums that -O1 does not
    ):
        f = _jit(smooth, tmp_path, **options)
        f(a, 0.5)
        assert f.tier(a, 0.5) == "final", options
    assert subprocess_options_tiered({})  # on unless turned off
    assert not subprocess_options_tiered({"KILN_TIERED": "off"})


def subprocess_options_tiered(env: dict[str, str]) -> bool:
    code = "from kiln.options import Options; print(Options().tiered)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip() == "True"


def test_a_process_that_ends_first_still_caches_the_optimized_build(tmp_path: Path) -> None:
    script = tmp_path / "once.py"
    script.write_text(
        textwrap.dedent(
            """
            import sys
            import numpy as np
            import kiln

            def scaled(a, k):
                return np.sum(a * k) - np.max(a)

            f = kiln.jit(scaled)
            f.options = f.options.with_(tier_after_s=0.0)
            print(f(np.ones(8), 2.0), f.tier(np.ones(8), 2.0))
            """
        )
    )
    env = {"KILN_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", "KILN_TIERED": "on"}
    first = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert first.stdout.split() == ["15.0", "quick"], first.stderr
    second = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert second.stdout.split() == ["15.0", "final"], second.stderr


def test_a_child_forked_during_the_build_keeps_the_quick_one(tmp_path: Path, gate: threading.Event) -> None:
    """The build's thread stays in the parent: the child must not wait for it forever."""
    import multiprocessing

    f = _jit(smooth, tmp_path)
    a = np.linspace(0.0, 1.0, 33)
    expected = f(a, 0.1)
    fork = multiprocessing.get_context("fork")
    answers = fork.Queue()

    def child() -> None:  # forked, not pickled: it may use ``f`` as it is
        answers.put((f.wait_for_optimized(30), f(a, 0.1), f.tier(a, 0.1)))

    process = fork.Process(target=child)
    process.start()
    waited, value, tier = answers.get(timeout=60)
    process.join(60)
    assert process.exitcode == 0
    assert not waited and tier == "quick"
    np.testing.assert_array_equal(value, expected)
