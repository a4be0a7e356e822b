"""kiln bounds libgomp's busy-waiting (none on a busy machine) before it loads a module, unless
the user chose."""

from __future__ import annotations

import os

import pytest

from kiln.runtime import loader

CPUS = os.cpu_count() or 1


@pytest.mark.parametrize(
    ("running", "spin"),
    [(CPUS + 1, loader.BUSY_SPIN_COUNT), (CPUS, loader.SPIN_COUNT), (1, loader.SPIN_COUNT)],
)
def test_no_spinning_when_other_threads_fill_every_core(
    monkeypatch: pytest.MonkeyPatch, running: int, spin: str | None
) -> None:
    # ``running`` counts the reading thread itself
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    monkeypatch.setattr(loader, "_runnable_now", lambda: running)
    loader.bounded_openmp_spinning()

    assert os.environ.get("GOMP_SPINCOUNT") == spin


@pytest.mark.parametrize("var, value", [("OMP_WAIT_POLICY", "active"), ("GOMP_SPINCOUNT", "infinite")])
def test_the_users_choice_stays(monkeypatch: pytest.MonkeyPatch, var: str, value: str) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    monkeypatch.setenv(var, value)
    monkeypatch.setattr(loader, "_runnable_now", lambda: 99)
    loader.bounded_openmp_spinning()

    assert os.environ.get("GOMP_SPINCOUNT") == (value if var == "GOMP_SPINCOUNT" else None)


def test_a_busy_moment_is_not_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    looks = iter([CPUS + 5, 1, CPUS + 5])
    monkeypatch.setattr(loader, "_runnable_now", lambda: next(looks))
    assert not loader.machine_is_busy()


def test_without_proc_the_machine_counts_as_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "_runnable_now", lambda: None)
    assert not loader.machine_is_busy()


def test_reads_the_running_count() -> None:
    running = loader._runnable_now()
    assert running is None or running >= 1
