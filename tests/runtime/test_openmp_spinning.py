"""kiln bounds libgomp's busy-waiting before it loads a module, unless the user chose."""

from __future__ import annotations

import os

import pytest

from kiln.runtime import loader


def test_sets_a_bounded_spin_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    loader.bounded_openmp_spinning()

    assert os.environ["GOMP_SPINCOUNT"] == loader.SPIN_COUNT


@pytest.mark.parametrize("var, value", [("OMP_WAIT_POLICY", "active"), ("GOMP_SPINCOUNT", "infinite")])
def test_the_users_choice_stays(monkeypatch: pytest.MonkeyPatch, var: str, value: str) -> None:
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    monkeypatch.setenv(var, value)
    loader.bounded_openmp_spinning()

    assert os.environ.get("GOMP_SPINCOUNT") == (value if var == "GOMP_SPINCOUNT" else None)
