"""The scratch pool: large temporaries of compiled functions reuse blocks across calls; returned
arrays stay plain NumPy arrays; the pool's limit and release."""

import numpy as np
import pytest

import kiln
from kiln.runtime import scratch

N = 300_000  # float64: 2.4 MB, above the pool's 1 MiB


@pytest.fixture(autouse=True)
def empty_pool():
    scratch.release_memory()
    yield
    scratch.release_memory()


def two_temporaries(a):
    t = a * 2.0
    u = np.sqrt(t) + a
    return u.sum() + t[0]


def returns_its_array(a):
    out = np.empty_like(a)
    out[:] = a + 1.0
    return out


def returns_a_view(a):
    out = np.zeros((2, a.shape[0]))
    out[1] = a
    return out[1]


def fails_after_a_temporary(a):
    t = a * 2.0
    assert t[0] < 0.0, "not negative"
    return t.sum()


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_temporaries_reuse_blocks_and_match_numpy(dtype):
    f = kiln.jit(two_temporaries)
    a = np.random.default_rng(1).random(N).astype(dtype)
    expected = two_temporaries(a)
    for _ in range(3):
        np.testing.assert_allclose(f(a), expected, rtol=1e-5)
    stats = scratch.stats()
    assert stats["taken"] >= 2 and stats["held_blocks"] == 2  # both temporaries came back each call


def test_small_temporaries_stay_with_numpy():
    f = kiln.jit(two_temporaries)
    a = np.random.default_rng(2).random(1000)
    assert f(a) == pytest.approx(two_temporaries(a))
    assert scratch.stats()["held_blocks"] == 0


@pytest.mark.parametrize("fn", [returns_its_array, returns_a_view])
def test_returned_arrays_are_plain_numpy_arrays(fn):
    a = np.random.default_rng(3).random(N)
    got = kiln.jit(fn)(a)
    np.testing.assert_array_equal(got, fn(a))
    owner = got if got.base is None else got.base
    assert owner.base is None and owner.flags.owndata
    assert scratch.stats()["held_blocks"] == 0


def test_a_block_comes_back_when_the_function_raises():
    f = kiln.jit(fails_after_a_temporary)
    with pytest.raises(AssertionError, match="not negative"):
        f(np.ones(N))
    assert scratch.stats()["held_blocks"] == 1


def test_limit_and_release(monkeypatch):
    f = kiln.jit(two_temporaries)
    a = np.ones(N)
    monkeypatch.setenv("KILN_SCRATCH_BYTES", "0")
    f(a)
    assert scratch.stats()["held_blocks"] == 0
    monkeypatch.setenv("KILN_SCRATCH_BYTES", str(N * 8))  # room for one of the two blocks
    f(a)
    assert scratch.stats()["held_blocks"] == 1
    monkeypatch.delenv("KILN_SCRATCH_BYTES")
    f(a)
    assert kiln.release_memory() > 0 and scratch.stats()["held_bytes"] == 0


def test_blocks_go_only_to_requests_of_at_least_half_their_size():
    marker_small, marker_large = object(), object()
    scratch.give(marker_large, 10 << 20)
    scratch.give(marker_small, 3 << 20)
    assert scratch.take(4 << 20) is None  # 10 MiB is more than twice 4 MiB; 3 MiB too small
    assert scratch.take(2 << 20) is marker_small
    assert scratch.take(6 << 20) is marker_large


def test_blocks_are_reported_to_tracemalloc():
    from kiln.bench.timing import peak_traced_bytes

    f = kiln.jit(two_temporaries)
    a = np.ones(N)
    f(a)  # compiled, and the pool holds both blocks
    assert scratch.stats()["held_blocks"] == 2
    _, peak = peak_traced_bytes(f, (a,))
    assert peak >= 2 * N * 8  # both temporaries, allocated afresh after the pool was emptied
