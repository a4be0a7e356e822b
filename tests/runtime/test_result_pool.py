"""The result pool: large returned arrays get their memory through kiln's NumPy memory handler,
stay ordinary arrays (own their data, no base, resizable), and reuse freed blocks across calls
within the pool's budget."""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import kiln
from kiln.runtime import result_pool

BIG = 5_000_000  # float64: 40 MB, above the 32 MiB floor of the pool
SMALL = 1000


@pytest.fixture(autouse=True)
def empty_pool():
    kiln.release_memory()
    yield
    result_pool.set_budget(1 << 30)
    kiln.release_memory()


def doubled(x):
    return x * 2.0


def two_results(x):
    return x + 1.0, np.sqrt(x)


def handler_name(a: np.ndarray) -> str:
    return np._core.multiarray.get_handler_name(a)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
def test_large_results_use_the_pool_and_stay_plain_arrays(dtype):
    f = kiln.jit(doubled)
    x = np.arange(BIG if dtype != np.float32 else 2 * BIG).astype(dtype)
    got = f(x)
    np.testing.assert_array_equal(got, doubled(x))
    assert got.dtype == doubled(x).dtype
    assert got.flags.owndata and got.base is None and got.flags.c_contiguous
    assert handler_name(got) == "kiln_result_pool"


def test_a_freed_result_serves_the_next_call():
    f = kiln.jit(doubled)
    x = np.random.default_rng(0).random(BIG)
    first = f(x)
    address = first.ctypes.data
    del first
    assert result_pool.stats()["free_blocks"] == 1
    second = f(x)
    assert second.ctypes.data == address  # the same block, its pages already mapped
    np.testing.assert_array_equal(second, x * 2.0)
    stats = result_pool.stats()
    assert stats["taken"] >= 1 and stats["free_blocks"] == 0


def test_live_results_never_share_a_block():
    f = kiln.jit(two_results)
    x = np.random.default_rng(1).random(BIG)
    kept = [f(x) for _ in range(3)]
    addresses = {a.ctypes.data for pair in kept for a in pair}
    assert len(addresses) == 6
    for a, b in kept:
        np.testing.assert_array_equal(a, x + 1.0)
        np.testing.assert_array_equal(b, np.sqrt(x))


def test_small_results_come_from_numpy():
    got = kiln.jit(doubled)(np.ones(SMALL))
    assert handler_name(got) != "kiln_result_pool"
    assert result_pool.stats()["free_blocks"] == 0


def test_a_pooled_result_resizes_and_keeps_its_values():
    x = np.random.default_rng(2).random(BIG)
    got = kiln.jit(doubled)(x)
    got.resize((BIG + 1_000_000,), refcheck=False)
    np.testing.assert_array_equal(got[:BIG], x * 2.0)
    assert (got[BIG:] == 0).all()  # NumPy zeroes what a resize adds
    got.resize((10,), refcheck=False)
    np.testing.assert_array_equal(got, x[:10] * 2.0)


def test_budget_and_release():
    f = kiln.jit(doubled)
    x = np.ones(BIG)
    result_pool.set_budget(60_000_000)  # room for one 40 MB block
    a, b = f(x), f(x)
    del a, b
    stats = result_pool.stats()
    assert stats["free_blocks"] == 1 and stats["dropped"] >= 1
    assert kiln.release_memory() >= 40_000_000
    assert result_pool.stats()["free_blocks"] == 0
    result_pool.set_budget(0)  # nothing kept
    dropped = result_pool.stats()["dropped"]
    f(x)  # the result is freed at once
    assert result_pool.stats()["free_blocks"] == 0
    assert result_pool.stats()["dropped"] == dropped + 1


def test_a_result_freed_on_another_thread_comes_back():
    got = kiln.jit(doubled)(np.ones(BIG))
    box = [got]
    del got
    worker = threading.Thread(target=box.clear)
    worker.start()
    worker.join()
    assert result_pool.stats()["free_blocks"] == 1


def test_no_pool_with_a_zero_budget(tmp_path):
    script = tmp_path / "zero_budget.py"
    script.write_text(
        "import numpy as np, kiln\n"
        "from kiln.runtime import result_pool\n"
        "def doubled(x):\n"
        "    return x * 2.0\n"
        "r = kiln.jit(doubled)(np.ones(5_000_000))\n"
        "assert np._core.multiarray.get_handler_name(r) != 'kiln_result_pool'\n"
        "assert (r == 2.0).all() and result_pool.stats()['kept'] == 0\n"
        "print('ok')\n"
    )
    env = {**os.environ, "KILN_SCRATCH_BYTES": "0"}
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
