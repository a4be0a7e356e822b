"""The ad suite runs every kernel at its quick size and checks gradients by finite differences."""

from __future__ import annotations

import pytest

from kiln.bench.ad import CASES
from kiln.bench.registry import get_suite
from kiln.bench.results import OK, RunConfig


def test_ad_suite_is_registered() -> None:
    assert [b.name for b in get_suite("ad").build()] == [c.name for c in CASES]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_ad_kernel_gradient_is_checked(case) -> None:
    (result,) = case.run(RunConfig(repeat=1, quick=True))
    assert result.status == OK, result.error
    assert result.notes["fd_max_rel_error"] <= 1e-6
