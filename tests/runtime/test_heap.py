"""The heap policy (kiln.runtime.heap): after the first compiled module loads, memory freed by a
returned array is reused by the next one without page faults; the user's settings and
KILN_SCRATCH_BYTES=0 leave malloc alone. Each case runs in a fresh process (the policy is set
once per process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from tests.runtime.heap_support import fresh_result

import kiln
from kiln.runtime.heap import _glibc

pytestmark = pytest.mark.skipif(_glibc() is None, reason="the policy only applies to glibc")

CHILD = textwrap.dedent(
    """
    import json, resource, sys
    import numpy as np
    import kiln
    from kiln.runtime import heap

    sys.path.insert(0, {tests!r})
    from runtime.heap_support import fresh_result

    a = np.ones(1_000_000)  # 8 MB in, 8 MB out: within the 32 MiB mmap threshold
    keep = [fresh_result(a) for _ in range(2)]  # compiled; the freed blocks exist from here on
    del keep
    faults = []
    for _ in range(5):
        inputs = a.copy()
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        out = fresh_result(inputs)
        faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
        assert out[0] == 2.0
        del out, inputs
    print(json.dumps({{"set": heap.keep_freed_memory(), "faults": faults}}))
    """
)


def _run(env_extra: dict[str, str]) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_") and k != "GLIBC_TUNABLES"}
    env.update(env_extra)
    tests = os.path.dirname(os.path.dirname(__file__))
    code = CHILD.format(tests=tests)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_freed_results_are_reused_without_page_faults() -> None:
    got = _run({})
    assert got["set"] is True
    pages = 8_000_000 // 4096
    assert max(got["faults"]) < pages // 10, got["faults"]  # not a fault per page of the result


@pytest.mark.parametrize(
    "env", [{"KILN_SCRATCH_BYTES": "0"}, {"MALLOC_ARENA_MAX": "2"}, {"GLIBC_TUNABLES": ""}]
)
def test_settings_of_the_user_leave_malloc_alone(env) -> None:
    assert _run(env)["set"] is False


def test_release_memory_trims_and_keeps_working() -> None:
    a = np.ones(10)
    assert fresh_result(a)[0] == 2.0
    kiln.release_memory()
    assert fresh_result(a)[3] == 2.0
