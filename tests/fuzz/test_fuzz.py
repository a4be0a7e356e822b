"""The differential fuzzer in CI: a fixed set of seeds, in four shards so that two workers share
them; every program must agree with NumPy or be refused with a located error. Programs that once
found bugs are pinned in test_found_bugs.py. ``python -m kiln fuzz --n N --seed S`` runs more."""

from __future__ import annotations

from collections import Counter

import pytest

from kiln.fuzz.generate import generate
from kiln.fuzz.run import report, run_campaign

CI_SEED = 20261128
PER_SHARD = 40  # 160 programs; `python -m kiln fuzz --n 1000` runs a longer campaign


@pytest.mark.parametrize("shard", range(4))
def test_fixed_seed_campaign(shard: int) -> None:
    outcomes = run_campaign(PER_SHARD, CI_SEED + shard * PER_SHARD)
    bad = [o for o in outcomes if o.status in ("wrong", "crash", "hang")]
    assert not bad, report(outcomes)
    counts = Counter(o.status for o in outcomes)
    assert counts["ok"] >= 0.8 * PER_SHARD, report(outcomes)  # the generator stays in kiln's language


def test_generator_is_deterministic_and_covers_every_construct() -> None:
    assert generate(123).source == generate(123).source
    assert generate(123).arguments()[0].tolist() == generate(123).arguments()[0].tolist()
    covered: set[str] = set()
    layouts, dtypes, extents = set(), set(), set()
    for seed in range(300):
        program = generate(seed)
        covered |= program.constructs
        layouts |= {a.layout for a in program.arrays}
        dtypes |= {a.dtype for a in program.arrays}
        extents |= {n for a in program.arrays for n in a.shape}
    assert covered >= {
        "temporary", "arithmetic", "ufunc", "where", "true_divide", "broadcast", "reduce_axis",
        "reduce_all", "inplace_overlap", "strided_slice", "loop", "branch", "floordiv_mod",
    }  # fmt: skip
    assert layouts == {"C", "F", "strided", "reversed"}
    assert dtypes == {"float64", "float32", "int64", "int32", "bool"}
    assert {0, 1} <= extents
