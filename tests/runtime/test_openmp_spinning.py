"""kiln bounds libgomp's busy-waiting (none on a busy machine) before it loads a module, unless
the user chose."""

from __future__ import annotations

import os

import pytest

from kiln.runtime import loader


@pytest.mark.parametrize(("load", "spin"), [(99.0, loader.BUSY_SPIN_COUNT), (0.1, loader.SPIN_COUNT)])
def test_no_spinning_on_a_busy_machine(
    monkeypatch: pytest.MonkeyPatch, load: float, spin: str | None
) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    monkeypatch.setattr(loader.os, "getloadavg", lambda: (load, load, load))
    loader.bounded_openmp_spinning()

    assert os.environ.get("GOMP_SPINCOUNT") == spin


@pytest.mark.parametrize("var, value", [("OMP_WAIT_POLICY", "active"), ("GOMP_SPINCOUNT", "infinite")])
def test_the_users_choice_stays(monkeypatch: pytest.MonkeyPatch, var: str, value: str) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    monkeypatch.setenv(var, value)
    monkeypatch.setattr(loader.os, "getloadavg", lambda: (99.0, 99.0, 99.0))
    loader.bounded_openmp_spinning()

    assert os.environ.get("GOMP_SPINCOUNT") == (value if var == "GOMP_SPINCOUNT" else None)
