"""The derivative fuzzer in CI: random differentiable programs (``kiln/fuzz/ad_generate.py``),
each gradient against finite differences and against forward mode. A fixed set of seeds in two
shards; ``python -m kiln fuzz --derivatives --n N --seed S`` runs more."""

from __future__ import annotations

from collections import Counter

import pytest

from kiln.fuzz.ad_generate import CONSTRUCTS, generate_ad
from kiln.fuzz.run import report, run_campaign

CI_SEED = 20261129
PER_SHARD = 6


@pytest.mark.parametrize("shard", range(2))
def test_fixed_seed_campaign(shard: int) -> None:
    outcomes = run_campaign(PER_SHARD, CI_SEED + shard * PER_SHARD, mode="derivatives")
    bad = [o for o in outcomes if o.status in ("wrong", "crash", "hang")]
    assert not bad, report(outcomes, "derivatives")
    counts = Counter(o.status for o in outcomes)
    assert counts["ok"] >= PER_SHARD - 1, report(outcomes, "derivatives")


def test_generator_is_deterministic_and_covers_every_construct() -> None:
    assert generate_ad(7).source == generate_ad(7).source
    covered: set[str] = set()
    for seed in range(200):
        covered |= generate_ad(seed).constructs
    assert covered >= CONSTRUCTS | {"reduce_axis", "matvec"}


def test_a_wrong_derivative_is_caught(monkeypatch, tmp_path) -> None:
    # the judge must be able to fail: a gradient off by a little is reported wrong
    import numpy as np

    import kiln
    from kiln.fuzz import ad_child

    real = kiln.value_and_grad

    def skewed(f, argnums=0):
        inner = real(f, argnums=argnums)

        def run(*args):
            value, grads = inner(*args)
            return value, tuple(np.asarray(g) * 1.001 for g in grads)

        return run

    monkeypatch.setattr(kiln, "value_and_grad", skewed)
    seed = next(s for s in range(50) if "x" in generate_ad(s).source)
    assert ad_child.judge(seed, tmp_path)["status"] == "wrong"
